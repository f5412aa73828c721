"""Cutting a block of PBN text into records, and what the one scan of the block finds.

A record ends at a blank line where the reference reader (:mod:`~.pbn_reference`) surely ends
a game: outside a ``{ }`` comment, after a plain last tag line, with no open quote. Where that
cannot be proven the records stay together, which is always safe (the reference lane reading
two records at once makes the same boards). The scan (:class:`_Scan`) also gives the fast lane
(:mod:`~.pbn_fast`) the block with its comments blanked and where it stops being plain. Kept
apart from the lanes: cutting decides only where records end, never what they mean.
"""
from __future__ import annotations

import re
from bisect import bisect_right

from arbitre.rulings.bridge.pbn_template import ESCAPE, NAME, ODD_BREAK_CHARS, VALUE

_SEPARATOR = re.compile(r"\n(?:[ \t]*\n)+")  # blank lines end a game
_LINE_BREAKS = re.compile(r"\n\n+")  # the same where no line starts with a blank
_LINE_COMMENT = re.compile(r"\{[^}\n]*\}")
_BRACE = re.compile(r"\{")
# what can hide a "{" or a blank line from the record cutter: % lines, quoted values, ; comments, { } comments
_SKIPPED = re.compile(r'^%[^\n]*|"(?:[^"\\\n]|\\.)*"|;[^\n]*|\{[^}]*\}?', re.MULTILINE)
_ODD_BREAK_CHARS = ODD_BREAK_CHARS
_ODD_BREAKS = re.compile(f"[{_ODD_BREAK_CHARS}]")
_NOT_NEWLINE = re.compile(r"[^\n]+")
# a plain tag line (the last tag before a blank line must be one for the cutter to cut there)
_TAG_LINE = rf'\[{NAME} "(?:{VALUE}|{ESCAPE})*"\]'
_TAG_LINE_RE = re.compile(_TAG_LINE)
# a "[" that does not open a plain tag line: after something else than a line break (the
# lookbehind), or not followed by the rest of one tag and the line's end. The literal "[" lets
# the regex engine jump from "[" to "[".
_ODD_BRACKET = re.compile(rf'\[(?:(?<=[^\n]\[)|(?!{NAME} "{VALUE}*+(?:{ESCAPE}{VALUE}*+)*+"\]$))', re.MULTILINE)
_BEFORE_TAGS = re.compile(r"(?:[ \t\n]*%[^\n]*)*[ \t\n]*")  # blank and % lines before a record's first tag


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
