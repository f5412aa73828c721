"""Issue 15 §2: the stricter belote record checker, on the shipped samples (written by arbitre
itself, the defective one derived by tests/belote/defective_sample.py) and on hand-made claims."""
from __future__ import annotations

import copy
import json
from collections import defaultdict

import pytest
from typer.testing import CliRunner

from arbitre.cli.app import app
from arbitre.rulings.belote.cards import parse_card
from arbitre.rulings.belote.check import DefectKind, _match_announce, check_game
from arbitre.rulings.belote.play import Obligation, violated_obligation
from arbitre.rulings.belote.record import AnnounceRecord, load_record
from tests.belote.defective_sample import CLEAN, DEFECTIVE, PLANTED, make


def doc() -> dict:
    return json.loads(CLEAN.read_text(encoding="utf-8"))


def check(d: dict):
    return check_game(load_record(json.dumps(d)))


def hand(*names: str):
    return [parse_card(n) for n in names]


def test_the_clean_sample_is_clean():
    assert check(doc()).clean


def test_the_defective_sample_is_derived_by_the_script_and_gives_exactly_the_planted_defects():
    assert json.loads(DEFECTIVE.read_text(encoding="utf-8")) == make(doc())
    found = defaultdict(list)
    for d in check(make(doc())).defects:
        found[d.deal].append(d.kind.value)
    assert dict(found) == PLANTED


def test_cli_on_the_samples():
    runner = CliRunner()
    assert runner.invoke(app, ["belote", "check", str(CLEAN)]).exit_code == 0
    r = runner.invoke(app, ["belote", "check", str(DEFECTIVE), "--json"])
    assert r.exit_code == 1 and json.loads(r.stdout)["defect_count"] == sum(map(len, PLANTED.values()))


def test_a_repeated_claim_counts_once():
    d = doc()
    res = d["manches"][0]["resultat_manche"]
    res["annonces"].append(dict(res["annonces"][0]))
    report = check(d)
    assert [x.kind for x in report.defects if x.deal == 1] == [DefectKind.ANNOUNCE_REPEATED]
    assert report.deals[0].recomputed == check(doc()).deals[0].recomputed  # counted once


@pytest.mark.parametrize(("name", "value", "held", "top"), [
    ("TIERCE", 20, ("7H", "8H", "9H"), "9"),
    ("QUARTE", 50, ("7H", "8H", "9H", "10H"), "10"),
    ("50", 50, ("7H", "8H", "9H", "10H"), "10"),
    ("cinquante", 50, ("7H", "8H", "9H", "10H"), "10"),
    ("QUINTE", 100, ("7H", "8H", "9H", "10H", "JH"), "J"),
    ("CENT", 100, ("7H", "8H", "9H", "10H", "JH"), "J"),
    ("100", 100, ("KH", "KS", "KD", "KC"), "K"),
    ("CARRE DE ROIS", 100, ("KH", "KS", "KD", "KC"), "K"),
    ("Carré d'as", 100, ("AH", "AS", "AD", "AC"), "A"),
    ("CARRE DE VALETS", 200, ("JH", "JS", "JD", "JC"), "J"),
])
def test_announce_names_in_their_usual_forms(name, value, held, top):
    found, _ = _match_announce(AnnounceRecord(joueur_id="J1", type=name, valeur=value), hand(*held))
    assert found is not None and found.top.short == top


def test_a_carre_named_by_rank_is_not_another_carre():
    aces = hand("AH", "AS", "AD", "AC")
    found, held = _match_announce(AnnounceRecord(joueur_id="J1", type="CARRE DE ROIS", valeur=100), aces)
    assert found is None and not held


def test_belote_et_rebelote_is_read():
    d = doc()
    for deal in d["manches"]:
        for a in deal["resultat_manche"]["annonces"]:
            if a["type"] == "BELOTE-REBELOTE":
                a["type"] = "Belote et rebelote"
    assert check(d).clean


def test_undertrump_failure_is_named_undertrump():
    # hearts trump; East led a diamond, the opponent trumped with the jack; void in diamonds,
    # holding only the 7 of hearts as trump: the discard breaks the duty to undertrump
    assert violated_obligation(hand("7H", "AS"), hand("10D", "JH"), parse_card("JH").suit,
                               parse_card("AS")) is Obligation.UNDERTRUMP
    assert violated_obligation(hand("AH", "AS"), hand("10D", "8H"), parse_card("JH").suit,
                               parse_card("AS")) is Obligation.OVERTRUMP
    assert violated_obligation(hand("7H", "AS"), hand("10D"), parse_card("JH").suit,
                               parse_card("AS")) is Obligation.TRUMP


def test_dealer_rotation_with_the_deals_nobody_took():
    d = doc()
    first = d["manches"][0]["dealer_position"]
    for i, deal in enumerate(d["manches"]):
        deal["donnes_blanches"] = 0 if i else None
    assert check(d).clean  # arbitre's own game: consecutive dealers
    d["manches"][1]["dealer_position"] = (first + 1) % 4 + 1  # one seat too far
    kinds = [x.kind for x in check(d).defects]
    assert DefectKind.DEALER_ROTATION in kinds
    d["manches"][1]["donnes_blanches"] = 1  # ... explained by a deal nobody took
    d["manches"][2]["donnes_blanches"] = 3
    assert DefectKind.DEALER_ROTATION not in [x.kind for x in check(d).defects]


def _planted_renonce(d: dict) -> int:
    """Swap two cards of one player between tricks so that they fail to follow suit; the deal's index."""
    for n, deal in enumerate(d["manches"]):
        tricks = deal["plis"]
        for k, trick in enumerate(tricks):
            led = trick["cartes_jouees"][0]["carte"]["couleur"]
            for pc in trick["cartes_jouees"][1:]:
                if pc["carte"]["couleur"] != led:
                    continue
                for later in tricks[k + 1:]:
                    for other in later["cartes_jouees"]:
                        if other["joueur_id"] == pc["joueur_id"] and other["carte"]["couleur"] != led:
                            pc["carte"], other["carte"] = other["carte"], pc["carte"]
                            return n
    raise AssertionError("no card to swap")


def test_renonce_penalty_must_be_applied_in_the_recorded_score():
    d = doc()
    n = _planted_renonce(d)
    report = check(d)
    assert any(x.kind is DefectKind.RENONCE for x in report.defects)
    deal = report.deals[n]
    res = d["manches"][n]["resultat_manche"]
    res["score_equipe_prenante"], res["score_equipe_defense"] = deal.recomputed.taker, deal.recomputed.defence
    kinds = [x.kind for x in check(d).defects if x.deal == n + 1]
    assert DefectKind.PENALTY_NOT_APPLIED in kinds and DefectKind.SCORE_MISMATCH not in kinds
    res["score_equipe_prenante"] = deal.adjusted[deal.taker_team]
    res["score_equipe_defense"] = deal.adjusted[deal.defence_team]
    kinds = [x.kind for x in check(copy.deepcopy(d)).defects if x.deal == n + 1]
    assert DefectKind.PENALTY_NOT_APPLIED not in kinds and DefectKind.SCORE_MISMATCH not in kinds


def test_hands_must_come_from_the_recorded_deck_by_the_pattern():
    d = doc()
    deck = d["manches"][0]["paquet_initial_ordonne"]
    assert check(d).clean  # arbitre deals 3+2, turned card, 3 (2 to the taker)
    deck[0], deck[31] = deck[31], deck[0]
    found = [(x.deal, x.kind) for x in check(d).defects]
    assert found == [(1, DefectKind.DEAL_ORDER)]


def test_a_deck_dealt_two_then_three_is_accepted():
    d = doc()
    deal = d["manches"][0]
    deck = deal["paquet_initial_ordonne"]
    positions = {p["id_joueur"]: p["position"] for p in d["joueurs"]}
    order = sorted(positions, key=lambda pid: (positions[pid] - deal["dealer_position"] - 1) % 4)
    first = {pid: list(deal["distribution"]["premier_tour"][pid]) for pid in order}
    rebuilt = [c for pid in order for c in first[pid][:2]] + [c for pid in order for c in first[pid][2:]]
    deal["paquet_initial_ordonne"] = rebuilt + deck[20:]
    assert check(d).clean


def _game_with_a_litige() -> dict:
    """A game arbitre plays (random players) in which a litige is held over: the record gives the
    points apart, in ``points_litige_recus``."""
    from arbitre.arena.match import play_game
    from arbitre.arena.record import game_record
    from arbitre.arena.registry import make_player

    for seed in range(1, 400):
        res = play_game([make_player("random", seed=seed * 10 + i) for i in range(4)], seed=seed)
        if any(got != (0, 0) for got in res.received):
            return game_record(res.deals, received=res.received)
    raise AssertionError("no litige in 400 games")


def test_held_over_litige_points_added_to_the_next_deal_are_right():
    d = _game_with_a_litige()
    assert check(d).clean
    # the same game as a scorer writes it: the received points inside the next deal's score
    for deal in d["manches"]:
        res = deal["resultat_manche"]
        got = res.pop("points_litige_recus", {})
        for team, pts in got.items():
            taker = deal["contrat"]["equipe_prenante"]
            key = "score_equipe_prenante" if team in (taker, f"equipe_{taker}") else "score_equipe_defense"
            res[key] += pts
    assert check(d).clean
    # and the points given to the wrong side are a score mismatch
    for deal in d["manches"]:
        res = deal["resultat_manche"]
        res["score_equipe_prenante"], res["score_equipe_defense"] = res["score_equipe_defense"], res["score_equipe_prenante"]
    assert DefectKind.SCORE_MISMATCH in [x.kind for x in check(d).defects]
