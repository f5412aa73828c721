"""Output never interprets input (issue 9 section 3): square brackets typed by the user,
written in a file or a file name, or stored in the ruling log are printed as text by
every command, never read as terminal markup (``[/]`` used to crash four commands)."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from arbitre.cli import exitcodes
from arbitre.cli.app import app

runner = CliRunner()
MARKS = ("[/]", "[bold]x[/bold]", "[red]", "[link=https:x]")


def run(*args: str, input: str | None = None):
    r = runner.invoke(app, list(args), input=input, env={"COLUMNS": "250"})
    assert r.exit_code in (exitcodes.OK, exitcodes.FINDINGS, exitcodes.BAD_INPUT), (args, r.exit_code, r.output)
    assert "internal error" not in r.output and "Traceback" not in r.output, r.output
    return r


@pytest.mark.parametrize("mark", MARKS)
def test_typed_auction(mark):
    r = run("classify", f"1H {mark} P")
    assert r.exit_code == exitcodes.BAD_INPUT and mark.split()[0].split(":")[0] in r.stderr


@pytest.mark.parametrize("mark", MARKS)
def test_file_name_and_content(mark, tmp_path):
    good = tmp_path / f"{mark.replace('/', '_')}good.txt"
    good.write_text("1H P P P\n", encoding="utf-8")
    bad = tmp_path / f"{mark.replace('/', '_')}bad.txt"
    bad.write_text(f"1H P P P\n1S {mark} P\n", encoding="utf-8")
    r = run("classify", str(good), str(bad))
    assert good.name in r.stdout  # the table title names the file as it is
    assert bad.name in r.stderr and mark.split()[0].split(":")[0] in r.stderr
    r = run("classify", str(good), str(bad), "--summary")
    assert good.name in r.stdout
    r = run("classify", str(good), str(bad), "--json")
    assert json.loads(r.stdout)["errors"][0]["token"].startswith(mark[:2])


def test_stdin_and_pbn_tags(tmp_path):
    pbn = ('[Event "[/] cup"]\n[Board "[b]1"]\n[Dealer "N"]\n[Contract "[/]"]\n[Declarer "N"]\n'
           '[Auction "N"]\n1H Pass Pass Pass\n')
    r = run("classify", "-", input=pbn)
    assert r.exit_code in (exitcodes.OK, exitcodes.FINDINGS)
    r = run("classify", "-", "--summary", input=pbn)
    assert "[b]1" in r.stdout


@pytest.mark.parametrize("mark", MARKS)
def test_coinche_and_belote_auctions(mark):
    for args in (("classify", "--game", "coinche"), ("belote", "classify"), ("classify", "--game", "belote")):
        r = run(*args, f"80H {mark} P")
        assert r.exit_code in (exitcodes.FINDINGS, exitcodes.BAD_INPUT)
        assert mark.split()[0] in r.output


def test_belote_record_with_markup_in_names_and_file_name(tmp_path):
    broken = tmp_path / "[red]record.json"
    broken.write_text('{"joueurs": [/]}', encoding="utf-8")
    r = run("belote", "check", str(broken))
    assert r.exit_code == exitcodes.BAD_INPUT and "[red]record.json" in r.stderr
    from belote.seedfiles import python_sample

    doc = json.loads(python_sample())
    doc["joueurs"][0]["nom"] = "[/]"
    path = tmp_path / "named.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    r = run("belote", "check", str(path))
    assert r.exit_code == exitcodes.FINDINGS


@pytest.mark.parametrize("mark", MARKS)
def test_db_queries(mark):
    quoted = mark.replace("'", "''")
    r = run("db", "sql", f"SELECT '{quoted}' AS value")
    assert mark in r.stdout
    r = run("db", "sql", f"SELECT 1 AS \"{mark}\"")
    assert mark in r.stdout
    run("db", "show", "position_states", "--where", f"code={mark}")
    r = run("db", "show", mark)
    assert r.exit_code == exitcodes.BAD_INPUT and mark in r.stderr


@pytest.mark.parametrize("mark", MARKS)
def test_ruling_arguments(mark):
    r = run("ruling", mark)
    assert r.exit_code == exitcodes.BAD_INPUT and mark in r.stderr
    node = mark.split("=")[0]
    r = run("ruling", "renonce", "--answer", f"{node}=yes")
    assert r.exit_code == exitcodes.BAD_INPUT and node in r.stderr


def test_markup_stored_in_the_log_is_printed_as_text_on_every_later_run(tmp_path, monkeypatch):
    monkeypatch.setenv("ARBITRE_DB", str(tmp_path / "kb.sqlite"))
    r = run("ruling", "revoke", "--answer", "is-revoke=no", "--record", "--event", "[/]", "--board", "[b]7",
            "--table", "[red]", "--called-by", "[link=x]N")
    assert r.exit_code == exitcodes.OK
    for args in (("log", "list"), ("log", "show", "1"), ("db", "show", "ruling_log")):
        r = run(*args)
        assert r.exit_code == exitcodes.OK
        for mark in ("[/]", "[b]7", "[red]", "[link=x]N"):
            assert mark in r.stdout, (args, mark)
    r = run("log", "export", "--json")
    assert json.loads(r.stdout)[0]["event"] == "[/]"
    r = run("log", "export", "--csv")
    assert "[/]" in r.stdout
