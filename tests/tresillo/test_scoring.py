"""Outcomes and payments with the rulebook's own examples, surrender and defence, the dealer's bet."""
import pytest

from arbitre.rulings.tresillo.auction import Kind
from arbitre.rulings.tresillo.scoring import Options, contract_value, judge, settle

SEATS, ACTIVE = [1, 2, 3, 4], [1, 2, 3]  # seat 4 deals and sits out; seat 1 is the Joueur below


def pay(kind, j, a, b, **kw):
    return settle(SEATS, ACTIVE, 1, kind, {1: j, 2: a, 3: b}, **kw)


@pytest.mark.parametrize("j, a, b, outcome", [
    (5, 2, 2, "won"), (4, 3, 2, "won"),  # five tricks, or four against 3-2
    (4, 4, 1, "puesta"), (4, 5, 0, "codillo"),  # "avec quatre plis"
    (3, 3, 3, "puesta"), (3, 4, 2, "codillo"),  # "avec trois plis"
    (2, 3, 4, "codillo"), (2, 5, 2, "codillo"),  # "avec deux plis, toujours Codillo"
    (1, 4, 4, "codillo"), (1, 8, 0, "codillo"),  # "avec un seul pli"
])
def test_outcomes_of_the_rulebooks_list(j, a, b, outcome):
    assert judge(j, [a, b]) == outcome


@pytest.mark.parametrize("kind, total", [(Kind.SIMPLE, 10), (Kind.RETOURNE, 20), (Kind.SOLO, 60)])
def test_made_each_opponent_pays_the_value(kind, total):
    s = pay(kind, 5, 2, 2)
    assert s.payments == {1: total, 2: -total // 2, 3: -total // 2, 4: 0}


def test_chelem_140_and_retourne_variant():
    s = pay(Kind.SIMPLE, 9, 0, 0, chelem_attempted=True)
    assert s.outcome == "chelem" and s.payments[1] == 140
    assert contract_value(Kind.RETOURNE) == 10 and contract_value(Kind.RETOURNE, Options(retourne_value=30)) == 30
    # stopping after the first five tricks, or missing the Chelem: won at the contract's value
    assert pay(Kind.SIMPLE, 5, 0, 0, chelem_attempted=False).payments[1] == 10
    assert pay(Kind.SIMPLE, 7, 1, 0, chelem_attempted=True).payments[1] == 10


def test_puesta_pays_the_one_who_inflicted_it_twice_on_three_three_three():
    assert pay(Kind.SIMPLE, 4, 4, 1).payments == {1: -5, 2: 5, 3: 0, 4: 0}
    assert pay(Kind.SIMPLE, 3, 3, 3).payments == {1: -10, 2: 5, 3: 5, 4: 0}


def test_codillo_pays_three_times_to_the_one_with_most():
    assert pay(Kind.SIMPLE, 3, 4, 2).payments == {1: -15, 2: 15, 3: 0, 4: 0}
    assert pay(Kind.SIMPLE, 2, 3, 4).payments == {1: -15, 2: 0, 3: 15, 4: 0}  # only the one with four
    assert pay(Kind.SIMPLE, 1, 4, 4).payments == {1: -30, 2: 15, 3: 15, 4: 0}  # both


def test_accepted_surrender_a_split_puesta_rounded_two_each_on_a_jeu_simple():
    s = pay(Kind.SIMPLE, 0, 2, 1, surrender="accept")
    assert s.outcome == "puesta" and s.payments == {1: -4, 2: 2, 3: 2, 4: 0}
    assert pay(Kind.RETOURNE, 1, 1, 1, surrender="accept").payments == {1: -10, 2: 5, 3: 5, 4: 0}


def test_defence_the_rulebooks_three_outcomes_and_the_fourth_case():
    def defend(first, defender, third):
        return settle(SEATS, ACTIVE, 1, Kind.SIMPLE, {1: first, 2: defender, 3: third}, surrender="defend",
                      defender=2)
    won = defend(2, 5, 2)  # the defender takes more than each: he collects the first Joueur's Puesta
    assert won.outcome == "defence_won" and won.payments == {1: -5, 2: 5, 3: 0, 4: 0}
    tie = defend(1, 4, 4)  # ties the best: double Puesta
    # the first Joueur's Puesta split (2 + 2), the defender's Puesta (5) to the one who tied him
    assert tie.outcome == "double_puesta" and tie.payments == {1: -4, 2: -3, 3: 7, 4: 0}
    saved = defend(4, 3, 2)  # fewer than the first Joueur: the first is saved, the defender pays
    assert saved.outcome == "first_saved" and saved.payments == {1: 2, 2: -4, 3: 2, 4: 0}
    codillo = defend(2, 3, 4)  # the third beats both (Spanish regulation): Puesta and Codillo
    assert codillo.outcome == "defender_codillo" and codillo.payments == {1: -4, 2: -13, 3: 17, 4: 0}
    for s in (won, tie, saved, codillo):
        assert sum(s.payments.values()) == 0


def test_dealers_bet_right_wrong_and_void_on_chelem():
    j = pay(Kind.SIMPLE, 5, 2, 2, dealer=4, bet="J")  # right: 5 from each opponent
    assert j.payments == {1: 10, 2: -10, 3: -10, 4: 10}
    p = pay(Kind.SIMPLE, 4, 4, 1, dealer=4, bet="P")  # right: 10 from the Joueur
    assert p.payments == {1: -15, 2: 5, 3: 0, 4: 10}
    c = pay(Kind.SIMPLE, 3, 4, 2, dealer=4, bet="C")  # right: 15 from the Joueur
    assert c.payments == {1: -30, 2: 15, 3: 0, 4: 15}
    wrong = pay(Kind.SOLO, 5, 2, 2, dealer=4, bet="C", stake=10)  # wrong: the stake to the biggest winner
    assert wrong.payments == {1: 70, 2: -30, 3: -30, 4: -10}
    split = pay(Kind.SIMPLE, 3, 3, 3, dealer=4, bet="J", stake=10)  # two top gainers share it
    assert split.payments == {1: -10, 2: 10, 3: 10, 4: -10}
    chelem = pay(Kind.SIMPLE, 9, 0, 0, chelem_attempted=True, dealer=4, bet="J")
    assert chelem.payments[4] == 0 and chelem.category is None
