"""What every command shares: its options (``--lang``, ``--json``, ``--db``) and the KB
connection. Output streams, escaping and errors are :mod:`arbitre.cli.output` (re-exported
here for the commands that import them from this module).
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from arbitre.cli import exitcodes
from arbitre.cli.output import Lang, err, error, escape, lang, out, print_json, say
from arbitre.rulings.i18n import T

__all__ = ["DbOpt", "JsonOpt", "game_option", "Lang", "LangOpt", "T", "connect", "connect_as_is", "err", "escape", "fail", "lang",
           "out", "print_json", "say"]


LangOpt = Annotated[Lang, typer.Option("--lang", "-l", help="Language of the output: fr | en.", envvar="ARBITRE_LANG")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document and nothing else.")]
DbOpt = Annotated[
    Path | None,
    typer.Option("--db", help="Knowledge base file (default: ARBITRE_DB, else the per-user data path).",
                 show_default=False),
]


def path_kind(p: Path) -> tuple[bool, bool]:
    """(is a folder, is a file); a name the system refuses (too long, a NUL...) is neither, so
    an argument that is an auction, however long, is never mistaken for a broken path."""
    try:
        return p.is_dir(), p.is_file()
    except (OSError, ValueError):
        return False, False


def fail(message: T | str, code: int = exitcodes.BAD_INPUT) -> NoReturn:
    """``error: <message>`` on stderr (localised, escaped), then exit with ``code``."""
    error(message, code)


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


def game_option(command: str, default: str | None = None) -> Any:
    """The ``--game`` option of ``command`` (``"classify"``, ``"ruling"``, ``"law"``,
    ``"belote classify"``), its choices taken from the registry of games
    (:mod:`arbitre.rulings.games`): only the games that list the command are offered. The
    value is checked against the registry when the command runs (a game registered later,
    say by a test, is accepted)."""
    from arbitre.rulings import games

    def check(value: str | None) -> str | None:
        allowed = games.codes(command)
        if value is not None and value not in allowed:
            raise typer.BadParameter(f"{value!r} is not one of {', '.join(map(repr, allowed))}.")
        return value

    choices = games.codes(command)
    return Annotated[str, typer.Option("--game", "-g", callback=check, metavar="|".join(choices),
                                       help=" | ".join(choices) + (f" (default {default})." if default else "."))]
