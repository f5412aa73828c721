"""Read-only queries for `arbitre db`: tables, rows with a filter, and user SQL.

User SQL (:func:`run_sql`) is held to reading, whatever the path and the statement:

- the file is opened ``mode=ro`` through an exactly quoted URI, with ``PRAGMA query_only``;
- an SQLite authorizer allows only SELECT, reads, recursive CTEs, functions other than
  ``load_extension``, and the PRAGMAs of :data:`READ_PRAGMAS` without a value to set;
  so writes (also inside a CTE), ATTACH, VACUUM [INTO], ANALYZE, REINDEX, transactions,
  temporary tables and writable PRAGMAs are refused before they run;
- no database may be attached (``SQLITE_LIMIT_ATTACHED`` = 0) and a value is at most
  :data:`MAX_VALUE_BYTES` long;
- the query stops after ``timeout`` seconds (a progress handler) and a result longer
  than ``max_rows`` is refused: the defaults are :data:`SQL_TIMEOUT_S` and
  :data:`SQL_MAX_ROWS` (`db sql --timeout/--max-rows` raise them).
"""
from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from arbitre.kb.dbfile import SQLITE_MAX_INT, connect
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

SQL_TIMEOUT_S = 10.0
SQL_MAX_ROWS = 10_000
MAX_VALUE_BYTES = 10_000_000

READ_PRAGMAS = frozenset({
    "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list",
    "database_list", "collation_list", "function_list", "pragma_list", "module_list", "compile_options",
    "application_id", "user_version", "schema_version", "data_version", "page_count", "page_size",
    "freelist_count", "encoding", "integrity_check", "quick_check",
})
"""PRAGMAs `db sql` may run: they only report. Those naming a table take it as argument."""

_PRAGMAS_WITH_TABLE = frozenset({"table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo",
                                 "foreign_key_list"})
_READ_OPS = frozenset({sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_RECURSIVE})
_DENIED_FUNCTIONS = frozenset({"load_extension", "fts3_tokenizer", "readfile", "writefile", "edit"})


def connect_ro(path: Path) -> sqlite3.Connection:
    return connect(path, mode="ro")


def utf8(value: str, what: str) -> str:
    """``value`` if it is valid UTF-8 text (argv may carry undecodable bytes), else exit 2."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        shown = value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        raise InputError(T("{w} « {v} » : ce n'est pas du texte UTF-8 valide", "{w} '{v}': not valid UTF-8 text")
                         .format(w=what, v=shown), token=shown) from None
    return value


def sqlite_int(value: int, what: str) -> int:
    """``value`` if SQLite can hold it (0 ≤ value < 2**63), else exit 2."""
    if not 0 <= value <= SQLITE_MAX_INT:
        raise InputError(T("{w} {v} : hors limites (0 à {m})", "{w} {v}: out of range (0 to {m})")
                         .format(w=what, v=value, m=SQLITE_MAX_INT), token=str(value))
    return value


def tables(conn: sqlite3.Connection) -> list[tuple[str, int]]:
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    return [(n, conn.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0]) for n in names]


def show(conn: sqlite3.Connection, table: str, where: list[str], limit: int | None) -> tuple[list[str], list[tuple]]:
    utf8(table, "table")
    known = {n for n, _ in tables(conn)}
    if table not in known:
        raise InputError(T("table inconnue {t!r} ; tables : {k}", "unknown table {t!r}; tables: {k}")
                         .format(t=table, k=", ".join(sorted(known))), token=table)
    cols = [r[1] for r in conn.execute(f'PRAGMA table_info("{table}")')]
    clauses, params = [], []
    for w in where:
        w = utf8(w, "--where")
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
    if limit is not None:
        sql += " LIMIT ?"
        params.append(str(sqlite_int(limit, "--limit")))
    return cols, conn.execute(sql, params).fetchall()


def _authorizer(action: int, arg1: str | None, arg2: str | None, _db: str | None, _trigger: str | None) -> int:
    if action in _READ_OPS:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_FUNCTION:
        return sqlite3.SQLITE_DENY if (arg2 or "").lower() in _DENIED_FUNCTIONS else sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_PRAGMA:
        name = (arg1 or "").lower()
        if name in READ_PRAGMAS and (arg2 is None or name in _PRAGMAS_WITH_TABLE):
            return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


def _refused(sql: str) -> InputError:
    return InputError(T("requête refusée : `db sql` est en lecture seule (SELECT et PRAGMA de lecture uniquement)",
                        "query refused: `db sql` is read-only (SELECT and reading PRAGMAs only)"), token=sql[:40])


def run_sql(path: Path, sql: str, *, timeout: float = SQL_TIMEOUT_S,
            max_rows: int = SQL_MAX_ROWS) -> tuple[list[str], list[tuple]]:
    """Run one read-only statement; its column names and at most ``max_rows`` rows."""
    utf8(sql, "SQL")
    conn = connect_ro(path)
    try:
        conn.execute("PRAGMA query_only = ON")
        conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
        conn.set_authorizer(_authorizer)
        deadline = time.monotonic() + timeout
        conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
        cur = conn.execute(sql)
        cols = [d[0] for d in cur.description or []]
        rows = cur.fetchmany(max_rows + 1)
        if len(rows) > max_rows:
            raise InputError(T("résultat arrêté : plus de {n} lignes (ajoutez LIMIT, ou --max-rows N)",
                               "result stopped: more than {n} rows (add LIMIT, or --max-rows N)").format(n=max_rows),
                             token=sql[:40])
        return cols, rows
    except sqlite3.DatabaseError as e:
        msg = str(e)
        if "interrupted" in msg:
            raise InputError(T("requête arrêtée après {s:g} s (limite de temps ; --timeout S pour l'augmenter)",
                               "query stopped after {s:g} s (time limit; --timeout S raises it)").format(s=timeout),
                             token=sql[:40]) from None
        if any(s in msg for s in ("not authorized", "authorization denied", "readonly", "too many attached")):
            raise _refused(sql) from None
        raise InputError(T("SQL invalide : {e}", "invalid SQL: {e}").format(e=msg), token=sql[:40]) from None
    except (sqlite3.Warning, sqlite3.ProgrammingError, OverflowError) as e:
        raise InputError(T("SQL invalide : {e}", "invalid SQL: {e}").format(e=e), token=sql[:40]) from None
    finally:
        conn.close()
