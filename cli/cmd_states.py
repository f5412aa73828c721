"""`arbitre states`: the positional state machine of seed 000, as a table or a diagram."""
from __future__ import annotations

from typing import Annotated

import typer

from arbitre.cli.common import DbOpt, JsonOpt, LangOpt, Lang, out, print_json


def register(app: typer.Typer) -> None:
    @app.command()
    def states(
        graph: Annotated[bool, typer.Option("--graph", help="Print the machine as a Mermaid flowchart.")] = False,
        lang: LangOpt = Lang.en,
        db: DbOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """List the 30 positional state codes with their meaning and bidding-database class.

        Example: arbitre states --lang fr ; arbitre states --graph > machine.mmd
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

        fr = lang is Lang.fr
        t = Table(title="États positionnels (graine 000)" if fr else "Positional states (seed 000)")
        for col in (("Pos.", "Pos."), ("Code", "Code"), ("Déclaration", "Call"), ("Signification", "Meaning"),
                    ("Classe BD", "DB class")):
            t.add_column(col[0] if fr else col[1])
        for s in sorted(machine.states.values(), key=lambda s: (s.position, s.code)):
            action = {"pass": ("passe", "pass"), "call": ("enchère", "call")}[s.action]
            t.add_row(str(s.position), s.code + (" (" + ", ".join(s.aliases) + ")" if s.aliases else ""),
                      action[0] if fr else action[1], s.label.get(lang.value), s.db_class)
        out().print(t)


app = typer.Typer()
register(app)
