"""Read PBN files (Portable Bridge Notation 2.1) into :class:`~arbitre.rulings.bridge.records.Board` s.

What is read: the tags that place an auction (``Board``, ``Event``, ``Dealer``, ``Vulnerable``,
the players, ``Contract``/``Declarer``/``Result``), the ``[Auction "seat"]`` section and the
auction's ``[Note "n:text"]`` tags. Other sections (play, score tables) are skipped.

The auction section, as the standard writes it:

* calls ``Pass``, ``X``, ``XX``, ``1C`` ... ``7NT`` (case-insensitive); ``AP``: all pass, the
  passes that close the auction; ``+``: the record stops, the auction goes on (unfinished);
* the tag value is the seat of the first column; ``-`` fills the columns before the dealer,
  so rotation starts at the dealer (tag seat plus one seat per ``-``); a ``[Dealer]`` tag that
  disagrees is a ``dealer-mismatch`` problem;
* irregularities, written *before* the call they concern: ``^I`` the next bid is an accepted
  insufficient bid; ``^S`` a player was skipped (a call out of rotation was accepted), so
  the next call is made by the following seat. Both stay on the call (``CallToken.marker``)
  and the engine's finding is reported as accepted (``Board.accepted_irregularities``);
* annotations after a call: notes ``=1=`` (text in ``[Note "1:..."]``), suffixes ``!``, ``?``,
  ``!!``, ``??``, ``!?``, ``?!`` and NAGs ``$13``; ``!`` here is "good call", not an alert;
* comments ``{...}`` (may span lines), ``;`` to the end of the line, ``%`` lines; ``#`` as a
  tag value repeats the previous game's value; an empty line ends a game.

Defects become problems of their board (with line and column), never exceptions; only a
text with no PBN tag at all raises :class:`~arbitre.rulings.errors.InputError`.

The reader (:class:`_Reader`, driven by :func:`iter_boards`) cuts the text into records
(:mod:`~.pbn_cut`) and reads each one in the fast lane (:mod:`~.pbn_fast`, when asked and when
the record is plain; templates of record layouts met before: :mod:`~.pbn_template`) or in the
reference lane (:mod:`~.pbn_reference`, the full tokenizer); board numbers across the file are
kept by :mod:`~.pbn_numbers`.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Iterator
from typing import IO, Any, Literal

from arbitre.rulings.bridge.pbn_cut import _ODD_BREAKS, _SEPARATOR, _first_records, _has_odd_breaks, _records, _Scan
from arbitre.rulings.bridge.pbn_fast import _FastLane
from arbitre.rulings.bridge.pbn_numbers import _Numbers
from arbitre.rulings.bridge.pbn_reference import _ReferenceLane
from arbitre.rulings.bridge.pbn_template import build as build_template
from arbitre.rulings.bridge.records import MAX_RECORD, Board, RecordedResult
from arbitre.rulings.bridge.records import too_long as _too_long
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

__all__ = ["iter_boards", "load", "loads"]

_HELD_MAX = 1000
_USE_TEMPLATES = True  # False: the fast lane cuts whole blocks and proves every record the general way (tests compare)
_TEMPLATES_MAX = 8  # record layouts a reader keeps templates of
# % lines with no "[" (the cutter would take it for a tag and keep the paragraph with the next record), "{" or '"'
_PERCENT_LINES = re.compile(r'%[^\n\[{"]*(?:\n%[^\n\[{"]*)*')
_WINDOW_MAX = 6  # the general way cuts at most 2 ** 6 blank lines' worth of records at once
_LEARN_MAX = 32  # templates a reader may fail to learn (a layout none covers) before it stops trying


def load(fp: IO[str] | IO[bytes], source: str | None = None) -> list[Board]:
    """Read every game of an open PBN file (bytes: UTF-8, else ISO 8859-1 as the standard says)."""
    data = fp.read()
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    else:
        text = data
    return loads(text, source=source or str(getattr(fp, "name", "<pbn>")))


def loads(text: str, source: str = "<pbn>") -> list[Board]:
    """Read every game of a PBN text."""
    return list(iter_boards(text, source=source))


def iter_boards(text: str | Iterable[str], source: str = "<pbn>", *, fast: bool = False) -> Iterator[Board]:
    """Yield one :class:`Board` per game of a PBN text, in file order.

    ``text`` is the whole text or an iterable of blocks of whole lines (the streaming
    reader, :func:`arbitre.rulings.bridge.reading.blocks`). ``fast``: take the fast lane for
    every record it can prove plain (the summary view); the boards then carry call codes,
    not tokens (no line, column, alert or note per call).
    """
    reader = _Reader(source, fast)
    for block in ([text] if isinstance(text, str) else text):
        yield from reader.feed(block)
    yield from reader.close()


class _Reader(_FastLane, _ReferenceLane):
    """The PBN reader: cuts the text into records at blank lines and reads each one.

    Records are cut where the reference reader ends a game: at a blank line outside a
    ``{ }`` comment and outside an unclosed tag. Each record then goes through the fast
    lane (:meth:`_fast`, when asked and when the record is plain) or the reference lane
    (:meth:`_reference`, the full tokenizer). In the fast lane a record of a layout met
    before in the file is cut, proven plain and its tags picked by one match of that layout's
    template (:mod:`~arbitre.rulings.bridge.pbn_template`, :meth:`_feed_fast`). State that
    crosses records lives here: the tag values ``#`` repeats, the record count, whether any
    tag was seen at all, the fast lane's memos and templates.
    """

    def __init__(self, source: str, fast: bool) -> None:
        self.source = source
        self.fast = fast
        self.previous: dict[str, str] = {}
        self.count = 0
        self.any_tag = False
        self.first_stray: tuple[int, int, str] | None = None
        self.held: list[Board] = []  # stray-only records before any tag: "not PBN" would drop them
        self.carry = ""
        self.line = 1  # line number of the start of ``carry``
        # the fast lane's memos, for this reader only: auctions, recorded contracts, seatings, record checks
        self.memo: dict[tuple[int, str], tuple[Any, ...] | Literal[False]] = {}
        self.recorded: dict[tuple[str, str, str | None], RecordedResult | None] = {}
        self.seated: dict[tuple[str | None, ...], dict[Seat, str]] = {}
        self.findings: dict[Any, Any] = {}
        self.deals: dict[str, Any] = {}  # [Deal] value -> what is wrong with it (deals.deal_problem)
        self.numbers = _Numbers()
        # the fast lane's record templates (pbn_template), most recently matched first; ``took``:
        # where the last record _fast took starts and ends (a template is learnt from it)
        self.templates: list[re.Pattern[str]] = []
        self.learning = _LEARN_MAX
        self.took: tuple[int, int] | None = None
        self.misses = 0  # records in a row no template read (the general way then cuts more at once)

    def feed(self, block: str) -> Iterator[Board]:
        text = self.carry + block if self.carry else block
        if "\r" in text:
            text = text.replace("\r\n", "\n")
        if self.fast and _USE_TEMPLATES and len(text) <= MAX_RECORD:  # (a longer text: see where its last record starts)
            yield from self._feed_fast(text)
            return
        chunks, scan = _records(text, self.fast)
        last_start, _ = chunks.pop()
        self.carry = text[last_start:]  # the last record may go on in the next block
        if len(self.carry) > MAX_RECORD:
            raise _too_long(self.source, self.line + text.count("\n", 0, last_start))
        yield from self._read(text, chunks, scan, last_start)

    def _feed_fast(self, text: str) -> Iterator[Board]:
        """:meth:`feed` for the fast lane: record after record, a record a template matches is
        read from the match (:meth:`_fast_tags`); any other is cut and read the general way
        (:func:`_first_records`, :meth:`_read`), and a template is learnt from it when the fast
        lane took it. Both ways cut where :func:`_records` cuts the whole text (a template match
        ends at a blank line that surely ends the game: see :mod:`~.pbn_template`)."""
        pos, size = 0, len(text)
        templates = self.templates
        # no template, no % paragraph passed over, nothing learnt in a block with an odd line break
        # (str.splitlines breaks lines there: the general way counts the lines of such a record)
        plain = not _has_odd_breaks(text)
        while pos < size:
            if plain and templates and text.startswith("[", pos):
                hit = self._templated(text, pos)
                if hit is not None:
                    board, nxt = hit
                    self.misses = 0
                    self.line += text.count("\n", pos, nxt)
                    pos = nxt
                    self.numbers.see(board)
                    if self.held:
                        yield from self.held
                        self.held = []
                    yield board
                    continue
            if plain and text.startswith("%", pos):  # a paragraph of % lines alone: no game, nothing to read
                run = _PERCENT_LINES.match(text, pos)
                sep = _SEPARATOR.match(text, run.end()) if run is not None else None
                if sep is not None:
                    self.line += text.count("\n", pos, sep.end())
                    pos = sep.end()
                    if self.held:  # (as :meth:`_read` does after a record with no board)
                        yield from self.held
                        self.held = []
                    continue
            found = _first_records(text, pos, self.misses)
            if found is None:  # the last record may go on in the next block
                break
            window, spans, scan, upto = found
            self.took = None
            yield from self._read(window, spans, scan, upto)
            pos += upto
            if plain and self.took is not None and self.learning:
                template = build_template(window[self.took[0]:self.took[1]])
                if template is None or template in templates:
                    self.learning -= 1
                else:
                    templates.insert(0, template)
                    del templates[_TEMPLATES_MAX:]
                    self.misses = 0
                    continue
            self.misses = min(self.misses + 1, _WINDOW_MAX)  # records no template reads: wider windows
        self.carry = text[pos:]

    def _templated(self, text: str, pos: int) -> tuple[Board, int] | None:
        """The board of the record at ``pos`` and where the next one starts, when a template
        matches it and a blank line follows; None otherwise (then the general way reads it)."""
        templates = self.templates
        for i, template in enumerate(templates):
            m = template.match(text, pos)
            if m is None:
                continue
            end = m.end()
            sep = _SEPARATOR.match(text, end)
            if sep is None:
                continue
            board = self._fast_tags(text, pos, pos, end, self.line, m.groupdict())
            if board is None:  # not for the fast lane after all (an irregular auction...)
                return None
            if i:
                templates.insert(0, templates.pop(i))
            return board, sep.end()
        return None

    def close(self) -> Iterator[Board]:
        text, self.carry = self.carry, ""
        if text:
            _, scan = _records(text, self.fast)
            yield from self._read(text, [(0, len(text))], scan, len(text))
        if not self.any_tag and self.first_stray is not None:
            self.close_held_as_error()
        yield from self.held
        self.held = []

    def _read(self, text: str, chunks: list[tuple[int, int]], scan: _Scan, upto: int) -> Iterator[Board]:
        """Read the records ``chunks`` of ``text``; ``self.line`` moves on to the line of ``upto``."""
        line = self.line
        pos = 0
        fast = self.fast
        clean, bad, odd = scan.clean, scan.bad, bool(scan.odd)
        for start, end in chunks:
            line += text.count("\n", pos, start)
            pos = start
            if fast and not (bad and bisect_left(bad, start) != bisect_left(bad, end)):
                board = self._fast(clean, start, end, line, odd)
                if board is not None and not odd and not self.held:  # the common case, in short
                    self.numbers.see(board)  # (a fast board has a tag: nothing is held back)
                    yield board
                    continue
            else:
                board = None
            boards = [board] if board is not None else self._reference(text[start:end], line)
            for b in boards:
                self.numbers.see(b)
            if odd and _ODD_BREAKS.search(text, start, end):  # splitlines counts these as line breaks too
                line += len(text[start:end].splitlines()) - text.count("\n", start, end) - 1
            if boards and not self.any_tag:
                if len(self.held) < _HELD_MAX:
                    self.held.extend(boards)
                    continue
                self.close_held_as_error()
            if self.held:
                yield from self.held
                self.held = []
            yield from boards
        self.line = line + text.count("\n", pos, upto)

    def close_held_as_error(self) -> None:
        line, column, token = self.first_stray or (self.line, 1, "")
        raise InputError(T("ce n'est pas un fichier PBN (aucune balise [Nom \"valeur\"])",
                           "not a PBN file (no [Name \"value\"] tag)"), token=token,
                         line=line, column=column, source=self.source)
