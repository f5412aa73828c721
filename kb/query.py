"""Read-only queries for `arbitre db`: tables, rows with a filter, and user SQL.

User SQL runs on a connection opened read-only *and* guarded by an SQLite authorizer,
so a write is refused with a clear error before it runs.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

_READ_OPS = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION, sqlite3.SQLITE_RECURSIVE}


def connect_ro(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def tables(conn: sqlite3.Connection) -> list[tuple[str, int]]:
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    return [(n, conn.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0]) for n in names]


def show(conn: sqlite3.Connection, table: str, where: list[str], limit: int | None) -> tuple[list[str], list[tuple]]:
    known = {n for n, _ in tables(conn)}
    if table not in known:
        raise InputError(T("table inconnue {t!r} ; tables : {k}", "unknown table {t!r}; tables: {k}")
                         .format(t=table, k=", ".join(sorted(known))), token=table)
    cols = [r[1] for r in conn.execute(f'PRAGMA table_info("{table}")')]
    clauses, params = [], []
    for w in where:
        col, eq, value = w.partition("=")
        col = col.strip()
        if not eq or col not in cols:
            raise InputError(T("filtre {w!r} : attendu COLONNE=VALEUR avec une colonne de {c}",
                               "filter {w!r}: expected COLUMN=VALUE with a column of {c}").format(w=w, c=", ".join(cols)),
                             token=w)
        if "%" in value:
            clauses.append(f'"{col}" LIKE ?')
        else:
            clauses.append(f'CAST("{col}" AS TEXT) = ?')
        params.append(value)
    sql = f'SELECT * FROM "{table}"' + (" WHERE " + " AND ".join(clauses) if clauses else "")
    if limit:
        sql += f" LIMIT {int(limit)}"
    return cols, conn.execute(sql, params).fetchall()


def _authorizer(action, *_args):
    return sqlite3.SQLITE_OK if action in _READ_OPS or action == sqlite3.SQLITE_PRAGMA else sqlite3.SQLITE_DENY


def run_sql(path: Path, sql: str) -> tuple[list[str], list[tuple]]:
    conn = connect_ro(path)
    conn.set_authorizer(_authorizer)
    try:
        cur = conn.execute(sql)
        cols = [d[0] for d in cur.description or []]
        return cols, cur.fetchall()
    except sqlite3.DatabaseError as e:
        msg = str(e)
        if "not authorized" in msg or "readonly" in msg:
            raise InputError(T("requête refusée : `db sql` est en lecture seule (SELECT uniquement)",
                               "query refused: `db sql` is read-only (SELECT only)"), token=sql[:40]) from None
        raise InputError(T("SQL invalide : {e}", "invalid SQL: {e}").format(e=msg), token=sql[:40]) from None
    except sqlite3.Warning as e:
        raise InputError(T("SQL invalide : {e}", "invalid SQL: {e}").format(e=e), token=sql[:40]) from None
    finally:
        conn.close()
