"""What every command shares: options, the KB connection, output streams, error exits.

Data goes to stdout, messages and errors to stderr. ``--json`` prints one JSON
document and nothing else.
"""
from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from arbitre.cli import exitcodes


class Lang(str, Enum):
    fr = "fr"
    en = "en"


LangOpt = Annotated[Lang, typer.Option("--lang", "-l", help="Language of the output: fr | en.", envvar="ARBITRE_LANG")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document and nothing else.")]
DbOpt = Annotated[
    Path | None,
    typer.Option("--db", help="Knowledge base file (default: ARBITRE_DB, else the per-user data path).",
                 show_default=False),
]


def out():
    """stdout console; when piped (not a terminal) tables get room instead of 80 columns."""
    from rich.console import Console

    console = Console(highlight=False, soft_wrap=False)
    if not console.is_terminal:
        console = Console(highlight=False, soft_wrap=False, width=max(console.width, 140))
    return console


def err():
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, code: int = exitcodes.BAD_INPUT) -> NoReturn:
    from rich.markup import escape

    err().print(f"[bold red]error:[/] {escape(message)}")
    raise typer.Exit(code)


def print_json(doc) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2, default=str) + "\n")


def connect(db: Path | None):
    """A connection to the KB, created and migrated on first use."""
    from arbitre.kb.bootstrap import ensure
    from arbitre.kb.paths import db_path

    return ensure(db_path(db))


def connect_as_is(db: Path | None):
    """A read-only connection for inspection: the file as it is (built only if missing)."""
    from arbitre.kb.bootstrap import open_as_is
    from arbitre.kb.paths import db_path

    return open_as_is(db_path(db))
