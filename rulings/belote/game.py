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

from arbitre.rulings.belote.cards import DECK, Card, Rank, Suit
from arbitre.rulings.belote.deal import DealtHand
from arbitre.rulings.belote.play import UndertrumpRule, legal_ints, trick_winner_int
from arbitre.rulings.belote.scoring import (
    BELOTE_POINTS, LAST_TRICK_BONUS, POINTS, AnnounceTieRule, DealScore, Variants, announces_ints, score_deal,
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


_ORDERS = tuple(tuple((leader + i) % 4 for i in range(4)) for leader in range(4))


def _fast_deal(rng: random.Random, dealer: int, p_take: float = 0.3) -> tuple[DealtHand, list[list[int]]]:
    """Int-based equivalent of :func:`deal.deal_until_taken` with a random taking policy.

    Same procedure (shuffle, cut, 3+2, turned card, two taking rounds, taker
    gets the turned card + 2, others 3), written on ints for the benchmark.
    Returns the deal and the hands as card indices.
    """
    pack = list(range(32))
    rnd = rng.random
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    while True:
        # Uniform shuffle: sorting by independent random keys is ~5x faster than
        # random.shuffle here (ties have probability ~0).
        pack.sort(key=lambda _: rnd())
        k = 3 + int(rnd() * 27)
        pack = pack[k:] + pack[:k]
        first = [[], [], [], []]
        pos = 0
        for n in (3, 2):
            for seat in order:
                first[seat] += pack[pos:pos + n]
                pos += n
        turned = pack[20]
        taker = trump = -1
        for seat in order:
            if rnd() < p_take:
                taker, trump = seat, turned >> 3
                break
        else:
            for seat in order:
                if rnd() < p_take:
                    taker = seat
                    trump = ((turned >> 3) + 1 + int(rnd() * 3)) % 4
                    break
        if taker >= 0:
            break
    second: list[list[int]] = [[], [], [], []]
    second[taker].append(turned)
    pos = 21
    for seat in order:
        n = 2 if seat == taker else 3
        second[seat] += pack[pos:pos + n]
        pos += n
    first_c = [[DECK[i] for i in h] for h in first]
    second_c = [[DECK[i] for i in h] for h in second]
    dealt = DealtHand(dealer, [first_c[s] + second_c[s] for s in range(4)], DECK[turned], taker, Suit(trump),
                      first_c, second_c)
    return dealt, [first[s] + second[s] for s in range(4)]


def play_random_deal(rng: random.Random, dealer: int = 0,
                     rule: UndertrumpRule = UndertrumpRule.MUST_UNDERTRUMP,
                     variants: Variants = Variants(), with_announces: bool = True) -> PlayedDeal:
    """Deal (redealing until someone takes), play 8 random legal tricks, score."""
    dealt, hands = _fast_deal(rng, dealer)
    trump = int(dealt.trump)  # type: ignore[arg-type]
    must_under = rule is UndertrumpRule.MUST_UNDERTRUMP
    full_hands = [list(h) for h in hands]
    leader = (dealer + 1) % 4
    points = POINTS[trump]
    team_pts = [0, 0]
    tricks: list[list[tuple[int, int]]] = []
    winners: list[int] = []
    rnd = rng.random
    for _ in range(8):
        seats = _ORDERS[leader]
        hand = hands[leader]
        card = hand[int(rnd() * len(hand))]  # the leader may play anything
        hand.remove(card)
        trick = [card]
        for seat in seats[1:]:
            hand = hands[seat]
            options = legal_ints(hand, trick, trump, must_under)
            card = options[int(rnd() * len(options))]
            hand.remove(card)
            trick.append(card)
        leader = seats[trick_winner_int(trick, trump)]
        team_pts[leader & 1] += points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
        tricks.append(list(zip(seats, trick)))
        winners.append(leader)
    team_pts[leader & 1] += LAST_TRICK_BONUS
    return score_played_deal(dealt, tricks, winners, team_pts, variants, with_announces, hands_ints=full_hands)


def score_played_deal(dealt: DealtHand, tricks: list[list[tuple[int, int]]], winners: list[int],
                      team_pts: list[int], variants: Variants, with_announces: bool = True,
                      hands_ints: list[list[int]] | None = None) -> PlayedDeal:
    """Score a played deal from its card points by team (dix de der included)."""
    assert dealt.trump is not None and dealt.taker is not None
    taker_team = dealt.taker & 1
    hands_ints = hands_ints or [[c.index for c in h] for h in dealt.hands]
    king, queen = Card(dealt.trump, Rank.KING).index, Card(dealt.trump, Rank.QUEEN).index
    belote_team = None
    for seat, idx in enumerate(hands_ints):
        if king in idx and queen in idx:
            belote_team = seat & 1
    ann = [0, 0]
    if with_announces:
        per_team: list[list[tuple[int, int, int]]] = [[], []]
        for seat, idx in enumerate(hands_ints):
            per_team[seat & 1].extend(announces_ints(idx))
        if per_team[0] or per_team[1]:
            trump = int(dealt.trump)
            keys = [max(((p, top, 1 if s == trump else 0) for p, top, s in team), default=None)
                    for team in per_team]
            if keys[1] is None or (keys[0] is not None and keys[0] > keys[1]):
                win = 0
            elif keys[0] is None or keys[1] > keys[0]:
                win = 1
            elif variants.announce_tie is AnnounceTieRule.FIRST_SEAT:
                win = (dealt.dealer + 1) & 1
            else:
                win = -1
            if win >= 0:
                ann[win] = sum(p for p, _, _ in per_team[win])
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
