"""`arbitre db ...`: where the KB is, its revision, upgrade/downgrade, read-only queries,
and (for developers) generating a content migration from ``data/``."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from arbitre.cli import exitcodes
from arbitre.cli.common import DbOpt, JsonOpt, Lang, LangOpt, T, err, escape, fail, print_json
from arbitre.cli.output import print_error

app = typer.Typer(help="Inspect and migrate the knowledge base.\n\nExample: arbitre db tables", no_args_is_help=True)



def _path(db: Path | None) -> Path:
    from arbitre.kb.paths import db_path

    return db_path(db)


@app.command("path")
def path_cmd(db: DbOpt = None, as_json: JsonOpt = False, lang: LangOpt = Lang.en) -> None:
    """Print the knowledge base file in use.\n\nExample: arbitre db path"""
    if as_json:
        print_json({"path": str(_path(db))})
    else:
        typer.echo(str(_path(db)))


@app.command()
def status(db: DbOpt = None, as_json: JsonOpt = False, lang: LangOpt = Lang.en) -> None:
    """Show the file, its revision, the newest known revision and its state. Never creates the file.

    States: missing, empty, current, behind, unmarked (an older arbitre's file), half-built,
    foreign (not arbitre's), ambiguous (two revision rows), unknown (newer); the last four
    and a half-built file holding user data exit with code 3.

    Example: arbitre db status --json
    """
    from arbitre.kb.paths import migrations_dir
    from arbitre.kb.revisions import head
    from arbitre.kb.state import inspect, refusal

    st = inspect(_path(db))
    doc = {"path": str(st.path), "exists": st.path.exists(), "revision": st.revision, "head": head(migrations_dir()),
           "state": st.state}
    if as_json:
        print_json(doc)
    else:
        for k, v in doc.items():
            typer.echo(f"{k:9} {v}")
    refused = refusal(st)
    if refused is not None:
        print_error(refused.message, lang.value)
        raise typer.Exit(exitcodes.KB_ERROR)


def _done(p: Path, lang: Lang, as_json: bool) -> None:
    from arbitre.kb.bootstrap import current_revision

    rev = current_revision(p)
    if as_json:
        print_json({"path": str(p), "revision": rev})
    else:
        err().print(escape(T(f"{p} : révision {rev}", f"{p}: revision {rev}").get(lang.value)))


@app.command()
def upgrade(revision: Annotated[str, typer.Argument(help="Target revision.")] = "head", db: DbOpt = None,
            as_json: JsonOpt = False, lang: LangOpt = Lang.en) -> None:
    """Migrate the knowledge base up (creates it if missing).\n\nExample: arbitre db upgrade"""
    from arbitre.kb.bootstrap import upgrade as do

    p = _path(db)
    do(p, revision)
    _done(p, lang, as_json)


@app.command(context_settings={"ignore_unknown_options": True})
def downgrade(revision: Annotated[str, typer.Argument(help="Target revision: -1 (one step), 0003, or base.")],
              db: DbOpt = None, as_json: JsonOpt = False, lang: LangOpt = Lang.en) -> None:
    """Migrate the knowledge base down to REVISION (content added after it is removed).

    The ruling log is kept unless you go below 0001. Example: arbitre db downgrade -1
    """
    from arbitre.kb.bootstrap import downgrade as do

    p = _path(db)
    if not p.exists():
        fail(T(f"{p} : fichier absent", f"{p}: no such file"), exitcodes.KB_ERROR)
    do(p, revision)
    _done(p, lang, as_json)


@app.command()
def tables(db: DbOpt = None, as_json: JsonOpt = False, lang: LangOpt = Lang.en) -> None:
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
    limit: Annotated[int | None, typer.Option(help="At most this many rows (0 to 2**63-1).")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = Lang.en,
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
        as_json: JsonOpt = False, lang: LangOpt = Lang.en,
        timeout: Annotated[float, typer.Option(help="Stop the query after this many seconds.", min=0.001,
                                               max=86400)] = 10.0,
        max_rows: Annotated[int, typer.Option("--max-rows", help="Refuse a result longer than this.", min=1,
                                              max=10**9)] = 10_000) -> None:
    """Run a read-only SQL query: SELECT and reading PRAGMAs; anything that writes is refused.

    A query stops after --timeout seconds (default 10) and a result of more than --max-rows
    rows (default 10000) is refused; both exit with code 2.

    Example: arbitre db sql "SELECT code, db_class FROM position_states WHERE position = 4"
    """
    from arbitre.cli.common import connect_as_is
    from arbitre.cli.tables import render_rows
    from arbitre.kb.paths import db_path
    from arbitre.kb.query import run_sql

    connect_as_is(db).close()
    cols, rows = run_sql(db_path(db), query, timeout=timeout, max_rows=max_rows)
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
