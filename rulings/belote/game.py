"""Play out a whole belote deal with random legal cards, and score it.

What: :func:`play_random_deal` plays eight tricks where every player picks a
random card among :func:`~arbitre.rulings.belote.play.legal_ints`, the winner
of each trick leads the next, then :func:`score_played_deal` counts card
points, dix de der, belote and announces and applies
:func:`~arbitre.rulings.belote.scoring.score_deal`.

Why: it is the engine's end-to-end path, used by the property tests (every
random legal deal totals 162 plus belote and announces) and by the benchmark
(deals per second). It stays on ints and precomputed tables for speed.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from arbitre.rulings.belote.cards import Card, Rank, Suit
from arbitre.rulings.belote.deal import DealtHand, deal_until_taken
from arbitre.rulings.belote.play import UndertrumpRule, legal_ints, trick_winner_int
from arbitre.rulings.belote.scoring import (
    BELOTE_POINTS, LAST_TRICK_BONUS, POINTS, DealScore, Variants, best_announce_side,
    possible_announces, score_deal,
)


@dataclass
class PlayedDeal:
    """Eight tricks as played: ``tricks[k]`` is a list of (seat, card index) in play order."""

    dealt: DealtHand
    tricks: list[list[tuple[int, int]]]
    winners: list[int]
    card_points: tuple[int, int]  # by team (0: seats 0/2, 1: seats 1/3), dix de der included
    belote_team: int | None
    announce_points: tuple[int, int]
    score: DealScore


def play_random_deal(rng: random.Random, dealer: int = 0,
                     rule: UndertrumpRule = UndertrumpRule.MUST_UNDERTRUMP,
                     variants: Variants = Variants(), with_announces: bool = True) -> PlayedDeal:
    """Deal (redealing until someone takes), play 8 random legal tricks, score."""
    dealt = deal_until_taken(rng, dealer)
    assert dealt.trump is not None and dealt.taker is not None
    trump = int(dealt.trump)
    must_under = rule is UndertrumpRule.MUST_UNDERTRUMP
    hands = [[c.index for c in h] for h in dealt.hands]
    leader = (dealer + 1) % 4
    points = POINTS[trump]
    team_pts = [0, 0]
    tricks: list[list[tuple[int, int]]] = []
    winners: list[int] = []
    choice = rng.choice
    for _ in range(8):
        trick: list[int] = []
        seats = []
        for i in range(4):
            seat = (leader + i) % 4
            hand = hands[seat]
            card = choice(legal_ints(hand, trick, trump, must_under)) if trick else choice(hand)
            hand.remove(card)
            trick.append(card)
            seats.append(seat)
        leader = seats[trick_winner_int(trick, trump)]
        team_pts[leader & 1] += points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
        tricks.append(list(zip(seats, trick)))
        winners.append(leader)
    team_pts[leader & 1] += LAST_TRICK_BONUS
    return score_played_deal(dealt, tricks, winners, team_pts, variants, with_announces)


def score_played_deal(dealt: DealtHand, tricks: list[list[tuple[int, int]]], winners: list[int],
                      team_pts: list[int], variants: Variants, with_announces: bool = True) -> PlayedDeal:
    """Score a played deal from its card points by team (dix de der included)."""
    assert dealt.trump is not None and dealt.taker is not None
    taker_team = dealt.taker & 1
    king, queen = Card(dealt.trump, Rank.KING).index, Card(dealt.trump, Rank.QUEEN).index
    belote_team = None
    for seat, hand in enumerate(dealt.hands):
        idx = [c.index for c in hand]
        if king in idx and queen in idx:
            belote_team = seat & 1
    ann = [0, 0]
    if with_announces:
        per_team: list[list] = [[], []]
        for seat, hand in enumerate(dealt.hands):
            per_team[seat & 1].extend(possible_announces(hand))
        side = best_announce_side(per_team[taker_team], per_team[1 - taker_team], dealt.trump,
                                  rule=variants.announce_tie)
        if side is not None:
            team = taker_team if side == "taker" else 1 - taker_team
            ann[team] = sum(a.points for a in per_team[team])
    capot = None
    if all(w & 1 == taker_team for w in winners):
        capot = "taker"
    elif all(w & 1 != taker_team for w in winners):
        capot = "defence"
    score = score_deal(team_pts[taker_team], team_pts[1 - taker_team], ann[taker_team], ann[1 - taker_team],
                       belote_team == taker_team, belote_team == 1 - taker_team, capot, variants)
    return PlayedDeal(dealt, tricks, winners, (team_pts[0], team_pts[1]), belote_team, (ann[0], ann[1]), score)


def total_announced(played: PlayedDeal) -> int:
    """Belote + announce points that the deal carried (for the 162 invariant)."""
    return (BELOTE_POINTS if played.belote_team is not None else 0) + sum(played.announce_points)


__all__ = ["PlayedDeal", "play_random_deal", "score_played_deal", "total_announced", "Suit"]
