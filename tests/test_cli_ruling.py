"""`arbitre ruling`, `law`, `log` and `classify --rule` through the CLI, as a director uses them."""
import csv
import io
import json

import pytest
from typer.testing import CliRunner

from arbitre.cli.app import app

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


@pytest.fixture()
def fresh_db(tmp_path, monkeypatch, kb_path):
    """A private copy of the KB (the log is written)."""
    import shutil

    p = tmp_path / "kb.sqlite"
    shutil.copy(kb_path, p)
    monkeypatch.setenv("ARBITRE_DB", str(p))
    return p


def test_list_has_every_topic_with_both_languages():
    topics = json.loads(run("ruling", "list", "--json").stdout)
    slugs = {t["slug"] for t in topics}
    for needed in ("passe-hors-tour", "enchere-hors-tour", "contre-hors-tour", "enchere-insuffisante", "renonce",
                   "renonce-consommee", "cartes-penalisees", "entame-hors-tour", "changement-de-declaration",
                   "declaration-retiree", "agrements", "jeu-premature", "cartes-simultanees", "carte-exposee-encheres",
                   "ecrans", "entame-hors-tour-ecrans", "declaration-comparable", "contre-inadmissible",
                   "enchere-superieure-a-sept", "declaration-apres-cloture", "acceptation-hors-tour",
                   "obligation-de-passer"):
        assert needed in slugs, needed
    for t in topics:
        assert t["title"]["fr"] and t["title"]["en"]


@pytest.mark.parametrize("alias,slug", [("renonce", "renonce"), ("revoke", "renonce"), ("64", "renonce-consommee"),
                                        ("enchere-insuffisante", "enchere-insuffisante"),
                                        ("insufficient-bid", "enchere-insuffisante"), ("27", "enchere-insuffisante"),
                                        ("REVOKE", "renonce")])
def test_aliases(alias, slug):
    doc = json.loads(run("ruling", alias, "--show", "--json").stdout)
    assert doc["slug"] == slug


def test_unknown_topic_is_a_clear_error():
    r = run("ruling", "nonsense")
    assert r.exit_code == 2 and "nonsense" in r.output and "ruling list" in r.output


def _first_question(topic):
    doc = json.loads(run("ruling", topic, "--show", "--json").stdout)
    nodes = {n["id"]: n for n in doc["nodes"]}
    return doc, nodes


def _walk_first_choices(topic):
    """Answer every question with its first choice: the scripted path and the typed input."""
    doc, nodes = _first_question(topic)
    node, answers = nodes[doc["root"]], []
    while node.get("question"):
        a = node["answers"][0]
        answers.append((node["id"], a["code"]))
        if a["next"].startswith("@"):
            break
        node = nodes[a["next"]]
    return answers, node


def test_interactive_walk_with_numbers_reaches_an_outcome_panel():
    answers, last = _walk_first_choices("renonce")
    r = run("ruling", "renonce", "--lang", "en", input="1\n" * len(answers))
    assert r.exit_code == 0, r.output
    assert "Rectification" in r.stdout
    assert last.get("outcome"), "the first choices lead to an outcome"
    assert last["title"]["en"] in r.stdout  # the panel shows the outcome reached, by its title
    assert "renonce/" not in r.stdout  # never an internal slug in what the director reads
    assert "b = back, r = restart, q = quit" in r.stdout


def test_interactive_back_and_restart_and_quit():
    answers, _ = _walk_first_choices("renonce-consommee")
    assert len(answers) >= 2
    # answer 1, go back, answer 1 again, restart, then quit
    r = run("ruling", "renonce-consommee", input="1\nb\n1\nr\nq\n")
    assert r.exit_code == 0
    doc, nodes = _first_question("renonce-consommee")
    root_q = nodes[doc["root"]]["question"]["en"]
    # the root question is shown at the start, after back and after restart
    assert r.stdout.count(root_q) == 3
    assert "no ruling given" in r.output


def test_unknown_typed_answer_is_reported_and_asked_again():
    answers, _ = _walk_first_choices("renonce")
    r = run("ruling", "renonce", input="zzz\n" + "1\n" * len(answers))
    assert r.exit_code == 0
    assert "unknown answer 'zzz'" in r.output


def test_end_of_input_before_a_ruling_is_an_error():
    r = run("ruling", "renonce", input="")
    assert r.exit_code == 2 and "--answer" in r.output


def test_scripted_walk_json_and_structured_outcome():
    answers, last = _walk_first_choices("renonce-consommee")
    args = ["ruling", "64", "--json"] + [x for n, c in answers for x in ("--answer", f"{n}={c}")]
    r = run(*args)
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["done"] and doc["topic"] == "renonce-consommee"
    assert [p["answer"] for p in doc["path"][:-1]] == [c for _, c in answers]
    assert set(doc["outcome"]) >= {"rectification", "auction_obligations", "lead_restrictions", "penalty_cards",
                                   "tricks_transferred", "options", "judgement"}


def test_scripted_walk_missing_answers_names_the_question():
    r = run("ruling", "renonce-consommee", "--json")
    assert r.exit_code == 2
    doc = json.loads(r.stdout)
    assert doc["done"] is False and doc["question"]["answers"]
    r = run("ruling", "renonce", "--answer", "nosuchnode=yes")
    assert r.exit_code == 2 and "nosuchnode" in r.output
    r = run("ruling", "renonce", "--answer", "noequals")
    assert r.exit_code == 2 and "NODE=CODE" in r.output


def test_answers_file(tmp_path):
    answers, _ = _walk_first_choices("renonce-consommee")
    f = tmp_path / "answers.txt"
    f.write_text("# my answers\n" + "\n".join(f"{n}={c}" for n, c in answers) + "\n", encoding="utf-8")
    doc = json.loads(run("ruling", "renonce-consommee", "--answers", str(f), "--json").stdout)
    assert doc["done"]


def test_graph_and_show():
    r = run("ruling", "renonce", "--graph")
    assert r.stdout.startswith("flowchart TD") and "-->" in r.stdout
    r = run("ruling", "renonce", "--show", "--lang", "fr")
    assert r.exit_code == 0 and "?" in r.stdout


def test_law_entry_lists_its_trees():
    doc = json.loads(run("law", "64", "--json").stdout)
    assert doc["number"] == 64 and "renonce-consommee" in doc["trees"]
    assert doc["title"]["fr"] and doc["title"]["en"]
    for n in range(23, 65):
        assert run("law", str(n), "--json").exit_code == 0, n
    r = run("law", "99")
    assert r.exit_code == 2 and "99" in r.output


def test_record_then_log_list_show_export(fresh_db, tmp_path):
    answers, _ = _walk_first_choices("renonce-consommee")
    args = ["ruling", "renonce-consommee", "--record", "--event", "Coupe de Paris", "--board", "12", "--table", "4",
            "--called-by", "E"] + [x for n, c in answers for x in ("--answer", f"{n}={c}")]
    r = run(*args)
    assert r.exit_code == 0 and "recorded in the log as entry 1" in r.output
    rows = json.loads(run("log", "list", "--json").stdout)
    assert len(rows) == 1 and rows[0]["event"] == "Coupe de Paris" and rows[0]["called_by"] == "E"
    shown = run("log", "show", "1")
    assert shown.exit_code == 0 and "Coupe de Paris" in shown.stdout
    out = tmp_path / "log.csv"
    assert run("log", "export", "--csv", "-o", str(out)).exit_code == 0
    (row,) = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert row["board"] == "12" and row["tree"] == "renonce-consommee"
    exported = json.loads(run("log", "export", "--json").stdout)
    assert exported[0]["outcome_node"].startswith("bridge:renonce-consommee/")
    assert run("log", "show", "42").exit_code == 2
    assert run("log", "export").exit_code == 2


def test_classify_rule_prefills_from_the_auction():
    r = run("classify", "1S 1H", "--dealer", "N", "--rule", "--json")
    doc = json.loads(r.stdout)
    (ruling,) = doc["rulings"]
    assert ruling["topic"] == "enchere-insuffisante" and ruling["kind"] == "insufficient-bid"
    irr = doc["auctions"][0]["irregularities"][0]
    assert irr["params"]["lowest_sufficient_same_strain"] == "2H"


def test_classify_rule_pass_out_of_rotation_facts_are_filled_in():
    r = run("classify", "N:1H S:P", "--rule", "--json")
    doc = json.loads(r.stdout)
    (ruling,) = doc["rulings"]
    assert ruling["topic"] == "passe-hors-tour"
    auto = [p for p in ruling["path"] if p["auto"]]
    assert auto, "the auction's facts should answer at least one question"


def test_classify_rule_interactive_asks_only_what_the_auction_cannot_tell():
    r = run("classify", "1S 1H", "--dealer", "N", "--rule", input="1\n" * 10)
    assert r.exit_code == 1  # irregular auction
    assert "Ruling: Insufficient bid (Law 27)" in r.stdout
    assert "filled in from the auction" in r.stdout or "Rectification" in r.stdout
