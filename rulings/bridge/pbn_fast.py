"""The PBN fast lane: a plain record straight to a board of call codes, no object per call.

Plain: every ``[`` opens a plain tag line and no ``{`` is left once comments are blanked (the
cutter's scan, :mod:`~.pbn_cut`, says where a block is not). Such a record's wanted tags are
found by one regex (or by a template, :mod:`~.pbn_template`), checked as the reference lane
(:mod:`~.pbn_reference`) would accept them, and its auction words are turned into kernel codes
through one table (:func:`_auction_codes`). Anything the reference lane must judge (an irregular
auction, an unreadable tag, a marker, a note out of place...) is declined (None or False) and
read there instead, so both lanes make the same boards. Kept apart so that the speed tricks
(memos, token tables) stay out of the reference grammar.
"""
from __future__ import annotations

import re
from typing import Any, Literal

from arbitre.rulings.bridge import kernel
from arbitre.rulings.bridge.pbn_cut import _BEFORE_TAGS, _ODD_BREAKS
from arbitre.rulings.bridge.pbn_reference import _PIECES, _PLAY_MARK, _SUFFIXES, _VUL, _record_tags
from arbitre.rulings.bridge.pbn_template import VALUE, WANTED
from arbitre.rulings.bridge.records import STANDARD_CALLS, Board, RecordedResult, finish_board, parse_recorded
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.digits import is_number

# In a plain record '[Name "' only opens a tag line, so these need no line anchors (which would
# stop the regex engine from jumping from "[" to "[").
_WANT_HEAD = re.compile(rf'\[(?:{"|".join(WANTED)}) "')
_WANT = re.compile(rf'\[({"|".join(WANTED)}) "({VALUE}*+)"\]')
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


class _FastLane:
    """The fast lane of :class:`arbitre.rulings.bridge.pbn._Reader` (a base class of it): its
    methods read a plain record with the reader's memos and move the reader's state."""

    # set by the reader (pbn._Reader.__init__)
    source: str
    previous: dict[str, str]
    count: int
    any_tag: bool
    memo: dict[tuple[int, str], tuple[Any, ...] | Literal[False]]
    recorded: dict[tuple[str, str, str | None], RecordedResult | None]
    seated: dict[tuple[str | None, ...], dict[Seat, str]]
    findings: dict[Any, Any]
    deals: dict[str, Any]
    took: tuple[int, int] | None

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
        elif get("Result", "") not in ("", "?"):
            return None  # a result without a contract: the reference lane checks it alone
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
                      int(board_id) if board_id is not None and is_number(board_id) else None, None,
                      get("Event") or None, _SEATS[dealer] if dealer >= 0 else None, _VUL[vul.upper()] if vul else None,
                      self._players(tags), [], None if codes is None else _SEATS[dealer], False, rec, {},
                      unfinished and codes is not None, [], codes)
        _record_tags(board, tags, self.deals)
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
