"""The host's deck: commitment, reveal, and where every card must go.

What:

* :func:`commit` hashes a deck order with a random salt (SHA-256 over the
  canonical JSON ``{"deck": [...], "salt": hex}``); the host publishes the
  hash before dealing (``ENGAGEMENT_PAQUET``) and reveals deck and salt when
  the deal ends (``REVELER_PAQUET``); :func:`opens` checks the reveal.
* :func:`layout` says, for a revealed deck, which cards each seat must have
  received in the first round (3+2), the turned card, and the second round
  (3, or 2 for the taker who also gets the turned card). It replays the
  referee's own :func:`arbitre.rulings.belote.deal.deal` so the peers use the
  documented distribution, not a second copy of it.
* :func:`gather` and :func:`~arbitre.rulings.belote.deal.cut_at` (the
  referee's cut, re-exported here) build the next deal's deck as at a real
  table: the tricks gathered in the order they were played, then cut by the
  host at a position of at least 3 cards from either end.

Why: the host deals, so it could stack the deck once it had seen the bids;
the commitment ties it to one order before anything is seen, and every peer
can check its own hand, the turned card and every card played against it.
"""
from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from arbitre.p2p.envelope import canonical
from arbitre.rulings.belote.cards import DECK, Card, Suit
from arbitre.rulings.belote.deal import CUT_MIN, cut_at, deal

__all__ = ["CUT_MIN", "Layout", "commit", "cut_at", "gather", "layout", "new_salt", "opens"]


def new_salt() -> str:
    return secrets.token_hex(16)


def commit(deck: Sequence[Card], salt: str) -> str:
    """The hex SHA-256 commitment to ``deck`` (top card first) and ``salt``."""
    return hashlib.sha256(canonical({"deck": [c.short() for c in deck], "salt": salt})).hexdigest()


def opens(commitment: str, deck: Sequence[Card], salt: str) -> bool:
    """True when ``deck`` and ``salt`` are what ``commitment`` was made of, and ``deck`` is a full pack."""
    return len(deck) == 32 and set(deck) == set(DECK) and commit(deck, salt) == commitment


@dataclass(frozen=True)
class Layout:
    """Where the cards of a deck go: first round (5 by seat), turned card, second round (by seat)."""

    first: tuple[tuple[Card, ...], ...]
    turned: Card
    second: tuple[tuple[Card, ...], ...]  # empty when nobody took

    def hand(self, seat: int) -> set[Card]:
        """All the cards ``seat`` holds once the deal is complete (taker: turned card included)."""
        return set(self.first[seat]) | set(self.second[seat])


def layout(deck: Sequence[Card], dealer: int, taker: int | None = None, trump: Suit | None = None) -> Layout:
    """Distribute ``deck`` the documented way; ``taker`` ``None`` stops after the turned card."""
    def replay(seat: int, hand: object, turned: object, rnd: int) -> Suit | None:
        return trump if seat == taker else None

    dealt = deal(list(deck), dealer, replay)
    # deal() gives the turned suit in round 1 only; a taker in another suit speaks in round 2.
    return Layout(tuple(tuple(h) for h in dealt.first_round), dealt.turned,
                  tuple(tuple(h) for h in dealt.second_round) if taker is not None else ((), (), (), ()))


def gather(tricks: Sequence[Sequence[Card]]) -> list[Card]:
    """The played cards picked up trick after trick, in play order (top card first)."""
    return [c for trick in tricks for c in trick]
