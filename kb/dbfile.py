"""The knowledge-base file itself: exact paths, connections, the arbitre marker, errors.

Every connection arbitre opens goes through here, so that a path is always a path:
``#``, ``?``, ``%`` and spaces in ``--db``/``ARBITRE_DB`` are percent-quoted into an SQLite
``file:`` URI (``Path.as_uri``) instead of being read as URI syntax. SQLAlchemy gets the
same connection through a ``creator`` (its URL string is never parsed from a path).

Arbitre's files carry ``PRAGMA application_id = 0x41524249`` ("ARBI" in ASCII), stamped by
every migration run; a file with another id is another application's, never migrated.
SQLite errors that mean "the KB cannot be written" (read-only, disk full, I/O error) become
:class:`KBError` (exit code 3) here, once.
"""
from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

APPLICATION_ID = 0x41524249
"""``PRAGMA application_id`` of an arbitre knowledge base: the ASCII bytes "ARBI"."""

SQLITE_MAX_INT = 2**63 - 1
"""The largest integer SQLite stores; larger numbers from the command line are refused."""

BUSY_TIMEOUT_S = 30.0
"""How long a connection waits for another process's write lock before giving up."""


class KBError(Exception):
    """The knowledge base cannot be used as it is (exit code 3)."""

    def __init__(self, message: T) -> None:
        super().__init__(message.en)
        self.message = message


class ReadOnlyKB(KBError):
    """The knowledge base cannot be written (file or folder read-only)."""


def uri(path: Path, **params: str) -> str:
    """The SQLite ``file:`` URI naming exactly ``path`` (every special character quoted)."""
    text = Path(os.path.abspath(path)).as_uri()
    return text + ("?" + urlencode(params) if params else "")


def check_location(path: Path) -> None:
    """Refuse (exit 2) a path that cannot name a database file: a folder, a device,
    a path whose parent is a file; a path this user may not reach is exit 3."""
    try:
        exists, is_file = path.exists(), path.is_file()
    except OSError as e:  # e.g. a folder on the way that this user may not enter
        if e.errno == errno.ENAMETOOLONG:
            raise InputError(T("{p} : nom de fichier trop long", "{p}: file name too long").format(p=path),
                             token=str(path)[:80]) from None
        raise KBError(T("impossible d'accéder à {p} : {e}", "cannot reach {p}: {e}")
                      .format(p=path, e=e.strerror or e)) from None
    if exists:
        if not is_file:
            raise InputError(T("{p} n'est pas un fichier de base de données (dossier ou périphérique)",
                               "{p} is not a database file (a folder or a device)").format(p=path), token=str(path))
        return
    for parent in path.parents:
        if parent.exists():
            if not parent.is_dir():
                raise InputError(T("{p} : {q} est un fichier, pas un dossier",
                                   "{p}: {q} is a file, not a folder").format(p=path, q=parent), token=str(path))
            return


def connect(path: Path, *, mode: str = "rw") -> sqlite3.Connection:
    """Open ``path`` (mode ``ro``, ``rw`` or ``rwc``); a read-only file opened ``rw`` reads."""
    try:
        return sqlite3.connect(uri(path, mode=mode), uri=True, timeout=BUSY_TIMEOUT_S)
    except sqlite3.Error as e:
        raise write_error(path, e) from None


def engine(path: Path, *, mode: str = "rw"):
    """A SQLAlchemy engine on ``path`` whose transactions really cover DDL.

    The stdlib driver only opens a transaction before INSERT/UPDATE/DELETE, so a
    migration's CREATE TABLE would commit on its own; here the driver is put in
    autocommit and every SQLAlchemy ``begin`` emits ``BEGIN IMMEDIATE``, so a migration
    run is one SQLite transaction: a crash or a full disk rolls all of it back.
    """
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import NullPool

    def creator() -> sqlite3.Connection:
        conn = sqlite3.connect(uri(path, mode=mode), uri=True, timeout=BUSY_TIMEOUT_S, check_same_thread=False)
        conn.isolation_level = None
        return conn

    eng = create_engine("sqlite://", creator=creator, poolclass=NullPool)

    @event.listens_for(eng, "begin")
    def _begin(conn) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    return eng


@contextmanager
def writing(path: Path, *, mode: str = "rw") -> Iterator[Any]:
    """A SQLAlchemy engine (see :func:`engine`) for one write to ``path``; the errors that
    mean "the KB cannot be written" become :class:`KBError`."""
    from sqlalchemy.exc import SQLAlchemyError

    eng = engine(path, mode=mode)
    try:
        yield eng
    except (SQLAlchemyError, sqlite3.Error, OSError) as e:
        raised = write_error(path, e)
        if raised is e:
            raise
        raise raised from None
    finally:
        eng.dispose()


def write_error(path: Path, err: BaseException) -> Exception:
    """The error to raise for a failed SQLite/OS operation on ``path``: KBError when the
    file cannot be written (read-only, full disk, I/O), else the error unchanged."""
    orig = getattr(err, "orig", None) or err  # SQLAlchemy wraps the driver's error
    text = str(orig).lower()
    if "readonly" in text or "read-only" in text or isinstance(orig, PermissionError):
        return ReadOnlyKB(T("la base {p} est en lecture seule : cette commande doit y écrire "
                         "(donnez les droits d'écriture ou utilisez --db)",
                         "the knowledge base {p} is read-only: this command must write to it "
                         "(make it writable or use --db)").format(p=path))
    if "disk is full" in text or "database or disk is full" in text or getattr(orig, "errno", None) == 28:
        return KBError(T("disque plein en écrivant {p} : rien n'a été écrit ; libérez de la place et recommencez",
                         "disk full while writing {p}: nothing was written; free some space and try again")
                       .format(p=path))
    if "disk i/o error" in text or "unable to open database file" in text or isinstance(orig, OSError):
        return KBError(T("impossible d'écrire ou d'ouvrir {p} ({e}) : rien n'a été écrit",
                         "cannot write or open {p} ({e}): nothing was written").format(p=path, e=orig))
    if isinstance(orig, sqlite3.DatabaseError) and "not a database" in text:
        return KBError(T("{p} n'est pas une base SQLite (fichier d'une autre application ?)",
                         "{p} is not an SQLite database (another application's file?)").format(p=path))
    return err if isinstance(err, Exception) else RuntimeError(str(err))
