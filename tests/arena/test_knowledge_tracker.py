"""The incremental knowledge tracker knows exactly what :func:`infer` knows, however it is used.

Trackers share one public fold (cards played, voids) per thread, so the four seats of a deal
read each card once; these tests feed them observations in orders a real program may use
(seats in turn, two games interleaved, one tracker per seat or one for all, another thread)
and compare every answer with :func:`infer` on the same observation.
"""
from __future__ import annotations

import threading
from dataclasses import replace

from arbitre.arena.match import play_game
from arbitre.arena.observation import Observation
from arbitre.arena.players.knowledge import Tracker, infer
from arbitre.arena.players.memory import MemoryPlayer


def _observations(seed: int) -> list[Observation]:
    """Every card decision's observation of a whole game of four memory players, in play order."""
    seen: list[Observation] = []

    class Recording(MemoryPlayer):
        def play(self, obs: Observation):  # type: ignore[no-untyped-def]
            seen.append(obs)
            return super().play(obs)

    play_game([Recording() for _ in range(4)], seed=seed, target=1001)
    return seen


def test_one_tracker_per_seat_matches_infer() -> None:
    trackers = [Tracker() for _ in range(4)]
    observations = _observations(1)
    assert len(observations) > 100
    for obs in observations:
        assert trackers[obs.seat].read(obs) == infer(obs)


def test_interleaved_games_and_replays_match_infer() -> None:
    a, b = _observations(2), _observations(3)
    trackers = [Tracker(), Tracker()]
    mixed = [obs for pair in zip(a, b, strict=False) for obs in pair]
    mixed += a[:40] + a[:40][::-1]  # a deal read again from the start, then backwards
    for i, obs in enumerate(mixed):
        assert trackers[i % 2].read(obs) == infer(obs), i


def test_trackers_in_two_threads_match_infer() -> None:
    failures: list[int] = []

    def check(seed: int) -> None:
        tracker = Tracker()
        for i, obs in enumerate(_observations(seed)):
            if tracker.read(obs) != infer(obs):
                failures.append(i)

    threads = [threading.Thread(target=check, args=(seed,)) for seed in (4, 5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads)
    assert failures == []


def test_same_deal_other_cards_played_starts_over() -> None:
    """A history that is not an extension of the one read (same deal, other cards) is read afresh."""
    observations = [obs for obs in _observations(6) if len(obs.history) >= 9]
    tracker = Tracker()
    for first, later in zip(observations, observations[1:], strict=False):
        if later.bids != first.bids or len(later.history) <= len(first.history):
            continue
        other = replace(later, history=later.history[3::-1] + later.history[4:])  # first trick in another order
        assert tracker.read(first) == infer(first)
        assert tracker.read(other) == infer(other)


def test_whole_tricks_read_at_once_give_the_voids_and_cards_of_infer() -> None:
    """The memory chooser's fold (read_new: whole tricks at once) knows what infer knows of the finished tricks."""
    from arbitre.arena.players.knowledge import read_new

    checked = 0
    for obs in _observations(2):
        done = len(obs.history) & ~3
        if not done:
            continue
        finished = replace(obs, history=obs.history[:done], leaders=obs.leaders[:done // 4 + 1])
        voids = [0, 0, 0, 0]
        played = 0
        for start in range(0, done, 8):  # in steps of one or two tricks, as a fold catching up does
            played = read_new(finished, start, voids, played, min(done, start + 8))  # type: ignore[arg-type]
        want = infer(finished)
        assert (played, voids) == (want.played, want.voids)
        checked += 1
    assert checked > 100
