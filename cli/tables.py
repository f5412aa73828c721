"""Render rows as a Rich table or JSON (shared by `db show`, `db sql`, `log list`...)."""
from __future__ import annotations

from arbitre.cli.common import out, print_json


def render_rows(cols: list[str], rows: list[tuple], as_json: bool, title: str | None = None) -> None:
    if as_json:
        print_json([dict(zip(cols, r)) for r in rows])
        return
    from rich.table import Table

    table = Table(title=title, show_lines=False)
    for c in cols:
        table.add_column(c, overflow="fold")
    for r in rows:
        table.add_row(*("" if v is None else str(v) for v in r))
    out().print(table)
