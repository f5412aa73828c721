"""Auctions typed by hand (one per line), and :func:`sniff` to tell PBN, LIN and typed text apart.

The typed format, decided for the director's keyboard:

* one auction per non-empty line; ``#`` starts a comment to the end of the line;
* calls separated by spaces and/or commas, in the grammar of
  :meth:`~arbitre.rulings.bridge.calls.Call.parse` (``P``, ``Passe``, ``X``, ``XX``, ``1NT``,
  ``1SA``, ``2♥``, ``3Co`` ...); ``AP`` (all pass) adds the passes that close the auction;
* a trailing ``!`` alerts the call (``1C!``);
* ``TD`` (or ``Arbitre``, ``Director``) between two calls says the director was called there,
  before the next call: a call out of rotation still open is then cancelled by the director
  (Law 29B) rather than by the next player's call (Law 28B), and the rectification the auction
  can tell follows (see :meth:`~arbitre.rulings.bridge.auction.Auction.rectify`);
* ``NC`` (or ``non-comparable``, ``non comparable``, ``not comparable``, ``(NC)``) right after a
  call records the director's ruling that this call, replacing a call he rectified (an
  insufficient bid, Law 27B; a call out of rotation, Laws 30B, 31, 32), is not comparable
  (Law 23A); ``comparable`` (or ``(C)``) records the opposite. The forced pass of the
  offender's partner that follows is then checked (Law 37). A mark that follows no such
  replacement is refused: the ruling it records has nothing to rule;
* a seat tag says who made the call: ``N:1H E:P S:2C`` (``N E S W``, ``O`` for Ouest, or the
  words); untagged calls follow the rotation. Tags let the director type a call out of
  rotation (the engine judges it);
* the dealer: a ``Dealer: S`` / ``Dealer=S`` / ``Donneur: S`` prefix on the line, else the
  ``dealer`` argument, else the seat of the first call when it is tagged, else North for an
  untagged line (positions count from the dealer, so only the compass names depend on
  it). A line whose later calls are tagged but whose first is not, with no dealer given,
  is refused: who called out of rotation would be a guess.

Typed auctions may stop anywhere (the director types up to the irregularity), so an
unfinished auction is not a problem here. Any unreadable token raises
:class:`~arbitre.rulings.errors.InputError` naming the token, its line and column (1-based).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from arbitre.rulings.bridge.calls import PASS, Call
from arbitre.rulings.bridge.records import (
    STANDARD_CALLS,
    Board,
    CallToken,
    finish_board,
    gc_paused,
)
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

__all__ = ["iter_boards", "loads", "parse_line", "sniff"]

_TWO_WORDS = re.compile(r"\b(non|not) (comparable)\b", re.IGNORECASE)  # one token, same columns
_DEALER = re.compile(r"\s*(?:dealer|donneur)\s*[:=]?\s*([^\s,:=]+)\s*[,;]?", re.IGNORECASE)
_TOKEN = re.compile(r"[^\s,]+")
_LIN_KEY = re.compile(r"[a-z]{2}\|")

NOT_AUCTIONS = 10
"""Unreadable lines, with no auction read before them, that make a file "not a file of auctions"."""


def loads(text: str, dealer: Seat | None = None, source: str = "<text>") -> list[Board]:
    """Read every auction of a typed text: one :class:`Board` per non-empty line."""
    return list(iter_boards((text,), dealer=dealer, source=source))


def iter_boards(parts: Iterable[str], dealer: Seat | None = None, source: str = "<text>",
                errors: list[InputError] | None = None) -> Iterator[Board]:
    """One :class:`Board` per non-empty line of a text given in blocks of whole lines.

    With ``errors`` (a file or stdin), an unreadable line is appended there and reading goes
    on with the next line; without it, the first unreadable line raises. A file whose first
    :data:`NOT_AUCTIONS` lines are all unreadable is not a file of auctions (a letter, a
    README...): one :class:`InputError` says so, instead of one per line."""
    lineno = index = 0
    first_error = None if errors is None else len(errors)
    for block in parts:
        for line in block.splitlines():
            lineno += 1
            try:
                board = parse_line(line, dealer=dealer, source=source, lineno=lineno, index=index)
            except InputError as err:
                if errors is None:
                    raise
                errors.append(err)
                if index == 0 and first_error is not None and len(errors) - first_error >= NOT_AUCTIONS:
                    first = errors[first_error]
                    del errors[first_error:]
                    raise InputError(T(
                        f"ce n'est pas un fichier d'enchères : aucune de ses {NOT_AUCTIONS} premières lignes ne se "
                        f"lit comme des enchères (ligne {first.line} : {first.message.fr})",
                        f"not a file of auctions: none of its first {NOT_AUCTIONS} lines reads as an auction "
                        f"(line {first.line}: {first.message.en})"), source=source) from None
                continue
            if board is not None:
                index += 1
                yield board


def parse_line(line: str, dealer: Seat | None = None, source: str = "<text>", lineno: int = 1,
               index: int = 0) -> Board | None:
    """Read one typed auction; None for a blank or comment-only line."""
    with gc_paused():
        return _parse_line(line, dealer, source, lineno, index)


def _parse_line(line: str, dealer: Seat | None, source: str, lineno: int, index: int) -> Board | None:
    body = line.split("#", 1)[0]
    if not body.strip():
        return None
    if "omparable" in body or "OMPARABLE" in body:
        body = _TWO_WORDS.sub(r"\1-\2", body)
    start = 0
    m = _DEALER.match(body)
    if m:
        try:
            dealer = Seat.parse(m.group(1))
        except InputError as err:
            raise _located(err, source, lineno, m.start(1) + 1) from None
        start = m.end()
    board = Board(source=source, index=index, line=lineno, format="text")
    pending: list[tuple[str, int, _Token]] = []  # raw, column, what the token says
    known = _TOKENS  # the same few tokens make up every auction: each is read once
    tagged = False
    rulings: dict[int, bool] = {}  # the position of a call -> the director's ruling marked after it
    for tm in _TOKEN.finditer(body, start):
        raw = tm.group()
        token = known.get(raw)
        if token is None:
            token = _read_token(raw, source, lineno, tm.start() + 1)
            if len(known) < 4096:
                known[raw] = token
        tagged = tagged or token[1] is not None
        if token[4] is not None:  # a ruling on the call before it
            rulings[len(pending) - 1] = token[4]
        pending.append((raw, tm.start() + 1, token))
    if dealer is None and pending and pending[0][2][1] is not None:  # Seat.N is 0: test against None
        dealer = pending[0][2][1]
    if dealer is None:
        if tagged:
            raise InputError(T("donneur inconnu : écrivez « Donneur: S » en tête de ligne ou marquez le siège du premier "
                               "appel (S:1C)", "dealer unknown: start the line with \"Dealer: S\" or tag the first "
                               "call's seat (S:1C)"), line=lineno, column=1, source=source)
        dealer = Seat.N  # untagged: positions count from the dealer, only the compass names depend on it
    board.dealer = board.auction_dealer = dealer
    board.seat_tagged = tagged
    auction = board.auction
    assert auction is not None
    push, tokens = auction.push, board.calls
    for i, (raw, col, (call, seat, alert, all_pass, ruling)) in enumerate(pending):
        if call is None:
            if ruling is None:  # the director was called here
                auction.rectify()
            elif i == 0 or pending[i - 1][2][0] is None or pending[i - 1][2][3]:
                raise InputError(T("{t!r} : la décision de l'arbitre sur une déclaration de remplacement suit cette "
                                   "déclaration (2S NC)", "{t!r}: the director's ruling on a replacement call "
                                   "follows that call (2S NC)").format(t=raw), token=raw, line=lineno, column=col,
                                 source=source)
            continue
        if all_pass:
            while not auction.is_complete:
                entry = push(PASS, None, token=raw, column=col)
                tokens.append(CallToken(raw, lineno, col, PASS, entry.seat, entry.index))
            continue
        comparable = rulings.get(i) if rulings else None
        entry = push(call, seat, alert=alert, token=raw, column=col, comparable=comparable)
        tokens.append(CallToken(raw, lineno, col, call, entry.seat, entry.index, alert))
        if comparable is not None and entry.index not in auction.replaces:
            mark = pending[i + 1]
            raise InputError(T("{t!r} : {c} ne remplace aucune déclaration rectifiée par l'arbitre (enchère "
                               "insuffisante, Loi 27B ; déclaration hors tour, Lois 30B, 31A2, 31B, 32A2, 32B) : "
                               "rien à juger comparable ou non", "{t!r}: {c} replaces no call the director "
                               "rectified (an insufficient bid, Law 27B; a call out of rotation, Laws 30B, 31A2, "
                               "31B, 32A2, 32B): nothing to rule comparable or not").format(t=mark[0], c=raw),
                             token=mark[0], line=lineno, column=mark[1], source=source)
    return finish_board(board, complete_expected=False)


# call (None: a mark), seat tag, alert, "all pass", the director's ruling a mark records (None: ``TD``)
_Token = tuple["Call | None", "Seat | None", bool, bool, "bool | None"]
_DIRECTOR = frozenset(("TD", "ARBITRE", "DIRECTOR"))
_NOT_COMPARABLE = frozenset(("NC", "(NC)", "NON-COMPARABLE", "NONCOMPARABLE", "NON_COMPARABLE", "NOT-COMPARABLE",
                             "(NON-COMPARABLE)"))
_COMPARABLE = frozenset(("COMPARABLE", "(C)", "(COMPARABLE)"))
_TOKENS: dict[str, _Token] = {}


def _read_token(raw: str, source: str, lineno: int, col: int) -> _Token:
    """What one token says: its call, seat tag, alert and whether it is ``AP`` (all pass)."""
    seat: Seat | None = None
    text = raw
    if ":" in text:
        tag, _, text = text.partition(":")
        try:
            seat = Seat.parse(tag)
        except InputError as err:
            err.near = raw  # "unknown seat ''" alone would not say where
            raise _located(err, source, lineno, col) from None
        if not text:
            raise InputError(T("siège {t!r} sans déclaration", "seat {t!r} with no call").format(t=raw),
                             token=raw, line=lineno, column=col, source=source)
    alert = text.endswith("!")
    core = text.rstrip("!")
    if seat is None and not alert:
        up = core.upper()
        if up in _DIRECTOR:
            return None, None, False, False, None
        if up in _NOT_COMPARABLE:
            return None, None, False, False, False
        if up in _COMPARABLE:
            return None, None, False, False, True
    if core.upper() == "AP":  # expanded once the auction is known
        up = raw.upper()
        return PASS, None, False, up.rstrip("!") == "AP" or up.endswith(":AP"), None
    call = STANDARD_CALLS.get(core.upper())
    if call is None:
        try:
            call = Call.parse(core)
        except InputError as err:
            raise _located(err, source, lineno, col, raw) from None
    return call, seat, alert, False, None


def _located(err: InputError, source: str, line: int, column: int, token: str | None = None) -> InputError:
    err.source, err.line, err.column = source, line, column
    if token is not None:
        err.token = token
    return err


def sniff(text: str) -> str:
    """Tell a file's format from its first meaningful line: ``"pbn"``, ``"lin"`` or ``"text"``
    (``"pbn"`` too for a text of PBN comment lines only: a PBN header with no game yet)."""
    header = False
    for raw in text.lstrip("\ufeff").removeprefix("\u00ef\u00bb\u00bf").splitlines():  # a BOM (also read as Latin-1)
        line = raw.strip()
        if not line or line.startswith("%"):
            header = header or bool(line)
            continue
        if line.startswith(("[", "{")):
            return "pbn"
        if _LIN_KEY.match(line):
            return "lin"
        return "text"
    return "pbn" if header else "text"
