"""The AI service (seed step 3.2): an observation in, this peer's player's card or call out.

What: ``POST /choisir_carte`` and ``POST /decider_enchere`` take an
observation (the arena's :meth:`~arbitre.arena.observation.Observation.to_json`
document) and answer the player's card, or its call; a document that is not
an observation of the play (of the bidding), or a player that answers
something not allowed, gets 422 naming the field.

Why: anyone can ask a peer's player for its decision without playing a game
with it (the seed's orchestrator of step 3.3 does).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from fastapi import APIRouter, Request

from arbitre.p2p import brain
from arbitre.p2p.bids import PASS, TAKE
from arbitre.p2p.messages import Unprocessable, json_body
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

if TYPE_CHECKING:
    from arbitre.arena.observation import Observation
    from arbitre.p2p.peer import Peer

_R = TypeVar("_R")


def _observation(doc: Any) -> Observation:
    """``doc`` as an observation; :class:`Unprocessable` naming the bad field."""
    from arbitre.arena.observation import Observation

    try:
        if not isinstance(doc, dict):
            raise InputError(T("une observation (objet JSON) est attendue",
                               "an observation (JSON object) is expected"), token="observation")
        return Observation.from_json(doc)
    except InputError as err:
        raise Unprocessable(err.token or "observation", err.message) from None


def router(peer: Peer) -> APIRouter:
    """The AI service's endpoints, answered by ``peer``'s player."""
    api = APIRouter()  # endpoints return ``Any``: FastAPI then sends the dict as it is, no response model

    def ask(decide: Callable[[Any, Observation], _R], obs: Observation) -> _R:
        try:
            return decide(peer.player, obs)
        except InputError as err:
            raise Unprocessable("player", err.message) from None

    @api.post("/choisir_carte")
    async def choisir_carte(request: Request) -> Any:
        obs = _observation(json_body(await request.body()))
        if obs.bidding or not obs.legal:
            raise Unprocessable("legal", T("aucune carte légale : ce n'est pas une observation de jeu",
                                           "no legal card: not an observation of the play"))
        card = ask(brain.choose_card, obs)
        return {"card": card.short(), "carte": card.to_fr_json()}

    @api.post("/decider_enchere")
    async def decider_enchere(request: Request) -> Any:
        obs = _observation(json_body(await request.body()))
        if not obs.bidding or obs.bid_round not in (1, 2):
            raise Unprocessable("bids", T("les enchères sont finies dans cette observation",
                                          "the bidding is over in this observation"))
        suit = ask(brain.choose_bid, obs)
        return {"enchere": TAKE if suit is not None else PASS, "couleur": suit.fr if suit else None}

    return api
