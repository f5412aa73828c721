"""Names, numbers and errors of the peer-to-peer belote protocol (one place for all of them).

What: the action types (seed 001 sequence diagram, plus the deck commitment,
its reveal, an abandonment and a dispute notice), the timeouts, the game
statuses, the faults a peer can be told to commit, and :class:`Refusal`, the error a peer answers when it refuses an
action (HTTP status, machine code, bilingual reason).

Why: the state machine, the HTTP service, the runtime, the CLI and the
README all speak of the same types and timeouts; they are defined here once.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arbitre.rulings.i18n import T

# -- action types (broadcast through POST /action, numbered by seq) -------------------------------
ENGAGEMENT_PAQUET = "ENGAGEMENT_PAQUET"  # host: hash of the deck order + salt, before dealing
RESULTAT_ENCHERES = "RESULTAT_ENCHERES"  # host: the signed bids, taker and trump (or nobody)
JOUER_CARTE = "JOUER_CARTE"  # the player whose turn it is: one card
REMPORTE_PLI = "REMPORTE_PLI"  # host: trick winner and the trick's points
REVELER_PAQUET = "REVELER_PAQUET"  # host: the deck order and the salt (opens the commitment)
POINTS = "POINTS"  # host: the deal's score (renonce penalty applied) and the running totals
COUPER_PAQUET = "COUPER_PAQUET"  # host: where the gathered tricks are cut for the next deal
JETON_HOTE = "JETON_HOTE"  # host: hands the host role to the next seat
RESULTATS = "RESULTATS"  # host: final totals, winner, points by player
FIN_PARTIE = "FIN_PARTIE"  # host: end of the game
ABANDON = "ABANDON"  # any present peer: a seat is unreachable, the game ends `abandoned`
LITIGE = "LITIGE"  # any peer: it disagrees with an action; the game ends `disputed` (not numbered)

ACTION_TYPES = (ENGAGEMENT_PAQUET, RESULTAT_ENCHERES, JOUER_CARTE, REMPORTE_PLI, REVELER_PAQUET, POINTS,
                COUPER_PAQUET, JETON_HOTE, RESULTATS, FIN_PARTIE, ABANDON, LITIGE)

# -- private messages (signed, carry the seq of the last action, do not advance it) -----------------
MAIN = "MAIN"  # host -> one seat, POST /recevoir_main: that seat's cards
DEMANDE_ENCHERE = "DEMANDE_ENCHERE"  # host -> one seat, POST /demander_enchere: speak now
ENCHERE = "ENCHERE"  # the seat's signed answer to /demander_enchere

# -- statuses of a peer's game ---------------------------------------------------------------------
LOBBY = "lobby"  # invited or joined, roster not yet received
PLAYING = "playing"
FINISHED = "finished"  # FIN_PARTIE applied
ABANDONED = "abandoned"  # a seat stopped answering; scores are those of the completed deals
DISPUTED = "disputed"  # a peer refused a host computation or a revealed deck; the game stopped
OVER = (FINISHED, ABANDONED, DISPUTED)
"""The statuses of a game that is over."""

FAULTS = ("wrong_winner", "bad_reveal", "renonce", "stall")
"""Misbehaviours a peer can be told to commit (``--fault``), for the attack tests and demonstrations."""

# -- timeouts (seconds) ----------------------------------------------------------------------------
HTTP_TIMEOUT = 5.0
"""One request to a peer; a peer that does not answer in time is unreachable."""
GAP_WAIT = 2.0
"""An action arriving before the one it follows is held this long for the missing one, then refused."""
STALL_TIMEOUT = 3.0
"""No action for this long while playing: the peer probes the seat expected to act."""
PROBE_TIMEOUT = 2.0
"""A probe (GET /etat_du_jeu) to a silent seat; no answer means the seat is absent."""
DETECTION_BOUND = STALL_TIMEOUT + PROBE_TIMEOUT + HTTP_TIMEOUT
"""A silent peer is detected and the game abandoned within this many seconds (documented bound). A killed
process refuses connections at once, so it is found after about ``STALL_TIMEOUT`` at most."""


@dataclass
class Refusal(Exception):
    """A refused action: ``status`` 401 (signature, unknown sender), 409 (turn, seq, other game, busy),
    422 (malformed, illegal, wrong host computation)."""

    status: int
    code: str
    reason: T
    dispute: bool = False  # the refusal is a disagreement with a host computation: the game stops

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "reason": self.reason.as_dict(), "dispute": self.dispute}

    def __str__(self) -> str:
        return f"{self.status} {self.code}: {self.reason.en}"
