"""Re-check a whole deal once the deck is revealed, with `arbitre belote check`'s logic.

What: :func:`deal_record` writes one played deal in the seed 001 JSON schema
(players are the peers' names, teams ``equipe_A`` = seats 0 and 2,
``equipe_B`` = seats 1 and 3, every announce the hands hold is listed and the
checker keeps only the side with the best one, as the engine does).
:func:`rule_deal` runs :func:`arbitre.rulings.belote.check.check_game` on it:
legal cards with the now-known hands, renonces, card points, announces,
belote, capot, litige, and the renonce penalty of the KB's belote rules
(:mod:`arbitre.rulings.belote.check`). The result, :class:`DealRuling`, is
what every peer expects the host's ``POINTS`` to say.

Why: one referee for a recorded game and for a live one: a peer re-uses the
record checker rather than a second scoring path, so every peer rules a
renonce identically, and the game record it writes is one `belote check`
finds clean (a renonce aside, which it reports with the same penalty).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from arbitre.rulings.belote.cards import Card, Suit
from arbitre.rulings.belote.check import DefectKind, check_game
from arbitre.rulings.belote.record import GameRecord
from arbitre.rulings.belote.scoring import (
    BELOTE_POINTS,
    AnnounceKind,
    has_belote,
    possible_announces,
)

TEAMS = ("A", "B")
"""Team of seat ``s`` is ``TEAMS[s % 2]``."""

#: Defects that only say the recorded result differs from the recomputed one (we record the recomputed one).
_RESULT_KINDS = {DefectKind.SCORE_MISMATCH, DefectKind.CONTRACT_RESULT, DefectKind.TEAM_TOTAL}


def team_of(seat: int) -> str:
    """The team (``"A"`` or ``"B"``) of ``seat``; ``team_of(seat + 1)`` is the other one."""
    return TEAMS[seat % 2]


def team_key(team: str) -> str:
    """The record's name of ``team``: ``equipe_A``, ``equipe_B``."""
    return f"equipe_{team}"


def _fr(cards: Sequence[Card]) -> list[dict[str, str]]:
    return [c.to_fr_json() for c in cards]


def players_and_teams(names: Sequence[str], totals: dict[str, int] | None = None) -> dict[str, Any]:
    """The ``joueurs`` and ``equipes`` parts of a record."""
    teams: dict[str, dict[str, Any]] = {}
    for t, team in enumerate(TEAMS):
        teams[team_key(team)] = {"joueurs": [names[t], names[t + 2]]}
        if totals is not None:
            teams[team_key(team)]["score_total"] = totals[team]
    return {"joueurs": [{"id_joueur": n, "nom": n, "position": s + 1} for s, n in enumerate(names)],
            "equipes": teams}


def deal_record(names: Sequence[str], number: int, dealer: int, deck: Sequence[Card],
                first: Sequence[Sequence[Card]], turned: Card, second: Sequence[Sequence[Card]],
                taker: int, trump: Suit, tricks: Sequence[Sequence[tuple[int, Card]]],
                winners: Sequence[int], scores: dict[str, int] | None = None,
                made: bool | None = None) -> dict[str, Any]:
    """One deal (``manches[i]``) in the seed 001 schema; ``scores`` by team, ``None`` before ruling."""
    hands = [list(first[s]) + list(second[s]) for s in range(4)]
    announces: list[dict[str, Any]] = []
    for s in range(4):
        if has_belote(hands[s], trump):
            announces.append({"joueur_id": names[s], "type": AnnounceKind.BELOTE.value, "valeur": BELOTE_POINTS})
        announces.extend({"joueur_id": names[s], "type": a.kind.value, "valeur": a.points}
                         for a in possible_announces(hands[s]))
    taker_team, defence = team_of(taker), team_of(taker + 1)
    scores = scores or {"A": 0, "B": 0}
    return {
        "numero_manche": number,
        "dealer_position": dealer + 1,
        "paquet_initial_ordonne": _fr(deck),
        "distribution": {
            "carte_retournee": turned.to_fr_json(),
            "premier_tour": {names[s]: _fr(first[s]) for s in range(4)},
            "deuxieme_tour": {names[s]: _fr([c for c in second[s] if not (s == taker and c == turned)])
                              for s in range(4)},
        },
        "contrat": {"preneur_id": names[taker], "equipe_prenante": taker_team, "atout": trump.fr},
        "plis": [{"numero_pli": k, "meneur_id": names[trick[0][0]],
                  "cartes_jouees": [{"joueur_id": names[s], "carte": c.to_fr_json()} for s, c in trick],
                  "vainqueur_id": names[winners[k - 1]]}
                 for k, trick in enumerate(tricks, start=1)],
        "resultat_manche": {"contrat_reussi": made, "score_equipe_prenante": scores[taker_team],
                            "score_equipe_defense": scores[defence], "annonces": announces},
    }


@dataclass(frozen=True)
class DealRuling:
    """What a peer computes for a finished deal: the payload every peer expects in ``POINTS``."""

    scores: dict[str, int]  # by team, after any renonce penalty
    made: bool
    litige: bool
    held_over: int
    renonce: dict[str, Any] | None  # the ruled renonce: seat name, trick, card, obligation, offending team
    defects: tuple[str, ...]  # other defects (cheating beyond a renonce): kind and English message

    def payload(self) -> dict[str, Any]:
        return {"scores": dict(self.scores), "made": self.made, "litige": self.litige,
                "held_over": self.held_over, "renonce": self.renonce}


def rule_deal(names: Sequence[str], deal: dict[str, Any]) -> DealRuling:
    """Check one deal record with the referee and say what it scores."""
    game = GameRecord.model_validate({**players_and_teams(names), "manches": [deal]})
    report = check_game(game)
    dr = report.deals[0]
    taker_team = dr.taker_team.removeprefix("equipe_")
    defence = dr.defence_team.removeprefix("equipe_")
    r = dr.recomputed
    scores = {taker_team: r.taker, defence: r.defence}
    renonce = None
    first = next((d for d in report.defects if d.kind is DefectKind.RENONCE), None)
    if first is not None and dr.adjusted is not None and first.penalty is not None:
        scores = {k.removeprefix("equipe_"): v for k, v in dr.adjusted.items()}
        renonce = {"player": first.player, "trick": first.trick, "card": first.card.short() if first.card else None,
                   "obligation": first.obligation.value if first.obligation else None,
                   "offending_team": first.penalty.offending_team.removeprefix("equipe_")}
    others = tuple(f"{d.kind.value}: {d.message.en}" for d in report.defects
                   if d.kind is not DefectKind.RENONCE and d.kind not in _RESULT_KINDS)
    made = r.made and renonce is None or (renonce is not None and renonce["offending_team"] != taker_team)
    return DealRuling(scores, made, r.litige and renonce is None, r.held_over if renonce is None else 0,
                      renonce, others)
