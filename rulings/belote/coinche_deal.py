"""One coinche deal: the 3-2-3 deal, the obligation a card breaks, and the deal's score.

What:

* :func:`deal_323`: every card dealt before the auction, 3 then 2 then 3 to each player
  from the dealer's left (seats 0..3; 0 and 2 are partners);
* :func:`obligation_broken`: the obligation (follow, trump, overtrump) an illegal card
  breaks under a suit, TA or SA contract (suit contracts: the belote rule of
  :func:`arbitre.rulings.belote.play.violated_obligation`; TA: follow and go higher;
  SA: follow);
* :func:`score_played_deal`: card points per denomination plus 10 for the last trick, a
  belote (King and Queen of the trump suit in one hand, suit contracts only) for its
  holder's side, then :func:`arbitre.rulings.belote.coinche.contract_made` and
  :func:`arbitre.rulings.belote.coinche.score_coinche`. The protocol has no announces.

Why: the table server plays deals with these rules and the record checker
(:mod:`arbitre.rulings.belote.coinche_check`) recomputes them with the same functions.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from arbitre.rulings.belote.cards import DECK, Card, Rank, Suit
from arbitre.rulings.belote.coinche import (
    CoincheScore,
    CoincheVariants,
    Contract,
    Denomination,
    card_points,
    contract_made,
    legal_cards,
    legal_mask_on_trick,
    score_coinche,
)
from arbitre.rulings.belote.play import Obligation, mask_of, violated_obligation

LAST_TRICK = 10


def deal_323(pack: Sequence[Card], dealer: int) -> list[list[Card]]:
    """Deal a 32-card pack (top card first) 3-2-3 from the dealer's left."""
    hands: list[list[Card]] = [[], [], [], []]
    pos = 0
    for packet in (3, 2, 3):
        for i in range(1, 5):
            hands[(dealer + i) % 4].extend(pack[pos:pos + packet])
            pos += packet
    return hands


def obligation_broken(hand: Sequence[Card], trick: Sequence[Card], contract: Contract, card: Card) -> Obligation | None:
    """The obligation ``card`` (held) breaks on ``trick``, or ``None`` when it may be played."""
    den = contract.denomination
    if not trick or legal_mask_on_trick(mask_of(hand), [c.index for c in trick], den) >> card.index & 1:
        return None  # the common case, on the bitmask kernel
    if isinstance(den, Suit):
        return violated_obligation(list(hand), list(trick), den, card)
    if not trick or card in legal_cards(hand, trick, den):
        return None
    if card.suit != trick[0].suit:
        return Obligation.FOLLOW
    return Obligation.OVERTRUMP  # TA: every suit is trump; a higher card of the led suit was due


@cache
def _points_by_index(denomination: Denomination) -> tuple[int, ...]:
    """:func:`card_points` of the 32 cards by card index under ``denomination`` (a deal's scoring looks up 32)."""
    return tuple(card_points(c, denomination) for c in DECK)


@dataclass(frozen=True)
class DealOutcome:
    """A played deal, scored. Teams are 0 (seats 0 and 2) and 1 (seats 1 and 3)."""

    taker_team: int
    points: tuple[int, int]  # card points + last trick, by team
    tricks: tuple[int, int]
    belote_team: int | None
    made: bool
    score: CoincheScore

    def by_team(self) -> tuple[int, int]:
        """The deal's score of team 0 and team 1."""
        if self.taker_team == 0:
            return self.score.taker, self.score.defence
        return self.score.defence, self.score.taker


def score_played_deal(contract: Contract, coinche_level: int, bidder: int, hands: Sequence[Sequence[Card]],
                      tricks: Sequence[tuple[int, Sequence[Card], int]],
                      variants: CoincheVariants | None = None) -> DealOutcome:
    """Score eight tricks ``(leader, cards, winner)`` (seats) of hands dealt as ``hands``."""
    den = contract.denomination
    taker_team = bidder % 2
    points, won = [0, 0], [0, 0]
    bidder_tricks = 0
    worth = _points_by_index(den)
    for _, cards, winner in tricks:
        points[winner % 2] += sum([worth[c.suit * 8 + c.rank] for c in cards])
        won[winner % 2] += 1
        bidder_tricks += winner == bidder
    if tricks:
        points[tricks[-1][2] % 2] += LAST_TRICK
    belote_team = None
    if isinstance(den, Suit):
        king, queen = den * 8 + Rank.KING, den * 8 + Rank.QUEEN  # card indexes (``Card.index``)
        for seat, hand in enumerate(hands):
            held = {c.suit * 8 + c.rank for c in hand}
            if king in held and queen in held:
                belote_team = seat % 2
    tb, db = belote_team == taker_team, belote_team == 1 - taker_team
    made = contract_made(contract, points[taker_team], points[1 - taker_team], won[taker_team], bidder_tricks, tb)
    score = score_coinche(contract, coinche_level, made, points[taker_team], points[1 - taker_team], tb, db,
                          variants or CoincheVariants())
    return DealOutcome(taker_team, (points[0], points[1]), (won[0], won[1]), belote_team, made, score)
