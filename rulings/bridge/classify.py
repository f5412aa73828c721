"""Classify an auction: positional states per seat, DB classes, contract, irregularities.

Pure function of an :class:`Auction`, the state machine and the irregularity kinds
(both read from the KB by the caller).
"""
from __future__ import annotations

from typing import Any

from arbitre.rulings.bridge import kernel
from arbitre.rulings.bridge.auction import KIND_VALUE, Auction, Kind
from arbitre.rulings.bridge.positional import Machine, seat_states
from arbitre.rulings.bridge.report import (
    AuctionReport,
    CallReport,
    ContractReport,
    IrregularityReport,
    Label,
    SeatReport,
)
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.i18n import T

_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_NAMES = kernel.SEATS


def _label(t: T | None) -> Label | None:
    return Label(fr=t.fr, en=t.en) if t is not None else None


def _route(kind: Kind, kinds: dict[str, Any]) -> tuple[str, str, str, Label]:
    """A kind's code, law, tree and label: from the KB (``irregularity_kinds``), else the bare code."""
    code = KIND_VALUE[kind]
    k = kinds.get(code)
    if k is not None:
        return code, k.law, k.tree, Label(fr=k.label.fr, en=k.label.en)
    return code, "?", "", Label(fr=code, en=code)


def classify(auction: Auction, machine: Machine, kinds: dict[str, Any], *, source: str | None = None,
             board: str | None = None, problems: list[T] | None = None,
             recorded_contract: str | None = None, agrees: bool | None = None) -> AuctionReport:
    dealer = auction.dealer
    seats_by_pos = [Seat((dealer + i) % 4) for i in range(4)]
    first: dict[Seat, int] = {}  # a seat's first recorded call that counts for its position
    action: dict[Seat, str] = {}  # a seat's first action: that call's, or a pass deemed made (Law 28A)
    deemed = auction.deemed_passes
    closed_at = auction.closed_at  # the first call after the close (a record that goes on may hold 100,000)
    after_close: set[int] | None = None
    for e in auction.entries:
        if len(action) == 4:
            break
        if deemed and e.index in deemed and deemed[e.index] not in action:
            action[deemed[e.index]] = "pass"
        if e.index >= closed_at:
            if after_close is None:  # rare: a seat that had not called before the close
                after_close = {i.index for i in auction.irregularities if i.kind is Kind.CALL_AFTER_CLOSE}
            if e.index in after_close:
                continue
        if e.seat not in action and (e.effective or e.seat == e.expected):
            first[e.seat] = e.index
            action[e.seat] = "pass" if e.call.is_pass else "call"
    states = seat_states(machine, [action.get(s) for s in seats_by_pos])
    state_of = {seats_by_pos[i]: st.state for i, st in enumerate(states)}

    calls: list[CallReport] = []
    rounds = [0, 0, 0, 0]
    held = [state_of.get(s) for s in _SEATS]
    codes = [None if st is None else st.code for st in held]
    first_db = [None if st is None else st.db_class for st in held]
    first_at = [first.get(s) for s in _SEATS]
    position = [(seat - dealer) % 4 + 1 for seat in range(4)]
    text, names, append = kernel.text, _NAMES, calls.append
    for e in auction.entries:  # plain ints, tables and positional arguments: an auction may hold 100,000 calls
        seat, index = e.seat, e.index
        rounds[seat] += 1
        append(CallReport(index, text(e.call.code), names[seat], position[seat], rounds[seat], codes[seat],
                          first_db[seat] if first_at[seat] == index else None, e.effective, e.alert, e.note))
    seats = [
        SeatReport(seat=s.name, position=i + 1, state=None, state_label=None, db_class=None, db_class_label=None)
        if st is None else
        SeatReport(seat=s.name, position=i + 1, state=st.code, state_label=_label(st.label), db_class=st.db_class,
                   db_class_label=_label(st.db_class_label), flags=list(st.flags))
        for i, (s, st) in enumerate((s, state_of[s]) for s in seats_by_pos)
    ]
    irregularities = []
    routes: dict[Kind, tuple[str, str, str, Label]] = {}  # one (kind, law, tree, label) per kind
    for irr in auction.irregularities:
        route = routes.get(irr.kind)
        if route is None:
            route = routes[irr.kind] = _route(irr.kind, kinds)
        law, tree = (route[1], route[2]) if irr.law is None else (irr.law, irr.tree or route[2])
        irregularities.append(IrregularityReport(  # facts and params: the engine is done with them, shared
            route[0], law, tree, route[3], irr.index, names[irr.seat], text(irr.call.code), irr.status,
            irr.facts, irr.params))
    c = auction.contract
    contract = None
    if c is not None and not auction.is_passed_out:
        contract = ContractReport(level=c.level, strain=c.strain.name, doubled=c.doubled, declarer=c.declarer.name,
                                  text=str(c))
    if agrees is None and recorded_contract is not None and auction.is_complete:
        mine = "PASS" if auction.is_passed_out else (str(c) if c else None)
        agrees = mine == recorded_contract
    return AuctionReport(
        source=source, board=board, dealer=dealer.name, calls=calls, seats=seats, complete=auction.is_complete,
        passed_out=auction.is_passed_out, turn=auction.turn.name if auction.turn is not None else None,
        contract=contract, irregularities=irregularities, problems=[Label(fr=p.fr, en=p.en) for p in (problems or [])],
        recorded_contract=recorded_contract, agrees_with_record=agrees,
    )
