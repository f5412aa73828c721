"""`arbitre states`: the positional state machine of seed 000, as a table or a diagram."""
from __future__ import annotations

from typing import Annotated

import typer

from arbitre.cli.common import DbOpt, JsonOpt, Lang, LangOpt, out, print_json
from arbitre.rulings.i18n import T

_TITLE = T("États positionnels (graine 000)", "Positional states (seed 000)")
_COLUMNS = {"pos": T("Pos.", "Pos."), "code": T("Code", "Code"), "call": T("Déclaration", "Call"),
            "meaning": T("Signification", "Meaning"), "db": T("Classe BD", "DB class")}
_ACTION = {"pass": T("passe", "pass"), "call": T("enchère", "call")}


def register(app: typer.Typer) -> None:
    @app.command()
    def states(
        graph: Annotated[bool, typer.Option("--graph", help="Print the machine as a Mermaid flowchart.")] = False,
        lang: LangOpt = Lang.en,
        db: DbOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """List the 30 positional state codes with their meaning and bidding-database class.

        \b
        Examples:
          arbitre states --lang fr
          arbitre states --graph > machine.mmd
        """
        from arbitre.cli.common import connect
        from arbitre.kb.access import load_machine

        machine = load_machine(connect(db))
        if graph:
            typer.echo(machine.mermaid(lang.value), nl=False)
            return
        if as_json:
            print_json(machine.export())
            return
        from rich.table import Table

        from arbitre.cli.output import escape

        ln = lang.value
        states = sorted(machine.states.values(), key=lambda s: (s.position, s.code))
        codes = [s.code + ("\n(" + ", ".join(s.aliases) + ")" if s.aliases else "") for s in states]
        t = Table(title=_TITLE.get(ln))
        for key in ("pos", "code", "call", "meaning", "db"):  # identifiers are never wrapped
            t.add_column(_COLUMNS[key].get(ln), no_wrap=key in ("pos", "code", "call", "db"))
        for s, code in zip(states, codes, strict=True):
            t.add_row(str(s.position), escape(code), _ACTION[s.action].get(ln), escape(s.label.get(ln)),
                      escape(s.db_class))
        out().print(t)


app = typer.Typer()
register(app)
