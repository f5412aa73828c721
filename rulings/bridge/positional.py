"""The positional state machine of seed 000, as data.

The machine is rows (states and transitions) read from the KB; nothing here knows a
state code. A seat's state comes from the states of the seats before it (player 1 is
the dealer) and whether its first call is a pass or any other call. The machine can be
exported to a plain dict and rebuilt from it, and drawn as a Mermaid diagram.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.rulings.i18n import T


@dataclass(frozen=True)
class State:
    code: str
    position: int
    action: str  # pass | call
    label: T
    db_class: str
    db_class_label: T | None = None
    aliases: tuple[str, ...] = ()
    flags: tuple[dict[str, Any], ...] = ()


@dataclass
class Machine:
    game: str
    states: dict[str, State]
    transitions: dict[tuple[int, tuple[str, ...], str], str]  # (position, context, action) -> state code
    _alias: dict[str, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._alias = {a.casefold(): s.code for s in self.states.values() for a in (s.code, *s.aliases)}

    def step(self, context: tuple[str, ...], action: str) -> State | None:
        code = self.transitions.get((len(context) + 1, context, action))
        return self.states[code] if code else None

    def resolve(self, code: str) -> State | None:
        """A state by its code or an alias (case-insensitive)."""
        real = self._alias.get(code.casefold())
        return self.states[real] if real else None

    # -- round trip ------------------------------------------------------------------
    def export(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "states": [
                {"code": s.code, "position": s.position, "action": s.action, "label": s.label.as_dict(),
                 "db_class": s.db_class, "aliases": list(s.aliases)}
                for s in sorted(self.states.values(), key=lambda s: (s.position, s.code))
            ],
            "transitions": [
                {"position": p, "context": list(ctx), "action": a, "state": code}
                for (p, ctx, a), code in sorted(self.transitions.items())
            ],
        }

    @classmethod
    def from_export(cls, doc: dict[str, Any]) -> Machine:
        states = {
            s["code"]: State(s["code"], s["position"], s["action"], T(**s["label"]), s["db_class"],
                             aliases=tuple(s.get("aliases", ())))
            for s in doc["states"]
        }
        transitions = {(t["position"], tuple(t["context"]), t["action"]): t["state"] for t in doc["transitions"]}
        return cls(doc["game"], states, transitions)

    def mermaid(self, lang: str = "en") -> str:
        """A flowchart: each context (the previous seat's state) leads to two states."""
        lines = ["flowchart LR", '    start(["' + ("donneur" if lang == "fr" else "dealer") + '"])']
        for (_pos, ctx, action), code in sorted(self.transitions.items()):
            src = ctx[-1] if ctx else "start"
            label = {"pass": "P" if lang == "en" else "Passe", "call": "call" if lang == "en" else "enchère"}[action]
            lines.append(f"    {src} -->|{label}| {code}")
        for s in sorted(self.states.values(), key=lambda s: (s.position, s.code)):
            text = s.label.get(lang).replace('"', "'")
            lines.append(f'    {s.code}["{s.code}<br/>{text}<br/><i>{s.db_class}</i>"]')
        return "\n".join(lines) + "\n"


@dataclass
class SeatState:
    position: int  # 1..4, 1 = dealer
    state: State | None  # None while the seat has not called yet
    first_index: int | None  # index of the seat's first call in the record


def seat_states(machine: Machine, first_actions: list[str | None]) -> list[SeatState]:
    """States of positions 1-4 from each position's first action (pass/call/None)."""
    out: list[SeatState] = []
    context: list[str] = []
    for pos, action in enumerate(first_actions, start=1):
        state = machine.step(tuple(context), action) if action is not None and len(context) == pos - 1 else None
        out.append(SeatState(pos, state, None))
        if state is not None:
            context.append(state.code)
    return out
