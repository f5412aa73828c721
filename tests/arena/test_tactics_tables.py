"""The table-driven card helpers pick exactly what their definitions say, on every contract row.

``cheapest``: the fewest points, then the weakest (plain cards first); ``strongest``: the
strongest; ``richest``: the most points, then the weakest (plain cards first); ties go to the
lowest card index. The reference below is the plain definition over the listed cards.
"""
from __future__ import annotations

import random

import pytest

from arbitre.arena.players import tactics as t


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _reference(mask: int, trump: int) -> tuple[int, int, int]:
    plain = mask & ~t.TRUMP_MASK[trump]
    cheap = min(_cards(plain or mask), key=lambda c: (t.POINTS[trump][c], t.STRENGTH[trump][c], c))
    strong = min(_cards(mask), key=lambda c: (-t.STRENGTH[trump][c], c))
    rich = min(_cards(plain or mask), key=lambda c: (-t.POINTS[trump][c], t.STRENGTH[trump][c], c))
    return cheap, strong, rich


@pytest.mark.parametrize("trump", range(6))
def test_helpers_match_their_definitions(trump: int) -> None:
    rng = random.Random(trump)
    for i in range(4000):
        mask = rng.getrandbits(32) & rng.getrandbits(32) & (rng.getrandbits(32) if i % 2 else -1)
        mask = mask or 1 << rng.randrange(32)
        got = (t.cheapest(mask, trump), t.strongest(mask, trump), t.richest(mask, trump))
        assert got == _reference(mask, trump), (hex(mask), trump)


def test_single_cards_and_ties() -> None:
    for trump in range(6):
        for c in range(32):
            assert t.cheapest(1 << c, trump) == t.strongest(1 << c, trump) == t.richest(1 << c, trump) == c
    seven_h, seven_d = 0, 8  # two plain sevens (hearts, diamonds) under a spade contract: the lower index
    assert t.cheapest(1 << seven_h | 1 << seven_d, 3) == seven_h
