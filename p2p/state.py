"""One peer's copy of the game, and the referee that guards it.

What: :class:`PeerGame` holds what one peer knows (its own cards, the turned
card, the bids, every card played, the scores; :mod:`arbitre.p2p.model`) and
:meth:`PeerGame.receive` checks an action envelope completely before
applying anything:

1. well formed (else 422), for this game (else 409), from a seated peer with
   a valid signature (else 401);
2. ``seq`` is the next one (a replay or a gap: 409), the game is on (409);
3. the type is the one expected now (:meth:`PeerGame.expected`, the game's
   state machine) and ``from`` the seat expected to send it (else 409, out
   of turn);
4. the content, by the check of that type (:mod:`arbitre.p2p.actions`): a
   card not yet played, not in this peer's hand, the turned card only from
   the taker (422); the host's trick winner and points, the opened deck
   commitment, the deal's score, the totals and the results are exactly
   what this peer computes (:mod:`arbitre.p2p.verdicts`; else 422 and the
   game is ``disputed``).

A refused action leaves the state exactly as it was. When the deck is
revealed the whole deal is re-checked with the record checker
(:mod:`arbitre.p2p.recheck`): a renonce is ruled with its penalty, any other
defect stops the game as ``disputed``. A ``LITIGE`` notice from another
peer stops it too.

Why: there is no trusted server; each peer is its own referee. The state is
plain Python without I/O so the same code checks the host's own actions,
the other peers' actions, and runs in unit tests.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbitre.p2p import protocol as P
from arbitre.p2p import verdicts
from arbitre.p2p.actions import CHECKS, check_abandon, check_main
from arbitre.p2p.bids import PASS, TAKE, signed_bid
from arbitre.p2p.envelope import KeyPair, malformed, seal, signature_ok
from arbitre.p2p.model import TRICKS, Deal, Seat, next_seat
from arbitre.p2p.protocol import Refusal
from arbitre.rulings.belote.cards import Card, Suit
from arbitre.rulings.belote.play import legal_cards
from arbitre.rulings.i18n import T

__all__ = ["PASS", "TAKE", "Deal", "PeerGame", "Seat"]  # PASS, TAKE, Deal and Seat: their historical import path


class PeerGame:
    """The game state of one peer (``me``) and the referee of every action it receives."""

    def __init__(self, me: str, key: KeyPair) -> None:
        self.me = me
        self.key = key
        self.game_id: str | None = None
        self.roster: list[Seat] = []
        self.target = 501
        self.status = P.LOBBY
        self.seq = 0
        self.last: dict[str, Any] | None = None
        self.deal: Deal | None = None
        self.totals = {"A": 0, "B": 0}
        self.pending_held_over = 0  # litige points waiting for the winner of the next deal
        self.deals: list[dict[str, Any]] = []  # the played deals, seed 001 schema
        self.deal_results: list[dict[str, Any]] = []  # POINTS payloads, in order
        self.dispute: dict[str, Any] | None = None
        self.absent: dict[str, Any] | None = None
        self.results: dict[str, Any] | None = None
        self.gathered: list[Card] | None = None  # cards of the last deal, picked up
        self.next_deck: list[Card] | None = None
        self.on_change: Callable[[], None] = lambda: None

    # -- the roster -----------------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return next(s.seat for s in self.roster if s.name == self.me)

    def by_name(self, name: str) -> Seat | None:
        return next((s for s in self.roster if s.name == name), None)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.roster]

    def start(self, game_id: str, roster: list[Seat], target: int) -> None:
        """The roster is complete: the game starts with deal 1, hosted by seat 0."""
        self.game_id, self.roster, self.target = game_id, sorted(roster, key=lambda s: s.seat), target
        self.status = P.PLAYING
        self.deal = Deal(1, 0)

    def current_deal(self) -> Deal:
        """The deal being played (the game has started)."""
        assert self.deal is not None
        return self.deal

    def next_host(self) -> Seat:
        """The seat that hosts the next deal (the host token goes round with the deal)."""
        return self.roster[next_seat(self.current_deal().dealer)]

    # -- what comes next --------------------------------------------------------------------------------
    def expected(self) -> tuple[str, int] | None:
        """(type, seat) of the next action, or ``None`` when the game is over."""
        d = self.deal
        if self.status != P.PLAYING or d is None:
            return None
        host = d.dealer
        if d.commitment is None:
            return P.ENGAGEMENT_PAQUET, host
        if not d.auction_done:
            return P.RESULTAT_ENCHERES, host
        if d.taker is not None and len(d.tricks) < TRICKS:
            player = d.to_play()
            return (P.JOUER_CARTE, player) if player is not None else (P.REMPORTE_PLI, host)
        if d.revealed is None:
            return P.REVELER_PAQUET, host
        if d.taker is not None and not d.scored:
            return P.POINTS, host
        if self.game_over():
            return (P.RESULTATS, host) if self.results is None else (P.FIN_PARTIE, host)
        if self.next_deck is None:
            return P.COUPER_PAQUET, host
        return P.JETON_HOTE, host

    def game_over(self) -> bool:
        a, b = self.totals["A"], self.totals["B"]
        return max(a, b) >= self.target and a != b

    # -- receiving -------------------------------------------------------------------------------------
    def authenticate(self, env: Any) -> Seat:
        """Checks 1 (form, game, signature); returns the sender's seat."""
        problem = malformed(env)
        if problem is not None:
            raise Refusal(422, "malformed", T(f"enveloppe mal formée : {problem}", f"malformed envelope: {problem}"))
        if self.game_id is None or env["game_id"] != self.game_id:
            raise Refusal(409, "other_game", T(f"action pour une autre partie ({env['game_id']})",
                                               f"action for another game ({env['game_id']})"))
        sender = self.by_name(env["from"])
        if sender is None:
            raise Refusal(401, "unknown_sender", T(f"expéditeur inconnu : {env['from']}",
                                                   f"unknown sender: {env['from']}"))
        if not signature_ok(env, sender.public_key):
            raise Refusal(401, "bad_signature", T(f"signature invalide (expéditeur annoncé : {sender.name})",
                                                  f"invalid signature (claimed sender: {sender.name})"))
        return sender

    def receive(self, env: Any) -> None:
        """Check ``env`` completely, then apply it; raise :class:`Refusal` (state unchanged) otherwise."""
        sender = self.authenticate(env)
        kind = env["type"]
        if kind == P.LITIGE:
            self._litige(sender, env)
            return
        if kind == P.ABANDON and self.status == P.ABANDONED and self.absent is not None \
                and env["payload"].get("absent") == self.absent["name"]:
            return  # the same abandonment announced by another present peer: already applied
        if env["seq"] <= self.seq:
            raise Refusal(409, "replay", T(f"action n° {env['seq']} déjà reçue (dernière : {self.seq})",
                                           f"action #{env['seq']} already received (last: {self.seq})"))
        if env["seq"] > self.seq + 1:
            raise Refusal(409, "seq_gap", T(f"action n° {env['seq']} reçue avant la n° {self.seq + 1}",
                                            f"action #{env['seq']} received before #{self.seq + 1}"))
        if self.status != P.PLAYING:
            raise Refusal(409, "game_over", T(f"la partie est terminée ({self.status})",
                                              f"the game is over ({self.status})"))
        if kind == P.ABANDON:
            apply = check_abandon(self, sender, env["payload"])
        else:
            want = self.expected()
            assert want is not None
            if kind != want[0]:
                raise Refusal(409, "unexpected_type", T(f"{kind} inattendu : on attend {want[0]}",
                                                        f"unexpected {kind}: {want[0]} is expected now"))
            if sender.seat != want[1]:
                expected_name = self.roster[want[1]].name
                raise Refusal(409, "out_of_turn", T(f"{sender.name} joue hors tour : c'est à {expected_name}",
                                                    f"{sender.name} is out of turn: it is {expected_name}'s turn"))
            apply = CHECKS[kind](self, sender, env["payload"])
        apply()
        self.seq = env["seq"]
        self.last = {"seq": env["seq"], "type": kind, "from": sender.name}
        self.on_change()

    def accept_hand(self, env: Any) -> None:
        """POST /recevoir_main: my first 5 cards and the turned card, then my second-round cards."""
        sender = self.authenticate(env)
        d = self.deal
        if self.status != P.PLAYING or d is None or env["type"] != P.MAIN or sender.seat != d.dealer:
            raise Refusal(409, "not_host", T("seul l'hôte de la donne distribue", "only the deal's host deals"))
        check_main(self, d, env["payload"])()
        self.on_change()

    def hand_complete(self) -> bool:
        d = self.deal
        return d is not None and len(d.first) == 5 and (d.taker is None or len(d.second) == 3)

    # -- my own messages ---------------------------------------------------------------------------------
    def sign(self, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
        """An action of mine, numbered next and signed (not yet applied)."""
        assert self.game_id is not None
        return seal(self.key, self.game_id, self.seq + 1, kind, self.me, payload)

    def sign_private(self, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
        """A private message of mine (``MAIN``, ``DEMANDE_ENCHERE``): the seq of the last action, not the next."""
        assert self.game_id is not None
        return seal(self.key, self.game_id, self.seq, kind, self.me, payload)

    def bid_for_me(self, round_: int, bid: str, suit: Suit | None) -> dict[str, Any]:
        """My signed bid (the answer to /demander_enchere)."""
        return signed_bid(self.key, self.game_id, self.current_deal().number, round_, self.me, bid, suit)

    # -- what I compute (the host sends it, the others check it) -----------------------------------------
    def trick_result(self) -> dict[str, Any]:
        return verdicts.trick_result(self.current_deal(), self.names)

    def points_result(self) -> dict[str, Any]:
        return verdicts.points_result(self.current_deal(), self.totals, self.pending_held_over)

    def final_results(self) -> dict[str, Any]:
        return verdicts.final_results(self.totals, self.roster, len(self.deals))

    def abandon_payload(self, absent: Seat, why: str) -> dict[str, Any]:
        return verdicts.abandon_payload(absent, why, self.totals, len(self.deals))

    # -- disputes -----------------------------------------------------------------------------------------
    def set_dispute(self, code: str, by: str, seq: int, reason: T) -> None:
        """Stop the game ``disputed`` (the first dispute is the one kept)."""
        if self.status == P.PLAYING:
            self.status = P.DISPUTED
            self.dispute = {"code": code, "by": by, "seq": seq, "reason": reason.as_dict()}

    def refuse(self, env: Any, refusal: Refusal) -> dict[str, Any] | None:
        """Record a disputed refusal; return the LITIGE notice to send to the others (``None`` if none)."""
        if not refusal.dispute or self.status != P.PLAYING:
            return None
        seq = env.get("seq") if isinstance(env, dict) else None
        self.set_dispute(refusal.code, self.me, seq if isinstance(seq, int) else self.seq + 1, refusal.reason)
        self.on_change()
        return self.sign_private(P.LITIGE, dict(self.dispute or {}))

    def _litige(self, sender: Seat, env: dict[str, Any]) -> None:
        p = env["payload"]
        reason = p.get("reason") if isinstance(p.get("reason"), dict) else {}
        self.set_dispute(str(p.get("code", "litige")), sender.name, int(p.get("seq") or 0),
                         T(str(reason.get("fr", "")), str(reason.get("en", ""))))
        self.on_change()

    # -- my cards ------------------------------------------------------------------------------------------
    def my_hand(self) -> list[Card]:
        return self.current_deal().hand()

    def my_legal(self) -> list[Card]:
        d = self.current_deal()
        assert d.trump is not None
        return legal_cards(d.hand(), [c for _, c in d.current], d.trump)
