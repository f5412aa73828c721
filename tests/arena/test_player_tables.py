"""The look-up tables that replace loops on the players' path give what the loops gave."""
from __future__ import annotations

import random

from arbitre.arena.dealing import SEATS_OF_POSITIONS, first_hands
from arbitre.arena.players.memory import _SURE_ORDER, _sure_first
from arbitre.arena.players.tactics import bits


def test_first_hands_is_the_3_plus_2_deal_of_the_seats_table():
    rng = random.Random(4)
    for _ in range(2000):
        pack = list(range(32))
        rng.shuffle(pack)
        dealer = rng.randrange(4)
        hands = [0, 0, 0, 0]
        for seat, card in zip(SEATS_OF_POSITIONS[dealer][0][:20], pack, strict=False):
            hands[seat] |= 1 << card
        assert first_hands(pack, dealer) == hands
        assert all(h.bit_count() == 5 for h in hands)


def test_the_first_sure_winner_by_table_is_the_minimum_of_the_order():
    rng = random.Random(3)
    for trump in (0, 1, 2, 3, -1):
        for _ in range(5000):
            mask = rng.getrandbits(32) & rng.getrandbits(32) & rng.getrandbits(32)
            if mask:
                assert _sure_first(mask, trump) == min(bits(mask), key=_SURE_ORDER[trump].__getitem__)
