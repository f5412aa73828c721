"""One peer's copy of the game, and the referee that guards it.

What: :class:`PeerGame` holds what one peer knows (its own cards, the turned
card, the bids, every card played, the scores) and :meth:`PeerGame.receive`
checks an action envelope completely before applying anything:

1. well formed (else 422), for this game (else 409), from a seated peer with
   a valid signature (else 401);
2. ``seq`` is the next one (a replay or a gap: 409), the game is on (409);
3. the type is the one expected now and ``from`` the seat expected to send
   it (else 409, out of turn);
4. the content: a card not yet played, not in this peer's hand, the turned
   card only from the taker (422); the host's trick winner and points, the
   opened deck commitment, the deal's score, the totals and the results are
   exactly what this peer computes (else 422 and the game is ``disputed``).

A refused action leaves the state exactly as it was. When the deck is
revealed the whole deal is re-checked with the record checker
(:mod:`arbitre.p2p.recheck`): a renonce is ruled with its penalty, any other
defect stops the game as ``disputed``.

Why: there is no trusted server; each peer is its own referee. The state is
plain Python without I/O so the same code checks the host's own actions,
the other peers' actions, and runs in unit tests.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from arbitre.p2p import deck as deckmod
from arbitre.p2p import protocol as P
from arbitre.p2p.envelope import KeyPair, canonical, malformed, seal, signature_ok
from arbitre.p2p.protocol import Refusal
from arbitre.p2p.recheck import (
    TEAMS,
    DealRuling,
    deal_record,
    players_and_teams,
    rule_deal,
    team_key,
)
from arbitre.rulings.belote.cards import Card, Suit, parse_card, parse_suit
from arbitre.rulings.belote.play import legal_cards, trick_winner
from arbitre.rulings.belote.scoring import LAST_TRICK_BONUS, cards_points
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

_HEX64 = re.compile(r"^[0-9a-f]{64}$")
PASS, TAKE = "PASSE", "PRENDS"


@dataclass(frozen=True)
class Seat:
    """A seated peer: name, seat (0..3, play order), address and public key (hex)."""

    name: str
    seat: int
    url: str
    public_key: str

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "seat": self.seat, "url": self.url, "public_key": self.public_key}


@dataclass
class Deal:
    """The current deal as this peer sees it."""

    number: int
    dealer: int  # the host of this deal
    expected_deck: list[Card] | None = None  # deals 2+: the gathered tricks, cut (COUPER_PAQUET)
    commitment: str | None = None
    first: list[Card] = field(default_factory=list)  # my first 5 cards
    second: list[Card] = field(default_factory=list)  # my second-round cards (turned card included for the taker)
    turned: Card | None = None
    bids: list[dict[str, Any]] = field(default_factory=list)
    taker: int | None = None
    trump: Suit | None = None
    auction_done: bool = False
    tricks: list[list[tuple[int, Card]]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    current: list[tuple[int, Card]] = field(default_factory=list)
    played: set[Card] = field(default_factory=set)
    revealed: list[Card] | None = None
    ruling: DealRuling | None = None
    record: dict[str, Any] | None = None
    scored: bool = False

    def leader(self) -> int:
        return self.winners[-1] if self.winners else (self.dealer + 1) % 4

    def to_play(self) -> int | None:
        if self.taker is None or len(self.tricks) == 8 or len(self.current) == 4:
            return None
        return (self.leader() + len(self.current)) % 4


def _card(value: Any, where: str) -> Card:
    try:
        return parse_card(value)
    except InputError as err:
        raise Refusal(422, "malformed", T(f"{where} : {err.message.fr}", f"{where}: {err.message.en}")) from None


def _cards(value: Any, where: str, count: int | None = None) -> list[Card]:
    if not isinstance(value, list) or (count is not None and len(value) != count):
        n = f"{count} " if count is not None else ""
        raise Refusal(422, "malformed", T(f"{where} : une liste de {n}cartes est attendue",
                                          f"{where}: a list of {n}cards is expected"))
    return [_card(v, f"{where}[{i}]") for i, v in enumerate(value)]


def _field(payload: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = payload.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise Refusal(422, "malformed", T(f"payload.{name} manquant ou mal formé",
                                          f"payload.{name} missing or malformed"))
    return value


def _dispute(code: str, fr: str, en: str) -> Refusal:
    return Refusal(422, code, T(fr, en), dispute=True)


def _as_computed(payload: dict[str, Any], want: dict[str, Any], code: str) -> dict[str, Any]:
    """``want`` when the host's ``payload`` is exactly what this peer computes, else a dispute."""
    if payload != want:
        raise _dispute(code, f"l'hôte annonce {payload}, je calcule {want}",
                       f"the host announces {payload}, I compute {want}")
    return want


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
        if d.taker is not None and len(d.tricks) < 8:
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
            apply = self._check_abandon(sender, env["payload"])
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
            apply = getattr(self, "_check_" + kind.lower())(sender, env["payload"])
        apply()
        self.seq = env["seq"]
        self.last = {"seq": env["seq"], "type": kind, "from": sender.name}
        self.on_change()

    def sign(self, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
        """An action of mine, numbered next and signed (not yet applied)."""
        assert self.game_id is not None
        return seal(self.key, self.game_id, self.seq + 1, kind, self.me, payload)

    # -- the checks: each returns the change to apply ---------------------------------------------------
    def _d(self) -> Deal:
        assert self.deal is not None
        return self.deal

    def _check_deal_number(self, payload: dict[str, Any]) -> None:
        if _field(payload, "deal", int) != self._d().number:
            raise Refusal(422, "wrong_deal", T(f"donne n° {payload['deal']} : on joue la n° {self._d().number}",
                                               f"deal #{payload['deal']}: this is deal #{self._d().number}"))

    def _check_engagement_paquet(self, sender: Seat, payload: dict[str, Any]) -> Callable[[], None]:
        self._check_deal_number(payload)
        commitment = _field(payload, "commitment", str)
        if not _HEX64.match(commitment):
            raise Refusal(422, "malformed", T("payload.commitment : 64 chiffres hexadécimaux attendus",
                                              "payload.commitment: 64 hex digits expected"))

        def apply() -> None:
            self._d().commitment = commitment
        return apply

    def bid_for_me(self, round_: int, bid: str, suit: Suit | None) -> dict[str, Any]:
        """My signed bid (the answer to /demander_enchere)."""
        body: dict[str, Any] = {"game_id": self.game_id, "deal": self._d().number, "round": round_,
                                "from": self.me, "bid": bid, "couleur": suit.fr if suit is not None else None}
        body["sig"] = self.key.sign(canonical(body))
        return body

    def bid_order(self) -> list[tuple[int, int]]:
        """(round, seat) of every possible call, from the dealer's left."""
        d = self._d()
        return [(r, (d.dealer + 1 + i) % 4) for r in (1, 2) for i in range(4)]

    def auction_outcome(self, bids: list[dict[str, Any]]) -> tuple[int | None, Suit | None]:
        """Check the signed bids in order and say who took in which suit (``(None, None)``: all passed)."""
        d = self._d()
        if d.turned is None:
            raise Refusal(409, "no_hand", T("les enchères arrivent avant ma main", "the bids arrive before my hand"))
        order = self.bid_order()
        for i, bid in enumerate(bids):
            if i >= len(order) or not isinstance(bid, dict):
                raise Refusal(422, "bad_bids", T("enchères en trop ou mal formées", "too many or malformed bids"))
            rnd, seat = order[i]
            who = self.roster[seat]
            sig = bid.get("sig")
            body = {k: v for k, v in bid.items() if k != "sig"}
            fine = (isinstance(sig, str) and body.get("from") == who.name and body.get("round") == rnd
                    and body.get("deal") == d.number and body.get("game_id") == self.game_id
                    and body.get("bid") in (PASS, TAKE) and signature_ok({**body, "sig": sig}, who.public_key))
            if not fine:
                raise Refusal(422, "bad_bids", T(f"enchère n° {i + 1} : pas une enchère signée de {who.name} "
                                                 f"au tour {rnd}", f"bid #{i + 1}: not a bid signed by {who.name} "
                                                 f"in round {rnd}"))
            if bid["bid"] == PASS:
                continue
            try:
                suit = parse_suit(str(bid.get("couleur") or d.turned.suit.fr))
            except InputError:
                raise Refusal(422, "bad_bids", T(f"enchère n° {i + 1} : couleur illisible",
                                                 f"bid #{i + 1}: unreadable suit")) from None
            if (rnd == 1) != (suit == d.turned.suit):
                raise Refusal(422, "bad_bids", T(
                    f"enchère n° {i + 1} : au tour {rnd} on ne prend pas à {suit.label().fr}",
                    f"bid #{i + 1}: in round {rnd} one cannot take in {suit.label().en}"))
            if i != len(bids) - 1:
                raise Refusal(422, "bad_bids", T("des enchères suivent la prise", "bids follow the take"))
            return seat, suit
        if len(bids) != len(order):
            raise Refusal(422, "bad_bids", T("enchères incomplètes", "incomplete bids"))
        return None, None

    def _check_resultat_encheres(self, sender: Seat, payload: dict[str, Any]) -> Callable[[], None]:
        self._check_deal_number(payload)
        bids = _field(payload, "bids", list)
        taker, trump = self.auction_outcome(bids)
        said_taker = payload.get("taker")
        said_trump = payload.get("trump")
        if said_taker != (self.roster[taker].name if taker is not None else None) \
                or said_trump != (trump.fr if trump is not None else None):
            raise _dispute("wrong_auction_result", "le résultat annoncé ne suit pas des enchères signées",
                           "the announced result does not follow from the signed bids")

        def apply() -> None:
            d = self._d()
            d.bids, d.taker, d.trump, d.auction_done = list(bids), taker, trump, True
        return apply

    def _check_jouer_carte(self, sender: Seat, payload: dict[str, Any]) -> Callable[[], None]:
        d = self._d()
        card = _card(payload.get("card"), "payload.card")
        if card in d.played:
            raise Refusal(422, "already_played", T(f"{card.label().fr} a déjà été jouée",
                                                   f"{card.label().en} has already been played"))
        mine = set(d.first) | set(d.second)
        if sender.name != self.me and card in mine:
            raise Refusal(422, "card_in_my_hand", T(f"{card.label().fr} est dans ma main",
                                                    f"{card.label().en} is in my hand"))
        if sender.name == self.me:
            hand = [c for c in d.first + d.second if c not in d.played]
            if card not in hand:
                raise Refusal(422, "card_not_held", T(f"je n'ai pas {card.label().fr}",
                                                      f"I do not hold {card.label().en}"))
        if d.turned is not None and card == d.turned and sender.seat != d.taker:
            raise Refusal(422, "turned_card", T(f"{card.label().fr} est la carte retournée, prise par le preneur",
                                                f"{card.label().en} is the turned card, which the taker holds"))

        def apply() -> None:
            d.current.append((sender.seat, card))
            d.played.add(card)
        return apply

    def trick_result(self) -> dict[str, Any]:
        """The REMPORTE_PLI payload the engine computes for the complete current trick."""
        d = self._d()
        assert d.trump is not None and len(d.current) == 4
        cards = [c for _, c in d.current]
        winner = d.current[trick_winner(cards, d.trump)][0]
        points = cards_points(cards, d.trump) + (LAST_TRICK_BONUS if len(d.tricks) == 7 else 0)
        return {"trick": len(d.tricks) + 1, "cards": [c.short() for c in cards],
                "winner": self.roster[winner].name, "points": points}

    def _check_remporte_pli(self, sender: Seat, payload: dict[str, Any]) -> Callable[[], None]:
        want = self.trick_result()
        if payload != want:
            raise _dispute("wrong_trick_result", f"pli {want['trick']} : l'hôte annonce {payload}, le moteur "
                           f"calcule {want}", f"trick {want['trick']}: the host announces {payload}, the engine "
                           f"computes {want}")

        def apply() -> None:
            d = self._d()
            d.tricks.append(list(d.current))
            d.winners.append(self.by_name(want["winner"]).seat)  # type: ignore[union-attr]
            d.current = []
        return apply

    def _check_reveler_paquet(self, sender: Seat, payload: dict[str, Any]) -> Callable[[], None]:
        d = self._d()
        self._check_deal_number(payload)
        deck = _cards(payload.get("deck"), "payload.deck", 32)
        salt = _field(payload, "salt", str)
        assert d.commitment is not None and d.turned is not None
        if not deckmod.opens(d.commitment, deck, salt):
            raise _dispute("commitment_mismatch", "le paquet révélé ne correspond pas à l'engagement de l'hôte",
                           "the revealed deck does not match the host's commitment")
        if d.expected_deck is not None and deck != d.expected_deck:
            raise _dispute("deck_not_cut", "le paquet révélé n'est pas celui des plis ramassés et coupés",
                           "the revealed deck is not the gathered tricks as cut")
        lay = deckmod.layout(deck, d.dealer, d.taker, d.trump)
        me = self.seat
        if (lay.turned != d.turned or set(lay.first[me]) != set(d.first)
                or (d.taker is not None and set(lay.second[me]) != set(d.second))):
            raise _dispute("hand_mismatch", "ma main ou la carte retournée ne viennent pas du paquet engagé",
                           "my hand or the turned card do not come from the committed deck")

        def apply() -> None:
            d.revealed = deck
            self.gathered = deckmod.gather([[c for _, c in t] for t in d.tricks]) if d.taker is not None else deck
            if d.taker is None or d.trump is None:
                return
            d.record = deal_record(self.names, d.number, d.dealer, deck, lay.first, lay.turned, lay.second,
                                   d.taker, d.trump, d.tricks, d.winners)
            d.ruling = rule_deal(self.names, d.record)
            if d.ruling.defects:
                self._set_dispute("deal_defects", self.roster[d.dealer].name, self.seq + 1,
                                  T("la donne révélée a des défauts : " + "; ".join(d.ruling.defects),
                                    "the revealed deal has defects: " + "; ".join(d.ruling.defects)))
        return apply

    def points_result(self) -> dict[str, Any]:
        """The POINTS payload this peer computes for the revealed deal (with the running totals)."""
        d = self._d()
        assert d.ruling is not None
        scores = dict(d.ruling.scores)
        totals = dict(self.totals)
        held = self.pending_held_over
        bonus: dict[str, int] = {"A": 0, "B": 0}
        if held and not d.ruling.litige and d.taker is not None:  # held-over litige points: to this deal's winner
            taker_team = TEAMS[d.taker % 2]
            bonus[taker_team if d.ruling.made else TEAMS[1 - d.taker % 2]] = held
        for t in TEAMS:
            totals[t] += scores[t] + bonus[t]
        return {"deal": d.number, **d.ruling.payload(), "held_over_paid": bonus, "totals": totals}

    def _check_points(self, sender: Seat, payload: dict[str, Any]) -> Callable[[], None]:
        want = _as_computed(payload, self.points_result(), "wrong_points")

        def apply() -> None:
            d = self._d()
            assert d.ruling is not None and d.record is not None
            if any(want["held_over_paid"].values()):
                self.pending_held_over = 0
                d.record["resultat_manche"]["points_litige_recus"] = {  # type: ignore[index]
                    team_key(t): v for t, v in want["held_over_paid"].items() if v}
            self.pending_held_over += d.ruling.held_over
            self.totals = dict(want["totals"])
            d.record["resultat_manche"]["score_equipe_prenante"] = d.ruling.scores[TEAMS[d.taker % 2]]  # type: ignore[operator]
            d.record["resultat_manche"]["score_equipe_defense"] = d.ruling.scores[TEAMS[1 - d.taker % 2]]  # type: ignore[operator]
            d.record["resultat_manche"]["contrat_reussi"] = d.ruling.made
            self.deals.append(d.record)
            self.deal_results.append(want)
            d.scored = True
        return apply

    def _check_couper_paquet(self, sender: Seat, payload: dict[str, Any]) -> Callable[[], None]:
        position = _field(payload, "position", int)
        assert self.gathered is not None
        try:
            cut = deckmod.cut_at(self.gathered, position)
        except ValueError:
            raise Refusal(422, "bad_cut", T(f"coupe à {position} : entre {deckmod.CUT_MIN} et "
                                            f"{32 - deckmod.CUT_MIN} attendu", f"cut at {position}: between "
                                            f"{deckmod.CUT_MIN} and {32 - deckmod.CUT_MIN} expected")) from None

        def apply() -> None:
            self.next_deck = cut
        return apply

    def _check_jeton_hote(self, sender: Seat, payload: dict[str, Any]) -> Callable[[], None]:
        d = self._d()
        nxt = self.roster[(d.dealer + 1) % 4].name
        if payload.get("to") != nxt:
            raise Refusal(422, "wrong_next_host", T(f"le jeton d'hôte revient à {nxt}",
                                                    f"the host token goes to {nxt}"))

        def apply() -> None:
            self.deal = Deal(d.number + 1, (d.dealer + 1) % 4, expected_deck=self.next_deck)
            self.next_deck = None
        return apply

    def final_results(self) -> dict[str, Any]:
        """The RESULTATS payload: totals, winning team, points of each player (their team's total)."""
        winner = "A" if self.totals["A"] > self.totals["B"] else "B"
        return {"totals": dict(self.totals), "winner": winner,
                "players": {s.name: self.totals[TEAMS[s.seat % 2]] for s in self.roster},
                "deals": len(self.deals)}

    def _check_resultats(self, sender: Seat, payload: dict[str, Any]) -> Callable[[], None]:
        want = _as_computed(payload, self.final_results(), "wrong_results")

        def apply() -> None:
            self.results = want
        return apply

    def _check_fin_partie(self, sender: Seat, payload: dict[str, Any]) -> Callable[[], None]:
        def apply() -> None:
            self.status = P.FINISHED
        return apply

    def abandon_payload(self, absent: Seat, why: str) -> dict[str, Any]:
        return {"absent": absent.name, "seat": absent.seat, "reason": why, "totals": dict(self.totals),
                "deals": len(self.deals)}

    def _check_abandon(self, sender: Seat, payload: dict[str, Any]) -> Callable[[], None]:
        absent = self.by_name(str(payload.get("absent")))
        if absent is None or absent.name == sender.name:
            raise Refusal(422, "malformed", T("payload.absent : un autre joueur de la partie est attendu",
                                              "payload.absent: another player of the game is expected"))
        if payload.get("totals") != self.totals or payload.get("deals") != len(self.deals):
            raise _dispute("wrong_totals", "les scores de l'abandon ne sont pas les miens",
                           "the abandonment's scores are not mine")

        def apply() -> None:
            self.status = P.ABANDONED
            self.absent = {"name": absent.name, "seat": absent.seat, "reported_by": sender.name,
                           "reason": payload.get("reason")}
        return apply

    # -- private messages from the host ------------------------------------------------------------------
    def accept_hand(self, env: Any) -> None:
        """POST /recevoir_main: my first 5 cards and the turned card, then my second-round cards."""
        sender = self.authenticate(env)
        d = self.deal
        if self.status != P.PLAYING or d is None or env["type"] != P.MAIN or sender.seat != d.dealer:
            raise Refusal(409, "not_host", T("seul l'hôte de la donne distribue", "only the deal's host deals"))
        payload = env["payload"]
        self._check_deal_number(payload)
        if d.commitment is None:
            raise Refusal(409, "no_commitment", T("l'hôte distribue avant de s'engager sur le paquet",
                                                  "the host deals before committing to the deck"))
        if not d.first:
            first = _cards(payload.get("first"), "payload.first", 5)
            turned = _card(payload.get("turned"), "payload.turned")
            if len(set(first) | {turned}) != 6:
                raise Refusal(422, "malformed", T("cartes en double", "duplicate cards"))
            d.first, d.turned = first, turned
        elif d.auction_done and d.taker is not None and not d.second:
            mine = self.seat == d.taker
            second = _cards(payload.get("second"), "payload.second", 3)
            if (d.turned in second) != mine or set(second) & set(d.first) or len(set(second)) != 3:
                raise Refusal(422, "malformed", T("second tour de distribution incohérent",
                                                  "inconsistent second round of the deal"))
            d.second = second
        else:
            raise Refusal(409, "unexpected_hand", T("main inattendue maintenant", "unexpected hand now"))
        self.on_change()

    def hand_complete(self) -> bool:
        d = self.deal
        return d is not None and len(d.first) == 5 and (d.taker is None or len(d.second) == 3)

    # -- disputes -----------------------------------------------------------------------------------------
    def _set_dispute(self, code: str, by: str, seq: int, reason: T) -> None:
        if self.status == P.PLAYING:
            self.status = P.DISPUTED
            self.dispute = {"code": code, "by": by, "seq": seq, "reason": reason.as_dict()}

    def refuse(self, env: Any, refusal: Refusal) -> dict[str, Any] | None:
        """Record a disputed refusal; return the LITIGE notice to send to the others (``None`` if none)."""
        if not refusal.dispute or self.status != P.PLAYING:
            return None
        seq = env.get("seq") if isinstance(env, dict) else None
        self._set_dispute(refusal.code, self.me, seq if isinstance(seq, int) else self.seq + 1, refusal.reason)
        self.on_change()
        assert self.game_id is not None
        return seal(self.key, self.game_id, self.seq, P.LITIGE, self.me, dict(self.dispute or {}))

    def _litige(self, sender: Seat, env: dict[str, Any]) -> None:
        p = env["payload"]
        reason = p.get("reason") if isinstance(p.get("reason"), dict) else {}
        self._set_dispute(str(p.get("code", "litige")), sender.name, int(p.get("seq") or 0),
                          T(str(reason.get("fr", "")), str(reason.get("en", ""))))
        self.on_change()

    # -- views ----------------------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game so far in the seed 001 JSON schema (played, scored deals only)."""
        if not self.roster:
            return {}
        return {**players_and_teams(self.names, self.totals), "manches": numbered(self.deals)}

    def view(self) -> dict[str, Any]:
        """GET /etat_du_jeu: this peer's view (never another seat's cards)."""
        d = self.deal
        nxt = self.expected()
        return {
            "game_id": self.game_id, "me": self.me, "seat": self.seat if self.roster else None,
            "status": self.status, "target": self.target,
            "players": [s.as_dict() for s in self.roster], "seq": self.seq, "last_action": self.last,
            "deal": d.number if d else None, "host": self.roster[d.dealer].name if d and self.roster else None,
            "next": {"type": nxt[0], "from": self.roster[nxt[1]].name} if nxt else None,
            "contract": ({"taker": self.roster[d.taker].name, "trump": d.trump.fr}
                         if d and d.taker is not None and d.trump is not None else None),
            "cards_in_hand": len([c for c in d.first + d.second if c not in d.played]) if d else 0,
            "tricks": [{"cards": [[self.roster[s].name, c.short()] for s, c in t],
                        "winner": self.roster[w].name} for t, w in zip(d.tricks, d.winners, strict=False)] if d else [],
            "current_trick": [[self.roster[s].name, c.short()] for s, c in d.current] if d else [],
            "totals": dict(self.totals), "deal_results": list(self.deal_results), "results": self.results,
            "dispute": self.dispute, "absent": self.absent,
            "record_sha256": hashlib.sha256(canonical(self.record())).hexdigest(),
        }

    def my_hand(self) -> list[Card]:
        d = self._d()
        return [c for c in d.first + d.second if c not in d.played]

    def my_legal(self) -> list[Card]:
        d = self._d()
        assert d.trump is not None
        return legal_cards(self.my_hand(), [c for _, c in d.current], d.trump)


def numbered(deals: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The played deals as the record numbers them: 1, 2, 3... with ``donnes_blanches``, the
    deals nobody took in between (the table counts every deal, the record only those played),
    so that the checker can follow the dealer's rotation."""
    out, previous = [], 0
    for i, deal in enumerate(deals, start=1):
        table_number = int(deal["numero_manche"])
        out.append({**deal, "numero_manche": i, "donnes_blanches": max(table_number - previous - 1, 0)})
        previous = table_number
    return out
