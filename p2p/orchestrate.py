"""Have the first peer invite the others, follow the game, compare the four results.

What: :func:`play_game` asks the first peer to invite the three others
(``POST /nouvelle_partie``), polls every peer's ``GET /etat_du_jeu`` until the
game is over everywhere (or a bounded time has passed), and returns an
:class:`Outcome`: each peer's view and whether they agree (same status, same
totals, same results, same record digest). Every wait is bounded. The peer
processes themselves are started by :mod:`arbitre.p2p.processes` (re-exported
here: :func:`start_local_peers`, :func:`wait_ready`, :data:`NAMES`).

Why: the seed's step 3.3 (an orchestrator that calls the AI services over
HTTP) and the ``arbitre belote p2p`` command; the orchestrator only starts
and watches, the peers play and referee among themselves.
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx

from arbitre.p2p import protocol as P
from arbitre.p2p.processes import NAMES, LocalPeers, free_ports, peer_command, start_local_peers, wait_ready
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

__all__ = ["NAMES", "LocalPeers", "Outcome", "free_ports", "peer_command", "play_game", "poll_views", "start_game",
           "start_local_peers", "wait_ready"]


@dataclass
class Outcome:
    """What each peer reports at the end, and whether they agree."""

    views: list[dict[str, Any] | None]  # None: the peer did not answer
    urls: list[str]
    game_id: str
    seconds: float
    timed_out: bool = False
    record: dict[str, Any] = field(default_factory=dict)

    @property
    def present(self) -> list[dict[str, Any]]:
        return [v for v in self.views if v is not None]

    @staticmethod
    def verdict(view: dict[str, Any]) -> tuple[Any, ...]:
        """What must be identical on every peer: status, totals, results, absent seat, dispute code, record."""
        absent = (view.get("absent") or {}).get("name")
        dispute = (view.get("dispute") or {}).get("code")
        return (view["status"], tuple(sorted(view["totals"].items())), repr(view.get("results")), absent,
                dispute, view.get("record_sha256"))

    @property
    def agree(self) -> bool:
        """All peers that answered report the same verdict (and at least two answered)."""
        verdicts = {self.verdict(v) for v in self.present}
        return len(self.present) >= 2 and len(verdicts) == 1

    @property
    def all_finished(self) -> bool:
        return len(self.present) == len(self.views) and self.agree and self.present[0]["status"] == P.FINISHED


def start_game(client: httpx.Client, urls: Sequence[str], target: int, seed: int | None) -> str:
    """Ask the first peer to invite the three others; return the game id."""
    try:
        r = client.post(f"{urls[0]}/nouvelle_partie", json={"peers": list(urls[1:]), "target": target, "seed": seed})
    except httpx.HTTPError as err:
        raise InputError(T(f"le joueur {urls[0]} ne répond pas ({err})", f"peer {urls[0]} does not answer ({err})"),
                         token=urls[0]) from None
    if r.status_code != 200:
        raise InputError(T(f"le joueur {urls[0]} refuse la partie : {r.status_code} {r.text}",
                           f"peer {urls[0]} refuses the game: {r.status_code} {r.text}"), token=urls[0])
    return str(r.json()["game_id"])


def poll_views(client: httpx.Client, urls: Sequence[str]) -> list[dict[str, Any] | None]:
    views: list[dict[str, Any] | None] = []
    for url in urls:
        try:
            r = client.get(f"{url}/etat_du_jeu")
            views.append(r.json() if r.status_code == 200 else None)
        except httpx.HTTPError:
            views.append(None)
    return views


def play_game(urls: Sequence[str], target: int = 501, seed: int | None = None, timeout: float = 300.0,
              poll: float = 0.2, client: httpx.Client | None = None) -> Outcome:
    """Start a game between the peers at ``urls`` and follow it until every peer that answers is done."""
    own = client is None
    client = client or httpx.Client(timeout=P.HTTP_TIMEOUT)
    t0 = time.monotonic()
    try:
        game_id = start_game(client, urls, target, seed)
        while True:
            views = poll_views(client, urls)
            present = [v for v in views if v is not None]
            mine = [v for v in present if v.get("game_id") == game_id]
            done = len(mine) == len(present) and all(v["status"] in P.OVER for v in mine) and mine
            if done or time.monotonic() - t0 > timeout:
                break
            time.sleep(poll)
        outcome = Outcome(views, list(urls), game_id, time.monotonic() - t0, timed_out=not done)
        for url, view in zip(urls, views, strict=False):
            if view is not None:
                try:
                    outcome.record = client.get(f"{url}/partie").json()
                except httpx.HTTPError:
                    continue
                break
        return outcome
    finally:
        if own:
            client.close()
