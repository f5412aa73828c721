"""The knowledge base: built only by migrations, reproducible, reversible, self-checking."""
import json
import sqlite3
from pathlib import Path

import pytest

from arbitre.kb import bootstrap
from arbitre.kb.bodies import BODIES, KEYS, replay
from arbitre.kb.generate import frozen_docs, pending_delta
from arbitre.kb.paths import migrations_dir
from arbitre.kb.revisions import head, revisions

ROOT = Path(__file__).resolve().parents[1]


def dump(path: Path) -> dict:
    conn = sqlite3.connect(path)
    out = {}
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table' AND name != 'alembic_version'"):
        out[name] = sorted(map(repr, conn.execute(f'SELECT * FROM "{name}"')))
    return out


def test_head_without_alembic_matches_alembic():
    from alembic.script import ScriptDirectory

    from arbitre.kb.bootstrap import _config

    script = ScriptDirectory.from_config(_config(Path("unused.sqlite")))
    assert script.get_current_head() == head(migrations_dir())
    assert [s.revision for s in script.walk_revisions()][::-1] == revisions(migrations_dir())


def _authored_bodies() -> list[str]:
    """Bodies with an authoring source in data/ (a game's rulings body counts once its laws folder exists)."""
    data = ROOT / "data"
    return [b for b in BODIES if not b.endswith("-rulings") or (data / b.split("-")[0] / "laws").is_dir()]


@pytest.mark.parametrize("body", _authored_bodies())
def test_data_matches_the_newest_frozen_content(body):
    """A change to data/ needs a new migration: `arbitre db revision BODY -m ...`."""
    data = ROOT / "data"
    delta = pending_delta(body, data, migrations_dir())
    assert not delta, (f"data/ differs from the frozen migrations for {body} in tables {sorted(delta)}: "
                       f"run `arbitre db revision {body} -m '...'`")


def test_frozen_rows_are_what_the_db_holds(kb_path):
    conn = sqlite3.connect(kb_path)
    docs = frozen_docs(migrations_dir())
    for body in {d["body"] for d in docs}:
        for table, rows in replay(docs, body).items():
            key = KEYS[table]
            for row in rows:
                where = " AND ".join(f'"{k}" = ?' for k in key)
                got = conn.execute(f'SELECT count(*) FROM "{table}" WHERE {where}', [row[k] for k in key]).fetchone()
                assert got == (1,), (table, row)


def test_first_use_creates_and_migrates(tmp_path):
    p = tmp_path / "sub" / "kb.sqlite"
    conn = bootstrap.ensure(p)
    assert conn.execute("SELECT version_num FROM alembic_version").fetchone()[0] == head(migrations_dir())
    assert conn.execute("SELECT count(*) FROM position_states").fetchone()[0] == 30


def test_each_migration_downgrade_removes_exactly_what_upgrade_added(tmp_path):
    p = tmp_path / "kb.sqlite"
    revs = revisions(migrations_dir())
    snapshots = {}
    for rev in revs:
        bootstrap.upgrade(p, rev)
        snapshots[rev] = dump(p)
    for rev in reversed(revs[:-1]):
        bootstrap.downgrade(p, rev)
        assert dump(p) == snapshots[rev], f"downgrade to {rev} did not restore the state"
    bootstrap.downgrade(p, "base")
    assert dump(p) == {}


def test_older_database_is_upgraded(tmp_path):
    p = tmp_path / "kb.sqlite"
    bootstrap.upgrade(p, revisions(migrations_dir())[1])
    bootstrap.ensure(p).close()
    assert bootstrap.current_revision(p) == head(migrations_dir())


def test_newer_unknown_revision_is_a_clear_error(tmp_path):
    p = tmp_path / "kb.sqlite"
    bootstrap.ensure(p).close()
    conn = sqlite3.connect(p)
    conn.execute("UPDATE alembic_version SET version_num = '9999'")
    conn.commit()
    conn.close()
    with pytest.raises(bootstrap.KBError) as e:
        bootstrap.ensure(p)
    assert "9999" in e.value.message.en and "9999" in e.value.message.fr


def test_ruling_log_survives_content_migrations(tmp_path):
    p = tmp_path / "kb.sqlite"
    bootstrap.ensure(p).close()
    conn = sqlite3.connect(p)
    conn.execute("INSERT INTO ruling_log (created_at, game, tree, lang, answers, path, outcome_node, outcome, kb_revision)"
                 " VALUES ('2026-01-01', 'bridge', 'x', 'en', '[]', '[]', 'x', '{}', '0001')")
    conn.commit()
    conn.close()
    bootstrap.downgrade(p, "0001")
    bootstrap.upgrade(p)
    assert sqlite3.connect(p).execute("SELECT count(*) FROM ruling_log").fetchone() == (1,)


def test_orm_models_match_the_migrated_schema(kb_path):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlalchemy import create_engine

    from arbitre.kb.models import Base

    with create_engine(f"sqlite:///{kb_path}").connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    # the models mirror only the tables the application writes; none may drift
    relevant = [d for d in diff if not (d[0] == "remove_table")]
    assert relevant == []


def test_migrations_never_read_data_or_orm():
    for path in (ROOT / "migrations" / "versions").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "arbitre.kb.models" not in text and "data/" not in text, path.name


def test_frozen_json_is_beside_each_content_migration():
    for path in (ROOT / "migrations" / "versions").glob("[0-9]*.py"):
        if "content.apply" in path.read_text(encoding="utf-8"):
            assert path.with_suffix(".json").exists(), path.name
            doc = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
            assert doc["body"] in BODIES
