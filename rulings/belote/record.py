"""Read a recorded belote game in the seed 001 JSON schema.

What: pydantic models for the seed's record (``joueurs``, ``equipes``,
``manches`` with ``paquet_initial_ordonne``, ``distribution``, ``contrat``,
``plis``, ``resultat_manche``) and :func:`load_record`, which turns bad JSON
or a wrong schema into one :class:`~arbitre.rulings.errors.InputError` naming
the line/column (JSON syntax) or the JSON field path (schema), e.g.
``manches[0].plis[2].cartes_jouees[1].carte.couleur``.

Why: the checker (:mod:`arbitre.rulings.belote.check`) works on validated,
typed data only (the plain classes of :mod:`.record_plain`, read without pydantic when a
record is plainly right, with this schema deciding everything else); unknown extra fields are kept and ignored (records carry ids
and dates we do not need). Announces are read from ``resultat_manche.annonces``
(seed sample) or from the deal's own ``annonces`` (seed checker code).
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from arbitre.rulings.belote.cards import Card, Suit
from arbitre.rulings.belote.record_plain import all_announces, read_card, read_suit
from arbitre.rulings.jsonrecord import read_json, validate

_card = read_card  # the value readers are written once, in record_plain


class _Model(BaseModel):
    model_config = ConfigDict(extra="allow", arbitrary_types_allowed=True)


class Player(_Model):
    id_joueur: str
    nom: str = ""
    position: int = Field(ge=1, le=4)


class Team(_Model):
    joueurs: list[str]
    score_total: int | None = None


class Distribution(_Model):
    carte_retournee: Card
    premier_tour: dict[str, list[Card]]
    deuxieme_tour: dict[str, list[Card]]

    _c = field_validator("carte_retournee", mode="before")(classmethod(lambda cls, v: _card(v)))

    @field_validator("premier_tour", "deuxieme_tour", mode="before")
    @classmethod
    def _cards(cls, v: Any) -> Any:
        if not isinstance(v, dict):
            return v
        return {k: [_card(c) for c in cards] if isinstance(cards, list) else cards for k, cards in v.items()}


class Contract(_Model):
    preneur_id: str
    equipe_prenante: str
    atout: Suit

    @field_validator("atout", mode="before")
    @classmethod
    def _suit(cls, v: Any) -> Suit:
        return read_suit(v)


class PlayedCard(_Model):
    joueur_id: str
    carte: Card

    _c = field_validator("carte", mode="before")(classmethod(lambda cls, v: _card(v)))


class Trick(_Model):
    numero_pli: int
    meneur_id: str | None = None
    cartes_jouees: list[PlayedCard]
    vainqueur_id: str | None = None


class AnnounceRecord(_Model):
    joueur_id: str
    type: str
    valeur: int


class DealResult(_Model):
    contrat_reussi: bool | None = None
    score_equipe_prenante: int
    score_equipe_defense: int
    annonces: list[AnnounceRecord] = []
    points_litige_recus: dict[str, int] = {}  # litige points held over from an earlier deal, by team


class Deal(_Model):
    numero_manche: int
    dealer_position: int = Field(ge=1, le=4)
    paquet_initial_ordonne: list[Card] | None = None
    distribution: Distribution
    contrat: Contract
    plis: list[Trick]
    resultat_manche: DealResult
    annonces: list[AnnounceRecord] | None = None
    # deals nobody took just before this one (redealt, the deal passing on each time); when given,
    # the checker verifies the dealer's rotation (an extension of the seed schema)
    donnes_blanches: int | None = Field(default=None, ge=0)

    @field_validator("paquet_initial_ordonne", mode="before")
    @classmethod
    def _deck(cls, v: Any) -> Any:
        return [_card(c) for c in v] if isinstance(v, list) else v

    def all_announces(self) -> list[AnnounceRecord]:
        return all_announces(self)


class GameRecord(_Model):
    joueurs: list[Player] = Field(min_length=4, max_length=4)
    equipes: dict[str, Team]
    manches: list[Deal]




def validate_record(data: Any, source: str | None = None) -> GameRecord:
    """Validate a recorded game's JSON data; raise :class:`InputError` naming the field path."""
    return validate(data, GameRecord, source)


def load_record(text: str, source: str | None = None) -> GameRecord:
    """Parse and validate a recorded game; raise :class:`InputError` (never a traceback)."""
    return validate_record(read_json(text, source), source)
