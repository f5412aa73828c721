"""Shared fixtures: a knowledge base migrated to head in a temporary folder, once per run."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="session")
def kb_path(tmp_path_factory) -> Path:
    from arbitre.kb.bootstrap import ensure

    path = tmp_path_factory.mktemp("kb") / "arbitre.sqlite"
    ensure(path).close()
    return path


@pytest.fixture(scope="session")
def kb_objects(kb_path):
    """The machine and the irregularity kinds of the built KB (what ``summary.summarize`` takes)."""
    from arbitre.kb.access import load_irregularity_kinds, load_machine

    conn = sqlite3.connect(kb_path)
    try:
        return load_machine(conn), load_irregularity_kinds(conn)
    finally:
        conn.close()


@pytest.fixture()
def fresh_db(tmp_path, monkeypatch, kb_path) -> Path:
    """A private copy of the built KB, named by ``ARBITRE_DB`` (for tests that write: the log, --save)."""
    import shutil

    p = tmp_path / "kb.sqlite"
    shutil.copy(kb_path, p)
    monkeypatch.setenv("ARBITRE_DB", str(p))
    return p


@pytest.fixture()
def kb(kb_path) -> sqlite3.Connection:
    conn = sqlite3.connect(kb_path)
    yield conn
    conn.close()


@pytest.fixture(autouse=True)
def _isolated_db(tmp_path, monkeypatch, kb_path):
    """Commands under test never touch the user's real database."""
    monkeypatch.setenv("ARBITRE_DB", str(kb_path))
    monkeypatch.delenv("ARBITRE_MIGRATIONS", raising=False)
