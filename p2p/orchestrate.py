"""Start four peers, have the first invite the others, follow the game, compare the four results.

What: :func:`start_local_peers` launches one ``arbitre belote peer`` process
per player on free loopback ports and waits until each answers;
:func:`play_game` asks the first peer to invite the three others
(``POST /nouvelle_partie``), polls every peer's ``GET /etat_du_jeu`` until the
game is over everywhere (or a bounded time has passed), and returns an
:class:`Outcome`: each peer's view and whether they agree (same status, same
totals, same results, same record digest). Every wait is bounded.

Why: the seed's step 3.3 (an orchestrator that calls the AI services over
HTTP) and the ``arbitre belote p2p`` command; the orchestrator only starts
and watches, the peers play and referee among themselves.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self

import httpx

from arbitre.p2p import protocol as P
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

NAMES = ("Alice", "Bob", "Charlie", "Diana")
"""Default peer names (the seed's sequence diagram)."""


def free_ports(n: int) -> list[int]:
    """``n`` distinct free TCP ports on 127.0.0.1 (asked from the OS)."""
    socks = []
    try:
        for _ in range(n):
            s = socket.socket()
            s.bind(("127.0.0.1", 0))
            socks.append(s)
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


@dataclass
class LocalPeers:
    """Peer processes started on this machine."""

    urls: list[str]
    procs: list[subprocess.Popen[bytes]]
    keys: list[Path]
    logs: list[Path]
    workdir: tempfile.TemporaryDirectory[str] | None = None

    def stop(self) -> None:
        """Terminate the processes (kill after 3 s) and remove their files."""
        for p in self.procs:
            if p.poll() is None:
                p.terminate()
        for p in self.procs:
            try:
                p.wait(timeout=3)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(timeout=3)
        if self.workdir is not None:
            self.workdir.cleanup()
            self.workdir = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def peer_command(name: str, port: int, player: str, key: Path, fault: str | None = None) -> list[str]:
    cmd = [sys.executable, "-m", "arbitre.cli.app", "belote", "peer", "--name", name, "--port", str(port),
           "--player", player, "--key", str(key)]
    return cmd + (["--fault", fault] if fault else [])


def start_local_peers(players: Sequence[str], names: Sequence[str] = NAMES, faults: dict[int, str] | None = None,
                      ready_timeout: float = 30.0, env: dict[str, str] | None = None) -> LocalPeers:
    """Start one peer process per player on free loopback ports; wait (bounded) until all answer."""
    work = tempfile.TemporaryDirectory(prefix="arbitre-p2p-")
    ports = free_ports(len(players))
    keys = [Path(work.name) / f"{n}.key" for n in names]
    logs = [Path(work.name) / f"{n}.log" for n in names]
    procs = []
    for i, (name, player) in enumerate(zip(names, players, strict=False)):
        with open(logs[i], "wb") as log:
            procs.append(subprocess.Popen(peer_command(name, ports[i], player, keys[i], (faults or {}).get(i)),
                                          stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})}))
    peers = LocalPeers([f"http://127.0.0.1:{p}" for p in ports], procs, keys, logs, work)
    try:
        wait_ready(peers.urls, ready_timeout, procs)
    except BaseException:
        peers.stop()
        raise
    return peers


def wait_ready(urls: Sequence[str], timeout: float, procs: Sequence[subprocess.Popen[bytes]] = ()) -> None:
    """Wait until every peer answers ``GET /etat_du_jeu``; :class:`InputError` naming the first that does not."""
    deadline = time.monotonic() + timeout
    with httpx.Client(timeout=1.0) as client:
        for i, url in enumerate(urls):
            while True:
                try:
                    if client.get(f"{url}/etat_du_jeu").status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                dead = i < len(procs) and procs[i].poll() is not None
                if dead or time.monotonic() > deadline:
                    raise InputError(T(f"le joueur {url} ne répond pas", f"peer {url} does not answer"), token=url)
                time.sleep(0.1)


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
