"""The auction engine: holds an auction *with* its irregularities and reports them.

Nothing is refused. Each call is pushed with (optionally) the seat that made it; the
engine works out whose turn it was, whether the call was in rotation, sufficient and
admissible, and what it does to the contract. Irregular calls are reported as
:class:`Irregularity` records carrying *facts* (who offended, whose turn it was, ...)
that the ruling trees use to pre-answer their questions.

Conventions for a record that goes on after an irregularity (documented in the README):

* an insufficient bid that was not replaced stands (it was accepted, Law 27A) and the
  following bids are compared with it;
* a call out of rotation followed by a call from the offender's LHO was accepted
  (Law 29A) and the rotation goes on from it; followed by a call from the player whose
  turn it was, it was cancelled (Law 29B) and is kept in the record without effect;
* an inadmissible double or redouble (Law 36), a bid above seven (Law 38) and a call
  after the auction closed (Law 39) keep their place in the record, take their turn,
  and change nothing in the contract.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from arbitre.rulings.bridge.calls import Call, CallKind, Strain
from arbitre.rulings.bridge.seats import RELATION, Seat
from arbitre.rulings.irregularity import Status


class Kind(str, Enum):
    """Irregularity kinds the engine detects (their law and tree live in the KB)."""

    INSUFFICIENT_BID = "insufficient-bid"
    INADMISSIBLE_DOUBLE = "inadmissible-double"
    BID_ABOVE_SEVEN = "bid-above-seven"
    CALL_AFTER_CLOSE = "call-after-close"
    PASS_OUT_OF_ROTATION = "pass-out-of-rotation"
    BID_OUT_OF_ROTATION = "bid-out-of-rotation"
    DOUBLE_OUT_OF_ROTATION = "double-out-of-rotation"


@dataclass
class Irregularity:
    kind: Kind
    index: int  # position of the call in the record (0-based)
    seat: Seat
    call: Call
    facts: dict[str, str] = field(default_factory=dict)  # keys: rulings.trees.model.FACTS
    params: dict[str, str] = field(default_factory=dict)  # shown to the director
    status: Status = Status.PENDING


@dataclass
class Entry:
    """One call as recorded, with what the engine made of it."""

    index: int
    call: Call
    seat: Seat  # who made it (given, or implied by rotation)
    expected: Seat  # whose turn it was
    effective: bool = True  # does it count for the contract and the rotation
    alert: bool = False
    note: str | None = None
    token: str | None = None
    column: int | None = None


@dataclass(frozen=True)
class Contract:
    level: int
    strain: Strain
    doubled: int  # 0, 1 (X) or 2 (XX)
    declarer: Seat

    def render(self, lang: str = "en") -> str:
        x = "X" * self.doubled
        return f"{self.level}{self.strain.render(lang)}{x} {self.declarer.render(lang)}"

    def __str__(self) -> str:  # PBN/LIN-like: 4HX S
        return f"{self.level}{self.strain.name}{'X' * self.doubled} {self.declarer.name}"


@dataclass
class _State:
    turn: Seat
    last_bid: Call | None = None
    last_bidder: Seat | None = None
    doubled: int = 0
    doubler: Seat | None = None
    passes: int = 0
    calls: int = 0
    bids: int = 0
    closed: bool = False
    first_bidder: dict = field(default_factory=dict)  # (side, strain) -> seat

    def copy(self) -> _State:
        return _State(**{**self.__dict__, "first_bidder": dict(self.first_bidder)})


class Auction:
    """An auction held as recorded; ``push``/``pop`` like a move stack."""

    def __init__(self, dealer: Seat = Seat.N, seat_tagged: bool = False) -> None:
        self.dealer = dealer
        self.seat_tagged = seat_tagged
        self.entries: list[Entry] = []
        self.irregularities: list[Irregularity] = []
        self._state = _State(turn=dealer)
        self._pending: tuple[Entry, Irregularity, _State] | None = None

    # -- history --------------------------------------------------------------------
    def push(self, call: Call, seat: Seat | None = None, *, alert: bool = False, note: str | None = None,
             token: str | None = None, column: int | None = None) -> Entry:
        st = self._state
        if seat is not None:
            self.seat_tagged = True
        if seat is not None and self._pending is not None:
            self._resolve_pending(seat)
            st = self._state
        expected = st.turn
        who = expected if seat is None else seat
        entry = Entry(len(self.entries), call, who, expected, alert=alert, note=note, token=token, column=column)
        self.entries.append(entry)
        self._mark_accepted_by(entry)
        if st.closed:
            self._report(Kind.CALL_AFTER_CLOSE, entry, status=Status.CANCELLED, facts=self._close_facts(who))
            entry.effective = False
            return entry
        snapshot = st.copy() if who != expected else None
        if who != expected:
            kind = {CallKind.PASS: Kind.PASS_OUT_OF_ROTATION, CallKind.BID: Kind.BID_OUT_OF_ROTATION}.get(
                call.kind, Kind.DOUBLE_OUT_OF_ROTATION)
            irr = self._report(kind, entry, facts={"turn_of": RELATION[expected.offset_from(who)]},
                               params={"whose_turn": expected.name})
            self._pending = (entry, irr, snapshot)  # type: ignore[assignment]
        self._apply(entry)
        return entry

    def pop(self) -> Entry:
        """Take back the last call (replays the rest)."""
        if not self.entries:
            raise IndexError("pop from an empty auction")
        last = self.entries[-1]
        kept = self.entries[:-1]
        tagged = self.seat_tagged
        self.__init__(self.dealer, tagged)  # type: ignore[misc]
        for e in kept:
            self.push(e.call, e.seat if tagged else None, alert=e.alert, note=e.note, token=e.token, column=e.column)
        return last

    # -- rules ----------------------------------------------------------------------
    def _apply(self, entry: Entry) -> None:
        st, call, who = self._state, entry.call, entry.seat
        side = who % 2
        if call.kind is CallKind.BID:
            if call.level > 7:
                self._report(Kind.BID_ABOVE_SEVEN, entry, status=Status.CANCELLED)
                entry.effective = False
                st.passes = 0
            else:
                if st.last_bid is not None and call.rank <= st.last_bid.rank:
                    lowest = _lowest_sufficient(st.last_bid, call.strain)  # type: ignore[arg-type]
                    self._report(Kind.INSUFFICIENT_BID, entry, params={
                        "insufficient_bid": str(call),
                        "last_bid": str(st.last_bid),
                        "lowest_sufficient_same_strain": str(lowest) if lowest else "",
                    })
                st.last_bid, st.last_bidder = call, who
                st.doubled, st.doubler, st.passes = 0, None, 0
                st.bids += 1
                st.first_bidder.setdefault((side, call.strain), who)
        elif call.kind is CallKind.PASS:
            st.passes += 1
        else:
            problem = self._inadmissible(call, who)
            if problem:
                self._report(Kind.INADMISSIBLE_DOUBLE, entry, status=Status.CANCELLED, facts={"inadmissible_kind": problem})
                entry.effective = False
                st.passes = 0
            else:
                st.doubled = 1 if call.kind is CallKind.DOUBLE else 2
                st.doubler, st.passes = who, 0
        st.calls += 1
        st.turn = who.next
        if (st.bids == 0 and st.passes >= 4) or (st.bids > 0 and st.passes >= 3):
            st.closed = True

    def _inadmissible(self, call: Call, who: Seat) -> str | None:
        st = self._state
        if call.kind is CallKind.DOUBLE:
            if st.last_bid is None:
                return "double-no-bid"
            if st.doubled:
                return "double-already-doubled"
            if st.last_bidder % 2 == who % 2:  # type: ignore[operator]
                return "double-own-side"
            return None
        if st.doubled == 2:
            return "redouble-already-redoubled"
        if st.doubled == 0:
            return "redouble-not-doubled"
        if st.doubler % 2 == who % 2:  # type: ignore[operator]
            return "redouble-own-double"
        return None

    def _report(self, kind: Kind, entry: Entry, *, status: Status = Status.PENDING, facts: dict | None = None,
                params: dict | None = None) -> Irregularity:
        st = self._state
        base = {
            "call_kind": entry.call.kind.value,
            "any_call_before": "yes" if st.calls else "no",
            "any_bid_before": "yes" if st.bids else "no",
        }
        irr = Irregularity(kind, entry.index, entry.seat, entry.call, {**base, **(facts or {})},
                           {"offender": entry.seat.name, "call": str(entry.call), **(params or {})}, status)
        self.irregularities.append(irr)
        return irr

    def _mark_accepted_by(self, entry: Entry) -> None:
        """A call by the offender's LHO right after an irregular call accepts it (facts only)."""
        if entry.index == 0:
            return
        for irr in self.irregularities:
            if irr.index == entry.index - 1 and "accepted" not in irr.facts and irr.kind is not Kind.CALL_AFTER_CLOSE:
                accepted = entry.seat == irr.seat.lho
                irr.facts["accepted"] = "yes" if accepted else "no"
                if irr.status is Status.PENDING and accepted and irr.kind is Kind.INSUFFICIENT_BID:
                    irr.status = Status.ACCEPTED

    def _resolve_pending(self, seat: Seat) -> None:
        entry, irr, snapshot = self._pending  # type: ignore[misc]
        self._pending = None
        if seat == entry.seat.lho:
            irr.status = Status.ACCEPTED
        elif seat == entry.expected:
            irr.status = Status.CANCELLED
            entry.effective = False
            self._state = snapshot
            # a cancelled call's own irregularities (insufficient, above seven...) have no effect either
        else:
            irr.status = Status.STANDS

    def _close_facts(self, who: Seat) -> dict[str, str]:
        c = self.contract
        if c is None:
            return {"offender_side": "none"}
        return {"offender_side": "declaring" if who % 2 == c.declarer % 2 else "defending"}

    # -- queries --------------------------------------------------------------------
    @property
    def turn(self) -> Seat | None:
        """Whose turn it is to call, or None when the auction is over."""
        return None if self._state.closed else self._state.turn

    @property
    def is_complete(self) -> bool:
        return self._state.closed

    @property
    def is_passed_out(self) -> bool:
        return self._state.closed and self._state.bids == 0

    @property
    def contract(self) -> Contract | None:
        """The contract the effective calls reach (final once ``is_complete``)."""
        st = self._state
        if st.last_bid is None:
            return None
        side = st.last_bidder % 2  # type: ignore[operator]
        declarer = st.first_bidder[(side, st.last_bid.strain)]
        return Contract(st.last_bid.level, st.last_bid.strain, st.doubled, declarer)  # type: ignore[arg-type]

    @property
    def effective_calls(self) -> list[Entry]:
        return [e for e in self.entries if e.effective]

    @property
    def is_legal(self) -> bool:
        return not self.irregularities


def _lowest_sufficient(last: Call, strain: Strain) -> Call | None:
    for level in range(1, 8):
        if level * 5 + int(strain) > last.rank:
            return Call.bid(level, strain)
    return None
