"""The readable dealing procedure (seed 001 distribution diagrams)."""
import random

from arbitre.rulings.belote.cards import DECK, Suit
from arbitre.rulings.belote.deal import deal, deal_until_taken
from arbitre.rulings.belote.scoring import announces_ints, possible_announces


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


def test_fast_announce_table_agrees_with_readable_version():
    rng = random.Random(11)
    for _ in range(300):
        hand = rng.sample(DECK, 8)
        slow = sorted((a.points, int(a.top), int(a.suit) if a.suit is not None else -1)
                      for a in possible_announces(hand))
        assert slow == sorted(announces_ints([c.index for c in hand]))
