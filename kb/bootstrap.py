"""Create, upgrade and check the SQLite knowledge base, in-process.

``ensure(path)`` is what every command calls: it returns a ready ``sqlite3`` connection.
When the file is at the head revision (the common case) it only opens the file: no
Alembic, no SQLAlchemy import. A missing file is created and migrated; an older one is
upgraded; one at an unknown (newer) revision is refused with :class:`KBError`.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

from arbitre.kb.paths import migrations_dir
from arbitre.kb.revisions import head, revisions
from arbitre.rulings.i18n import T


class KBError(Exception):
    """The knowledge base cannot be used as it is (exit code 3)."""

    def __init__(self, message: T) -> None:
        super().__init__(message.en)
        self.message = message


def current_revision(path: Path) -> str | None:
    """The revision stamped in the file, None if the file has none; never creates it."""
    if not path.exists():
        return None
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        finally:
            conn.close()
    except sqlite3.DatabaseError as err:
        if "no such table" in str(err):
            return None
        raise KBError(T("base illisible {p} : {e}", "unreadable database {p}: {e}").format(p=path, e=err)) from None
    return row[0] if row else None


def _config(path: Path):
    from alembic.config import Config

    mig = migrations_dir()
    cfg = Config(str(mig / "alembic.ini"))
    cfg.set_main_option("script_location", str(mig))
    cfg.set_main_option("sqlalchemy.url", f"sqlite:///{path}")
    return cfg


def _run(path: Path, command: str, target: str) -> None:
    from alembic import command as alembic_command
    from sqlalchemy import create_engine

    path.parent.mkdir(parents=True, exist_ok=True)
    cfg = _config(path)
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            getattr(alembic_command, command)(cfg, target)
    finally:
        engine.dispose()


def check_known(path: Path) -> str | None:
    rev = current_revision(path)
    if rev is not None and rev not in revisions(migrations_dir()):
        raise KBError(T(
            "la base {p} est à la révision {r}, inconnue de cette version d'arbitre (plus récente ?) : "
            "mettez arbitre à jour ou utilisez --db",
            "the database {p} is at revision {r}, unknown to this version of arbitre (newer?): "
            "upgrade arbitre or use --db",
        ).format(p=path, r=rev))
    return rev


def upgrade(path: Path, target: str = "head") -> None:
    check_known(path)
    _run(path, "upgrade", target)


def downgrade(path: Path, target: str) -> None:
    check_known(path)
    _run(path, "downgrade", target)


def ensure(path: Path) -> sqlite3.Connection:
    """A connection to an up-to-date knowledge base (created or upgraded on first use)."""
    rev = check_known(path)
    if rev != head(migrations_dir()):
        upgrade(path)
    return sqlite3.connect(path)
