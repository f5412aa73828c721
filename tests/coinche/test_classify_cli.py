"""`classify --game coinche|belote` on files and stdin: one auction per line, one result per line."""
import json

from typer.testing import CliRunner

from arbitre.cli import exitcodes
from arbitre.cli.app import app

runner = CliRunner()


def test_file_one_result_per_line_with_line_numbers(tmp_path):
    path = tmp_path / "auctions.txt"
    path.write_text("80H P P P\n# a comment\nCONTRACT 90 Pique PASS 70S P P\nbanana\n", encoding="utf-8")
    r = runner.invoke(app, ["classify", "--game", "coinche", str(path), "--lang", "en"])
    lines = r.stdout.splitlines()
    assert r.exit_code == exitcodes.FINDINGS
    assert lines[0] == f"{path}:1  taker 1 — 80 Hearts"
    assert lines[1].startswith(f"{path}:3  taker 1 — 90 Spades") and "70S → 432" in lines[1]
    assert lines[2].startswith(f"{path}:4") and "400" in lines[2]


def test_stdin_in_french_and_json():
    r = runner.invoke(app, ["classify", "--game", "coinche", "-", "--lang", "fr"], input="90Pi P P P\n")
    assert r.exit_code == exitcodes.OK and "90 Pique" in r.stdout
    r = runner.invoke(app, ["classify", "--game", "coinche", "-", "--json"], input="80H P P P\nX\n")
    doc = json.loads(r.stdout)
    assert [(a["line"], a["taker"]) for a in doc["auctions"]] == [(1, "1"), (2, None)]
    assert doc["auctions"][1]["calls"][0]["code"] == 443 and r.exit_code == exitcodes.FINDINGS


def test_belote_lines_and_an_unreadable_line(tmp_path):
    path = tmp_path / "belote.txt"
    path.write_text("8H: pass take\nzz: pass\n", encoding="utf-8")
    r = runner.invoke(app, ["classify", "--game", "belote", str(path), "--json"])
    doc = json.loads(r.stdout)
    assert r.exit_code == exitcodes.BAD_INPUT
    assert doc["auctions"][0]["taker"] == "2"
    assert doc["errors"][0]["line"] == 2 and doc["errors"][0]["source"] == str(path)


def test_missing_file_is_bad_input(tmp_path):
    r = runner.invoke(app, ["belote", "classify", str(tmp_path / "none.txt")])
    assert r.exit_code == exitcodes.BAD_INPUT and "cannot read file" in r.stderr


def test_step_variant_on_the_command_line():
    r = runner.invoke(app, ["belote", "classify", "85H", "--bid-step", "10", "--json"])
    assert json.loads(r.stdout)["calls"][0]["code"] == 435


def test_serve_refuses_a_port_out_of_range():
    """A port the system would silently wrap (99999 -> 34463) is a usage error, never another port."""
    r = runner.invoke(app, ["coinche", "serve", "--port", "99999"])
    assert r.exit_code == 2 and "--port" in r.output
