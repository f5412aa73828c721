"""The bridge auction kernel: one compact call code and one rule function for every call.

Every reader and both lanes go through here: the auction engine
(:class:`~arbitre.rulings.bridge.auction.Auction`, which adds rotation, reports and facts)
and the fast lanes of the file readers (which classify a clean auction without building
an object per call) call the same :meth:`Bidding.step`.

Call codes (ints): ``0`` pass, ``1`` double, ``2`` redouble; a bid is its rank
``level * 5 + strain`` (strain 0-4 = C D H S NT), so 1C = 5 ... 7NT = 39, and bids above
seven (8C = 40 ... 9NT = 49) keep the same arithmetic. A higher rank is a sufficient bid.

The rules :meth:`Bidding.step` applies (the conventions for a record that goes on after
an irregularity are documented in the README):

* a bid must outrank the last bid; an insufficient bid is reported and still stands
  (accepted or not, later bids are compared with it, Law 27A);
* a bid above seven (Law 38) and an inadmissible double or redouble (Law 36) are reported,
  take their turn, change nothing in the contract, and stop a run of passes;
* a double needs an opponents' undoubled bid; a redouble needs an opponents' double;
* three passes after a bid, or four passes when nobody bid, close the auction; any call
  after that is reported and changes nothing;
* the declarer is the first player of the side that won the contract to have named its
  strain.
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import cycle

PASS, DOUBLE, REDOUBLE = 0, 1, 2
STRAINS = ("C", "D", "H", "S", "NT")
SEATS = ("N", "E", "S", "W")

# what step() says about an irregular call (None: regular)
INSUFFICIENT = "insufficient-bid"
ABOVE_SEVEN = "bid-above-seven"
AFTER_CLOSE = "call-after-close"
INADMISSIBLE = frozenset((
    "double-no-bid", "double-already-doubled", "double-own-side",
    "redouble-not-doubled", "redouble-already-redoubled", "redouble-own-double",
))

_TEXT = ["P", "X", "XX", "", ""] + [f"{code // 5}{STRAINS[code % 5]}" for code in range(5, 50)]
CODES: dict[str, int] = {t: c for c, t in enumerate(_TEXT) if t}
"""Canonical English text (``P``, ``X``, ``XX``, ``1H``, ``3NT``) -> code."""


def text(code: int) -> str:
    """The canonical English form of a call code (``P``, ``X``, ``XX``, ``1H``, ``3NT``)."""
    return _TEXT[code]


def lowest_sufficient(last: int, strain: int) -> int | None:
    """The lowest bid in ``strain`` that outranks the bid ``last`` (None above 7NT)."""
    for level in range(1, 8):
        if level * 5 + strain > last:
            return level * 5 + strain
    return None


class Bidding:
    """The state of an auction's effective calls: what the next call is judged against.

    ``last`` is the rank of the last bid (0: none), ``first`` maps ``side * 5 + strain``
    to the seat (0-3) that named the strain first for that side.
    """

    __slots__ = ("bids", "calls", "closed", "doubled", "doubler_side", "first", "last", "last_side", "passes")

    def __init__(self) -> None:
        self.last = 0
        self.last_side = self.doubler_side = -1
        self.doubled = self.passes = self.calls = self.bids = 0
        self.closed = False
        self.first: dict[int, int] = {}

    def copy(self) -> Bidding:
        new = Bidding()
        new.last, new.last_side, new.doubled, new.doubler_side = self.last, self.last_side, self.doubled, self.doubler_side
        new.passes, new.calls, new.bids, new.closed = self.passes, self.calls, self.bids, self.closed
        new.first = dict(self.first)
        return new

    def step(self, code: int, seat: int) -> str | None:
        """Apply the call ``code`` made by ``seat`` (0-3); None when regular, else what is wrong.

        The answer is :data:`INSUFFICIENT`, :data:`ABOVE_SEVEN`, :data:`AFTER_CLOSE` or one
        of :data:`INADMISSIBLE`; the state changes as the module docstring says.
        """
        if self.closed:
            return AFTER_CLOSE
        self.calls += 1
        if code == PASS:  # the commonest call first
            passes = self.passes = self.passes + 1
            if passes >= 3 and (self.bids or passes >= 4):
                self.closed = True
            return None
        self.passes = 0  # any other call stops a run of passes
        side = seat & 1
        if code >= 5:
            if code >= 40:
                return ABOVE_SEVEN
            verdict = INSUFFICIENT if code <= self.last else None
            self.last, self.last_side = code, side
            self.doubled = 0
            self.doubler_side = -1
            self.bids += 1
            key = side * 5 + code % 5
            if key not in self.first:
                self.first[key] = seat
            return verdict
        verdict = self._inadmissible(code, side)
        if verdict is None:
            self.doubled, self.doubler_side = code, side
        return verdict

    def _inadmissible(self, code: int, side: int) -> str | None:
        if code == DOUBLE:
            if not self.last:
                return "double-no-bid"
            if self.doubled:
                return "double-already-doubled"
            if self.last_side == side:
                return "double-own-side"
            return None
        if self.doubled == 2:
            return "redouble-already-redoubled"
        if self.doubled == 0:
            return "redouble-not-doubled"
        if self.doubler_side == side:
            return "redouble-own-double"
        return None

    @property
    def passed_out(self) -> bool:
        return self.closed and not self.bids

    def contract(self) -> tuple[int, int, int, int] | None:
        """``(level, strain, doubled, declarer)`` the effective calls reach; None before any bid."""
        if not self.last:
            return None
        strain = self.last % 5
        return self.last // 5, strain, self.doubled, self.first[self.last_side * 5 + strain]


def run(codes: Iterable[int], dealer: int = 0) -> Bidding | None:
    """Play clean call codes in rotation from ``dealer``: the final state, or None at the first
    irregular call (the engine then says what it is). The readers' fast lanes use this."""
    bidding = Bidding()
    step = bidding.step
    for code, seat in zip(codes, cycle(_ROTATION[dealer & 3])):
        if step(code, seat) is not None:
            return None
    return bidding


_ROTATION = tuple(tuple((first + i) & 3 for i in range(4)) for first in range(4))
