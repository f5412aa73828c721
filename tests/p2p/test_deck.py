"""Deck commitment, reveal and the documented distribution (3+2, turned card, then 3 or 2)."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("nacl")

from arbitre.p2p.deck import commit, cut_at, gather, layout, new_salt, opens
from arbitre.rulings.belote.cards import DECK, Suit


def _pack(seed: int) -> list:
    pack = list(DECK)
    random.Random(seed).shuffle(pack)
    return pack


def test_commitment_opens_only_with_the_same_deck_and_salt():
    pack, salt = _pack(1), new_salt()
    c = commit(pack, salt)
    assert opens(c, pack, salt)
    swapped = pack[:]
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert not opens(c, swapped, salt)
    assert not opens(c, pack, new_salt())
    assert not opens(commit(pack[:31] + pack[:1], salt), pack[:31] + pack[:1], salt)  # not a full pack


def test_layout_deals_three_then_two_then_three_or_two():
    pack = _pack(2)
    dealer, taker = 3, 1
    lay = layout(pack, dealer, taker, pack[20].suit)
    order = [0, 1, 2, 3]  # from the dealer's left
    assert lay.first[0] == tuple(pack[0:3] + pack[12:14])
    assert [len(h) for h in lay.first] == [5] * 4 and lay.turned == pack[20]
    assert lay.second[0] == tuple(pack[21:24])  # seat 0 speaks first, gets 3
    assert lay.second[taker] == (pack[20], *pack[24:26])  # the taker: turned card + 2
    assert sorted(c.index for s in order for c in lay.hand(s)) == list(range(32))


def test_layout_taker_in_round_two_and_nobody():
    pack = _pack(3)
    other = next(s for s in Suit if s != pack[20].suit)
    lay = layout(pack, 0, 2, other)
    assert pack[20] in lay.second[2] and all(len(lay.hand(s)) == 8 for s in range(4))
    assert layout(pack, 0).second == ((), (), (), ())


def test_gathered_tricks_cut_as_at_a_table():
    tricks = [list(DECK[i:i + 4]) for i in range(0, 32, 4)]
    pack = gather(tricks)
    assert pack == list(DECK)
    assert cut_at(pack, 12) == list(DECK[12:]) + list(DECK[:12])
    with pytest.raises(ValueError):
        cut_at(pack, 2)
