"""A running peer: its player, its referee, its turn to act, its host duties, its watchdog.

What: :class:`Peer` wraps one :class:`~arbitre.p2p.state.PeerGame` with an
asyncio condition. Actions received (``POST /action``) are checked and
applied under it; an action that arrives before the one it follows waits up
to :data:`~arbitre.p2p.protocol.GAP_WAIT` for it. A driver task acts when the
next action is this peer's: play a card (its arena player decides), or, as
host of the deal, commit to the deck, deal (``/recevoir_main``), ask the bids
(``/demander_enchere``), announce the trick winners, reveal, score, cut and
pass the host token. Every action of its own goes through the same referee
before it is sent to the three others.

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
import uuid
from typing import Any

import httpx

from arbitre.p2p import brain
from arbitre.p2p import deck as deckmod
from arbitre.p2p import protocol as P
from arbitre.p2p.envelope import KeyPair, canonical, seal, signature_ok
from arbitre.p2p.protocol import Refusal
from arbitre.p2p.state import PASS, TAKE, PeerGame, Seat
from arbitre.p2p.timing import CLOCK
from arbitre.rulings.belote.cards import DECK, Card
from arbitre.rulings.i18n import T

FAULTS = ("wrong_winner", "bad_reveal", "renonce", "stall")
"""Misbehaviours a peer can be told to commit, for the attack tests and demonstrations."""


def _seed(*parts: object) -> int:
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
        self.invited: dict[str, Any] | None = None  # as guest: the invitation accepted
        self.guests: dict[str, dict[str, Any]] = {}  # as initiator: name -> invitee answer (+ seat once joined)
        self.joined: dict[str, Seat] = {}
        self.invites_sent = asyncio.Event()  # cleared while the answers to my invitations come in
        self.invites_sent.set()
        self.seed: int | None = None
        self.secret: tuple[list[Card], str] | None = None  # as host: the deck and salt of this deal
        self.client: httpx.AsyncClient | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.driver: asyncio.Task[Any] | None = None
        self.stats = {"sent": 0, "received": 0}

    # -- plumbing ---------------------------------------------------------------------------------------
    def _changed(self) -> None:
        self.last_change = time.monotonic()

    def http(self) -> httpx.AsyncClient:
        if self.client is None:
            self.client = httpx.AsyncClient(timeout=P.HTTP_TIMEOUT)
        return self.client

    def spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def close(self) -> None:
        if self.driver is not None:
            self.driver.cancel()
        for task in list(self.tasks):
            task.cancel()
        if self.client is not None:
            await self.client.aclose()

    def busy(self) -> bool:
        return self.state.status == P.PLAYING or (self.state.status == P.LOBBY and
                                                  (self.invited is not None or bool(self.guests)))

    def _fresh(self) -> None:
        """Forget a finished game before starting or joining another."""
        if self.state.status in (P.FINISHED, P.ABANDONED, P.DISPUTED):
            if self.driver is not None:
                self.driver.cancel()
            self.state = PeerGame(self.name, self.key)
            self.state.on_change = self._changed
            self.invited, self.guests, self.joined, self.secret, self.seed = None, {}, {}, None, None

    def _rng(self, *parts: object) -> random.Random:
        return random.Random(_seed(self.seed, *parts) if self.seed is not None else None)

    # -- lobby: invite, join, synchronise -----------------------------------------------------------------
    async def new_game(self, peers: list[str], target: int, seed: int | None, game_id: str | None) -> str:
        """As initiator (seat 0): invite ``peers`` (seats 1..3 in this order)."""
        if self.busy():
            raise Refusal(409, "busy", T("ce joueur est déjà dans une partie", "this peer is already in a game"))
        self._fresh()
        game_id = game_id or uuid.uuid4().hex
        self.state.game_id, self.state.target, self.seed = game_id, target, seed
        self.invites_sent.clear()
        try:
            await self._invite_all(peers, game_id, target, seed)
        finally:
            self.invites_sent.set()
        return game_id

    async def _invite_all(self, peers: list[str], game_id: str, target: int, seed: int | None) -> None:
        me = {"name": self.name, "url": self.url, "public_key": self.key.public_hex}
        answers = await asyncio.gather(*(self.http().post(f"{u}/invite", json={
            "game_id": game_id, "host": me, "target": target, "seed": seed}) for u in peers),
            return_exceptions=True)
        for url, ans in zip(peers, answers, strict=False):
            if isinstance(ans, BaseException) or ans.status_code != 200:
                self.guests.clear()
                why = ans if isinstance(ans, BaseException) else f"{ans.status_code} {ans.text}"
                raise Refusal(409, "invite_failed", T(f"invitation refusée par {url} : {why}",
                                                      f"invitation refused by {url}: {why}"))
        for seat, (url, ans) in enumerate(zip(peers, answers, strict=False), start=1):
            doc = ans.json()  # type: ignore[union-attr]
            self.guests[doc["name"]] = {"url": url, "public_key": doc["public_key"], "seat": seat}
        if len(self.guests) != 3 or self.name in self.guests:
            self.guests.clear()
            raise Refusal(409, "names", T("les quatre joueurs doivent avoir des noms différents",
                                          "the four players must have different names"))

    def invite(self, doc: dict[str, Any]) -> dict[str, Any]:
        """As guest: accept an invitation (409 when busy); the /join follows in the background."""
        if self.busy():
            raise Refusal(409, "busy", T("ce joueur est déjà dans une partie", "this peer is already in a game"))
        self._fresh()
        host = doc["host"]
        self.invited = {"game_id": doc["game_id"], "host": host, "target": doc["target"], "seed": doc.get("seed")}
        self.spawn(self._join(host["url"], doc["game_id"]))
        return {"name": self.name, "public_key": self.key.public_hex, "url": self.url}

    async def _join(self, host_url: str, game_id: str) -> None:
        await asyncio.sleep(0)  # answer the invitation first
        body: dict[str, Any] = {"game_id": game_id, "name": self.name, "url": self.url,
                                "public_key": self.key.public_hex}
        body["sig"] = self.key.sign(canonical(body))
        try:
            await self.http().post(f"{host_url}/join", json=body)
        except httpx.HTTPError:
            self.invited = None

    async def join(self, doc: dict[str, Any]) -> dict[str, Any]:
        """As initiator: a guest joins (401 unless invited); when all three have joined, start everyone."""
        try:  # a guest may join before all the answers to the invitations are in
            await asyncio.wait_for(self.invites_sent.wait(), P.HTTP_TIMEOUT * 2)
        except TimeoutError:
            pass
        guest = self.guests.get(str(doc.get("name")))
        body = {k: v for k, v in doc.items() if k != "sig"}
        if (guest is None or doc.get("game_id") != self.state.game_id or doc.get("public_key") != guest["public_key"]
                or not signature_ok(doc, guest["public_key"])):
            raise Refusal(401, "not_invited", T(f"{doc.get('name')} n'est pas invité à cette partie",
                                                f"{doc.get('name')} is not invited to this game"))
        seat = guest["seat"]
        self.joined[body["name"]] = Seat(body["name"], seat, str(body["url"]), guest["public_key"])
        if len(self.joined) == 3:
            self.spawn(self._synchronise())
        return {"seat": seat, "game_id": self.state.game_id}

    async def _synchronise(self) -> None:
        roster = [Seat(self.name, 0, self.url, self.key.public_hex), *self.joined.values()]
        doc: dict[str, Any] = {"game_id": self.state.game_id, "from": self.name, "target": self.state.target,
                               "seed": self.seed, "players": [s.as_dict() for s in sorted(roster, key=lambda s: s.seat)]}
        doc["sig"] = self.key.sign(canonical(doc))
        await asyncio.gather(*(self.http().post(f"{s.url}/synchroniser_joueurs_et_demarrer", json=doc)
                               for s in roster if s.name != self.name), return_exceptions=True)
        await self.begin(doc)

    async def synchronise(self, doc: dict[str, Any]) -> dict[str, Any]:
        """As guest: the full list of players from the initiator who invited me; the game starts."""
        inv = self.invited
        if inv is None or doc.get("game_id") != inv["game_id"] or doc.get("from") != inv["host"]["name"] \
                or not signature_ok(doc, inv["host"]["public_key"]):
            raise Refusal(401, "not_invited", T("liste de joueurs d'une partie où je ne suis pas invité",
                                                "player list of a game I am not invited to"))
        names = [p.get("name") for p in doc.get("players", [])]
        if len(set(names)) != 4 or self.name not in names:
            raise Refusal(422, "malformed", T("liste de joueurs incomplète", "incomplete player list"))
        self.seed = doc.get("seed")
        await self.begin(doc)
        return {"ok": True, "seat": names.index(self.name)}

    async def begin(self, doc: dict[str, Any]) -> None:
        roster = [Seat(p["name"], int(p["seat"]), p["url"], p["public_key"]) for p in doc["players"]]
        async with self.cond:
            self.state.start(doc["game_id"], roster, int(doc["target"]))
            self.cond.notify_all()
        self.driver = asyncio.get_running_loop().create_task(self.drive())

    # -- receiving ------------------------------------------------------------------------------------------
    async def receive(self, env: Any) -> None:
        """POST /action: wait for a missing earlier action, then check and apply (or raise Refusal)."""
        self.stats["received"] += 1
        if isinstance(env, dict) and env.get("type") == P.ABANDON and isinstance(env.get("payload"), dict):
            absent = self.state.by_name(str(env["payload"].get("absent")))
            if absent is not None and absent.name != self.name and await self.alive(absent):
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
            round_ = env["payload"].get("round")
            bids = env["payload"].get("bids", [])
            seat_of = {s.name: s.seat for s in self.state.roster}
            calls = brain.bids_as_calls(bids, seat_of)
            obs = brain.observation(self.state.seat, d.dealer, d.first, d.turned, calls, None, None, [], [],
                                    0, self.state.totals, self.state.target)
            brain.start_deal(self.player, _seed(self.seed, d.number, self.state.seat))
            with CLOCK.measure("engine"):
                suit = brain.choose_bid(self.player, obs)
            return self.state.bid_for_me(int(round_), TAKE if suit is not None else PASS, suit)

    async def alive(self, seat: Seat) -> bool:
        try:
            r = await self.http().get(f"{seat.url}/etat_du_jeu", timeout=P.PROBE_TIMEOUT)
            return r.status_code == 200
        except httpx.HTTPError:
            return False

    # -- acting ----------------------------------------------------------------------------------------------
    def _my_move(self) -> str | None:
        want = self.state.expected()
        if want is None or want[1] != self.state.seat:
            return None
        if want[0] == P.JOUER_CARTE and (not self.state.hand_complete() or self.fault == "stall"):
            return None
        return want[0]

    async def drive(self) -> None:
        """Act whenever the next action is mine; watch for a silent seat otherwise."""
        while True:
            async with self.cond:
                try:
                    await asyncio.wait_for(self.cond.wait_for(
                        lambda: self.state.status != P.PLAYING or self._my_move() is not None), self.stall_timeout)
                except TimeoutError:
                    pass
                if self.state.status != P.PLAYING:
                    return
                move = self._my_move()
            if move is None:
                if time.monotonic() - self.last_change >= self.stall_timeout:
                    await self._check_silent()
                continue
            try:
                await getattr(self, "_do_" + move.lower())()
            except Refusal as refusal:  # my own action refused by my own referee: a fault, stop disputed
                async with self.cond:
                    notice = self.state.refuse({"seq": self.state.seq + 1}, Refusal(
                        refusal.status, refusal.code, refusal.reason, dispute=True))
                    self.cond.notify_all()
                if notice is not None:
                    await self.tell_others(notice)

    async def _check_silent(self) -> None:
        want = self.state.expected()
        if want is None:
            return
        seat = self.state.roster[want[1]]
        if seat.name != self.name and not await self.alive(seat):
            await self.abandon(seat, f"no {want[0]} for {self.stall_timeout:g} s and no answer to a probe")
        self.last_change = time.monotonic()

    async def abandon(self, seat: Seat, why: str) -> None:
        async with self.cond:
            if self.state.status != P.PLAYING:
                return
            env = self.state.sign(P.ABANDON, self.state.abandon_payload(seat, why))
            self.state.receive(env)
            self.cond.notify_all()
        await self._broadcast(env, skip={seat.name})

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

    async def _post(self, seat: Seat, path: str, doc: Any) -> httpx.Response | None:
        """POST to a peer, one retry on a connection error; ``None`` when it is unreachable."""
        for attempt in range(2):
            try:
                self.stats["sent"] += 1
                return await self.http().post(f"{seat.url}{path}", json=doc)
            except httpx.HTTPError:
                if attempt == 0:
                    await asyncio.sleep(0.1)
        return None

    async def _broadcast(self, env: dict[str, Any], skip: set[str] | None = None) -> None:
        others = [s for s in self.state.roster if s.name != self.name and s.name not in (skip or set())]
        answers = await asyncio.gather(*(self._deliver(s, env) for s in others))
        for seat, ans in zip(others, answers, strict=False):
            if ans is None:
                if env["type"] != P.ABANDON:
                    await self.abandon(seat, f"no answer to {env['type']} #{env['seq']}")
                return
            if ans.status_code == 422 and ans.json().get("detail", {}).get("dispute"):
                detail = ans.json()["detail"]
                async with self.cond:
                    self.state._set_dispute(detail["code"], seat.name, env["seq"],
                                            T(detail["reason"]["fr"], detail["reason"]["en"]))
                    self.cond.notify_all()

    async def _deliver(self, seat: Seat, env: dict[str, Any]) -> httpx.Response | None:
        """POST an action until it is taken or refused for a reason other than a gap (bounded);
        ``None`` when the seat is unreachable and does not answer a probe either."""
        for _ in range(3):
            ans = await self._post(seat, "/action", env)
            if ans is None and env["type"] != P.ABANDON and await self.alive(seat):
                continue  # slow, not gone: try again
            if ans is not None and ans.status_code == 409 and ans.json().get("detail", {}).get("code") == "seq_gap":
                await asyncio.sleep(0.2)  # it has not seen an earlier action yet
                continue
            return ans
        return ans

    async def tell_others(self, notice: dict[str, Any]) -> None:
        await asyncio.gather(*(self._post(s, "/action", notice) for s in self.state.roster if s.name != self.name))

    async def _private(self, seat: Seat, kind: str, path: str, payload: dict[str, Any]) -> httpx.Response | None:
        assert self.state.game_id is not None
        env = seal(self.key, self.state.game_id, self.state.seq, kind, self.name, payload)
        if seat.name == self.name:
            await self.receive_hand(env)
            return None
        ans = await self._post(seat, path, env)
        if ans is None:
            await self.abandon(seat, f"no answer to {path}")
        return ans

    # -- host duties --------------------------------------------------------------------------------------------
    async def _do_engagement_paquet(self) -> None:
        d = self.state._d()
        if d.expected_deck is not None:
            pack = list(d.expected_deck)
        else:  # the first deal (or after a deal that could not be gathered): shuffle
            pack = list(DECK)
            self._rng("shuffle", d.number).shuffle(pack)
        salt = deckmod.new_salt()
        self.secret = (pack, salt)
        await self.publish(P.ENGAGEMENT_PAQUET, {"deal": d.number, "commitment": deckmod.commit(pack, salt)})
        lay = deckmod.layout(pack, d.dealer)
        for seat in self.state.roster:
            await self._private(seat, P.MAIN, "/recevoir_main", {
                "deal": d.number, "first": [c.short() for c in lay.first[seat.seat]], "turned": lay.turned.short()})
            if self.state.status != P.PLAYING:
                return

    async def _do_resultat_encheres(self) -> None:
        d = self.state._d()
        assert self.secret is not None
        bids: list[dict[str, Any]] = []
        taker = trump = None
        for rnd, seat_no in self.state.bid_order():
            seat = self.state.roster[seat_no]
            if seat.name == self.name:
                calls = brain.bids_as_calls(bids, {s.name: s.seat for s in self.state.roster})
                assert d.turned is not None
                obs = brain.observation(seat_no, d.dealer, d.first, d.turned, calls, None, None, [], [], 0,
                                        self.state.totals, self.state.target)
                brain.start_deal(self.player, _seed(self.seed, d.number, seat_no))
                with CLOCK.measure("engine"):
                    suit = brain.choose_bid(self.player, obs)
                bid = self.state.bid_for_me(rnd, TAKE if suit is not None else PASS, suit)
            else:
                ans = await self._private(seat, P.DEMANDE_ENCHERE, "/demander_enchere",
                                          {"deal": d.number, "round": rnd, "bids": bids})
                if ans is None:
                    return
                bid = ans.json()
            bids.append(bid)
            if bid.get("bid") == TAKE:
                taker, trump = seat, bid.get("couleur")
                break
        await self.publish(P.RESULTAT_ENCHERES, {"deal": d.number, "bids": bids,
                                                 "taker": taker.name if taker else None, "trump": trump})
        if d.taker is None or d.trump is None:
            return
        lay = deckmod.layout(self.secret[0], d.dealer, d.taker, d.trump)
        for seat in self.state.roster:
            await self._private(seat, P.MAIN, "/recevoir_main",
                                {"deal": d.number, "second": [c.short() for c in lay.second[seat.seat]]})
            if self.state.status != P.PLAYING:
                return

    async def _do_jouer_carte(self) -> None:
        d = self.state._d()
        assert d.turned is not None and d.trump is not None
        hand = self.state.my_hand()
        legal = self.state.my_legal()
        illegal = [c for c in hand if c not in legal]
        if self.fault == "renonce" and illegal:
            card = illegal[0]
        else:
            obs = brain.observation(self.state.seat, d.dealer, hand, d.turned, brain.bids_as_calls(
                d.bids, {s.name: s.seat for s in self.state.roster}), d.taker, d.trump, d.tricks, d.current,
                d.leader(), self.state.totals, self.state.target)
            with CLOCK.measure("engine"):
                card = brain.choose_card(self.player, obs)
        await self.publish(P.JOUER_CARTE, {"card": card.short()})

    async def _do_remporte_pli(self) -> None:
        payload = self.state.trick_result()
        if self.fault == "wrong_winner":
            others = [s.name for s in self.state.roster if s.name != payload["winner"]]
            await self.publish(P.REMPORTE_PLI, {**payload, "winner": others[0]}, cheat=True)
            return
        await self.publish(P.REMPORTE_PLI, payload)

    async def _do_reveler_paquet(self) -> None:
        assert self.secret is not None
        pack, salt = self.secret
        shown = list(pack)
        if self.fault == "bad_reveal":
            shown[30], shown[31] = shown[31], shown[30]
        await self.publish(P.REVELER_PAQUET, {"deal": self.state._d().number, "deck": [c.short() for c in shown],
                                              "salt": salt}, cheat=self.fault == "bad_reveal")

    async def _do_points(self) -> None:
        await self.publish(P.POINTS, self.state.points_result())

    async def _do_couper_paquet(self) -> None:
        pos = self._rng("cut", self.state._d().number).randint(deckmod.CUT_MIN, 32 - deckmod.CUT_MIN)
        await self.publish(P.COUPER_PAQUET, {"position": pos})

    async def _do_jeton_hote(self) -> None:
        d = self.state._d()
        await self.publish(P.JETON_HOTE, {"to": self.state.roster[(d.dealer + 1) % 4].name})

    async def _do_resultats(self) -> None:
        await self.publish(P.RESULTATS, self.state.final_results())

    async def _do_fin_partie(self) -> None:
        await self.publish(P.FIN_PARTIE, {})
