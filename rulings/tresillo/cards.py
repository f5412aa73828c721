"""The 40-card Spanish deck of Tresillo and its text forms.

What: suits and ranks as small ints, a card as one int ``suit * 10 + rank``
(``0..39``), names in French (the rulebook's), Spanish and English, and
:func:`parse_card`, which reads every accepted form:

* the record form ``{"valeur": "ROI", "couleur": "DENIER"}`` (values ``AS DEUX
  TROIS QUATRE CINQ SIX SEPT VALET CAVALIER ROI``, suits ``DENIER COUPE EPEE
  BATON``), Spanish words accepted in both fields (``rey``, ``oros``…);
* words: ``Roi de denier``, ``As d'épée``, ``rey de oros``, ``King of Coins``;
* short: rank ``A 2-7 V/S/J C R/K`` then suit ``D/O C E B``: ``RD``, ``7C``, ``AE``.

Why: one card type for the engine, the record, the checker and the CLI; the
int form lets the hot path index precomputed tables (see :mod:`.trumps`).
"""
from __future__ import annotations

from typing import Any

from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T
from arbitre.rulings.textfold import strip_accents

DENIER, COUPE, EPEE, BATON = 0, 1, 2, 3
SUITS = (DENIER, COUPE, EPEE, BATON)
RED = (DENIER, COUPE)  # the "long" suits
BLACK = (EPEE, BATON)  # the "short" suits

AS, DEUX, TROIS, QUATRE, CINQ, SIX, SEPT, VALET, CAVALIER, ROI = range(10)

SUIT_CODES = ("DENIER", "COUPE", "EPEE", "BATON")
RANK_CODES = ("AS", "DEUX", "TROIS", "QUATRE", "CINQ", "SIX", "SEPT", "VALET", "CAVALIER", "ROI")
SUIT_FR = ("denier", "coupe", "épée", "bâton")
SUIT_EN = ("Coins", "Cups", "Swords", "Clubs")
RANK_FR = ("As", "Deux", "Trois", "Quatre", "Cinq", "Six", "Sept", "Valet", "Cavalier", "Roi")
RANK_EN = ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Jack", "Knight", "King")
RANK_SHORT = ("A", "2", "3", "4", "5", "6", "7", "V", "C", "R")
SUIT_SHORT = ("D", "C", "E", "B")

N_CARDS = 40
DECK = tuple(range(N_CARDS))
HAND, TALON = 9, 13
"""Nine cards to each of the three active players, thirteen left in the talon."""


def card(suit: int, rank: int) -> int:
    """The card index of ``rank`` of ``suit``."""
    return suit * 10 + rank


def suit_of(c: int) -> int:
    return c // 10


def rank_of(c: int) -> int:
    return c % 10


AS_EPEE = card(EPEE, AS)  # the "Épée", always the highest trump
AS_BATON = card(BATON, AS)  # the "Bâton", always the third trump


def _key(word: str) -> str:
    text = strip_accents(word.strip().replace("’", "'"))
    return text.upper().replace("_", " ")


SUIT_WORDS: dict[str, int] = {}
for _s, _words in enumerate((
    ("DENIER", "DENIERS", "OROS", "ORO", "COINS", "COIN"),
    ("COUPE", "COUPES", "COPAS", "COPA", "CUPS", "CUP"),
    ("EPEE", "EPEES", "ESPADAS", "ESPADA", "SWORDS", "SWORD"),
    ("BATON", "BATONS", "BASTOS", "BASTO", "CLUBS", "CLUB", "BATONS"),
)):
    for _w in _words:
        SUIT_WORDS[_w] = _s

RANK_WORDS: dict[str, int] = {}
for _r, _words in enumerate((
    ("AS", "A", "1", "UNO", "ACE"),
    ("DEUX", "2", "DOS", "TWO"),
    ("TROIS", "3", "TRES", "THREE"),
    ("QUATRE", "4", "CUATRO", "FOUR"),
    ("CINQ", "5", "CINCO", "FIVE"),
    ("SIX", "6", "SEIS"),
    ("SEPT", "7", "SIETE", "SEVEN"),
    ("VALET", "V", "SOTA", "S", "J", "JACK", "KNAVE"),
    ("CAVALIER", "C", "CABALLO", "KNIGHT", "HORSE"),
    ("ROI", "R", "REY", "K", "KING"),
)):
    for _w in _words:
        RANK_WORDS[_w] = _r
SHORT_SUITS = {"D": DENIER, "O": DENIER, "C": COUPE, "E": EPEE, "B": BATON}


def label(c: int) -> T:
    """Bilingual display name: ``Roi de denier`` / ``King of Coins``."""
    s, r = suit_of(c), rank_of(c)
    sep = "d'" if SUIT_FR[s][0] in "aeéiou" else "de "
    return T(f"{RANK_FR[r]} {sep}{SUIT_FR[s]}", f"{RANK_EN[r]} of {SUIT_EN[s]}")


def short(c: int) -> str:
    """Short form: ``RD`` (Roi de denier), ``AE`` (As d'épée), ``7C``."""
    return RANK_SHORT[rank_of(c)] + SUIT_SHORT[suit_of(c)]


def to_json(c: int) -> dict[str, str]:
    """The record form ``{"valeur": "ROI", "couleur": "DENIER"}``."""
    return {"valeur": RANK_CODES[rank_of(c)], "couleur": SUIT_CODES[suit_of(c)]}


def _bad(text: str, what: T) -> InputError:
    return InputError(T(f"{what.fr} : « {text} »", f"{what.en}: '{text}'"), token=text)


def parse_suit(text: str) -> int:
    """A suit in French, Spanish or English (``DENIER``, ``oros``, ``Coins``)."""
    suit = SUIT_WORDS.get(_key(text))
    if suit is None:
        raise _bad(text, T("couleur inconnue", "unknown suit"))
    return suit


def parse_rank(text: str) -> int:
    rank = RANK_WORDS.get(_key(text))
    if rank is None:
        raise _bad(text, T("valeur de carte inconnue", "unknown card value"))
    return rank


def parse_card(value: Any) -> int:
    """Any accepted card form to its index; :class:`InputError` on anything else."""
    if isinstance(value, bool):
        raise _bad(repr(value), T("carte illisible", "unreadable card"))
    if isinstance(value, int):
        if 0 <= value < N_CARDS:
            return value
        raise _bad(str(value), T("carte illisible", "unreadable card"))
    if isinstance(value, dict):
        if "valeur" not in value or "couleur" not in value:
            raise _bad(str(value), T("carte sans « valeur » ou « couleur »", "card without 'valeur' or 'couleur'"))
        return card(parse_suit(str(value["couleur"])), parse_rank(str(value["valeur"])))
    if not isinstance(value, str):
        raise _bad(repr(value), T("carte illisible", "unreadable card"))
    text = value.strip()
    key = _key(text)
    for sep in (" DE ", " D'", " OF "):
        if sep in key:
            rank, suit = key.split(sep, 1)
            return card(parse_suit(suit), parse_rank(rank))
    if len(key) == 2 and key[1] in SHORT_SUITS and key[0] in RANK_WORDS:
        return card(SHORT_SUITS[key[1]], RANK_WORDS[key[0]])
    raise _bad(text, T("carte illisible", "unreadable card"))
