"""Run `arbitre` as a real process (for crash, concurrency and permission tests)."""
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
