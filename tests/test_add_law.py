"""The documented "Adding a law" workflow, end to end, in a temporary copy of data/ and migrations/.

Add a catalogue entry and a tree in data/, generate the migration, upgrade, see them
in `ruling list` and `law N`, record a ruling, downgrade: the law is gone, the log is intact.
"""
import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from arbitre.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()

LAW = """\
laws:
  - game: tresillo
    number: 99
    title: {fr: "Le jeu de quarante cartes", en: "The forty-card pack"}
    summary: {fr: "On joue sans les 8, 9 et 10.", en: "The 8s, 9s and 10s are removed."}
"""
TREE = """\
slug: jeu-incomplet
game: tresillo
title: {fr: "Jeu incomplet", en: "Incomplete pack"}
summary: {fr: "Il manque une carte au jeu.", en: "A card is missing from the pack."}
laws: [99]
aliases: [incomplete-pack]
root: found
nodes:
  - id: found
    question: {fr: "Le manque est-il découvert avant la fin du coup ?", en: "Was it found before the end of the deal?"}
    answers:
      - {code: "yes", label: {fr: "Oui", en: "Yes"}, next: redeal}
      - {code: "no", label: {fr: "Non", en: "No"}, next: stands}
  - id: redeal
    title: {fr: "Redonner", en: "Redeal"}
    outcome: {rectification: {fr: "On complète le jeu et on redonne.", en: "Complete the pack and redeal."}, laws: ["99"]}
  - id: stands
    title: {fr: "Le coup est maintenu", en: "The deal stands"}
    outcome: {rectification: {fr: "Le résultat est maintenu.", en: "The result stands."}, laws: ["99"]}
"""


def test_add_a_law_by_migration_and_take_it_back(tmp_path, monkeypatch):
    data, migrations = tmp_path / "data", tmp_path / "migrations"
    shutil.copytree(ROOT / "data", data)
    shutil.copytree(ROOT / "migrations", migrations, ignore=shutil.ignore_patterns("__pycache__"))
    db = tmp_path / "kb.sqlite"
    monkeypatch.setenv("ARBITRE_MIGRATIONS", str(migrations))
    monkeypatch.setenv("ARBITRE_DB", str(db))

    def run(*args):
        return runner.invoke(app, list(args))

    # a game gets ruling trees by migration, and is then registered as having them (rulings/games.py)
    from arbitre.rulings import games

    monkeypatch.setitem(games.GAMES, "tresillo", games.Game(
        code="tresillo", name=games.T("Tresillo", "Tresillo"), family="ombre",
        cards=games.Cards(40, games.T("oros, copas, espadas, bastos", "coins, cups, swords, clubs")),
        has_trees=True, commands=frozenset({"ruling", "law"})))

    assert run("db", "upgrade").exit_code == 0
    before = json.loads(run("db", "status", "--json").stdout)["revision"]
    assert run("law", "99", "--game", "tresillo").exit_code == 2  # not there yet
    shipped = [t["slug"] for t in json.loads(run("ruling", "list", "--game", "tresillo", "--json").stdout)]

    (data / "tresillo" / "laws").mkdir(parents=True, exist_ok=True)
    (data / "tresillo" / "trees").mkdir(exist_ok=True)
    (data / "tresillo" / "laws" / "extra.yaml").write_text(LAW, encoding="utf-8")
    (data / "tresillo" / "trees" / "jeu-incomplet.yaml").write_text(TREE, encoding="utf-8")

    r = run("db", "revision", "tresillo-rulings", "-m", "add tresillo law 1", "--data", str(data),
            "--migrations", str(migrations))
    assert r.exit_code == 0, r.output
    written = Path(r.stdout.strip())
    assert written.exists() and written.with_suffix(".json").exists()
    # generating again finds nothing new
    again = run("db", "revision", "tresillo-rulings", "-m", "again", "--data", str(data), "--migrations", str(migrations))
    assert again.exit_code == 0 and "nothing to generate" in again.output

    assert run("db", "upgrade").exit_code == 0
    topics = json.loads(run("ruling", "list", "--game", "tresillo", "--json").stdout)
    assert sorted(t["slug"] for t in topics) == sorted([*shipped, "jeu-incomplet"])
    law = json.loads(run("law", "99", "--game", "tresillo", "--json").stdout)
    assert law["title"]["en"] == "The forty-card pack" and law["trees"] == ["jeu-incomplet"]
    r = run("ruling", "incomplete-pack", "--game", "tresillo", "--answer", "found=yes", "--record", "--board", "7", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["outcome_node"] == "jeu-incomplet/redeal"

    assert run("db", "downgrade", before).exit_code == 0
    # inspected as it is, the database no longer holds the law nor the tree
    q = ("SELECT (SELECT count(*) FROM laws WHERE game = 'tresillo' AND number = 99) + "
         "(SELECT count(*) FROM ruling_trees WHERE game = 'tresillo' AND slug = 'jeu-incomplet') AS n")
    assert json.loads(run("db", "sql", q, "--json").stdout) == [{"n": 0}]
    assert json.loads(run("db", "sql", "SELECT count(*) AS n FROM ruling_log", "--json").stdout) == [{"n": 1}]
    # reverting the change (removing the migration) keeps it gone for every command
    written.unlink()
    written.with_suffix(".json").unlink()
    assert run("law", "99", "--game", "tresillo").exit_code == 2
    assert [t["slug"] for t in json.loads(run("ruling", "list", "--game", "tresillo", "--json").stdout)] == shipped
    log = json.loads(run("log", "list", "--json").stdout)
    assert len(log) == 1 and log[0]["board"] == "7" and log[0]["outcome_node"] == "tresillo:jeu-incomplet/redeal"
    shown = json.loads(run("log", "show", str(log[0]["id"]), "--json").stdout)
    assert shown["outcome"]["rectification"]["en"] == "Complete the pack and redeal."
