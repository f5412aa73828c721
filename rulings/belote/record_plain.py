"""A recorded belote game as the checker reads it: plain dataclasses, read without pydantic.

What: one class per model of :mod:`.record` (the seed 001 schema, the authority on what a
record may hold and on every error message), with the same names and fields (slotted
dataclasses, mutable as the models are), and :func:`read_record`: a plainly right record is
read straight into these classes (:func:`arbitre.rulings.plainrecord.build`); anything else
goes through the schema, which names the faulty field, or accepts it and its values are
carried over. The value readers (cards, suits) are written here once and used by the schema.

Why: ``arbitre belote check`` starts cold; the schema's import alone costs more than the
whole check of a clean record. ``tests/belote/test_record_plain.py`` holds these classes
against the schema.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from arbitre.rulings.belote.cards import Card, Suit, parse_card, parse_suit
from arbitre.rulings.errors import InputError
from arbitre.rulings.jsonrecord import read_json
from arbitre.rulings.plainrecord import Length, Parse, Range, build, from_model

if TYPE_CHECKING:
    from arbitre.rulings.belote import record


def read_card(value: Any) -> Card:
    """A card as a record writes it (any form :func:`parse_card` reads); ValueError otherwise."""
    try:
        return parse_card(value)
    except InputError as err:
        raise ValueError(err.message.en) from None


def read_suit(value: Any) -> Suit:
    """A trump suit as a record writes it; ValueError otherwise."""
    try:
        return parse_suit(str(value))
    except InputError as err:
        raise ValueError(err.message.en) from None


CardField = Annotated[Card, Parse(read_card)]
Position = Annotated[int, Range(ge=1, le=4)]


@dataclass(slots=True, kw_only=True)
class Player:
    EXTRA_ALLOWED: ClassVar[bool] = True  # records carry ids and dates the checker does not need
    id_joueur: str
    nom: str = ""
    position: Position


@dataclass(slots=True, kw_only=True)
class Team:
    EXTRA_ALLOWED: ClassVar[bool] = True
    joueurs: list[str]
    score_total: int | None = None


@dataclass(slots=True, kw_only=True)
class Distribution:
    EXTRA_ALLOWED: ClassVar[bool] = True
    carte_retournee: CardField
    premier_tour: dict[str, list[CardField]]
    deuxieme_tour: dict[str, list[CardField]]


@dataclass(slots=True, kw_only=True)
class Contract:
    EXTRA_ALLOWED: ClassVar[bool] = True
    preneur_id: str
    equipe_prenante: str
    atout: Annotated[Suit, Parse(read_suit)]


@dataclass(slots=True, kw_only=True)
class PlayedCard:
    EXTRA_ALLOWED: ClassVar[bool] = True
    joueur_id: str
    carte: CardField


@dataclass(slots=True, kw_only=True)
class Trick:
    EXTRA_ALLOWED: ClassVar[bool] = True
    numero_pli: int
    meneur_id: str | None = None
    cartes_jouees: list[PlayedCard]
    vainqueur_id: str | None = None


@dataclass(slots=True, kw_only=True)
class AnnounceRecord:
    EXTRA_ALLOWED: ClassVar[bool] = True
    joueur_id: str
    type: str
    valeur: int


@dataclass(slots=True, kw_only=True)
class DealResult:
    EXTRA_ALLOWED: ClassVar[bool] = True
    contrat_reussi: bool | None = None
    score_equipe_prenante: int
    score_equipe_defense: int
    annonces: list[AnnounceRecord] = field(default_factory=list)
    points_litige_recus: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True, kw_only=True)
class Deal:
    EXTRA_ALLOWED: ClassVar[bool] = True
    numero_manche: int
    dealer_position: Position
    paquet_initial_ordonne: list[CardField] | None = None
    distribution: Distribution
    contrat: Contract
    plis: list[Trick]
    resultat_manche: DealResult
    annonces: list[AnnounceRecord] | None = None
    donnes_blanches: Annotated[int, Range(ge=0)] | None = None

    def all_announces(self) -> list[AnnounceRecord]:
        return all_announces(self)


@dataclass(slots=True, kw_only=True)
class GameRecord:
    EXTRA_ALLOWED: ClassVar[bool] = True
    joueurs: Annotated[list[Player], Length(min=4, max=4)]
    equipes: dict[str, Team]
    manches: list[Deal]


def all_announces(deal: Deal | record.Deal) -> list[Any]:
    """A deal's announces: the result's (seed sample), then the deal's own (seed checker code)."""
    return list(deal.resultat_manche.annonces) + list(deal.annonces or [])


def plain(game: GameRecord | record.GameRecord) -> GameRecord:
    """``game`` as the checker reads it (a record the schema validated is carried over)."""
    return game if isinstance(game, GameRecord) else from_model(GameRecord, game)


def read_record(text: str, source: str | None = None) -> GameRecord:
    """Read a recorded game; raise :class:`InputError` (never a traceback), exactly as
    :func:`arbitre.rulings.belote.record.load_record` does, whose schema decides."""
    data = read_json(text, source)
    game = build(GameRecord, data)
    if game is None:  # not plainly right: the schema names the fault, or accepts it
        from arbitre.rulings.belote.record import validate_record

        game = from_model(GameRecord, validate_record(data, source))
    return game
