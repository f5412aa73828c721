"""Small card-choice helpers on bitmasks, shared by the built-in players.

What: choose the cheapest card of a set (fewest points, then weakest), the strongest
card, the cards that beat the card winning a trick, and the trump points of a hand.
Every strength and point value comes from the rules tables
(:data:`~arbitre.rulings.belote.play.STRENGTH`,
:data:`~arbitre.rulings.belote.play.TRICK_KEY`,
:data:`~arbitre.rulings.belote.scoring.POINTS`); nothing here restates a rule.

The trump suit is a parameter everywhere (``trump`` 0..3), so that the card-play part
of the players serves any suit contract (belote, or a coinche suit contract).
"""
from __future__ import annotations

from arbitre.rulings.belote.play import STRENGTH, SUIT_MASK, TRICK_KEY
from arbitre.rulings.belote.scoring import BYTE_POINTS, POINTS

#: CHEAP[trump][card]: order key for "least valuable card": points first, then strength.
CHEAP: tuple[tuple[int, ...], ...] = tuple(
    tuple(POINTS[t][c] * 64 + STRENGTH[t][c] for c in range(32)) for t in range(4)
)


_BYTE_BITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * suit + r for r in range(8) if m >> r & 1) for m in range(256)) for suit in range(4)
)


def bits(mask: int) -> tuple[int, ...]:
    """The card indices of a bitmask, lowest first."""
    b = _BYTE_BITS
    return b[0][mask & 0xFF] + b[1][mask >> 8 & 0xFF] + b[2][mask >> 16 & 0xFF] + b[3][mask >> 24 & 0xFF]


def cheapest(mask: int, trump: int) -> int:
    """The card of ``mask`` worth the fewest points (then the weakest); plain cards before trumps."""
    key = CHEAP[trump]
    plain = mask & ~SUIT_MASK[trump]
    return min(bits(plain or mask), key=key.__getitem__)


def strongest(mask: int, trump: int) -> int:
    """The strongest card of ``mask`` (a trump beats any plain card)."""
    return max(bits(mask), key=STRENGTH[trump].__getitem__)


def richest(mask: int, trump: int) -> int:
    """The card of ``mask`` worth the most points, plain cards first (to give points to a partner)."""
    plain = mask & ~SUIT_MASK[trump]
    key = POINTS[trump]
    return max(bits(plain or mask), key=lambda c: (key[c], -STRENGTH[trump][c]))


#: BEATS[trump][led][best]: the cards that beat ``best`` in a trick led in ``led`` (from TRICK_KEY).
BEATS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(sum(1 << c for c in range(32) if TRICK_KEY[t][led][c] > TRICK_KEY[t][led][best]) for best in range(32))
          for led in range(4))
    for t in range(4)
)


def beating(mask: int, led: int, best: int, trump: int) -> int:
    """The cards of ``mask`` that would beat ``best`` in a trick led in ``led``."""
    return mask & BEATS[trump][led][best]


_TRUMP_BYTE_POINTS = BYTE_POINTS[1]


def trump_points(hand: int, trump: int) -> int:
    """Card points of the trumps in ``hand`` (the scoring kernel's table of a trump suit's rank mask)."""
    return _TRUMP_BYTE_POINTS[hand >> 8 * trump & 0xFF]
