"""Read a recorded tresillo game (the JSON record, see README "The tresillo record").

What: pydantic models of the record (``game``, ``players``, ``favour_suit``,
``dealer_stake``, ``coups`` with ``hands``, ``talon``, ``dealer_bet``,
``auction``, ``contract``, ``exchanges``, ``tricks``, ``surrender``,
``chelem``, ``result``) and :func:`load_record`, which turns bad JSON or a
wrong schema into one :class:`~arbitre.rulings.errors.InputError` naming the
line and column (JSON) or the field path (schema), e.g.
``coups.0.tricks.2.cards.1.card``.

Every field is required (``null`` where the record says so) except an
exchange's ``permission`` (older records have none); unknown fields
are refused, so that a misspelt field is reported rather than ignored. Cards
are ``{"valeur": "ROI", "couleur": "DENIER"}`` (Spanish words accepted).

Why: the checker (:mod:`.check`) works on validated, typed data only (the plain classes of
:mod:`.record_plain`, read without pydantic when a record is plainly right, with this schema
deciding everything else); whatever
is consistent JSON but wrong tresillo is the checker's business, not a schema
error.
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from arbitre.rulings.jsonrecord import read_json, validate
from arbitre.rulings.trees.authoring import _validation_error
from arbitre.rulings.tresillo.auction import Kind
from arbitre.rulings.tresillo.record_plain import _call, _card, _kind, _suit  # the value readers, written once

Card = Annotated[int, BeforeValidator(_card)]
Suit = Annotated[int, BeforeValidator(_suit)]
KindField = Annotated[Kind, BeforeValidator(_kind)]
Seat = Annotated[int, Field(ge=1, le=4)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AuctionCall(_Model):
    seat: Seat
    call: Annotated[str, BeforeValidator(_call)]
    kind: KindField | None = None  # after a plus (optional: a bare plus is the next kind up)


class Contract(_Model):
    player: Seat
    kind: KindField
    trump: Suit


class Permission(_Model):
    """In a Solo, the second player's request to discard eight or nine cards, and the other opponent's answer."""

    asked_of: Seat
    granted: bool


class Exchange(_Model):
    seat: Seat
    discard: list[Card]
    draw: list[Card]
    permission: Permission | None = None  # optional: only the exchange that needed it carries it


class PlayedCard(_Model):
    seat: Seat
    card: Card


class Trick(_Model):
    leader: Seat
    cards: list[PlayedCard]
    winner: Seat


class Surrender(_Model):
    before_trick: int
    response: Literal["accept", "defend"]
    defender: Seat | None = None


class Chelem(_Model):
    attempted: bool


class Result(_Model):
    tricks: dict[Seat, int]
    outcome: str
    payments: dict[Seat, int]


class Coup(_Model):
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


class GameRecord(_Model):
    game: Literal["tresillo"]
    players: Annotated[list[str], Field(min_length=3, max_length=4)]
    favour_suit: Suit
    dealer_stake: Annotated[int, Field(ge=0)]
    coups: list[Coup]


def validate_record(data: Any, source: str | None = None) -> GameRecord:
    """Validate a record's JSON data; raise :class:`InputError` naming the field path."""
    # the one schema-error reporter (it names the field path, e.g. coups.0.tricks.2.cards.1.card)
    return validate(data, GameRecord, source, lambda err, doc: _validation_error(Path(source or "record"), doc, err))


def load_record(text: str, source: str | None = None) -> GameRecord:
    """Parse and validate a record; raise :class:`InputError` naming the line/column or the field path."""
    return validate_record(read_json(text, source), source)
