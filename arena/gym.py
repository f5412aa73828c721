"""The gym: many deals between two teams, played in duplicate, and the statistics.

What:

* a *board* is one set of cards: board ``i`` of a run with seed ``S`` draws its packs
  from its own generator (seeded with ``S`` and ``i``), its dealer is ``i % 4``; when
  everybody passes the next pack of the board is dealt;
* in duplicate (the default) every board is played twice, team A at seats 1/3 then at
  seats 2/4 (same cards, same dealer), which removes most of the luck of the deal;
* :func:`play_boards` plays a range of boards and returns one :class:`Board` per board
  (the points of each team in each play, who took, whether it was made, decision
  times); :func:`play_chunk` plays a range into one :class:`Chunk` (the same plays as
  rows of ints, the decision times summed), which is what the runs of
  :mod:`arbitre.arena.parallel` use and send between processes. A player error stops
  the range and is returned with the boards already played, so nothing is lost (so does
  Ctrl-C: :class:`Interrupted`);
* :func:`aggregate` turns chunks into the report: mean points per deal of each team
  with a 95% confidence interval, the mean difference with its interval and the
  paired p-value, deals won, taking and success rates, mean decision time of each
  player, deals per second.

Why: one board depends on the seed and its index only, so boards can be played in any
order, in any process or on any machine, and the report is the same as a
one-process run (timings aside). :mod:`arbitre.arena.parallel` spreads them.
"""
from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from arbitre.arena.engine import Clock, PlayerError, play_deal
from arbitre.arena.match import cut, shuffled
from arbitre.arena.registry import make_player
from arbitre.arena.stats import paired_p_value, summary
from arbitre.rulings.belote.play import UndertrumpRule
from arbitre.rulings.belote.scoring import Variants
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

MAX_ATTEMPTS = 50
TIMING_EVERY = 8
"""The built-in players are timed on every decision of one deal in eight (see :class:`~arbitre.arena.engine.Clock`)."""


@dataclass(frozen=True)
class GymConfig:
    """Everything that defines a run (and is sent to every worker)."""

    team_a: tuple[str, str]
    team_b: tuple[str, str]
    deals: int
    duplicate: bool = True
    seed: int = 0
    budget: int | None = None
    variants: Variants = Variants()
    rule: UndertrumpRule = UndertrumpRule.MUST_UNDERTRUMP

    def label(self, team: str) -> str:
        specs = self.team_a if team == "A" else self.team_b
        return specs[0] if specs[0] == specs[1] else ",".join(specs)


@dataclass
class Play:
    """One play of a board: points of A and B, the taking team ("A"/"B"/None if void), made."""

    points_a: int
    points_b: int
    taker: str | None
    made: bool


@dataclass
class Board:
    index: int
    plays: list[Play]
    seconds: dict[str, float] = field(default_factory=dict)  # "A:simple" -> decision seconds
    decisions: dict[str, int] = field(default_factory=dict)
    timed: dict[str, int] = field(default_factory=dict)  # decisions whose time is in seconds (see engine.Clock)


_PLAYERS: dict[tuple[str, int | None, int], Any] = {}


def _player(spec: str, budget: int | None, seat: int) -> Any:
    """One instance per spec and seat in each process (players are reseeded before every deal)."""
    key = (spec, budget, seat)
    if key not in _PLAYERS:
        _PLAYERS[key] = make_player(spec, budget=budget)
    return _PLAYERS[key]


_SEED_MASK = 2**63 - 1

def _seed(*parts: int) -> int:
    return hash(parts) & _SEED_MASK  # ints and tuples of ints hash the same in every process


@dataclass(frozen=True)
class _Seating:
    """One play of a board: the player at each seat, its label ("A:simple"), and team A's team number."""

    players: tuple[Any, ...]
    labels: tuple[str, ...]
    starts: tuple[tuple[int, Any], ...]  # (seat, start_deal) of each player that draws (see _start)
    a_team: int
    #: the board's generator (:func:`_play` reseeds the first seating's for each board: a range of boards
    #: reuses one generator instead of building one per board)
    rng: random.Random = field(default_factory=random.Random, compare=False)


def seatings(cfg: GymConfig) -> list[_Seating]:
    """Team A at seats 1/3, then (duplicate) at seats 2/4, with this process's players: worked out once per
    range of boards, not per board (and by a gym worker as it starts)."""
    out = []
    for half in range(2 if cfg.duplicate else 1):
        a_seats = (0, 2) if half == 0 else (1, 3)
        specs = [""] * 4
        labels = [""] * 4
        for k, seat in enumerate(a_seats):
            specs[seat], labels[seat] = cfg.team_a[k], "A:" + cfg.team_a[k]
            specs[seat ^ 1], labels[seat ^ 1] = cfg.team_b[k], "B:" + cfg.team_b[k]
        players = tuple(_player(spec, cfg.budget, seat) for seat, spec in enumerate(specs))
        starts = tuple((seat, start) for seat, start in enumerate(map(_start, players)) if start is not None)
        out.append(_Seating(players, tuple(labels), starts, a_seats[0] & 1))
    return out


def _start(player: Any) -> Any:
    """``player.start_deal``, or None when it has none or its class says it never draws from its generator
    (``uses_rng = False``, see :class:`~arbitre.arena.player.BasePlayer`): reseeding it would change nothing,
    and costs a hash and a call per seat and deal."""
    return None if _never_draws(type(player)) else getattr(player, "start_deal", None)


def _never_draws(cls: type) -> bool:
    """Whether ``cls`` said ``uses_rng = False`` and decides as the class that said it.

    A subclass of ``simple`` or ``memory`` that overrides ``bid`` or ``play`` may draw from
    ``self.rng``: it is reseeded before every deal, as every other player, unless it sets
    ``uses_rng = False`` itself. So a user's player stays reproducible whatever the workers.
    """
    owner = next((k for k in cls.__mro__ if "uses_rng" in vars(k)), None)
    if owner is None or vars(owner)["uses_rng"] is not False:
        return False
    return all(getattr(cls, name, None) is getattr(owner, name, None) for name in ("bid", "play"))


_Row = tuple[int, int, int, int]
"""One play of a board: points of A, points of B, the taking team (:data:`TAKERS` index), made (0/1)."""

TAKERS: tuple[str | None, str, str] = (None, "A", "B")
"""The taking team of a play as stored in a row: 0 nobody (all passed, :data:`MAX_ATTEMPTS` times), 1 A, 2 B."""


def _play(cfg: GymConfig, index: int, seated: list[_Seating], seconds: dict[str, float],
          decisions: dict[str, int], timed: dict[str, int]) -> list[_Row]:
    """Play board ``index`` once (or twice in duplicate): one row per play; the decision times are added
    to ``seconds``, ``decisions`` and ``timed`` by label. Raise :class:`PlayerError` on a player's fault."""
    rng = seated[0].rng
    rng.seed(_seed(cfg.seed, index))  # draws as random.Random(seed) would, without building a generator per board
    packs: list[list[int]] = []
    dealer = index % 4
    rows: list[_Row] = []
    for half, seating in enumerate(seated):
        players, labels = seating.players, seating.labels
        clock = Clock(TIMING_EVERY)
        played = None
        for attempt in range(MAX_ATTEMPTS):
            if len(packs) <= attempt:
                packs.append(cut(shuffled(rng), rng))
            for seat, start in seating.starts:
                start(hash((cfg.seed, index, half, attempt, seat)) & _SEED_MASK)  # _seed, inlined
            played = play_deal(players, packs[attempt], dealer, deal_no=index + 1, variants=cfg.variants,
                               rule=cfg.rule, names=labels, clock=clock)
            if played is not None:
                break
        clock_seconds, clock_decisions, clock_timed = clock.seconds, clock.decisions, clock.timed
        for seat, label in enumerate(labels):
            seconds[label] = seconds.get(label, 0.0) + clock_seconds[seat]
            decisions[label] = decisions.get(label, 0) + clock_decisions[seat]
            timed[label] = timed.get(label, 0) + clock_timed[seat]
        if played is None:
            rows.append((0, 0, 0, 0))
            continue
        scores = played.team_scores()
        a_team = seating.a_team
        rows.append((scores[a_team], scores[1 - a_team], 1 if played.taker_team == a_team else 2,
                     1 if played.score.made else 0))
    return rows


def play_board(cfg: GymConfig, index: int, seated: list[_Seating] | None = None) -> Board:
    """Play board ``index`` once (or twice in duplicate); raise :class:`PlayerError` on a player's fault."""
    board = Board(index, [])
    for a, b, taker, made in _play(cfg, index, seated or seatings(cfg), board.seconds, board.decisions,
                                   board.timed):
        board.plays.append(Play(a, b, TAKERS[taker], bool(made)))
    return board


def play_boards(cfg: GymConfig, start: int, stop: int) -> tuple[list[Board], PlayerError | None]:
    """Boards ``start``..``stop - 1``; a player error stops the range and comes back with the boards played."""
    boards: list[Board] = []
    seated = seatings(cfg)
    for index in range(start, stop):
        try:
            boards.append(play_board(cfg, index, seated))
        except PlayerError as err:
            return boards, err
    return boards, None


@dataclass
class Chunk:
    """Boards ``start``..``start + count - 1`` of a run, packed: what a gym worker sends back.

    ``rows`` holds four ints per play, the plays in board order (two per board in duplicate):
    points of A, points of B, the taking team (an index in :data:`TAKERS`), made (0/1). The
    decision seconds, counts and timed counts are summed over the chunk by label ("A:simple").
    Why: one object and one flat array to pickle per chunk instead of objects per board and
    per play, so a worker spends its time playing and the parent, which shares the cores with
    the workers, little on unpacking (see docs/benchmarks.md, the gym's speed-up).
    """

    start: int
    count: int = 0
    rows: array[int] = field(default_factory=lambda: array("i"))
    seconds: dict[str, float] = field(default_factory=dict)
    decisions: dict[str, int] = field(default_factory=dict)
    timed: dict[str, int] = field(default_factory=dict)


class Interrupted(InputError):
    """The run was stopped (Ctrl-C) before its last board: the boards already played are kept."""


def interrupted(plays: int) -> Interrupted:
    """The error of a run stopped by Ctrl-C after ``plays`` deals (as the report counts them)."""
    return Interrupted(T(f"interrompu (Ctrl-C) : les {plays} donnes déjà jouées sont gardées",
                         f"interrupted (Ctrl-C): the {plays} deals already played are kept"), token="Ctrl-C")


def play_chunk(cfg: GymConfig, start: int, stop: int,
               stopped: Callable[[], bool] | None = None) -> tuple[Chunk, InputError | None]:
    """Boards ``start``..``stop - 1`` as one :class:`Chunk`; a player error stops the range and comes back with
    the chunk of the boards played before it. So does Ctrl-C (:class:`Interrupted`, the board being played
    left out), or ``stopped()`` turning true (asked before each board: a pool's worker, whose run was stopped)."""
    chunk = Chunk(start)
    seated = seatings(cfg)
    extend = chunk.rows.extend
    seconds, decisions, timed = chunk.seconds, chunk.decisions, chunk.timed
    for index in range(start, stop):
        if stopped is not None and stopped():
            return chunk, interrupted(0)
        try:
            rows = _play(cfg, index, seated, seconds, decisions, timed)
        except PlayerError as err:
            return chunk, err
        except KeyboardInterrupt:
            return chunk, interrupted(0)
        for row in rows:
            extend(row)
        chunk.count += 1
    return chunk, None


def aggregate(cfg: GymConfig, chunks: Iterable[Chunk], seconds: float, workers: int = 1,
              backend: str = "processes") -> dict[str, Any]:
    """The report (a JSON-able dict) for ``chunks`` (any order), see the module docstring."""
    chunks = sorted(chunks, key=lambda c: c.start)
    rows = array("i")
    for chunk in chunks:
        rows.extend(chunk.rows)
    points_a, points_b, takers, made = rows[0::4].tolist(), rows[1::4].tolist(), rows[2::4], rows[3::4]
    n_plays = len(points_a)
    per = 2 if cfg.duplicate else 1
    if per == 2:
        per_board_a = [(x + y) / 2 for x, y in zip(points_a[0::2], points_a[1::2], strict=True)]
        per_board_b = [(x + y) / 2 for x, y in zip(points_b[0::2], points_b[1::2], strict=True)]
    else:
        per_board_a, per_board_b = [float(x) for x in points_a], [float(x) for x in points_b]
    diffs = [a - b for a, b in zip(per_board_a, per_board_b, strict=False)]
    d = summary(diffs)
    teams: dict[str, Any] = {}
    for code, (team, per_board) in enumerate((("A", per_board_a), ("B", per_board_b)), start=1):
        s = summary(per_board)
        took = [m for t, m in zip(takers, made, strict=True) if t == code]
        won = sum(1 for a, b in zip(points_a, points_b, strict=True) if (a > b if team == "A" else b > a))
        timing = {}
        for key in sorted({k for c in chunks for k in c.seconds if k.startswith(team + ":")}):
            secs = sum(c.seconds.get(key, 0.0) for c in chunks)
            count = sum(c.decisions.get(key, 0) for c in chunks)
            timed = sum(c.timed.get(key, 0) for c in chunks)
            timing[key.split(":", 1)[1]] = {"decisions": count,
                                            "mean_ms": round(1000 * secs / timed, 4) if timed else None}
        teams[team] = {
            "player": cfg.label(team), "mean_points": s["mean"], "ci95": s["ci95"], "deals_won": won,
            "taking_rate": len(took) / n_plays if n_plays else 0.0,
            "success_rate": sum(took) / len(took) if took else None,
            "decision_time": timing,
        }
    return {
        "deals": len(per_board_a), "plays": n_plays, "duplicate": cfg.duplicate, "seed": cfg.seed,
        "void_deals": sum(1 for t in takers if t == 0),
        "teams": teams,
        "difference": {"mean": d["mean"], "ci95": d["ci95"], "p_value": paired_p_value(diffs)},
        "deals_per_second": n_plays / seconds if seconds > 0 else None,
        "seconds": seconds, "workers": workers, "backend": backend,
        "running_difference": _running(diffs),
        "points_a": points_a, "points_b": points_b,
    }


def _running(diffs: list[float]) -> list[float]:
    out, total = [], 0.0
    for i, v in enumerate(diffs, start=1):
        total += v
        out.append(total / i)
    return out


DETERMINISTIC_KEYS = ("deals", "plays", "duplicate", "seed", "void_deals", "difference", "points_a", "points_b")
"""Report keys that must not depend on how the boards were spread (the timings do)."""
