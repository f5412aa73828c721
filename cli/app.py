"""The `arbitre` command: a thin Typer layer that parses, calls the library, renders.

Imports are made inside the commands so that a cold `arbitre classify` only pays for
what it uses (see benchmarks/).
"""
from __future__ import annotations

import sys

import typer
from typer.core import TyperGroup

from arbitre.cli import exitcodes


def _lang_from_argv(argv: list[str]) -> str:
    import os

    for i, arg in enumerate(argv):
        if arg in ("--lang", "-l") and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return os.environ.get("ARBITRE_LANG", "en")


LAZY = {
    "states": ("arbitre.cli.cmd_states", None),
    "db": ("arbitre.cli.cmd_db", None),
    "ruling": ("arbitre.cli.cmd_ruling", "ruling"),
    "law": ("arbitre.cli.cmd_ruling", "law"),
    "log": ("arbitre.cli.cmd_log", None),
    "belote": ("arbitre.cli.belote", None),
    "tresillo": ("arbitre.cli.tresillo", None),
    "coinche": ("arbitre.cli.coinche", None),
}
"""Commands imported only when used: a cold `arbitre classify` pays for classify alone
(the belote engine's import alone costs ~0.3 s). name -> (module with `app`, command in it)."""


class _Group(TyperGroup):
    """Turns library errors into one line on stderr and a documented exit code, and
    loads heavy sub-apps on first use."""

    def list_commands(self, ctx):
        return sorted({*super().list_commands(ctx), *LAZY})

    def get_command(self, ctx, name):
        cmd = super().get_command(ctx, name)
        if cmd is None and name in LAZY:
            import importlib

            module_name, inner = LAZY[name]
            cmd = typer.main.get_command(importlib.import_module(module_name).app)
            if inner is not None and hasattr(cmd, "commands"):
                cmd = cmd.commands[inner]
            cmd.name = name
            self.add_command(cmd, name)
        return cmd

    def invoke(self, ctx):
        from arbitre.kb.bootstrap import KBError
        from arbitre.rulings.errors import InputError

        rest = [*getattr(ctx, "_protected_args", []), *ctx.args]
        lang = _lang_from_argv(rest)
        try:
            return super().invoke(ctx)
        except InputError as e:
            typer.echo(f"error: {e.render(lang)}", err=True)
            ctx.exit(exitcodes.BAD_INPUT)
        except KBError as e:
            typer.echo(f"error: {e.message.get(lang)}", err=True)
            ctx.exit(exitcodes.KB_ERROR)


app = typer.Typer(
    name="arbitre",
    cls=_Group,
    help="A tournament director's knowledge base for card games with an auction (bridge first).\n\n"
    "Example: arbitre classify \"1H P 2C X\" --dealer S",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)



@app.callback()
def _root() -> None:
    """A tournament director's knowledge base for card games with an auction (bridge first)."""


from arbitre.cli import cmd_classify  # noqa: E402  (the hot path is registered eagerly)

cmd_classify.register(app)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
