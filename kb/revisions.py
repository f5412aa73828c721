"""Know the migration head without importing Alembic (the classify hot path).

Revision ids are the four-digit prefix of each file in ``migrations/versions`` and the
history is linear, so the head is the highest number. A test checks this against
Alembic's own ScriptDirectory.
"""
from __future__ import annotations

import os
from pathlib import Path


def revisions(migrations: Path) -> list[str]:
    names = os.listdir(migrations / "versions")
    return sorted({n[:4] for n in names if n[:4].isdigit() and n.endswith(".py")})


def head(migrations: Path) -> str:
    revs = revisions(migrations)
    return revs[-1] if revs else ""
