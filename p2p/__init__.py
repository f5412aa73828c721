"""Peer-to-peer belote: four independent AI processes play a whole game and each one referees.

Modules, from the wire inwards:

* HTTP: :mod:`~arbitre.p2p.service` (the FastAPI app), its routers
  :mod:`~arbitre.p2p.routes_ai` (the AI service), :mod:`~arbitre.p2p.routes_lobby`
  and :mod:`~arbitre.p2p.routes_game`, and :mod:`~arbitre.p2p.messages` (request
  bodies, pydantic models, the 422 that names a field);
* the running peer: :mod:`~arbitre.p2p.peer` (receive, publish, broadcast, abandon),
  :mod:`~arbitre.p2p.lobby` (invite, join, roster), :mod:`~arbitre.p2p.turns` (the turn
  loop and the silent-seat watchdog), :mod:`~arbitre.p2p.host` (the host's duties),
  :mod:`~arbitre.p2p.outbox` (outgoing requests, retries, probes);
* the referee, plain Python without I/O: :mod:`~arbitre.p2p.state` (one peer's game:
  intake of envelopes, what comes next, disputes), :mod:`~arbitre.p2p.actions` (the
  check of each action type), :mod:`~arbitre.p2p.bids` (the signed auction),
  :mod:`~arbitre.p2p.verdicts` (what every peer computes), :mod:`~arbitre.p2p.payload`
  (reading payload fields), :mod:`~arbitre.p2p.model` (seats and the deal),
  :mod:`~arbitre.p2p.view` (the peer's view and the game record),
  :mod:`~arbitre.p2p.recheck` (the end-of-deal re-check with the record checker),
  :mod:`~arbitre.p2p.deck` (commitment, reveal, distribution, gathering and cut);
* shared: :mod:`~arbitre.p2p.envelope` (canonical JSON, Ed25519 keys and signatures),
  :mod:`~arbitre.p2p.brain` (the arena's players and observations),
  :mod:`~arbitre.p2p.protocol` (types, statuses, timeouts, faults, refusals),
  :mod:`~arbitre.p2p.timing` (where the time goes);
* :mod:`~arbitre.p2p.processes` (start, wait for and stop local peer processes),
  :mod:`~arbitre.p2p.orchestrate` (start a game, follow it, compare the results).

The belote rules themselves come from :mod:`arbitre.rulings.belote`.
Needs the ``p2p`` extra (FastAPI, uvicorn, httpx, PyNaCl); see README "Peer-to-peer belote".
"""
