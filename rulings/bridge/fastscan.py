"""A fast path to classify whole PBN and LIN files: one compact :class:`Summary` per record.

Why: the reference path (``pbn``/``lin`` readers -> :class:`~arbitre.rulings.bridge.records.Board`
-> auction engine -> :func:`~arbitre.rulings.bridge.classify.classify` -> pydantic report)
builds several objects per call and per record. A referee scanning a season of files wants
the positional states, DB classes and contracts of thousands of boards at once; the
reports are only needed for the few boards someone looks at.

What: :func:`scan_file` reads a whole text with bulk operations (``str.split``,
``re.findall`` over the text, dict lookups for tokens) and classifies each *plainly
clean* record with a small integer checker and precomputed tables:

* calls are compact ints: ``0`` pass, ``1`` double, ``2`` redouble, a bid its rank
  ``level * 5 + strain`` (1C = 5 ... 7NT = 39);
* the four seats' states and DB classes come from a table of the 31 first-round
  pass/call patterns, precomputed from the :class:`~arbitre.rulings.bridge.positional.Machine`
  (nothing here knows a state code);
* contract, declarer, completeness and the record's own contract are checked with the
  same rules as the engine (``records._quick`` and ``Auction``).

Any record that is not plainly clean (an unknown token, a ``^I``/``^S`` marker, a ``+``,
an unreadable tag, an irregularity such as an insufficient bid, an inadmissible double,
a call after the close, ...) *falls back* to the reference reader and engine for that
record, so every :class:`Summary` is identical to what the reference path says
(``tests/test_fastscan.py`` checks it on every record of the shared data). A whole file
falls back when its layout is not plain (comments, ``#`` tag values, broken tag lines,
exotic line breaks), because then records cannot be cut at blank lines safely.

:meth:`Summary.report` gives the full :class:`~arbitre.rulings.bridge.report.AuctionReport`
lazily, through the reference path (one reference read per file, shared by its records).
"""
from __future__ import annotations

import re
from itertools import accumulate, repeat

from arbitre.rulings.bridge.calls import CallKind
from arbitre.rulings.bridge.positional import Machine
from arbitre.rulings.bridge.records import STANDARD_CALLS, parse_recorded

__all__ = ["Summary", "scan_file", "scan_text", "summary_of", "state_table", "classify_calls", "check", "call_text",
           "SEATS", "STRAINS"]

SEATS = ("N", "E", "S", "W")
STRAINS = ("C", "D", "H", "S", "NT")
PASS, DOUBLE, REDOUBLE = 0, 1, 2
_AP = 50  # PBN "AP": the passes that close the auction
_NOTE = 100  # PBN note reference =n= is _NOTE + n


def call_text(code: int) -> str:
    """The canonical English form of a call code (``P``, ``X``, ``XX``, ``1H``, ``3NT``)."""
    if code >= 5:
        return f"{code // 5}{STRAINS[code % 5]}"
    return ("P", "X", "XX")[code]


# -- the summary ------------------------------------------------------------------------------
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
    ``fast`` says which path produced it (False: the reference reader and engine).
    """

    __slots__ = ("source", "index", "board", "format", "dealer", "calls", "states", "db_classes",
                 "complete", "passed_out", "turn", "contract", "recorded", "agrees", "problems",
                 "irregularities", "fast", "_file", "_report")

    def __init__(self, source, index, board, fmt, dealer, calls, states, db_classes, complete, passed_out,
                 turn, contract, recorded, agrees, problems, irregularities, fast, file, report=None):
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
        self._file = file
        self._report = report

    @property
    def has_auction(self) -> bool:
        return self.dealer is not None

    @property
    def is_clean(self) -> bool:
        return not self.problems and not self.irregularities

    def call_texts(self) -> list[str]:
        return [call_text(c) for c in self.calls]

    def contract_text(self) -> str | None:
        """``4HX S`` like :class:`~arbitre.rulings.bridge.auction.Contract`, None when none."""
        if self.contract is None:
            return None
        level, strain, doubled, declarer = self.contract
        return f"{level}{STRAINS[strain]}{'X' * doubled} {SEATS[declarer]}"

    def key(self) -> tuple:
        """Everything the classification says, as one comparable tuple (tests, dedup)."""
        return (self.index, self.board, self.dealer, self.calls, self.states, self.db_classes, self.complete,
                self.passed_out, self.turn, self.contract, self.recorded, self.agrees, self.problems,
                self.irregularities)

    def report(self):
        """The full :class:`AuctionReport` through the reference path (None: no auction)."""
        if self._report is None and self.dealer is not None:
            self._report = self._file.report(self.index)
        return self._report

    def board_record(self):
        """The reference reader's :class:`~arbitre.rulings.bridge.records.Board` for this record."""
        return self._file.board(self.index)

    def __repr__(self) -> str:
        calls = " ".join(self.call_texts())
        return (f"Summary({self.source}#{self.index} board={self.board!r} dealer={self.dealer} [{calls}] "
                f"states={self.states} contract={self.contract_text()} fast={self.fast})")


# -- tables from the machine -------------------------------------------------------------------
def state_table(machine: Machine) -> dict[tuple[bool, ...], tuple[tuple, tuple]]:
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


_TABLES: dict[int, tuple[Machine, dict]] = {}


def _table_for(machine: Machine) -> dict:
    hit = _TABLES.get(id(machine))
    if hit is None or hit[0] is not machine:
        hit = (machine, state_table(machine))
        _TABLES[id(machine)] = hit
    return hit[1]


# -- tokens ---------------------------------------------------------------------------------------
def _code_of(call) -> int:
    if call.kind is CallKind.BID:
        return call.level * 5 + int(call.strain)
    return {CallKind.PASS: PASS, CallKind.DOUBLE: DOUBLE, CallKind.REDOUBLE: REDOUBLE}[call.kind]


_STD: dict[str, int] = {k: _code_of(c) for k, c in STANDARD_CALLS.items()}  # upper-cased spellings
_PBN_TOK: dict[str, int] = {}
for _k, _v in _STD.items():
    for _form in {_k, _k.lower(), _k.capitalize(), _k[:1] + _k[1:].lower()}:
        _PBN_TOK[_form] = _v
for _n in range(1, 33):
    _PBN_TOK[f"={_n}="] = _NOTE + _n
for _form in ("AP", "ap", "Ap"):
    _PBN_TOK[_form] = _AP
_LIN_STD = {**_STD, "D": DOUBLE, "R": REDOUBLE, "DBL": DOUBLE, "RDBL": REDOUBLE}
_LIN_TOK: dict[str, int] = {}
_CACHE_MAX = 4096


def _pbn_token(word: str) -> int | None:
    """A PBN auction word the table does not know yet: a case variant of a call, or not plain."""
    code = _STD.get(word.upper())
    if code is None and word.upper() == "AP":
        code = _AP
    if code is None and len(word) > 2 and word[0] == "=" == word[-1] and word[1:-1].isascii() \
            and word[1:-1].isdigit() and 1 <= int(word[1:-1]) <= 32:
        code = _NOTE + int(word[1:-1])
    if code is not None and len(_PBN_TOK) < _CACHE_MAX:
        _PBN_TOK[word] = code
    return code


def _lin_token(value: str) -> int | None:
    """A LIN ``mb|`` value: strip, drop trailing alert marks, look the call up (as lin.py does)."""
    core = value.strip().rstrip("!").strip()
    code = _LIN_STD.get(core.upper())
    if code is not None and len(_LIN_TOK) < _CACHE_MAX:
        _LIN_TOK[value] = code
    return code


# -- the auction checker ----------------------------------------------------------------------------
def check(calls: list[int]):
    """Classify a list of call codes with the engine's rules; None at the first irregularity.

    Returns ``(complete, level, strain, doubled, declarer_offset)`` where the contract is
    relative to the dealer (``declarer_offset`` 0-3); level 0 means no bid.
    """
    last = 0  # rank of the last bid, 0: none
    last_side = dbl_side = -1
    doubled = passes = 0
    first = {}  # side * 8 + strain -> offset of the first bidder
    closed = False
    final = len(calls) - 1  # the close must be the last call
    for i, c in enumerate(calls):
        if c >= 5:
            if c <= last or c > 39:
                return None
            last, last_side, doubled, passes = c, i & 1, 0, 0
            k = last_side * 8 + c % 5
            if k not in first:
                first[k] = i & 3
        elif c == 0:
            passes += 1
            if passes >= 3 and (last or passes >= 4):
                if i != final:  # a call after the close
                    return None
                closed = True
        elif c == 1:
            if not last or doubled or last_side == i & 1:
                return None
            doubled, dbl_side, passes = 1, i & 1, 0
        else:
            if doubled != 1 or dbl_side == i & 1:
                return None
            doubled, passes = 2, 0
    if not last:
        return closed, 0, 0, 0, 0
    return closed, last // 5, last % 5, doubled, first[last_side * 8 + last % 5]


_REC_CACHE: dict[tuple, tuple | None] = {}


def _recorded(contract: str, declarer: str | None):
    """The record's contract as ``(passed_out, level, strain, doubled, auction_declarer)``.

    Uses :func:`records.parse_recorded` (cached). Returns False when unreadable.
    """
    key = (contract, declarer)
    hit = _REC_CACHE.get(key)
    if hit is None:
        rec = parse_recorded(contract, declarer)
        if rec is None:
            hit = False
        else:
            want = rec.auction_declarer
            hit = (rec.passed_out, rec.level, None if rec.strain is None else int(rec.strain), rec.doubled,
                   None if want is None else int(want))
        if len(_REC_CACHE) < _CACHE_MAX:
            _REC_CACHE[key] = hit
    return hit


def _agrees(rec: tuple, contract: tuple | None, passed_out: bool) -> bool:
    """:meth:`RecordedResult.agrees_with` on compact tuples."""
    rec_passed, level, strain, doubled, want = rec
    if rec_passed:
        return passed_out
    if contract is None or passed_out:
        return False
    if level is None:
        return contract[1] == strain
    if contract[:3] != (level, strain, doubled):
        return False
    return want is None or want == contract[3]


# -- files -----------------------------------------------------------------------------------------
class _File:
    """One scanned text: what is needed to go back to the reference path, lazily."""

    __slots__ = ("text", "source", "fmt", "machine", "kinds", "_boards")

    def __init__(self, text: str, source: str, fmt: str, machine: Machine, kinds: dict) -> None:
        self.text, self.source, self.fmt, self.machine, self.kinds = text, source, fmt, machine, kinds
        self._boards = None

    def boards(self) -> list:
        if self._boards is None:
            from arbitre.rulings.bridge import reading

            self._boards = reading.read_text(self.text, self.source, fmt=self.fmt)
        return self._boards

    def board(self, index: int):
        return self.boards()[index]

    def report(self, index: int):
        from arbitre.rulings.bridge import reading

        return reading.report(self.board(index), self.machine, self.kinds)


def summary_of(board, report, file: _File | None = None, index: int | None = None) -> Summary:
    """The :class:`Summary` of a record read and classified by the reference path."""
    idx = board.index if index is None else index
    if report is None:
        return Summary(board.source, idx, board.board, board.format, None, (), (None,) * 4, (None,) * 4, False,
                       False, None, None, None if board.recorded is None else str(board.recorded), None,
                       tuple(board.problem_codes()), (), False, file)
    seat_index = {s: i for i, s in enumerate(SEATS)}
    calls = tuple(_call_code(c.call) for c in report.calls)
    states = tuple(s.state for s in report.seats)
    classes = tuple(s.db_class for s in report.seats)
    c = report.contract
    contract = None if c is None else (c.level, STRAINS.index("NT" if c.strain == "NT" else c.strain), c.doubled,
                                       seat_index[c.declarer])
    return Summary(board.source, idx, report.board, board.format, seat_index[report.dealer], calls, states, classes,
                   report.complete, report.passed_out, None if report.turn is None else seat_index[report.turn],
                   contract, report.recorded_contract, report.agrees_with_record, tuple(board.problem_codes()),
                   tuple(i.kind for i in report.irregularities), False, file, report)


def _call_code(text: str) -> int:
    if text in ("P", "X", "XX"):
        return ("P", "X", "XX").index(text)
    return int(text[0]) * 5 + STRAINS.index(text[1:])


def classify_calls(calls: list[int], table: dict) -> tuple | None:
    """A dealer-relative classification of clean call codes, or None at an irregularity.

    ``(calls, complete, level, strain, doubled, declarer_offset, states, classes)``; the
    same auction text always gives the same tuple, so files memoise it per auction text.
    """
    result = check(calls)
    if result is None:
        return None
    states, classes = table[tuple(map(bool, calls[:4]))]
    return (tuple(calls), *result, states, classes)


def _fast(source, index, board, fmt, dealer, hit, recorded_text, rec, file) -> Summary:
    """The summary of a clean record from its classified auction (see :func:`classify_calls`)."""
    calls, complete, level, strain, doubled, offset, states, classes = hit
    if level:
        contract = (level, strain, doubled, (dealer + offset) & 3)
        passed_out = False
    else:
        contract = None
        passed_out = complete
    agrees = None
    problems = ()
    if not complete:
        problems = _INCOMPLETE
    elif rec is not None:
        agrees = _agrees(rec, contract, passed_out)
        if not agrees:
            problems = _MISMATCH
    return Summary(source, index, board, fmt, dealer, calls, states, classes, complete, passed_out,
                   None if complete else (dealer + len(calls)) & 3, contract, recorded_text, agrees, problems, (),
                   True, file)


_INCOMPLETE = ("incomplete-auction",)
_MISMATCH = ("contract-mismatch",)


def scan_file(text: str, fmt: str, machine: Machine, kinds: dict, source: str = "<text>") -> list[Summary]:
    """Classify every record of a PBN (``fmt="pbn"``) or LIN (``"lin"``) text.

    Same records, in the same order, with the same classification as
    ``reading.read_text`` + ``reading.report``; raises the reference reader's
    :class:`~arbitre.rulings.errors.InputError` when the text is not in the format.
    """
    file = _File(text, source, fmt, machine, kinds)
    if fmt == "pbn":
        return _scan_pbn(file, _table_for(machine))
    if fmt == "lin":
        return _scan_lin(file, _table_for(machine))
    return _reference_all(file)


def scan_text(text: str, machine: Machine, kinds: dict, source: str = "<text>") -> list[Summary]:
    """:func:`scan_file` with the format sniffed as ``reading.read_text`` does."""
    from arbitre.rulings.bridge import textauction

    return scan_file(text, textauction.sniff(text), machine, kinds, source)


def _reference_all(file: _File) -> list[Summary]:
    """The whole file through the reference path."""
    from arbitre.rulings.bridge import reading

    return [summary_of(b, reading.report(b, file.machine, file.kinds), file) for b in file.boards()]


# -- PBN ----------------------------------------------------------------------------------------------
_PBN_SEAT = {"N": 0, "E": 1, "S": 2, "W": 3}
_PBN_VUL_OK = frozenset(("None", "NS", "EW", "All", "Both", "Love", "-", "none", "ns", "ew", "all", "both", "love",
                         "NONE", "ALL", "BOTH", "LOVE", ""))
_PBN_DECLARER_OK = frozenset(("", "?", "N", "E", "S", "W", "^N", "^E", "^S", "^W"))
# a plain tag line, as pbn.py reads it (the value may hold escapes, which its tokenizer reads)
_VALUE = r'[^"\\\n]*(?:\\.[^"\\\n]*)*'
_TAG_LINES = re.compile(r'^\[[A-Za-z0-9]+ "' + _VALUE + r'"\]$', re.M)
_NOT_PLAIN = re.compile(r'[\[\]{};"\\]')  # outside tag lines: comments, broken tags, strings
# A "[" that does not open a plain tag line: one after something else than a line break (the
# lookbehind), or one starting a line that is not exactly one tag. The literal "[" in front lets
# the regex engine jump from "[" to "[" instead of trying every position. _ODD_BRACKET reads
# values without escapes (faster); _ODD_BRACKET_ESCAPED, with them, rechecks what it finds.
_ODD_BRACKET = re.compile(r'\[(?:(?<=[^\n]\[)|(?![A-Za-z0-9]+ "[^"\\\n]*+"\]$))', re.M)
_ODD_BRACKET_ESCAPED = re.compile(r'\[(?:(?<=[^\n]\[)|(?![A-Za-z0-9]+ "' + _VALUE + r'"\]$))', re.M)
# The tags a record's classification needs, on the record's text. In a plain file (see
# _plain_pbn) '[Name "' can only open a tag line (a value holds no unescaped quote), so the
# pattern needs no line anchors. _WANT reads values without escapes (faster); records
# holding a backslash use _WANT_ESCAPED.
_WANTED = r'\[(Board|Dealer|Vulnerable|Declarer|Contract|Auction) "('
_WANT = re.compile(_WANTED + r'[^"\\\n]*+)"\]')
_WANT_ESCAPED = re.compile(_WANTED + _VALUE + r')"\]')
_ODD_BREAKS = ("\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
_BLANKISH = re.compile(r"^[ \t][^\S\n]*$", re.M)  # pbn.py ends a game on these lines
_FALLBACK_CHUNKS_MAX = 8  # more dirty records than this in a file: read the whole file once instead


def _plain_pbn(text: str) -> str | None:
    """The text with CRLF and blank-ish lines normalised, or None when records cannot be cut
    at blank lines with certainty (comments, broken tags, ``#`` values, exotic line breaks).

    One regex pass finds the first ``[`` that does not open a plain tag line. None at all:
    every ``[`` starts one plain tag line, and when the ``"`` are exactly their quotes and
    there is no ``{``, nothing else can hide a tag or a comment. A ``[`` line that is not
    one plain tag: not plain. Otherwise (a ``[`` inside a line, stray quotes or braces) one
    strict pass decides: outside the plain tag lines, no bracket, brace, quote, ``;`` or
    backslash.
    Multi-character searches over the whole text are guarded by cheap one-character ones.
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    for c in _ODD_BREAKS:
        if c in text:
            return None
    if "#" in text and '"#"]' in text:
        return None
    odd = _odd_bracket(text)
    if odd < 0:  # every "[" opens a plain tag line (so they number text.count("["))
        strict = "{" in text or text.count('"') != 2 * text.count("[")
    elif odd == 0 or text[odd - 1] == "\n":  # a "[" line that is not one plain tag
        return None
    else:  # a "[" inside a line: fine inside a tag value, not elsewhere
        strict = True
    if strict and _NOT_PLAIN.search(_TAG_LINES.sub("", text)):  # strict: every line, one regex pass
        return None
    if text[:1] in (" ", "\t") or "\n " in text or ("\t" in text and "\n\t" in text):
        text = _BLANKISH.sub("", text)
    return text


def _odd_bracket(text: str) -> int:
    """Where the first ``[`` that does not open a plain tag line is, -1 if there is none."""
    escapes = "\\" in text
    pos = 0
    while True:
        odd = _ODD_BRACKET.search(text, pos)
        if odd is None:
            return -1
        if not escapes or _ODD_BRACKET_ESCAPED.match(text, odd.start()):
            return odd.start()
        pos = odd.start() + 1  # a plain tag line with an escape in its value


def _scan_pbn(file: _File, table: dict) -> list[Summary]:
    text = _plain_pbn(file.text)
    if text is None:
        return _reference_all(file)
    source = file.source
    chunks = text.split("\n\n")
    memo: dict = {}  # auction text -> its classification (many tables bid the same deal alike)
    findall, findall_escaped = _WANT.findall, _WANT_ESCAPED.findall
    comments = "%" in text  # without one, no record can hold a comment line
    out: list[Summary] = []
    todo: list[tuple[int, int]] = []  # (position in out, chunk number) of records to read the reference way
    index = 0
    for ci, chunk in enumerate(chunks):
        if not chunk or chunk[0] != "[":
            chunk = chunk.lstrip("\n")
            while chunk[:1] == "%":  # comment lines before the record
                nl = chunk.find("\n")
                chunk = "" if nl < 0 else chunk[nl + 1:].lstrip("\n")
            if not chunk:
                continue
            if chunk[0] != "[":  # text before any tag: a stray record
                out.append(None)  # type: ignore[arg-type]
                todo.append((len(out) - 1, ci))
                index += 1
                continue
        found = findall(chunk) if "\\" not in chunk else findall_escaped(chunk)
        s = _pbn_record(chunk, found, source, index, table, file, memo, comments)
        out.append(s)  # type: ignore[arg-type]
        if s is None:
            todo.append((len(out) - 1, ci))
        index += 1
    if not out:
        return _reference_all(file)  # no record: the reference says why, or returns nothing
    if todo:
        _pbn_fallback(file, text, chunks, out, todo)
    return out


def _pbn_fallback(file: _File, text: str, chunks: list[str], out: list, todo: list[tuple[int, int]]) -> None:
    """Read the records the fast path refused with the reference reader."""
    from arbitre.rulings.bridge import pbn, reading

    if len(todo) > _FALLBACK_CHUNKS_MAX:
        boards = file.boards()
        if len(boards) != len(out):
            out[:] = _reference_all(file)
            return
        for pos, _ in todo:
            out[pos] = summary_of(boards[pos], reading.report(boards[pos], file.machine, file.kinds), file)
        return
    starts = list(accumulate((len(c) + 2 for c in chunks), initial=0))
    for pos, ci in todo:
        line0 = text.count("\n", 0, starts[ci])
        # the same lines at the same place: line numbers in problems stay right
        boards = pbn.loads("\n" * line0 + chunks[ci], source=file.source)
        if len(boards) != 1:
            out[:] = _reference_all(file)
            return
        b = boards[0]
        b.index = pos
        out[pos] = summary_of(b, reading.report(b, file.machine, file.kinds), file, pos)


def _pbn_record(chunk: str, found: list, source: str, index: int, table: dict, file: _File, memo: dict,
                comments: bool = True) -> Summary | None:
    """One record of a plain PBN file, or None when it must go the reference way.

    ``found`` is the record's wanted tags in order (``_WANT``), ``comments`` False when the
    file has no ``%`` at all. The file is plain (:func:`_plain_pbn`): every line starting
    with ``[`` is one plain tag, so the auction section and its notes are found by plain
    string searches from the ``[Auction`` line, not by a regex over the whole record.
    """
    if comments and "\n%" in chunk:
        return None
    tags = dict(found)
    dealer_tag = tags.get("Dealer")
    if dealer_tag:
        dealer_tag = _PBN_SEAT.get(dealer_tag, -1)
        if dealer_tag < 0:
            return None
    if tags.get("Vulnerable", "") not in _PBN_VUL_OK:
        return None
    declarer = tags.get("Declarer", "")
    if declarer not in _PBN_DECLARER_OK:
        return None
    if declarer == "?":
        declarer = ""
    contract = tags.get("Contract", "")
    rec = None
    recorded_text = None
    if contract and contract != "?":
        if contract != contract.strip() or "\\" in contract:
            return None
        rec = _recorded(contract, declarer)
        if rec is False:
            return None
        recorded_text = contract
    board = tags.get("Board")
    if board is not None and "\\" in board:
        return None
    seat = tags.get("Auction")
    if seat is None:
        if "[Note " in chunk:
            return None
        return Summary(source, index, board, "pbn", None, (), (None,) * 4, (None,) * 4, False, False, None, None,
                       recorded_text, None, (), (), True, file)
    dealer = _PBN_SEAT.get(seat)
    if dealer is None or (dealer_tag is not None and dealer_tag != "" and dealer_tag != dealer):
        return None
    # a second auction section falls back; it would repeat a wanted tag (more found than
    # tags), so the record is only counted through then
    if len(tags) != len(found) and chunk.count('[Auction "') != 1:
        return None
    at = chunk.find("\n", chunk.find('[Auction "'))
    end = -1  # the line break before the tag line that follows the calls (-1: they end the record)
    if at < 0:
        body = ""
    else:
        end = chunk.find("\n[", at)
        body = chunk[at + 1:end] if end >= 0 else chunk[at + 1:]
    hit = memo.get(body)
    if hit is None:
        hit = memo[body] = _pbn_auction(body, table)
    if hit is False:
        return None
    refs, hit = hit
    if refs or (end >= 0 and chunk.startswith('[Note "', end + 1)):
        if _auction_notes(chunk, end) != refs:  # a note nobody refers to, or a reference to no note
            return None
    if chunk.startswith("[Note "):  # a note before any tag it could belong to
        return None
    return _fast(source, index, board, "pbn", dealer, hit, recorded_text, rec, file)


_NO_REFS: frozenset = frozenset()


def _pbn_auction(body: str, table: dict):
    """An auction section's text -> ``(note references, classified auction)``, False if not plain."""
    words = body.split()
    codes = list(map(_PBN_TOK.get, words))
    if None in codes:
        codes = [c if c is not None else _pbn_token(w) for c, w in zip(codes, words, strict=False)]
        if None in codes:
            return False
    refs = _NO_REFS
    if codes and max(codes) >= _AP:
        annotated = _pbn_annotated(codes)
        if annotated is None:
            return False
        codes, refs = annotated
    hit = classify_calls(codes, table)
    return False if hit is None else (refs, hit)


def _pbn_annotated(codes: list[int]) -> tuple[list[int], frozenset] | None:
    """Calls with ``AP`` and note references: the plain calls and the notes referred to,
    or None when a reference is misplaced (before any call, two on one call)."""
    calls: list[int] = []
    refs: set[int] = set()
    noted = True  # no call yet: a note reference here is an orphan
    bids = trailing = 0
    for c in codes:
        if c < _AP:
            calls.append(c)
            noted = False
            if c == PASS:
                trailing += 1
            else:
                trailing = 0
                bids += c >= 5
        elif c == _AP:
            need = (3 if bids else 4) - trailing
            if need > 0:
                calls.extend([PASS] * need)
                trailing += need
                noted = False
        else:
            if noted:
                return None
            noted = True
            refs.add(c - _NOTE)
    return calls, frozenset(refs)


def _auction_notes(chunk: str, end: int) -> set[int] | None:
    """Note numbers of the auction section, None if one is unreadable.

    Its notes are the ``[Note "n:..."]`` tag lines right after its calls, from
    ``chunk[end + 1]`` on (``end`` < 0: the section ends the record, no note); a note after
    another tag belongs to that tag's section. Needs a plain file (every ``[`` line one tag
    ``[Name "value"]``), so a value is its line less the 7-character head and 2-character tail.
    """
    notes: set[int] = set()
    if end < 0:
        return notes
    pos = end + 1
    while chunk.startswith('[Note "', pos):
        stop = chunk.find("\n", pos)
        if stop < 0:
            stop = len(chunk)
        value = chunk[pos + 7:stop - 2]
        idx, sep, _ = value.partition(":")
        if not sep or not idx.isascii() or not idx.strip().isdigit() or not 1 <= int(idx) <= 32:
            return None
        notes.add(int(idx))
        pos = stop + 1
    return notes


# -- LIN ----------------------------------------------------------------------------------------------
# the keys that matter here, one letter each (an|, sv|, pn| and the play change no classification)
_LIN_KEYS = {"mb": "b", "qx": "q", "md": "m", "ah": "h", "vg": "v", "rs": "r"}
_LIN_FOLDED = frozenset(("mb", "an", "qx", "md", "sv", "ah", "vg", "rs", "pn"))  # keys lin.py reads
_LIN_DEALER = {"1": 2, "2": 3, "3": 0, "4": 1}  # md| digit -> seat (1=S, 2=W, 3=N, 4=E)
_LIN_EVENTS = re.compile("[^.]")


class _LinRec:
    """What one LIN record collects before it is classified (no object per call)."""

    __slots__ = ("index", "board", "room", "number", "dealer", "calls", "ok", "rec")

    def __init__(self, index: int) -> None:
        self.index = index
        self.board = self.room = self.number = self.dealer = self.rec = None
        self.calls: list[int] = []
        self.ok = True


def _scan_lin(file: _File, table: dict) -> list[Summary]:
    text = file.text
    joined = "".join(text.splitlines())
    parts = joined.split("|")
    if len(parts) < 3:
        return _reference_all(file)  # not LIN: the reference reader raises
    head = parts[0].strip()
    if not (1 <= len(head) <= 3 and head.isalnum()):
        return _reference_all(file)
    keys = parts[0:len(parts) - 1:2]
    for k in set(keys).difference(_LIN_FOLDED):
        if k.strip().lower() in _LIN_FOLDED:  # " MB": the reference folds it; not plain
            return _reference_all(file)
    kc = "".join(map(_LIN_KEYS.get, keys, repeat(".")))
    source = file.source
    results: list[str] = []
    first = 1
    recs: list[_LinRec] = []
    rec: _LinRec | None = None
    seen_md = False
    tok = _LIN_TOK.get
    for m in _LIN_EVENTS.finditer(kc):
        i = m.start()
        e = kc[i]
        value = parts[2 * i + 1]
        if e == "b":
            if rec is None:
                rec = _LinRec(len(recs))
                recs.append(rec)
            if rec.dealer is None:
                rec.ok = False
            code = tok(value)
            if code is None:
                code = _lin_token(value)
                if code is None:
                    rec.ok = False
                    continue
            rec.calls.append(code)
        elif e == "q":
            rec = _LinRec(len(recs))
            recs.append(rec)
            seen_md = False
            _lin_board_id(rec, value, results, first)
        elif e == "m":
            if rec is None or seen_md:
                rec = _LinRec(len(recs))
                recs.append(rec)
            seen_md = True
            d = _LIN_DEALER.get(value[:1])
            if d is None:
                rec.ok = False
            elif rec.dealer is None:
                rec.dealer = d
        elif e == "h":
            if rec is not None:
                _lin_board_id(rec, value, results, first)
        elif e == "v":
            fields = value.split(",")
            if len(fields) > 3 and fields[3].strip().isdigit():
                first = int(fields[3])
        elif e == "r":
            results = value.split(",")
    out: list[Summary] = []
    for r in recs:
        s = None
        if r.ok:
            if r.dealer is None:
                s = Summary(source, r.index, r.board, "lin", None, (), (None,) * 4, (None,) * 4, False, False, None,
                            None, None if r.rec is None else r.rec[1], None, (), (), True, file)
            else:
                hit = classify_calls(r.calls, table)
                if hit is not None:
                    recd = r.rec
                    s = _fast(source, r.index, r.board, "lin", r.dealer, hit,
                              None if recd is None else recd[1], None if recd is None else recd[0], file)
        out.append(s)  # type: ignore[arg-type]
    if None in out:
        from arbitre.rulings.bridge import reading

        boards = file.boards()
        if len(boards) != len(out):
            return _reference_all(file)
        for i, s in enumerate(out):
            if s is None:
                out[i] = summary_of(boards[i], reading.report(boards[i], file.machine, file.kinds), file)
    return out


def _lin_board_id(rec: _LinRec, value: str, results: list[str], first: int) -> None:
    """``qx|o9|`` / ``ah|Board 9|``: board id, room, number and the ``rs|`` entry (as lin.py)."""
    ident = value.split(",")[0].strip()
    rec.board = ident or rec.board
    room = ident[:1].lower()
    if room in ("o", "c") and ident[1:].isascii() and ident[1:].isdigit():  # ASCII: "²".isdigit() is True
        rec.room = room
        rec.number = int(ident[1:])
    else:
        digits = "".join(ch for ch in value if ch in "0123456789")
        if digits:
            rec.number = int(digits)
    if rec.number is not None and rec.room is not None and results:
        slot = (rec.number - first) * 2 + (0 if rec.room == "o" else 1)
        if 0 <= slot < len(results):
            entry = results[slot].strip()
            if entry:
                parsed = _recorded(entry, None)  # unreadable: no recorded contract, as lin.py
                rec.rec = None if parsed is False else (parsed, entry)
            else:
                rec.rec = None
