"""What a peer shows of its game: its view (``GET /etat_du_jeu``) and the game record (``GET /partie``).

What: :func:`game_view` is this peer's view: seat, players, status, whose
turn, the contract, the tricks, the totals, each deal's points, the results,
a dispute or an absent seat, and the digest of the record; never another
seat's cards. :func:`game_record` is the game so far in the seed 001 JSON
schema (the scored deals only), numbered by :func:`numbered`.

Why: the orchestrator compares the four peers' views (same status, totals,
results and record digest) to say whether they agree; the record is what
``arbitre belote check`` reads.
"""
from __future__ import annotations

import hashlib
from typing import Any

from arbitre.p2p.envelope import canonical
from arbitre.p2p.recheck import players_and_teams
from arbitre.p2p.state import PeerGame


def numbered(deals: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The played deals as the record numbers them: 1, 2, 3... with ``donnes_blanches``, the
    deals nobody took in between (the table counts every deal, the record only those played),
    so that the checker can follow the dealer's rotation."""
    out, previous = [], 0
    for i, deal in enumerate(deals, start=1):
        table_number = int(deal["numero_manche"])
        out.append({**deal, "numero_manche": i, "donnes_blanches": max(table_number - previous - 1, 0)})
        previous = table_number
    return out


def game_record(game: PeerGame) -> dict[str, Any]:
    """The game so far in the seed 001 JSON schema (played, scored deals only)."""
    if not game.roster:
        return {}
    return {**players_and_teams(game.names, game.totals), "manches": numbered(game.deals)}


def game_view(game: PeerGame) -> dict[str, Any]:
    """GET /etat_du_jeu: this peer's view (never another seat's cards)."""
    d = game.deal
    names = game.names
    nxt = game.expected()
    return {
        "game_id": game.game_id, "me": game.me, "seat": game.seat if game.roster else None,
        "status": game.status, "target": game.target,
        "players": [s.as_dict() for s in game.roster], "seq": game.seq, "last_action": game.last,
        "deal": d.number if d else None, "host": names[d.dealer] if d and names else None,
        "next": {"type": nxt[0], "from": names[nxt[1]]} if nxt else None,
        "contract": ({"taker": names[d.taker], "trump": d.trump.fr}
                     if d and d.taker is not None and d.trump is not None else None),
        "cards_in_hand": len(d.hand()) if d else 0,
        "tricks": [{"cards": [[names[s], c.short()] for s, c in t], "winner": names[w]}
                   for t, w in zip(d.tricks, d.winners, strict=False)] if d else [],
        "current_trick": [[names[s], c.short()] for s, c in d.current] if d else [],
        "totals": dict(game.totals), "deal_results": list(game.deal_results), "results": game.results,
        "dispute": game.dispute, "absent": game.absent,
        "record_sha256": hashlib.sha256(canonical(game_record(game))).hexdigest(),
    }
