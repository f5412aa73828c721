"""The one vocabulary of call kinds, shared by every game with an auction.

A call is a pass, a bid, a double or a redouble; belote's taking rounds add *take*, and a
table protocol meets tokens no grammar reads (*unknown*, answered with an error reply).
Coinche's *coinche* and *surcoinche* are the double and the redouble of that game: the
same kinds, written in the game's own words. Each game's words are in the registry
(:meth:`arbitre.rulings.games.Game.call_word`), so JSON documents and user text keep
saying ``"coinche"`` where the game says it.
"""
from __future__ import annotations

from enum import Enum


class CallKind(str, Enum):
    """What a call is, whatever the game (the value is the default word for it)."""

    PASS = "pass"
    BID = "bid"
    DOUBLE = "double"  # bridge X (contre); coinche's "coinche"
    REDOUBLE = "redouble"  # bridge XX (surcontre); coinche's "surcoinche"
    TAKE = "take"  # belote's taking rounds: take the turned card's suit, or name another
    UNKNOWN = "unknown"  # a token the game's grammar does not read (kept, and answered with an error)
