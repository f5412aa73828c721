"""A running peer: its player, its referee, what it receives and what it sends.

What: :class:`Peer` wraps one :class:`~arbitre.p2p.state.PeerGame` with an
asyncio condition. Actions received (``POST /action``) are checked and
applied under it; an action that arrives before the one it follows waits up
to :data:`~arbitre.p2p.protocol.GAP_WAIT` for it. Every action of its own
goes through the same referee (:meth:`Peer.publish`) before it is sent to
the three others. The lobby (:mod:`arbitre.p2p.lobby`) starts the game; the
turn loop (:mod:`arbitre.p2p.turns`) acts when the next action is this
peer's, as a player or as the host of the deal (:mod:`arbitre.p2p.host`);
the requests go out through :mod:`arbitre.p2p.outbox`.

Faults: a peer that does not answer a broadcast (after one retry) or that is
expected to act and stays silent for :data:`~arbitre.p2p.protocol.STALL_TIMEOUT`
then fails a probe is *absent*: the peer that notices announces ``ABANDON``
(the receivers probe the absent seat themselves before accepting) and the
game ends ``abandoned`` with the scores of the completed deals. A peer that
refuses a host computation sends ``LITIGE`` and the game ends ``disputed``.

Why: the seed's step 3.4: each player is its own process with its own copy
of the game; nobody is trusted.
"""
from __future__ import annotations

import asyncio
import hashlib
import random
import time
from collections.abc import Coroutine
from typing import Any

import httpx

from arbitre.arena import faults
from arbitre.p2p import brain, turns
from arbitre.p2p import protocol as P
from arbitre.p2p.bids import PASS, TAKE
from arbitre.p2p.envelope import KeyPair
from arbitre.p2p.lobby import Lobby
from arbitre.p2p.model import Seat
from arbitre.p2p.outbox import Outbox
from arbitre.p2p.protocol import FAULTS, Refusal
from arbitre.p2p.state import PeerGame
from arbitre.p2p.timing import CLOCK
from arbitre.rulings.belote.cards import Card
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

__all__ = ["FAULTS", "Peer"]  # FAULTS: its historical import path (the CLI's --fault)


def seed_of(*parts: object) -> int:
    """A 64-bit seed derived from ``parts`` (the game's seed, what is drawn, the deal...)."""
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:8], "big")


class Peer:
    """One peer process's game logic (no HTTP server here; see :mod:`arbitre.p2p.service`)."""

    def __init__(self, name: str, key: KeyPair, player: str, url: str, fault: str | None = None,
                 gap_wait: float = P.GAP_WAIT, stall_timeout: float = P.STALL_TIMEOUT) -> None:
        self.name, self.key, self.player_name, self.url, self.fault = name, key, player, url, fault
        self.player = brain.load_player(player)
        self.state = PeerGame(name, key)
        self.state.on_change = self._changed
        self.cond = asyncio.Condition()
        self.gap_wait, self.stall_timeout = gap_wait, stall_timeout
        self.last_change = time.monotonic()
        self.lobby = Lobby(self)
        self.seed: Any = None  # the game's seed (any JSON value), shared by the initiator
        self.secret: tuple[list[Card], str] | None = None  # as host: the deck and salt of this deal
        self.stats = {"sent": 0, "received": 0}
        self.outbox = Outbox(self.stats)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.driver: asyncio.Task[Any] | None = None

    # -- plumbing ---------------------------------------------------------------------------------------
    def _changed(self) -> None:
        self.last_change = time.monotonic()

    def identity(self) -> dict[str, str]:
        """Who I am, as the lobby introduces me: name, address, public key."""
        return {"name": self.name, "url": self.url, "public_key": self.key.public_hex}

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run ``coro`` in the background (cancelled by :meth:`close`)."""
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def close(self) -> None:
        if self.driver is not None:
            self.driver.cancel()
        for task in list(self.tasks):
            task.cancel()
        await self.outbox.close()

    def busy(self) -> bool:
        return self.state.status == P.PLAYING or (self.state.status == P.LOBBY and self.lobby.pending())

    def make_ready(self) -> None:
        """Before starting or joining a game: 409 when busy; forget a finished game."""
        if self.busy():
            raise Refusal(409, "busy", T("ce joueur est déjà dans une partie", "this peer is already in a game"))
        if self.state.status in P.OVER:
            if self.driver is not None:
                self.driver.cancel()
            self.state = PeerGame(self.name, self.key)
            self.state.on_change = self._changed
            self.lobby.reset()
            self.secret, self.seed = None, None

    def rng(self, *parts: object) -> random.Random:
        """A generator for what is drawn (the shuffle, the cut): seeded from the game's seed, if any."""
        return random.Random(seed_of(self.seed, *parts) if self.seed is not None else None)

    async def begin(self, doc: dict[str, Any]) -> None:
        """The roster is known: start the game and the turn loop."""
        roster = [Seat(p["name"], int(p["seat"]), p["url"], p["public_key"]) for p in doc["players"]]
        async with self.cond:
            self.state.start(doc["game_id"], roster, int(doc["target"]))
            self.cond.notify_all()
        self.driver = asyncio.get_running_loop().create_task(turns.drive(self))

    # -- receiving ------------------------------------------------------------------------------------------
    async def receive(self, env: Any) -> None:
        """POST /action: wait for a missing earlier action, then check and apply (or raise Refusal)."""
        self.stats["received"] += 1
        if isinstance(env, dict) and env.get("type") == P.ABANDON and isinstance(env.get("payload"), dict):
            absent = self.state.by_name(str(env["payload"].get("absent")))
            if absent is not None and absent.name != self.name and await self.outbox.probe(absent.url):
                raise Refusal(409, "seat_present", T(f"{absent.name} répond : il n'est pas absent",
                                                     f"{absent.name} answers: it is not absent"))
        async with self.cond:
            seq = env.get("seq") if isinstance(env, dict) else None
            if isinstance(seq, int) and seq > self.state.seq + 1 and env.get("type") != P.LITIGE:
                try:
                    await asyncio.wait_for(self.cond.wait_for(
                        lambda: self.state.seq >= seq - 1 or self.state.status != P.PLAYING), self.gap_wait)
                except TimeoutError:
                    pass
            try:
                with CLOCK.measure("engine"):
                    self.state.receive(env)
            except Refusal as refusal:
                notice = self.state.refuse(env, refusal)
                if notice is not None:
                    self.spawn(self.tell_others(notice))
                raise
            finally:
                self.cond.notify_all()

    async def receive_hand(self, env: Any) -> None:
        """POST /recevoir_main: my cards from the host of the deal."""
        async with self.cond:
            with CLOCK.measure("engine"):
                self.state.accept_hand(env)
            self.cond.notify_all()

    async def answer_bid(self, env: Any) -> dict[str, Any]:
        """POST /demander_enchere: the host asks me to speak; answer my signed bid."""
        async with self.cond:
            sender = self.state.authenticate(env)
            d = self.state.deal
            if env["type"] != P.DEMANDE_ENCHERE or d is None or sender.seat != d.dealer or d.turned is None:
                raise Refusal(409, "not_host", T("seul l'hôte demande les enchères", "only the host asks for bids"))
            try:
                return self.my_bid(int(env["payload"].get("round")), env["payload"].get("bids", []))
            except Refusal as refusal:  # my player failed: I stop the game disputed, and so does the host
                notice = self.state.refuse({"seq": self.state.seq + 1}, refusal)
                if notice is not None:
                    self.spawn(self.tell_others(notice))
                self.cond.notify_all()
                raise

    def my_bid(self, round_: int, bids: list[dict[str, Any]]) -> dict[str, Any]:
        """My signed call in ``round_`` after the signed ``bids`` so far (my player decides), when the host
        asks for it or, as host, when it is my turn to speak."""
        state = self.state
        d = state.current_deal()
        assert d.turned is not None
        obs = brain.observation(state.seat, d.dealer, d.first, d.turned, brain.bids_as_calls(bids, state.roster),
                                None, None, [], [], 0, state.totals, state.target)
        brain.start_deal(self.player, seed_of(self.seed, d.number, state.seat))
        try:
            with CLOCK.measure("engine"):
                suit = brain.choose_bid(self.player, obs)
        except InputError as err:
            raise self.player_fault(err, d.number, None) from None
        return state.bid_for_me(round_, TAKE if suit is not None else PASS, suit)

    def player_fault(self, err: InputError, deal: int, trick: int | None) -> Refusal:
        """My player's ``bid`` or ``play`` failed (``err`` says how): the :class:`Refusal` that stops the game
        ``disputed`` (code ``player_error``), naming this peer, its player, the deal and the trick."""
        at = faults.where(self.player_name, self.state.seat, deal, trick)
        return Refusal(422, "player_error", T(f"{self.name} : {at.fr} : {err.message.fr}",
                                              f"{self.name}: {at.en}: {err.message.en}"), dispute=True)

    # -- sending ---------------------------------------------------------------------------------------------
    async def publish(self, kind: str, payload: dict[str, Any], cheat: bool = False) -> dict[str, Any]:
        """Sign the next action, check and apply it here, then send it to the three others.

        ``cheat`` (fault injection only) sends it without this peer's own check, as a dishonest peer would.
        """
        async with self.cond:
            env = self.state.sign(kind, payload)
            if not cheat:
                with CLOCK.measure("engine"):
                    self.state.receive(env)
            self.cond.notify_all()
        await self._broadcast(env)
        return env

    async def abandon(self, seat: Seat, why: str) -> None:
        """Announce that ``seat`` is absent: the game ends ``abandoned`` here and on the others."""
        async with self.cond:
            if self.state.status != P.PLAYING:
                return
            env = self.state.sign(P.ABANDON, self.state.abandon_payload(seat, why))
            self.state.receive(env)
            self.cond.notify_all()
        await self._broadcast(env, skip={seat.name})

    async def dispute(self, refusal: Refusal) -> None:
        """My own action was refused by my own referee: a fault; stop ``disputed`` and tell the others."""
        async with self.cond:
            notice = self.state.refuse({"seq": self.state.seq + 1}, Refusal(
                refusal.status, refusal.code, refusal.reason, dispute=True))
            self.cond.notify_all()
        if notice is not None:
            await self.tell_others(notice)

    async def _broadcast(self, env: dict[str, Any], skip: set[str] | None = None) -> None:
        others = [s for s in self.state.roster if s.name != self.name and s.name not in (skip or set())]
        answers = await asyncio.gather(*(self.outbox.deliver(s.url, env) for s in others))
        for seat, ans in zip(others, answers, strict=False):
            if ans is None:
                if env["type"] != P.ABANDON:
                    await self.abandon(seat, f"no answer to {env['type']} #{env['seq']}")
                return
            await self.disputed_by(seat, ans, env["seq"])

    async def disputed_by(self, seat: Seat, ans: httpx.Response, seq: int) -> bool:
        """Whether ``seat`` answered a dispute (422, ``"dispute": true``); if so the game stops ``disputed`` here."""
        if ans.status_code != 422:
            return False
        detail = ans.json().get("detail", {})
        if not isinstance(detail, dict) or not detail.get("dispute"):
            return False
        async with self.cond:
            self.state.set_dispute(detail["code"], seat.name, seq, T(detail["reason"]["fr"], detail["reason"]["en"]))
            self.cond.notify_all()
        return True

    async def tell_others(self, notice: dict[str, Any]) -> None:
        await asyncio.gather(*(self.outbox.post(s.url, "/action", notice)
                               for s in self.state.roster if s.name != self.name))

    async def private(self, seat: Seat, kind: str, path: str, payload: dict[str, Any]) -> httpx.Response | None:
        """A private message to one seat (``MAIN``, ``DEMANDE_ENCHERE``); ``None`` when it is to me
        or when the seat is unreachable (then the game is abandoned)."""
        env = self.state.sign_private(kind, payload)
        if seat.name == self.name:
            await self.receive_hand(env)
            return None
        ans = await self.outbox.post(seat.url, path, env)
        if ans is None:
            await self.abandon(seat, f"no answer to {path}")
        return ans
