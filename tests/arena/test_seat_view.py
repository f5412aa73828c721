"""The built-in players' fast path (the engine's live SeatView) decides exactly as the Observation path.

The engine hands a player marked with ``reads_view`` its live view of the deal instead of a fresh
Observation per decision; a subclass that overrides ``bid`` or ``play`` without the mark is asked
with an Observation, as a user's player written from the README is. These tests play the same games
both ways and compare every decision, and check that the view shows only an observation's fields.
"""
import random

import pytest

from arbitre.arena.engine import Clock, play_deal
from arbitre.arena.gym import GymConfig, aggregate, play_chunk
from arbitre.arena.match import cut, play_game, shuffled
from arbitre.arena.observation import Observation, SeatView
from arbitre.arena.parallel import chunks
from arbitre.arena.player import view_readers
from arbitre.arena.players.memory import MemoryPlayer
from arbitre.arena.players.simple import RandomPlayer, SimplePlayer
from arbitre.rulings.belote.play import winner_pos


def _slow(cls):
    """A subclass whose bid and play go through Observations (overridden, not marked)."""

    class Slow(cls):
        seen: list = []

        def bid(self, obs):
            self.seen.append(type(obs))
            return super().bid(obs)

        def play(self, obs):
            self.seen.append(type(obs))
            return super().play(obs)

    Slow.seen = []
    return Slow


def _game(players, seed):
    r = play_game(players, seed=seed)
    return [(d.dealer, d.pack, d.taker, d.trump_index, d.plays, d.winners, d.team_scores()) for d in r.deals], \
        r.totals, r.clock.decisions


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_view_path_and_the_observation_path_play_the_same_games(seed):
    kinds = [SimplePlayer, MemoryPlayer, RandomPlayer, MemoryPlayer]
    slow = [_slow(k) for k in kinds]
    fast_game = _game([k() for k in kinds], seed)
    slow_game = _game([k() for k in slow], seed)
    assert fast_game == slow_game
    assert all(view_readers(k()) == (True, True) for k in kinds)
    assert all(view_readers(k()) == (False, False) for k in slow)
    for k in slow:  # the overriding subclasses were only ever given Observations
        assert k.seen and set(k.seen) == {Observation}


def test_a_marked_bid_gets_the_view_and_its_snapshot_is_the_observation():
    """Seat by seat, the view's snapshot equals the Observation the same seat gets on the other path."""
    views, observations = [], []

    class FastSpy(SimplePlayer):
        pass

    fast_bid = SimplePlayer.bid

    def spy_bid(self, obs):
        assert type(obs) is SeatView
        views.append(obs.snapshot())
        return fast_bid(self, obs)

    spy_bid.reads_view = True
    FastSpy.bid = spy_bid

    class SlowSpy(SimplePlayer):
        def bid(self, obs):
            observations.append(obs)
            return super().bid(obs)

    rng = random.Random(5)
    for _ in range(30):
        pack = cut(shuffled(rng), rng)
        play_deal([FastSpy() for _ in range(4)], pack, 2)
        play_deal([SlowSpy() for _ in range(4)], pack, 2)
    assert len(views) > 60 and views == observations
    assert set(Observation.__dataclass_fields__) == set(SeatView.__slots__) - {"shared", "bid_round"}


def test_a_chooser_answers_as_play_on_the_snapshot():
    """Every card the memory and simple choosers give is the one play() gives on the same seat's Observation."""
    checked = 0
    for cls in (SimplePlayer, MemoryPlayer):
        original = cls.card_chooser

        def card_chooser(self, view, original=original, cls=cls):
            choose = original(self, view)

            def checking(seat, hand, legal, n, led, best, pos, trick):
                nonlocal checked
                card = choose(seat, hand, legal, n, led, best, pos, trick)
                view.seat, view.hand, view.legal = seat, hand, legal
                obs = view.snapshot()
                assert cls().play(obs).index == card
                # the engine tells the chooser the trick so far
                assert n == len(obs.trick) and trick == sum(1 << c for c in obs.trick)
                if n:
                    at = winner_pos(obs.trick, obs.trump)
                    assert (led, best, pos) == (obs.trick[0] >> 3, obs.trick[at], at)
                checked += 1
                return card

            return checking

        rng = random.Random(11)
        cls.card_chooser = card_chooser
        try:
            for d in range(40):
                play_deal([cls() for _ in range(4)], cut(shuffled(rng), rng), d % 4)
        finally:
            cls.card_chooser = original
    assert checked > 500


def test_the_clock_counts_every_decision_and_times_a_sample():
    """Every decision is counted; the view readers' decisions are timed in one deal of eight (deals 1, 9,
    17...), every decision of it; a player asked with Observations is timed on every decision."""
    rng = random.Random(2)
    clock = Clock(8)
    expected_timed = [0, 0, 0, 0]
    slow = _slow(SimplePlayer)
    all_timed = Clock(8)
    for d in range(20):
        pack = cut(shuffled(rng), rng)
        alone = Clock(1)  # this deal's decisions, each one timed
        play_deal([SimplePlayer() for _ in range(4)], pack, d % 4, deal_no=d + 1, clock=clock)
        play_deal([SimplePlayer() for _ in range(4)], pack, d % 4, deal_no=d + 1, clock=alone)
        play_deal([slow() for _ in range(4)], pack, d % 4, deal_no=d + 1, clock=all_timed)
        assert alone.timed == alone.decisions
        if d % 8 == 0:
            expected_timed = [t + n for t, n in zip(expected_timed, alone.decisions, strict=True)]
    assert clock.timed == expected_timed and all(t > 0 for t in expected_timed)
    assert all(s > 0 for s in clock.seconds)
    assert all(n > 20 for n in clock.decisions) and all(n > 2 * t for n, t in zip(clock.decisions, clock.timed, strict=True))
    assert all_timed.decisions == all_timed.timed == clock.decisions  # the same decisions, every one timed
    with pytest.raises(ValueError):
        Clock(3)
    cfg = GymConfig(("simple", "simple"), ("memory", "memory"), 10, True, 1)
    chunk, err = play_chunk(cfg, 0, 10)
    assert err is None and chunk.count == 10
    timing = aggregate(cfg, [chunk], 1.0)["teams"]["A"]["decision_time"]["simple"]
    assert timing["decisions"] > 100 and timing["mean_ms"] > 0


@pytest.mark.parametrize(("deals", "workers"), [(1000, 2), (37, 3), (5, 8), (1, 2), (400, 1)])
def test_chunks_cover_every_board_once_in_order(deals, workers):
    got = chunks(deals, workers)
    assert got[0][0] == 0 and got[-1][1] == deals
    assert all(a[1] == b[0] for a, b in zip(got, got[1:], strict=False))
    sizes = [b - a for a, b in got]
    if workers > 1:  # guided: never growing, so the workers end together
        assert sizes == sorted(sizes, reverse=True)


def test_a_marked_play_without_a_chooser_is_asked_with_observations():
    from arbitre.arena.player import BasePlayer, reads_view

    seen = []

    class Marked(BasePlayer):
        @reads_view
        def bid(self, obs):
            return SimplePlayer().bid(obs)

        @reads_view
        def play(self, obs):
            seen.append(type(obs))
            return SimplePlayer().play(obs)

    assert view_readers(Marked()) == (True, False)
    rng = random.Random(4)
    for d in range(10):
        play_deal([Marked() for _ in range(4)], cut(shuffled(rng), rng), d % 4)
    assert seen and set(seen) == {Observation}
