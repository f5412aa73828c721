"""The exchanges' rules that the engine and the checker share: who the opponents are, who must ask leave.

What: :func:`opponents_of` (the Joueur's two opponents in playing order, the
"second player" first) and :func:`leave_needed` (in a Solo, the second player
must ask the other opponent before discarding eight or nine cards).

The rulebook: "Dans les Solos [...] les joueurs adverses font leurs écarts
dans l'ordre normal du jeu [...] Toutefois, quand le deuxième joueur souhaite
écarter huit ou neuf cartes, il doit en demander l'autorisation à l'autre
joueur." The second player is the one after the Joueur in playing order (the
first to exchange in a Solo); the other player is the other opponent. Where
the rulebook is silent (see RULES.md): a refused player discards at most
seven; the third player, who exchanges last, needs no leave (nothing is taken
from anyone by his exchange).

Why: one rule written once, for ``game.play_coup`` and ``check``.
"""
from __future__ import annotations

from collections.abc import Sequence

from arbitre.rulings.tresillo.auction import Kind

SOLO_FREE_DISCARD = 7
"""The most cards the second player of a Solo may discard without the other opponent's leave."""


def opponents_of(speakers: Sequence[int], joueur: int) -> tuple[int, int]:
    """The Joueur's two opponents in playing order: the second player (the seat after him) first."""
    at = speakers.index(joueur)
    return speakers[(at + 1) % 3], speakers[(at + 2) % 3]


def leave_needed(kind: Kind, seat: int, count: int, opponents: Sequence[int]) -> int | None:
    """The seat whose leave ``seat`` needs to discard ``count`` cards under ``kind`` (None: none needed).

    ``opponents``: :func:`opponents_of` the Joueur.
    """
    if kind >= 4 and seat == opponents[0] and count > SOLO_FREE_DISCARD:  # kind >= 4: a Solo (Kind.is_solo)
        return opponents[1]
    return None
