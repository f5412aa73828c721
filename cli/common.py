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
from arbitre.rulings.digits import is_decimal, is_number, is_signed_number
from arbitre.rulings.i18n import T

try:  # typer vendors click from 0.26 on
    from typer._click import exceptions as _cx
    from typer._click import types as _ct
except ImportError:  # pragma: no cover - older typer runs on click itself
    from click import exceptions as _cx  # type: ignore[no-redef]
    from click import types as _ct  # type: ignore[no-redef]

__all__ = ["DbOpt", "JsonOpt", "game_option", "Lang", "LangOpt", "T", "connect", "connect_as_is", "err", "escape", "fail", "lang",
           "out", "print_json", "say", "whole_numbers"]


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


# --- numbers on the command line ------------------------------------------------------------------

def whole_numbers(params: list[Any]) -> None:
    """Make every number option and argument of a command read ASCII digits only.

    Why: click reads an ``int`` with Python's ``int`` (a ``float`` with ``float``), which also
    take ``1_000``, ``٣`` (an Arabic-Indic digit), fullwidth digits and blanks (and, for a
    ``float``, ``1e3``, ``nan``, ``inf``), so the user's text was silently changed into another
    number. Here such a value is a usage error (exit 2) naming the option and the value, in the
    run's language. A sign is accepted where negatives make sense: when the option declares no
    minimum, or a negative one (``--seed -3``); ``--deals +5`` is refused. Out-of-range values
    are reported in the same words. The app's root group calls this on every command
    (``app.equip``), so an option added later is covered without a word in its command."""
    for param in params:
        kind = param.type
        if isinstance(kind, (_WholeNumber, _WholeRange, _Decimal, _DecimalRange)):
            continue
        if isinstance(kind, _ct.IntRange):
            param.type = _WholeRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp)
        elif isinstance(kind, _ct.IntParamType):
            param.type = _WholeNumber()
        elif isinstance(kind, _ct.FloatRange):
            param.type = _DecimalRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp)
        elif isinstance(kind, _ct.FloatParamType):
            param.type = _Decimal()


def _name(param: Any) -> str:
    """How the user wrote the parameter: its long option (``--deals``), or an argument's name."""
    opts = [o for o in getattr(param, "opts", ()) if o.startswith("-")]
    return max(opts, key=len) if opts else str(param.human_readable_name)


def _usage(message: T, ctx: Any) -> _cx.UsageError:
    return _cx.UsageError(say(message), ctx)


def _signed(kind: Any) -> bool:
    """Whether a sign may be written: the range (if any) takes negatives."""
    low = getattr(kind, "min", None)
    return low is None or low < 0


def _read(value: Any, param: Any, ctx: Any, signed: bool, decimal: bool) -> Any:
    """``value`` (the user's text) as a number when it is written in ASCII digits (a decimal
    point if ``decimal``, one sign first if ``signed``); a default given as a number is
    returned as it is."""
    if not isinstance(value, str):
        return value
    if decimal and is_decimal(value, signed):
        return float(value)
    if not decimal and (is_signed_number if signed else is_number)(value):
        return int(value)
    name = _name(param)
    what = T("un nombre", "a number") if decimal else T("un nombre entier", "a whole number")
    point = T(" et point décimal", " and a decimal point") if decimal else T("", "")
    sign = T(", signe + ou - permis", ", with an optional + or - sign") if signed else T(" seulement", " only")
    raise _usage(T(f"{name} : {value!r} n'est pas {what.fr} (chiffres 0 à 9{point.fr}{sign.fr})",
                   f"{name}: {value!r} is not {what.en} (digits 0 to 9{point.en}{sign.en})"), ctx)


def _range_error(kind: Any, param: Any, ctx: Any, value: Any) -> _cx.UsageError:
    """An out-of-range value, as the user typed it (``0``, not ``0.0``)."""
    name, bounds, number = _name(param), kind._describe_range(), value
    return _usage(T(f"{name} : {number} est hors de l'intervalle {bounds}",
                    f"{name}: {number} is not in the range {bounds}"), ctx)


def _ranged(kind: Any, parent: Any, value: Any, param: Any, ctx: Any, *, decimal: bool) -> Any:
    """``value`` read as :func:`_read` reads it, then checked by click's range type ``parent``;
    out of range, the error in the run's language."""
    number = _read(value, param, ctx, _signed(kind), decimal)
    try:
        return parent.convert(kind, number, param, ctx)
    except _cx.BadParameter:
        raise _range_error(kind, param, ctx, value) from None


class _WholeNumber(_ct.IntParamType):
    """click's ``INT``, reading ASCII digits only (with an optional sign)."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        return super().convert(_read(value, param, ctx, True, False), param, ctx)


class _WholeRange(_ct.IntRange):
    """click's ``IntRange``, reading ASCII digits only (a sign only when the range allows
    negatives) and saying an out-of-range value in the run's language."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        return _ranged(self, _ct.IntRange, value, param, ctx, decimal=False)


class _Decimal(_ct.FloatParamType):
    """click's ``FLOAT``, reading ASCII digits and a decimal point only (with an optional sign)."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        return super().convert(_read(value, param, ctx, True, True), param, ctx)


class _DecimalRange(_ct.FloatRange):
    """click's ``FloatRange``, as :class:`_WholeRange` for decimals."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        return _ranged(self, _ct.FloatRange, value, param, ctx, decimal=True)
