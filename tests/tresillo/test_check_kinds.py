"""Each remaining kind of defect, made by one edit to a clean record, is found and located."""
import pytest

from arbitre.rulings.tresillo.check import check_game
from arbitre.rulings.tresillo.record import load_record

from .records import dump, find


def _full(c):
    return c["contract"] is not None and len(c["tricks"]) == 9 and c["surrender"] is None


def _kind(k):
    return lambda c: c["contract"] is not None and c["contract"]["kind"] == k


def swap_first_two_cards(coup):
    t = coup["tricks"][1]["cards"]
    t[1], t[2] = t[2], t[1]


def foreign_card(coup):
    # a card from the talon's bottom (never drawn in these records' first trick) played by the leader
    t = coup["tricks"][0]["cards"][0]
    t["card"] = coup["talon"][-1]


def wrong_leader(coup):
    t = coup["tricks"][0]
    t["leader"] = t["cards"][1]["seat"]


def wrong_draw(coup):
    e = next(e for e in coup["exchanges"] if e["draw"])
    e["draw"][0] = coup["talon"][-1] if e["draw"][0] != coup["talon"][-1] else coup["talon"][-2]


def discard_not_held(coup):
    e = next(e for e in coup["exchanges"] if e["discard"])
    other = next(s for s in coup["hands"] if int(s) != e["seat"])
    e["discard"][0] = coup["hands"][other][0]


def contract_mismatch(coup):
    coup["contract"]["player"] = next(int(s) for s in coup["hands"] if int(s) != coup["contract"]["player"])


def wrong_trump(coup):
    coup["contract"]["trump"] = "DENIER" if coup["contract"]["trump"] != "DENIER" else "COUPE"


def joueur_exchanges_second(coup):
    coup["exchanges"].reverse()


def chelem_removed(coup):
    coup["chelem"] = None


def chelem_added(coup):
    coup["chelem"] = {"attempted": True}


def trick_dropped(coup):
    coup["tricks"].pop()


def result_tricks(coup):
    seat = next(iter(coup["result"]["tricks"]))
    coup["result"]["tricks"][seat] += 1


def retourne_defended(coup):
    opp = next(int(s) for s in coup["hands"] if int(s) != coup["contract"]["player"])
    coup["surrender"] = {"before_trick": 2, "response": "defend", "defender": opp}


def defender_is_joueur(coup):
    coup["surrender"] = {"before_trick": 2, "response": "defend", "defender": coup["contract"]["player"]}


CASES = [
    ("out_of_turn", _full, swap_first_two_cards),
    ("card_not_held", _full, foreign_card),
    ("wrong_leader", _full, wrong_leader),
    ("draw_not_talon", lambda c: any(e["draw"] for e in c["exchanges"]), wrong_draw),
    ("discard_not_held", lambda c: any(e["discard"] for e in c["exchanges"]), discard_not_held),
    ("contract_mismatch", lambda c: c["contract"] is not None, contract_mismatch),
    ("wrong_trump", _kind("favour"), wrong_trump),
    ("exchange_order", lambda c: c["contract"] is not None and len(c["exchanges"]) >= 2
     and c["exchanges"][0]["seat"] == c["contract"]["player"] and not c["contract"]["kind"].startswith("solo"),
     joueur_exchanges_second),
    ("chelem_missing", lambda c: c["chelem"] is not None, chelem_removed),
    ("chelem_unexpected", lambda c: _full(c) and c["chelem"] is None, chelem_added),
    ("trick_count", _full, trick_dropped),
    ("result_tricks", _full, result_tricks),
    ("retourne_defended", _kind("retourne"), retourne_defended),
    ("defender_seat", _kind("simple"), defender_is_joueur),
]


@pytest.mark.parametrize("kind, where, edit", CASES, ids=[c[0] for c in CASES])
def test_each_defect_kind_is_found(kind, where, edit):
    rec, i = find(where, kind="random", seeds=range(300))
    edit(rec["coups"][i])
    found = [f for f in check_game(load_record(dump(rec))).findings if f.kind == kind]
    assert found, kind
    assert found[0].coup == i + 1 and found[0].message.fr and found[0].message.en


def test_table_level_defects_dealer_rotation_numbers_and_three_player_bet():
    rec, _ = find(lambda c: True, kind="random")
    rec["coups"][1]["dealer"] = rec["coups"][0]["dealer"]
    rec["coups"][2]["number"] = 7
    kinds = {f.kind for f in check_game(load_record(dump(rec))).findings}
    assert {"dealer_rotation", "coup_number"} <= kinds
    rec, _ = find(lambda c: True, kind="random", players=3)
    rec["coups"][0]["dealer_bet"] = "J"
    assert "dealer_bet_three" in {f.kind for f in check_game(load_record(dump(rec))).findings}
