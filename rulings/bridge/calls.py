"""The call vocabulary: bids, pass, double, redouble — parse and render.

Grammar (case-insensitive, accents optional; documented in the README):

* pass: ``P``, ``Pass``, ``Passe``; double: ``X``, ``D``-less forms ``Dbl``, ``Double``,
  ``Contre``; redouble: ``XX``, ``Rdbl``, ``Redouble``, ``Surcontre``.
* a bid is a level (one digit 1-9: 8 and 9 are calls Law 38 rules on, not syntax errors)
  then a denomination: English letters ``C D H S N``/``NT``, suit symbols ``♣♦♥♠``,
  English words (``Clubs``…), French words written out or cut to two or more letters
  (``Trèfle``/``Tr``, ``Carreau``/``Ca``, ``Cœur``/``Co``, ``Pique``/``Pi``) and ``SA``.
* single letters are English only: ``P`` alone is always *pass*, and ``1P`` is refused
  (write ``1S`` or ``1Pique``), because ``C`` would otherwise mean clubs in English and
  cœur in French.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import IntEnum

from arbitre.rulings.bridge.kernel import text as code_text
from arbitre.rulings.calls import CallKind as CallKind  # the shared vocabulary (re-exported)
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T
from arbitre.rulings.textfold import strip_accents


class Strain(IntEnum):
    """Denominations in rank order."""

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    def render(self, lang: str = "en") -> str:
        if lang == "fr":
            return "SA" if self is Strain.NT else "♣♦♥♠"[self]
        return self.name

    @property
    def is_major(self) -> bool:
        return self in (Strain.H, Strain.S)


def _fold(text: str) -> str:
    return strip_accents(text.casefold().replace("œ", "oe").replace("æ", "ae"))


_STRAIN_WORDS: dict[str, Strain] = {
    "c": Strain.C, "♣": Strain.C, "club": Strain.C, "clubs": Strain.C,
    "d": Strain.D, "♦": Strain.D, "diamond": Strain.D, "diamonds": Strain.D,
    "h": Strain.H, "♥": Strain.H, "heart": Strain.H, "hearts": Strain.H,
    "s": Strain.S, "♠": Strain.S, "spade": Strain.S, "spades": Strain.S,
    "n": Strain.NT, "nt": Strain.NT, "notrump": Strain.NT, "notrumps": Strain.NT, "sa": Strain.NT,
    "sans-atout": Strain.NT, "sansatout": Strain.NT,
}
_FRENCH_SUITS = {"trefle": Strain.C, "carreau": Strain.D, "coeur": Strain.H, "pique": Strain.S}
for _word, _strain in _FRENCH_SUITS.items():
    for _n in range(2, len(_word) + 1):  # Tr, Tre, ... Trefle; Co, Coe, ... Coeur
        _STRAIN_WORDS.setdefault(_word[:_n], _strain)
    _STRAIN_WORDS[_word + "s"] = _strain
# the symbol variants with the emoji selector, and the white suit symbols
for _sym, _strain in {"♧": Strain.C, "♢": Strain.D, "♡": Strain.H, "♤": Strain.S}.items():
    _STRAIN_WORDS[_sym] = _strain

_KIND_CODE = {CallKind.PASS: 0, CallKind.DOUBLE: 1, CallKind.REDOUBLE: 2}

_SIMPLE: dict[str, CallKind] = {
    "p": CallKind.PASS, "pass": CallKind.PASS, "passe": CallKind.PASS, "pas": CallKind.PASS,
    "x": CallKind.DOUBLE, "dbl": CallKind.DOUBLE, "double": CallKind.DOUBLE, "contre": CallKind.DOUBLE,
    "xx": CallKind.REDOUBLE, "rdbl": CallKind.REDOUBLE, "redouble": CallKind.REDOUBLE,
    "surcontre": CallKind.REDOUBLE,
}
_BID = re.compile(r"^([0-9]+)\s*(.+)$")


@dataclass(frozen=True, slots=True)
class Call:
    """One call. ``level``/``strain`` are set for bids only."""

    kind: CallKind
    level: int = 0
    strain: Strain | None = None
    code: int = field(init=False, compare=False, repr=False)
    """The kernel's compact code (:mod:`~arbitre.rulings.bridge.kernel`): 0 pass, 1 double,
    2 redouble, a bid its rank ``level * 5 + strain``."""

    def __post_init__(self) -> None:
        if self.kind is CallKind.BID:
            code = self.level * 5 + int(self.strain)  # type: ignore[arg-type]
        else:
            code = _KIND_CODE[self.kind]
        object.__setattr__(self, "code", code)

    # -- constructors -------------------------------------------------------------
    @classmethod
    def bid(cls, level: int, strain: Strain) -> Call:
        return cls(CallKind.BID, level, strain)

    @classmethod
    def parse(cls, token: str) -> Call:
        """Parse one call; raises :class:`InputError` naming the token."""
        call = _parse_cached.get(token)
        if call is not None:
            return call
        call = _parse(token)
        if len(_parse_cached) < 4096:
            _parse_cached[token] = call
        return call

    # -- queries ------------------------------------------------------------------
    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    @property
    def is_pass(self) -> bool:
        return self.kind is CallKind.PASS

    @property
    def rank(self) -> int:
        """Bids ordered 1C=5 ... 7NT=39; higher is a sufficient bid over lower (-1: not a bid)."""
        return self.code if self.kind is CallKind.BID else -1

    @classmethod
    def of_code(cls, code: int) -> Call:
        """The call of a kernel code (shared objects)."""
        return _BY_CODE[code]

    def render(self, lang: str = "en") -> str:
        if self.kind is CallKind.BID:
            return f"{self.level}{self.strain.render(lang)}"  # type: ignore[union-attr]
        return _RENDER[self.kind].get(lang)

    def __str__(self) -> str:
        return code_text(self.code)


_RENDER = {
    CallKind.PASS: T("Passe", "Pass"),
    CallKind.DOUBLE: T("Contre", "X"),
    CallKind.REDOUBLE: T("Surcontre", "XX"),
}
PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
REDOUBLE = Call(CallKind.REDOUBLE)
_parse_cached: dict[str, Call] = {}
_BY_CODE: list[Call] = [PASS, DOUBLE, REDOUBLE, PASS, PASS] + [
    Call(CallKind.BID, code // 5, Strain(code % 5)) for code in range(5, 50)]


def _parse(token: str) -> Call:
    folded = _fold(token.strip()).replace("\ufe0f", "")
    kind = _SIMPLE.get(folded)
    if kind is not None:
        return {CallKind.PASS: PASS, CallKind.DOUBLE: DOUBLE, CallKind.REDOUBLE: REDOUBLE}[kind]
    m = _BID.match(folded)
    if m:
        digits, word = m.groups()
        strain = _STRAIN_WORDS.get(word.strip())
        if strain is not None and len(digits) == 1 and digits != "0":
            return Call(CallKind.BID, int(digits), strain)
        if strain is not None:
            raise InputError(
                T("palier {d!r} illisible dans {t!r} (un chiffre de 1 à 9)",
                  "unreadable level {d!r} in {t!r} (one digit 1 to 9)").format(d=digits, t=token),
                token=token,
            )
        if word.strip() == "p":
            raise InputError(
                T("{t!r} est ambigu : écrivez {l}S ou {l}Pique (P seul veut dire Passe)",
                  "{t!r} is ambiguous: write {l}S or {l}Pique (P alone means Pass)").format(t=token, l=digits),
                token=token,
            )
    raise InputError(T("déclaration illisible {t!r}", "unreadable call {t!r}").format(t=token), token=token)
