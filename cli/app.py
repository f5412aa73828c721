"""The `arbitre` command: a thin Typer layer that parses, calls the library, renders.

The root group (:class:`_Group`) is the one place where, for every command:

- ``--lang``, ``--db`` and ``--debug`` are accepted (added to commands that do not declare
  them), ``ARBITRE_LANG`` is checked, and help has one style;
- library errors become one line on stderr and a documented exit code (2 bad input,
  3 KB unusable), a usage error is localised (``erreur :``), an unexpected exception is
  one "internal error" line and exit 70 (the traceback with ``--debug`` or
  ``ARBITRE_DEBUG=1``), Ctrl-C exits 130 and a closed pipe ends quietly;
- sub-commands are imported on first use: a cold ``arbitre classify`` or ``arbitre --help``
  pays only for what it shows (see benchmarks/bench_cold.py).
"""
from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperGroup, TyperOption

try:  # typer vendors click from 0.26 on
    from typer._click import Context
    from typer._click import exceptions as cx
except ImportError:  # pragma: no cover - older typer runs on click itself
    from click import Context  # type: ignore[assignment,no-redef]
    from click import exceptions as cx  # type: ignore[no-redef]

from arbitre.cli import exitcodes, output
from arbitre.cli.common import whole_numbers

LAZY: dict[str, tuple[str, str | None, str]] = {
    "states": ("arbitre.cli.cmd_states", None, "List the 30 positional state codes with their meaning and DB class."),
    "db": ("arbitre.cli.cmd_db", None, "Inspect and migrate the knowledge base."),
    "ruling": ("arbitre.cli.cmd_ruling", "ruling", "Walk the decision tree of a Law to the rectification."),
    "law": ("arbitre.cli.cmd_ruling", "law", "Show a law's catalogue entry and the ruling trees that use it."),
    "log": ("arbitre.cli.cmd_log", None, "The ruling log: rulings recorded with --record."),
    "belote": ("arbitre.cli.belote", None, "Belote & coinche referee: check a recorded game."),
    "tresillo": ("arbitre.cli.tresillo", None, "Tresillo referee: check a recorded game, play coups, classify an auction."),
    "coinche": ("arbitre.cli.coinche", None, "Coinche table server speaking the text protocol."),
}
"""Commands imported only when used (the belote engine's import alone costs ~0.3 s):
name -> (module with ``app``, command in it or None for the whole app, one-line help)."""

_EQUIPPED = "_arbitre_equipped"


def _set_db(ctx: Context, param: typer.CallbackParam, value: str | None) -> None:
    if value:
        os.environ["ARBITRE_DB"] = value


def _set_lang(ctx: Context, param: typer.CallbackParam, value: str | None) -> None:
    if value is not None and value not in ("fr", "en"):
        raise typer.BadParameter(f"{value!r} is not one of 'fr', 'en'.")
    output.set_lang(value)


def _set_debug(ctx: Context, param: typer.CallbackParam, value: bool) -> None:
    if value:
        output.STATE.debug = True


def _has(cmd: Any, opt: str) -> bool:
    return any(opt in getattr(p, "opts", ()) for p in cmd.params)


def equip(cmd: Any) -> Any:
    """Give ``cmd`` (and every command under it) the shared options and the help style."""
    if getattr(cmd, _EQUIPPED, False):
        return cmd
    setattr(cmd, _EQUIPPED, True)
    if hasattr(cmd, "rich_markup_mode"):
        cmd.rich_markup_mode = None  # one help style: plain text, examples kept on their lines
    cmd.params = [p for p in cmd.params if p.name not in ("install_completion", "show_completion")]
    whole_numbers(cmd.params)  # integer options read ASCII digits only
    if hasattr(cmd, "commands"):
        for sub in cmd.commands.values():
            equip(sub)
        return cmd
    if not _has(cmd, "--lang"):
        cmd.params.append(TyperOption(param_decls=["--lang", "-l"], expose_value=False, callback=_set_lang,
                                      help="Language of messages: fr | en."))
    if not _has(cmd, "--db"):
        cmd.params.append(TyperOption(param_decls=["--db"], expose_value=False, callback=_set_db, is_eager=True,
                                      help="Knowledge base file (default: ARBITRE_DB, else the per-user data path)."))
    if not _has(cmd, "--debug"):
        cmd.params.append(TyperOption(param_decls=["--debug"], is_flag=True, default=False, expose_value=False,
                                      callback=_set_debug, help="On an internal error, print the traceback."))
    return cmd


class _Group(TyperGroup):
    """The root group: shared options, lazy sub-commands, errors and exit codes."""

    def list_commands(self, ctx: Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY})

    def get_command(self, ctx: Context, name: str) -> Any | None:
        cmd = super().get_command(ctx, name)
        if cmd is None and name in LAZY:
            import importlib

            module_name, inner, _ = LAZY[name]
            cmd = typer.main.get_command(importlib.import_module(module_name).app)
            if inner is not None and hasattr(cmd, "commands"):
                cmd = cmd.commands[inner]
            cmd.name = name
            self.add_command(cmd, name)
        return None if cmd is None else equip(cmd)

    def format_commands(self, ctx: Context, formatter: Any) -> None:
        """The command list without importing the lazy commands (their help line is in LAZY)."""
        rows = []
        for name in self.list_commands(ctx):
            if name in LAZY and name not in self.commands:
                rows.append((name, LAZY[name][2]))
                continue
            cmd = self.get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, cmd.get_short_help_str(limit=formatter.width - 6 - len(name))))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def invoke(self, ctx: Context) -> Any:
        from arbitre.rulings.errors import InputError

        try:
            return super().invoke(ctx)
        except InputError as e:
            output.print_error(e.render(output.lang()))
            ctx.exit(exitcodes.BAD_INPUT)
        except (typer.Exit, typer.Abort, cx.ClickException, KeyboardInterrupt):
            raise
        except BrokenPipeError:
            _quiet_stdout()
            ctx.exit(exitcodes.OK)
        except Exception as e:
            if any(c.__name__ == "KBError" and c.__module__.startswith("arbitre.kb") for c in type(e).__mro__):
                output.print_error(e.message)  # type: ignore[attr-defined]
                ctx.exit(exitcodes.KB_ERROR)
            _internal_error(e)
            ctx.exit(exitcodes.INTERNAL)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        code = run(lambda: super(_Group, self).main(args=argv, prog_name=prog_name or "arbitre",
                                                    complete_var=complete_var, standalone_mode=False, **extra), argv)
        if standalone_mode:
            sys.exit(code)
        return code


def run(call: Any, argv: list[str]) -> int:
    """Run the root command (``call``) and turn every way it can end into an exit code."""
    saved_db, saved_debug = os.environ.get("ARBITRE_DB"), output.STATE.debug
    env_error = output.check_lang_env()
    if env_error is not None:
        output.err().print(output.escape(env_error))
        return exitcodes.BAD_INPUT
    output.set_lang(output.lang_from_argv(argv))
    output.STATE.debug = os.environ.get(output.DEBUG_ENV, "") not in ("", "0") or "--debug" in argv
    try:
        rv = call()
        return rv if isinstance(rv, int) else exitcodes.OK
    except cx.NoArgsIsHelpError as e:
        e.show()
        return exitcodes.BAD_INPUT
    except cx.ClickException as e:
        if isinstance(e, cx.UsageError) and e.ctx is not None:
            hint = ""
            if e.ctx.command.get_help_option(e.ctx) is not None:
                hint = f"Try '{e.ctx.command_path} {e.ctx.help_option_names[0]}' for help.\n"
            typer.echo(f"{e.ctx.get_usage()}\n{hint}", err=True)
        output.print_error(e.format_message())
        return e.exit_code if e.exit_code in (exitcodes.BAD_INPUT, exitcodes.KB_ERROR) else exitcodes.BAD_INPUT
    except (typer.Abort, KeyboardInterrupt):
        return exitcodes.INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout()
        return exitcodes.OK
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else exitcodes.OK
    finally:
        output.STATE.debug = saved_debug
        if saved_db is None:
            os.environ.pop("ARBITRE_DB", None)
        else:
            os.environ["ARBITRE_DB"] = saved_db


def _internal_error(e: BaseException) -> None:
    output.print_error(output.INTERNAL.format(kind=type(e).__name__))
    if output.STATE.debug:
        import traceback

        traceback.print_exception(e, file=sys.stderr)


def _quiet_stdout() -> None:
    """The reader of our stdout went away (``| head -1``): drop what is left, say nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (tests): nothing to flush
        pass


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("arbitre")
        except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
            v = "unknown"
        typer.echo(f"arbitre {v}")
        raise typer.Exit(exitcodes.OK)


app = typer.Typer(
    name="arbitre",
    cls=_Group,
    help="A tournament director's knowledge base for card games with an auction (bridge first).\n\n"
    "\b\nExamples:\n  arbitre classify \"1H P 2C X\" --dealer S\n  arbitre ruling list --lang fr\n"
    "  arbitre classify --game coinche \"80H P 90S X P P P\"",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", is_eager=True, callback=_version,
                                 help="Print arbitre's version and exit."),
    debug: bool = typer.Option(False, "--debug", help="On an internal error, print the traceback."),
) -> None:
    """A tournament director's knowledge base for card games with an auction (bridge first)."""


from arbitre.cli import cmd_classify  # noqa: E402  (the hot path is registered eagerly)

cmd_classify.register(app)


def main() -> None:
    """Console-script entry point."""
    output.drop_unreadable_sizes()
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
