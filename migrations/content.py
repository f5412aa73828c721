"""Apply a frozen content delta (rows beside a data migration) up or down.

A data migration never reads ``data/`` nor the live ORM models: its rows are frozen in
a JSON file next to it, shaped ``{"body": ..., "tables": {name: {"key": [...],
"columns": [...], "insert": [rows], "delete": [rows], "update": [{"before", "after"}]}}}``.
Upgrade inserts, deletes and updates; downgrade does the exact inverse, in reverse
table order, so it removes exactly what upgrade added and restores what it removed.
Tables are described with ``sa.table()``/``sa.column()`` and filled with
``op.bulk_insert()``.
"""
from __future__ import annotations

import json
from pathlib import Path

import sqlalchemy as sa
from alembic import op


def load_frozen(migration_file: str) -> dict:
    path = Path(migration_file).with_suffix(".json")
    return json.loads(path.read_text(encoding="utf-8"))


def _table(name: str, columns: list[str]) -> sa.TableClause:
    return sa.table(name, *(sa.column(c) for c in columns))


def _where(tbl: sa.TableClause, key: list[str], row: dict):
    return sa.and_(*(tbl.c[k] == row[k] for k in key))


def apply(frozen: dict, direction: str) -> None:
    tables = list(frozen["tables"].items())
    if direction == "down":
        tables.reverse()
    for name, delta in tables:
        tbl = _table(name, delta["columns"])
        key = delta["key"]
        inserts, deletes = delta.get("insert", []), delta.get("delete", [])
        updates = delta.get("update", [])
        if direction == "down":
            inserts, deletes = deletes, inserts
            updates = [{"before": u["after"], "after": u["before"]} for u in updates]
        for row in deletes:
            op.execute(tbl.delete().where(_where(tbl, key, row)))
        for u in updates:
            op.execute(tbl.update().where(_where(tbl, key, u["before"])).values(**u["after"]))
        if inserts:
            op.bulk_insert(tbl, inserts)
