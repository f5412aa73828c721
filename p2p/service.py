"""The HTTP face of a peer (FastAPI): the AI service and the peer-to-peer protocol.

What: :func:`create_app` serves the AI service (:mod:`arbitre.p2p.routes_ai`:
``/choisir_carte``, ``/decider_enchere``), the lobby
(:mod:`arbitre.p2p.routes_lobby`: ``/nouvelle_partie``, ``/invite``,
``/join`` alias ``/rejoindre``, ``/synchroniser_joueurs_et_demarrer``) and
the game (:mod:`arbitre.p2p.routes_game`: ``/recevoir_main``,
``/demander_enchere``, ``/action``, ``GET /etat_du_jeu``, ``GET /partie``),
and closes the peer's background tasks and HTTP client at shutdown.

A refused request answers ``{"detail": {"code", "reason": {"fr", "en"}, "dispute"}}``
with the status of :class:`~arbitre.p2p.protocol.Refusal` (401, 409 or 422);
a body that cannot be used answers 422 with the ``field`` named
(:class:`~arbitre.p2p.messages.Unprocessable`).

Why: the endpoints only parse and answer; :class:`~arbitre.p2p.peer.Peer` and
:class:`~arbitre.p2p.state.PeerGame` do the work.
"""
from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from arbitre.p2p import routes_ai, routes_game, routes_lobby
from arbitre.p2p.messages import Unprocessable
from arbitre.p2p.peer import Peer
from arbitre.p2p.protocol import Refusal


def create_app(peer: Peer) -> FastAPI:
    """The FastAPI application of ``peer``."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        await peer.close()

    app = FastAPI(title=f"arbitre belote peer {peer.name}", lifespan=lifespan)

    @app.exception_handler(Refusal)
    async def refusal_handler(request: Request, exc: Refusal) -> JSONResponse:
        return JSONResponse(status_code=exc.status, content={"detail": exc.as_dict()})

    @app.exception_handler(Unprocessable)
    async def unprocessable_handler(request: Request, exc: Unprocessable) -> JSONResponse:
        return JSONResponse(status_code=422, content={"detail": exc.as_dict()})

    for routes in (routes_ai, routes_lobby, routes_game):
        app.include_router(routes.router(peer))
    return app
