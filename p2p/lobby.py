"""Before the first card: the initiator invites three peers, they join, everyone gets the roster.

What: :class:`Lobby` is one peer's side of the handshake of the seed's
sequence diagram. As *initiator* (seat 0): :meth:`Lobby.new_game` invites
the three others (``POST /invite``; seats 1..3 in the order given),
:meth:`Lobby.join` accepts each guest's signed ``/join`` (401 unless
invited) and, once all three have joined, sends everyone the signed roster
(``/synchroniser_joueurs_et_demarrer``). As *guest*: :meth:`Lobby.invite`
accepts an invitation (409 when already in a game) and joins in the
background; :meth:`Lobby.synchronise` accepts the roster signed by the
initiator who invited it. Receiving the roster starts the game
(:meth:`arbitre.p2p.peer.Peer.begin`).

Why: a peer only plays with peers that it invited or that invited it, and
every roster is signed by the initiator, so nobody can slip into a game.
"""
from __future__ import annotations

import asyncio
import uuid
from typing import TYPE_CHECKING, Any

import httpx

from arbitre.p2p import protocol as P
from arbitre.p2p.envelope import signature_ok, signed
from arbitre.p2p.messages import Invitation
from arbitre.p2p.model import Seat
from arbitre.p2p.protocol import Refusal
from arbitre.rulings.i18n import T

if TYPE_CHECKING:
    from arbitre.p2p.peer import Peer


class Lobby:
    """The invitations of one peer: those it sent (as initiator) or the one it accepted (as guest)."""

    def __init__(self, peer: Peer) -> None:
        self.peer = peer
        self.invited: Invitation | None = None  # as guest: the invitation accepted
        self.guests: dict[str, Seat] = {}  # as initiator: name -> the invitee's answer (address invited, its key)
        self.joined: dict[str, Seat] = {}  # as initiator: name -> the guest as it joined (its own address)
        self.invites_sent = asyncio.Event()  # cleared while the answers to my invitations come in
        self.invites_sent.set()

    def pending(self) -> bool:
        """Invited, or inviting: the game has not started yet but this peer is taken."""
        return self.invited is not None or bool(self.guests)

    def reset(self) -> None:
        """Forget the invitations of a finished game."""
        self.invited, self.guests, self.joined = None, {}, {}

    # -- as initiator --------------------------------------------------------------------------------
    async def new_game(self, peers: list[str], target: int, seed: Any, game_id: str | None) -> str:
        """Invite ``peers`` (seats 1..3 in this order); this peer is seat 0 and hosts deal 1."""
        peer = self.peer
        peer.make_ready()
        game_id = game_id or uuid.uuid4().hex
        peer.state.game_id, peer.state.target, peer.seed = game_id, target, seed
        self.invites_sent.clear()
        try:
            await self._invite_all(peers, game_id, target, seed)
        finally:
            self.invites_sent.set()
        return game_id

    async def _invite_all(self, peers: list[str], game_id: str, target: int, seed: Any) -> None:
        me = self.peer.identity()
        http = self.peer.outbox.http()
        answers = await asyncio.gather(*(http.post(f"{u}/invite", json={
            "game_id": game_id, "host": me, "target": target, "seed": seed}) for u in peers),
            return_exceptions=True)
        for url, ans in zip(peers, answers, strict=False):
            if isinstance(ans, BaseException) or ans.status_code != 200:
                self.guests.clear()
                why = ans if isinstance(ans, BaseException) else f"{ans.status_code} {ans.text}"
                raise Refusal(409, "invite_failed", T(f"invitation refusée par {url} : {why}",
                                                      f"invitation refused by {url}: {why}"))
        for seat, (url, ans) in enumerate(zip(peers, answers, strict=False), start=1):
            assert isinstance(ans, httpx.Response)
            doc = ans.json()
            self.guests[doc["name"]] = Seat(doc["name"], seat, url, doc["public_key"])
        if len(self.guests) != 3 or self.peer.name in self.guests:
            self.guests.clear()
            raise Refusal(409, "names", T("les quatre joueurs doivent avoir des noms différents",
                                          "the four players must have different names"))

    async def join(self, doc: dict[str, Any]) -> dict[str, Any]:
        """A guest joins (401 unless invited); when all three have joined, start everyone."""
        try:  # a guest may join before all the answers to the invitations are in
            await asyncio.wait_for(self.invites_sent.wait(), P.HTTP_TIMEOUT * 2)
        except TimeoutError:
            pass
        guest = self.guests.get(str(doc.get("name")))
        game_id = self.peer.state.game_id
        if (guest is None or doc.get("game_id") != game_id or doc.get("public_key") != guest.public_key
                or not signature_ok(doc, guest.public_key)):
            raise Refusal(401, "not_invited", T(f"{doc.get('name')} n'est pas invité à cette partie",
                                                f"{doc.get('name')} is not invited to this game"))
        self.joined[doc["name"]] = Seat(doc["name"], guest.seat, str(doc["url"]), guest.public_key)
        if len(self.joined) == 3:
            self.peer.spawn(self._synchronise())
        return {"seat": guest.seat, "game_id": game_id}

    async def _synchronise(self) -> None:
        peer = self.peer
        roster = [Seat(peer.name, 0, peer.url, peer.key.public_hex), *self.joined.values()]
        doc = signed(peer.key, {"game_id": peer.state.game_id, "from": peer.name, "target": peer.state.target,
                                "seed": peer.seed, "players": [s.as_dict() for s in sorted(roster, key=lambda s: s.seat)]})
        http = peer.outbox.http()
        await asyncio.gather(*(http.post(f"{s.url}/synchroniser_joueurs_et_demarrer", json=doc)
                               for s in roster if s.name != peer.name), return_exceptions=True)
        await peer.begin(doc)

    # -- as guest -----------------------------------------------------------------------------------------
    def invite(self, invitation: Invitation) -> dict[str, Any]:
        """Accept an invitation (409 when busy); the /join follows in the background."""
        peer = self.peer
        peer.make_ready()
        self.invited = invitation
        peer.spawn(self._join(invitation.host.url, invitation.game_id))
        return {"name": peer.name, "public_key": peer.key.public_hex, "url": peer.url}

    async def _join(self, host_url: str, game_id: str) -> None:
        await asyncio.sleep(0)  # answer the invitation first
        peer = self.peer
        body = signed(peer.key, {"game_id": game_id, "name": peer.name, "url": peer.url,
                                 "public_key": peer.key.public_hex})
        try:
            await peer.outbox.http().post(f"{host_url}/join", json=body)
        except httpx.HTTPError:
            self.invited = None

    async def synchronise(self, doc: dict[str, Any]) -> dict[str, Any]:
        """The full list of players from the initiator who invited me; the game starts."""
        inv = self.invited
        if inv is None or doc.get("game_id") != inv.game_id or doc.get("from") != inv.host.name \
                or not signature_ok(doc, inv.host.public_key):
            raise Refusal(401, "not_invited", T("liste de joueurs d'une partie où je ne suis pas invité",
                                                "player list of a game I am not invited to"))
        names = [p.get("name") for p in doc.get("players", [])]
        if len(set(names)) != 4 or self.peer.name not in names:
            raise Refusal(422, "malformed", T("liste de joueurs incomplète", "incomplete player list"))
        self.peer.seed = doc.get("seed")
        await self.peer.begin(doc)
        return {"ok": True, "seat": names.index(self.peer.name)}
