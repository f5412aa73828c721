"""What one peer knows of the table: the seated peers and the deal in progress.

What: :class:`Seat` is one entry of the roster (name, seat, address, public
key); :class:`Deal` is the current deal as this peer sees it: its own cards
only, the turned card, the signed bids, the contract, the tricks played and
what the end of the deal revealed. Seats are numbered 0..3 in play order;
the seat after the dealer speaks and leads first
(:mod:`arbitre.rulings.belote.deal`).

Why: plain data with no checks and no I/O, shared by the referee
(:mod:`arbitre.p2p.actions`), the computations every peer must agree on
(:mod:`arbitre.p2p.verdicts`) and the views (:mod:`arbitre.p2p.view`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.p2p.recheck import DealRuling
from arbitre.rulings.belote.cards import Card, Suit

TRICKS = 8
"""Tricks in a deal (32 cards, four players)."""


def next_seat(seat: int) -> int:
    """The seat after ``seat`` in play order (the dealer's left speaks and leads first)."""
    return (seat + 1) % 4


@dataclass(frozen=True)
class Seat:
    """A seated peer: name, seat (0..3, play order), address and public key (hex)."""

    name: str
    seat: int
    url: str
    public_key: str

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "seat": self.seat, "url": self.url, "public_key": self.public_key}


@dataclass
class Deal:
    """The current deal as this peer sees it."""

    number: int
    dealer: int  # the host of this deal
    expected_deck: list[Card] | None = None  # deals 2+: the gathered tricks, cut (COUPER_PAQUET)
    commitment: str | None = None
    first: list[Card] = field(default_factory=list)  # my first 5 cards
    second: list[Card] = field(default_factory=list)  # my second-round cards (turned card included for the taker)
    turned: Card | None = None
    bids: list[dict[str, Any]] = field(default_factory=list)
    taker: int | None = None
    trump: Suit | None = None
    auction_done: bool = False
    tricks: list[list[tuple[int, Card]]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    current: list[tuple[int, Card]] = field(default_factory=list)
    played: set[Card] = field(default_factory=set)
    revealed: list[Card] | None = None
    ruling: DealRuling | None = None
    record: dict[str, Any] | None = None
    scored: bool = False

    def leader(self) -> int:
        """The seat that leads the current trick: the last trick's winner, else the dealer's left."""
        return self.winners[-1] if self.winners else next_seat(self.dealer)

    def to_play(self) -> int | None:
        """The seat whose card is expected now; ``None`` outside the play or when a trick is complete."""
        if self.taker is None or len(self.tricks) == TRICKS or len(self.current) == 4:
            return None
        return (self.leader() + len(self.current)) % 4

    def hand(self) -> list[Card]:
        """My cards not yet played."""
        return [c for c in self.first + self.second if c not in self.played]
