"""Test support for the KB tests: `arbitre` as a real process (crash, concurrency, permissions) or in-process."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ARBITRE = [sys.executable, "-m", "arbitre.cli.app"]


def env(db: Path | None = None, **extra: str) -> dict[str, str]:
    e = {k: v for k, v in os.environ.items() if k not in ("ARBITRE_DB", "ARBITRE_MIGRATIONS", "ARBITRE_LANG")}
    if db is not None:
        e["ARBITRE_DB"] = str(db)
    e.update(extra)
    return e


def start(*args: str, db: Path | None = None, **kw) -> subprocess.Popen:
    return subprocess.Popen([*ARBITRE, *args], env=env(db), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, **kw)


def run(*args: str, db: Path | None = None, timeout: float = 120, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([*ARBITRE, *args], env=env(db), capture_output=True, text=True, timeout=timeout,
                          check=False, **kw)


RECORD = ["ruling", "renonce-consommee", "--answer", "renonce-consommee/twelfth-trick=yes",
          "--answer", "renonce-consommee/twelfth-discovered=yes", "--record"]
"""A scripted walk to its outcome, stored in the log (append `--event …`, `--db …`)."""


def invoke(*args: object):
    """Run `arbitre` in-process (Typer's test runner); every argument as a string."""
    from typer.testing import CliRunner

    from arbitre.cli.app import app

    return CliRunner().invoke(app, [str(a) for a in args])


def copy_kb(kb_path: Path, folder: Path, name: str) -> Path:
    """A private copy of the session's KB, as ``folder/name``."""
    import shutil

    p = folder / name
    shutil.copy(kb_path, p)
    return p
