"""Unreadable records and cards give one clear InputError naming the spot, never a traceback."""
import json
import random

import pytest

from arbitre.rulings.belote.cards import parse_card
from arbitre.rulings.belote.check import DefectKind, check_game
from arbitre.arena.record import record_from_played
from arbitre.arena.random_deal import play_random_deal
from arbitre.rulings.belote.record import load_record
from arbitre.rulings.errors import InputError


def good_doc() -> dict:
    return record_from_played(play_random_deal(random.Random(7)))


def test_bad_json_names_line_and_column():
    with pytest.raises(InputError) as exc:
        load_record('{\n  "joueurs": [,]\n}', source="x.json")
    assert (exc.value.line, exc.value.column) == (2, 15)
    assert exc.value.render("fr").startswith("x.json:2:15: JSON invalide")


def test_wrong_card_names_the_field_path():
    doc = good_doc()
    doc["manches"][0]["plis"][2]["cartes_jouees"][1]["carte"]["couleur"] = "LICORNE"
    with pytest.raises(InputError) as exc:
        load_record(json.dumps(doc))
    assert exc.value.token == "manches[0].plis[2].cartes_jouees[1].carte"
    assert "LICORNE" in exc.value.render("en")


def test_missing_field_names_the_path():
    doc = good_doc()
    del doc["manches"][0]["contrat"]["atout"]
    with pytest.raises(InputError) as exc:
        load_record(json.dumps(doc))
    assert exc.value.token == "manches[0].contrat.atout"


def test_bad_card_text():
    with pytest.raises(InputError) as exc:
        parse_card("11 of Hearts")
    assert "11 of Hearts" in exc.value.render("en")


def test_planted_renonce_gets_obligation_and_penalty():
    # Find a deal where some player followed suit while holding another card: make them discard it instead.
    for seed in range(200):
        played = play_random_deal(random.Random(seed))
        doc = record_from_played(played)
        trump = played.dealt.trump
        hands = {f"J{s + 1}": [c.to_fr_json() for c in h] for s, h in enumerate(played.dealt.hands)}
        first_trick = doc["manches"][0]["plis"][0]["cartes_jouees"]
        led = first_trick[0]["carte"]["couleur"]
        second = first_trick[1]
        other = [c for c in hands[second["joueur_id"]]
                 if c["couleur"] != led and c["couleur"] != trump.fr]
        if second["carte"]["couleur"] == led and led != trump.fr and other:
            break
    else:  # pragma: no cover
        pytest.skip("no suitable deal")
    # Swap: the player discards `other[0]` in trick 1 and plays the led card later, where `other[0]` was.
    wrong, right = other[0], second["carte"]
    for trick in doc["manches"][0]["plis"][1:]:
        for pc in trick["cartes_jouees"]:
            if pc["carte"] == wrong:
                pc["carte"] = right
    second["carte"] = wrong
    report = check_game(load_record(json.dumps(doc)))
    renonce = [d for d in report.defects if d.kind is DefectKind.RENONCE]
    assert renonce and renonce[0].trick == 1 and renonce[0].obligation.value == "follow"
    assert renonce[0].penalty is not None
    offender = renonce[0].penalty.offending_team
    assert renonce[0].penalty.score_after[offender] in (0, 20)
    assert max(renonce[0].penalty.score_after.values()) >= 162
