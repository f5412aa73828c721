"""A recorded tresillo game as the checker reads it: plain dataclasses, read without pydantic.

What: one class per model of :mod:`.record` (the schema, the authority on what a record may
hold and on every error message), with the same names and fields (slotted dataclasses,
mutable as the models are), and :func:`read_record`: a plainly right record is read straight
into these classes (:func:`arbitre.rulings.plainrecord.build`); anything else goes through
the schema, which names the faulty field, or accepts it and its values are carried over. The
value readers (cards, suits, kinds, calls) are written here once and used by the schema too.

Why: ``arbitre tresillo check`` starts cold; the schema's import alone costs more than the
whole check of a clean record. ``tests/tresillo/test_record_plain.py`` holds these classes
against the schema.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from arbitre.rulings.errors import InputError
from arbitre.rulings.jsonrecord import read_json
from arbitre.rulings.plainrecord import Length, Parse, Range, build, from_model
from arbitre.rulings.tresillo.auction import KIND_WORDS, MORE, PASS, PLAY, Kind
from arbitre.rulings.tresillo.cards import parse_card, parse_suit

if TYPE_CHECKING:
    from arbitre.rulings.tresillo import record


def _parsed(parse: Callable[[Any], int], value: Any, kind: type, expected: str) -> int:
    """Run a card/suit parser for pydantic: its errors become the ValueError pydantic reports."""
    if not isinstance(value, kind):
        raise ValueError(expected)  # noqa: TRY004 (pydantic reports ValueError, not TypeError)
    try:
        return parse(value)
    except InputError as err:
        raise ValueError(err.message.en) from None


def _card(value: Any) -> int:
    return _parsed(parse_card, value, dict, 'a card is an object {"valeur": ..., "couleur": ...}')


def _suit(value: Any) -> int:
    return _parsed(parse_suit, value, str, "a suit is one of DENIER, COUPE, EPEE, BATON")


def _kind(value: Any) -> Kind:
    kind = KIND_WORDS.get(str(value).strip().lower().replace("_", " ")) if isinstance(value, str) else None
    if kind is None:
        raise ValueError("kind is one of simple, favour, retourne, solo, solo_favour")
    return kind


_CALLS = {"passe": PASS, "je passe": PASS, "paso": PASS, "je joue": PLAY, "juego": PLAY, "plus": MORE, "mas": MORE,
          "más": MORE}


def _call(value: Any) -> str:
    call = _CALLS.get(value.strip().lower()) if isinstance(value, str) else None
    if call is None:
        raise ValueError('call is "passe", "je joue" or "plus"')
    return call


Card = Annotated[int, Parse(_card)]
Suit = Annotated[int, Parse(_suit)]
KindField = Annotated[Kind, Parse(_kind)]
Seat = Annotated[int, Range(ge=1, le=4)]


@dataclass(slots=True, kw_only=True)
class AuctionCall:
    seat: Seat
    call: Annotated[str, Parse(_call)]
    kind: KindField | None = None


@dataclass(slots=True, kw_only=True)
class Contract:
    player: Seat
    kind: KindField
    trump: Suit


@dataclass(slots=True, kw_only=True)
class Permission:
    asked_of: Seat
    granted: bool


@dataclass(slots=True, kw_only=True)
class Exchange:
    seat: Seat
    discard: list[Card]
    draw: list[Card]
    permission: Permission | None = None


@dataclass(slots=True, kw_only=True)
class PlayedCard:
    seat: Seat
    card: Card


@dataclass(slots=True, kw_only=True)
class Trick:
    leader: Seat
    cards: list[PlayedCard]
    winner: Seat


@dataclass(slots=True, kw_only=True)
class Surrender:
    before_trick: int
    response: Literal["accept", "defend"]
    defender: Seat | None = None


@dataclass(slots=True, kw_only=True)
class Chelem:
    attempted: bool


@dataclass(slots=True, kw_only=True)
class Result:
    tricks: dict[Seat, int]
    outcome: str
    payments: dict[Seat, int]


@dataclass(slots=True, kw_only=True)
class Coup:
    number: int
    dealer: Seat
    hands: dict[Seat, list[Card]]
    talon: list[Card]
    dealer_bet: Literal["J", "P", "C"] | None
    auction: list[AuctionCall]
    contract: Contract | None
    exchanges: list[Exchange]
    tricks: list[Trick]
    surrender: Surrender | None
    chelem: Chelem | None
    result: Result


@dataclass(slots=True, kw_only=True)
class GameRecord:
    game: Literal["tresillo"]
    players: Annotated[list[str], Length(min=3, max=4)]
    favour_suit: Suit
    dealer_stake: Annotated[int, Range(ge=0)]
    coups: list[Coup]


def plain(game: GameRecord | record.GameRecord) -> GameRecord:
    """``game`` as the checker reads it (a record the schema validated is carried over)."""
    return game if isinstance(game, GameRecord) else from_model(GameRecord, game)


def read_record(text: str, source: str | None = None) -> GameRecord:
    """Read a record; raise :class:`InputError` naming the line/column or the field path,
    exactly as :func:`arbitre.rulings.tresillo.record.load_record` does, whose schema decides."""
    data = read_json(text, source)
    game = build(GameRecord, data)
    if game is None:  # not plainly right: the schema names the fault, or accepts it
        from arbitre.rulings.tresillo.record import validate_record

        game = from_model(GameRecord, validate_record(data, source))
    return game
