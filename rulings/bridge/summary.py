"""The summary view of a board: one compact line per record, for a folder of files.

:func:`summarize` turns any :class:`~arbitre.rulings.bridge.records.Board` (from either
lane of any reader) into a :class:`Summary`. A board whose auction the kernel found clean
(every call effective and in rotation) is summarised from its call codes alone: the four
positional states come from the machine's first-round table. A board with an
irregularity goes through the full classification
(:func:`~arbitre.rulings.bridge.reading.report`), which says what the irregular calls do
to the seats' states.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arbitre.rulings.bridge import kernel
from arbitre.rulings.bridge.kernel import SEATS, STRAINS
from arbitre.rulings.bridge.positional import Machine

if TYPE_CHECKING:
    from arbitre.rulings.bridge.records import Board

__all__ = ["SEATS", "STRAINS", "Summary", "state_table", "summarize"]

_NONE4 = (None, None, None, None)


class Summary:
    """The compact classification of one record.

    ``dealer`` is the seat (0-3, N E S W) the auction starts from, None when the record has
    no auction; ``calls`` the call codes in record order; ``states``/``db_classes`` the
    positional state code and DB class of positions 1-4 (1 = dealer; None for a seat that
    has not called); ``contract`` is ``(level, strain, doubled, declarer)`` with strain
    0-4 (C D H S NT) and declarer 0-3, None when passed out or no bid yet; ``turn`` whose
    turn it is (None when complete); ``recorded`` the record's own contract as written and
    ``agrees`` whether the auction reaches it (None when it cannot be said); ``problems``
    the record's problem codes and ``irregularities`` the engine's irregularity kinds.
    ``fast`` says whether the reader's fast lane read the record.
    """

    __slots__ = (
        "agrees",
        "board",
        "calls",
        "complete",
        "contract",
        "db_classes",
        "dealer",
        "dealer_tag",
        "fast",
        "format",
        "index",
        "irregularities",
        "line",
        "passed_out",
        "problems",
        "recorded",
        "recorded_declarer",
        "result",
        "room",
        "routes",
        "score",
        "source",
        "states",
        "turn",
        "vulnerability",
    )

    def __init__(self, source: str, index: int, board: str | None, fmt: str, dealer: int | None,
                 calls: tuple[int, ...], states: tuple[Any, ...], db_classes: tuple[Any, ...], complete: bool,
                 passed_out: bool, turn: int | None, contract: tuple[int, int, int, int] | None,
                 recorded: str | None, agrees: bool | None, problems: tuple[str, ...],
                 irregularities: tuple[str, ...], fast: bool) -> None:
        self.source = source
        self.index = index
        self.board = board
        self.format = fmt
        self.dealer = dealer
        self.calls = calls
        self.states = states
        self.db_classes = db_classes
        self.complete = complete
        self.passed_out = passed_out
        self.turn = turn
        self.contract = contract
        self.recorded = recorded
        self.agrees = agrees
        self.problems = problems
        self.irregularities = irregularities
        self.fast = fast
        # the scorer's columns (summarize)
        self.line: int | None = None  # the record's first line in its source
        self.room: str | None = None
        self.vulnerability: str | None = None
        self.result: str | None = None
        self.score: str | None = None
        self.dealer_tag: int | None = None  # the record's dealer (0-3), auction or not
        self.recorded_declarer: str | None = None  # as the record names it: "S", "^N" (played by N)
        # (law, tree) of each irregularity as the full classification routes it: Law 28B, say,
        # where the kind's own law is 31 (empty on the fast lane, which holds no irregularity)
        self.routes: tuple[tuple[str, str], ...] = ()

    @property
    def has_auction(self) -> bool:
        return self.dealer is not None

    @property
    def is_clean(self) -> bool:
        return not self.problems and not self.irregularities

    def call_texts(self) -> list[str]:
        return [kernel.text(c) for c in self.calls]

    def contract_text(self) -> str | None:
        """``4HX S`` like :class:`~arbitre.rulings.bridge.auction.Contract`, None when none."""
        if self.contract is None:
            return None
        level, strain, doubled, declarer = self.contract
        return f"{level}{STRAINS[strain]}{'X' * doubled} {SEATS[declarer]}"

    def key(self) -> tuple[Any, ...]:
        """Everything the classification says, as one comparable tuple (tests)."""
        return (self.index, self.board, self.dealer, self.calls, self.states, self.db_classes, self.complete,
                self.passed_out, self.turn, self.contract, self.recorded, self.agrees, self.problems,
                self.irregularities)


StateTable = dict[tuple[bool, ...], tuple[tuple[Any, ...], tuple[Any, ...]]]
"""Each opening pattern of calls (True) and passes (False) -> the four state codes and DB classes."""


def state_table(machine: Machine) -> StateTable:
    """First-round pattern -> (state codes, DB classes) of positions 1-4, from the machine.

    The key is one bool per position that has called (True: any call but pass), 0 to 4 of
    them; positions beyond the key, or after a step the machine does not know, get None.
    """
    table = {}
    for n in range(5):
        for bits in range(1 << n):
            pattern = tuple(bool(bits >> (n - 1 - i) & 1) for i in range(n))
            codes: list[str | None] = [None] * 4
            classes: list[str | None] = [None] * 4
            context: list[str] = []
            for pos, is_call in enumerate(pattern):
                if len(context) != pos:
                    break
                st = machine.step(tuple(context), "call" if is_call else "pass")
                if st is None:
                    break
                codes[pos], classes[pos] = st.code, st.db_class
                context.append(st.code)
            table[pattern] = (tuple(codes), tuple(classes))
    return table


_TABLES: dict[int, tuple[Machine, StateTable]] = {}


_LAST: list[Any] = [None, None, None]  # the machine asked last, its table and its openings: one identity test
_OPENINGS_MAX = 4096


def _table_for(machine: Machine) -> StateTable:
    if _LAST[0] is machine:
        table: StateTable = _LAST[1]
        return table
    hit = _TABLES.get(id(machine))
    if hit is None or hit[0] is not machine:
        hit = (machine, state_table(machine))
        _TABLES[id(machine)] = hit
    _LAST[0], _LAST[1], _LAST[2] = hit[0], hit[1], {}
    return hit[1]


def _opening(machine: Machine, codes: list[int]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The four state codes and DB classes of an auction that opens with ``codes[:4]``.

    Looked up by the first four call codes themselves (one tuple of ints, not a pattern of
    bools made for each board): the :func:`state_table` entry of their pattern, kept for
    the machine asked last (at most :data:`_OPENINGS_MAX` openings; they depend on nothing else)."""
    if _LAST[0] is not machine:
        _table_for(machine)
    openings: dict[tuple[int, ...], tuple[tuple[Any, ...], tuple[Any, ...]]] = _LAST[2]
    first = tuple(codes[:4])
    hit = openings.get(first)
    if hit is None:
        hit = _LAST[1][tuple(map(bool, first))]  # a pass is code 0: False
        if len(openings) < _OPENINGS_MAX:
            openings[first] = hit
    return hit


def summarize(board: Board, machine: Machine, kinds: dict[str, Any]) -> Summary:
    """The :class:`Summary` of a board read by any reader, in either lane, with the scorer's
    columns as the record writes them: room or table, vulnerability, result, score."""
    rec = board.recorded
    recorded = None if rec is None else rec.text
    problems = tuple([p.code for p in board.problems]) if board.problems else ()
    fast = board.codes is not None
    dealer = board.auction_dealer
    if dealer is None:
        s = Summary(board.source, board.index, board.board, board.format, None, (), _NONE4, _NONE4, False,
                    False, None, None, recorded, None, problems, (), fast)
    elif board.irregularities:
        s = _from_report(board, machine, kinds, recorded, problems, fast)
    else:  # a clean auction: the kernel's state says it all
        codes = board.codes
        if codes is None:
            codes = board.call_codes()
        hit = _LAST[2].get(tuple(codes[:4])) if _LAST[0] is machine else None
        states, classes = hit if hit is not None else _opening(machine, codes)
        bidding = board._bidding
        assert bidding is not None  # a board without irregularities always has its kernel state
        contract = bidding.contract()
        closed = bidding.closed
        passed_out = closed and not bidding.bids
        agrees = None if rec is None or not closed else rec.agrees_compact(contract, passed_out)
        turn = board._turn
        s = Summary(board.source, board.index, board.board, board.format, int(dealer), tuple(codes),
                    states, classes, closed, passed_out, None if turn is None else int(turn),
                    contract, recorded, agrees, problems, (), fast)
    s.room, s.vulnerability, s.score, s.line = board.room, board.vulnerability, board.score, board.line
    if rec is not None:
        s.result = rec.result
        if rec.declarer is not None:
            s.recorded_declarer = ("^" if rec.declarer_swapped else "") + SEATS[rec.declarer]
    if board.dealer is not None:
        s.dealer_tag = int(board.dealer)
    return s


def _from_report(board: Board, machine: Machine, kinds: dict[str, Any], recorded: str | None,
                 problems: tuple[str, ...], fast: bool) -> Summary:
    from arbitre.rulings.bridge.reading import report

    r = report(board, machine, kinds)
    assert r is not None
    seat_index = {s: i for i, s in enumerate(SEATS)}
    c = r.contract
    contract = None if c is None else (c.level, STRAINS.index(c.strain), c.doubled, seat_index[c.declarer])
    summary = Summary(board.source, board.index, r.board, board.format, seat_index[r.dealer],
                   tuple(kernel.CODES[x.call] for x in r.calls), tuple(s.state for s in r.seats),
                   tuple(s.db_class for s in r.seats), r.complete, r.passed_out,
                   None if r.turn is None else seat_index[r.turn], contract, r.recorded_contract,
                   r.agrees_with_record, problems, tuple(i.kind for i in r.irregularities), fast)
    summary.routes = tuple((i.law, i.tree) for i in r.irregularities)
    return summary
