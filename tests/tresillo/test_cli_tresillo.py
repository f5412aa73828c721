"""`arbitre tresillo check | play | classify`: exit codes, one JSON document, both languages."""
import json

from typer.testing import CliRunner

from arbitre.cli.app import app

from .records import dump, find

runner = CliRunner()


def run(*args):
    return runner.invoke(app, ["tresillo", *args])


def test_play_writes_a_record_that_checks_clean(tmp_path):
    path = tmp_path / "partie.json"
    r = run("play", "--seed", "5", "--coups", "8", "--record", str(path), "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert sum(doc["score_sheet"]["totals"].values()) == 0 and len(doc["score_sheet"]["rows"]) == 8
    c = run("check", str(path), "--json")
    assert c.exit_code == 0 and json.loads(c.stdout)["clean"] is True
    three = run("play", "--players", "simple,random,simple", "--coups", "3", "--record", str(path), "--lang", "fr")
    assert three.exit_code == 0 and "Feuille de marque" in three.stdout
    assert run("check", str(path)).exit_code == 0


def test_check_findings_exit_1_with_coup_trick_card(tmp_path):
    rec, i = find(lambda c: len(c["tricks"]) == 9)
    trick = rec["coups"][i]["tricks"][3]
    trick["winner"] = next(pc["seat"] for pc in trick["cards"] if pc["seat"] != trick["winner"])
    path = tmp_path / "bad.json"
    path.write_text(dump(rec), encoding="utf-8")
    r = run("check", str(path), "--json")
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    f = next(f for f in doc["findings"] if f["kind"] == "wrong_winner")
    assert (f["coup"], f["trick"]) == (i + 1, 4) and f["card"] and f["message"]["fr"]
    fr = run("check", str(path), "--lang", "fr")
    assert fr.exit_code == 1 and "gagnant enregistré" in fr.stdout


def test_check_unreadable_input_exit_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "tresillo", "players": ["a", "b", "c", "d"], "favour_suit": "BATON",\n'
                   ' "dealer_stake": 10, "coups": [{"number": 1}]}', encoding="utf-8")
    r = run("check", str(bad))
    assert r.exit_code == 2 and "coups.0.dealer" in r.stderr and "Traceback" not in r.output
    bad.write_text("{oops", encoding="utf-8")
    r = run("check", str(bad), "--json")
    assert r.exit_code == 2 and json.loads(r.stdout)["error"]["line"] == 1
    assert run("check", str(tmp_path / "missing.json")).exit_code == 2


def test_classify_auction():
    r = run("classify", "passe, je joue, plus solo, passe, passe", "--json")
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert (doc["joueur"], doc["kind"], doc["illegal"]) == (3, "solo", [])
    r = run("classify", "je joue, je joue, passe, passe", "--lang", "fr")
    assert r.exit_code == 1 and "premier tour" in r.stdout
    three = run("classify", "passe, je joue, passe, passe", "--three", "--json")
    assert three.exit_code == 0 and json.loads(three.stdout)["joueur"] == 2
    r = run("classify", "je joue, abracadabra")
    assert r.exit_code == 2 and "abracadabra" in r.stderr


def test_bad_options_exit_2():
    assert run("play", "--players", "simple,genius,simple,simple").exit_code == 2
    assert run("play", "--players", "simple,simple").exit_code == 2
    assert run("play", "--retourne-value", "20").exit_code == 2
