"""Read BBO LIN files (vugraph and single-hand) into :class:`~arbitre.rulings.bridge.records.Board` s.

LIN is a flat list of ``key|value|`` pairs; lines only wrap it (a record may break across
lines anywhere), so the reader joins the lines and walks the pairs once, block by block
(streaming), keeping each pair's offset to report line and column. One walker, two lanes:
the reference lane makes a token per call (line, column, alert, explanation), the fast lane
(``fast=True``) keeps the calls of a plain record as kernel codes. The keys used here:

* ``vg|event,segment,I,first,last,team,score,team,score|`` header; ``rs|`` results of every
  table, two per board (open room then closed room) from board ``first``; ``pn|`` players,
  S, W, N, E of the open room then of the closed room;
* ``qx|o9|`` starts a record (``o``: open room, ``c``: closed room, board 9);
  ``ah|Board 9|`` names the board in single-hand files;
* ``md|3...|`` the deal, its first digit the dealer (1=S, 2=W, 3=N, 4=E); ``sv|`` vulnerability
  (``o``/``0`` none, ``n`` NS, ``e`` EW, ``b`` both);
* ``mb|1N|`` a call (``p`` pass, ``d`` double, ``r`` redouble, a trailing ``!`` an alert);
  ``an|text|`` explains the call just before it.

A record that breaks (junk call, calls after the close, an auction typed twice, an
incomplete auction) is kept with its problems; only a text that is not LIN at all raises
:class:`~arbitre.rulings.errors.InputError`.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from itertools import accumulate, repeat
from typing import IO, Any

from arbitre.rulings.bridge import kernel
from arbitre.rulings.bridge.calls import DOUBLE, PASS, REDOUBLE, Call
from arbitre.rulings.bridge.records import (
    MAX_RECORD,
    STANDARD_CALLS,
    Board,
    CallToken,
    RecordedResult,
    finish_board,
    parse_recorded,
)
from arbitre.rulings.bridge.records import too_long as _too_long
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.digits import is_number
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

__all__ = ["LIN_DEALER", "iter_boards", "load", "loads"]

LIN_DEALER = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
_LIN_SEATS = (Seat.S, Seat.W, Seat.N, Seat.E)  # pn| order
_VUL = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
_CALLS: dict[str, Call] = {**STANDARD_CALLS, "D": DOUBLE, "R": REDOUBLE, "DBL": DOUBLE, "RDBL": REDOUBLE}
_CALLS["P"] = PASS
_EXACT: dict[str, tuple[Call, bool]] = {}
"""Exact ``mb|`` values as LIN writes them -> (call, alert): one dict look-up per call."""
for _text, _call_value in _CALLS.items():
    for _form in {_text, _text.lower(), _text[:1] + _text[1:].lower()}:
        _EXACT[_form] = (_call_value, False)
        _EXACT[_form + "!"] = (_call_value, True)
_CODE: dict[str, int] = {form: call.code for form, (call, _alert) in _EXACT.items()}
"""The same values -> kernel code (the fast lane reads runs of calls with it)."""


def load(fp: IO[str] | IO[bytes], source: str | None = None) -> list[Board]:
    """Read every record of an open LIN file (bytes are decoded as Latin-1)."""
    data = fp.read()
    text = data.decode("latin-1") if isinstance(data, bytes) else data
    return loads(text, source=source or str(getattr(fp, "name", "<lin>")))


def loads(text: str, source: str = "<lin>") -> list[Board]:
    """Read every record of a LIN text."""
    return list(iter_boards(text, source=source))


class _Header:
    __slots__ = ("_given", "_names", "_seated", "event", "first", "players", "pn", "results")

    def __init__(self) -> None:
        self.event: str | None = None
        self.first: int | None = None
        self.results: list[str] = []
        self.players: list[str] = []
        self.pn: str | None = None  # the last pn| value as written
        self._seated: dict[tuple[str | None, ...], dict[Seat, str]] = {}
        self._names: dict[str, list[str]] = {}  # pn| values met -> the names (single-hand files alternate a few)
        self._given: tuple[dict[Seat, str], list[str], str | None] | None = None  # the last seating handed out

    def read_pn(self, value: str) -> None:
        """A ``pn|`` value: the players, S, W, N, E (then the closed room's)."""
        self.pn = value
        names = self._names.get(value)
        if names is None:
            names = [p.strip() for p in value.split(",")]
            if len(self._names) < _SEATED_MAX:
                self._names[value] = names
        self.players = names

    def seated(self, room: str | None) -> dict[Seat, str]:
        """The players of ``room`` by seat (a new dict each time: each board owns its own).

        Single-hand files repeat ``pn|`` in every record, often with the same few tables:
        each seating is worked out once (at most :data:`_SEATED_MAX` are kept)."""
        key = (room, *self.players)
        hit = self._seated.get(key)
        if hit is None:
            hit = _players(self.players, room)
            if len(self._seated) < _SEATED_MAX:
                self._seated[key] = hit
        given = dict(hit)
        self._given = (given, self.players, room)
        return given

    def is_seated(self, players: dict[Seat, str], room: str | None) -> bool:
        """Is ``players`` the seating :meth:`seated` handed out last, for ``room`` and these players?"""
        given = self._given
        return given is not None and given[0] is players and given[1] is self.players and given[2] == room


_KEY_LETTER = {"mb": "b", "an": "a", "qx": "q", "md": "m", "sv": "s", "ah": "h", "vg": "v", "rs": "r", "pn": "n"}
"""The keys read here, one letter each; the others (the play, comments...) are skipped."""
_SEATED_MAX = 256
_NOT_DIGITS = re.compile("[^0-9]+")
_EVENTS = re.compile("b+|[^.b]")  # a run of calls is one event


def iter_boards(text: str | Iterable[str], source: str = "<lin>", *, fast: bool = False) -> Iterator[Board]:
    """Yield one :class:`Board` per record of a LIN text, in file order.

    ``text`` is the whole text or an iterable of blocks of whole lines (the streaming
    reader, :func:`arbitre.rulings.bridge.reading.blocks`). ``fast``: records whose calls
    are all plain and regular carry kernel call codes instead of call tokens (the summary view).
    """
    reader = _Reader(source, fast)
    for block in ([text] if isinstance(text, str) else text):
        yield from reader.feed(block)
    yield from reader.close()


class _Record:
    """The record being read: its board, and its calls as read (kept until the record ends)."""

    __slots__ = ("board", "calls", "codes", "notes", "plain", "runs", "seen_md", "start")

    def __init__(self, board: Board, start: int) -> None:
        self.board = board
        self.start = start  # offset of the record's first pair in the joined text
        self.calls: list[str | CallToken] = []  # the value of a plain call, or the token of an odd one
        # where the plain values start, worked out only if the reference lane needs it: for each
        # run of mb| pairs, (its first index in ``calls``, the parts, the index of its first value
        # among them, the end of the run, the offset of a part before it and that part's index)
        self.runs: list[tuple[int, list[str], int, int, int, int]] = []
        self.codes: list[int] = []
        self.plain = True  # every call a plain LIN call (the fast lane can take it)
        self.notes: dict[int, str] = {}  # call number -> an| explanation
        self.seen_md = False


class _Reader:
    """The LIN reader: walks the ``key|value|`` pairs of the joined lines, block by block.

    Lines only wrap LIN, so the lines are joined and cut at ``|``; a pair cut by the end of
    a block waits for the next one. Only the pairs that matter are visited (the play, most
    of the file, is skipped in bulk). Offsets are in the joined text; ``starts`` maps them to
    lines for the records still being read.
    """

    def __init__(self, source: str, fast: bool) -> None:
        self.source = source
        self.fast = fast
        self.header = _Header()
        self.count = 0
        self.rec: _Record | None = None
        self.carry = ""
        self.carry_at = 0  # offset of ``carry`` in the joined text
        self.starts: list[int] = [0]  # offsets of line starts (joined text), the first one is line ``first_line``
        self.first_line = 1
        self.checked = False
        self.findings: dict[Any, Any] = {}  # the fast lane's memo of record checks (see marks.check_record)

    # -- blocks ------------------------------------------------------------------------------------
    def feed(self, block: str) -> Iterator[Board]:
        lines = block.splitlines()
        at = self.carry_at + len(self.carry)
        self.starts += accumulate(map(len, lines), initial=at)
        del self.starts[-len(lines) - 1]  # ``at`` itself is already there
        joined = "".join(lines)
        yield from self._pairs(self.carry + joined if self.carry else joined, final=False)

    def close(self) -> Iterator[Board]:
        yield from self._pairs(self.carry, final=True)
        if not self.checked:
            raise self._not_lin()
        if self.rec is not None:
            yield self._finish(self.rec)
            self.rec = None

    def _not_lin(self) -> InputError:
        return InputError(T("ce n'est pas un fichier LIN (paires clé|valeur|)",
                            "not a LIN file (key|value| pairs)"), line=1, column=1, source=self.source)

    def where(self, off: int) -> tuple[int, int]:
        """Line and column (1-based) of the offset ``off`` of the joined text."""
        starts = self.starts
        n = bisect_right(starts, off)  # empty lines share their start with the next line: take the last
        return self.first_line + n - 1, off - starts[n - 1] + 1

    def _pairs(self, text: str, final: bool) -> Iterator[Board]:
        base = self.carry_at
        parts = text.split("|")
        if not self.checked:
            if len(parts) < 3:
                if len(text) > MAX_RECORD:
                    raise self._not_lin()
                self.carry = text
                return
            if not _looks_like_key(parts[0]):
                raise self._not_lin()
            self.checked = True
        if final:  # the last value may lack its closing "|"
            npairs = len(parts) // 2
            self.carry = ""
        else:  # the last part may go on in the next block, and with it a key whose value it is
            npairs = (len(parts) - 1) // 2
            self.carry = "|".join(parts[2 * npairs:])
            if len(self.carry) > MAX_RECORD:
                raise _too_long(self.source, self.where(base + len(text) - len(self.carry))[0], "line")
        # the offset of a part, base + offs[j] + j, is worked out when needed, from a cursor: the
        # part ``cj`` starts at ``ca`` (parts are visited in order; most offsets are never needed)
        cj, ca = 0, base
        keys = parts[0:2 * npairs:2]
        kc = "".join(map(_KEY_LETTER.get, keys, repeat(".")))
        odd = set(keys).difference(_KEY_LETTER)
        if odd:
            extra = {k: _KEY_LETTER[k.strip().lower()] for k in odd if k.strip().lower() in _KEY_LETTER}
            if extra:
                kc = "".join(_KEY_LETTER.get(k) or extra.get(k, ".") for k in keys)
        header = self.header
        for m in _EVENTS.finditer(kc):
            i = m.start()
            k = 2 * i
            e = kc[i]
            rec = self.rec
            if e == "b":  # a run of mb| pairs
                if rec is None or rec.board.auction_dealer is None:
                    ca += sum(map(len, parts[cj:k])) + k - cj
                    cj = k
                    if rec is None:
                        rec = self._new(ca)
                    board = rec.board
                    if board.auction_dealer is None:
                        line, col = self.where(ca)
                        board.add_problem("no-dealer", T(
                            "déclaration avant la donne (md|) : donneur inconnu, Nord supposé",
                            "call before the deal (md|): dealer unknown, North assumed"), line, col)
                        board.auction_dealer = Seat.N
                stop = k + 2 * (m.end() - m.start())
                values = parts[k + 1:stop:2]
                codes = list(map(_CODE.get, values))
                if None not in codes:  # the common case: "p", "1N", "2C!" ...
                    rec.runs.append((len(rec.calls), parts, k + 1, stop, ca, cj))
                    rec.calls += values
                    rec.codes += codes  # type: ignore[arg-type]
                else:
                    board = rec.board
                    ats = _value_offsets(parts, k + 1, stop, ca + sum(map(len, parts[cj:k + 1])) + k + 1 - cj)
                    for value, value_at, code in zip(values, ats, codes, strict=True):
                        line, col = self.where(value_at)
                        if code is not None:
                            call, alert = _EXACT[value]
                            rec.calls.append(CallToken(value, line, col, call, alert=alert))
                            rec.codes.append(code)
                        else:
                            rec.calls.append(_call(board, value, line, col))
                            rec.plain = False
                if base + len(text) - rec.start > MAX_RECORD:  # (the last value starts before the text ends)
                    last_at = ca + sum(map(len, parts[cj:stop - 1])) + stop - 1 - cj
                    if last_at - rec.start > MAX_RECORD:  # where the last value starts
                        raise _too_long(self.source, rec.board.line)
                continue
            value = parts[k + 1]
            if e == "m":  # md (the branches go by how often single-hand records use them)
                ca += sum(map(len, parts[cj:k])) + k - cj
                cj = k
                key_at = ca
                if rec is None or rec.seen_md:
                    if rec is not None:
                        yield self._finish(rec)
                    rec = self._new(key_at)
                rec.seen_md = True
                board = rec.board
                dealer = LIN_DEALER.get(value[:1])
                if dealer is None:
                    line, col = self.where(key_at + len(parts[k]) + 1)
                    board.add_problem("no-dealer", T("donneur illisible dans md|{v}| (1=S, 2=O, 3=N, 4=E) : Nord supposé",
                                                     "unreadable dealer in md|{v}| (1=S, 2=W, 3=N, 4=E): North assumed"
                                                     ).format(v=value[:12]), line, col, value[:1])
                board.dealer = dealer
                if board.auction_dealer is None:
                    board.auction_dealer = dealer if dealer is not None else Seat.N
            elif e == "s":  # sv
                if rec is not None:
                    vul = _VUL.get(value)  # as LIN writes it: "o", "n", "e", "b"
                    rec.board.vulnerability = vul if vul is not None else _VUL.get(value.strip().lower(),
                                                                                     value.strip())
            elif e == "h":  # ah
                if rec is not None:
                    _board_id(rec.board, value, header)
            elif e == "n":  # pn
                if value != header.pn:  # single-hand files repeat it in every record
                    header.read_pn(value)
                if rec is not None and not rec.board.players:
                    rec.board.players = header.seated(rec.board.room)
            elif e == "a":  # an
                if rec is not None and rec.calls:
                    rec.notes[len(rec.calls) - 1] = value.strip()
            elif e == "q":  # qx
                if rec is not None:
                    yield self._finish(rec)
                ca += sum(map(len, parts[cj:k])) + k - cj
                cj = k
                rec = self._new(ca)
                _board_id(rec.board, value, header)
            elif e == "v":  # vg
                fields = value.split(",")
                header.event = fields[0].strip() or None
                if len(fields) > 3 and is_number(fields[3].strip()):
                    header.first = int(fields[3])
            else:  # rs
                header.results = value.split(",")
        self.carry_at = base + len(text) - len(self.carry)
        self._trim()

    def _trim(self) -> None:
        """Forget the line starts no record still being read needs."""
        keep = self.rec.start if self.rec is not None else self.carry_at
        n = bisect_right(self.starts, keep) - 1
        if n > 64:
            del self.starts[:n]
            self.first_line += n

    def _new(self, key_at: int) -> _Record:
        board = _new_board(self.source, self.count, self.where(key_at)[0], self.header)
        self.count += 1
        self.rec = _Record(board, key_at)
        return self.rec

    def _finish(self, rec: _Record) -> Board:
        """The board of a record: its calls as codes (fast lane) or as tokens (reference lane)."""
        board = rec.board
        if self.fast and rec.plain and board.auction_dealer is not None:
            bidding = kernel.run(rec.codes, board.auction_dealer)
            if bidding is not None:
                board.codes = rec.codes
                return finish_board(board, bidding=bidding, checked=self.findings)
        tokens = board.calls
        where = self.where
        ats: dict[int, int] = {}
        for first, parts, j, stop, at, at_part in rec.runs:
            at += sum(map(len, parts[at_part:j])) + j - at_part
            ats.update(enumerate(_value_offsets(parts, j, stop, at), first))
        for i, item in enumerate(rec.calls):
            if isinstance(item, CallToken):
                tok = item
            else:
                line, col = where(ats[i])
                call, alert = _EXACT[item]
                tok = CallToken(item, line, col, call, alert=alert)
            if i in rec.notes:
                tok.explanation = rec.notes[i]
            tokens.append(tok)
        return finish_board(board)


def _value_offsets(parts: list[str], j: int, stop: int, at: int) -> list[int]:
    """Where the values ``parts[j]``, ``parts[j + 2]``... before ``stop`` start, the first at ``at``
    (each value, then its key, then the two ``|`` after them)."""
    out = []
    for n in range(j, stop, 2):
        out.append(at)
        at += len(parts[n]) + len(parts[n + 1]) + 2 if n + 1 < stop else 0
    return out


def _looks_like_key(raw: str) -> bool:
    key = raw.strip()
    return 1 <= len(key) <= 3 and key.isalnum()


def _new_board(source: str, index: int, line: int, header: _Header) -> Board:
    # (source, index, line, format, board, number, room, event, dealer, vulnerability, players: by
    # position, cheaper than by name)
    return Board(source, index, line, "lin", None, None, None, header.event, None, None,
                 header.seated(None) if header.players else {})


def _players(names: list[str], room: str | None) -> dict[Seat, str]:
    start = 4 if room == "closed" and len(names) >= 8 else 0
    return {seat: name for seat, name in zip(_LIN_SEATS, names[start:start + 4], strict=False) if name}


def _board_id(board: Board, value: str, header: _Header) -> None:
    """``qx|o9|`` / ``qx|c9,BOARD 9|`` / ``ah|Board 9|``: room, number, and the ``rs|`` entry."""
    if value.startswith("Board ") and is_number(value[6:]):  # ah|Board 9|: the usual
        board.board = value  # (its own first field, stripped: no comma, no blank at either end)
        board.number = int(value[6:])
    else:
        _other_id(board, value)
    if header.players and not header.is_seated(board.players, board.room):
        board.players = header.seated(board.room)
    if board.number is not None and board.room is not None and header.results:
        first = header.first if header.first is not None else 1
        slot = (board.number - first) * 2 + (0 if board.room == "open" else 1)
        if 0 <= slot < len(header.results):
            board.recorded = _recorded(header.results[slot])


def _other_id(board: Board, value: str) -> None:
    """A board id other than ``Board 9``: ``o9``, ``c9,BOARD 9``... (room and number), or any text with digits."""
    ident = value.split(",")[0].strip()
    board.board = ident or board.board
    room = ident[:1].lower()
    if room in ("o", "c") and is_number(ident[1:]):
        board.room = "open" if room == "o" else "closed"
        board.number = int(ident[1:])
    else:
        digits = _NOT_DIGITS.sub("", value)
        if digits:
            board.number = int(digits)


def _recorded(entry: str) -> RecordedResult | None:
    entry = entry.strip()
    return parse_recorded(entry) if entry else None


def _call(board: Board, value: str, line: int, column: int) -> CallToken:
    raw = value.strip()
    core = raw
    alert = False
    while core.endswith("!"):
        core, alert = core[:-1], True
    core = core.strip()
    tok = CallToken(raw, line, column, alert=alert)
    call = _CALLS.get(core.upper())
    if call is None:
        try:
            call = Call.parse(core)
        except InputError as err:
            board.add_problem("unreadable-call", err.message,
                              line, column, raw)
            return tok
    tok.call = call
    return tok
