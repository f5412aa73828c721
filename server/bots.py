"""Computer players for the coinche table: a documented bidding rule and a sensible legal card play.

Bidding rule (one call per turn, never a coinche or surcoinche):

* for each suit taken as trump, count ``strength`` = 3 for the trump Jack, 2 for the trump
  Nine, 1 for the trump Ace, 1 per other trump, 1 per side Ace, and 0.5 per side Ten held
  with its Ace;
* the best suit's strength ``s`` is worth a bid of ``80 + 10 * (s - 7)`` (nothing below
  7), at most 140;
* the bot bids that suit when the value is above the current contract and the contract
  is not its partner's; otherwise it passes. TA and SA are never bid (they are played).

Card play (every contract: suit, TA, SA), always among the referee's legal cards
(:func:`arbitre.rulings.belote.coinche.legal_cards`):

* leading: the highest card of the suit where the bot holds the master card (the Ace, or in
  trump/TA the Jack) if any, else the lowest card of its longest suit;
* the partner wins the trick: the legal card worth the most points, unless it is the master
  card of another suit;
* otherwise: the cheapest legal card that takes the trick, if one does; else the legal card
  worth the fewest points.
"""
from __future__ import annotations

from collections.abc import Sequence

from arbitre.rulings.belote.cards import Card, Rank, Suit
from arbitre.rulings.belote.coinche import (
    Contract,
    Denomination,
    NoTrump,
    card_points,
    legal_cards,
    trick_winner,
)
from arbitre.rulings.belote.coinche_auction import Call, CallKind, CoincheAuction

MIN_STRENGTH = 7
MAX_BOT_BID = 140


def suit_strength(hand: Sequence[Card], trump: Suit) -> float:
    """The bidding rule's count for ``trump`` (see the module docstring)."""
    s = 0.0
    for c in hand:
        if c.suit == trump:
            s += {Rank.JACK: 3, Rank.NINE: 2, Rank.ACE: 1}.get(c.rank, 0) + 1
        elif c.rank == Rank.ACE:
            s += 1
        elif c.rank == Rank.TEN and Card(c.suit, Rank.ACE) in hand:
            s += 0.5
    return s


def choose_call(hand: Sequence[Card], auction: CoincheAuction, seat: int) -> Call:
    """The bot's call at its turn (``seat`` in the auction's numbering)."""
    best = max(Suit, key=lambda s: suit_strength(hand, s))
    strength = suit_strength(hand, best)
    value = min(MAX_BOT_BID, 80 + 10 * int(strength - MIN_STRENGTH)) if strength >= MIN_STRENGTH else 0
    current = auction.contract
    partner_holds = auction.contract_seat is not None and (auction.contract_seat - seat) % 2 == 0
    if value and (current is None or value > current.rank) and not partner_holds and auction.level == 0:
        return Call(f"CONTRACT {value} {best.en}", CallKind.BID, str(value), best.en)
    return Call("PASS", CallKind.PASS)


def _master_rank(den: Denomination, suit: Suit) -> Rank:
    trumpish = den is NoTrump.TA or den == suit
    return Rank.JACK if trumpish else Rank.ACE


def choose_card(hand: Sequence[Card], trick: Sequence[Card], contract: Contract) -> Card:
    """A legal card for ``hand`` on ``trick`` under ``contract`` (see the module docstring)."""
    den = contract.denomination
    legal = legal_cards(hand, trick, den)
    if not trick:
        masters = [c for c in legal if c.rank == _master_rank(den, c.suit)]
        if masters:
            return masters[0]
        longest = max(Suit, key=lambda s: sum(1 for c in legal if c.suit == s))
        return min((c for c in legal if c.suit == longest), key=lambda c: card_points(c, den))
    pos = len(trick)
    winner = trick_winner(trick, den)
    if pos >= 2 and winner == pos - 2:  # the partner is winning
        safe = [c for c in legal if c.rank != _master_rank(den, c.suit) or c.suit == trick[0].suit]
        return max(safe or legal, key=lambda c: card_points(c, den))
    winning = [c for c in legal if trick_winner([*trick, c], den) == pos]
    if winning:
        return min(winning, key=lambda c: card_points(c, den))
    return min(legal, key=lambda c: card_points(c, den))
