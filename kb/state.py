"""What a knowledge-base file is, before arbitre touches it.

:func:`inspect` reads a file (never creates or changes it) and says which of these it is:

- ``missing`` / ``empty``: no file, or a file with no tables: it can be built;
- ``current``: arbitre's, at the head revision: the common case, read at once;
- ``behind``: arbitre's, at an older revision: upgraded on first use;
- ``unmarked``: an older arbitre's (its ``alembic_version`` and ``games`` tables, but not
  yet the ``application_id`` marker): marked, and upgraded if behind;
- ``half-built``: arbitre's tables but no revision row (a first run of an older version
  that failed half-way): rebuilt when it holds no user data, refused otherwise;
- ``foreign``: another application's SQLite file: refused, never migrated;
- ``ambiguous``: a revision table with several rows: refused;
- ``unknown``: a revision this version does not know (a newer arbitre wrote it): refused.

:func:`refusal` gives the exit-3 error for the states that cannot be used.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from arbitre.kb.dbfile import (
    APPLICATION_ID,
    KBError,
    check_location,
    connect,
    write_error,
)
from arbitre.kb.paths import migrations_dir
from arbitre.kb.revisions import head, revisions
from arbitre.rulings.i18n import T

USER_TABLES = ("ruling_log", "gym_runs")
"""Tables holding what users wrote (the ruling log, saved gym runs): never dropped."""

ARBITRE_TABLES = frozenset({
    "alembic_version", "games", "db_classes", "position_states", "position_transitions", "laws", "ruling_trees",
    "tree_aliases", "tree_nodes", "tree_edges", "tree_laws", "irregularity_kinds", *USER_TABLES,
    "sqlite_sequence", "sqlite_stat1",
})
"""Every table an arbitre version up to this one may have created (for unmarked files)."""


@dataclass(frozen=True)
class Status:
    path: Path
    state: str
    revision: str | None = None
    versions: int = 0
    user_rows: int = 0

    @property
    def usable(self) -> bool:
        return self.state == "current"


def inspect(path: Path) -> Status:
    """Classify the file at ``path`` (never created or changed, beyond SQLite's own crash recovery)."""
    check_location(path)
    if not path.exists():
        return Status(path, "missing")
    if path.stat().st_size == 0:
        return Status(path, "empty")
    try:
        conn = connect(path, mode="rw")  # rw, so that SQLite can roll back a crashed writer's journal
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            versions = ([r[0] for r in conn.execute("SELECT version_num FROM alembic_version")]
                        if "alembic_version" in tables else [])
            # counted only where it decides something (a half-built file): not on every command
            user_rows = (sum(conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0]
                             for t in USER_TABLES if t in tables)
                         if len(versions) != 1 or app_id != APPLICATION_ID else 0)
        finally:
            conn.close()
    except sqlite3.DatabaseError as e:
        raise write_error(path, e) from None
    marked = app_id == APPLICATION_ID
    if app_id not in (0, APPLICATION_ID) or (not marked and tables - ARBITRE_TABLES):
        return Status(path, "foreign")
    if not tables:
        return Status(path, "empty")
    if "alembic_version" not in tables and not marked:
        return Status(path, "foreign")
    if len(versions) > 1:
        return Status(path, "ambiguous", versions=len(versions), user_rows=user_rows)
    if not versions:
        return Status(path, "half-built", user_rows=user_rows)
    rev = versions[0]
    if rev not in revisions(migrations_dir()):
        return Status(path, "unknown", rev, 1)
    if not marked:
        if "games" not in tables:
            return Status(path, "half-built", rev, 1, user_rows)
        return Status(path, "unmarked", rev, 1, user_rows)
    return Status(path, "current" if rev == head(migrations_dir()) else "behind", rev, 1)


REFUSALS: dict[str, T] = {
    "foreign": T(
        "{p} n'est pas une base arbitre (fichier SQLite d'une autre application) : arbitre ne la modifie pas ; "
        "choisissez un autre fichier avec --db ou ARBITRE_DB",
        "{p} is not an arbitre knowledge base (another application's SQLite file): arbitre leaves it alone; "
        "choose another file with --db or ARBITRE_DB"),
    "ambiguous": T(
        "la base {p} indique {n} révisions à la fois (table alembic_version) : elle est incohérente ; "
        "gardez-en une copie et reconstruisez-la (déplacez-la puis relancez arbitre)",
        "the database {p} records {n} revisions at once (alembic_version table): it is inconsistent; "
        "keep a copy and rebuild it (move it away, then run arbitre again)"),
    "unknown": T(
        "la base {p} est à la révision {r}, inconnue de cette version d'arbitre (plus récente ?) : "
        "mettez arbitre à jour ou utilisez --db",
        "the database {p} is at revision {r}, unknown to this version of arbitre (newer?): "
        "upgrade arbitre or use --db"),
    "half-built": T(
        "la base {p} est à moitié construite (aucune révision enregistrée) mais contient {u} entrée(s) "
        "saisies par les utilisateurs (journal des décisions, parties enregistrées) : arbitre ne la reconstruit "
        "pas ; lisez-les avec `arbitre db sql --db {p} \"SELECT * FROM ruling_log\"`, gardez une copie du "
        "fichier, puis déplacez-le pour qu'arbitre en crée un neuf",
        "the database {p} is half-built (no revision recorded) but holds {u} entries users wrote (ruling log, "
        "saved runs): arbitre will not rebuild it; read them with "
        "`arbitre db sql --db {p} \"SELECT * FROM ruling_log\"`, keep a copy of the file, then move it away "
        "so that arbitre builds a new one"),
}
"""Why a file in each refused state cannot be used, and what to do (a half-built file only with user data)."""


def refusal(status: Status) -> KBError | None:
    """The exit-3 error for a file arbitre must not use or rebuild, else None."""
    template = REFUSALS.get(status.state)
    if template is None or (status.state == "half-built" and not status.user_rows):
        return None
    return KBError(template.format(p=status.path, n=status.versions, r=status.revision, u=status.user_rows))
