"""Alembic environment: always online, with the connection handed in by arbitre.

SQLite needs batch mode for ALTER; ``render_as_batch`` makes autogenerate and
``op.batch_alter_table`` do the copy-and-move dance.
"""
from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

config = context.config
connection = config.attributes.get("connection")


def _run(conn) -> None:
    context.configure(connection=conn, render_as_batch=True, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


if connection is not None:
    _run(connection)
else:  # plain `alembic -c migrations/alembic.ini upgrade head` with -x db=PATH
    url = context.get_x_argument(as_dictionary=True).get("db") or config.get_main_option("sqlalchemy.url") or ""
    if not url:
        raise SystemExit("give the database: alembic -c migrations/alembic.ini -x db=PATH upgrade head")
    if "://" in url:
        engine = create_engine(url)
    else:  # a file path: opened exactly (no URL parsing of '#', '?', '%'), DDL in one transaction
        from pathlib import Path

        from arbitre.kb.dbfile import engine as kb_engine

        engine = kb_engine(Path(url), mode="rwc")
    with engine.begin() as conn:
        _run(conn)
