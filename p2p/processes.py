"""Peer processes on this machine: start them on free loopback ports, wait until they answer, stop them.

What: :func:`start_local_peers` launches one ``arbitre belote peer`` process
per player (:func:`peer_command`) on free loopback ports (:func:`free_ports`),
each with its key and log in a temporary folder, and waits until each answers
(:func:`wait_ready`, also used for peers started elsewhere); :class:`LocalPeers`
stops them (terminate, then kill) and removes the folder. Every wait is bounded.

Why: the ``arbitre belote p2p`` command, the tests and the benchmark all run
four real processes; starting and stopping them is written once, apart from
the game they play (:mod:`arbitre.p2p.orchestrate`).
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Self

import httpx

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
