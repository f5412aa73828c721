"""The one output layer of the CLI: language, streams, escaping, errors, JSON, tables.

Every command writes through here:

- data to stdout (:func:`out`), messages and errors to stderr (:func:`err`, :func:`note`,
  :func:`error`); ``--json`` prints one document with :func:`print_json`;
- user-facing text is a :class:`~arbitre.rulings.i18n.T` pair rendered in the language of
  the run (:func:`lang`, :func:`say`); ``error:`` itself is localised (``erreur :``);
- anything that comes from the user or the knowledge base (auctions, file and player
  names, stored log entries, SQL results) is printed as text, never read as Rich markup:
  pass it through :func:`escape` before putting it in a markup string, or give it to a
  table (:func:`render_rows` and :class:`Console` cells escape nothing themselves: use
  ``Text`` or :func:`escape`);
- tables never wrap identifier columns, and on a terminal too narrow for a table they
  degrade to one field per line (:class:`Console`).

Rich is imported on first use only, so that ``arbitre --help`` stays cheap.
"""
from __future__ import annotations

import os
import sys
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NoReturn

from arbitre.cli.jsontext import write_json
from arbitre.rulings.digits import is_number
from arbitre.rulings.i18n import LANGS, T

if TYPE_CHECKING:
    from rich.console import Console as RichConsole

    from arbitre.rulings.errors import InputError

LANG_ENV = "ARBITRE_LANG"
DEBUG_ENV = "ARBITRE_DEBUG"
PIPED_WIDTH = 140  # tables piped to a file or a program get room (unless COLUMNS says otherwise)


class Lang(str, Enum):
    fr = "fr"
    en = "en"


class _State:
    """The run's settings, set once by the root command from ``--lang``/``ARBITRE_LANG``."""

    lang: str = "en"
    debug: bool = False


STATE = _State()


def lang() -> str:
    """The language of this run (``fr`` or ``en``)."""
    return STATE.lang


def set_lang(value: str | Lang | None) -> None:
    if value is not None:
        STATE.lang = value.value if isinstance(value, Lang) else value


def say(text: T | str, language: str | None = None) -> str:
    """``text`` in the run's language (a plain ``str`` is returned as is)."""
    return text if isinstance(text, str) else text.get(language or STATE.lang)


ERROR = T("erreur :", "error:")
NOTE = T("note :", "note:")
INTERNAL = T(
    "erreur interne ({kind}) : c'est un défaut d'arbitre, merci de le signaler "
    "(relancez avec --debug ou ARBITRE_DEBUG=1 pour la trace)",
    "internal error ({kind}): this is a bug in arbitre, please report it "
    "(run again with --debug or ARBITRE_DEBUG=1 for the traceback)",
)


def number(value: float, spec: str, language: str) -> str:
    """``format(value, spec)`` as the language writes numbers.

    French puts a comma before the decimals, a narrow no-break space between thousands
    and before a percent sign (12 345,6 ; 50,0 %); English is left as Python writes it.
    """
    text = format(value, spec)
    if language != "fr":
        return text
    text = text.replace(",", "\u202f").replace(".", ",")
    return text[:-1] + "\u202f%" if text.endswith("%") else text


def plural(count: int, one: T, many: T, language: str) -> str:
    """``one`` or ``many``, as the language agrees a noun with ``count``: French takes the
    singular for 0 and 1 ("0 donne", "1 donne"), English for 1 only ("0 boards", "1 board")."""
    singular = count < 2 if language == "fr" else count == 1
    return (one if singular else many).get(language)


def escape(value: object) -> str:
    """``value`` as text that Rich prints literally (``[`` … ``]`` are not markup)."""
    from rich.markup import escape as _escape

    return _escape("" if value is None else str(value))


def drop_unreadable_sizes() -> None:
    """Forget ``COLUMNS`` and ``LINES`` when they are not whole numbers (``COLUMNS=²``).

    Rich reads both with ``isdigit`` then ``int``, which fails on such a value before any
    message can be printed; a terminal size that is not a number says nothing anyway, so
    the output then takes the terminal's own size (or Rich's default)."""
    for name in ("COLUMNS", "LINES"):
        if name in os.environ and not is_number(os.environ[name]):
            del os.environ[name]


def _width_from_env() -> int | None:
    columns = os.environ.get("COLUMNS", "")
    return int(columns) if is_number(columns) and int(columns) > 0 else None


@lru_cache(maxsize=1)
def _console_class() -> type[RichConsole]:
    from rich.console import Console as RichConsole
    from rich.table import Table

    class Console(RichConsole):
        """A Rich console that prints a table one field per line when it cannot fit."""

        def print(self, *objects: Any, **kwargs: Any) -> None:
            if any(isinstance(o, Table) for o in objects):
                objects = tuple(_fit(o, self) if isinstance(o, Table) else o for o in objects)
            super().print(*objects, **kwargs)

    return Console


def out() -> RichConsole:
    """The stdout console. Piped (not a terminal) and without ``COLUMNS``, tables get
    ``PIPED_WIDTH`` columns instead of 80."""
    cls = _console_class()
    width = _width_from_env()
    console = cls(highlight=False, soft_wrap=False, width=width)
    if width is None and not console.is_terminal:
        console = cls(highlight=False, soft_wrap=False, width=max(console.width, PIPED_WIDTH))
    return console


def err() -> RichConsole:
    """The stderr console (messages, notes, errors)."""
    return _console_class()(stderr=True, highlight=False, soft_wrap=True, width=_width_from_env())


def note(text: T | str, style: str = "yellow") -> None:
    """A message on stderr: ``note: …`` in the run's language. ``text`` is escaped."""
    err().print(f"[{style}]{say(NOTE)}[/] {escape(say(text))}")


def message(text: T | str) -> None:
    """A plain message on stderr (escaped)."""
    err().print(escape(say(text)))


def error_line(text: T | str, language: str | None = None) -> str:
    """``error: <text>`` (``erreur : <text>``) as plain text."""
    return f"{say(ERROR, language)} {say(text, language)}"


def print_error(text: T | str, language: str | None = None) -> None:
    """Print ``error: <text>`` on stderr, the text escaped."""
    err().print(f"[bold red]{say(ERROR, language)}[/] {escape(say(text, language))}")


def error(text: T | str, code: int | None = None) -> NoReturn:
    """Print ``error: <text>`` and end the command with ``code`` (default: bad input, 2)."""
    import typer

    from arbitre.cli import exitcodes

    print_error(text)
    raise typer.Exit(exitcodes.BAD_INPUT if code is None else code)


def print_json(doc: Any) -> None:
    """The one JSON document of ``--json``, on stdout."""
    write_json(doc, sys.stdout)
    sys.stdout.write("\n")


def input_error(err: InputError, lang: str, as_json: bool) -> int:
    """Report an unreadable input: one line on stderr (and, with ``--json``, the error
    document on stdout); return the exit code (2, bad input)."""
    from arbitre.cli import exitcodes

    print_error(err.render(lang), lang)
    if as_json:
        print_json({"error": {"message": err.message.as_dict(), "token": err.token, "line": err.line,
                               "column": err.column, "source": err.source}})
    return exitcodes.BAD_INPUT


def is_identifier(values: list[str]) -> bool:
    """A column of single tokens (codes, classes, numbers, card codes) is an identifier
    column: it is never wrapped."""
    return all(" " not in v and "\n" not in v and len(v) <= 40 for v in values)


def render_rows(cols: list[str], rows: list[tuple[Any, ...]], as_json: bool, title: str | None = None) -> None:
    """Rows as a JSON list of objects, or as a table whose cells are printed as text."""
    if as_json:
        print_json([dict(zip(cols, r, strict=False)) for r in rows])
        return
    from rich.table import Table
    from rich.text import Text

    cells = [["" if v is None else str(v) for v in r] for r in rows]
    table = Table(title=None if title is None else Text(title), show_lines=False)
    for i, c in enumerate(cols):
        ident = is_identifier([r[i] for r in cells if i < len(r)])
        table.add_column(Text(c), overflow="fold", no_wrap=ident)
    for r in cells:
        table.add_row(*(Text(v) for v in r))
    out().print(table)


_FIELD = T(" : ", ": ")
"""Between a field's name and its value, one per line (French sets a space before the colon)."""


def _fit(table: Any, console: RichConsole) -> Any:
    """``table`` if it fits the console's width, else its rows one field per line."""
    from rich.console import Group
    from rich.text import Text

    if _fits(table, console):
        return table
    headers = [c.header for c in table.columns]
    columns = [list(c.cells) for c in table.columns]
    lines: list[Any] = []
    if table.title:
        lines.append(table.title if not isinstance(table.title, str) else Text.from_markup(table.title))
    for i in range(table.row_count):
        if i or table.title:
            lines.append(Text(""))
        for header, cells in zip(headers, columns, strict=False):
            cell = cells[i] if i < len(cells) else ""
            label = header if isinstance(header, Text) else Text.from_markup(str(header))
            value = cell if isinstance(cell, Text) else Text.from_markup(str(cell))
            lines.append(Text.assemble(label, say(_FIELD), value))
    return Group(*lines)


def _fits(table: Any, console: RichConsole) -> bool:
    """Whether Rich lays ``table`` out within the console's width without cutting an
    identifier (``no_wrap``) column."""
    from rich.cells import cell_len
    from rich.text import Text

    def plain(cell: Any) -> str:
        return cell.plain if isinstance(cell, Text) else Text.from_markup(str(cell)).plain

    try:  # the widths Rich will lay the table out with
        extra = table._extra_width
        widths = table._calculate_column_widths(console, console.options.update_width(console.width - extra))
    except AttributeError:  # pragma: no cover - another Rich version: its own measure
        return bool(table.__rich_measure__(console, console.options).minimum <= console.width)
    if sum(widths) + extra > console.width:
        return False
    for column, width in zip(table.columns, widths, strict=False):
        if column.no_wrap:
            lines = [ln for c in [column.header, *column.cells] for ln in plain(c).splitlines()]
            if max((cell_len(ln) for ln in lines), default=0) + 2 > width:
                return False
    return True


def check_lang_env() -> str | None:
    """The ``error:`` line (exit 2) to print when ``ARBITRE_LANG`` is set to an unknown
    language; None when it is unset, empty or valid."""
    value = os.environ.get(LANG_ENV)
    if value is None or value == "" or value in LANGS:
        return None
    return error_line(T(f"{LANG_ENV}={value!r} : langue inconnue (fr ou en)",
                        f"{LANG_ENV}={value!r}: unknown language (fr or en)"), "en")


def lang_from_argv(argv: list[str]) -> str:
    """The language asked for by ``--lang``/``-l`` in ``argv``, else ``ARBITRE_LANG``, else
    English (an invalid value is reported by the option's own check)."""
    for i, arg in enumerate(argv):
        value = None
        if arg in ("--lang", "-l") and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value in LANGS:
            return value
    env = os.environ.get(LANG_ENV, "en")
    return env if env in LANGS else "en"
