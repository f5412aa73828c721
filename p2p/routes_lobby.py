"""The lobby's endpoints: start a game, invite, join, receive the roster.

What: ``POST /nouvelle_partie`` (the orchestrator asks this peer to invite
three others), ``POST /invite``, ``POST /join`` (alias ``/rejoindre``) and
``POST /synchroniser_joueurs_et_demarrer``. Each reads its body
(:mod:`arbitre.p2p.messages`) and hands it to the peer's
:class:`~arbitre.p2p.lobby.Lobby`.

Why: the endpoints only parse and answer; the lobby decides.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request

from arbitre.p2p.messages import Invitation, NewGame, json_body, json_object, read

if TYPE_CHECKING:
    from arbitre.p2p.peer import Peer


def router(peer: Peer) -> APIRouter:
    """The lobby endpoints of ``peer``."""
    api = APIRouter()  # endpoints return ``Any``: FastAPI then sends the dict as it is, no response model

    @api.post("/nouvelle_partie")
    async def nouvelle_partie(request: Request) -> Any:
        new = read(NewGame, json_body(await request.body()))
        game_id = await peer.lobby.new_game([u.rstrip("/") for u in new.peers], new.target, new.seed, new.game_id)
        return {"game_id": game_id}

    @api.post("/invite")
    async def invite(request: Request) -> Any:
        return peer.lobby.invite(read(Invitation, json_body(await request.body())))

    async def join(request: Request) -> Any:
        return await peer.lobby.join(json_object(json_body(await request.body())))

    api.post("/join")(join)
    api.post("/rejoindre")(join)

    @api.post("/synchroniser_joueurs_et_demarrer")
    async def synchroniser(request: Request) -> Any:
        return await peer.lobby.synchronise(json_object(json_body(await request.body())))

    return api
