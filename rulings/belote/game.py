"""Play out a whole belote deal with random legal cards, and score it.

What: :func:`play_random_deal` shuffles, cuts and deals (3+2, turned card,
two taking rounds with a random policy, redeal when all pass), plays eight
tricks where every player picks a uniformly random legal card, the winner of
each trick leading the next, then counts card points, dix de der, belote and
announces and applies :func:`~arbitre.rulings.belote.scoring.score_deal`.

Why: it is the engine's end-to-end path, used by the property tests (every
random legal deal totals 162 plus belote and announces) and by the benchmark
(deals per second, target >= 10,000 on one core). For speed it works on card
indices and bitmasks (a hand is an int, bit ``c`` set when it holds card
``c``) with tables precomputed from the rules:
:func:`~arbitre.rulings.belote.play.legal_mask`,
:data:`~arbitre.rulings.belote.play.TRICK_KEY`,
:func:`~arbitre.rulings.belote.scoring.mask_points`,
:func:`~arbitre.rulings.belote.scoring.hand_announces`. The :class:`Card`
views (:attr:`PlayedDeal.dealt`, :attr:`PlayedDeal.tricks`) are built only
when asked for; ``dealt`` replays the readable :func:`deal.deal` on the same
pack and calls, so the record export shows exactly the seed procedure.
tests/belote/test_fast_path.py replays deals with the readable rules
functions and checks they agree.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property

from arbitre.rulings.belote.cards import DECK, Suit
from arbitre.rulings.belote.deal import DealtHand, deal
from arbitre.rulings.belote.play import TRICK_KEY, UndertrumpRule, legal_mask
from arbitre.rulings.belote.scoring import (
    BELOTE_MASK,
    BELOTE_POINTS,
    LAST_TRICK_BONUS,
    AnnounceTieRule,
    DealScore,
    Variants,
    hand_announces,
    mask_points,
    score_deal,
)

_CARDS = range(32)
ALL_CARDS = (1 << 32) - 1
_ORDERS = tuple(tuple((leader + i) % 4 for i in range(4)) for leader in range(4))
_FOLLOWERS = tuple(order[1:] for order in _ORDERS)


def _seats_of_positions(dealer: int, taker: int) -> tuple[int, ...]:
    """Seat receiving each position of the pack (seed 001 distribution, see :func:`deal.deal`)."""
    order = _ORDERS[(dealer + 1) % 4]
    seats = [s for n in (3, 2) for s in order for _ in range(n)]  # positions 0..19
    seats.append(taker)  # position 20: the turned card goes to the taker
    seats += [s for s in order for _ in range(2 if s == taker else 3)]  # positions 21..31
    return tuple(seats)


#: SEATS_OF_POSITIONS[dealer][taker][pos]: who gets the card at ``pos`` of the cut pack.
SEATS_OF_POSITIONS = tuple(tuple(_seats_of_positions(d, t) for t in range(4)) for d in range(4))


@dataclass(eq=False)
class PlayedDeal:
    """A dealt, played and scored deal (card indices; :class:`Card` views on demand)."""

    dealer: int
    pack: list[int]  # the 32 cards (indices) after the last shuffle and cut, top first
    taker: int
    take_round: int  # 1 (took the turned suit) or 2 (named another suit)
    trump_index: int
    hands_mask: tuple[int, int, int, int]  # 8-card hands by seat, as bitmasks
    plays: list[int]  # the 32 cards in play order
    winners: list[int]  # seat winning each trick
    card_points: tuple[int, int]  # by team (0: seats 0/2, 1: seats 1/3), dix de der included
    belote_team: int | None
    announce_points: tuple[int, int]
    score: DealScore

    @cached_property
    def dealt(self) -> DealtHand:
        """The distribution as :func:`deal.deal` produces it from :attr:`pack` and the recorded call."""

        def replay_call(seat: int, hand: object, turned: object, rnd: int) -> Suit | None:
            return Suit(self.trump_index) if (seat, rnd) == (self.taker, self.take_round) else None

        return deal([DECK[c] for c in self.pack], self.dealer, replay_call)

    @cached_property
    def tricks(self) -> list[list[tuple[int, int]]]:
        """Eight tricks: ``tricks[k]`` is a list of (seat, card index) in play order."""
        leaders = [(self.dealer + 1) % 4] + self.winners[:7]
        return [list(zip(_ORDERS[leader], self.plays[4 * k:4 * k + 4], strict=False)) for k, leader in enumerate(leaders)]


def _shuffle_cut_take(rnd, dealer: int, p_take: float = 0.3) -> tuple[list[int], int, int, int]:
    """Shuffle, cut and run the taking rounds until someone takes (random policy of :func:`deal.random_policy`).

    Returns (cut pack, taker, taking round, trump). Who takes does not depend
    on the cards, so the hands are only built once someone took.
    """
    order = _ORDERS[(dealer + 1) % 4]
    while True:
        # Uniform shuffle: sort by independent random keys (ties have probability ~2**-44);
        # faster here than random.shuffle, which draws through _randbelow.
        pack = sorted(_CARDS, key=[rnd() for _ in _CARDS].__getitem__)
        k = 3 + int(rnd() * 27)  # cut leaving at least 3 cards in each packet
        pack = pack[k:] + pack[:k]
        turned_suit = pack[20] >> 3
        for seat in order:  # round 1: take the turned suit
            if rnd() < p_take:
                return pack, seat, 1, turned_suit
        for seat in order:  # round 2: name another suit
            if rnd() < p_take:
                return pack, seat, 2, (turned_suit + 1 + int(rnd() * 3)) % 4
        # all passed: redeal


def play_random_deal(rng: random.Random, dealer: int = 0,
                     rule: UndertrumpRule = UndertrumpRule.MUST_UNDERTRUMP,
                     variants: Variants = Variants(), with_announces: bool = True) -> PlayedDeal:
    """Deal (redealing until someone takes), play 8 random legal tricks, score."""
    rnd = rng.random
    pack, taker, take_round, trump = _shuffle_cut_take(rnd, dealer)
    hands = [0, 0, 0, 0]
    for seat, card in zip(SEATS_OF_POSITIONS[dealer][taker], pack, strict=False):
        hands[seat] |= 1 << card

    # -- play: the leader plays any card, the others a random legal one --------
    must_under = rule is UndertrumpRule.MUST_UNDERTRUMP
    left = hands[:]
    plays: list[int] = []
    winners: list[int] = []
    won = [0, 0]  # cards won by team
    leader = (dealer + 1) % 4
    trick_keys = TRICK_KEY[trump]
    for _ in range(8):
        # A uniformly random card of a bitmask (inlined here and below for speed):
        # drop k lowest cards, k uniform in 0..n-1, and play the next lowest one.
        hand = options = left[leader]
        k = int(rnd() * options.bit_count())
        while k:
            options &= options - 1
            k -= 1
        bit = options & -options
        left[leader] = hand ^ bit
        trick = bit
        card = bit.bit_length() - 1
        plays.append(card)
        led = card >> 3
        key = trick_keys[led]
        best, best_key, best_seat = card, key[card], leader
        for seat in _FOLLOWERS[leader]:
            hand = left[seat]
            options = legal_mask(hand, led, best, best_seat == seat ^ 2, trump, must_under)
            k = int(rnd() * options.bit_count())
            while k:
                options &= options - 1
                k -= 1
            bit = options & -options
            left[seat] = hand ^ bit
            trick |= bit
            card = bit.bit_length() - 1
            plays.append(card)
            if key[card] > best_key:
                best, best_key, best_seat = card, key[card], seat
        won[best_seat & 1] |= trick
        winners.append(best_seat)
        leader = best_seat

    # -- score -----------------------------------------------------------------
    points = [mask_points(won[0], trump), mask_points(won[1], trump)]
    points[leader & 1] += LAST_TRICK_BONUS
    kq = BELOTE_MASK[trump]
    belote_team = None
    for seat in range(4):
        if hands[seat] & kq == kq:
            belote_team = seat & 1
    ann = [0, 0]
    if with_announces:
        ann_points = [0, 0]
        ann_key = [-1, -1]
        for seat in range(4):
            p, key_ = hand_announces(hands[seat], trump)
            ann_points[seat & 1] += p
            if key_ > ann_key[seat & 1]:
                ann_key[seat & 1] = key_
        if ann_key[0] > ann_key[1]:  # only the side with the best announce scores (see best_announce_side)
            ann[0] = ann_points[0]
        elif ann_key[1] > ann_key[0]:
            ann[1] = ann_points[1]
        elif ann_key[0] >= 0 and variants.announce_tie is AnnounceTieRule.FIRST_SEAT:
            first = (dealer + 1) & 1
            ann[first] = ann_points[first]
    tt = taker & 1
    capot = "taker" if won[tt] == ALL_CARDS else "defence" if won[1 - tt] == ALL_CARDS else None
    score = score_deal(points[tt], points[1 - tt], ann[tt], ann[1 - tt],
                       belote_team == tt, belote_team == 1 - tt, capot, variants)
    return PlayedDeal(dealer, pack, taker, take_round, trump, (hands[0], hands[1], hands[2], hands[3]), plays,
                      winners, (points[0], points[1]), belote_team, (ann[0], ann[1]), score)


def total_announced(played: PlayedDeal) -> int:
    """Belote + announce points that the deal carried (for the 162 invariant)."""
    return (BELOTE_POINTS if played.belote_team is not None else 0) + sum(played.announce_points)


__all__ = ["PlayedDeal", "play_random_deal", "total_announced", "Suit"]
