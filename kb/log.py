"""The ruling log: store a finished walk and read it back.

Each entry is written in one transaction (SQLAlchemy session) and keeps the whole walk as
it was shown (``steps``: every tree crossed, every question and answer in order, each
intermediate outcome, the final outcome, in both languages), so it still reads the same
after later migrations change the trees. A
read-only KB or a full disk raises :class:`~arbitre.kb.dbfile.KBError` (exit 3) and
leaves no partial entry.

Reading (`log list/show/export`) uses plain ``sqlite3``: importing the ORM would cost
more than the whole command.
"""
from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arbitre.kb.dbfile import SQLITE_MAX_INT, writing
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

if TYPE_CHECKING:
    from arbitre.rulings.trees.walk import Walk

JSON_COLUMNS = ("answers", "path", "outcome", "steps")
"""Columns stored as JSON text, decoded when read (``steps`` is NULL in entries older than migration 0012)."""


def record(path: Path, walk: Walk, *, event: str | None, board: str | None, table: str | None,
           called_by: str | None, lang: str, revision: str) -> int:
    from sqlalchemy.orm import Session

    from arbitre.kb.models import RulingLog

    if not walk.done:
        raise InputError(T("la décision n'est pas atteinte : rien à enregistrer",
                           "no ruling reached yet: nothing to record"))
    entry = RulingLog(
        created_at=datetime.now(UTC).isoformat(timespec="seconds"),
        game=walk.forest.game, tree=walk.start.slug, event=event, board=board, table_no=table, called_by=called_by,
        lang=lang,
        answers=json.dumps([[s.slug, s.code, s.auto] for s in walk.path if s.code is not None], ensure_ascii=False),
        path=json.dumps([f"{walk.forest.game}:{s.slug}" for s in walk.path], ensure_ascii=False),
        outcome_node=f"{walk.forest.game}:{walk.slug}",
        outcome=json.dumps({"title": walk.node.title.model_dump() if walk.node.title else None,
                            **walk.outcome.model_dump(mode="json")}, ensure_ascii=False),  # type: ignore[union-attr]
        kb_revision=revision,
        steps=json.dumps(walk.transcript(), ensure_ascii=False),
    )
    with writing(path) as eng, Session(eng) as session, session.begin():
        session.add(entry)
        session.flush()
        return entry.id


def _decode(cur: sqlite3.Cursor, row: tuple) -> dict[str, Any]:
    d = {col[0]: value for col, value in zip(cur.description, row, strict=False)}
    for k in JSON_COLUMNS:
        if d.get(k) is not None:
            d[k] = json.loads(d[k])
    return d


def entries(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """Every entry, oldest first, with its JSON columns decoded."""
    cur = conn.execute("SELECT * FROM ruling_log ORDER BY id")
    return [_decode(cur, row) for row in cur.fetchall()]


def entry(conn: sqlite3.Connection, entry_id: int) -> dict[str, Any]:
    """One entry by number; a clear error (exit 2) when there is none."""
    cur = conn.execute("SELECT * FROM ruling_log WHERE id = ?", (entry_id,)) if 0 < entry_id <= SQLITE_MAX_INT else None
    row = cur.fetchone() if cur is not None else None
    if row is None:
        raise InputError(T("aucune entrée n° {n} dans le journal", "no log entry number {n}").format(n=entry_id),
                         token=str(entry_id))
    return _decode(cur, row)  # type: ignore[arg-type]
