"""Reading an action's payload: each field typed, or a refusal that names it.

What: :func:`card`, :func:`cards` and :func:`field` turn one payload field
into a value or raise a 422 ``malformed`` :class:`~arbitre.p2p.protocol.Refusal`
naming the field; :func:`same_deal` refuses a payload for another deal;
:func:`dispute` and :func:`as_computed` build the refusals that stop the
game ``disputed`` (a host computation this peer does not share).

Why: every check of :mod:`arbitre.p2p.actions` reads fields the same way and
refuses with the same codes; the wording is written once here.
"""
from __future__ import annotations

from typing import Any, TypeVar

from arbitre.p2p.protocol import Refusal
from arbitre.rulings.belote.cards import Card, parse_card
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

_V = TypeVar("_V")


def card(value: Any, where: str) -> Card:
    """The card written in ``value`` (``"AH"``, ``"10S"``...); 422 naming ``where`` otherwise."""
    try:
        return parse_card(value)
    except InputError as err:
        raise Refusal(422, "malformed", T(f"{where} : {err.message.fr}", f"{where}: {err.message.en}")) from None


def cards(value: Any, where: str, count: int | None = None) -> list[Card]:
    """A list of (``count``) cards; 422 naming ``where`` or the bad item otherwise."""
    if not isinstance(value, list) or (count is not None and len(value) != count):
        n = f"{count} " if count is not None else ""
        raise Refusal(422, "malformed", T(f"{where} : une liste de {n}cartes est attendue",
                                          f"{where}: a list of {n}cards is expected"))
    return [card(v, f"{where}[{i}]") for i, v in enumerate(value)]


def field(payload: dict[str, Any], name: str, kind: type[_V]) -> _V:
    """``payload[name]`` when it is a ``kind`` (a boolean is not an int); 422 otherwise."""
    value = payload.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise Refusal(422, "malformed", T(f"payload.{name} manquant ou mal formé",
                                          f"payload.{name} missing or malformed"))
    return value


def same_deal(payload: dict[str, Any], number: int) -> None:
    """Refuse (422 ``wrong_deal``) a payload whose ``deal`` is not the deal being played."""
    if field(payload, "deal", int) != number:
        raise Refusal(422, "wrong_deal", T(f"donne n° {payload['deal']} : on joue la n° {number}",
                                           f"deal #{payload['deal']}: this is deal #{number}"))


def dispute(code: str, fr: str, en: str) -> Refusal:
    """A refusal that stops the game ``disputed``: this peer disagrees with the host."""
    return Refusal(422, code, T(fr, en), dispute=True)


def as_computed(payload: dict[str, Any], want: dict[str, Any], code: str) -> dict[str, Any]:
    """``want`` when the host's ``payload`` is exactly what this peer computes, else a dispute."""
    if payload != want:
        raise dispute(code, f"l'hôte annonce {payload}, je calcule {want}",
                      f"the host announces {payload}, I compute {want}")
    return want
