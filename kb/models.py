"""SQLAlchemy ORM models of the KB tables the application writes (the ruling log) and
a declarative mirror of the content tables, for `compare_metadata` tests.

The schema itself is owned by the migrations; a test checks that these models and the
migrated database agree. Migrations never import this module.
"""
from __future__ import annotations

from sqlalchemy import Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class RulingLog(Base):
    """One ruling given at a table: the walk, its outcome as shown, and where/when."""

    __tablename__ = "ruling_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    created_at: Mapped[str] = mapped_column(String(32))
    game: Mapped[str] = mapped_column(String(16))
    tree: Mapped[str] = mapped_column(String(64))
    event: Mapped[str | None] = mapped_column(Text)
    board: Mapped[str | None] = mapped_column(Text)
    table_no: Mapped[str | None] = mapped_column(Text)
    called_by: Mapped[str | None] = mapped_column(Text)
    lang: Mapped[str] = mapped_column(String(2))
    answers: Mapped[str] = mapped_column(Text)
    path: Mapped[str] = mapped_column(Text)
    outcome_node: Mapped[str] = mapped_column(Text)
    outcome: Mapped[str] = mapped_column(Text)
    kb_revision: Mapped[str] = mapped_column(String(32))
    # the whole walk as shown (JSON; NULL for entries recorded before migration 0012)
    steps: Mapped[str | None] = mapped_column(Text, nullable=True)

    def as_dict(self) -> dict:
        import json

        d = {c.name: getattr(self, c.name) for c in self.__table__.columns}
        for k in ("answers", "path", "outcome", "steps"):
            d[k] = json.loads(d[k]) if d[k] is not None else None
        return d
