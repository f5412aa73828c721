"""`arbitre db ...`: where the KB is, its revision, upgrade/downgrade, read-only queries,
and (for developers) generating a content migration from ``data/``."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from arbitre.cli import exitcodes
from arbitre.cli.common import DbOpt, JsonOpt, T, err, escape, fail, print_json

app = typer.Typer(help="Inspect and migrate the knowledge base.\n\nExample: arbitre db tables", no_args_is_help=True)


def _done(path: Path, revision: str | None, as_json: bool) -> None:
    """After a migration: the file and its revision (a message, or the JSON document)."""
    if as_json:
        print_json({"path": str(path), "revision": revision})
    else:
        err().print(escape(f"{path}: revision {revision}"))


def _path(db: Path | None) -> Path:
    from arbitre.kb.paths import db_path

    return db_path(db)


@app.command("path")
def path_cmd(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Print the knowledge base file in use.\n\nExample: arbitre db path"""
    if as_json:
        print_json({"path": str(_path(db))})
    else:
        typer.echo(str(_path(db)))


@app.command()
def status(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Show the file, its revision and the newest known revision. Never creates the file.

    Example: arbitre db status --json
    """
    from arbitre.kb.bootstrap import current_revision
    from arbitre.kb.paths import migrations_dir
    from arbitre.kb.revisions import head, revisions

    p = _path(db)
    rev = current_revision(p) if p.exists() else None
    newest = head(migrations_dir())
    state = ("missing" if not p.exists() else "empty" if rev is None else "current" if rev == newest
             else "unknown" if rev not in revisions(migrations_dir()) else "behind")
    doc = {"path": str(p), "exists": p.exists(), "revision": rev, "head": newest, "state": state}
    if as_json:
        print_json(doc)
    else:
        for k, v in doc.items():
            typer.echo(f"{k:9} {v}")
    if state == "unknown":
        raise typer.Exit(exitcodes.KB_ERROR)


@app.command()
def upgrade(db: DbOpt = None, revision: Annotated[str, typer.Argument(help="Target revision.")] = "head",
            as_json: JsonOpt = False) -> None:
    """Migrate the knowledge base up (creates it if missing).\n\nExample: arbitre db upgrade"""
    from arbitre.kb.bootstrap import current_revision
    from arbitre.kb.bootstrap import upgrade as do

    p = _path(db)
    do(p, revision)
    _done(p, current_revision(p), as_json)


@app.command()
def downgrade(revision: Annotated[str, typer.Argument(help="Target revision, e.g. 0003 or -1.")],
              db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Migrate the knowledge base down to REVISION (content added after it is removed).

    The ruling log is kept unless you go below 0001. Example: arbitre db downgrade -1
    """
    from arbitre.kb.bootstrap import current_revision
    from arbitre.kb.bootstrap import downgrade as do

    p = _path(db)
    if not p.exists():
        fail(T(f"{p} n'existe pas", f"{p} does not exist"), exitcodes.KB_ERROR)
    do(p, revision)
    _done(p, current_revision(p), as_json)


@app.command()
def tables(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """List the tables with their row counts.\n\nExample: arbitre db tables"""
    from arbitre.cli.common import connect_as_is
    from arbitre.cli.tables import render_rows
    from arbitre.kb.query import tables as list_tables

    conn = connect_as_is(db)
    render_rows(["table", "rows"], list_tables(conn), as_json)


@app.command()
def show(
    table: Annotated[str, typer.Argument(help="Table name (see `arbitre db tables`).")],
    where: Annotated[list[str] | None, typer.Option("--where", "-w", help="COLUMN=VALUE filter (% for LIKE); repeatable.")] = None,
    limit: Annotated[int | None, typer.Option(help="At most this many rows.")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Print a table's rows, optionally filtered (the file as it is: no automatic upgrade).

    Example: arbitre db show position_states --where position=2
    """
    from arbitre.cli.common import connect_as_is
    from arbitre.cli.tables import render_rows
    from arbitre.kb.query import show as do

    cols, rows = do(connect_as_is(db), table, where or [], limit)
    render_rows(cols, rows, as_json, title=table)


@app.command()
def sql(query: Annotated[str, typer.Argument(help="A read-only SQL query.")], db: DbOpt = None,
        as_json: JsonOpt = False) -> None:
    """Run a read-only SQL query (writes are refused).

    Example: arbitre db sql "SELECT code, db_class FROM position_states WHERE position = 4"
    """
    from arbitre.cli.common import connect_as_is
    from arbitre.cli.tables import render_rows
    from arbitre.kb.paths import db_path
    from arbitre.kb.query import run_sql

    connect_as_is(db).close()
    cols, rows = run_sql(db_path(db), query)
    render_rows(cols, rows, as_json)


@app.command()
def revision(
    body: Annotated[str, typer.Argument(help="Content body: games, bridge-positional, bridge-rulings, belote-rulings, coinche-rulings.")],
    message: Annotated[str, typer.Option("--message", "-m", help="What the migration adds or changes.")],
    data: Annotated[Path, typer.Option(help="The authoring source folder.")] = Path("data"),
    migrations: Annotated[Path | None, typer.Option(help="The migrations folder (default: the one arbitre runs).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Generate a content migration freezing what changed in data/ (for developers).

    Example: arbitre db revision bridge-rulings -m "add law 94"
    """
    from arbitre.kb.generate import generate
    from arbitre.kb.paths import migrations_dir

    written = generate(body, message, data, migrations or migrations_dir())
    if as_json:
        print_json({"body": body, "written": None if written is None else str(written)})
    elif written is None:
        err().print(escape(f"{body}: data/ already matches the newest migration; nothing to generate"))
    else:
        typer.echo(str(written))
