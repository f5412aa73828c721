"""Each peer's referee in process: four PeerGame objects and hand-made, signed actions."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("nacl")

from arbitre.p2p import protocol as P
from arbitre.p2p.deck import commit, layout
from arbitre.p2p.envelope import KeyPair, seal
from arbitre.p2p.protocol import Refusal
from arbitre.p2p.state import PASS, TAKE, PeerGame, Seat
from arbitre.rulings.belote.cards import DECK

NAMES = ["Alice", "Bob", "Charlie", "Diana"]


class Table:
    """Four peers' states, deal 1 hosted by Alice, the first 5 cards dealt."""

    def __init__(self, seed: int = 4) -> None:
        self.keys = [KeyPair.generate() for _ in NAMES]
        roster = [Seat(n, i, f"http://127.0.0.1/{n}", self.keys[i].public_hex) for i, n in enumerate(NAMES)]
        self.games = [PeerGame(n, self.keys[i]) for i, n in enumerate(NAMES)]
        for g in self.games:
            g.start("g1", roster, 501)
        self.deck = list(DECK)
        random.Random(seed).shuffle(self.deck)
        self.seq = 0
        self.send(0, P.ENGAGEMENT_PAQUET, {"deal": 1, "commitment": commit(self.deck, "00")})
        lay = layout(self.deck, 0)
        for s, g in enumerate(self.games):
            g.accept_hand(seal(self.keys[0], "g1", self.seq, P.MAIN, "Alice",
                               {"deal": 1, "first": [c.short() for c in lay.first[s]], "turned": lay.turned.short()}))

    def env(self, seat: int, kind: str, payload: dict, seq: int | None = None) -> dict:
        return seal(self.keys[seat], "g1", self.seq + 1 if seq is None else seq, kind, NAMES[seat], payload)

    def send(self, seat: int, kind: str, payload: dict) -> None:
        env = self.env(seat, kind, payload)
        for g in self.games:
            g.receive(env)
        self.seq += 1

    def bid(self, seat: int, rnd: int, take: bool) -> dict:
        g = self.games[seat]
        return g.bid_for_me(rnd, TAKE if take else PASS, g.deal.turned.suit if take else None)

    def refused(self, seat: int, kind: str, payload: dict) -> Refusal:
        before = [(g.seq, g.status, repr(g.deal.__dict__)) for g in self.games]
        with pytest.raises(Refusal) as err:
            self.games[2].receive(self.env(seat, kind, payload))
        assert [(g.seq, g.status, repr(g.deal.__dict__)) for g in self.games] == before
        return err.value


def test_auction_result_follows_the_signed_bids():
    t = Table()
    bids = [t.bid(1, 1, False), t.bid(2, 1, True)]
    t.send(0, P.RESULTAT_ENCHERES, {"deal": 1, "bids": bids, "taker": "Charlie", "trump": t.deck[20].suit.fr})
    assert {(g.deal.taker, g.deal.trump) for g in t.games} == {(2, t.deck[20].suit)}
    assert all(g.expected() == (P.JOUER_CARTE, 1) for g in t.games)


def test_host_cannot_invent_or_reorder_bids():
    t = Table()
    forged = t.bid(1, 1, True)
    forged["from"] = "Charlie"  # Bob's signed bid passed off as Charlie's
    r = t.refused(0, P.RESULTAT_ENCHERES, {"deal": 1, "bids": [t.bid(1, 1, False), forged], "taker": "Charlie",
                                            "trump": t.deck[20].suit.fr})
    assert (r.status, r.code) == (422, "bad_bids")
    r = t.refused(0, P.RESULTAT_ENCHERES, {"deal": 1, "bids": [t.bid(2, 1, True)], "taker": "Charlie",
                                            "trump": t.deck[20].suit.fr})  # Bob speaks first
    assert r.code == "bad_bids"


def test_host_announcing_another_taker_is_a_dispute():
    t = Table()
    r = t.refused(0, P.RESULTAT_ENCHERES, {"deal": 1, "bids": [t.bid(1, 1, True)], "taker": "Diana",
                                            "trump": t.deck[20].suit.fr})
    assert (r.status, r.code, r.dispute) == (422, "wrong_auction_result", True)


def test_turned_card_only_from_the_taker_and_no_card_from_my_hand():
    t = Table()
    t.send(0, P.RESULTAT_ENCHERES, {"deal": 1, "bids": [t.bid(1, 1, False), t.bid(2, 1, True)],
                                    "taker": "Charlie", "trump": t.deck[20].suit.fr})
    r = t.refused(1, P.JOUER_CARTE, {"card": t.deck[20].short()})  # Bob leads with the card Charlie took
    assert (r.status, r.code) == (422, "turned_card")
    charlie_card = t.games[2].deal.first[0]
    r = t.refused(1, P.JOUER_CARTE, {"card": charlie_card.short()})
    assert (r.status, r.code) == (422, "card_in_my_hand")


def test_wrong_type_now_and_wrong_deal_number():
    t = Table()
    r = t.refused(0, P.POINTS, {})
    assert (r.status, r.code) == (409, "unexpected_type")
    r = t.refused(0, P.RESULTAT_ENCHERES, {"deal": 2, "bids": [], "taker": None, "trump": None})
    assert r.code == "wrong_deal"


def test_litige_stops_the_game_disputed():
    t = Table()
    notice = seal(t.keys[3], "g1", t.seq, P.LITIGE, "Diana",
                  {"code": "wrong_points", "seq": 9, "reason": {"fr": "non", "en": "no"}})
    t.games[1].receive(notice)
    assert t.games[1].status == P.DISPUTED and t.games[1].dispute["by"] == "Diana"
    assert t.games[1].expected() is None


def test_abandon_with_other_totals_is_refused():
    t = Table()
    payload = t.games[0].abandon_payload(t.games[0].roster[3], "test")
    t.send(0, P.ABANDON, payload)
    assert {g.status for g in t.games} == {P.ABANDONED}
    assert {g.absent["name"] for g in t.games} == {"Diana"}
    t2 = Table()
    bad = {**t2.games[0].abandon_payload(t2.games[0].roster[3], "test"), "totals": {"A": 500, "B": 0}}
    r = t2.refused(0, P.ABANDON, bad)
    assert (r.code, r.dispute) == ("wrong_totals", True)


def test_round_one_take_must_be_in_the_turned_suit():
    t = Table()
    turned = t.deck[20].suit
    other = next(s for s in type(turned) if s != turned)
    bob = t.games[1]
    wrong = bob.bid_for_me(1, TAKE, other)  # signed by Bob, but round 1 takes the turned suit only
    r = t.refused(0, P.RESULTAT_ENCHERES, {"deal": 1, "bids": [wrong], "taker": "Bob", "trump": other.fr})
    assert (r.status, r.code) == (422, "bad_bids") and "round 1" in r.reason.en
