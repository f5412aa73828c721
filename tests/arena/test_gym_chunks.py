"""A gym chunk (what a worker sends back) holds the same plays as the boards, and any spreading gives one report."""
import multiprocessing
import os
import signal

import pytest

from arbitre.arena.gym import DETERMINISTIC_KEYS, TAKERS, GymConfig, _never_draws, aggregate, play_boards, play_chunk
from arbitre.arena.parallel import WorkerLost, run
from arbitre.arena.player import BasePlayer
from arbitre.arena.players.memory import MemoryPlayer
from arbitre.arena.players.simple import SimplePlayer
from arbitre.arena.registry import register


class _LateCrasher(BasePlayer):
    """Plays its first legal card, and raises when it holds the ace of spades late in a deal."""

    def bid(self, obs):
        return None

    def play(self, obs):
        if obs.trick_number == 7 and obs.hand >> 31 & 1:
            raise KeyError("no idea")
        return obs.legal_cards[0]


register("test-gym-chunks-crasher", _LateCrasher)


@pytest.mark.parametrize("duplicate", [True, False])
def test_a_chunk_packs_the_plays_and_decisions_of_its_boards(duplicate):
    cfg = GymConfig(("memory", "simple"), ("random", "random"), 40, duplicate, 9)
    boards, err = play_boards(cfg, 3, 40)
    chunk, err_c = play_chunk(cfg, 3, 40)
    assert err is None and err_c is None and chunk.start == 3 and chunk.count == 37
    rows = [tuple(chunk.rows[i:i + 4]) for i in range(0, len(chunk.rows), 4)]
    assert rows == [(p.points_a, p.points_b, TAKERS.index(p.taker), int(p.made)) for b in boards for p in b.plays]
    assert len(rows) == 37 * (2 if duplicate else 1)
    for label in ("A:memory", "A:simple", "B:random"):
        assert chunk.decisions[label] == sum(b.decisions[label] for b in boards) > 0
        assert chunk.timed[label] == sum(b.timed[label] for b in boards)


def test_a_player_error_keeps_the_boards_played_before_it():
    cfg = GymConfig(("simple", "simple"), ("test-gym-chunks-crasher", "simple"), 30, True, 2)
    chunk, err = play_chunk(cfg, 0, 30)
    boards, err_b = play_boards(cfg, 0, 30)
    assert err is not None and err_b is not None and str(err) == str(err_b)
    assert 0 < chunk.count == len(boards) < 30
    assert len(chunk.rows) == 4 * 2 * chunk.count
    report = aggregate(cfg, [chunk], 1.0)
    assert report["deals"] == chunk.count and report["points_a"] == [p.points_a for b in boards for p in b.plays]


@pytest.mark.parametrize(("duplicate", "workers"), [(True, 3), (False, 2)])
def test_the_report_does_not_depend_on_the_worker_count(duplicate, workers):
    cfg = GymConfig(("memory", "memory"), ("simple", "random"), 90, duplicate, 31)
    one, err_1, _, backend_1 = run(cfg, 1)
    many, err_n, _, backend_n = run(cfg, workers)
    assert err_1 is None and err_n is None and backend_1 == "1 process" and backend_n == f"{workers} processes"
    assert len(one) != len(many)  # not the same chunks, yet the same report
    a, b = aggregate(cfg, one, 1.0), aggregate(cfg, reversed(many), 1.0)
    for key in DETERMINISTIC_KEYS:
        assert a[key] == b[key], key
    assert a["deals"] == 90 and len(a["points_a"]) == 90 * (2 if duplicate else 1)
    for team in ("A", "B"):
        for key in ("mean_points", "ci95", "deals_won", "taking_rate", "success_rate"):
            assert a["teams"][team][key] == b["teams"][team][key]
        for player, timing in a["teams"][team]["decision_time"].items():
            assert timing["decisions"] == b["teams"][team]["decision_time"][player]["decisions"]


def test_a_player_error_on_two_workers_keeps_every_board_played_and_stops_early():
    cfg = GymConfig(("simple", "simple"), ("test-gym-chunks-crasher", "simple"), 400, True, 2)
    got, err, _, _ = run(cfg, 2)
    assert err is not None and "no idea" in str(err)
    played = {c.start + k: tuple(c.rows[8 * k:8 * k + 8]) for c in got for k in range(c.count)}
    assert 0 < len(played) < 400  # the chunks still queued were cancelled
    for index, rows in played.items():
        chunk, error = play_chunk(cfg, index, index + 1)
        assert error is None and tuple(chunk.rows) == rows


class _DiceSimple(SimplePlayer):
    """A user's subclass of simple that draws: half the time it plays a random legal card."""

    def play(self, obs):
        if self.rng.random() < 0.5:
            return self.rng.choice(list(obs.legal_cards))
        return super().play(obs)


register("test-gym-chunks-dice", _DiceSimple)


def test_a_subclass_of_simple_that_draws_is_reseeded_and_reproducible_on_any_worker_count():
    assert _never_draws(SimplePlayer) and _never_draws(MemoryPlayer)
    assert not _never_draws(_DiceSimple) and not _never_draws(BasePlayer)
    cfg = GymConfig(("test-gym-chunks-dice", "test-gym-chunks-dice"), ("simple", "simple"), 60, True, 5)
    one, err_1, _, _ = run(cfg, 1)
    two, err_2, _, _ = run(cfg, 2)
    assert err_1 is None and err_2 is None
    a, b = aggregate(cfg, one, 1.0), aggregate(cfg, two, 1.0)
    for key in DETERMINISTIC_KEYS:
        assert a[key] == b[key], key


class _DiesInAWorker(SimplePlayer):
    """Plays as simple, but its process is killed (as by the OOM killer) at its 2,000th card in a pool's worker."""

    cards = 0

    def play(self, obs):
        if multiprocessing.parent_process() is not None:
            _DiesInAWorker.cards += 1
            if _DiesInAWorker.cards == 2000:
                os.kill(os.getpid(), signal.SIGKILL)
        return super().play(obs)


register("test-gym-chunks-dies", _DiesInAWorker)


def test_a_worker_killed_mid_run_stops_it_with_an_error_and_keeps_the_boards_played():
    cfg = GymConfig(("test-gym-chunks-dies", "simple"), ("simple", "simple"), 600, True, 3)
    done, error, _, _ = run(cfg, 2)
    assert isinstance(error, WorkerLost), error
    played = sum(c.count for c in done)
    assert 0 < played < 600
    assert f"the {2 * played} deals already played are kept" in error.message.en
    report = aggregate(cfg, done, 1.0)
    assert report["deals"] == played
