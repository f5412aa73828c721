"""The score sheet: every coup's payments and every player's running total (always summing to 0).

What: :class:`ScoreSheet` built from the coups' net payments (seat -> points,
the dealer included). Why: the rulebook has one player keep the sheet for the
whole game while the dealer rotates; the sheet is what the table settles on.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class SheetRow:
    coup: int
    outcome: str
    payments: dict[int, int]
    totals: dict[int, int]


@dataclass
class ScoreSheet:
    players: list[str]
    rows: list[SheetRow] = field(default_factory=list)

    @classmethod
    def from_payments(cls, players: Sequence[str], coups: Sequence[tuple[int, str, dict[int, int]]]) -> ScoreSheet:
        seats = range(1, len(players) + 1)
        totals = {s: 0 for s in seats}
        sheet = cls(list(players))
        for number, outcome, pay in coups:
            for s in seats:
                totals[s] += pay.get(s, 0)
            sheet.rows.append(SheetRow(number, outcome, {s: pay.get(s, 0) for s in seats}, dict(totals)))
        return sheet

    @property
    def totals(self) -> dict[int, int]:
        return self.rows[-1].totals if self.rows else {s: 0 for s in range(1, len(self.players) + 1)}

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players,
                "rows": [{"coup": r.coup, "outcome": r.outcome, "payments": {str(k): v for k, v in r.payments.items()},
                          "totals": {str(k): v for k, v in r.totals.items()}} for r in self.rows],
                "totals": {str(k): v for k, v in self.totals.items()}}
