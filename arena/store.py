"""Save gym runs in the knowledge base and list them (table ``gym_runs``, migration 0007).

What: :func:`save_run` inserts one row (date, teams, deals, duplicate, seed, options and
results as JSON, the mean difference and its p-value); :func:`history` lists the rows,
newest first. Both take an open ``sqlite3`` connection to a KB at the head revision
(the CLI's ``connect``), so no ORM is imported.
Why: the seed's "persistance des scores": a developer compares today's player with
the runs of last week.
"""
from __future__ import annotations

import datetime as dt
import json
import sqlite3
from typing import Any

#: Report keys too long to store (one value per deal); the saved results leave them out.
PER_DEAL_KEYS = ("running_difference", "points_a", "points_b")


def save_run(conn: sqlite3.Connection, report: dict[str, Any], options: dict[str, Any]) -> int:
    """Store ``report`` (from :func:`arbitre.arena.gym.aggregate`) and return the new row id."""
    results = {k: v for k, v in report.items() if k not in PER_DEAL_KEYS}
    teams = report["teams"]
    cur = conn.execute(
        "INSERT INTO gym_runs (created_at, team_a, team_b, deals, duplicate, seed, options, results, "
        "mean_difference, p_value, partial) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (dt.datetime.now(dt.UTC).isoformat(timespec="seconds"), teams["A"]["player"], teams["B"]["player"],
         report["deals"], bool(report["duplicate"]), report["seed"], json.dumps(options, sort_keys=True),
         json.dumps(results, sort_keys=True), report["difference"]["mean"], report["difference"]["p_value"],
         bool(report.get("partial", False))),
    )
    conn.commit()
    return int(cur.lastrowid or 0)


def history(conn: sqlite3.Connection, limit: int | None = None) -> list[dict[str, Any]]:
    """Saved runs, newest first, as dicts (``options`` and ``results`` decoded)."""
    sql = ("SELECT id, created_at, team_a, team_b, deals, duplicate, seed, options, results, mean_difference, "
           "p_value, partial FROM gym_runs ORDER BY id DESC")
    if limit:
        sql += f" LIMIT {int(limit)}"
    rows = []
    for r in conn.execute(sql):
        rows.append({"id": r[0], "created_at": r[1], "team_a": r[2], "team_b": r[3], "deals": r[4],
                     "duplicate": bool(r[5]), "seed": r[6], "options": json.loads(r[7]), "results": json.loads(r[8]),
                     "mean_difference": r[9], "p_value": r[10], "partial": bool(r[11])})
    return rows
