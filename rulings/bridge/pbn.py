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
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from typing import IO, Any, Literal

from arbitre.rulings.bridge import kernel
from arbitre.rulings.bridge.calls import PASS, Call, CallKind
from arbitre.rulings.bridge.pbn_template import ESCAPE, NAME, ODD_BREAK_CHARS, VALUE, WANTED
from arbitre.rulings.bridge.pbn_template import build as build_template
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
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

__all__ = ["iter_boards", "load", "loads"]

_SEAT = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}
_VUL = {"NONE": "None", "LOVE": "None", "-": "None", "NS": "NS", "EW": "EW", "ALL": "All", "BOTH": "All"}
_NEXT = {seat: seat.next for seat in Seat}
_BID, _PASS_KIND = CallKind.BID, CallKind.PASS
_SUFFIXES = frozenset(("!", "?", "!!", "??", "!?", "?!"))
_TOKEN = re.compile(r"""
    (?P<comment>\{[^}]*\}?)           # {comment}, maybe left open to the next lines
  | (?P<rest>;.*)                     # ; comment to the end of the line
  | "(?P<string>(?:[^"\\]|\\.)*)(?P<endq>"?)
  | (?P<open>\[)
  | (?P<close>\])
  | (?P<word>[^\s\[\]{};"]+)
""", re.VERBOSE)
_PIECES = re.compile(r"=[^=\s]*=?|\$[^\s=!?$]*|[!?]+|\^.|[^=!?$^]+")
_ESCAPE = re.compile(r"\\(.)")
_SPECIAL = re.compile(r'[\[{;"%]')


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


class _Game:
    """What one game collects while its lines are read; :func:`_build` makes the board."""

    __slots__ = ("auction", "auction_at", "line", "notes", "play_marks", "problems", "scope", "stray", "tags")

    def __init__(self, line: int) -> None:
        self.line = line
        self.tags: dict[str, str] = {}
        self.auction: list[tuple[str, int, int]] | None = None  # raw tokens with line, column
        self.auction_at: tuple[int, int] = (line, 1)
        self.notes: dict[int, tuple[str, int, int]] = {}
        self.scope: str | None = None  # name of the last section tag (notes follow it)
        self.problems: list[tuple[str, T, int, int, str | None]] = []
        self.stray = False
        self.play_marks: list[tuple[int, int, str]] = []  # ^R... in the play section

    def problem(self, code: str, message: T, line: int, column: int, token: str | None = None) -> None:
        self.problems.append((code, message, line, column, token))


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


class _Reader:
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

    # -- the fast lane -----------------------------------------------------------------------------
    def _fast(self, clean: str, start: int, end: int, line0: int, odd: bool) -> Board | None:
        """The board of the record ``clean[start:end]`` (its comments blanked) without an object
        per call when it is plain, else None (then the reference lane reads it).

        Plain: every ``[`` opens a plain tag line (``[Name "value"]`` alone on its line) and no
        ``{`` is left (the block's scan says where it is not: :func:`_not_plain`); then one
        regex finds the wanted tags. Not taken either: a record holding anything the reference
        lane must judge (an irregular auction, an unreadable tag, a marker, a note out of place...)."""
        if odd and _ODD_BREAKS.search(clean, start, end):
            return None
        at = clean.find("[", start, end)
        if at < 0 or (at > start and not _BEFORE_TAGS.fullmatch(clean, start, at)):
            return None
        found = _WANT.findall(clean, at, end)
        if clean.find("\\", at, end) >= 0 and len(_WANT_HEAD.findall(clean, at, end)) != len(found):
            return None  # a wanted value with an escape
        tags = dict(found)
        if len(tags) != len(found):  # a wanted tag twice (a second auction...): the reference says what it means
            return None
        board = self._fast_tags(clean, start, at, end, line0, tags)
        if board is not None:
            self.took = (at, end)
        return board

    def _fast_tags(self, clean: str, start: int, at: int, end: int, line0: int, tags: dict[str, str]) -> Board | None:
        """The rest of :meth:`_fast` once the record ``clean[start:end]`` (first tag at ``at``) is
        proven plain and its wanted ``tags`` found, by :meth:`_fast` or by a template
        (:mod:`~arbitre.rulings.bridge.pbn_template`)."""
        if "#" in tags.values():
            previous = self.previous
            tags = {k: (previous.get(k, "") if v == "#" else v) for k, v in tags.items()}
        get = tags.get
        # -- the tags the board takes, each checked as the reference lane would accept it
        dealer_tag = get("Dealer")
        tag_seat = -1
        if dealer_tag:
            tag_seat = _SEAT_CODE.get(dealer_tag, -1)
            if tag_seat < 0:
                return None
        vul = get("Vulnerable", "")
        declarer = get("Declarer", "")
        if vul not in _VUL_OK or declarer not in _DECLARER_OK:
            return None
        contract = get("Contract", "")
        rec = None
        if contract and contract != "?":
            key = (contract, declarer, get("Result"))
            recorded = self.recorded
            if key in recorded:
                rec = recorded[key]
            else:
                rec = None if contract != contract.strip() else parse_recorded(
                    contract, "" if declarer == "?" else declarer, key[2])
                if len(recorded) < _MEMO_MAX:
                    recorded[key] = rec
            if rec is None:
                return None
        seat = get("Auction")
        codes = bidding = None
        unfinished = False
        dealer = tag_seat
        if seat is None:
            if clean.find("[Note ", at, end) >= 0:
                return None
        else:
            dealer = _SEAT_CODE.get(seat, -1)
            if dealer < 0 or (tag_seat >= 0 and tag_seat != dealer) or clean.startswith("[Note ", at):
                return None
            calls_at = clean.find("\n", clean.find('[Auction "', at, end), end)
            stop = -1  # the line break before the tag line that follows the calls (-1: they end the record)
            if calls_at < 0:
                body = ""
            else:
                stop = clean.find("\n[", calls_at, end)
                body = clean[calls_at + 1:stop if stop >= 0 else end]
            memo = self.memo
            hit = memo.get((dealer, body))
            if hit is None:
                hit = _auction_codes(body, dealer)
                if len(memo) < _MEMO_MAX:
                    memo[dealer, body] = hit
            if hit is False:
                return None
            refs, codes, bidding, unfinished = hit
            if not codes and not unfinished:  # no call at all (all in a comment, say): no auction
                codes = bidding = None
            if (refs or (stop >= 0 and clean.startswith('[Note "', stop + 1))) and _auction_notes(
                    clean, stop, end) != refs:  # a note nobody calls, or a call to no note
                return None
        # -- the board
        line = line0 + clean.count("\n", start, at) if at > start else line0
        board_id = get("Board")
        # (every field up to ``codes`` by position: half the cost of naming them)
        board = Board(self.source, self.count, line, "pbn", board_id,
                      int(board_id) if board_id is not None and board_id.isdigit() else None, None,
                      get("Event") or None, _SEATS[dealer] if dealer >= 0 else None, _VUL[vul.upper()] if vul else None,
                      self._players(tags), [], None if codes is None else _SEATS[dealer], False, rec, {},
                      unfinished and codes is not None, [], codes)
        _record_tags(board, tags)
        if clean.find("^", at, end) >= 0:
            board.play_marks = _fast_play_marks(clean[at:end], line)
        finish_board(board, bidding=bidding, checked=self.findings)
        self.previous.update(tags)
        self.count += 1
        self.any_tag = True
        return board

    def _players(self, tags: dict[str, str]) -> dict[Seat, str]:
        """The players a record names, by seat (a new dict each time: each board owns its own)."""
        key = (tags.get("North"), tags.get("East"), tags.get("South"), tags.get("West"))
        hit = self.seated.get(key)
        if hit is None:
            hit = {seat: name for seat, name in zip(_SEATS, key, strict=True) if name}
            if len(self.seated) < _MEMO_MAX:
                self.seated[key] = hit
        return dict(hit)

    # -- the reference lane ------------------------------------------------------------------------
    def _reference(self, text: str, first_line: int) -> list[Board]:
        """Read one record's text (or several, when its blank lines hide in a tag) with the full tokenizer."""
        game: _Game | None = None
        previous = self.previous
        count = self.count
        any_tag = False
        first_stray: tuple[int, int, str] | None = None
        in_comment = False
        source = self.source
        out: list[Board] = []
        tag_state = 0  # 0 outside, 1 after "[", 2 after the name, 3 after the value
        tag_name = ""
        tag_value = ""
        tag_at = (0, 0)
        section_words = False  # are words after the last tag auction calls?

        def end_tag(line: int) -> None:
            nonlocal section_words
            assert game is not None
            value = tag_value
            if value == "#":
                value = previous.get(tag_name, "")
            section_words = _tag(game, tag_name, value, tag_at[0], tag_at[1])

        def end_game() -> None:
            nonlocal game, count
            if game is not None and (game.tags or game.stray):
                previous.update(game.tags)
                out.append(_build(game, source, count))
                count += 1
            game = None

        special = _SPECIAL.search
        for lineno, line in enumerate(text.splitlines(), first_line):
            pos = 0
            if in_comment:
                j = line.find("}")
                if j < 0:
                    continue
                in_comment, pos = False, j + 1
            elif not line:
                if tag_state == 0:
                    end_game()
                continue
            else:
                c0 = line[0]
                if c0 == "%":
                    continue
                if tag_state == 0:
                    if c0 == "[":
                        if line.endswith('"]') and line.count('"') == 2 and "\\" not in line:
                            q = line.index('"')
                            name = line[1:q].strip()
                            if name.isalnum():  # the common case: one plain tag on its line
                                if game is None:
                                    game = _Game(lineno)
                                any_tag = True
                                tag_name, tag_value, tag_at = name, line[q + 1:-2], (lineno, 1)
                                end_tag(lineno)
                                continue
                    elif (c0 == " " or c0 == "\t") and line.isspace():
                        end_game()
                        continue
                    elif game is not None:
                        if section_words and game.auction is not None:
                            if special(line) is None:  # calls only: split, no regex
                                end = 0
                                for word in line.split():
                                    col = line.find(word, end)
                                    end = col + len(word)
                                    game.auction.append((word, lineno, col + 1))
                                continue
                        elif "[" not in line and "{" not in line:
                            if "^" in line and game.scope == "Play":
                                _play_marks(game, line, lineno, 0)
                            continue  # play, tables: not read
            for m in _TOKEN.finditer(line, pos):
                kind = m.lastgroup
                col = m.start() + 1
                if kind == "comment":
                    if not m.group().endswith("}"):
                        in_comment = True
                    continue
                if kind == "rest":
                    break
                if game is None:
                    game = _Game(lineno)
                if tag_state == 4 and kind != "close" and kind != "open":
                    continue  # the rest of a broken tag: reported once
                if kind == "open":
                    if tag_state and tag_state != 4:
                        game.problem("bad-tag", T("balise non fermée", "unclosed tag"), lineno, col, "[")
                    tag_state, tag_name, tag_value, tag_at = 1, "", "", (lineno, col)
                    any_tag = True
                elif kind == "close":
                    if tag_state == 3:
                        end_tag(lineno)
                    elif tag_state and tag_state != 4:
                        game.problem("bad-tag", T("balise sans nom ou sans valeur entre guillemets",
                                                  "tag without a name or a quoted value"), *tag_at, tag_name or "[")
                    else:
                        game.problem("stray-text", T("']' hors d'une balise", "']' outside a tag"), lineno, col, "]")
                    tag_state = 0
                elif kind == "string" or kind == "endq":
                    value = m.group("string")
                    if not m.group("endq"):
                        game.problem("bad-tag", T("guillemet non fermé", "unclosed quote"), lineno, col, m.group())
                        tag_state = 4
                        continue
                    if "\\" in value:
                        value = _ESCAPE.sub(r"\1", value)
                    if tag_state == 2:
                        tag_value, tag_state = value, 3
                    else:
                        game.problem("bad-tag", T("chaîne mal placée", "misplaced string"), lineno, col, m.group())
                        tag_state = 4 if tag_state else 0
                else:  # word
                    word = m.group()
                    if tag_state == 1:
                        tag_name, tag_state = word, 2
                    elif tag_state:
                        game.problem("bad-tag", T("valeur de balise sans guillemets {w!r}", "tag value not quoted {w!r}"
                                                  ).format(w=word), lineno, col, word)
                        tag_state = 4
                    elif section_words and game.auction is not None:
                        game.auction.append((word, lineno, col))
                    elif game.scope == "Play" and "^" in word:
                        _play_marks(game, word, lineno, col - 1)
                    elif not game.tags:
                        game.stray = True
                        if first_stray is None:
                            first_stray = (lineno, col, word)
                        game.problem("stray-text", T("texte hors d'une balise {w!r}", "text outside a tag {w!r}"
                                                     ).format(w=word), lineno, col, word)
        if game is not None and (game.tags or game.stray):
            previous.update(game.tags)
            out.append(_build(game, source, count))
            count += 1
        self.count = count
        if any_tag:
            self.any_tag = True
        if self.first_stray is None:
            self.first_stray = first_stray
        return out




def _tag(game: _Game, name: str, value: str, line: int, column: int) -> bool:
    """Record one tag; True when the words that follow are auction calls."""
    if name == "Note":
        if game.scope == "Auction":
            idx, sep, text = value.partition(":")
            if not sep or not idx.strip().isdigit() or not 1 <= int(idx) <= 32:
                game.problem("bad-tag", T("note mal formée {v!r} (attendu « n:texte », n de 1 à 32)",
                                          "malformed note {v!r} (expected \"n:text\", n from 1 to 32)").format(v=value),
                             line, column, value)
            else:
                game.notes[int(idx)] = (text.strip(), line, column)
        elif game.scope is None:
            game.problem("bad-tag", T("note hors d'une section", "note outside a section"), line, column, value)
        return False
    game.scope = name
    if name == "Auction":
        if game.auction is not None:
            game.problem("bad-tag", T("deuxième section Auction", "second Auction section"), line, column, name)
        game.auction = []
        game.auction_at = (line, column)
        game.tags[name] = value
        return True
    game.tags[name] = value
    return False


class _Numbers:
    """Board numbers across a file (PBN 2.1 tag inheritance).

    A record without a ``[Board]`` tag, in the same event as the record before it, is the
    same board when it holds the same cards or no cards (a second table's record that
    leaves its tags out); with other cards its number is not guessed. A board number met again with
    another deal in the same event is a ``board-number-clash``: the views never show two
    deals under one number without saying so. At most :data:`_DEALS_MAX` deals are kept.
    """

    __slots__ = ("deals", "last", "last_clash", "last_deal", "last_event")

    def __init__(self) -> None:
        self.last: str | None = None
        self.last_deal: str | None = None
        self.last_event: str | None = None
        self.deals: dict[tuple[str | None, str], str] = {}
        self.last_clash = False  # did the last board clash with an earlier deal?

    def see(self, b: Board) -> None:
        deal = b.deal
        if (deal is not None and deal == self.last_deal and b.board is not None and b.board == self.last
                and b.event == self.last_event and not self.last_clash):
            return  # the same board as the last one, at another table: nothing new to learn
        if (b.board is None and self.last is not None and b.event == self.last_event
                and (b.has_auction or b.recorded is not None or b.deal)
                and (b.deal is None or _same_deal(b.deal, self.last_deal))):
            b.board = self.last
            if b.board.isdigit():
                b.number = int(b.board)
        self.last_event = b.event
        if b.board is None:
            self.last = None
            return
        self.last_clash = False
        if deal:
            key = (b.event, b.board)
            seen = self.deals.get(key)
            if seen is None:
                if len(self.deals) < _DEALS_MAX and _full_deal(deal):  # a partial deal (a problem, a hand
                    self.deals[key] = deal  # record) proves no clash
            elif seen != deal and _full_deal(deal) and not _same_deal(seen, deal):
                self.last_clash = True
                b.add_problem("board-number-clash", T(
                    "la donne {n} a déjà été lue avec d'autres cartes", "board {n} was already read with other cards"
                ).format(n=b.board), b.line, None, b.board)
        self.last, self.last_deal = b.board, b.deal


_DEALS_MAX = 100_000


def _full_deal(deal: str) -> bool:
    hands = deal.partition(":")[2].split()
    return len(hands) == 4 and "-" not in hands


def _same_deal(a: str | None, b: str | None) -> bool:
    """Do two ``[Deal]`` values hold the same cards, whichever hand each starts with (``N:`` or ``W:``)?"""
    if a == b:
        return True
    if a is None or b is None:
        return False
    return _by_north(a) == _by_north(b)


def _by_north(deal: str) -> tuple[str, ...]:
    first, _, hands = deal.strip().partition(":")
    seats = hands.split()
    at = "NESW".find(first.strip().upper()[:1])
    if at < 0 or len(seats) != 4:
        return (deal.strip(),)
    return tuple(seats[(i - at) % 4] for i in range(4))


def _play_marks(game: _Game, text: str, line: int, offset: int) -> None:
    """Keep the irregularity marks (``^R``: revoke) of a piece of the play section."""
    for m in _PLAY_MARK.finditer(text):
        game.play_marks.append((line, offset + m.start() + 1, m.group(1)))


_PLAY_MARK = re.compile(r"\^(\w)")


def _record_tags(board: Board, tags: dict[str, str]) -> None:
    """The tags both lanes copy as written: score, deal, room (PBN ``Room``/``Table``)."""
    board.score = tags.get("Score", "").strip() or None
    board.deal = tags.get("Deal", "").strip() or None
    room = tags.get("Room", "").strip() or tags.get("Table", "").strip()
    if room:
        board.room = room


def _build(game: _Game, source: str, index: int) -> Board:
    tags = game.tags
    board = Board(source=source, index=index, line=game.line, format="pbn")
    board.play_marks = game.play_marks
    _record_tags(board, tags)
    for code, message, line, column, token in game.problems:
        board.add_problem(code, message, line, column, token)
    if "Board" in tags:
        board.board = tags["Board"]
        if board.board.isdigit():
            board.number = int(board.board)
    board.event = tags.get("Event") or None
    dealer_text = tags.get("Dealer", "").strip()
    if dealer_text:
        board.dealer = _SEAT.get(dealer_text.upper())
        if board.dealer is None:
            board.add_problem("bad-tag", T("donneur illisible {v!r}", "unreadable dealer {v!r}").format(v=dealer_text),
                              game.line, None, dealer_text)
    vul = tags.get("Vulnerable")
    if vul is not None and vul != "":
        board.vulnerability = _VUL.get(vul.strip().upper())
        if board.vulnerability is None:
            board.vulnerability = vul
            board.add_problem("bad-tag", T("vulnérabilité illisible {v!r}", "unreadable vulnerability {v!r}"
                                           ).format(v=vul), game.line, None, vul)
    for seat, key in ((Seat.N, "North"), (Seat.E, "East"), (Seat.S, "South"), (Seat.W, "West")):
        if tags.get(key):
            board.players[seat] = tags[key]
    declarer = tags.get("Declarer", "")
    if declarer.strip() == "?":  # PBN 2.1: unknown
        declarer = ""
    if declarer.strip() and declarer.strip().lstrip("^").upper() not in _SEAT:
        board.add_problem("bad-tag", T("déclarant illisible {v!r}", "unreadable declarer {v!r}").format(v=declarer),
                          game.line, None, declarer)
        declarer = ""
    contract = tags.get("Contract", "").strip()
    if contract and contract != "?":
        board.recorded = parse_recorded(contract, declarer, tags.get("Result"))
        if board.recorded is None:
            board.add_problem("bad-tag", T("contrat illisible {v!r}", "unreadable contract {v!r}").format(v=contract),
                              game.line, None, contract)
    if game.auction:
        _auction(board, game, tags["Auction"])
    elif game.auction is not None and board.dealer is None:  # no call at all (all in a comment, say): no
        board.dealer = _SEAT.get(tags["Auction"].strip().upper())  # auction, but its seat is the dealer
    return finish_board(board)


def _auction(board: Board, game: _Game, first_seat: str) -> None:
    """Turn the auction section's raw tokens into call tokens (see the module docstring)."""
    line0, col0 = game.auction_at
    start = _SEAT.get(first_seat.strip().upper())
    if start is None:
        if first_seat.strip():
            board.add_problem("bad-tag", T("siège illisible dans Auction {v!r}", "unreadable seat in Auction {v!r}"
                                           ).format(v=first_seat), line0, col0, first_seat)
        start = board.dealer
        if start is None:
            board.add_problem("no-dealer", T("ni donneur ni siège d'enchères : Nord supposé",
                                             "neither dealer nor auction seat: North assumed"), line0, col0)
            start = Seat.N
    turn = start
    started = False
    unfinished_at: tuple[int, int] | None = None
    marker: str | None = None
    skips = 0
    bids = trailing = 0
    calls = board.calls
    last: CallToken | None = None

    def problem(code: str, message: T, line: int, col: int, tok: str) -> None:
        board.add_problem(code, message, line, col, tok)

    get_call = STANDARD_CALLS.get
    assert game.auction is not None  # the caller reads the section only when there is one
    for word, line, col in game.auction:
        call = get_call(word.upper())
        if call is not None:  # the common case: a plain call
            if started and not skips and unfinished_at is None:
                last = CallToken(word, line, col, call, turn, marker=marker)
                marker = None
                calls.append(last)
                turn = _NEXT[turn]
                if call is PASS:
                    trailing += 1
                else:
                    trailing = 0
                    bids += call.kind is _BID
                continue
            pieces = [(word, col)]
        elif word[0] == "=" and word[-1] == "=" and word[1:-1].isdigit():
            _note(board, last, word, line, col)
            continue
        else:
            pieces = [(p.group(), col + p.start()) for p in _PIECES.finditer(word)]
        for text, c in pieces:
            up = text.upper()
            call = get_call(up)
            if call is None:
                if text == "-":
                    if started:
                        problem("misplaced-token", T("'-' après le début des enchères", "'-' after the auction began"),
                                line, c, text)
                    else:
                        turn = _NEXT[turn]
                    continue
                if up == "AP":
                    if unfinished_at is not None:
                        problem("call-after-unfinished", T("'AP' après '+'", "'AP' after '+'"), line, c, text)
                        continue
                    if not started:
                        started = True
                        _set_dealer(board, turn, line, c)
                    need = (3 if bids else 4) - trailing
                    for _ in range(max(need, 0)):
                        last = CallToken(text, line, c, PASS, turn)
                        calls.append(last)
                        turn = _NEXT[turn]
                    trailing += max(need, 0)
                    continue
                if text in ("+", "*"):
                    if unfinished_at is not None:
                        problem("call-after-unfinished", T("{t!r} après '+'", "{t!r} after '+'").format(t=text),
                                line, c, text)
                    unfinished_at = (line, c)
                    board.unfinished = True
                    continue
                if text[0] == "^":
                    m = text[1:].upper()
                    if m == "S":
                        skips += 1
                        marker = "S"
                    elif m == "I":
                        marker = marker or "I"
                    else:
                        problem("unknown-token", T("marque d'irrégularité inconnue dans les enchères {t!r}",
                                                   "unknown irregularity marker in an auction {t!r}").format(t=text),
                                line, c, text)
                    continue
                if text[0] == "=":
                    _note(board, last, text, line, c)
                    continue
                if text[0] == "$":
                    if last is None or not text[1:].isdigit() or not 0 <= int(text[1:]) <= 255:
                        problem("unknown-token", T("NAG illisible ou sans déclaration {t!r}",
                                                   "unreadable NAG or no call before it {t!r}").format(t=text),
                                line, c, text)
                    else:
                        last.annotations.append(text)
                    continue
                if text[0] in "!?":
                    if last is None or text not in _SUFFIXES or any(a[0] in "!?" for a in last.annotations):
                        problem("unknown-token", T("suffixe illisible, en double ou sans déclaration {t!r}",
                                                   "unreadable, doubled or orphan suffix {t!r}").format(t=text),
                                line, c, text)
                    else:
                        last.annotations.append(text)
                    continue
                try:
                    call = Call.parse(text)
                except InputError as err:
                    last = CallToken(text, line, c)
                    calls.append(last)
                    problem("unreadable-call", err.message, line, c, text)
                    continue
            # a call
            if unfinished_at is not None:
                problem("call-after-unfinished", T("déclaration {t!r} après '+'", "call {t!r} after '+'").format(t=text),
                        line, c, text)
                continue
            if not started:
                started = True
                _set_dealer(board, turn, line, c)
            if skips:
                for _ in range(skips):
                    turn = _NEXT[turn]
                skips = 0
                board.seat_tagged = True
            last = CallToken(text, line, c, call, turn, marker=marker)
            marker = None
            calls.append(last)
            turn = _NEXT[turn]
            if call.kind is _PASS_KIND:
                trailing += 1
            else:
                trailing = 0
                bids += call.kind is _BID
    if not started:
        _set_dealer(board, turn, line0, col0)
    if marker is not None or skips:
        board.add_problem("misplaced-token", T("marque d'irrégularité sans déclaration après elle",
                                               "irregularity marker with no call after it"), line0, col0)
    used = set()
    for tok in calls:
        if tok.note is not None:
            note = game.notes.get(tok.note)
            if note is None:
                board.add_problem("missing-note", T("pas de [Note] pour ={n}=", "no [Note] for ={n}=").format(n=tok.note),
                                  tok.line, tok.column, f"={tok.note}=")
            else:
                tok.explanation = note[0]
                used.add(tok.note)
    for n, (text, line, col) in game.notes.items():
        board.notes[n] = text
        if n not in used:
            board.add_problem("unused-note", T("note {n} jamais appelée", "note {n} never referred to").format(n=n),
                              line, col, str(n))


def _set_dealer(board: Board, seat: Seat, line: int, column: int) -> None:
    """The first call is the dealer's: check it against the Dealer tag (which wins)."""
    if board.dealer is None:
        board.dealer = seat
    elif board.dealer != seat:
        dealer = board.dealer
        board.add_problem("dealer-mismatch", T(
            f"la première déclaration est dans la colonne {seat.render_of('fr')}, le donneur est {dealer.render('fr')}",
            f"the first call is in {seat.render('en')}'s column, the dealer is {dealer.render('en')}"),
            line, column)
    board.auction_dealer = board.dealer


def _note(board: Board, last: CallToken | None, text: str, line: int, col: int) -> None:
    body = text[1:-1] if len(text) > 2 and text.endswith("=") else ""
    if last is None or not body.isdigit() or not 1 <= int(body) <= 32 or last.note is not None:
        board.add_problem("unknown-token", T("appel de note illisible, en double ou sans déclaration {t!r}",
                                             "unreadable, doubled or orphan note reference {t!r}").format(t=text),
                          line, col, text)
        return
    last.note = int(body)


# -- cutting records -------------------------------------------------------------------------------
_SEPARATOR = re.compile(r"\n(?:[ \t]*\n)+")  # blank lines end a game
_LINE_BREAKS = re.compile(r"\n\n+")  # the same where no line starts with a blank
_LINE_COMMENT = re.compile(r"\{[^}\n]*\}")
_BRACE = re.compile(r"\{")
# what can hide a "{" or a blank line from the record cutter: % lines, quoted values, ; comments, { } comments
_SKIPPED = re.compile(r'^%[^\n]*|"(?:[^"\\\n]|\\.)*"|;[^\n]*|\{[^}]*\}?', re.MULTILINE)
_ODD_BREAK_CHARS = ODD_BREAK_CHARS
_ODD_BREAKS = re.compile(f"[{_ODD_BREAK_CHARS}]")
_HELD_MAX = 1000
_USE_TEMPLATES = True  # False: the fast lane cuts whole blocks and proves every record the general way (tests compare)
_TEMPLATES_MAX = 8  # record layouts a reader keeps templates of
# % lines with no "[" (the cutter would take it for a tag and keep the paragraph with the next record), "{" or '"'
_PERCENT_LINES = re.compile(r'%[^\n\[{"]*(?:\n%[^\n\[{"]*)*')
_WINDOW_MAX = 6  # the general way cuts at most 2 ** 6 blank lines' worth of records at once
_LEARN_MAX = 32  # templates a reader may fail to learn (a layout none covers) before it stops trying
_NOT_NEWLINE = re.compile(r"[^\n]+")


class _Scan:
    """What one pass over a block found: comment spans, odd line breaks, the text with its
    comments blanked (the fast lane reads that), and where it stops being plain."""

    __slots__ = ("bad", "clean", "comments", "odd")

    def __init__(self, text: str, fast: bool) -> None:
        self.comments = (_line_comments(text) or _comments(text)) if "{" in text else []
        self.odd = [m.start() for m in _ODD_BREAKS.finditer(text)] if _has_odd_breaks(text) else []
        self.clean = _blank(text, self.comments) if fast and self.comments else text
        self.bad = _not_plain(self.clean) if fast or not self.comments else [0]


def _has_odd_breaks(text: str) -> bool:
    return any(c in text for c in _ODD_BREAK_CHARS)


def _records(text: str, fast: bool = False) -> tuple[list[tuple[int, int]], _Scan]:
    """Spans of the records of ``text`` (the last one runs to the end: it may go on in the
    next block), and what the scan of the text found (see :class:`_Scan`).

    A blank line ends a record where the reference reader surely ends a game there: outside
    a ``{ }`` comment, after a last tag that is one plain tag line, with no quote after it
    (an unclosed quote or tag carries a game over blank lines), and with no line break
    other than ``\\n`` in the record. Elsewhere the records stay together, which is always
    safe: the reference lane reading two records at once makes the same boards.
    """
    scan = _Scan(text, fast)
    comments, odd, clean = scan.comments, scan.odd, scan.clean
    spans: list[tuple[int, int]] = []
    start = 0
    # no line starts with a blank: a blank line is a run of line breaks, which a literal finds fast
    separators = list((_SEPARATOR if "\n " in text or "\n\t" in text else _LINE_BREAKS).finditer(text))
    if not separators:  # one record (the last of a block, say): nothing to prove
        return [(0, len(text))], scan
    if (not comments and not odd and not scan.bad and '\\"' not in text
            and text.count('"') - _header_quotes(text) == 2 * text.count("[")):
        # every "[" a plain tag line (two quotes each: no escaped quote), every quote in a tag or
        # in the % lines before the first tag (which the reference reader skips): every blank
        # line ends a game
        for m in separators:
            spans.append((start, m.start()))
            start = m.end()
        spans.append((start, len(text)))
        return spans, scan
    rfind, find, tag_line = clean.rfind, clean.find, _TAG_LINE_RE.fullmatch
    for m in separators:
        cut = m.start()
        if comments and bisect_right(comments, cut) % 2:  # inside a comment
            continue
        if odd and bisect_right(odd, cut) != bisect_right(odd, start):
            continue
        last = rfind("[", start, cut)  # a "[" in a comment opens no tag (fast lane: comments blanked)
        eol = cut
        if last >= 0:
            eol = find("\n", last, cut)
            if eol < 0:
                eol = cut
            if not tag_line(clean, last, eol):
                continue
        if find('"', eol, cut) >= 0 and _open_quote(text, eol if last >= 0 else start, cut, comments):
            continue
        spans.append((start, cut))
        start = m.end()
    spans.append((start, len(text)))
    return spans, scan


def _first_records(text: str, pos: int, misses: int) -> tuple[str, list[tuple[int, int]], _Scan, int] | None:
    """The first records :func:`_records` cuts from ``text[pos:]`` (``pos``: a record start):
    a window of the text, their spans in it, its scan and where the last of them ends with its
    blank lines (the next record's start, in the window); None when no blank line after
    ``pos`` ends a record (the last record of a block).

    The window runs to the ``2 ** misses``-th blank line (one record at a time while templates
    read the others, more when they do not), then on, one blank line at a time, until one of its
    blank lines is a cut. :func:`_records` decides a cut from the text between the record's
    start and the blank line alone, so the cuts in a window are the cuts in the whole text."""
    at = pos
    want = 1 << misses
    while True:
        m = _SEPARATOR.search(text, at)
        if m is None:
            if at == pos:
                return None
            want = 0  # fewer blank lines left than wanted: the window runs to the last one
        else:
            at = m.end()
            want -= 1
        if want > 0:
            continue
        window = text[pos:at]
        spans, scan = _records(window, True)
        if len(spans) > 1:
            upto, _ = spans.pop()  # after the last cut: empty, or a record the window ends inside
            return window, spans, scan, upto
        if m is None:  # no cut, no blank line left
            return None


def _header_quotes(text: str) -> int:
    """How many quotes the ``%`` lines before the first tag hold (generators put quoted font
    names there); 0 when anything else comes before the first tag."""
    first = text.find("[")
    if first <= 0 or text.find('"', 0, first) < 0 or not _BEFORE_TAGS.fullmatch(text, 0, first):
        return 0
    return text.count('"', 0, first)


def _blank(text: str, comments: list[int]) -> str:
    """``text`` with its comments turned to spaces (line breaks kept: offsets and lines stay)."""
    pieces: list[str] = []
    at = 0
    for i in range(0, len(comments), 2):
        start, end = comments[i], comments[i + 1]
        comment = text[start:end]
        pieces += (text[at:start], " " * (end - start) if "\n" not in comment else _NOT_NEWLINE.sub(_spaces, comment))
        at = end
    pieces.append(text[at:])
    return "".join(pieces)


def _line_comments(text: str) -> list[int] | None:
    """The comments of ``text`` (as :func:`_comments` gives them) when each one starts a line
    and ends on it (the common layout: ``{Shape 4144 2533 5341 2425}``), None otherwise.

    Such a ``{`` cannot sit in a quoted value, a ``%`` line or a ``;`` comment (those end
    with their line: see :data:`_SKIPPED`), nor in another comment (it would not start its
    line)."""
    braces = text.count("{")
    if braces != text.count("\n{") + text.startswith("{"):
        return None
    out: list[int] = []
    for m in _LINE_COMMENT.finditer(text):
        out += (m.start(), m.end())
    return out if len(out) == 2 * braces else None


def _spaces(m: re.Match[str]) -> str:
    return " " * (m.end() - m.start())


def _not_plain(text: str) -> list[int]:
    """Where ``text`` (comments blanked) stops being plain, in order: each ``{`` left (in a value
    or a % line) and each ``[`` that does not open a plain tag line. A record with neither is plain: the tags
    are found by one regex, and nothing hides in its other lines (the reference reader does
    not tokenize a line with no ``[`` or ``{`` outside the auction, whose words are checked
    one by one)."""
    if "{" not in text and _ODD_BRACKET.search(text) is None:  # the common case: one pass, nothing found
        return []
    found = [m.start() for m in _ODD_BRACKET.finditer(text)]
    if "{" in text:
        found += [m.start() for m in _BRACE.finditer(text)]
        found.sort()
    return found


def _comments(text: str) -> list[int]:
    """Where the ``{ }`` comments of ``text`` start and end (a flat list), skipping what looks
    like one inside a quoted value, a ``%`` line or a ``;`` comment."""
    out: list[int] = []
    pos = 0
    while (brace := text.find("{", pos)) >= 0:
        at = max(text.rfind("\n", 0, brace) + 1, pos)  # nothing that hides a brace spans lines, but a comment
        while True:
            m = _SKIPPED.search(text, at)
            if m is None or m.start() > brace:  # cannot happen: the brace itself matches
                pos = brace + 1
                break
            if text[m.start()] == "{":
                out += (m.start(), m.end())
                pos = m.end()
                break
            if m.end() > brace:  # the brace is inside a value, a % line or a ; comment
                pos = m.end()
                break
            at = m.end()
    return out


def _open_quote(text: str, start: int, end: int, comments: list[int]) -> bool:
    """Is there a quote between ``start`` and ``end`` outside comments and ``%`` lines?"""
    at = text.find('"', start, end)
    while at >= 0:
        line_start = text.rfind("\n", 0, at) + 1
        if text[line_start] != "%" and not (comments and bisect_right(comments, at) % 2):
            return True
        at = text.find('"', at + 1, end)
    return False


# -- the fast lane -----------------------------------------------------------------------------------
_TAG_LINE = rf'\[{NAME} "(?:{VALUE}|{ESCAPE})*"\]'
_TAG_LINE_RE = re.compile(_TAG_LINE)
# a "[" that does not open a plain tag line: after something else than a line break (the
# lookbehind), or not followed by the rest of one tag and the line's end. The literal "[" lets
# the regex engine jump from "[" to "[".
_ODD_BRACKET = re.compile(rf'\[(?:(?<=[^\n]\[)|(?!{NAME} "{VALUE}*+(?:{ESCAPE}{VALUE}*+)*+"\]$))', re.MULTILINE)
# In a plain record '[Name "' only opens a tag line, so these need no line anchors (which would
# stop the regex engine from jumping from "[" to "[").
_WANT_HEAD = re.compile(rf'\[(?:{"|".join(WANTED)}) "')
_WANT = re.compile(rf'\[({"|".join(WANTED)}) "({VALUE}*+)"\]')
_BEFORE_TAGS = re.compile(r"(?:[ \t\n]*%[^\n]*)*[ \t\n]*")  # blank and % lines before a record's first tag
_SEAT_CODE = {"N": 0, "E": 1, "S": 2, "W": 3}
_VUL_OK = frozenset(("None", "NS", "EW", "All", "Both", "Love", "-", "none", "ns", "ew", "all", "both", "love",
                     "NONE", "ALL", "BOTH", "LOVE", ""))
_DECLARER_OK = frozenset(("", "?", "N", "E", "S", "W", "^N", "^E", "^S", "^W"))
_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_MEMO_MAX = 4096
# auction words -> kernel code, or a mark: AP (all pass), a note reference =n=, a suffix (! ? ...), a NAG ($n)
_AP, _SUFFIX, _NAG, _NOTE = 50, 60, 61, 100
_TOKENS: dict[str, int] = {}
for _k, _c in STANDARD_CALLS.items():
    for _form in {_k, _k.lower(), _k.capitalize(), _k[:1] + _k[1:].lower()}:
        _TOKENS[_form] = _c.code
for _n in range(1, 33):
    _TOKENS[f"={_n}="] = _NOTE + _n
for _form in ("AP", "ap", "Ap"):
    _TOKENS[_form] = _AP
for _form in _SUFFIXES:
    _TOKENS[_form] = _SUFFIX
for _n in range(256):
    _TOKENS[f"${_n}"] = _NAG


def _fast_play_marks(chunk: str, line0: int) -> list[tuple[int, int, str]]:
    """The ``^R``-like marks of a plain record's play section (its comments blanked), with line and column."""
    play = chunk.find('[Play "')
    if play < 0 or chunk.find("^", play) < 0:
        return []
    start = chunk.find("\n", play) + 1
    end = chunk.find("\n[", start)
    out = []
    for m in _PLAY_MARK.finditer(chunk, start, len(chunk) if end < 0 else end):
        col = m.start() - chunk.rfind("\n", 0, m.start())
        out.append((line0 + chunk.count("\n", 0, m.start()), col, m.group(1)))
    return out


def _auction_codes(body: str, dealer: int) -> tuple[frozenset[int], Any, kernel.Bidding, bool] | Literal[False]:
    """An auction section's text -> ``(note references, call codes, kernel state, unfinished)``;
    False when the reference lane must read it (a word it does not know, an irregular auction...)."""
    if "%" in body:
        body = "\n".join(ln for ln in body.split("\n") if not ln.startswith("%"))
    words = body.split()
    unfinished = False
    # "+" (or "*"): the record stops, the auction goes on: only marks may follow
    if ("+" in body or "*" in body) and ("+" in words or "*" in words):
        for stop, word in enumerate(words):
            if word == "+" or word == "*":
                if any(_TOKENS.get(w, 0) < _SUFFIX for w in words[stop + 1:]):
                    return False
                del words[stop]
                unfinished = True
                break
    looked_up = list(map(_TOKENS.get, words))
    codes: list[int] = []
    if None not in looked_up:
        codes = looked_up  # type: ignore[assignment]
    else:
        for word in words:
            found = _word_codes(word)
            if found is None:
                return False
            codes += found
    refs: frozenset[int] = frozenset()
    if codes and max(codes) >= _AP:
        annotated = _annotated(codes)
        if annotated is None:
            return False
        codes, refs = annotated
    bidding = kernel.run(codes, dealer)
    return False if bidding is None else (refs, codes, bidding, unfinished)


def _word_codes(word: str) -> list[int] | None:
    """A word the table does not know: a case variant, or a call with marks attached (``7H?``, ``2D=1=``)."""
    out = []
    for piece in _PIECES.findall(word):
        code = _TOKENS.get(piece)
        if code is None:
            call = STANDARD_CALLS.get(piece.upper())
            if call is None:
                if piece.upper() != "AP":
                    return None
                code = _AP
            else:
                code = call.code
        out.append(code)
    return out


def _annotated(codes: list[int]) -> tuple[list[int], frozenset[int]] | None:
    """Calls with ``AP``, note references, suffixes and NAGs: the calls and the notes referred
    to, or None where the reference lane reports something (a mark before any call, two note
    references or two suffixes on one call)."""
    calls: list[int] = []
    refs: set[int] = set()
    noted = suffixed = True  # no call yet: a mark here is an orphan
    bids = trailing = 0
    for c in codes:
        if c < _AP:
            calls.append(c)
            noted = suffixed = False
            if c == kernel.PASS:
                trailing += 1
            else:
                trailing = 0
                bids += c >= 5
        elif c == _AP:
            need = (3 if bids else 4) - trailing
            if need > 0:
                calls.extend([kernel.PASS] * need)
                trailing += need
                noted = suffixed = False
        elif c == _NAG:
            if not calls:
                return None
        elif c == _SUFFIX:
            if suffixed:
                return None
            suffixed = True
        else:
            if noted:
                return None
            noted = True
            refs.add(c - _NOTE)
    return calls, frozenset(refs)


def _auction_notes(text: str, stop: int, end: int) -> set[int] | None:
    """Note numbers of the auction section of the record ending at ``end``, None if one is
    unreadable or given twice.

    Its notes are the ``[Note "n:..."]`` tag lines right after its calls, from
    ``text[stop + 1]`` on (``stop`` < 0: the section ends the record, no note); a note after
    another tag belongs to that tag's section.
    """
    if stop < 0:
        return set()
    run = _NOTE_RUN.match(text, stop + 1, end)
    if run is None:
        return set()
    numbers = _NOTE_NUMBER.findall(text, stop + 1, run.end())
    if len(numbers) != text.count('[Note "', stop + 1, run.end()):
        return None
    notes = set(map(int, numbers))
    if len(notes) != len(numbers) or min(notes) < 1 or max(notes) > 32:
        return None
    return notes


_NOTE_RUN = re.compile(r'(?:\[Note "[^\n]*(?:\n|\Z))+')
_NOTE_NUMBER = re.compile(r'\[Note "[ \t]*([0-9]+)[ \t]*:')
