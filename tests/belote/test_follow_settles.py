"""FOLLOW_SETTLES, the shortcut the trick loops take before asking the legal-card kernel, gives the kernel's
answer: when a hand holds cards of the suit led and the table says they settle it, they are exactly the legal
cards; and the table says so for every plain suit led (else the loops would call the kernel for nothing)."""
from __future__ import annotations

import random

from arbitre.rulings.belote.play import FOLLOW_SETTLES, SUIT_MASK, TRICK_KEY, legal_mask, winner_pos


def test_follow_settles_every_plain_suit_and_never_trumps() -> None:
    for trump in range(4):
        for led in range(4):
            assert FOLLOW_SETTLES[trump][led] == (0 if led == trump else SUIT_MASK[led])


def test_shortcut_gives_the_kernels_answer_on_random_tricks() -> None:
    rng = random.Random(20261123)
    checked = 0
    for _ in range(20_000):
        pack = list(range(32))
        rng.shuffle(pack)
        trump = rng.randrange(4)
        n = rng.randrange(1, 4)  # cards already in the trick
        trick, hand = pack[:n], sum(1 << c for c in pack[n:n + 8])
        led = trick[0] >> 3
        pos = winner_pos(trick, trump)
        assert TRICK_KEY[trump][led][trick[pos]] >= 0
        for under in (False, True):
            kernel = legal_mask(hand, led, trick[pos], n >= 2 and pos == n - 2, trump, under)
            shortcut = hand & FOLLOW_SETTLES[trump][led] or kernel
            assert shortcut == kernel, (hand, trick, trump, under)
            checked += bool(hand & FOLLOW_SETTLES[trump][led])
    assert checked > 10_000  # the shortcut was taken on many of them
