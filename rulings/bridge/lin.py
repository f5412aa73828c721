"""Read BBO LIN files (vugraph and single-hand) into :class:`~arbitre.rulings.bridge.records.Board` s.

LIN is a flat list of ``key|value|`` pairs; lines only wrap it (a record may break across
lines anywhere), so the reader walks the pairs of the whole text once, keeping each pair's
offset to report line and column. The keys used here:

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

from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate
from typing import IO

from arbitre.rulings.bridge.calls import DOUBLE, PASS, REDOUBLE, Call
from arbitre.rulings.bridge.records import (
    STANDARD_CALLS,
    Board,
    CallToken,
    RecordedResult,
    finish_board,
    parse_recorded,
)
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

__all__ = ["load", "loads", "iter_boards", "LIN_DEALER"]

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


def load(fp: IO[str] | IO[bytes], source: str | None = None) -> list[Board]:
    """Read every record of an open LIN file (bytes are decoded as Latin-1)."""
    data = fp.read()
    if isinstance(data, bytes):
        data = data.decode("latin-1")
    return loads(data, source=source or getattr(fp, "name", "<lin>"))


def loads(text: str, source: str = "<lin>") -> list[Board]:
    """Read every record of a LIN text."""
    return list(iter_boards(text, source=source))


class _Header:
    __slots__ = ("event", "first", "results", "players")

    def __init__(self) -> None:
        self.event: str | None = None
        self.first: int | None = None
        self.results: list[str] = []
        self.players: list[str] = []


_KEYS = {"mb": 1, "an": 2, "qx": 3, "md": 4, "sv": 5, "ah": 6, "vg": 7, "rs": 8, "pn": 9}
_SKIP = frozenset(("pc", "pg", "nt", "st", "mc", "sk", "pf", "px", "hs", "lf"))


def iter_boards(text: str, source: str = "<lin>") -> Iterator[Board]:
    """Yield one :class:`Board` per record of a LIN text, in file order."""
    lines = text.splitlines()
    joined = "".join(lines)  # records may break across lines anywhere: join, keep line starts
    parts = joined.split("|")
    if len(parts) < 3 or not _looks_like_key(parts[0]):
        raise InputError(T("ce n'est pas un fichier LIN (paires clé|valeur|)",
                           "not a LIN file (key|value| pairs)"), line=1, column=1, source=source)
    starts = list(accumulate(map(len, lines), initial=0))
    lengths = list(accumulate(map(len, parts), initial=0))  # + k separators before part k

    def where(k: int) -> tuple[int, int]:
        """Line and column (1-based) of part ``k`` in the original text."""
        off = lengths[k] + k
        n = bisect_right(starts, off)  # empty lines share their start with the next line: take the last
        return n, off - starts[n - 1] + 1

    header = _Header()
    board: Board | None = None
    seen_md = False
    last_call: CallToken | None = None
    count = 0
    get = _KEYS.get
    exact = _EXACT.get
    keys = parts[0:len(parts) - 1:2]
    skip = _SKIP
    for k in [2 * i for i, key in enumerate(keys) if key not in skip]:  # cards and comments: most pairs
        key = parts[k]
        code = get(key)
        if code is None:
            code = get(key.strip().lower())
            if code is None:
                continue
        value = parts[k + 1]
        if code == 1:  # mb
            if board is None:
                board = _new_board(source, count, where(k)[0], header)
                count += 1
            if board.auction_dealer is None:
                line, col = where(k)
                board.add_problem("no-dealer", T("déclaration avant la donne (md|) : donneur inconnu, Nord supposé",
                                                 "call before the deal (md|): dealer unknown, North assumed"),
                                  line, col)
                board.auction_dealer = Seat.N
            off = lengths[k + 1] + k + 1
            n = bisect_right(starts, off)
            fast = exact(value)
            if fast is not None:  # the common case: "p", "1N", "2C!" ...
                last_call = CallToken(value, n, off - starts[n - 1] + 1, fast[0], alert=fast[1])
                board.calls.append(last_call)
            else:
                last_call = _call(board, value, n, off - starts[n - 1] + 1)
        elif code == 2:  # an
            if last_call is not None:
                last_call.explanation = value.strip()
        elif code == 3:  # qx
            if board is not None:
                yield finish_board(board)
            board = _new_board(source, count, where(k)[0], header)
            count += 1
            seen_md, last_call = False, None
            _board_id(board, value, header)
        elif code == 4:  # md
            if board is None or seen_md:
                if board is not None:
                    yield finish_board(board)
                board = _new_board(source, count, where(k)[0], header)
                count += 1
                last_call = None
            seen_md = True
            dealer = LIN_DEALER.get(value[:1])
            if dealer is None:
                line, col = where(k + 1)
                board.add_problem("no-dealer", T("donneur illisible dans md|{v}| (1=S, 2=O, 3=N, 4=E) : Nord supposé",
                                                 "unreadable dealer in md|{v}| (1=S, 2=W, 3=N, 4=E): North assumed"
                                                 ).format(v=value[:12]), line, col, value[:1])
            board.dealer = dealer
            if board.auction_dealer is None:
                board.auction_dealer = dealer if dealer is not None else Seat.N
        elif code == 5:  # sv
            if board is not None:
                board.vulnerability = _VUL.get(value.strip().lower(), value.strip())
        elif code == 6:  # ah
            if board is not None:
                _board_id(board, value, header)
        elif code == 7:  # vg
            fields = value.split(",")
            header.event = fields[0].strip() or None
            if len(fields) > 3 and fields[3].strip().isdigit():
                header.first = int(fields[3])
        elif code == 8:  # rs
            header.results = value.split(",")
        else:  # pn
            header.players = [p.strip() for p in value.split(",")]
            if board is not None and not board.players:
                board.players = _players(header.players, board.room)
    if board is not None:
        yield finish_board(board)


def _looks_like_key(raw: str) -> bool:
    key = raw.strip()
    return 1 <= len(key) <= 3 and key.isalnum()


def _new_board(source: str, index: int, line: int, header: _Header) -> Board:
    return Board(source=source, index=index, line=line, format="lin", event=header.event,
                 players=_players(header.players, None) if header.players else {})


def _players(names: list[str], room: str | None) -> dict[Seat, str]:
    start = 4 if room == "closed" and len(names) >= 8 else 0
    return {seat: name for seat, name in zip(_LIN_SEATS, names[start:start + 4], strict=False) if name}


def _board_id(board: Board, value: str, header: _Header) -> None:
    """``qx|o9|`` / ``qx|c9,BOARD 9|`` / ``ah|Board 9|``: room, number, and the ``rs|`` entry."""
    ident = value.split(",")[0].strip()
    board.board = ident or board.board
    room = ident[:1].lower()
    if room in ("o", "c") and ident[1:].isascii() and ident[1:].isdigit():  # ASCII: "²".isdigit() is True
        board.room = "open" if room == "o" else "closed"
        board.number = int(ident[1:])
    else:
        digits = "".join(ch for ch in value if ch in "0123456789")
        if digits:
            board.number = int(digits)
    if header.players:
        board.players = _players(header.players, board.room)
    if board.number is not None and board.room is not None and header.results:
        first = header.first if header.first is not None else 1
        slot = (board.number - first) * 2 + (0 if board.room == "open" else 1)
        if 0 <= slot < len(header.results):
            board.recorded = _recorded(header.results[slot])


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
    board.calls.append(tok)
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
