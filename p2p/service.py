"""The HTTP face of a peer (FastAPI): the AI service and the peer-to-peer protocol.

What: :func:`create_app` serves

* the AI service (seed step 3.2): ``POST /choisir_carte`` and
  ``POST /decider_enchere`` take an observation (the arena's
  :meth:`~arbitre.arena.observation.Observation.to_json` document) and answer
  the player's card or call; a bad document gets 422 naming the field;
* the protocol (seed step 3.4 and its sequence diagram): ``/nouvelle_partie``
  (the orchestrator asks this peer to invite three others), ``/invite``,
  ``/join`` (alias ``/rejoindre``), ``/synchroniser_joueurs_et_demarrer``,
  ``/recevoir_main``, ``/demander_enchere``, ``/action``, ``GET /etat_du_jeu``
  and ``GET /partie`` (the game record, seed 001 schema).

A refused request answers ``{"detail": {"code", "reason": {"fr", "en"}, "dispute"}}``
with the status of :class:`~arbitre.p2p.protocol.Refusal` (401, 409 or 422).

Why: the endpoints only parse and answer; :class:`~arbitre.p2p.peer.Peer` and
:class:`~arbitre.p2p.state.PeerGame` do the work.
"""
from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from arbitre.p2p import brain
from arbitre.p2p.peer import Peer
from arbitre.p2p.protocol import Refusal
from arbitre.p2p.timing import CLOCK
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T


class _Unprocessable(Exception):
    """A request the AI service cannot use: 422 naming the field."""

    def __init__(self, field: str, message: T) -> None:
        super().__init__(message.en)
        self.field, self.message = field, message


def _refused(refusal: Refusal) -> JSONResponse:
    return JSONResponse(status_code=refusal.status, content={"detail": refusal.as_dict()})


def _unprocessable(field: str, message: T) -> JSONResponse:
    return JSONResponse(status_code=422, content={"detail": {"code": "malformed", "field": field,
                                                             "reason": message.as_dict(), "dispute": False}})


async def _body(request: Request) -> Any:
    """The JSON body, or a Refusal naming the problem."""
    raw = await request.body()
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise Refusal(422, "malformed", T(f"JSON invalide : {err}", f"invalid JSON: {err}")) from None


def _observation(doc: Any) -> Any:
    from arbitre.arena.observation import Observation

    if not isinstance(doc, dict):
        raise InputError(T("une observation (objet JSON) est attendue", "an observation (JSON object) is expected"),
                         token="observation")
    return Observation.from_json(doc)


def create_app(peer: Peer) -> FastAPI:
    """The FastAPI application of ``peer``."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        await peer.close()

    app = FastAPI(title=f"arbitre belote peer {peer.name}", lifespan=lifespan)

    @app.exception_handler(Refusal)
    async def refusal_handler(request: Request, exc: Refusal) -> JSONResponse:
        return _refused(exc)

    # -- the AI service ---------------------------------------------------------------------------------
    @app.exception_handler(_Unprocessable)
    async def unprocessable_handler(request: Request, exc: _Unprocessable) -> JSONResponse:
        return _unprocessable(exc.field, exc.message)

    async def read_observation(request: Request) -> Any:
        try:
            return _observation(await _body(request))
        except InputError as err:
            raise _Unprocessable(err.token or "observation", err.message) from None

    def ask(decide: Any, obs: Any) -> Any:
        try:
            return decide(peer.player, obs)
        except InputError as err:
            raise _Unprocessable("player", err.message) from None

    @app.post("/choisir_carte")
    async def choisir_carte(request: Request) -> Any:
        obs = await read_observation(request)
        if obs.bidding or not obs.legal:
            raise _Unprocessable("legal", T("aucune carte légale : ce n'est pas une observation de jeu",
                                            "no legal card: not an observation of the play"))
        card = ask(brain.choose_card, obs)
        return {"card": card.short(), "carte": card.to_fr_json()}

    @app.post("/decider_enchere")
    async def decider_enchere(request: Request) -> Any:
        obs = await read_observation(request)
        if not obs.bidding or obs.bid_round not in (1, 2):
            raise _Unprocessable("bids", T("les enchères sont finies dans cette observation",
                                           "the bidding is over in this observation"))
        suit = ask(brain.choose_bid, obs)
        return {"enchere": "PRENDS" if suit is not None else "PASSE", "couleur": suit.fr if suit else None}

    # -- the protocol --------------------------------------------------------------------------------------
    @app.post("/nouvelle_partie")
    async def nouvelle_partie(request: Request) -> Any:
        doc = await _body(request)
        peers = doc.get("peers") if isinstance(doc, dict) else None
        if not isinstance(peers, list) or len(peers) != 3 or not all(isinstance(u, str) for u in peers):
            return _unprocessable("peers", T("trois adresses de joueurs attendues", "three peer addresses expected"))
        target = doc.get("target", 501)
        if not isinstance(target, int) or target < 1:
            return _unprocessable("target", T("un entier positif attendu", "a positive integer expected"))
        game_id = await peer.new_game([u.rstrip("/") for u in peers], target, doc.get("seed"), doc.get("game_id"))
        return {"game_id": game_id}

    @app.post("/invite")
    async def invite(request: Request) -> Any:
        doc = await _body(request)
        host = doc.get("host") if isinstance(doc, dict) else None
        if not isinstance(host, dict) or not all(isinstance(host.get(k), str) for k in ("name", "url", "public_key")) \
                or not isinstance(doc.get("game_id"), str) or not isinstance(doc.get("target"), int):
            return _unprocessable("host", T("invitation mal formée (game_id, host{name,url,public_key}, target)",
                                             "malformed invitation (game_id, host{name,url,public_key}, target)"))
        return peer.invite(doc)

    async def join(request: Request) -> Any:
        doc = await _body(request)
        if not isinstance(doc, dict):
            return _unprocessable("body", T("objet JSON attendu", "JSON object expected"))
        return await peer.join(doc)

    app.post("/join")(join)
    app.post("/rejoindre")(join)

    @app.post("/synchroniser_joueurs_et_demarrer")
    async def synchroniser(request: Request) -> Any:
        doc = await _body(request)
        if not isinstance(doc, dict):
            return _unprocessable("body", T("objet JSON attendu", "JSON object expected"))
        return await peer.synchronise(doc)

    @app.post("/recevoir_main")
    async def recevoir_main(request: Request) -> Any:
        await peer.receive_hand(await _body(request))
        return {"ok": True}

    @app.post("/demander_enchere")
    async def demander_enchere(request: Request) -> Any:
        return await peer.answer_bid(await _body(request))

    @app.post("/action")
    async def action(request: Request) -> Any:
        await peer.receive(await _body(request))
        return {"ok": True, "seq": peer.state.seq}

    @app.get("/etat_du_jeu")
    async def etat_du_jeu() -> Any:
        return {**peer.state.view(), "player": peer.player_name, "url": peer.url,
                "timing": CLOCK.report(), "requests": dict(peer.stats)}

    @app.get("/partie")
    async def partie() -> Any:
        return peer.state.record()

    return app
