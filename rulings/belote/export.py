"""Write an engine-played deal as a record in the seed 001 JSON schema.

What: :func:`record_from_played` turns a :class:`~arbitre.rulings.belote.game.PlayedDeal`
into the ``joueurs``/``equipes``/``manches`` document the checker reads
(players ``J1``..``J4`` at positions 1..4, teams ``equipe_A`` = J1+J3 and
``equipe_B`` = J2+J4).

Why: a consistent reference record. The tests check that every such record
is found clean, and that a single planted error is found (and only it).
"""
from __future__ import annotations

from typing import Any

from arbitre.rulings.belote.cards import Card
from arbitre.rulings.belote.game import PlayedDeal
from arbitre.rulings.belote.scoring import possible_announces

IDS = ("J1", "J2", "J3", "J4")
TEAMS = ("equipe_A", "equipe_B")


def record_from_played(played: PlayedDeal) -> dict[str, Any]:
    """A one-deal game record (plain JSON-able dict) for ``played``."""
    dealt = played.dealt
    assert dealt.taker is not None and dealt.trump is not None
    taker_team = dealt.taker & 1
    first = {IDS[s]: [c.to_fr_json() for c in dealt.first_round[s]] for s in range(4)}
    second = {IDS[s]: [c.to_fr_json() for c in dealt.second_round[s] if not (s == dealt.taker and c == dealt.turned)]
              for s in range(4)}
    tricks = []
    for k, (trick, winner) in enumerate(zip(played.tricks, played.winners, strict=False), start=1):
        tricks.append({
            "numero_pli": k, "meneur_id": IDS[trick[0][0]],
            "cartes_jouees": [{"joueur_id": IDS[s], "carte": Card.from_index(c).to_fr_json()} for s, c in trick],
            "vainqueur_id": IDS[winner],
        })
    announces: list[dict[str, Any]] = []
    if played.belote_team is not None:
        holder = next(s for s in range(4) if s & 1 == played.belote_team
                      and sum(1 for c in dealt.hands[s] if c.suit == dealt.trump and c.rank.name in ("KING", "QUEEN")) == 2)
        announces.append({"joueur_id": IDS[holder], "type": "BELOTE-REBELOTE", "valeur": 20})
    for team in (0, 1):
        if played.announce_points[team]:
            for s in range(4):
                if s & 1 == team:
                    announces.extend({"joueur_id": IDS[s], "type": a.kind.value, "valeur": a.points}
                                     for a in possible_announces(dealt.hands[s]))
    score = played.score
    return {
        "joueurs": [{"id_joueur": IDS[s], "nom": IDS[s], "position": s + 1} for s in range(4)],
        "equipes": {
            TEAMS[0]: {"joueurs": ["J1", "J3"], "score_total": score.taker if taker_team == 0 else score.defence},
            TEAMS[1]: {"joueurs": ["J2", "J4"], "score_total": score.taker if taker_team == 1 else score.defence},
        },
        "manches": [{
            "numero_manche": 1,
            "dealer_position": dealt.dealer + 1,
            "distribution": {"carte_retournee": dealt.turned.to_fr_json(), "premier_tour": first,
                             "deuxieme_tour": second},
            "contrat": {"preneur_id": IDS[dealt.taker], "equipe_prenante": "AB"[taker_team],
                        "atout": dealt.trump.fr},
            "plis": tricks,
            "resultat_manche": {"contrat_reussi": score.made, "score_equipe_prenante": score.taker,
                                "score_equipe_defense": score.defence, "annonces": announces},
        }],
    }


__all__ = ["record_from_played"]
