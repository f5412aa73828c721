"""Small card-choice helpers on bitmasks, shared by the built-in players.

What: choose the cheapest card of a set (fewest points, then weakest), the strongest
card, the cards that beat the card winning a trick, and the trump points of a hand.
Every strength and point value comes from the rules tables
(:data:`~arbitre.rulings.belote.play.STRENGTH`,
:data:`~arbitre.rulings.belote.play.TRICK_KEY`,
:data:`~arbitre.rulings.belote.scoring.POINTS`); nothing here restates a rule.

The trump suit is a parameter everywhere (``trump`` 0..3), so that the card-play part
of the players serves any suit contract (belote, or a coinche suit contract). The tables
also have a row for the coinche contracts without a single trump suit, ``trump`` =
:data:`TA` (4, tout atout: every suit ranks and scores like trump) and :data:`SA` (5, sans
atout: every suit ranks and scores like a plain suit); their strengths and points come from
the same rank tables (:mod:`arbitre.rulings.belote.coinche`). Rows 0..3 are the suit rows,
unchanged.
"""
from __future__ import annotations

from collections.abc import Sequence

from arbitre.rulings.belote.cards import Suit
from arbitre.rulings.belote.coinche import SA_POINTS, TA_POINTS
from arbitre.rulings.belote.play import PLAIN_STRENGTH, SUIT_MASK, TRUMP_STRENGTH
from arbitre.rulings.belote.play import STRENGTH as SUIT_STRENGTH
from arbitre.rulings.belote.play import TRICK_KEY as SUIT_TRICK_KEY
from arbitre.rulings.belote.play import winner_pos as belote_winner_pos
from arbitre.rulings.belote.scoring import BYTE_POINTS
from arbitre.rulings.belote.scoring import POINTS as SUIT_POINTS

TA, SA = 4, 5
"""The ``trump`` values of the coinche tout-atout and sans-atout contracts."""
SUITS: tuple[Suit, ...] = tuple(Suit)
"""SUITS[i] is ``Suit(i)`` without the enum's call (a bid is answered with one)."""
OTHER_SUITS: tuple[tuple[int, ...], ...] = tuple(tuple(s for s in range(4) if s != t) for t in range(4))
"""OTHER_SUITS[turned]: the suits a round-2 bid may name, in suit order."""

_ALL = (1 << 32) - 1
#: TRUMP_MASK[trump]: the trumps (a suit; every card in TA; none in SA).
TRUMP_MASK: tuple[int, ...] = (*SUIT_MASK, _ALL, 0)
#: NOT_TRUMP[trump]: every card but the trumps, ``~TRUMP_MASK[trump]`` as a positive mask (an AND with a
#: negative int takes CPython's slow path: ``mask & ~m`` costs nearly twice ``mask & NOT_TRUMP[trump]``).
NOT_TRUMP: tuple[int, ...] = tuple(_ALL ^ m for m in TRUMP_MASK)
#: STRENGTH[trump][card]: comparable strength (TA: every suit trump-ordered; SA: plain order).
STRENGTH: tuple[tuple[int, ...], ...] = (*SUIT_STRENGTH, tuple(16 + TRUMP_STRENGTH[c & 7] for c in range(32)),
                                         tuple(PLAIN_STRENGTH[c & 7] for c in range(32)))
#: POINTS[trump][card]: card points under the contract.
POINTS: tuple[tuple[int, ...], ...] = (*SUIT_POINTS, tuple(TA_POINTS[c & 7] for c in range(32)),
                                       tuple(SA_POINTS[c & 7] for c in range(32)))
#: TRICK_KEY[trump][led][card]: strength in a trick led in ``led``, -1 for a card that cannot win.
TRICK_KEY: tuple[tuple[tuple[int, ...], ...], ...] = (*SUIT_TRICK_KEY, *(
    tuple(tuple(STRENGTH[t][c] if c >> 3 == led else -1 for c in range(32)) for led in range(4)) for t in (TA, SA)))
#: LEADS[trump]: the masters the simple player leads at once: plain aces (suit contract, SA), jacks (TA).
LEADS: tuple[int, ...] = (
    *(sum(1 << (8 * s + 7) for s in range(4) if s != t) for t in range(4)),
    sum(1 << (8 * s + 4) for s in range(4)), sum(1 << (8 * s + 7) for s in range(4)))

#: CHEAP[trump][card]: order key for "least valuable card": points first, then strength.
CHEAP: tuple[tuple[int, ...], ...] = tuple(
    tuple(POINTS[t][c] * 64 + STRENGTH[t][c] for c in range(32)) for t in range(6)
)


_BYTE_BITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * suit + r for r in range(8) if m >> r & 1) for m in range(256)) for suit in range(4)
)


def bits(mask: int) -> tuple[int, ...]:
    """The card indices of a bitmask, lowest first."""
    b = _BYTE_BITS
    return b[0][mask & 0xFF] + b[1][mask >> 8 & 0xFF] + b[2][mask >> 16 & 0xFF] + b[3][mask >> 24 & 0xFF]


def byte_best(rows: Sequence[Sequence[int]]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``table[t][suit][byte]``: the largest ``rows[t][card] * 32 + 31 - card`` over the cards of ``suit``
    whose rank bits are set in ``byte`` (-1 for an empty byte): a max over the four bytes of a mask then
    gives the card with the largest row value, the lowest index among equals (``31 - result % 32``)."""
    tables = []
    for row in rows:
        per_suit = []
        for suit in range(4):
            best = [-1] * 256  # built from the byte without its lowest card (cheap at import)
            for m in range(1, 256):
                c = 8 * suit + (m & -m).bit_length() - 1
                v = row[c] * 32 + 31 - c
                rest = best[m & (m - 1)]
                best[m] = v if v > rest else rest
            per_suit.append(tuple(best))
        tables.append(tuple(per_suit))
    return tuple(tables)


# Row values so that "the largest" is the card each helper picks (ties: the lowest index, as a min/max
# over the cards in index order picks): cheapest = plain cards first, then fewest points, then weakest;
# strongest = strength; richest = plain cards first, then most points, then weakest. (_PLAIN_FIRST lifts
# every card that is not a trump above every trump: the best of a mask is then a plain card whenever the
# mask holds one, the best of ``mask & NOT_TRUMP[trump] or mask`` without computing it.)
_PLAIN_FIRST = 64 * 64
CHEAPEST = byte_best([[64 * 64 - 1 - k + (_PLAIN_FIRST if NOT_TRUMP[t] >> c & 1 else 0) for c, k in enumerate(row)]
                       for t, row in enumerate(CHEAP)])
STRONGEST = byte_best(STRENGTH)
RICHEST = byte_best([[POINTS[t][c] * 64 + 63 - STRENGTH[t][c] + (_PLAIN_FIRST if NOT_TRUMP[t] >> c & 1 else 0)
                       for c in range(32)] for t in range(6)])


def table_best(table: Sequence[Sequence[int]], mask: int) -> int:
    """The card of a non-empty ``mask`` with the largest value in ``table`` (one trump's row of a
    :func:`byte_best` table): the largest of its four byte look-ups, by two comparisons and a
    conditional (the builtin ``max`` of four ints costs as much as the look-ups and this call together)."""
    a, b, c, d = table
    v = a[mask & 0xFF]
    w = b[mask >> 8 & 0xFF]
    x = c[mask >> 16 & 0xFF]
    y = d[mask >> 24 & 0xFF]
    if w > v:
        v = w
    if y > x:
        x = y
    return 31 - (v if v > x else x) % 32


def cheapest(mask: int, trump: int) -> int:
    """The card of ``mask`` worth the fewest points (then the weakest); plain cards before trumps."""
    return table_best(CHEAPEST[trump], mask)


def strongest(mask: int, trump: int) -> int:
    """The strongest card of ``mask`` (a trump beats any plain card)."""
    return table_best(STRONGEST[trump], mask)


def richest(mask: int, trump: int) -> int:
    """The card of ``mask`` worth the most points, plain cards first (to give points to a partner)."""
    return table_best(RICHEST[trump], mask)


#: BEATS[trump][led][best]: the cards that beat ``best`` in a trick led in ``led`` (from TRICK_KEY).
BEATS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(sum(1 << c for c in range(32) if TRICK_KEY[t][led][c] > TRICK_KEY[t][led][best]) for best in range(32))
          for led in range(4))
    for t in range(6)
)


def beating(mask: int, led: int, best: int, trump: int) -> int:
    """The cards of ``mask`` that would beat ``best`` in a trick led in ``led``."""
    return mask & BEATS[trump][led][best]


def winner_pos(trick: Sequence[int], trump: int) -> int:
    """Position of the card winning ``trick`` so far, for any ``trump`` row (suit contracts: the rules kernel)."""
    if trump < 4:
        return belote_winner_pos(trick, trump)
    keys = TRICK_KEY[trump][trick[0] >> 3]
    return max(range(len(trick)), key=lambda i: keys[trick[i]])


def trick_best(history: Sequence[int], n: int, keys: Sequence[int]) -> tuple[int, int]:
    """The card winning the current trick (the last ``n`` cards of ``history``, 1 to 3) and its position:
    :func:`winner_pos` on a live history, without a slice, given the trick keys of the suit led
    (``TRICK_KEY[trump][led]``)."""
    first = len(history) - n
    best = history[first]
    pos = 0
    if n > 1:
        card = history[first + 1]
        if keys[card] > keys[best]:
            best, pos = card, 1
        if n > 2:
            card = history[first + 2]
            if keys[card] > keys[best]:
                best, pos = card, 2
    return best, pos


_TRUMP_BYTE_POINTS = BYTE_POINTS[1]


def trump_points(hand: int, trump: int) -> int:
    """Card points of the trumps of suit ``trump`` (0..3) in ``hand`` (the scoring kernel's table of a trump suit's rank mask)."""
    return _TRUMP_BYTE_POINTS[hand >> 8 * trump & 0xFF]
