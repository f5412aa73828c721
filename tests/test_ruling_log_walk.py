"""The ruling log keeps the whole walk (migration 0012), and answers carry their own help (0011).

A table situation that crosses laws is one walk; what is recorded is every tree crossed, every
question and answer in order, each intermediate outcome and the final one, in both languages.
Entries recorded before 0012 are user data: every migration up and down keeps them.
"""
from __future__ import annotations

import csv
import io
import json
import sqlite3

from typer.testing import CliRunner

from arbitre.cli.app import app
from arbitre.kb import bootstrap

runner = CliRunner()

# An exposed honour during the auction (Law 24), the offender defends, partner gains the lead: two laws.
CROSSING = ["ruling", "24", "--answer", "partner-could-see=yes", "--answer", "which-cards=honour-or-premature-lead",
            "--answer", "offender-side=defending", "--answer", "major-next=partner-to-lead"]


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_a_walk_across_laws_is_recorded_whole(fresh_db, tmp_path):
    r = run(*CROSSING, "--record", "--event", "Club night", "--board", "3")
    assert r.exit_code == 0, r.output
    (entry,) = json.loads(run("log", "list", "--json").stdout)
    steps = entry["steps"]
    assert [s["tree"] for s in steps if s["kind"] == "tree"] == ["carte-exposee-encheres", "cartes-penalisees"]
    asked = [(s["node"], s["answer"]) for s in steps if s["kind"] == "question"]
    assert ("partner-could-see", "yes") in asked and ("major-next", "partner-to-lead") in asked
    outcomes = [s for s in steps if s["kind"] == "outcome"]
    assert [(o["node"], o["then"]) for o in outcomes] == [("honour-or-lead", "then"), ("major-partner-leads", None)]
    # both languages, as shown: the intermediate outcome keeps its Law 16C announcement
    assert outcomes[0]["outcome"]["information"][0]["unauthorised_to"] == ["offending_side"]
    assert outcomes[0]["title"]["fr"] and outcomes[0]["title"]["en"]
    # the final outcome columns are what they were
    assert entry["outcome_node"] == "bridge:cartes-penalisees/major-partner-leads"

    en = run("log", "show", "1").stdout
    fr = run("log", "show", "1", "--lang", "fr").stdout
    assert "Card exposed during the auction (Law 24)" in en and "Penalty cards" in en
    assert "Intermediate ruling" in en and "Carte exposée pendant les annonces (Loi 24)" in fr
    assert "Décision intermédiaire" in fr and "principale" in fr
    for text in (en, fr):  # trees are named by their titles, never by their internal names
        assert "carte-exposee-encheres" not in text and "cartes-penalisees" not in text
    assert json.loads(run("log", "show", "1", "--json").stdout)["steps"] == steps
    assert json.loads(run("log", "export", "--json").stdout)[0]["steps"] == steps
    out = tmp_path / "log.csv"
    assert run("log", "export", "--csv", "-o", out).exit_code == 0
    (row,) = csv.DictReader(io.StringIO(out.read_text(encoding="utf-8")))
    assert json.loads(row["steps"]) == steps


OLD_ROW = ("INSERT INTO ruling_log (created_at, game, tree, event, lang, answers, path, outcome_node, outcome,"
           " kb_revision) VALUES ('2026-11-01T20:00:00+00:00', 'bridge', 'renonce', 'Old club night', 'en',"
           " '[[\"renonce/is-revoke\", \"no\", false]]', '[\"bridge:renonce/is-revoke\", \"bridge:renonce/no-revoke\"]',"
           " 'bridge:renonce/no-revoke', ?, '0010')")


def _rows(p) -> list[tuple]:
    conn = sqlite3.connect(p)
    try:
        return conn.execute("SELECT id, created_at, tree, event, answers, path, outcome_node, outcome FROM ruling_log"
                            " ORDER BY id").fetchall()
    finally:
        conn.close()


def test_entries_older_than_the_whole_walk_survive_up_down_up(tmp_path, monkeypatch):
    p = tmp_path / "kb.sqlite"
    bootstrap.upgrade(p, "0010")
    conn = sqlite3.connect(p)
    outcome = json.dumps({"title": {"fr": "Pas de renonce", "en": "No revoke"},
                          "rectification": {"fr": "Le jeu continue.", "en": "Play continues."}})
    conn.execute(OLD_ROW, (outcome,))
    conn.execute(OLD_ROW, (outcome,))
    conn.commit()
    conn.close()
    before = _rows(p)
    bootstrap.ensure(p).close()  # 0010 -> head, as on first use
    assert _rows(p) == before
    assert sqlite3.connect(p).execute("SELECT count(*) FROM ruling_log WHERE steps IS NULL").fetchone() == (2,)
    monkeypatch.setenv("ARBITRE_DB", str(p))
    shown = run("log", "show", "2")
    assert shown.exit_code == 0 and "Old club night" in shown.stdout and "Play continues." in shown.stdout
    assert json.loads(run("log", "show", "1", "--json").stdout)["steps"] is None
    # a new entry with its whole walk, beside the old ones
    assert run("ruling", "revoke", "--answer", "is-revoke=no", "--record").exit_code == 0
    bootstrap.downgrade(p, "0011")  # drops the steps column only
    cols = [c[1] for c in sqlite3.connect(p).execute("PRAGMA table_info(ruling_log)")]
    assert "steps" not in cols
    assert _rows(p)[:2] == before and len(_rows(p)) == 3
    bootstrap.downgrade(p, "0010")
    bootstrap.upgrade(p)
    assert _rows(p)[:2] == before and len(_rows(p)) == 3
    assert run("log", "show", "3").exit_code == 0


def test_pending_question_lists_each_answers_help_in_json():
    r = run("ruling", "insufficient-bid", "--answer", "in-rotation=yes", "--answer", "accepted=no", "--json")
    assert r.exit_code == 2
    q = json.loads(r.stdout)["question"]
    assert q["node"] == "enchere-insuffisante/replacement"
    helps = {a["code"]: a["help"] for a in q["answers"]}
    assert set(helps) == {"lowest-same-denomination", "double-or-redouble", "another-insufficient", "other"}
    assert "27B1(a)" in helps["lowest-same-denomination"]["en"] and "27B1(a)" in helps["lowest-same-denomination"]["fr"]
    assert "comparable" in helps["other"]["en"] and helps["another-insufficient"] is None


def test_answer_help_is_shown_interactively_and_in_the_whole_tree():
    asked = runner.invoke(app, ["ruling", "inadmissible-double"], input="1\n")
    assert "The auction period ends when the opening lead is faced" in asked.stdout
    shown = run("ruling", "36", "--show", "--lang", "fr")
    assert "La période des annonces se termine quand l'entame est faite face visible" in shown.stdout
    tree = json.loads(run("ruling", "36", "--show", "--json").stdout)
    answers = [a for n in tree["nodes"] for a in n.get("answers", [])]
    assert any("help" in a for a in answers) and not all("help" in a for a in answers)  # absent help is left out
