"""The Solo's leave to discard eight or nine cards: record field, checker, engine, CLI.

The rulebook: in a Solo, "quand le deuxième joueur souhaite écarter huit ou neuf cartes, il doit en
demander l'autorisation à l'autre joueur". The hand-written record ``cases/solo_eight_discards.json``
is a Solo where the second player (seat 2) discards eight cards with the leave of seat 3; each test
edits one thing in it.
"""
import copy
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitre.cli.app import app
from arbitre.rulings.errors import InputError
from arbitre.rulings.tresillo.auction import Kind
from arbitre.rulings.tresillo.check import check_game
from arbitre.rulings.tresillo.exchange import leave_needed, opponents_of
from arbitre.rulings.tresillo.record import load_record

from .records import dump, find

CASE = Path(__file__).parent / "cases" / "solo_eight_discards.json"
runner = CliRunner()


def case() -> dict:
    return json.loads(CASE.read_text(encoding="utf-8"))


def findings(rec):
    return check_game(load_record(dump(rec))).findings


def test_eight_discards_with_the_other_opponents_leave_are_clean():
    report = check_game(load_record(CASE.read_text(encoding="utf-8")))
    assert report.clean, [f.message.en for f in report.findings]
    assert report.coups[0].payments == {1: 60, 2: -30, 3: -30, 4: 0}


def test_eight_discards_without_leave_point_at_the_coup_and_the_exchange():
    rec = case()
    del rec["coups"][0]["exchanges"][0]["permission"]
    [f] = findings(rec)
    assert (f.kind, f.coup, f.exchange, f.seat) == ("solo_discard_permission", 1, 1, 2)
    assert "écart 1 (siège 2)" in f.message.fr and "sans l'autorisation de l'autre adversaire (siège 3)" in f.message.fr
    assert "exchange 1 (seat 2)" in f.message.en and "without the other opponent's leave (seat 3)" in f.message.en
    assert f.to_dict()["exchange"] == 1


def test_null_permission_is_the_same_as_none():
    rec = case()
    rec["coups"][0]["exchanges"][0]["permission"] = None
    assert [f.kind for f in findings(rec)] == ["solo_discard_permission"]


def test_eight_discards_after_a_refusal():
    rec = case()
    rec["coups"][0]["exchanges"][0]["permission"]["granted"] = False
    [f] = findings(rec)
    assert (f.kind, f.exchange, f.seat) == ("solo_discard_refused", 1, 2)
    assert "a refusé" in f.message.fr and "refused" in f.message.en


def test_leave_asked_of_the_joueur_does_not_count():
    rec = case()
    rec["coups"][0]["exchanges"][0]["permission"]["asked_of"] = 1
    [f] = findings(rec)
    assert (f.kind, f.exchange) == ("permission_seat", 1)
    assert "siège 3" in f.message.fr and "seat 3" in f.message.en


def test_leave_recorded_where_none_is_asked():
    rec = case()
    rec["coups"][0]["exchanges"][1]["permission"] = {"asked_of": 2, "granted": True}  # the third player's exchange
    assert [(f.kind, f.exchange, f.seat) for f in findings(rec)] == [("permission_unexpected", 2, 3)]


def test_unknown_field_in_the_permission_is_a_schema_error():
    rec = case()
    rec["coups"][0]["exchanges"][0]["permission"]["by"] = 3
    with pytest.raises(InputError) as e:
        load_record(dump(rec))
    assert "coups.0.exchanges.0.permission" in str(e.value.message.en)


@pytest.mark.parametrize(("kind", "seat", "count", "needed"), [
    (Kind.SOLO, 2, 7, None), (Kind.SOLO, 2, 8, 3), (Kind.SOLO_FAVOUR, 2, 9, 3),
    (Kind.SOLO, 3, 9, None),  # the third player exchanges last: no leave
    (Kind.SIMPLE, 2, 9, None), (Kind.RETOURNE, 2, 8, None),
])
def test_who_needs_leave(kind, seat, count, needed):
    assert leave_needed(kind, seat, count, opponents_of([1, 2, 3], 1)) == needed


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_cli_reports_the_missing_leave_in_both_languages_exit_1(tmp_path, lang):
    rec = case()
    del rec["coups"][0]["exchanges"][0]["permission"]
    path = tmp_path / "sans-autorisation.json"
    path.write_text(dump(rec), encoding="utf-8")
    r = runner.invoke(app, ["tresillo", "check", str(path), "--lang", lang], env={"COLUMNS": "400"})
    assert r.exit_code == 1
    text = " ".join(r.stdout.split())
    expected = "sans l'autorisation" if lang == "fr" else "without the other opponent's leave"
    assert "solo_discard_permission" in text and expected in text
    j = runner.invoke(app, ["tresillo", "check", str(path), "--json"])
    assert j.exit_code == 1
    [f] = json.loads(j.stdout)["findings"]
    assert (f["coup"], f["exchange"], f["seat"]) == (1, 1, 2) and f["message"]["fr"] and f["message"]["en"]
    ok = runner.invoke(app, ["tresillo", "check", str(CASE)])
    assert ok.exit_code == 0


@pytest.mark.parametrize("kind", ["random", "simple"])
def test_played_records_ask_leave_and_check_clean(kind):
    """The engine asks the other opponent when the second player of a Solo wants eight or nine cards."""
    asked = {True: 0, False: 0}
    for seed in range(0, 400, 7):
        try:
            rec, i = find(lambda c: any("permission" in e for e in c["exchanges"]), kind, range(seed, seed + 7))
        except AssertionError:
            continue
        rec = copy.deepcopy(rec)
        report = check_game(load_record(dump(rec)))
        assert report.clean, [f.message.en for f in report.findings]
        coup = rec["coups"][i]
        e = next(e for e in coup["exchanges"] if "permission" in e)
        assert coup["contract"]["kind"] in ("solo", "solo_favour") and e["permission"]["asked_of"] != e["seat"]
        granted = e["permission"]["granted"]
        assert len(e["discard"]) >= 8 if granted else len(e["discard"]) <= 7
        asked[granted] += 1
        if all(asked.values()):
            break
    assert asked[True] >= 1 and (kind == "simple" or asked[False] >= 1), asked
