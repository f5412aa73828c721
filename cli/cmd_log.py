"""`arbitre log list | show | export`: the ruling log, read back.

Reads use plain ``sqlite3`` (:mod:`arbitre.kb.log`): no SQLAlchemy import, so these
commands start as fast as `classify`. Entries are written by `arbitre ruling … --record`.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from arbitre.cli.common import DbOpt, JsonOpt, Lang, LangOpt, T, err, fail, out, print_json

app = typer.Typer(help="The ruling log: rulings recorded with --record.\n\nExample: arbitre log list",
                  no_args_is_help=True)

LIST_COLUMNS = ["id", "created_at", "game", "tree", "event", "board", "table_no", "called_by", "outcome_node"]
EXPORT_COLUMNS = ["id", "created_at", "game", "tree", "event", "board", "table_no", "called_by", "lang",
                  "outcome_node", "answers", "path", "outcome", "kb_revision", "steps"]


@app.command("list")
def log_list(db: DbOpt = None, as_json: JsonOpt = False, lang: LangOpt = Lang.en) -> None:
    """List recorded rulings.\n\nExample: arbitre log list --json"""
    from arbitre.cli.common import connect
    from arbitre.cli.tables import render_rows
    from arbitre.kb.log import entries

    rows = entries(connect(db))
    if as_json:
        print_json(rows)
        return
    render_rows(LIST_COLUMNS, [tuple(r[c] for c in LIST_COLUMNS) for r in rows], False,
                title=T("journal", "log").get(lang.value))


@app.command("show")
def log_show(entry_id: Annotated[int, typer.Argument(help="Entry number.", min=1, max=2**63 - 1)],
             lang: LangOpt = Lang.en, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Show one recorded ruling.\n\nExample: arbitre log show 1"""
    from arbitre.cli.common import connect
    from arbitre.kb.log import entry

    e = entry(connect(db), entry_id)
    if as_json:
        print_json(e)
        return
    from rich.markup import escape

    from arbitre.cli.render_ruling import outcome_panel
    from arbitre.rulings.i18n import T

    o = dict(e["outcome"])
    title = o.pop("title", None)
    console = out()
    steps = e.get("steps")
    shown = dict(e)
    if steps:  # the topic by its title, as the director chose it (not its internal name)
        shown["tree"] = steps[0]["title"][lang.value]
    for k in ("id", "created_at", "game", "tree", "event", "board", "table_no", "called_by"):
        console.print(escape(f"{k:10} {shown[k] if shown[k] is not None else ''}"))
    if steps:  # the whole walk (entries recorded from migration 0012 on)
        from arbitre.cli.render_ruling import logged_walk

        logged_walk(steps, lang.value, console, game=e["game"])
        return
    for slug, code, auto in e["answers"]:
        console.print(escape(f"  {slug} = {code}{' (auto)' if auto else ''}"))
    heading = T(title["fr"], title["en"]) if title else None
    console.print(outcome_panel(heading, o, lang.value, title=escape(e["outcome_node"]), game=e["game"]))


@app.command("export")
def log_export(
    csv: Annotated[bool, typer.Option("--csv", help="CSV, one row per entry.")] = False,
    as_json: JsonOpt = False,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file (default stdout).")] = None,
    db: DbOpt = None,
    lang: LangOpt = Lang.en,
) -> None:
    """Export the whole log as CSV or JSON.\n\nExample: arbitre log export --csv -o rulings.csv"""
    import csv as csvmod
    import io
    import json

    from arbitre.cli.common import connect
    from arbitre.kb.log import entries

    if csv == as_json:
        fail(T("choisissez --csv ou --json", "choose one of --csv or --json"))
    if output is not None and not output.parent.is_dir():
        fail(T(f"{output} : le dossier {output.parent} n’existe pas", f"{output}: folder {output.parent} does not exist"))
    rows = entries(connect(db))
    buf = io.StringIO()
    if as_json:
        buf.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
    else:
        writer = csvmod.DictWriter(buf, fieldnames=EXPORT_COLUMNS)
        writer.writeheader()
        for r in rows:
            writer.writerow({c: json.dumps(r.get(c), ensure_ascii=False) if isinstance(r.get(c), (list, dict))
                             else r.get(c) for c in EXPORT_COLUMNS})
    if output is None:
        sys.stdout.write(buf.getvalue())
        return
    try:
        output.write_text(buf.getvalue(), encoding="utf-8")
    except OSError as e:
        fail(f"{output}: {e.strerror}")
    err().print(f"{len(rows)} → {output}", markup=False)
