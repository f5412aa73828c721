"""Property tests: random legal deals, parse/render round trips, clean engine records."""
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.rulings.belote.cards import DECK, Card, parse_card
from arbitre.rulings.belote.check import DefectKind, check_game
from arbitre.arena.record import record_from_played
from arbitre.arena.random_deal import play_random_deal, total_announced
from arbitre.rulings.belote.play import UndertrumpRule, legal_cards
from arbitre.rulings.belote.record import load_record
from arbitre.rulings.belote.scoring import TOTAL_POINTS

seeds = st.integers(min_value=0, max_value=2**32 - 1)
cards = st.sampled_from(DECK)


@settings(max_examples=200, deadline=None)
@given(seeds, st.sampled_from(list(UndertrumpRule)))
def test_random_legal_deal_plays_8_tricks_of_4_and_totals_162(seed, rule):
    played = play_random_deal(random.Random(seed), dealer=seed % 4, rule=rule)
    assert len(played.tricks) == 8 and all(len(t) == 4 for t in played.tricks)
    all_cards = [c for t in played.tricks for _, c in t]
    assert sorted(all_cards) == list(range(32))
    assert sum(played.card_points) == TOTAL_POINTS
    s = played.score
    if not s.litige and s.capot is None:
        assert s.taker + s.defence == TOTAL_POINTS + total_announced(played)
    if s.litige:
        assert s.taker == 0 and s.defence + s.held_over == TOTAL_POINTS + total_announced(played)


@settings(max_examples=100, deadline=None)
@given(seeds)
def test_every_played_card_was_legal(seed):
    played = play_random_deal(random.Random(seed))
    trump = played.dealt.trump
    hands = {s: list(h) for s, h in enumerate(played.dealt.hands)}
    for trick in played.tricks:
        table: list[Card] = []
        for seat, idx in trick:
            card = Card.from_index(idx)
            assert card in legal_cards(hands[seat], table, trump)
            hands[seat].remove(card)
            table.append(card)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_engine_records_are_clean(seed):
    played = play_random_deal(random.Random(seed), dealer=seed % 4)
    record = load_record(json.dumps(record_from_played(played)))
    report = check_game(record)
    assert report.defects == []
    assert report.deals[0].recomputed == played.score


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_a_planted_wrong_winner_is_the_only_defect_on_the_last_trick(seed):
    played = play_random_deal(random.Random(seed))
    doc = record_from_played(played)
    last = doc["manches"][0]["plis"][7]
    true_winner = last["vainqueur_id"]
    last["vainqueur_id"] = next(p["joueur_id"] for p in last["cartes_jouees"] if p["joueur_id"] != true_winner)
    report = check_game(load_record(json.dumps(doc)))
    assert [(d.kind, d.trick) for d in report.defects] == [(DefectKind.WRONG_WINNER, 8)]


@given(cards)
def test_round_trip_french_json(card):
    assert parse_card(card.to_fr_json()) == card


@given(cards)
def test_round_trip_english_short_and_long(card):
    assert parse_card(card.short()) == card
    assert parse_card(card.long()) == card


@given(cards)
def test_round_trip_protocol_form(card):
    assert parse_card(card.protocol()) == card
    assert parse_card(card.protocol()).protocol() == card.protocol()


def test_known_forms():
    assert parse_card("10 Hearts").to_fr_json() == {"valeur": "DIX", "couleur": "COEUR"}
    assert parse_card("AH").long() == "Ace of Hearts"
    assert parse_card({"valeur": "VALET", "couleur": "TREFLE"}).short() == "JC"
    assert parse_card("Queen of Spades").protocol() == "Q Spades"
    assert parse_card("TD") == parse_card("10D")
