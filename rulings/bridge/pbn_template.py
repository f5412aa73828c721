"""Per-file record templates for the PBN fast lane: one regex match proves a record plain and
picks its wanted tag values.

Why: generators write every record of a file with the same tag sequence. Cutting a block into
records, proving each plain (every ``[`` opens a plain tag line, no ``{`` left) and then finding
the wanted tags costs three passes over the text and a dozen regex calls a record. A template
built from one record the fast lane took (:func:`build`) matches a whole record of the same
shape in one ``match`` call: each tag line by its literal name, the wanted tags' values
captured, the sections' lines (calls, play, score tables) and the ``{ }`` comment lines of that
record skipped as runs. Records of another shape do not match and go the general way
(``pbn._Reader``), so a template is only a faster proof, never a second reading of a record.

The grammar is written once here and ``pbn_cut`` and ``pbn_fast`` build their plain-record
regexes from the same fragments (:data:`NAME`, :data:`VALUE`, :data:`ESCAPE`, :data:`WANTED`,
:data:`ODD_BREAK_CHARS`).
Why a match is equivalent to the general way (each point narrower than what the general way
accepts, so a record that matches is cut at the same blank line and proven plain there too, and
``pbn_fast._FastLane._fast_tags`` reads the same values from it):

* a tag line is ``[Name "value"]`` alone on its line (``pbn_cut._TAG_LINE``, the name literal), its
  value with no ``[`` or ``{`` (``pbn_cut._not_plain`` rejects a record with one); a wanted value
  has no backslash either (``pbn_fast._FastLane._fast`` leaves escaped wanted values to the
  reference lane); a wanted tag appears once (the template holds each name once);
* a section line starts with none of ``[ { % "``, a blank or a line break and holds no
  ``[ { "``: no tag, no comment, no blank line (which would end the record), nothing that keeps
  a record open over a blank line, no ``%`` line;
* a comment is whole lines, ``{`` first and ``}`` last, with no ``[ { ^`` inside (it may hold
  blank lines: the general way does not cut inside a comment), so the fast lane reads the same
  notes and ``^`` play marks in the raw text as in the text with its comments blanked; the
  calls too, but where a comment follows them with no note between (a template makes none
  there; a record may hold none of the notes its template's comment follows): the fast lane then
  reads the comment's ``{`` as a call it does not know and leaves the record to the general way;
* the record starts with a tag line and a blank line (``pbn_cut._SEPARATOR``) follows the match;
  the reader uses no template in a block with an odd line break (``ODD_BREAK_CHARS``).
"""
from __future__ import annotations

import re

# -- the plain tag line, in fragments (pbn_cut and pbn_fast build their regexes from these) ----------
NAME = r"[A-Za-z0-9]+"
VALUE = r'[^"\\\n]'  # one character of a tag value but an escape
ESCAPE = r"\\."  # an escaped character (``\"``, ``\\``...)
WANTED = ("Board", "Event", "Dealer", "Vulnerable", "Declarer", "Contract", "Result", "Auction",
          "North", "East", "South", "West", "Score", "Deal", "Room", "Table")
ODD_BREAK_CHARS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"  # str.splitlines breaks lines there too

# a value's character or escape with no bracket or brace (pbn_cut._not_plain rejects a record with one)
_PLAIN = VALUE[:-1] + r"\[{]"
_PLAIN_ESCAPE = ESCAPE[:-1] + r"[^\n\[{]"
_WANTED_VALUE = _PLAIN + "*+"  # no escape either (pbn_fast._FastLane._fast leaves those to the reference lane)
_OTHER_VALUE = f"{_PLAIN}*+(?:{_PLAIN_ESCAPE}{_PLAIN}*+)*+"  # unrolled: one charset run, not a branch a character
_SECTION_RUN = r'(?:\n[^\[{%" \t\n][^\n\[{"]*+)*+'
_COMMENT = r"\{[^\[{}^]*+\}"
_NOTE_RUN = rf'(?:\n\[Note "{_OTHER_VALUE}"\])*+'
_LINE = re.compile(rf'\[({NAME}) "{VALUE}*+(?:{ESCAPE}{VALUE}*+)*+"\]|(\{{)|(.)', re.DOTALL)  # a tag line (unrolled), a comment, else
_WANTED_SET = frozenset(WANTED)
_CACHE_MAX = 256
_cache: dict[str, re.Pattern[str]] = {}


def build(record: str) -> re.Pattern[str] | None:
    """The template of ``record`` (a plain record's text from its first tag line, the blank
    line after it excluded), or None when its layout is not one a template covers.

    Each tag line becomes its literal name with a value class (a wanted tag's value a named
    group), followed by a run of section lines; the ``[Note]`` lines after the auction's calls
    (or anywhere) become a run of any length; each comment line stays where it is."""
    parts: list[str] = []
    seen: set[str] = set()
    after_auction = False  # right after the auction's calls: no comment (the fast lane would read it as calls)
    pos, size = 0, len(record)
    while pos < size:
        if pos:
            if record[pos] != "\n":
                return None
            pos += 1
        m = _LINE.match(record, pos)
        if m is None:
            return None
        name = m.group(1)
        if name is not None:
            end = m.end()
            if end < size and record[end] != "\n":
                return None
            if name == "Note":
                if not parts:
                    return None
                if parts[-1] != _NOTE_RUN:
                    parts.append(_NOTE_RUN)
                after_auction = False
            elif name in _WANTED_SET:
                if name in seen:
                    return None
                seen.add(name)
                parts.append(rf'\n\[{name} "(?P<{name}>{_WANTED_VALUE})"\]{_SECTION_RUN}')
                after_auction = name == "Auction"
                if after_auction:
                    parts.append(_NOTE_RUN)
            else:
                parts.append(rf'\n\[{name} "{_OTHER_VALUE}"\]{_SECTION_RUN}')
                after_auction = False
            pos = _section_end(record, end)
        elif m.group(2) is not None:
            close = record.find("}", pos)
            if after_auction or not parts or close < 0 or (close + 1 < size and record[close + 1] != "\n"):
                return None
            parts.append(r"\n" + _COMMENT + _SECTION_RUN)
            pos = _section_end(record, close + 1)
        else:
            return None
    if not parts or not parts[0].startswith(r"\n\["):
        return None
    pattern = "".join(parts)[2:]  # the first line has no line break before it
    compiled = _cache.get(pattern)
    if compiled is None:
        compiled = re.compile(pattern)
        if len(_cache) < _CACHE_MAX:
            _cache[pattern] = compiled
    return compiled if compiled.fullmatch(record) else None  # None: a layout the runs do not cover


def _section_end(record: str, pos: int) -> int:
    """Where the section lines after ``record[:pos]`` (a tag or a comment) end: the run covers them."""
    size = len(record)
    while pos + 1 < size and record[pos] == "\n" and record[pos + 1] not in "[{":
        pos = record.find("\n", pos + 1)
        if pos < 0:
            return size
    return pos
