"""The request bodies a peer reads: JSON, the lobby's pydantic models, and the 422 that names a field.

What: :func:`json_body` parses a request body (a 422 ``malformed``
:class:`~arbitre.p2p.protocol.Refusal` when it is not JSON);
:func:`read` validates a document with one of the models (:class:`NewGame`,
:class:`Invitation`) or raises :class:`Unprocessable`, which the service
answers ``422 {"detail": {"code": "malformed", "field", "reason", "dispute": false}}``;
:func:`json_object` is the same for the signed documents (``/join``, the
roster) whose fields the lobby checks against its invitations.

Why: the endpoints only parse and answer. Envelopes (``/action``,
``/recevoir_main``, ``/demander_enchere``) are not modelled here: the
referee reads them itself (:func:`arbitre.p2p.envelope.malformed`), because
the same check runs on this peer's own actions, which never cross HTTP.
"""
from __future__ import annotations

import json
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError

from arbitre.p2p.protocol import Refusal
from arbitre.rulings.i18n import T

_M = TypeVar("_M", bound=BaseModel)


class Unprocessable(Exception):
    """A request body that cannot be used: 422 naming the field."""

    def __init__(self, field: str, message: T) -> None:
        super().__init__(message.en)
        self.field, self.message = field, message

    def as_dict(self) -> dict[str, Any]:
        return {"code": "malformed", "field": self.field, "reason": self.message.as_dict(), "dispute": False}


class _Body(BaseModel):
    """Strict JSON types (no coercion: ``"501"`` is not a number); unknown fields are ignored."""

    model_config = ConfigDict(strict=True, extra="ignore")


class NewGame(_Body):
    """``POST /nouvelle_partie`` (from the orchestrator): invite these three peers."""

    peers: list[str] = Field(min_length=3, max_length=3)
    target: int = Field(501, ge=1)
    seed: JsonValue = None  # any JSON value seeds the shuffle, the cuts and the players
    game_id: str | None = None


class PeerInfo(_Body):
    """Who a peer is: name, address, Ed25519 public key (hex)."""

    name: str
    url: str
    public_key: str


class Invitation(_Body):
    """``POST /invite`` (from the initiator): join my game."""

    game_id: str
    host: PeerInfo
    target: int
    seed: JsonValue = None


_PROBLEMS: dict[type[BaseModel], dict[str, T]] = {
    NewGame: {"peers": T("trois adresses de joueurs attendues", "three peer addresses expected"),
              "target": T("un entier positif attendu", "a positive integer expected"),
              "game_id": T("une chaîne attendue", "a string expected")},
}
_INVITATION = T("invitation mal formée (game_id, host{name,url,public_key}, target)",
                "malformed invitation (game_id, host{name,url,public_key}, target)")


def json_body(raw: bytes) -> Any:
    """The JSON document in ``raw``, or a 422 Refusal naming the problem."""
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise Refusal(422, "malformed", T(f"JSON invalide : {err}", f"invalid JSON: {err}")) from None


def read(model: type[_M], doc: Any) -> _M:
    """``doc`` as a ``model``; :class:`Unprocessable` naming the first bad field otherwise
    (an invitation is refused as a whole, under ``host``)."""
    try:
        return model.model_validate(doc)
    except ValidationError as err:
        if model is Invitation:
            raise Unprocessable("host", _INVITATION) from None
        problems = _PROBLEMS.get(model, {})
        loc = err.errors()[0]["loc"]  # empty when the document itself is not an object: its first field is missing
        name = str(loc[0]) if loc else next(iter(problems), "body")
        raise Unprocessable(name, problems.get(name, T("objet JSON attendu", "JSON object expected"))) from None


def json_object(doc: Any) -> dict[str, Any]:
    """``doc`` when it is a JSON object; :class:`Unprocessable` (field ``body``) otherwise."""
    if not isinstance(doc, dict):
        raise Unprocessable("body", T("objet JSON attendu", "JSON object expected"))
    return doc
