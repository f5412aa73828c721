"""The readable dealing procedure (seed 001 distribution diagrams)."""
import random

import pytest

from arbitre.rulings.belote.cards import parse_card, DECK, Suit
from arbitre.arena.random_deal import deal_until_taken
from arbitre.rulings.belote.deal import deal
from arbitre.rulings.belote.scoring import possible_announces


def test_taker_gets_turned_card_plus_two_others_three():
    pack = list(DECK)
    # Seat 2 takes in round 1 (the dealer is seat 0, so seats speak 1, 2, 3, 0).
    dealt = deal(pack, dealer=0, policy=lambda seat, hand, turned, rnd: turned.suit if seat == 2 else None)
    assert dealt.taker == 2 and dealt.turned == pack[20] and dealt.trump == pack[20].suit
    assert [len(h) for h in dealt.hands] == [8, 8, 8, 8]
    assert sorted(c.index for h in dealt.hands for c in h) == list(range(32))
    assert dealt.first_round[1] == pack[0:3] + pack[12:14]  # 3 then 2 from the dealer's left
    assert dealt.turned in dealt.hands[2] and [len(s) for s in dealt.second_round] == [3, 3, 3, 3]


def test_round_two_must_name_another_suit_and_all_pass_means_no_taker():
    pack = list(DECK)
    same_suit = deal(pack, 0, lambda seat, hand, turned, rnd: turned.suit if rnd == 2 else None)
    assert same_suit.taker is None and [len(h) for h in same_suit.hands] == [5, 5, 5, 5]
    other = deal(pack, 0, lambda seat, hand, turned, rnd: Suit((turned.suit + 1) % 4) if rnd == 2 else None)
    assert other.taker == 1 and other.trump != pack[20].suit


def test_deal_until_taken_is_reproducible():
    a = deal_until_taken(random.Random(5))
    b = deal_until_taken(random.Random(5))
    assert a.hands == b.hands and a.taker == b.taker


def _hand(text: str):
    return [parse_card(t) for t in text.split()]


@pytest.mark.parametrize("hand, expected", [
    ("7H 8H 9H AS KD 7C 9C QS", [("TIERCE", 20, "9", "H")]),
    ("10S JS QS KS 7H 8D 9C 10C", [("CINQUANTE", 50, "K", "S")]),
    ("9D 10D JD QD KD AD 7H 8C", [("CENT", 100, "A", "D")]),  # six in a row still count as a cent
    ("JH JD JC JS 7H 8H 9D AC", [("CARRE", 200, "J", None)]),
    ("9H 9D 9C 9S 10H 10D 10C 10S", [("CARRE", 150, "9", None), ("CARRE", 100, "10", None)]),
    ("8H 8D 8C 8S 7H AD 10C QS", []),  # four eights are no carré
    ("7H 8H 9H JH QH KH 7S AS", [("TIERCE", 20, "9", "H"), ("TIERCE", 20, "K", "H")]),
])
def test_possible_announces_lists_each_sequence_and_carre(hand, expected):
    got = [(a.kind.value, a.points, a.top.short, a.suit.letter if a.suit is not None else None)
           for a in possible_announces(_hand(hand))]
    assert sorted(got, key=str) == sorted(expected, key=str)
