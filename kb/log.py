"""The ruling log: store a finished walk and read it back.

Each entry is written in one transaction (SQLAlchemy session) and keeps the outcome as
it was shown, so it still reads the same after later migrations change the trees.
"""
from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from arbitre.kb.models import RulingLog
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T
from arbitre.rulings.trees.walk import Walk


def _session(path: Path):
    from sqlalchemy import create_engine
    from sqlalchemy.orm import Session

    return Session(create_engine(f"sqlite:///{path}"))


def record(path: Path, walk: Walk, *, event: str | None, board: str | None, table: str | None,
           called_by: str | None, lang: str, revision: str) -> int:
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
    )
    with _session(path) as session, session.begin():
        session.add(entry)
        session.flush()
        return entry.id


def entries(path: Path) -> list[dict]:
    from sqlalchemy import select

    with _session(path) as session:
        return [e.as_dict() for e in session.scalars(select(RulingLog).order_by(RulingLog.id))]


def entry(path: Path, entry_id: int) -> dict:
    with _session(path) as session:
        e = session.get(RulingLog, entry_id)
        if e is None:
            raise InputError(T("aucune entrée n° {n} dans le journal", "no log entry number {n}").format(n=entry_id),
                             token=str(entry_id))
        return e.as_dict()
