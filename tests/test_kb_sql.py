"""`arbitre db sql` stays strictly read-only and bounded, whatever the statement and the path."""
import hashlib
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kbproc import copy_kb
from kbproc import invoke as run


@pytest.fixture()
def db(kb_path, tmp_path) -> Path:
    """A private copy of the KB under a hostile name (the old `file:` URI bug opened another file)."""
    return copy_kb(kb_path, tmp_path, "k#b?mode=rwc%20.sqlite")


def snapshot(folder: Path) -> dict[str, str]:
    return {f.name: hashlib.sha256(f.read_bytes()).hexdigest() for f in folder.iterdir() if f.is_file()}


WRITES = {
    "insert": "INSERT INTO games (code) VALUES ('x')",
    "update": "UPDATE games SET code = 'x'",
    "delete": "DELETE FROM ruling_log",
    "replace": "REPLACE INTO games (code) VALUES ('bridge')",
    "upsert": "INSERT INTO games (code) VALUES ('bridge') ON CONFLICT DO NOTHING",
    "drop": "DROP TABLE games",
    "create table": "CREATE TABLE t (x)",
    "create temp table": "CREATE TEMP TABLE t (x)",
    "create index": "CREATE INDEX i ON games (code)",
    "create view": "CREATE VIEW v AS SELECT 1",
    "create trigger": "CREATE TRIGGER tr AFTER INSERT ON games BEGIN SELECT 1; END",
    "create virtual table": "CREATE VIRTUAL TABLE v USING fts5(x)",
    "alter": "ALTER TABLE games ADD COLUMN y",
    "attach": "ATTACH DATABASE '{dir}/attached.db' AS x",
    "attach memory": "ATTACH DATABASE ':memory:' AS x",
    "detach": "DETACH DATABASE main",
    "vacuum": "VACUUM",
    "vacuum into": "VACUUM INTO '{dir}/copy.db'",
    "reindex": "REINDEX",
    "analyze": "ANALYZE",
    "begin": "BEGIN",
    "begin immediate": "BEGIN IMMEDIATE",
    "savepoint": "SAVEPOINT s",
    "pragma user_version": "PRAGMA user_version = 7",
    "pragma application_id": "PRAGMA application_id = 1",
    "pragma journal_mode": "PRAGMA journal_mode = WAL",
    "pragma journal_mode read": "PRAGMA journal_mode",
    "pragma query_only off": "PRAGMA query_only = 0",
    "pragma writable_schema": "PRAGMA writable_schema = ON",
    "pragma foreign_keys": "PRAGMA foreign_keys = ON",
    "pragma wal_checkpoint": "PRAGMA wal_checkpoint",
    "pragma optimize": "PRAGMA optimize",
    "pragma incremental_vacuum": "PRAGMA incremental_vacuum",
    "pragma function table_info with write": "PRAGMA main.user_version = 3",
    "load_extension": "SELECT load_extension('/nonexistent/ext')",
    "cte delete": "WITH x AS (SELECT 1) DELETE FROM games",
    "cte insert": "WITH x(c) AS (SELECT 'y') INSERT INTO games (code) SELECT c FROM x",
    "cte update": "WITH x AS (SELECT 1) UPDATE games SET code = code",
    "two statements": "SELECT 1; DELETE FROM games",
}


@pytest.mark.parametrize("kind", list(WRITES))
def test_every_writing_statement_is_refused(db, kind):
    sql = WRITES[kind].format(dir=db.parent)
    before = snapshot(db.parent)
    r = run("db", "sql", sql, "--db", db)
    assert r.exit_code == 2, (kind, r.output)
    assert "Traceback" not in r.output
    assert "read-only" in r.output or "one statement" in r.output or "invalid SQL" in r.output, r.output
    if kind != "two statements":
        assert "read-only" in r.output, (kind, r.output)
    assert snapshot(db.parent) == before, f"{kind} changed or created a file"


READS = {
    "select": ("SELECT code FROM games ORDER BY code LIMIT 1", [{"code": "belote"}]),
    "cte": ("WITH x AS (SELECT count(*) AS n FROM position_states) SELECT n FROM x", [{"n": 30}]),
    "recursive cte": (("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5) "
                       "SELECT sum(x) AS s FROM c"), [{"s": 15}]),
    "functions": ("SELECT upper('a') AS u, json_array(1, 2) AS j", [{"u": "A", "j": "[1,2]"}]),
    "pragma table_info": ("PRAGMA table_info(alembic_version)", None),
    "pragma application_id": ("PRAGMA application_id", [{"application_id": 0x41524249}]),
    "pragma user_version": ("PRAGMA user_version", [{"user_version": 0}]),
}


@pytest.mark.parametrize("kind", list(READS))
def test_reading_statements_work(db, kind):
    sql, expected = READS[kind]
    before = snapshot(db.parent)
    r = run("db", "sql", sql, "--db", db, "--json")
    assert r.exit_code == 0, (kind, r.output)
    rows = json.loads(r.stdout)
    if expected is not None:
        assert rows == expected
    else:
        assert rows and rows[0]["name"] == "version_num"
    assert snapshot(db.parent) == before


def test_a_runaway_query_stops_at_the_time_limit(db):
    forever = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
    r = run("db", "sql", forever, "--db", db, "--timeout", "0.5")
    assert r.exit_code == 2 and "0.5 s" in r.output and "--timeout" in r.output


def test_a_huge_result_stops_at_the_row_limit(db):
    rows = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"
    r = run("db", "sql", rows, "--db", db, "--json")
    assert r.exit_code == 2 and "10000 rows" in r.output and r.stdout == ""
    r = run("db", "sql", rows, "--db", db, "--max-rows", "5")
    assert r.exit_code == 2 and "5 rows" in r.output
    r = run("db", "sql", rows + " LIMIT 20000", "--db", db, "--json", "--max-rows", "20000")
    assert r.exit_code == 0 and len(json.loads(r.stdout)) == 20000


def test_a_huge_value_is_refused(db):
    r = run("db", "sql", "SELECT zeroblob(100000000)", "--db", db)
    assert r.exit_code == 2 and "Traceback" not in r.output


ARGS_TEXT = st.lists(
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=6)
    | st.sampled_from(["'", '"', ";", "--", "[/]", "%", "#", "?", "=", "\0", "\udcff", "SELECT", "WITH",
                       "PRAGMA", "ATTACH", "*", " ", "(", ")", "FROM games", "code="]),
    max_size=8).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from(["sql", "show", "where", "limit", "log show", "downgrade"]), text=ARGS_TEXT,
       number=st.integers(min_value=-(2**70), max_value=2**70))
def test_db_and_log_arguments_never_crash(db, command, text, number):
    """Generated arguments: never a traceback, only documented exit codes, the file unchanged."""
    before = snapshot(db.parent)
    args = {
        "sql": ["db", "sql", text],
        "show": ["db", "show", text or "games"],
        "where": ["db", "show", "games", "--where", text],
        "limit": ["db", "show", "games", "--limit", str(number)],
        "log show": ["log", "show", str(number)],
        "downgrade": ["db", "downgrade", text or "zz", "--db", db.parent / "missing.sqlite"],
    }[command]
    r = run(*args, *([] if command == "downgrade" else ["--db", db]))
    assert r.exit_code in (0, 1, 2, 3), (args, r.output)
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
    assert snapshot(db.parent) == before
