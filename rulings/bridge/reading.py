"""Read any supported input into boards: typed text, PBN or LIN (sniffed), and classify them.

This module owns the format dispatch and the input limits; each format module
(:mod:`~arbitre.rulings.bridge.pbn`, :mod:`~arbitre.rulings.bridge.lin`,
:mod:`~arbitre.rulings.bridge.textauction`) owns its reading, with a reference lane (one
token per call, with line and column: the full report) and, for PBN and LIN, a fast lane
(call codes only: the summary of a whole folder). Both lanes make the same
:class:`~arbitre.rulings.bridge.records.Board`.

Files and stdin are read by streaming, a block of whole lines at a time, so memory stays
flat whatever the input size: a line may be at most :data:`MAX_LINE` (1 MiB) and a PBN or
LIN record at most :data:`MAX_RECORD` (1 MiB); past that, an :class:`InputError` names
the line (``classify /dev/zero`` stops at once).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from arbitre.rulings.bridge.classify import classify
from arbitre.rulings.bridge.records import MAX_LINE, MAX_RECORD, gc_paused, too_long
from arbitre.rulings.bridge.report import AuctionReport, Label
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T
from arbitre.rulings.textfile import cannot_read

if TYPE_CHECKING:
    from arbitre.rulings.bridge.positional import Machine
    from arbitre.rulings.bridge.records import Board

__all__ = [
    "MAX_LINE",
    "MAX_RECORD",
    "blocks",
    "decode",
    "iter_path",
    "iter_stream",
    "iter_text",
    "no_auction_label",
    "read_path",
    "read_text",
    "report",
]

BLOCK = 1 << 20
"""How much is read at once (bytes)."""


def decode(data: bytes, first: bool = True) -> str:
    """UTF-8 (with or without BOM at the start), else Windows-1252 (what a French Windows editor
    saves as "ANSI": ``Cœur``, ``€``; the same letters as Latin-1 elsewhere), else Latin-1 (BBO's
    LIN files; a byte Windows-1252 leaves undefined): never fails."""
    try:
        return data.decode("utf-8-sig" if first else "utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def blocks(fp: BinaryIO, source: str) -> Iterator[str]:
    """The text of a binary stream, decoded block by block, each block whole lines.

    Each block is decoded on its own (UTF-8, else Windows-1252, else Latin-1: see :func:`decode`); a line
    longer than :data:`MAX_LINE` bytes raises an :class:`InputError` naming it.
    """
    carry = b""
    line = 1  # the line ``carry`` starts
    first = True
    while True:
        try:
            data = fp.read(BLOCK)
        except OSError as e:
            raise cannot_read(e, source) from None
        if not data:
            break
        buf = carry + data if carry else data
        cut = buf.rfind(b"\n") + 1
        if cut == 0 or buf.find(b"\n") > MAX_LINE:  # only the first line can be longer than a block
            if len(buf) > MAX_LINE:
                raise too_long(source, line, "line")
            carry = buf
            continue
        chunk, carry = buf[:cut], buf[cut:]
        yield decode(chunk, first)
        first = False
        line += chunk.count(b"\n")
    if carry:
        yield decode(carry, first)


def iter_stream(fp: BinaryIO, source: str, dealer: Seat | None = None, *, fast: bool = False,
                fmt: str | None = None, errors: list[InputError] | None = None) -> Iterator[Board]:
    """Every board of a binary stream, its format sniffed from its first lines.

    A stream that starts with a UTF-16 byte-order mark (Windows editors' "Unicode") is read
    as UTF-16; one whose first lines hold control bytes is refused as not text (an
    :class:`InputError`), not read as lines of unreadable calls."""
    parts = blocks(_utf16_aware(fp, source), source)
    head = next(parts, "")
    if _binary(head):
        raise InputError(T("ce n'est pas un fichier texte (PBN, LIN ou enchères) : il contient des octets de contrôle",
                           "not a text file (PBN, LIN or auctions): it holds control bytes"), source=source)
    if fmt is None and _JSON.match(head):
        raise InputError(T("c'est un document JSON, pas un fichier PBN, LIN ou d'enchères (une partie de belote, "
                           "de coinche ou de tresillo se vérifie avec arbitre belote check ou arbitre tresillo check)",
                           "a JSON document, not a PBN, LIN or auction file (a belote, coinche or tresillo record "
                           "is checked with arbitre belote check or arbitre tresillo check)"), source=source)
    return iter_blocks(chain((head,), parts), source, dealer, fmt=fmt or _sniff(head), fast=fast, errors=errors)


_JSON = re.compile(r'\ufeff?\s*(?:\{\s*"[^"\n]*"\s*:|\[\s*[\[{"\d\]])')
"""The start of a JSON document (an object's first key, or an array): never a PBN file's start."""

_CONTROL = frozenset(chr(c) for c in (*range(0x00, 0x09), 0x0B, *range(0x0E, 0x20), 0x7F))
"""Characters no text record holds (tab, line feed, form feed and carriage return are allowed)."""


def _binary(head: str) -> bool:
    """Does the start of a stream look like a binary file (a NUL, or more than 1 in 20 of its
    first characters control characters)?"""
    start = head[:4096]
    if "\x00" in start:
        return True
    return sum(1 for ch in start if ch in _CONTROL) * 20 > len(start)


class _Prefixed:
    """A binary stream with its first bytes (already read) put back in front."""

    def __init__(self, start: bytes, fp: BinaryIO) -> None:
        self.start, self.fp = start, fp

    def read(self, size: int = -1) -> bytes:
        if self.start:
            data, self.start = self.start, b""
            return data + self.fp.read(size - len(data) if size > len(data) else 0)
        return self.fp.read(size)


class _Utf16:
    """A UTF-16 text stream read as UTF-8 bytes, block by block."""

    def __init__(self, fp: Any, encoding: str) -> None:
        import codecs

        self.reader = codecs.getreader(encoding)(fp, "replace")

    def read(self, size: int = -1) -> bytes:
        text: str = self.reader.read(size)
        return text.encode("utf-8")


def _utf16_aware(fp: BinaryIO, source: str) -> Any:
    """``fp`` itself, or a UTF-8 view of it when it is UTF-16: it starts with a UTF-16
    byte-order mark, or (without one) with two ASCII characters each beside a NUL byte."""
    try:
        start = fp.read(4)
    except OSError as e:
        raise cannot_read(e, source) from None
    wrapped = _Prefixed(start, fp)
    if start[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return _Utf16(wrapped, "utf-16")
    if len(start) == 4 and not start[0] and not start[2] and 0 < start[1] < 0x80 and 0 < start[3] < 0x80:
        return _Utf16(wrapped, "utf-16-be")
    if len(start) == 4 and not start[1] and not start[3] and 0 < start[0] < 0x80 and 0 < start[2] < 0x80:
        return _Utf16(wrapped, "utf-16-le")
    return wrapped


def iter_path(path: Path, dealer: Seat | None = None, *, fast: bool = False,
              errors: list[InputError] | None = None) -> Iterator[Board]:
    """Every board of a file, read by streaming; an :class:`InputError` naming the file if unreadable."""
    try:
        fp = open(path, "rb")  # noqa: SIM115 - closed by the generator below
    except OSError as e:
        raise cannot_read(e, str(path)) from None
    return _closing(fp, iter_stream(fp, str(path), dealer, fast=fast, errors=errors))


def _closing(fp: BinaryIO, boards: Iterator[Board]) -> Iterator[Board]:
    with fp:
        yield from boards


def iter_blocks(parts: Iterable[str], source: str, dealer: Seat | None = None, *, fmt: str,
                fast: bool = False, errors: list[InputError] | None = None) -> Iterator[Board]:
    """Every board of a text given in blocks of whole lines, in the format ``fmt``; with
    ``errors``, a typed text goes on past an unreadable line (collected there)."""
    if fmt == "pbn":
        from arbitre.rulings.bridge import pbn

        return pbn.iter_boards(parts, source=source, fast=fast)
    if fmt == "lin":
        from arbitre.rulings.bridge import lin

        return lin.iter_boards(parts, source=source, fast=fast)
    from arbitre.rulings.bridge import textauction

    return textauction.iter_boards(parts, dealer=dealer, source=source, errors=errors)


def iter_text(text: str, source: str, dealer: Seat | None = None, fmt: str | None = None, *,
              fast: bool = False) -> Iterator[Board]:
    """Every board of a text held in memory (typed on the command line, a test)."""
    return iter_blocks((text,), source, dealer, fmt=fmt or _sniff(text), fast=fast)


def read_text(text: str, source: str, dealer: Seat | None = None, fmt: str | None = None) -> list[Board]:
    """:func:`iter_text` as a list (reference lane)."""
    return list(iter_text(text, source, dealer, fmt))


def read_path(path: Path, dealer: Seat | None = None) -> list[Board]:
    """:func:`iter_path` as a list (reference lane)."""
    return list(iter_path(path, dealer))


def _sniff(text: str) -> str:
    from arbitre.rulings.bridge import textauction

    return textauction.sniff(text)


def report(board: Board, machine: Machine, kinds: dict[str, Any]) -> AuctionReport | None:
    """The classification of one board (None when the record has no auction at all)."""
    with gc_paused():
        if board.auction is None:
            return None
        rec = board.recorded
        return classify(
            board.auction, machine, kinds, source=board.source, board=board.board,
            problems=[p.labelled() for p in board.problems if not _is_engine_problem(p)],
            recorded_contract=str(rec) if rec is not None else None,
            agrees=board.agrees,
        )


def _is_engine_problem(p: Any) -> bool:
    """Engine irregularities are reported as irregularities, not as record problems."""
    from arbitre.rulings.bridge.auction import Kind

    return p.code in {k.value for k in Kind}


def no_auction_label(board: Board) -> Label:
    """A record without an auction, with what else the record states (its findings and their law)."""
    found = [p.labelled() for p in board.problems]
    more_fr = "".join(f" ; {t.fr}" for t in found)
    more_en = "".join(f"; {t.en}" for t in found)
    where = board.source if board.source == "<typed>" else f"{board.source}:{board.line}"  # file:line, as grep -n
    fr, en = (f"{where} donne {board.board}", f"{where} board {board.board}") if board.board else (where, where)
    return Label(fr=f"{fr} : pas d'enchères{more_fr}", en=f"{en}: no auction{more_en}")
