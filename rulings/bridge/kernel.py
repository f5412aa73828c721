"""The bridge auction kernel: one compact call code and one rule function for every call.

Every reader and both lanes go through here: the auction engine
(:class:`~arbitre.rulings.bridge.auction.Auction`, which adds rotation, reports and facts)
and the fast lanes of the file readers (which classify a clean auction without building
an object per call) apply the same rule, written once in :func:`_play`: the engine one call at
a time (:meth:`Bidding.step`), the fast lanes a whole auction in one call (:func:`run`).

Call codes (ints): ``0`` pass, ``1`` double, ``2`` redouble; a bid is its rank
``level * 5 + strain`` (strain 0-4 = C D H S NT), so 1C = 5 ... 7NT = 39, and bids above
seven (8C = 40 ... 9NT = 49) keep the same arithmetic. A higher rank is a sufficient bid.

The rules :func:`_play` applies (the conventions for a record that goes on after an
irregularity are documented in the README):

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
        of :data:`INADMISSIBLE`; the state changes as the module docstring says (:func:`_play`).
        """
        return _play(self, (code,), seat, False)

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
    return bidding if _play(bidding, codes, dealer & 3, True) is None else None


def _play(b: Bidding, codes: Iterable[int], seat: int, stop: bool) -> str | None:
    """The rule of every call, written once: apply ``codes`` to ``b`` in rotation from ``seat``.

    Returns what is wrong with the last call applied (None: regular). ``stop``: stop at the
    first irregular call and return what is wrong with it, leaving ``b`` as it was (what
    :func:`run` needs); else every call is applied and ``b`` updated (:meth:`Bidding.step`
    passes one call). The state lives in local variables while the calls are applied: one
    function call per auction, not one per call, for the readers' fast lanes.
    """
    last, last_side, doubled, doubler_side = b.last, b.last_side, b.doubled, b.doubler_side
    passes, calls, bids, closed, first = b.passes, b.calls, b.bids, b.closed, b.first
    verdict = None
    for code in codes:
        if closed:
            verdict = AFTER_CLOSE
        elif code == PASS:  # the commonest call first
            calls += 1
            passes += 1
            if passes >= 3 and (bids or passes >= 4):
                closed = True
        else:
            calls += 1
            passes = 0  # any other call stops a run of passes
            side = seat & 1
            if code >= 5:
                if code >= 40:
                    verdict = ABOVE_SEVEN
                else:
                    if code <= last:
                        verdict = INSUFFICIENT  # it still stands (Law 27A)
                    last, last_side, doubled, doubler_side = code, side, 0, -1
                    bids += 1
                    key = side * 5 + code % 5
                    if key not in first:
                        first[key] = seat
            elif code == DOUBLE:
                if not last:
                    verdict = "double-no-bid"
                elif doubled:
                    verdict = "double-already-doubled"
                elif last_side == side:
                    verdict = "double-own-side"
                else:
                    doubled, doubler_side = code, side
            elif doubled == 2:
                verdict = "redouble-already-redoubled"
            elif doubled == 0:
                verdict = "redouble-not-doubled"
            elif doubler_side == side:
                verdict = "redouble-own-double"
            else:
                doubled, doubler_side = code, side
        if verdict is not None and stop:
            return verdict
        seat = (seat + 1) & 3
    b.last, b.last_side, b.doubled, b.doubler_side = last, last_side, doubled, doubler_side
    b.passes, b.calls, b.bids, b.closed = passes, calls, bids, closed
    return verdict

