"""The record model shared by the file readers (PBN, LIN, typed text): one :class:`Board` per record.

A real record is often dirty (a junk token, an auction typed twice, a call after the final
pass, ...). Reading never stops on a dirty board: what could be read goes into the board, and
each defect becomes a :class:`Problem` in ``board.problems`` (with its line and column), so a
director sees every record and what is wrong with it. Only a file that is not in the format
at all raises :class:`~arbitre.rulings.errors.InputError`.

:func:`finish_board` classifies a board once its calls are read, whichever lane read them:
a clean auction by the kernel alone (:func:`~arbitre.rulings.bridge.kernel.run`), any other
by the :class:`~arbitre.rulings.bridge.auction.Auction` engine, whose irregularities become
problems here (unless the record itself marks them as accepted, PBN ``^I``/``^S``); the
contract is compared with the record's own (PBN ``[Contract]``/``[Declarer]``, LIN ``rs|``)
by :meth:`RecordedResult.agrees_with`. The caps on a line and a record live here too.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from arbitre.rulings.bridge import kernel
from arbitre.rulings.bridge.auction import KIND_VALUE, Auction, Contract, Kind
from arbitre.rulings.bridge.calls import DOUBLE, PASS, REDOUBLE, Call, Strain
from arbitre.rulings.bridge.marks import FINDINGS, check_record
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

__all__ = [
    "STANDARD_CALLS",
    "Board",
    "CallToken",
    "Problem",
    "RecordedResult",
    "finish_board",
    "parse_recorded",
]


# -- problems -------------------------------------------------------------------------------
PROBLEM_KINDS: dict[str, T] = {
    # the short name of each problem code, for one-line views (the Problem itself says more)
    "unreadable-call": T("déclaration illisible", "unreadable call"),
    "unknown-token": T("élément inconnu dans les enchères", "unknown token in the auction"),
    "duplicated-auction": T("enchères en double", "auction given twice"),
    "call-after-close": T("déclaration après la clôture", "call after the close"),
    "incomplete-auction": T("enchères inachevées", "unfinished auction"),
    "contract-mismatch": T("contrat différent du relevé", "contract differs from the record"),
    "missing-note": T("note absente", "missing note"),
    "unused-note": T("note jamais appelée", "note never referred to"),
    "bad-tag": T("balise illisible", "unreadable tag"),  # "balise", as every message about a PBN tag says
    "stray-text": T("texte hors balise", "stray text"),
    "dealer-mismatch": T("donneur contradictoire", "conflicting dealer"),
    "misplaced-token": T("marque mal placée", "misplaced marker"),
    "call-after-unfinished": T("déclaration après « + » (enchères inachevées)", "call after '+' (unfinished auction)"),
    "unexpected-marker": T("marque d'irrégularité inattendue", "unexpected irregularity marker"),
    "no-dealer": T("donneur inconnu, Nord supposé", "unknown dealer, North assumed"),
    "bad-deal": T("distribution impossible", "impossible deal"),
}


@dataclass(slots=True)
class Problem:
    """One defect of a record. Reads like a :class:`T` (``fr``, ``en``, ``get``) plus where.

    ``code`` is stable for programs and tests: one of :data:`PROBLEM_KINDS`, or an engine
    irregularity kind (``insufficient-bid``, ``bid-out-of-rotation``, ...).
    """

    code: str
    message: T
    line: int | None = None
    column: int | None = None
    token: str | None = None

    @property
    def fr(self) -> str:
        return self.render("fr")

    @property
    def en(self) -> str:
        return self.render("en")

    def get(self, lang: str) -> str:
        return self.render(lang)

    def render(self, lang: str = "en") -> str:
        text = self.message.get(lang)
        if self.line is None:
            return text
        where = f"{self.line}:{self.column}" if self.column is not None else f"{self.line}"
        return f"{where}: {text}"

    def __str__(self) -> str:
        return self.render("en")

    @property
    def law(self) -> str | None:
        """The law of the finding, when the record states an irregularity or a score (see
        :data:`arbitre.rulings.bridge.marks.FINDINGS`)."""
        hit = FINDINGS.get(self.code)
        return None if hit is None else hit[1]

    def labelled(self) -> T:
        """The sentence preceded by the short name the summary view shows, and the law:
        ``revoke recorded (L64) — 12: the record marks...``."""
        short = problem_kind(self.code)
        law = self.law
        head = T(short.fr + (f" (L{law})" if law else ""), short.en + (f" (L{law})" if law else ""))
        return T(f"{head.fr} — {self.fr}", f"{head.en} — {self.en}")


def problem_kind(code: str) -> T:
    """The short name of a problem code (the code itself when it has none)."""
    short = PROBLEM_KINDS.get(code)
    if short is None:
        hit = FINDINGS.get(code)
        short = hit[0] if hit is not None else T(code, code)
    return short


# -- calls as read ----------------------------------------------------------------------------
@dataclass(slots=True)
class CallToken:
    """One call token as written in the record, and what became of it.

    ``call`` is None when the token could not be read (then it is not in the auction);
    ``entry`` is its index in ``auction.entries`` otherwise. ``marker`` is a PBN irregularity
    marker (``I``: insufficient bid accepted, ``S``: call out of rotation accepted, the skipped
    turn before it). ``annotations`` holds PBN suffixes (``!``, ``?!``) and NAGs (``$13``):
    in PBN ``!`` means "good call", not an alert.
    """

    text: str
    line: int
    column: int
    call: Call | None = None
    seat: Seat | None = None
    entry: int | None = None
    alert: bool = False
    explanation: str | None = None
    note: int | None = None
    marker: str | None = None
    annotations: list[str] = field(default_factory=list)


# -- the record's own result --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RecordedResult:
    """The contract, declarer and result a record states (independent of its auction).

    ``declarer_swapped`` is PBN's ``^`` before the declarer: the declarer named played the
    hand although the auction made his partner declarer (lead out of turn, Law 54A).
    """

    text: str
    passed_out: bool = False
    level: int | None = None
    strain: Strain | None = None
    doubled: int = 0
    declarer: Seat | None = None
    result: str | None = None
    declarer_swapped: bool = False

    def agrees_with(self, c: Contract | None, passed_out: bool) -> bool:
        """Same as :meth:`agrees`, from a final contract (None when passed out)."""
        return self.agrees_compact(None if c is None else (c.level, c.strain, c.doubled, c.declarer), passed_out)

    def agrees_compact(self, c: tuple[int, int, int, int] | None, passed_out: bool) -> bool:
        """Same as :meth:`agrees`, from the kernel's ``(level, strain, doubled, declarer)``
        (:meth:`~arbitre.rulings.bridge.kernel.Bidding.contract`). The one contract-agreement
        check: both lanes of every reader call it."""
        if self.passed_out:
            return passed_out
        if c is None or passed_out:
            return False
        level, strain, doubled, declarer = c
        if self.level is None:  # trump suit only
            return strain == self.strain
        if level != self.level or strain != self.strain or doubled != self.doubled:
            return False
        want = self.declarer
        if want is None:
            return True
        return declarer == (want ^ 2 if self.declarer_swapped else want)  # partner: the seat two along

    def __str__(self) -> str:
        return self.text


_STRAIN_LETTER = {"C": Strain.C, "D": Strain.D, "H": Strain.H, "S": Strain.S, "N": Strain.NT, "NT": Strain.NT}
_SEAT_LETTER = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}


def parse_recorded(contract: str, declarer: str | None = None, result: str | None = None) -> RecordedResult | None:
    """Read a contract as PBN writes it (``4HX``, ``3NT``, ``Pass``) or LIN's ``rs|`` (``4SWx-1``).

    ``declarer`` is PBN's separate tag (``S``, ``^S``); in the LIN form the declarer letter
    follows the strain and the result ends the string. Returns None when unreadable.
    """
    text = contract.strip()
    up = text.upper()
    if not up:
        return None
    if up in ("PASS", "P", "AP", "PASSED", "ALLPASS"):
        return RecordedResult(text, passed_out=True, result=result)
    if up in ("C", "D", "H", "S", "NT"):  # PBN end positions give the trump suit only
        return RecordedResult(text, strain=_STRAIN_LETTER[up])
    if len(up) < 2 or up[0] not in "1234567":
        return None
    level = int(up[0])
    i = 1
    if up.startswith("NT", i):
        strain, i = Strain.NT, i + 2
    elif up[i] in _STRAIN_LETTER:
        strain, i = _STRAIN_LETTER[up[i]], i + 1
    else:
        return None
    seat: Seat | None = None
    swapped = False
    if declarer is None and i < len(up) and up[i] in _SEAT_LETTER:  # LIN: 4SW...
        seat, i = _SEAT_LETTER[up[i]], i + 1
    doubled = 0
    while i < len(up) and up[i] == "X" and doubled < 2:
        doubled, i = doubled + 1, i + 1
    if doubled == 0 and i < len(up) and up[i] == "R":  # PBN also writes a redouble "R" (4SR)
        doubled, i = 2, i + 1
    rest = up[i:]
    if declarer is None:
        if rest and rest[0] not in "=+-":
            return None
        result = rest or result
    elif rest:
        return None
    else:
        d = declarer.strip().upper()
        if d.startswith("^"):
            swapped, d = True, d[1:]
        if d:
            if d not in _SEAT_LETTER:
                return None
            seat = _SEAT_LETTER[d]
    return RecordedResult(text, False, level, strain, doubled, seat, result, swapped)


# -- the board ----------------------------------------------------------------------------------
@dataclass(slots=True)
class Board:
    """One record (one table's play of one deal) read from a file: the one result type of
    every reader, whichever lane built it.

    The reference lane of a reader fills ``calls`` with one :class:`CallToken` per token
    (line, column, alert, note...); the fast lane of PBN and LIN fills ``codes`` with the
    kernel codes of the calls instead (only for records with nothing to report about a
    call). :func:`finish_board` classifies both the same way.
    """

    source: str
    index: int  # position of the record in its file (0-based)
    line: int  # first line of the record (1-based)
    format: str  # "pbn" | "lin" | "text"
    board: str | None = None  # id as written (PBN Board tag, LIN "o9"/"c9")
    number: int | None = None
    room: str | None = None  # "open" | "closed" (LIN vugraph)
    event: str | None = None
    dealer: Seat | None = None
    vulnerability: str | None = None  # "None" | "NS" | "EW" | "All" (raw text when unknown)
    players: dict[Seat, str] = field(default_factory=dict)
    calls: list[CallToken] = field(default_factory=list)
    auction_dealer: Seat | None = None  # who called first in the auction; None: no auction in the record
    seat_tagged: bool = False  # the record says who made each call (PBN ^S skips a turn)
    recorded: RecordedResult | None = None
    notes: dict[int, str] = field(default_factory=dict)
    unfinished: bool = False  # the record says the auction goes on (PBN "+")
    problems: list[Problem] = field(default_factory=list)
    codes: list[int] | None = None  # fast lane: the calls as kernel codes (``calls`` stays empty)
    irregularities: tuple[str, ...] = ()  # the engine's irregularity kinds (marked ones too), in call order
    score: str | None = None  # the record's own score as written (PBN [Score])
    deal: str | None = None  # the cards as written (PBN [Deal], LIN md|): tells two deals apart
    play_marks: list[tuple[int, int, str]] = field(default_factory=list)  # PBN ^R... in the play: line, column, mark
    _auction: Auction | None = field(default=None, init=False, repr=False, compare=False)
    _bidding: kernel.Bidding | None = field(default=None, init=False, repr=False, compare=False)
    _turn: Seat | None = field(default=None, init=False, repr=False, compare=False)

    # -- the auction --------------------------------------------------------------------------
    def release(self) -> None:
        """Let go of the engine's auction and the call tokens once the board is reported: a
        record of 100,000 calls need not hold them while its report is written. The board
        has no auction afterwards; only its report is to be used."""
        self._auction = None
        self.auction_dealer = None
        self.calls = []
        self.codes = None

    @property
    def auction(self) -> Auction | None:
        """The engine's auction, built from the readable calls the first time it is asked for.

        Clean auctions are classified by the kernel alone (:func:`finish_board`) and build the
        engine only on demand; that keeps reading whole folders fast.
        """
        if self._auction is None and self.auction_dealer is not None:
            a = Auction(self.auction_dealer)
            push = a.push
            if self.codes is not None:
                of_code = Call.of_code
                for code in self.codes:
                    push(of_code(code))
            else:
                tagged = self.seat_tagged
                for t in self.calls:
                    if t.call is not None:
                        e = push(t.call, t.seat if tagged else None, alert=t.alert, note=t.explanation,
                                 token=t.text, column=t.column)
                        t.entry, t.seat = e.index, e.seat
            self._auction = a
        return self._auction

    def call_codes(self) -> list[int]:
        """The readable calls as kernel codes, in record order."""
        if self.codes is not None:
            return self.codes
        return [t.call.code for t in self.calls if t.call is not None]

    # -- queries --------------------------------------------------------------------------------
    @property
    def has_auction(self) -> bool:
        return self.auction_dealer is not None

    @property
    def is_complete(self) -> bool:
        return self._bidding is not None and self._bidding.closed

    @property
    def is_passed_out(self) -> bool:
        return self._bidding is not None and self._bidding.passed_out

    @property
    def turn(self) -> Seat | None:
        """Whose turn it is (None when the auction is over or there is none)."""
        return self._turn

    @property
    def is_legal(self) -> bool:
        """A complete auction, every token read, no irregularity at all (marked or not)."""
        return self.is_complete and not self.irregularities and all(t.call is not None for t in self.calls)

    @property
    def contract(self) -> Contract | None:
        return None if self._bidding is None else Contract.of(self._bidding.contract())

    @property
    def agrees(self) -> bool | None:
        """Does the auction reach the record's own contract? None when it cannot be said."""
        bidding = self._bidding
        if self.recorded is None or bidding is None or not bidding.closed:
            return None
        return self.recorded.agrees_compact(bidding.contract(), bidding.passed_out)

    @property
    def accepted_irregularities(self) -> list[Any]:
        """Engine irregularities the record itself marks as accepted (PBN ``^I``/``^S``)."""
        if not self.irregularities or self.auction is None:
            return []
        marked = _marked_entries(self.calls)
        return [irr for irr in self.auction.irregularities if _accepted(irr.kind, marked.get(irr.index))]

    def problem_codes(self) -> list[str]:
        return [p.code for p in self.problems]

    def add_problem(self, code: str, message: T, line: int | None = None, column: int | None = None,
                    token: str | None = None) -> None:
        self.problems.append(Problem(code, message, line, column, token))


# -- shared reading helpers ------------------------------------------------------------------------
STANDARD_CALLS: dict[str, Call] = {"PASS": PASS, "P": PASS, "X": DOUBLE, "XX": REDOUBLE}
"""Upper-cased standard spellings (PBN and LIN) -> Call, checked before :meth:`Call.parse`."""
for _lvl in range(1, 8):
    for _letter, _strain in _STRAIN_LETTER.items():
        STANDARD_CALLS[f"{_lvl}{_letter}"] = Call.bid(_lvl, _strain)

_OUT_OF_ROTATION = (Kind.PASS_OUT_OF_ROTATION, Kind.BID_OUT_OF_ROTATION, Kind.DOUBLE_OUT_OF_ROTATION)


def _accepted(kind: Kind, marker: str | None) -> bool:
    if marker == "I":
        return kind is Kind.INSUFFICIENT_BID
    if marker == "S":
        return kind in _OUT_OF_ROTATION
    return False


def _marked_entries(calls: list[CallToken]) -> dict[int, str]:
    return {t.entry: t.marker for t in calls if t.marker and t.entry is not None}


_IRREGULARITY_TEXT = {
    Kind.INSUFFICIENT_BID: T("enchère insuffisante {call}", "insufficient bid {call}"),
    Kind.INADMISSIBLE_DOUBLE: T("contre ou surcontre inadmissible {call}", "inadmissible double or redouble {call}"),
    Kind.BID_ABOVE_SEVEN: T("enchère au-delà de sept {call}", "bid above seven {call}"),
    Kind.PASS_OUT_OF_ROTATION: T("passe hors tour", "pass out of rotation"),
    Kind.BID_OUT_OF_ROTATION: T("enchère hors tour {call}", "bid out of rotation {call}"),
    Kind.DOUBLE_OUT_OF_ROTATION: T("contre ou surcontre hors tour {call}", "double or redouble out of rotation {call}"),
}


_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


def finish_board(board: Board, *, complete_expected: bool = True, bidding: kernel.Bidding | None = None,
                 checked: dict[Any, Any] | None = None) -> Board:
    """Classify ``board`` once every call is read, turning what is wrong into problems.

    * calls after the close: one ``duplicated-auction`` problem when they repeat a stretch of
      the auction (an operator typed it twice), else one ``call-after-close``;
    * other irregularities: a problem each, unless the record marks them accepted;
    * a record marker with no irregularity under it: ``unexpected-marker``;
    * an unfinished auction the record does not say is unfinished: ``incomplete-auction``
      (only when ``complete_expected``);
    * a complete, clean auction whose contract disagrees with the record's: ``contract-mismatch``.

    A clean auction is judged by the kernel alone (``bidding``: the fast lane already ran it);
    any other goes through the engine, which says what is irregular. ``checked``: the
    reader's memo of :func:`~arbitre.rulings.bridge.marks.check_record` (its fast lane's).
    """
    dealer = board.auction_dealer
    if dealer is None:
        check_record(board, checked)
        return board
    codes = board.codes if board.codes is not None else board.call_codes()
    if bidding is None and not board.seat_tagged and not any(t.marker for t in board.calls):
        bidding = kernel.run(codes, dealer)
    if bidding is not None:  # clean: the kernel alone, no engine
        board._bidding = bidding
        closed = bidding.closed
        board._turn = None if closed else _SEATS[(dealer + len(codes)) & 3]
        if board.calls:
            n = 0
            for t in board.calls:
                if t.call is not None:
                    t.entry, t.seat = n, _SEATS[(dealer + n) & 3]
                    n += 1
    else:
        _engine_problems(board)
        auction = board.auction
        assert auction is not None
        board._bidding, board._turn = auction.bidding, auction.turn
        board.irregularities = tuple(KIND_VALUE[irr.kind] for irr in auction.irregularities)
        closed = board.is_complete
    if not closed:
        if complete_expected and not board.unfinished:
            calls = " ".join(map(kernel.text, codes))
            board.add_problem("incomplete-auction", T(
                "enchères inachevées : {calls}", "incomplete auction: {calls}").format(calls=calls or "-"), board.line)
    elif board.recorded is not None and not board.problems and not _agrees(board):
        contract = board.contract
        derived, derived_fr = ("Pass", "passe") if board.is_passed_out or contract is None else (
            str(contract), contract.render("fr"))
        board.add_problem("contract-mismatch", T(
            f"le contrat enregistré {_recorded_text(board.recorded, 'fr')} ne correspond pas aux enchères ({derived_fr})",
            f"recorded contract {_recorded_text(board.recorded)} does not match the auction ({derived})"), board.line)
    check_record(board, checked)
    return board


def _agrees(board: Board) -> bool:
    """:attr:`Board.agrees` of a board whose auction is closed (without its checks)."""
    state = board._bidding
    assert state is not None and board.recorded is not None
    return board.recorded.agrees_compact(state.contract(), state.passed_out)


def _engine_problems(board: Board) -> None:
    auction = board.auction
    assert auction is not None
    by_entry = {t.entry: t for t in board.calls if t.entry is not None}
    marked = _marked_entries(board.calls)
    after_close = [irr for irr in auction.irregularities if irr.kind is Kind.CALL_AFTER_CLOSE]
    if after_close:
        first = after_close[0].index
        texts = [str(e.call) for e in auction.entries]
        main, extra = " ".join(texts[:first]), " ".join(texts[first:])
        tok = by_entry.get(first)
        line, col = (tok.line, tok.column) if tok else (None, None)
        if len(texts) - first >= 3 and f" {extra} " in f" {main} ":
            board.add_problem("duplicated-auction", T(
                "enchères recopiées deux fois : {extra!r} répète une partie de {main!r}",
                "auction recorded twice: {extra!r} repeats part of {main!r}").format(extra=extra, main=main),
                line, col, extra)
        else:
            board.add_problem("call-after-close", T(
                "déclaration(s) après la fin des enchères : {extra}",
                "call(s) after the auction closed: {extra}").format(extra=extra), line, col, extra)
    flagged: set[int] = set()
    for irr in auction.irregularities:
        if irr.kind is Kind.CALL_AFTER_CLOSE:
            continue
        if _accepted(irr.kind, marked.get(irr.index)):
            flagged.add(irr.index)
            continue
        tok = by_entry.get(irr.index)
        text = _IRREGULARITY_TEXT.get(irr.kind, T(irr.kind.value, irr.kind.value))
        board.add_problem(irr.kind.value, text.format(call=str(irr.call)),
                          tok.line if tok else None, tok.column if tok else None, tok.text if tok else None)
    for index, marker in marked.items():
        if index not in flagged:
            tok = by_entry[index]
            board.add_problem("unexpected-marker", T(
                "marque ^{m} sur {t!r} sans irrégularité correspondante",
                "marker ^{m} on {t!r} with no matching irregularity").format(m=marker, t=tok.text),
                tok.line, tok.column, tok.text)


def _recorded_text(rec: RecordedResult, lang: str = "en") -> str:
    """The record's contract in a message: ``4HX S`` (English, as PBN and LIN write it) or
    ``4♥X Sud`` (French, as the French views write a contract)."""
    fr = lang == "fr"
    if rec.passed_out:
        return "passe" if fr else "Pass"
    seat = "" if rec.declarer is None else (rec.declarer.render("fr") if fr else rec.declarer.name)
    d = ("^" if rec.declarer_swapped and seat else "") + seat
    strain = "?" if rec.strain is None else (rec.strain.render("fr") if fr else rec.strain.name)
    return f"{rec.level}{strain}{'X' * rec.doubled} {d}".strip()


# -- long auctions -----------------------------------------------------------------------------
@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while an auction's objects are built.

    A typed auction may hold 100,000 calls, each with its entry, token, irregularity and
    report: objects without cycles, which the collector would scan again and again (half
    the time of such an auction). Reference counting still frees everything.
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


# -- bounded input -----------------------------------------------------------------------------
MAX_LINE = 1 << 20
"""The longest line any reader accepts (1 MiB): a longer one is an :class:`InputError` naming it."""
MAX_RECORD = 1 << 20
"""The longest record (a PBN game, a LIN record) a reader holds at once (1 MiB)."""


def too_long(source: str | None, line: int, what: str = "record") -> InputError:
    """The error for a line or a record over the cap, naming where it starts."""
    if what == "line":
        message = T("ligne {n} trop longue (plus de 1 Mio) : ce n'est pas un relevé d'enchères",
                    "line {n} is longer than 1 MiB: not an auction record").format(n=line)
    else:
        message = T("l'enregistrement commençant ligne {n} dépasse 1 Mio (ligne vide manquante ?)",
                    "the record starting at line {n} is longer than 1 MiB (a missing blank line?)").format(n=line)
    return InputError(message, line=line, source=source)
