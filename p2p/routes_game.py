"""The game's endpoints: actions, private messages from the host, and what this peer shows.

What: ``POST /action`` (a numbered action envelope, checked by this peer's
referee), ``POST /recevoir_main`` (my cards), ``POST /demander_enchere``
(answers my signed bid), ``GET /etat_du_jeu`` (this peer's view, its time
split and request counts) and ``GET /partie`` (the game record).

Why: the endpoints only parse and answer; the envelopes are read by the
referee itself (:class:`~arbitre.p2p.state.PeerGame`), as for the peer's own
actions.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request

from arbitre.p2p.messages import json_body
from arbitre.p2p.timing import CLOCK
from arbitre.p2p.view import game_record, game_view

if TYPE_CHECKING:
    from arbitre.p2p.peer import Peer


def router(peer: Peer) -> APIRouter:
    """The game endpoints of ``peer``."""
    api = APIRouter()  # endpoints return ``Any``: FastAPI then sends the dict as it is, no response model

    @api.post("/recevoir_main")
    async def recevoir_main(request: Request) -> Any:
        await peer.receive_hand(json_body(await request.body()))
        return {"ok": True}

    @api.post("/demander_enchere")
    async def demander_enchere(request: Request) -> Any:
        return await peer.answer_bid(json_body(await request.body()))

    @api.post("/action")
    async def action(request: Request) -> Any:
        await peer.receive(json_body(await request.body()))
        return {"ok": True, "seq": peer.state.seq}

    @api.get("/etat_du_jeu")
    async def etat_du_jeu() -> Any:
        return {**game_view(peer.state), "player": peer.player_name, "url": peer.url,
                "timing": CLOCK.report(), "requests": dict(peer.stats)}

    @api.get("/partie")
    async def partie() -> Any:
        return game_record(peer.state)

    return api
