"""`arbitre db ...` and `arbitre states`, and the help of every command."""
import json
import sqlite3

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from arbitre.cli.app import app

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def _commands(cmd, prefix=()):
    yield prefix, cmd
    if hasattr(cmd, "list_commands"):
        import typer

        ctx = typer.Context(cmd)
        for name in cmd.list_commands(ctx):
            yield from _commands(cmd.get_command(ctx, name), prefix + (name,))


ROOT_CMD = get_command(app)
ALL = [p for p, _ in _commands(ROOT_CMD)]


@pytest.mark.parametrize("path", ALL, ids=lambda p: " ".join(p) or "arbitre")
def test_every_command_has_help_with_an_example(path):
    r = run(*path, "--help")
    assert r.exit_code == 0, r.output
    assert "Example" in r.output or "Exemple" in r.output, f"`arbitre {' '.join(path)}` --help lacks an example"
    import typer

    cmd = ROOT_CMD
    for name in path:
        cmd = cmd.get_command(typer.Context(cmd), name)
    assert (cmd.help or "").strip(), f"`arbitre {' '.join(path)}` has no help text"


def test_db_path_honours_env_and_option(tmp_path, monkeypatch):
    monkeypatch.setenv("ARBITRE_DB", str(tmp_path / "env.sqlite"))
    assert run("db", "path").output.strip() == str(tmp_path / "env.sqlite")
    assert run("db", "path", "--db", str(tmp_path / "opt.sqlite")).output.strip() == str(tmp_path / "opt.sqlite")


def test_status_never_creates_the_file(tmp_path):
    p = tmp_path / "none.sqlite"
    r = run("db", "status", "--db", str(p), "--json")
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert doc["exists"] is False and doc["state"] == "missing"
    assert not p.exists()


def test_first_use_creates_then_status_is_current(tmp_path):
    p = tmp_path / "kb.sqlite"
    assert run("db", "tables", "--db", str(p)).exit_code == 0
    doc = json.loads(run("db", "status", "--db", str(p), "--json").stdout)
    assert doc["state"] == "current" and doc["revision"] == doc["head"]


def test_newer_database_exit_code_3(tmp_path):
    p = tmp_path / "kb.sqlite"
    run("db", "upgrade", "--db", str(p))
    conn = sqlite3.connect(p)
    conn.execute("UPDATE alembic_version SET version_num = '9999'")
    conn.commit()
    r = run("db", "tables", "--db", str(p))
    assert r.exit_code == 3
    assert "9999" in r.output
    assert run("db", "status", "--db", str(p)).exit_code == 3


def test_tables_lists_row_counts():
    r = run("db", "tables", "--json")
    counts = {row["table"]: row["rows"] for row in json.loads(r.stdout)}
    assert counts["position_states"] == 30 and counts["position_transitions"] == 30


def test_show_with_filter_and_json():
    rows = json.loads(run("db", "show", "position_states", "--where", "position=2", "--json").stdout)
    assert sorted(r["code"] for r in rows) == ["IEpos2", "IPpos2", "Opos2", "Ppos2"]
    rows = json.loads(run("db", "show", "position_states", "-w", "code=%pos4", "--json").stdout)
    assert len(rows) == 16


def test_show_unknown_table_and_bad_filter_are_clear_errors():
    r = run("db", "show", "nope")
    assert r.exit_code == 2 and "nope" in r.output and "position_states" in r.output
    r = run("db", "show", "position_states", "--where", "colour=red")
    assert r.exit_code == 2 and "colour=red" in r.output


def test_sql_reads_and_refuses_writes():
    rows = json.loads(run("db", "sql", "SELECT code FROM position_states WHERE db_class = 'reveilbdsef'", "--json").stdout)
    assert sorted(r["code"] for r in rows) == ["VEpos4", "VPpos4"]
    for bad in ("DELETE FROM position_states", "UPDATE games SET code = 'x'", "DROP TABLE games",
                "INSERT INTO games (code) VALUES ('x')", "ATTACH DATABASE 'x.db' AS x"):
        r = run("db", "sql", bad)
        assert r.exit_code == 2, bad
        assert "read-only" in r.output, bad
    assert json.loads(run("db", "sql", "SELECT count(*) AS n FROM position_states", "--json").stdout) == [{"n": 30}]
    r = run("db", "sql", "SELEC nonsense")
    assert r.exit_code == 2 and "invalid SQL" in r.output


def test_states_table_graph_and_json():
    r = run("states", "--lang", "fr")
    assert r.exit_code == 0 and "DEsiREetIPpos4" in r.stdout and "Signification" in r.stdout
    r = run("states", "--graph")
    assert r.stdout.startswith("flowchart") and r.stdout.count("-->") == 30
    doc = json.loads(run("states", "--json").stdout)
    assert len(doc["states"]) == 30


def test_downgrade_and_upgrade_via_cli(tmp_path):
    p = tmp_path / "kb.sqlite"
    assert run("db", "upgrade", "--db", str(p)).exit_code == 0
    assert run("db", "downgrade", "0002", "--db", str(p)).exit_code == 0
    assert json.loads(run("db", "status", "--db", str(p), "--json").stdout)["revision"] == "0002"
    assert run("db", "upgrade", "--db", str(p)).exit_code == 0
