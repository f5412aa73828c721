"""A peer's outgoing requests (httpx): post with one retry, deliver an action, probe a seat.

What: :class:`Outbox` owns the peer's :class:`httpx.AsyncClient`.
:meth:`Outbox.post` sends one document and retries once on a connection
error; :meth:`Outbox.deliver` sends an action until it is taken or refused
for a reason other than a gap in ``seq`` (three tries at most), trying again
when a seat that did not answer still answers a probe;
:meth:`Outbox.probe` asks ``GET /etat_du_jeu`` with the short
:data:`~arbitre.p2p.protocol.PROBE_TIMEOUT`. ``None`` from a send means the
seat is unreachable; what follows from that (an abandonment) is the peer's
decision, not this module's.

Why: the transport's patience (timeouts, retries, the wait for a peer that
has not seen an earlier action yet) is written once, apart from the game.
"""
from __future__ import annotations

import asyncio
from typing import Any

import httpx

from arbitre.p2p import protocol as P


class Outbox:
    """The HTTP client of one peer; counts the requests it sends in ``stats["sent"]``."""

    def __init__(self, stats: dict[str, int]) -> None:
        self.client: httpx.AsyncClient | None = None
        self.stats = stats

    def http(self) -> httpx.AsyncClient:
        """The client, created on first use (inside the server's event loop)."""
        if self.client is None:
            self.client = httpx.AsyncClient(timeout=P.HTTP_TIMEOUT)
        return self.client

    async def close(self) -> None:
        if self.client is not None:
            await self.client.aclose()

    async def post(self, url: str, path: str, doc: Any) -> httpx.Response | None:
        """POST to a peer, one retry on a connection error; ``None`` when it is unreachable."""
        for attempt in range(2):
            try:
                self.stats["sent"] += 1
                return await self.http().post(f"{url}{path}", json=doc)
            except httpx.HTTPError:
                if attempt == 0:
                    await asyncio.sleep(0.1)
        return None

    async def probe(self, url: str) -> bool:
        """Whether the peer at ``url`` answers ``GET /etat_du_jeu`` in time."""
        try:
            r = await self.http().get(f"{url}/etat_du_jeu", timeout=P.PROBE_TIMEOUT)
            return r.status_code == 200
        except httpx.HTTPError:
            return False

    async def deliver(self, url: str, env: dict[str, Any]) -> httpx.Response | None:
        """POST an action until it is taken or refused for a reason other than a gap (bounded);
        ``None`` when the seat is unreachable and does not answer a probe either."""
        ans: httpx.Response | None = None
        for _ in range(3):
            ans = await self.post(url, "/action", env)
            if ans is None and env["type"] != P.ABANDON and await self.probe(url):
                continue  # slow, not gone: try again
            if ans is not None and ans.status_code == 409 and ans.json().get("detail", {}).get("code") == "seq_gap":
                await asyncio.sleep(0.2)  # it has not seen an earlier action yet
                continue
            return ans
        return ans
