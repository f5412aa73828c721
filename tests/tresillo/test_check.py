"""The checker finds each kind of defect and points at the coup, the trick and the card."""
import json

import pytest

from arbitre.rulings.errors import InputError
from arbitre.rulings.tresillo.cards import parse_card, to_json
from arbitre.rulings.tresillo.check import check_game
from arbitre.rulings.tresillo.play import broken_obligation
from arbitre.rulings.tresillo.record import load_record
from arbitre.rulings.tresillo.trumps import EFF_SUIT

from .records import dump, find, record


def findings(rec):
    return check_game(load_record(dump(rec))).findings


def kinds(rec):
    return {f.kind for f in findings(rec)}


def played(coup):
    return [coup["tricks"]]


def test_a_renonce_points_at_coup_trick_and_card():
    # find a coup where a follower could have followed with another card: swap two of his plays
    for seed in range(100):
        rec = record(seed, "random", coups=4)
        for ci, coup in enumerate(rec["coups"]):
            if not coup["contract"] or len(coup["tricks"]) < 9:
                continue
            trump = {"DENIER": 0, "COUPE": 1, "EPEE": 2, "BATON": 3}[coup["contract"]["trump"]]
            for k, trick in enumerate(coup["tricks"]):
                led = parse_card(trick["cards"][0]["card"])
                for pos in (1, 2):
                    seat = trick["cards"][pos]["seat"]
                    mine = parse_card(trick["cards"][pos]["card"])
                    for m in range(k + 1, len(coup["tricks"])):
                        for pc in coup["tricks"][m]["cards"]:
                            other = parse_card(pc["card"])
                            if pc["seat"] == seat and EFF_SUIT[trump][other] != EFF_SUIT[trump][led] \
                                    and EFF_SUIT[trump][mine] == EFF_SUIT[trump][led] \
                                    and EFF_SUIT[trump][led] != 4:
                                trick["cards"][pos]["card"], pc["card"] = to_json(other), to_json(mine)
                                fs = [f for f in findings(rec) if f.kind == "renonce"]
                                f = fs[0]
                                assert (f.coup, f.trick, f.card, f.seat) == (ci + 1, k + 1, other, seat)
                                assert f.obligation.value == "follow" and f.tree == "renonce"
                                assert "renonce" in f.message.fr and "follow" in f.message.en
                                return
    raise AssertionError("no swap found")


def test_card_not_held_duplicate_and_wrong_winner():
    rec, i = find(lambda c: len(c["tricks"]) == 9)
    coup = rec["coups"][i]
    first = coup["tricks"][0]
    first["cards"][1]["card"] = first["cards"][2]["card"]  # the same card twice in trick 1
    fs = findings(rec)
    dup = [f for f in fs if f.kind == "duplicate_card" and f.trick == 1]
    assert dup and dup[0].card == parse_card(first["cards"][2]["card"]) and dup[0].coup == i + 1
    rec, i = find(lambda c: len(c["tricks"]) == 9)
    trick = rec["coups"][i]["tricks"][2]
    trick["winner"] = next(pc["seat"] for pc in trick["cards"] if pc["seat"] != trick["winner"])
    assert "wrong_winner" in kinds(rec)


def test_deal_defects_hand_size_talon_and_missing_card():
    rec, i = find(lambda c: True)
    coup = rec["coups"][i]
    seat = next(iter(coup["hands"]))
    gone = coup["hands"][seat].pop()
    coup["talon"].pop()
    ks = kinds(rec)
    assert {"hand_size", "talon_size", "missing_card"} <= ks
    assert any(f.card == parse_card(gone) for f in findings(rec) if f.kind == "missing_card")


def test_exchange_that_does_not_add_up():
    rec, i = find(lambda c: any(e["draw"] for e in c["exchanges"]))
    ex = next(e for e in rec["coups"][i]["exchanges"] if e["draw"])
    ex["draw"] = ex["draw"][::-1] if len(ex["draw"]) > 1 else ex["draw"]
    ex["discard"].append(ex["discard"][0])
    assert {"draw_count"} <= kinds(rec)


def test_illegal_auction_and_kind_lower_than_the_one_before():
    rec, i = find(lambda c: c["contract"] is not None)
    coup = rec["coups"][i]
    last = coup["auction"][-1]["seat"]
    coup["auction"].append({"seat": last % 4 + 1, "call": "je joue"})  # a call after the end
    bad = [f for f in findings(rec) if f.kind == "illegal_call"]
    assert len(bad) == 1 and bad[0].coup == i + 1 and f"call {len(coup['auction'])}" in bad[0].message.en
    assert "after the end" in bad[0].message.en
    rec, i = find(lambda c: c["contract"] is not None and c["contract"]["kind"] != "simple"
                  and c["auction"][0]["call"] == "plus")
    coup = rec["coups"][i]
    first = coup["auction"][0]
    coup["auction"][1:1] = []
    coup["auction"].insert(1, {"seat": coup["auction"][1]["seat"], "call": "plus", "kind": "simple"})
    bad = [f for f in findings(rec) if f.kind == "illegal_call"]
    assert bad and "higher" in bad[0].message.en and first["kind"]


def test_surrender_in_a_solo_and_after_the_fourth_trick():
    rec, i = find(lambda c: c["contract"] is not None and c["contract"]["kind"] == "solo" and len(c["tricks"]) == 9)
    rec["coups"][i]["surrender"] = {"before_trick": 6, "response": "defend", "defender":
                                    rec["coups"][i]["tricks"][0]["cards"][1]["seat"]}
    assert {"surrender_solo", "late_surrender"} <= kinds(rec)


def test_wrong_outcome_and_payments():
    rec, i = find(lambda c: c["result"]["outcome"] == "won")
    res = rec["coups"][i]["result"]
    res["outcome"] = "codillo"
    seats = list(res["payments"])
    res["payments"][seats[0]] += 1
    ks = kinds(rec)
    assert {"wrong_outcome", "wrong_payments", "payments_sum"} <= ks


def test_triomphe_withheld_is_a_renonce():
    hand = [parse_card(c) for c in ("7D", "RC", "3B")]
    assert broken_obligation(hand, [parse_card("AE")], 0, parse_card("RC")).value == "triomphe"


def test_bad_json_and_schema_errors_name_the_place():
    with pytest.raises(InputError) as e:
        load_record('{"game": "tresillo",\n "players": [}')
    assert e.value.line == 2
    rec = record(1, coups=1)
    rec["coups"][0]["tricks"][0]["cards"][1]["card"] = {"valeur": "DAME", "couleur": "COUPE"}
    with pytest.raises(InputError) as e:
        load_record(json.dumps(rec))
    assert "coups.0.tricks.0.cards.1.card" in e.value.message.en
    del rec["coups"][0]["talon"]
    with pytest.raises(InputError) as e:
        load_record(json.dumps(rec))
    assert "coups.0.talon" in e.value.message.en
