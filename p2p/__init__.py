"""Peer-to-peer belote: four independent AI processes play a whole game and each one referees.

Modules, from the wire inwards: :mod:`~arbitre.p2p.service` (the FastAPI endpoints),
:mod:`~arbitre.p2p.peer` (one running peer: its turn to act, host duties, faults),
:mod:`~arbitre.p2p.state` (one peer's copy of the game and the referee of every action),
:mod:`~arbitre.p2p.recheck` (the end-of-deal re-check with the record checker),
:mod:`~arbitre.p2p.deck` (commitment, reveal, distribution, gathering and cut),
:mod:`~arbitre.p2p.envelope` (canonical JSON, Ed25519 keys and signatures),
:mod:`~arbitre.p2p.brain` (the arena's players and observations),
:mod:`~arbitre.p2p.orchestrate` (start peers, start a game, compare results),
:mod:`~arbitre.p2p.protocol` (types, statuses, timeouts, refusals), :mod:`~arbitre.p2p.timing`.
Needs the ``p2p`` extra (FastAPI, uvicorn, httpx, PyNaCl); see README "Peer-to-peer belote".
"""
