"""The 32-card French deck used by belote and coinche, and its three text forms.

What: :class:`Suit`, :class:`Rank`, :class:`Card` and parsers/renderers for

* the seed's French JSON form ``{"valeur": "AS", "couleur": "COEUR"}``,
* English short (``AH``, ``10H``, ``TH``) and long (``Ace of Hearts``) forms,
* the coinche protocol form ``10 Hearts`` (as in ``PLAY 10 Hearts``).

Why: every other module (legal cards, scoring, the record checker, the CLI)
shares one card type, and a card is also a small int ``0..31``
(``suit * 8 + rank``) so that the hot path can index precomputed tables.

Ranks are numbered in the *natural* order 7-8-9-10-J-Q-K-A (the order used
for sequences/announces); trick-taking strength depends on trump and lives in
:mod:`arbitre.rulings.belote.play`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T


class Suit(IntEnum):
    """The four suits; the int value is the card-index block (``suit * 8``)."""

    HEARTS = 0
    DIAMONDS = 1
    CLUBS = 2
    SPADES = 3

    @property
    def fr(self) -> str:
        return _SUIT_FR[self]

    @property
    def en(self) -> str:
        return _SUIT_EN[self]

    @property
    def letter(self) -> str:
        return "HDCS"[self]

    @property
    def symbol(self) -> str:
        return "♥♦♣♠"[self]

    def label(self) -> T:
        """Bilingual display name (``Cœur`` / ``Hearts``)."""
        return T(_SUIT_FR_DISPLAY[self], self.en)


class Rank(IntEnum):
    """Ranks in natural (sequence) order: 7 < 8 < 9 < 10 < J < Q < K < A."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def fr(self) -> str:
        return _RANK_FR[self]

    @property
    def short(self) -> str:
        return _RANK_SHORT[self]

    @property
    def en(self) -> str:
        return _RANK_EN[self]

    def label(self) -> T:
        return T(_RANK_FR_DISPLAY[self], self.en)


_SUIT_FR = ("COEUR", "CARREAU", "TREFLE", "PIQUE")
_SUIT_FR_DISPLAY = ("Cœur", "Carreau", "Trèfle", "Pique")
_SUIT_EN = ("Hearts", "Diamonds", "Clubs", "Spades")
_RANK_FR = ("SEPT", "HUIT", "NEUF", "DIX", "VALET", "DAME", "ROI", "AS")
_RANK_FR_DISPLAY = ("Sept", "Huit", "Neuf", "Dix", "Valet", "Dame", "Roi", "As")
_RANK_SHORT = ("7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_EN = ("Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")

# Lookup tables for parsing (all keys upper-case, accents stripped).
SUIT_WORDS: dict[str, Suit] = {}
for _s in Suit:
    for _w in (_SUIT_FR[_s], _SUIT_EN[_s].upper(), _s.letter, _s.symbol, _SUIT_EN[_s][:-1].upper()):
        SUIT_WORDS[_w] = _s

RANK_WORDS: dict[str, Rank] = {}
for _r in Rank:
    for _w in (_RANK_FR[_r], _RANK_SHORT[_r], _RANK_EN[_r].upper()):
        RANK_WORDS[_w] = _r
RANK_WORDS["T"] = Rank.TEN
RANK_WORDS["V"] = Rank.JACK  # French "valet"
RANK_WORDS["D"] = Rank.QUEEN  # French "dame"
RANK_WORDS["R"] = Rank.KING  # French "roi"


@dataclass(frozen=True, slots=True)
class Card:
    """One card; compare and hash by value. ``index`` is ``suit * 8 + rank``."""

    suit: Suit
    rank: Rank

    @property
    def index(self) -> int:
        return self.suit * 8 + self.rank

    @staticmethod
    def from_index(index: int) -> Card:
        return DECK[index]

    # -- renderers -------------------------------------------------------
    def to_fr_json(self) -> dict[str, str]:
        """The seed's JSON form: ``{"valeur": "AS", "couleur": "COEUR"}``."""
        return {"valeur": self.rank.fr, "couleur": self.suit.fr}

    def short(self) -> str:
        """English short form: ``AH``, ``10H``."""
        return f"{self.rank.short}{self.suit.letter}"

    def long(self) -> str:
        """English long form: ``Ace of Hearts``."""
        return f"{self.rank.en} of {self.suit.en}"

    def protocol(self) -> str:
        """Coinche protocol form (seed 003 ``PLAY <card> <card suit>``): ``10 Hearts``."""
        return f"{self.rank.short} {self.suit.en}"

    def label(self) -> T:
        """Bilingual display: ``As de Cœur`` / ``Ace of Hearts``."""
        return T(f"{_RANK_FR_DISPLAY[self.rank]} de {_SUIT_FR_DISPLAY[self.suit]}", self.long())

    def __str__(self) -> str:
        return self.short()

    def __repr__(self) -> str:
        return f"Card({self.short()})"


DECK: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in Rank)
"""The 32 cards in index order (Hearts 7..A, Diamonds 7..A, Clubs, Spades)."""


def new_deck() -> list[Card]:
    """A fresh ordered 32-card deck (seed: ``creer_paquet``)."""
    return list(DECK)


def _norm(word: str) -> str:
    return (word.strip().upper().replace("É", "E").replace("È", "E").replace("Œ", "OE")
            .replace("♡", "♥").replace("♢", "♦"))


def parse_suit(text: str) -> Suit:
    """Parse a suit in any supported language/form (``COEUR``, ``Hearts``, ``H``, ``♥``)."""
    key = _norm(text)
    suit = SUIT_WORDS.get(key)
    if suit is None:
        raise InputError(T(f"couleur inconnue : « {text} »", f"unknown suit: '{text}'"), token=text)
    return suit


def parse_rank(text: str) -> Rank:
    key = _norm(text)
    rank = RANK_WORDS.get(key)
    if rank is None:
        raise InputError(T(f"valeur de carte inconnue : « {text} »", f"unknown card rank: '{text}'"), token=text)
    return rank


_SHORT_RE = re.compile(r"^(10|[2-9TJQKAVDR])([HDCS♥♦♣♠])$", re.IGNORECASE)
_LONG_RE = re.compile(r"^(\S+)\s+(?:of\s+|de\s+|d'\s*)?(\S+)$", re.IGNORECASE)


def parse_card(value: Any) -> Card:
    """Parse any supported card form; raise :class:`InputError` on anything else.

    Accepted: a :class:`Card`; a dict ``{"valeur", "couleur"}``; ``"AH"``,
    ``"10H"``, ``"TH"``; ``"Ace of Hearts"``; ``"10 Hearts"``; ``"AS de COEUR"``.
    """
    if isinstance(value, Card):
        return value
    if isinstance(value, dict):
        try:
            return Card(parse_suit(str(value["couleur"])), parse_rank(str(value["valeur"])))
        except KeyError as missing:
            raise InputError(T(f"carte sans champ {missing}", f"card without field {missing}"),
                             token=str(value)) from None
    if not isinstance(value, str):
        raise InputError(T(f"carte illisible : {value!r}", f"unreadable card: {value!r}"), token=repr(value))
    text = value.strip()
    match = _SHORT_RE.match(text)
    if match:
        return Card(parse_suit(match.group(2)), parse_rank(match.group(1)))
    match = _LONG_RE.match(text)
    if match:
        try:
            return Card(parse_suit(match.group(2)), parse_rank(match.group(1)))
        except InputError:
            pass
    raise InputError(T(f"carte illisible : « {text} »", f"unreadable card: '{text}'"), token=text)
