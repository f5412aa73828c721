"""The coinche bots: one test per branch of the documented bidding rule, legal TA/SA card play, whole games."""
from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from arbitre.arena.observation import Observation
from arbitre.arena.players.tactics import SA, TA
from arbitre.cli import exitcodes
from arbitre.cli.app import app
from arbitre.rulings.belote.cards import DECK, Card, parse_card
from arbitre.rulings.belote.coinche import NoTrump, legal_cards
from arbitre.rulings.belote.coinche_auction import CoincheAuction, command_call
from arbitre.rulings.belote.coinche_check import check_coinche, load_coinche_record
from arbitre.server import bots
from arbitre.server.table import Seat, Table, TableOptions


def hand(text: str) -> list[Card]:
    return [parse_card(c) for c in text.split()]


def auction(*calls: str) -> CoincheAuction:
    """An auction after ``calls`` (seat 0 speaks first), each counted."""
    a = CoincheAuction()
    for call in calls:
        verb, *args = call.split()
        assert a.submit(command_call(verb, args)).ok, call
    return a


def call_of(cards: str, a: CoincheAuction, has_bid: bool = False) -> str:
    call = bots.choose_call(hand(cards), a, a.turn, has_bid)
    assert a.judge(call).ok, call.text  # every call a bot makes is one the auction counts
    return call.text


WEAK = "7H 8H 7D 8D 7C 8C 7S QS"


def test_opens_a_suit_at_the_value_of_its_count():
    # J 4 + 9 3 + A 2 + 10 1 of hearts, ace of spades 1, ten of spades with it 0.5: 11.5 -> 80 + 10 * 4
    assert call_of("JH 9H AH 10H AS 10S 7C 8D", auction()) == "CONTRACT 120 Hearts"


def test_opens_tout_atout_on_jacks_and_nines():
    # 4 jacks 9, two nines with their jack 3: 12 -> 130 TA (the best suit, spades, counts 4 + 3 + 3 = 10)
    assert bots.ta_strength(hand("JH JD JC JS 9H 9D 7C 8S")) == 12
    assert call_of("JH JD JC JS 9H 9D 7C 8S", auction()) == "CONTRACT 130 TA"


def test_opens_sans_atout_on_aces_and_tens():
    # 4 aces 9, three tens with their ace 4.5: 13.5 -> 140 SA
    assert call_of("AH AD AC AS 10H 10D 10C 7S", auction()) == "CONTRACT 140 SA"


def test_a_weak_hand_passes():
    assert call_of(WEAK, auction()) == "PASS"


def test_overcalls_the_opponents_only_above_their_contract():
    strong = "JS 9S AS 10S KS AH 10H 7D"  # spades 4 + 3 + 2 + 1 + 1, ace of hearts 1, ten with it 0.5: 12.5 -> 130
    assert call_of(strong, auction("CONTRACT 100 Hearts")) == "CONTRACT 130 Spades"
    assert call_of(strong, auction("CONTRACT 130 Hearts")) == "PASS"


def test_raises_the_partner_once_by_its_support():
    partner_bid = auction("CONTRACT 90 Hearts", "PASS")  # seat 2 speaks: its partner (seat 0) holds 90 Hearts
    support = "JH 9H AS AD 7C 8C 7S 8D"  # trump J, trump 9, two side aces: support 4 -> 90 + 30
    assert call_of(support, partner_bid) == "CONTRACT 120 Hearts"
    assert call_of(support, partner_bid, has_bid=True) == "PASS"  # it bid earlier in this deal: no second raise
    assert call_of("JH 7H 8S 9S 7C 8C 7D 8D", partner_bid) == "PASS"  # support 1: no raise
    assert call_of("JD JC JS 7H 8C 9S 7D 8D", auction("CONTRACT 100 TA", "PASS")) == "CONTRACT 120 TA"


def test_coinches_a_contract_its_sure_tricks_make_unreachable():
    # against 140 Hearts: the trump jack and the ace of spades, d = 2: 162 - 30 = 132 < 140
    assert call_of("JH 7S AS 8C 7C 8D 7D 9S", auction("CONTRACT 140 Hearts")) == "COINCHE"
    # against 100 Hearts the same hand does not coinche (132 >= 100)
    assert call_of("JH 7S AS 8C 7C 8D 7D 9S", auction("CONTRACT 100 Hearts")) == "PASS"
    # TA: two jacks and a nine with its jack, d = 3: 117 < 130
    assert call_of("JH 9H JS 7C 8C 7D 8D 8S", auction("CONTRACT 130 TA")) == "COINCHE"
    # SA: an ace and its ten, d = 2: 132 < 140
    assert call_of("AH 10H 7C 8C 7D 8D 8S 9S", auction("CONTRACT 140 SA")) == "COINCHE"


def test_coinches_a_capot_with_one_sure_trick():
    a = auction("PASS", "CONTRACT capot Spades")  # a capot ends the bidding at the table (no coinche then),
    assert a.over and a.contract is not None  # but the rule answers for any contract: one sure trick is enough
    assert bots.should_coinche(hand("AH 7C 8C 7D 8D 8S 9S 7H"), a.contract)
    assert not bots.should_coinche(hand(WEAK), a.contract)


def test_surcoinches_rarely_and_only_on_its_own_sides_contract():
    coinched = auction("CONTRACT 80 Hearts", "COINCHE", "PASS")  # seat 3 speaks: its side (1, 3) coinched
    assert call_of("JH 9H AH 10H KH AS 10S AD", coinched) == "PASS"  # the coinching side passes
    coinched = auction("CONTRACT 80 Hearts", "COINCHE")  # seat 2 speaks: the partner of the taker
    # hearts J 4 + 9 3 + A 2 + 10 1 + K 1, ace of spades 1 + ten 0.5, ace of diamonds 1: 13.5 -> 140 >= 80 + 20
    assert call_of("JH 9H AH 10H KH AS 10S AD", coinched) == "SURCOINCHE"
    assert call_of("JH 8H 7S AS 8C 7C 8D 7D", coinched) == "PASS"  # value 0 < 100


def test_does_not_bid_once_the_contract_is_coinched():
    coinched = auction("CONTRACT 80 Hearts", "COINCHE", "PASS")
    assert call_of("JS 9S AS 10S KS AH 10H AD", coinched) == "PASS"


@pytest.mark.parametrize("den", [NoTrump.TA, NoTrump.SA])
def test_ta_and_sa_card_play_is_always_legal(den):
    from arbitre.rulings.belote.coinche import Contract, Level

    rng = random.Random(7)
    contract = Contract(Level.POINTS, 100, den)
    for _ in range(3000):
        cards = rng.sample(DECK, 11)
        own, trick = cards[:rng.randint(1, 8)], cards[8:8 + rng.randint(0, 3)]
        card = bots.choose_card(own, trick, contract, rng.random() < 0.5)
        assert card in legal_cards(own, trick, den)


def test_leads_the_masters_of_the_contract():
    from arbitre.rulings.belote.coinche import Contract, Level

    own = hand("JH AH 10D 7C 8C 7S 8S 9S")
    assert bots.choose_card(own, [], Contract(Level.POINTS, 100, NoTrump.TA), True) == parse_card("JH")
    assert bots.choose_card(own, [], Contract(Level.POINTS, 100, NoTrump.SA), True) == parse_card("AH")
    assert bots.denomination_row(NoTrump.TA) == TA and bots.denomination_row(NoTrump.SA) == SA


def test_observation_json_carries_ta_and_sa():
    obs = Observation(seat=0, dealer=3, hand=0b1011, turned=5, bids=(), taker=1, trump=TA, history=(),
                      leaders=(), legal=0b11)
    back = Observation.from_json(obs.dumps())
    assert back.trump == TA and back.trump_suit is None and obs.to_json()["trump"] == "TA"


def _bot_games(tmp_path, seeds: range) -> list[dict]:
    docs = []
    for seed in seeds:
        out = tmp_path / f"seed{seed}"
        out.mkdir()
        table = Table(1, [Seat(f"bot{i}", bot=True) for i in range(4)],
                      TableOptions(seed=seed, record_dir=out, target=2000))
        table.start()  # four bots: they play until the table's bound on actions in one go (hundreds of deals)
        docs += [json.loads(p.read_text(encoding="utf-8")) for p in sorted(out.glob("*.json"))]
    return docs


def test_four_bots_play_whole_games_with_ta_sa_and_coinches_that_check_clean(tmp_path):
    docs = _bot_games(tmp_path, range(2))
    assert len(docs) > 300
    contracts = [doc["manches"][0]["contrat"] for doc in docs]
    assert {"TA", "SA"} <= {c["atout"] for c in contracts}
    assert any(c["coinche"] >= 1 for c in contracts)
    assert any(doc["partie"] > 1 for doc in docs)  # whole games to 2000, then the next one
    for doc in docs:
        report = check_coinche(load_coinche_record(json.dumps(doc)))
        assert report.clean, [d.message.en for d in report.defects]
    ta = next(p for p in sorted(tmp_path.rglob("*.json"))
              if json.loads(p.read_text(encoding="utf-8"))["manches"][0]["contrat"]["atout"] == "TA")
    r = CliRunner().invoke(app, ["belote", "check", "--game", "coinche", str(ta), "--json"])
    assert r.exit_code == exitcodes.OK, r.stdout
    assert json.loads(r.stdout)["clean"] is True
