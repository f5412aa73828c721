"""The random simulator: whole belote deals where every player picks a random legal card.

What: :func:`play_random_deal` shuffles, cuts and deals (3+2, turned card,
two taking rounds with a random policy, redeal when all pass), plays eight
tricks where every player picks a uniformly random legal card, the winner of
each trick leading the next, then scores with
:func:`~arbitre.arena.dealing.score_played`. :func:`random_policy` and
:func:`deal_until_taken` run the readable :func:`arbitre.rulings.belote.deal.deal`
with random takes.

Why: it is the engine's end-to-end path, used by the property tests (every
random legal deal totals 162 plus belote and announces) and by the benchmark
(deals per second, target >= 20,000 on one core). It lives with the players,
not in the referee library, because only tests and benchmarks use it. For
speed it works on bitmasks (a hand is an int, bit ``c`` set when it holds
card ``c``) and calls the rules kernels
:func:`~arbitre.rulings.belote.play.legal_mask` and
:data:`~arbitre.rulings.belote.play.TRICK_KEY` (in
:func:`~arbitre.arena.dealing.random_tricks`); tests/belote/test_fast_path.py replays deals with the typed rules functions and checks they agree.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat, starmap
from math import floor

from arbitre.arena.dealing import ORDERS, PlayedDeal, full_hands, random_tricks, score_played, total_announced
from arbitre.rulings.belote.cards import DECK, Card, Suit
from arbitre.rulings.belote.deal import DealtHand, TakePolicy, cut, deal, shuffle
from arbitre.rulings.belote.play import UndertrumpRule
from arbitre.rulings.belote.scoring import Variants

_CARDS = tuple(range(32))  # a tuple: sorted() copies it faster than a range (0.45 µs a deal)
_MUST_UNDERTRUMP = UndertrumpRule.MUST_UNDERTRUMP  # an enum member read from its class costs a lookup each time


def random_policy(rng: random.Random, p_take: float = 0.3) -> TakePolicy:
    """A taking policy that takes at random (round 2: a random other suit)."""

    def policy(seat: int, hand: Sequence[Card], turned: Card, rnd: int) -> Suit | None:
        if rng.random() >= p_take:
            return None
        if rnd == 1:
            return turned.suit
        return rng.choice([s for s in Suit if s != turned.suit])

    return policy


def deal_until_taken(rng: random.Random, dealer: int = 0, policy: TakePolicy | None = None,
                     max_redeals: int = 100) -> DealtHand:
    """Shuffle, cut and deal with :func:`deal.deal` until someone takes (redeal when all pass)."""
    policy = policy or random_policy(rng)
    pack = list(DECK)
    for _ in range(max_redeals):
        pack = cut(shuffle(pack, rng), rng)
        dealt = deal(pack, dealer, policy)
        if dealt.taker is not None:
            return dealt
    raise RuntimeError("nobody took after many redeals")


def _shuffle_cut_take(rnd, dealer: int, p_take: float = 0.3) -> tuple[list[int], int, int, int]:
    """Shuffle, cut and run the taking rounds until someone takes (the policy of :func:`random_policy`).

    Returns (cut pack, taker, taking round, trump). Who takes does not depend
    on the cards, so the pack is only sorted, cut and dealt once someone took (the
    draws come in the same order: 32 sort keys, the cut, then the taking rounds).
    ``floor`` of a draw in [0, 1) times ``n`` is ``int`` of it, at a third of the cost.
    """
    order = ORDERS[(dealer + 1) % 4]
    while True:
        # 32 sort keys, then the cut: starmap calls rnd from C (the same draws as a loop, without it).
        draws = list(starmap(rnd, repeat((), 33)))
        for seat in order:  # round 1: take the turned suit
            if rnd() < p_take:
                taker, take_round = seat, 1
                break
        else:
            for seat in order:  # round 2: name another suit
                if rnd() < p_take:
                    taker, take_round = seat, 2
                    other = 1 + floor(rnd() * 3)  # the named suit, counted from the turned one
                    break
            else:
                continue  # all passed: redeal (the pack was never needed)
        # Uniform shuffle: sort by independent random keys (ties have probability ~2**-44);
        # faster here than random.shuffle, which draws through _randbelow.
        pack = sorted(_CARDS, key=draws.__getitem__)
        k = 3 + floor(draws[32] * 27)  # cut leaving at least 3 cards in each packet
        pack = pack[k:] + pack[:k]
        turned_suit = pack[20] >> 3
        if take_round == 1:
            return pack, taker, 1, turned_suit
        return pack, taker, 2, (turned_suit + other) % 4


def play_random_deal(rng: random.Random, dealer: int = 0,
                     rule: UndertrumpRule = UndertrumpRule.MUST_UNDERTRUMP,
                     variants: Variants = Variants(), with_announces: bool = True) -> PlayedDeal:
    """Deal (redealing until someone takes), play 8 random legal tricks, score."""
    rnd = rng.random
    pack, taker, take_round, trump = _shuffle_cut_take(rnd, dealer)
    hands = full_hands(pack, dealer, taker)

    # -- play: every seat plays a uniformly random legal card ----------------------
    plays, winners, won = random_tricks(hands, (dealer + 1) % 4, trump, rule is _MUST_UNDERTRUMP, rnd)
    return score_played(dealer, pack, taker, take_round, trump, hands, plays, winners, won, variants,
                        with_announces)


__all__ = ["PlayedDeal", "deal_until_taken", "play_random_deal", "random_policy", "total_announced"]
