"""Where the knowledge base and the migrations live.

The database defaults to a per-user data path (``platformdirs``); ``--db PATH`` and the
``ARBITRE_DB`` variable override it. ``ARBITRE_MIGRATIONS`` points a developer's
checkout (or a test's copy) at another migrations folder.
"""
from __future__ import annotations

import os
from pathlib import Path

PACKAGE_MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


def migrations_dir() -> Path:
    override = os.environ.get("ARBITRE_MIGRATIONS")
    if override:
        return Path(override)
    here = Path(__file__).resolve().parent.parent
    # installed: arbitre/kb -> arbitre/migrations; checkout (editable): kb/ -> ../migrations
    return here / "migrations"


def default_db_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("arbitre", appauthor=False)) / "arbitre.sqlite"


def db_path(explicit: str | os.PathLike | None = None) -> Path:
    if explicit:
        return Path(explicit).expanduser()
    env = os.environ.get("ARBITRE_DB")
    if env:
        return Path(env).expanduser()
    return default_db_path()
