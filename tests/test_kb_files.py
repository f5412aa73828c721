"""What arbitre does with the file it is given: exact paths, foreign, half-built, older,
inconsistent and read-only knowledge bases (issue: never a broken KB, paths are paths)."""
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from kbproc import invoke as run

from arbitre.kb import bootstrap
from arbitre.kb.dbfile import APPLICATION_ID
from arbitre.kb.paths import migrations_dir
from arbitre.kb.revisions import head
from arbitre.kb.state import inspect

HEAD = head(migrations_dir())


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def execute(path: Path, *statements: str) -> list[tuple]:
    """Run statements on ``path`` behind arbitre's back (to make damaged files); the last one's rows."""
    conn = sqlite3.connect(path)
    try:
        rows: list[tuple] = []
        for sql in statements:
            rows = conn.execute(sql).fetchall()
        conn.commit()
        return rows
    finally:
        conn.close()


def app_id(path: Path) -> int:
    return execute(path, "PRAGMA application_id")[0][0]


def log_entry(path: Path) -> None:
    execute(path, "INSERT INTO ruling_log (created_at, game, tree, lang, answers, path, outcome_node, outcome, "
                  "kb_revision) VALUES ('2026-01-01', 'bridge', 'x', 'en', '[]', '[]', 'x', '{}', '0001')")


def half_built(path: Path, *, with_log: bool) -> None:
    """What an older arbitre's interrupted first run left: tables, an empty revision table, no marker."""
    bootstrap.upgrade(path, "0002")
    if with_log:
        log_entry(path)
    execute(path, "DELETE FROM alembic_version", "PRAGMA application_id = 0")


# --- paths are paths ------------------------------------------------------------------------------------------

HOSTILE = ["a#b.sqlite", "q?mode=memory&x=1.sqlite", "p%41%2F.sqlite", "with space.sqlite", "mixé #?% .sqlite"]


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_path_opens_exactly_that_file(tmp_path, name):
    p = tmp_path / "dir #?%" / name
    r = run("db", "upgrade", "--db", p)
    assert r.exit_code == 0, r.output
    assert sorted(f.name for f in p.parent.iterdir()) == sorted([name, name + ".lock"])
    assert inspect(p).state == "current" and app_id(p) == APPLICATION_ID
    before = digest(p)
    r = run("db", "sql", "SELECT count(*) AS n FROM position_states", "--db", p, "--json")
    assert json.loads(r.stdout) == [{"n": 30}]
    for write in ("PRAGMA user_version = 7", "DELETE FROM games", "PRAGMA application_id = 1"):
        assert run("db", "sql", write, "--db", p).exit_code == 2, write
    assert digest(p) == before
    assert sorted(f.name for f in p.parent.iterdir()) == sorted([name, name + ".lock"])
    assert run("states", "--json", "--db", p).exit_code == 0


def test_hostile_path_through_the_environment(tmp_path, monkeypatch):
    p = tmp_path / "x#y?z%20.sqlite"
    monkeypatch.setenv("ARBITRE_DB", str(p))
    assert run("states", "--json").exit_code == 0
    assert inspect(p).state == "current"
    assert [f.name for f in tmp_path.iterdir() if not f.name.endswith(".lock")] == [p.name]


@pytest.mark.parametrize("make", ["parent-is-file", "dev-null", "folder"])
def test_a_path_that_cannot_be_a_database_is_exit_2(tmp_path, make):
    if make == "parent-is-file":
        (tmp_path / "plain").write_text("x")
        p = tmp_path / "plain" / "kb.sqlite"
    elif make == "dev-null":
        if not Path("/dev/null").exists():
            pytest.skip("no /dev/null on this system")
        p = Path("/dev/null")
    else:
        p = tmp_path
    for args in (["states"], ["db", "tables"], ["db", "sql", "SELECT 1"], ["db", "upgrade"], ["log", "list"],
                 ["db", "status"]):
        r = run(*args, "--db", p)
        assert r.exit_code == 2, (args, r.output)
        assert str(p) in r.output and len(r.output.strip().splitlines()) == 1, r.output
        assert "Traceback" not in r.output


def test_log_export_into_a_missing_folder_is_exit_2(tmp_path):
    r = run("log", "export", "--json", "-o", tmp_path / "nope" / "log.json")
    assert r.exit_code == 2 and "nope" in r.output and len(r.output.strip().splitlines()) == 1


# --- what the file is -----------------------------------------------------------------------------------------

def test_half_built_without_user_data_is_rebuilt(tmp_path):
    p = tmp_path / "kb.sqlite"
    half_built(p, with_log=False)
    assert inspect(p).state == "half-built"
    r = run("states", "--json", "--db", p)
    assert r.exit_code == 0, r.output
    assert inspect(p).state == "current" and app_id(p) == APPLICATION_ID


def test_half_built_with_user_data_is_refused_and_kept(tmp_path):
    p = tmp_path / "kb.sqlite"
    half_built(p, with_log=True)
    before = digest(p)
    for args in (["states"], ["db", "upgrade"], ["log", "list"]):
        r = run(*args, "--db", p)
        assert r.exit_code == 3, (args, r.output)
        assert "half-built" in r.output and "1 entries" in r.output and "move it away" in r.output
    assert digest(p) == before
    # what the message suggests works: the entries can still be read
    rows = json.loads(run("db", "sql", "SELECT tree FROM ruling_log", "--db", p, "--json").stdout)
    assert rows == [{"tree": "x"}]
    assert json.loads(run("db", "status", "--db", p, "--json").stdout)["state"] == "half-built"


def test_gym_runs_count_as_user_data(tmp_path):
    p = tmp_path / "kb.sqlite"
    half_built(p, with_log=False)
    execute(p, "CREATE TABLE gym_runs (id INTEGER PRIMARY KEY, data TEXT)",
            "INSERT INTO gym_runs (data) VALUES ('a saved run')")
    assert run("states", "--db", p).exit_code == 3
    assert execute(p, "SELECT data FROM gym_runs") == [("a saved run",)]


@pytest.mark.parametrize("kind", ["other-tables", "other-application-id", "not-sqlite", "arbitre-names-no-version"])
def test_a_foreign_file_is_refused_and_never_touched(tmp_path, kind):
    p = tmp_path / "other.sqlite"
    if kind == "not-sqlite":
        p.write_text("name,score\nalice,3\n" * 100)
    else:
        execute(p, *{
            "other-tables": ["CREATE TABLE customers (name TEXT)"],
            "other-application-id": ["CREATE TABLE games (code TEXT)", "CREATE TABLE alembic_version (version_num TEXT)",
                                     "PRAGMA application_id = 1234"],
            "arbitre-names-no-version": ["CREATE TABLE games (code TEXT)"],
        }[kind])
    before = digest(p)
    for args in (["states"], ["db", "upgrade"], ["db", "tables"], ["db", "sql", "SELECT 1"], ["log", "list"],
                 ["db", "status"]):
        r = run(*args, "--db", p)
        assert r.exit_code == 3, (args, r.output)
        assert "Traceback" not in r.output and str(p) in r.output
    assert digest(p) == before
    assert sorted(f.name for f in tmp_path.iterdir()) == ["other.sqlite", "other.sqlite.lock"] or \
        sorted(f.name for f in tmp_path.iterdir()) == ["other.sqlite"]


def test_an_unmarked_arbitre_database_is_recognised_and_marked(tmp_path):
    p = tmp_path / "kb.sqlite"
    bootstrap.upgrade(p, "0003")
    log_entry(p)
    execute(p, "PRAGMA application_id = 0")
    assert inspect(p).state == "unmarked"
    assert run("states", "--json", "--db", p).exit_code == 0
    assert app_id(p) == APPLICATION_ID and inspect(p).state == "current"
    assert execute(p, "SELECT count(*) FROM ruling_log") == [(1,)]


def test_two_revision_rows_is_exit_3(tmp_path):
    p = tmp_path / "kb.sqlite"
    bootstrap.ensure(p).close()
    execute(p, "INSERT INTO alembic_version VALUES ('0003')")
    for args in (["states"], ["db", "upgrade"], ["db", "status"], ["db", "tables"]):
        r = run(*args, "--db", p)
        assert r.exit_code == 3 and "2 revisions" in r.output, (args, r.output)


def test_an_empty_file_is_built(tmp_path):
    p = tmp_path / "kb.sqlite"
    p.touch()
    assert run("states", "--json", "--db", p).exit_code == 0
    assert inspect(p).state == "current"


# --- numbers and revisions --------------------------------------------------------------------------------------

def test_numbers_out_of_range_are_exit_2():
    for args in (["log", "show", "9223372036854775808"], ["log", "show", "0"], ["log", "show", "-5"],
                 ["db", "show", "games", "--limit", "9223372036854775808"], ["db", "show", "games", "--limit", "-1"]):
        r = run(*args)
        assert r.exit_code == 2, (args, r.output)
        assert "Traceback" not in r.output
    assert len(json.loads(run("db", "show", "games", "--limit", "9223372036854775807", "--json").stdout)) >= 3


def test_downgrade_revisions(tmp_path):
    p = tmp_path / "kb.sqlite"
    bootstrap.ensure(p).close()
    r = run("db", "downgrade", "zzzz", "--db", p)
    assert r.exit_code == 2 and "zzzz" in r.output and len(r.output.strip().splitlines()) == 1
    assert inspect(p).revision == HEAD
    r = run("db", "downgrade", "-1", "--db", p)
    assert r.exit_code == 0, r.output
    assert inspect(p).revision == f"{int(HEAD) - 1:04d}"
    assert run("db", "upgrade", "--db", p).exit_code == 0 and inspect(p).revision == HEAD


def test_non_utf8_arguments_are_exit_2():
    bad = b"code=\xff\xfe".decode("utf-8", "surrogateescape")
    r = run("db", "show", "games", "--where", bad)
    assert r.exit_code == 2 and "UTF-8" in r.output and "\\xff" in r.output
    r = run("db", "sql", "SELECT '" + b"\xff".decode("utf-8", "surrogateescape") + "'")
    assert r.exit_code == 2 and "UTF-8" in r.output


# --- read-only ---------------------------------------------------------------------------------------------------

def _as_unprivileged():
    """Run a child without write permission on root-owned files (root ignores file modes)."""
    if os.geteuid() != 0:
        return None
    return lambda: (os.setgid(65534), os.setuid(65534))


def _skip_unless_unprivileged_can_run_python(drop) -> None:
    """As root, the test drops to an unprivileged user (root ignores file modes); that user must
    be able to run this interpreter, which a checkout under a private (0700) folder forbids."""
    if drop is None:
        return
    try:
        subprocess.run([sys.executable, "-c", "pass"], preexec_fn=drop, check=True, capture_output=True, timeout=60)
    except (PermissionError, subprocess.CalledProcessError) as err:
        pytest.skip(f"running as root and the unprivileged user cannot run {sys.executable} ({err}): "
                    "a read-only file cannot be shown to root")


@pytest.fixture()
def world_readable_dir():
    """A folder outside pytest's private (0700, reset by every pytest run) temporary root."""
    import tempfile

    d = Path(tempfile.mkdtemp(prefix="arbitre-ro-"))
    d.chmod(0o755)
    yield d
    for f in (d, *d.rglob("*")):
        f.chmod(0o755 if f.is_dir() else 0o644)
    shutil.rmtree(d)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_read_only_kb_reads_and_refuses_writes(kb_path, world_readable_dir):
    from kbproc import run as proc

    folder = world_readable_dir / "ro"
    folder.mkdir()
    p = folder / "kb.sqlite"
    shutil.copy(kb_path, p)
    log_entry(p)
    p.chmod(0o444)
    folder.chmod(0o555)
    before = digest(p)
    drop = _as_unprivileged()
    _skip_unless_unprivileged_can_run_python(drop)
    for args in (["states", "--json"], ["log", "list", "--json"], ["log", "show", "1", "--json"],
                 ["db", "tables"], ["db", "sql", "SELECT count(*) FROM ruling_log"], ["law", "64"]):
        r = proc(*args, db=p, preexec_fn=drop)
        assert r.returncode == 0, (args, r.stderr[-3000:])
    for args in (["db", "upgrade"], ["db", "downgrade", "-1"],
                 ["ruling", "renonce-consommee", "--answer", "renonce-consommee/twelfth-trick=yes",
                  "--answer", "renonce-consommee/twelfth-discovered=yes", "--record", "--json"]):
        r = proc(*args, db=p, preexec_fn=drop)
        assert r.returncode == 3, (args, r.stderr)
        assert "read-only" in r.stderr and "Traceback" not in r.stderr, (args, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert digest(p) == before
    # an older read-only KB cannot be upgraded: every command says so
    folder.chmod(0o755)
    p.chmod(0o644)
    bootstrap.downgrade(p, "-1")
    p.chmod(0o444)
    folder.chmod(0o555)
    r = proc("states", db=p, preexec_fn=drop)
    assert r.returncode == 3 and "read-only" in r.stderr and "must upgrade it" in r.stderr, r.stderr


@pytest.mark.parametrize("outcome, said", [
    ('{"bogus": 1}', "nodes.4.outcome"),  # a node's outcome without its rectification
    ("{not json", "JSON"),
])
def test_a_ruling_tree_edited_by_hand_is_exit_3_naming_it(kb_path, tmp_path, monkeypatch, outcome, said):
    """The walk reads the stored trees without validating them again (cold start); a tree row
    that no migration wrote is a KB error (exit 3) that names the tree, never a traceback."""
    db = tmp_path / "kb.sqlite"
    shutil.copy(kb_path, db)
    execute(db, "UPDATE tree_nodes SET outcome = ? WHERE tree = 'enchere-insuffisante' AND node = 'b1a'".replace(
        "?", "'" + outcome.replace("'", "''") + "'"), "SELECT 1")
    monkeypatch.setenv("ARBITRE_DB", str(db))
    r = run("ruling", "enchere-insuffisante", "--answer", "in-rotation=yes")
    assert r.exit_code == 3, r.output
    assert said in r.output and "Traceback" not in r.output and "internal error" not in r.output
