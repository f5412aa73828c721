"""What every peer computes and expects the host to announce, word for word.

What: the payloads of the host's computations, each built from this peer's
own copy of the game with the referee's rules
(:mod:`arbitre.rulings.belote`): :func:`trick_result` (``REMPORTE_PLI``:
the trick's winner and points, dix de der in the last trick),
:func:`points_result` (``POINTS``: the deal as ruled by the record checker,
renonce penalty included, with the held-over litige points and the running
totals), :func:`final_results` (``RESULTATS``) and :func:`abandon_payload`
(``ABANDON``: the scores of the completed deals).

Why: the host sends the very payload its own referee computes, and every
other peer refuses any other one (a dispute); writing each payload once
here keeps the host's side and the checking side from drifting apart.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arbitre.p2p.model import TRICKS, Deal, Seat
from arbitre.p2p.recheck import TEAMS, team_of
from arbitre.rulings.belote.play import trick_winner
from arbitre.rulings.belote.scoring import LAST_TRICK_BONUS, cards_points


def trick_result(deal: Deal, names: Sequence[str]) -> dict[str, Any]:
    """The ``REMPORTE_PLI`` payload for the complete current trick of ``deal``."""
    assert deal.trump is not None and len(deal.current) == 4
    cards = [c for _, c in deal.current]
    winner = deal.current[trick_winner(cards, deal.trump)][0]
    points = cards_points(cards, deal.trump) + (LAST_TRICK_BONUS if len(deal.tricks) == TRICKS - 1 else 0)
    return {"trick": len(deal.tricks) + 1, "cards": [c.short() for c in cards], "winner": names[winner],
            "points": points}


def points_result(deal: Deal, totals: dict[str, int], held_over: int) -> dict[str, Any]:
    """The ``POINTS`` payload for the revealed, ruled ``deal``: its score, the ``held_over`` litige points
    paid to this deal's winning side (taker if made, else the defence), and the new running totals."""
    assert deal.ruling is not None
    scores = dict(deal.ruling.scores)
    totals = dict(totals)
    bonus: dict[str, int] = {"A": 0, "B": 0}
    if held_over and not deal.ruling.litige and deal.taker is not None:
        bonus[team_of(deal.taker if deal.ruling.made else deal.taker + 1)] = held_over
    for t in TEAMS:
        totals[t] += scores[t] + bonus[t]
    return {"deal": deal.number, **deal.ruling.payload(), "held_over_paid": bonus, "totals": totals}


def final_results(totals: dict[str, int], roster: Sequence[Seat], deals: int) -> dict[str, Any]:
    """The ``RESULTATS`` payload: totals, winning team, points of each player (their team's total)."""
    winner = "A" if totals["A"] > totals["B"] else "B"
    return {"totals": dict(totals), "winner": winner,
            "players": {s.name: totals[team_of(s.seat)] for s in roster}, "deals": deals}


def abandon_payload(absent: Seat, why: str, totals: dict[str, int], deals: int) -> dict[str, Any]:
    """The ``ABANDON`` payload: the absent seat, why, and the scores of the ``deals`` completed."""
    return {"absent": absent.name, "seat": absent.seat, "reason": why, "totals": dict(totals), "deals": deals}
