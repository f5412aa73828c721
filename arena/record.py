"""Write played deals as a game record in the seed 001 JSON schema.

What: :func:`game_record` turns a list of :class:`~arbitre.arena.dealing.PlayedDeal`
into the ``joueurs``/``equipes``/``manches`` document that ``arbitre belote check``
reads: players ``J1``..``J4`` at positions 1..4 (seat 0 is ``J1``), teams
``equipe_A`` = J1+J3 and ``equipe_B`` = J2+J4, and for every deal the dealer, the
pack as dealt (``paquet_initial_ordonne``), the two distribution rounds, the
contract, the eight tricks, the announces and the result. :func:`record_from_played`
is the one-deal record.

A litige (equal totals, "held over" variant) freezes the takers' points for the
winner of the next deal; that deal's ``resultat_manche.points_litige_recus`` says
which team received how many, so that the team totals still add up (the checker
counts it).

Why: a consistent record of what the engine did, that the referee's checker finds
clean; the tests check that over many seeds.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arbitre.arena.dealing import PlayedDeal
from arbitre.rulings.belote.cards import DECK
from arbitre.rulings.belote.scoring import possible_announces

IDS = ("J1", "J2", "J3", "J4")
TEAMS = ("equipe_A", "equipe_B")


def deal_record(played: PlayedDeal, number: int, received: tuple[int, int] = (0, 0),
                with_pack: bool = True) -> dict[str, Any]:
    """One ``manches`` entry; ``received`` is the litige points each team received on this deal."""
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
            "cartes_jouees": [{"joueur_id": IDS[s], "carte": DECK[c].to_fr_json()} for s, c in trick],
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
    result: dict[str, Any] = {"contrat_reussi": score.made, "score_equipe_prenante": score.taker,
                              "score_equipe_defense": score.defence, "annonces": announces}
    if score.litige:
        result["litige_points_reportes"] = score.held_over
    if any(received):
        result["points_litige_recus"] = {TEAMS[t]: received[t] for t in (0, 1) if received[t]}
    out: dict[str, Any] = {"numero_manche": number, "dealer_position": dealt.dealer + 1}
    if with_pack:
        out["paquet_initial_ordonne"] = [DECK[c].to_fr_json() for c in played.pack]
    out.update({
        "distribution": {"carte_retournee": dealt.turned.to_fr_json(), "premier_tour": first,
                         "deuxieme_tour": second},
        "contrat": {"preneur_id": IDS[dealt.taker], "equipe_prenante": "AB"[taker_team], "atout": dealt.trump.fr},
        "plis": tricks,
        "resultat_manche": result,
    })
    return out


def game_record(deals: Sequence[PlayedDeal], names: Sequence[str] = IDS,
                received: Sequence[tuple[int, int]] | None = None,
                extra: dict[str, Any] | None = None, with_pack: bool = True,
                blanks: Sequence[int] | None = None) -> dict[str, Any]:
    """A game record of ``deals`` (in order); ``names[seat]`` is shown as each player's ``nom``;
    ``blanks[i]``, the deals nobody took just before deal ``i`` (``donnes_blanches``: with it
    the checker follows the dealer's rotation)."""
    received = received or [(0, 0)] * len(deals)
    totals = [0, 0]
    manches = []
    for number, (played, got) in enumerate(zip(deals, received, strict=False), start=1):
        a, b = played.team_scores()
        totals[0] += a + got[0]
        totals[1] += b + got[1]
        record = deal_record(played, number, got, with_pack)
        if blanks is not None:
            record["donnes_blanches"] = blanks[number - 1]
        manches.append(record)
    doc: dict[str, Any] = dict(extra or {})
    doc.update({
        "joueurs": [{"id_joueur": IDS[s], "nom": names[s], "position": s + 1} for s in range(4)],
        "equipes": {
            TEAMS[0]: {"joueurs": ["J1", "J3"], "score_total": totals[0]},
            TEAMS[1]: {"joueurs": ["J2", "J4"], "score_total": totals[1]},
        },
        "manches": manches,
    })
    return doc


def record_from_played(played: PlayedDeal) -> dict[str, Any]:
    """A one-deal game record (plain JSON-able dict) for ``played``, without the pack order."""
    return game_record([played], with_pack=False)


__all__ = ["deal_record", "game_record", "record_from_played"]
