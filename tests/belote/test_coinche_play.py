"""Coinche card play without a trump suit: all-trumps must go higher, no-trumps only follows."""
import pytest
from arbitre.rulings.belote.cards import Suit, parse_card
from arbitre.rulings.belote.coinche import NoTrump, legal_cards, trick_winner


def cs(text):
    return [parse_card(t) for t in text.split()]


@pytest.mark.parametrize("den, hand, trick, expected", [
    (NoTrump.TA, "7H JH 10H AS", "9H", "JH"),  # all trumps: J beats 9, the only higher heart
    (NoTrump.TA, "7H 8H AS", "9H", "7H 8H"),  # nothing higher: any heart
    (NoTrump.TA, "AS KS", "9H", "AS KS"),  # void: anything
    (NoTrump.TA, "7H JH AS", "9H 10S", "JH"),  # a discard does not change what must be beaten
    (NoTrump.SA, "7H AH AS", "KH", "7H AH"),  # no trumps: follow, any heart
    (NoTrump.SA, "AS KS", "KH", "AS KS"),
    (Suit.SPADES, "7H AS", "KH", "7H"),  # a suit contract is the belote rule
])
def test_legal_cards_by_denomination(den, hand, trick, expected):
    assert legal_cards(cs(hand), cs(trick), den) == cs(expected)


def test_trick_winner_without_trump():
    assert trick_winner(cs("9H JH AH 10S"), NoTrump.TA) == 1
    assert trick_winner(cs("9H JH AH 10S"), NoTrump.SA) == 2
    assert trick_winner(cs("9H JS AH 10S"), Suit.SPADES) == 1
