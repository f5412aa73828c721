"""Migration 0007 adds exactly the gym_runs table, and its downgrade removes exactly it."""
import sqlite3

from arbitre.kb import bootstrap


def _tables(path):
    return {r[0] for r in sqlite3.connect(path).execute("SELECT name FROM sqlite_master WHERE type='table'")}


def _dump(path, table):
    return sqlite3.connect(path).execute(f"SELECT * FROM {table}").fetchall()


def test_0007_up_and_down(tmp_path):
    path = tmp_path / "kb.sqlite"
    bootstrap.upgrade(path, "0006")
    before = _tables(path)
    content = {t: _dump(path, t) for t in before if t != "alembic_version"}
    bootstrap.upgrade(path, "0007")
    assert _tables(path) - before == {"gym_runs"}
    cols = [r[1] for r in sqlite3.connect(path).execute("PRAGMA table_info(gym_runs)")]
    assert cols[:8] == ["id", "created_at", "team_a", "team_b", "deals", "duplicate", "seed", "options"]
    bootstrap.downgrade(path, "0006")
    assert _tables(path) == before
    assert {t: _dump(path, t) for t in before if t != "alembic_version"} == content
