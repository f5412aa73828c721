"""Read KB content with plain ``sqlite3`` (the fast path used by classify).

SQLAlchemy's ORM costs about 0.3 s to import; a cold ``arbitre classify`` must stay
near the cost of importing Typer and Rich, so these reads use the standard library.
"""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

from arbitre.rulings.bridge.positional import Machine, State
from arbitre.rulings.i18n import T


def load_machine(conn: sqlite3.Connection, game: str = "bridge") -> Machine:
    classes = {code: T(fr, en) for code, fr, en in conn.execute(
        "SELECT code, description_fr, description_en FROM db_classes WHERE game = ?", (game,))}
    states = {}
    for code, pos, action, fr, en, db_class, aliases, flags in conn.execute(
        "SELECT code, position, action, label_fr, label_en, db_class, aliases, flags FROM position_states "
        "WHERE game = ?", (game,)
    ):
        states[code] = State(code, pos, action, T(fr, en), db_class, classes.get(db_class),
                             tuple(a for a in aliases.split(",") if a), tuple(json.loads(flags)))
    transitions = {
        (pos, tuple(c for c in ctx.split(",") if c), action): state
        for pos, ctx, action, state in conn.execute(
            "SELECT position, context, action, state FROM position_transitions WHERE game = ?", (game,))
    }
    return Machine(game, states, transitions)


@dataclass(frozen=True)
class IrregularityKind:
    code: str
    law: str
    tree: str
    label: T


def load_irregularity_kinds(conn: sqlite3.Connection, game: str = "bridge") -> dict[str, IrregularityKind]:
    return {
        code: IrregularityKind(code, law, tree, T(fr, en))
        for code, law, tree, fr, en in conn.execute(
            "SELECT code, law, tree, label_fr, label_en FROM irregularity_kinds WHERE game = ?", (game,))
    }
