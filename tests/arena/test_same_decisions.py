"""The players' decisions are pinned: the same seed gives the same games and gym boards as when pinned.

Why: the engine, the observation and the players are tuned for speed; a speed-up must never change
a decision (a strength run in progress, and every recorded game, must stay valid). Each case plays
whole games or gym boards and compares a digest of everything the players decided (the packs, the
taker, the trump, the 32 cards in order, the trick winners, the scores, how many decisions each
seat was asked) with the digest recorded before the speed work. When a player's strategy changes
on purpose, record the new digests here in the same commit, saying why.
"""
import hashlib
import json

import pytest

from arbitre.arena.gym import GymConfig, play_boards
from arbitre.arena.match import play_game
from arbitre.arena.registry import make_player


def _digest(obj: object) -> str:
    return hashlib.sha256(json.dumps(obj).encode()).hexdigest()[:16]


def game_digest(specs: list[str], seed: int) -> str:
    r = play_game([make_player(s) for s in specs], seed=seed)
    return _digest([[d.dealer, d.pack, d.taker, d.take_round, d.trump_index, d.plays, d.winners,
                     list(d.team_scores())] for d in r.deals] + [r.blanks, list(r.totals), r.winner, r.clock.decisions])


def gym_digest(a: tuple[str, str], b: tuple[str, str], boards: int, seed: int) -> str:
    played, err = play_boards(GymConfig(a, b, boards, True, seed), 0, boards)
    assert err is None
    return _digest([[x.index, [[p.points_a, p.points_b, p.taker, p.made] for p in x.plays],
                     sorted(x.decisions.items())] for x in played])


@pytest.mark.parametrize(("specs", "seed", "expected"), [
    (["simple", "memory", "advanced", "random"], 1, "cbf074ff6e277cfc"),
    (["random", "simple", "random", "memory"], 2, "d7ebe008728e046a"),
])
def test_same_game_as_pinned(specs, seed, expected):
    assert game_digest(specs, seed) == expected


@pytest.mark.parametrize(("a", "b", "boards", "seed", "expected"), [
    (("memory", "memory"), ("simple", "simple"), 40, 3, "4db0d9c9493f5e4e"),
    (("random", "random"), ("simple", "memory"), 40, 5, "44daad1c0eaff1ae"),
    (("advanced", "advanced"), ("memory", "memory"), 3, 7, "910345fcb51df49d"),
])
def test_same_gym_boards_as_pinned(a, b, boards, seed, expected):
    assert gym_digest(a, b, boards, seed) == expected


def test_packs_are_those_of_random_shuffle_and_randint():
    """The gym and the games shuffle and cut with an inlined loop: the packs stay those of the standard library."""
    import random

    from arbitre.arena.match import cut, shuffled

    for seed in range(500):
        ours, std = random.Random(seed), random.Random(seed)
        pack = list(range(32))
        std.shuffle(pack)
        k = std.randint(3, 29)
        assert cut(shuffled(ours), ours) == pack[k:] + pack[:k]
        assert ours.random() == std.random()  # and the generator is left in the same state
