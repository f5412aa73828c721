"""A complete belote game ("partie") between four players, until a team reaches the target.

What (seed 001 module 2 ``Partie``, module 3 "loop personne n'a un score > 500"):

* the first pack is shuffled, then every deal the pack is cut (at least 3 cards in
  each packet) and dealt by the dealer of the deal; seat 0 deals first;
* when everybody passes, the deal is void: the pack is shuffled again and the deal
  passes to the next dealer (our choice; see RULES.md);
* after a played deal the cards are gathered trick by trick in play order (no
  shuffle, as at the table) and the next player deals;
* the game ends after the deal where a team's total reaches ``target`` (default 501,
  i.e. more than 500); equal totals at or above the target play one more deal;
* a litige (held-over variant) freezes the takers' points for the side winning the
  next played deal (made: the takers, failed: the defence).

Why: ``arbitre belote play`` and the integration tests. The same seed gives the same
game, card for card: every random draw (packs, cuts, the players' own seeds) comes
from one :class:`random.Random`.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from arbitre.arena.dealing import PlayedDeal
from arbitre.arena.engine import Clock, play_deal
from arbitre.rulings.belote.play import UndertrumpRule
from arbitre.rulings.belote.scoring import Variants


@dataclass
class GameResult:
    """Every played deal, the void deals, the running totals and the winner (team 0 or 1)."""

    seed: int
    target: int
    deals: list[PlayedDeal] = field(default_factory=list)
    received: list[tuple[int, int]] = field(default_factory=list)  # litige points received on each deal
    totals_after: list[tuple[int, int]] = field(default_factory=list)
    passed_out: int = 0
    blanks: list[int] = field(default_factory=list)  # void deals just before each played deal
    totals: tuple[int, int] = (0, 0)
    winner: int | None = None
    dealers: list[int] = field(default_factory=list)  # dealer of every attempt, void ones included
    clock: Clock = field(default_factory=Clock)


#: (i, i + 1, bits to draw) for each step of the Fisher-Yates shuffle of 32 cards, last card first.
_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(31, 0, -1))
_CUT_BITS = (32 - 5).bit_length()


def shuffled(rng: random.Random) -> list[int]:
    """A shuffled pack of 32 card indices: exactly ``rng.shuffle(list(range(32)))``, with its loop inlined.

    :meth:`random.Random.shuffle` swaps card ``i`` (31 down to 1) with card ``j``, ``j``
    uniform in ``0..i``, drawn by rejection from ``getrandbits``; drawing the same bits in
    the same order here gives the same pack (tests/arena/test_same_decisions.py checks it),
    without a Python call per card (the gym shuffles once per deal).
    """
    pack = list(range(32))
    getrandbits = rng.getrandbits
    for i, n, k in _STEPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def cut(pack: list[int], rng: random.Random) -> list[int]:
    """Cut leaving at least 3 cards in each packet (as :func:`arbitre.rulings.belote.deal.cut`).

    The cut point is ``rng.randint(3, 29)``, drawn as :meth:`random.Random.randint` draws it
    (3 plus a draw below 27 by rejection from ``getrandbits``).
    """
    if len(pack) != 32:
        k = rng.randint(3, len(pack) - 3)
    else:
        getrandbits = rng.getrandbits
        k = getrandbits(_CUT_BITS)
        while k >= 27:
            k = getrandbits(_CUT_BITS)
        k += 3
    return pack[k:] + pack[:k]


def play_game(players: Sequence[Any], seed: int = 0, target: int = 501, variants: Variants = Variants(),
              rule: UndertrumpRule = UndertrumpRule.MUST_UNDERTRUMP, names: Sequence[str] | None = None,
              max_deals: int = 1000) -> GameResult:
    """Play deals until a team reaches ``target`` (see module docstring)."""
    rng = random.Random(seed)
    result = GameResult(seed, target)
    pack = shuffled(rng)
    dealer = 0
    totals = [0, 0]
    carried = 0
    void_run = 0
    for _ in range(max_deals):
        pack = cut(pack, rng)
        for player in players:
            start = getattr(player, "start_deal", None)
            player_seed = rng.getrandbits(63)
            if start is not None:
                start(player_seed)
        result.dealers.append(dealer)
        played = play_deal(players, pack, dealer, deal_no=len(result.deals) + result.passed_out + 1,
                           scores=(totals[0], totals[1]), target=target, variants=variants, rule=rule,
                           names=names, clock=result.clock)
        dealer = (dealer + 1) % 4
        if played is None:
            result.passed_out += 1
            void_run += 1
            pack = shuffled(rng)
            continue
        result.blanks.append(void_run)
        void_run = 0
        scores = played.team_scores()
        got = [0, 0]
        if played.score.litige:
            carried += played.score.held_over
        elif carried:
            winner_team = played.taker_team if played.score.made else 1 - played.taker_team
            got[winner_team] = carried
            carried = 0
        totals[0] += scores[0] + got[0]
        totals[1] += scores[1] + got[1]
        result.deals.append(played)
        result.received.append((got[0], got[1]))
        result.totals_after.append((totals[0], totals[1]))
        pack = list(played.plays)  # gathered trick by trick
        if max(totals) >= target and totals[0] != totals[1]:
            result.winner = 0 if totals[0] > totals[1] else 1
            break
    result.totals = (totals[0], totals[1])
    return result
