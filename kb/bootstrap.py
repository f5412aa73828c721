"""Create, upgrade and check the SQLite knowledge base, in-process, safely.

``ensure(path)`` is what every command calls: it returns a ready ``sqlite3`` connection.
When the file is at the head revision (the common case) it only opens the file: no
Alembic, no SQLAlchemy import, no lock. Otherwise (see :mod:`arbitre.kb.state`):

- one process at a time builds or migrates: a lock file ``<db>.lock`` beside the
  database (``filelock``); the others wait (at most :data:`LOCK_TIMEOUT_S`), then look
  again and use what the first one built;
- a new database is built in a temporary file in the same folder and renamed into
  place (``os.replace``, atomic), so a crash or a full disk leaves no database or a
  whole one; an upgrade in place is one SQLite transaction (see ``dbfile.engine``);
- files that must not be touched (another application's, a newer revision, a
  half-built one holding user data, two revision rows) raise :class:`KBError` (exit 3).
"""
from __future__ import annotations

import glob
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from arbitre.kb.dbfile import (
    APPLICATION_ID,
    KBError,
    ReadOnlyKB,
    connect,
    write_error,
    writing,
)
from arbitre.kb.paths import migrations_dir
from arbitre.kb.revisions import head
from arbitre.kb.state import Status, inspect, refusal
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

__all__ = ["LOCK_TIMEOUT_S", "KBError", "current_revision", "downgrade", "ensure", "open_as_is", "upgrade"]

LOCK_TIMEOUT_S = 120.0
"""How long a process waits for another one that is building or migrating the same KB."""

BUILDABLE = ("missing", "empty", "half-built")
"""States replaced by a freshly built database (the half-built one only without user data)."""


def current_revision(path: Path) -> str | None:
    """The revision stamped in the file, None if it has none; never creates the file."""
    return inspect(path).revision


def _config(path: Path):
    from alembic.config import Config

    mig = migrations_dir()
    cfg = Config(str(mig / "alembic.ini"))
    cfg.set_main_option("script_location", str(mig))
    return cfg


def _usable(path: Path) -> Status:
    status = inspect(path)
    refused = refusal(status)
    if refused is not None:
        raise refused
    return status


@contextmanager
def _lock(path: Path) -> Iterator[None]:
    """Hold ``<db>.lock`` while building or migrating ``path`` (bounded wait)."""
    from filelock import FileLock, Timeout

    lock_path = path.with_name(path.name + ".lock")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644))  # fails at once where it cannot be written
        lock = FileLock(str(lock_path), timeout=LOCK_TIMEOUT_S)
        lock.acquire()
    except Timeout:
        raise KBError(T("une autre commande arbitre construit ou migre {p} depuis plus de {s:.0f} s ; réessayez",
                        "another arbitre command has been building or migrating {p} for more than {s:.0f} s; "
                        "try again").format(p=path, s=LOCK_TIMEOUT_S)) from None
    except OSError as e:
        raise write_error(path, e) from None
    try:
        yield
    finally:
        lock.release()


def _migrate(path: Path, command: str, target: str, *, create: bool = False) -> None:
    """Run one Alembic command on ``path`` as a single transaction, then mark the file."""
    from alembic import command as alembic_command
    from alembic.util import CommandError

    try:
        with writing(path, mode="rwc" if create else "rw") as eng, eng.begin() as conn:
            cfg = _config(path)
            cfg.attributes["connection"] = conn
            getattr(alembic_command, command)(cfg, target)
            conn.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
    except CommandError as e:
        raise InputError(T("révision {r!r} impossible : {e} (révisions : base, head, -1, 0001…)",
                           "revision {r!r} cannot be used: {e} (revisions: base, head, -1, 0001…)")
                         .format(r=target, e=e), token=target) from None


def _fsync(path: Path, *, folder: bool = False) -> None:
    if folder and os.name == "nt":
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _build_fresh(path: Path, target: str) -> None:
    """Build the KB at ``target`` in a temporary file beside ``path``, then rename it into place."""
    prefix = f".{path.name}.build-"
    for stale in path.parent.glob(glob.escape(prefix) + "*"):  # left by a killed builder (we hold the lock)
        stale.unlink(missing_ok=True)
    tmp = path.with_name(f"{prefix}{os.getpid()}")
    try:
        _migrate(tmp, "upgrade", target, create=True)
        _fsync(tmp)
        os.replace(tmp, path)
        _fsync(path.parent, folder=True)
    except OSError as e:
        raise write_error(path, e) from None
    finally:
        for leftover in (tmp, tmp.with_name(tmp.name + "-journal")):
            leftover.unlink(missing_ok=True)


def _change(path: Path, command: str, target: str) -> None:
    _usable(path)
    with _lock(path):
        status = _usable(path)  # again: another process may have built it while we waited
        if status.state in BUILDABLE:
            if command == "downgrade":
                raise KBError(T("{p} n'a pas de révision : rien à rétrograder",
                                "{p} has no revision: nothing to downgrade").format(p=path))
            _build_fresh(path, target)
        else:
            _migrate(path, command, target)  # at head already: a no-op that still proves the file writable


def upgrade(path: Path, target: str = "head") -> None:
    """Migrate up to ``target`` (creating the file if needed); refuses a read-only KB."""
    _change(path, "upgrade", target)


def downgrade(path: Path, target: str) -> None:
    """Migrate down to ``target`` (``-1``, a revision, or ``base``); refuses a read-only KB."""
    _change(path, "downgrade", target)


def ensure(path: Path) -> sqlite3.Connection:
    """A connection to an up-to-date knowledge base (created or upgraded on first use)."""
    if inspect(path).state != "current":
        status = _usable(path)
        try:
            with _lock(path):
                status = _usable(path)
                if status.state in BUILDABLE:
                    _build_fresh(path, "head")
                elif status.state != "current":
                    _migrate(path, "upgrade", "head")
        except ReadOnlyKB:
            if status.state not in ("behind", "unmarked"):
                raise
            raise ReadOnlyKB(T(
                "la base {p} est à la révision {r} et en lecture seule : cette version d'arbitre doit la mettre à "
                "jour (révision {h}) ; rendez-la modifiable le temps d'une commande, ou utilisez --db",
                "the knowledge base {p} is at revision {r} and read-only: this version of arbitre must upgrade it "
                "(to revision {h}); make it writable for one command, or use --db")
                .format(p=path, r=status.revision, h=head(migrations_dir()))) from None
    return connect(path)


def open_as_is(path: Path) -> sqlite3.Connection:
    """A read-only connection to the file as it is, for inspection (`db tables/show/sql`).

    Only a missing or empty file is built first. A half-built file is opened too, so
    that its user data can be read before it is moved away.
    """
    status = inspect(path)
    if status.state in ("missing", "empty"):
        ensure(path).close()
    elif status.state != "half-built":
        _usable(path)
    return connect(path, mode="ro")
