"""The PBN reference lane: one record's text, read line by line and token by token, to a board.

This is the reader that judges everything :mod:`~arbitre.rulings.bridge.pbn` describes (tags,
the auction section and its marks, notes, comments, defects as problems of their board with
line and column); the fast lane (:mod:`~arbitre.rulings.bridge.pbn_fast`) only ever takes a
record this lane would read the same way, and hands every other one here. Kept apart from the
reader object and the record cutter so that the full grammar reads in one place: the
tokenizer (:class:`_ReferenceLane`), what a game collects (:class:`_Game`, :func:`_tag`) and
how it becomes a board (:func:`_build`, :func:`_auction`).
"""
from __future__ import annotations

import re

from arbitre.rulings.bridge.calls import PASS, Call, CallKind
from arbitre.rulings.bridge.deals import deal_problem
from arbitre.rulings.bridge.records import STANDARD_CALLS, Board, CallToken, finish_board, parse_recorded
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.digits import is_number
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

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

_BAD_NAG = T("NAG illisible ou sans déclaration {t!r}", "unreadable NAG or no call before it {t!r}")
_BAD_SUFFIX = T("suffixe illisible, en double ou sans déclaration {t!r}", "unreadable, doubled or orphan suffix {t!r}")


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


class _ReferenceLane:
    """The reference lane of :class:`arbitre.rulings.bridge.pbn._Reader` (a base class of it):
    :meth:`_reference` reads records with the full tokenizer and moves the reader's state
    (the tag values ``#`` repeats, the record count, whether a tag or stray text was seen)."""

    # set by the reader (pbn._Reader.__init__)
    source: str
    previous: dict[str, str]
    count: int
    any_tag: bool
    first_stray: tuple[int, int, str] | None

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
            if game is not None and (game.tags or game.stray or game.problems):  # a broken tag alone is still said
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
        if game is not None and (game.tags or game.stray or game.problems):  # a broken tag alone is still said
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
            if not sep or not is_number(idx.strip()) or not 1 <= int(idx) <= 32:
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


def _play_marks(game: _Game, text: str, line: int, offset: int) -> None:
    """Keep the irregularity marks (``^R``: revoke) of a piece of the play section."""
    for m in _PLAY_MARK.finditer(text):
        game.play_marks.append((line, offset + m.start() + 1, m.group(1)))


_PLAY_MARK = re.compile(r"\^(\w)")


def _record_tags(board: Board, tags: dict[str, str], memo: dict[str, T | None] | None = None) -> None:
    """The tags both lanes copy as written: score, deal (checked: a ``bad-deal`` finding; ``memo``:
    the fast lane's memo of deals checked), room (PBN ``Room``/``Table``)."""
    board.score = tags.get("Score", "").strip() or None
    deal = board.deal = tags.get("Deal", "").strip() or None
    if deal is not None and deal != "?":
        wrong = deal_problem(deal, memo)
        if wrong is not None:
            board.add_problem("bad-deal", wrong, board.line, None, deal)
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
        if is_number(board.board):
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
    elif tags.get("Result"):
        from arbitre.rulings.bridge.marks import check_result_alone

        check_result_alone(board, tags["Result"])
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
        elif word[0] == "=" and word[-1] == "=" and is_number(word[1:-1]):
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
                if text[0] in "$!?":  # a NAG ($0 to $255) or a suffix (! ? !! ...), on the call before it
                    if text[0] == "$":
                        readable, unreadable = is_number(text[1:]) and int(text[1:]) <= 255, _BAD_NAG
                    else:
                        readable = text in _SUFFIXES and not (last is not None and any(a[0] in "!?" for a in last.annotations))
                        unreadable = _BAD_SUFFIX
                    if last is None or not readable:
                        problem("unknown-token", unreadable.format(t=text), line, c, text)
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
    if last is None or not is_number(body) or not 1 <= int(body) <= 32 or last.note is not None:
        board.add_problem("unknown-token", T("appel de note illisible, en double ou sans déclaration {t!r}",
                                             "unreadable, doubled or orphan note reference {t!r}").format(t=text),
                          line, col, text)
        return
    last.note = int(body)
