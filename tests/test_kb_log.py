"""The ruling log read with plain sqlite3: no ORM import, same documents, any path."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from kbproc import RECORD, copy_kb, env
from kbproc import invoke as run


@pytest.fixture()
def logged(kb_path, tmp_path) -> Path:
    p = copy_kb(kb_path, tmp_path, "log #1?%.sqlite")
    for event in ("Coupe [b] de Paris", "Open"):
        r = run(*RECORD, "--event", event, "--board", "7", "--db", p)
        assert r.exit_code == 0, r.output
    return p


PROBE = """
import sys
from arbitre.cli.app import app
try:
    app(sys.argv[1:])
except SystemExit as e:
    code = e.code
heavy = sorted({m.split(".")[0] for m in sys.modules if m.split(".")[0] in ("sqlalchemy", "alembic")})
print("HEAVY=" + ",".join(heavy), file=sys.stderr)
sys.exit(code)
"""


@pytest.mark.parametrize("args", [["log", "list", "--json"], ["log", "list"], ["log", "show", "1"],
                                  ["log", "show", "1", "--json"], ["log", "export", "--csv"]])
def test_log_commands_never_import_the_orm(logged, args):
    r = subprocess.run([sys.executable, "-c", PROBE, *args], env=env(logged), capture_output=True, text=True,
                       timeout=120, check=False)
    assert r.returncode == 0, r.stderr
    assert "HEAVY=\n" in r.stderr, r.stderr


def test_log_documents_from_plain_sqlite(logged):
    rows = json.loads(run("log", "list", "--json", "--db", logged).stdout)
    assert [r["id"] for r in rows] == [1, 2]
    assert rows[0]["event"] == "Coupe [b] de Paris" and rows[0]["board"] == "7"
    assert isinstance(rows[0]["answers"], list) and isinstance(rows[0]["outcome"], dict)
    assert rows[0]["outcome_node"].startswith("bridge:renonce-consommee/")
    shown = json.loads(run("log", "show", "2", "--json", "--db", logged).stdout)
    assert shown == rows[1]
    text = run("log", "show", "1", "--db", logged, "--lang", "fr")
    assert text.exit_code == 0 and "Coupe [b] de Paris" in text.stdout
    assert json.loads(run("log", "export", "--json", "--db", logged).stdout) == rows
    assert run("log", "show", "3", "--db", logged).exit_code == 2


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs Linux /proc")
def test_an_unwritable_location_fails_at_once():
    from kbproc import run as proc

    r = proc("states", db=Path("/proc/no-such-folder/kb.sqlite"), timeout=60)
    assert r.returncode == 3 and "nothing was written" in r.stderr and "Traceback" not in r.stderr


LIGHT = PROBE.replace('("sqlalchemy", "alembic")', '("sqlalchemy", "alembic", "pydantic", "pydantic_core")')


@pytest.mark.parametrize("args", [["log", "show", "1"], ["log", "list"], ["law", "64"], ["law", "64", "--json"],
                                  ["ruling", "list"], ["ruling", "search", "revoke"],
                                  ["classify", "1H P 2C X P P P", "--dealer", "S", "--json"]])
def test_read_paths_never_import_pydantic(logged, args):
    """Importing pydantic costs as much as the whole cold-start floor (benchmarks/bench_cold.py):
    the commands that only read the KB or print a report do without it."""
    r = subprocess.run([sys.executable, "-c", LIGHT, *args], env=env(logged), capture_output=True, text=True,
                       timeout=120, check=False)
    assert r.returncode == 0, r.stderr
    assert "HEAVY=\n" in r.stderr, r.stderr


def test_log_show_prints_the_panel_the_walk_printed(logged):
    """A stored ruling is shown from its stored document: the same panel lines as the walk."""
    walk = run(*RECORD, "--db", logged, "--lang", "fr")
    shown = run("log", "show", "1", "--db", logged, "--lang", "fr")
    assert walk.exit_code == 0 and shown.exit_code == 0

    def panel(text: str) -> list[str]:
        return [ln.strip("│ ").rstrip() for ln in text.splitlines() if ln.startswith("│")]

    assert panel(shown.stdout) and panel(shown.stdout) == panel(walk.stdout)
