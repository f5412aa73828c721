"""Random legal belote deals per second (deal, play, score) on one core, next to jass-kit.

Run: ``python benchmarks/bench_belote.py [--reps 7] [--deals 5000] [--peer-deals 400] [--against main] [--json]``;
import: ``from bench_belote import main; results = main()`` (a dict, see :func:`main`).

Ours is ``arbitre.arena.random_deal.play_random_deal``: shuffle, cut, 3+2
deal, taking rounds (redeal when all pass), 32 random legal cards, trick
winners, card points, dix de der, belote, announces, deal score. The peer is
jass-kit's Swiss Jass (Schieber) random simulation: random hands, random
trump, 36 random valid cards with ``RuleSchieber`` and ``GameSim``
(numpy-based). Both engines check their points total on every deal (ours 162,
jass 157).

Method: every repetition plays the same fixed-seed sequence of deals (so the
work is identical from one repetition to the next and the spread is machine
noise), after one warm-up repetition; we report the median rate, the slowest
and fastest repetitions and the spread ((max - min) / median), one process,
one thread, garbage collector left on. The 1-minute load average is printed
before and after: other processes on the machine slow the median down.

``--against GIT_REF`` also times the engine of another commit of this repository
(say ``main`` before a change) and this checkout's, each in a child process
(same interpreter setup for both) taking turns with the others, so before/after
figures come from one run under the same load. ``--against d6cf875`` times the
engine that gave 20,879 deals/s when issue 10 set its target "as now": the script
then also prints what this checkout gives at the same ratio on that day's machine
(a calibration, printed beside the plain figure, which stays the one judged here).

If jass-kit is not importable in this interpreter the script says so and still
measures ours; run it with the bench venv (``/tmp/benchvenv/bin/python``) to
get both in the same run. Our engine is imported from the installed
``arbitre`` package if there is one, else straight from this checkout.
Target for ours (issue 10): >= 20,000 deals/s (median) on one core. Always exits 0.

``python benchmarks/bench_belote.py players [--deals 10000] [--advanced-deals 300] [--workers 2]``
measures the players instead (:func:`players_main`): the strength of each pair in a
duplicate gym (simple vs random, memory vs simple, advanced vs memory: mean difference,
95% interval, paired p-value), the deals per second of random, simple and memory
players in one process, the advanced player's median milliseconds per card decision at
its default budget, and the gym's speed-up on 2 workers: 1-worker and 2-worker runs taking
turns on the issue's ``--deals 10000`` (memory vs simple), beside the machine's own ceiling (two one-process gym
runs at once vs one alone), in interleaved rounds, with the load and the CPU seconds; then
the gym's deals per second at its default ``--workers`` for four simple and four memory
players (informational). ``players --gym-only`` runs just those gym figures (under a minute
on the idle 2-CPU machine). ``players --baseline CHECKOUT`` measures
the deals per second of random, simple and memory players with this tree and with another
checkout side by side (separate processes taking turns, so both see the same load).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import shutil
import statistics
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

TARGET = 20_000
"""Issue 10, section 5: engine-only random legal deals per second on one core."""
FILING_REF, FILING_RATE = "d6cf875", 20_879
"""The commit whose engine the target's "(as now)" names, and the deals/s it gave on the machine of that
day (docs/benchmarks.md, 2026-11-22): ``--against d6cf875`` re-times that engine here, in the same run, so
that a slower or faster machine shows as such."""
PLAYERS_TARGET = 5_000
"""Issue 10: deals per second with four simple players, and with four memory players."""
ADVANCED_TARGET_MS = 20.0
"""Issue 10: the advanced player's median milliseconds per card decision at its default budget."""
WORKERS_TARGET = 1.8
"""Issue 10: the gym's deals per second on 2 workers over 1 worker."""
SEED = 20240604
ROOT = Path(__file__).resolve().parents[1]


def _import_engine(root: Path = ROOT) -> tuple[Callable[..., Any], str]:
    """``play_random_deal`` and the file it comes from.

    From a plain checkout (``arbitre`` not installed, or ``python -S``) ``rulings/`` and
    ``arena/`` of ``root`` are mapped as ``arbitre.rulings`` and ``arbitre.arena``.
    """
    try:
        from arbitre.arena import random_deal as game
    except ImportError:
        if "arbitre" not in sys.modules:
            pkg = types.ModuleType("arbitre")
            pkg.__path__ = []  # namespace-like parent
            sys.modules["arbitre"] = pkg
        for name in ("rulings", "arena"):
            if not (root / name).is_dir():  # a commit before the players (see _ENGINE_MODULES)
                continue
            spec = importlib.util.spec_from_file_location(
                f"arbitre.{name}", root / name / "__init__.py", submodule_search_locations=[str(root / name)])
            assert spec and spec.loader
            mod = importlib.util.module_from_spec(spec)
            sys.modules[f"arbitre.{name}"] = mod
            spec.loader.exec_module(mod)
        module = next(m for m, path in _ENGINE_MODULES if (root / path).is_file())
        game = importlib.import_module(module)
    return game.play_random_deal, str(Path(game.__file__).resolve())


_ENGINE_MODULES = (("arbitre.arena.random_deal", "arena/random_deal.py"),
                   ("arbitre.rulings.belote.game", "rulings/belote/game.py"))
"""Where ``play_random_deal`` lives, newest layout first: before the players arrived (issue 10), the
simulator was ``rulings/belote/game.py``. ``--against d6cf875`` times the engine whose 20,879 deals/s
the issue's "(as now)" refers to, on this machine, in the same run."""


def machine() -> dict[str, Any]:
    """Platform, CPU model (from /proc/cpuinfo), Python version, CPU count."""
    cpu = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "platform": platform.platform(),
        "cpu": cpu,
        "cpus": os.cpu_count(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def _load() -> float | None:
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None


def _stats(deals: int, seconds: list[float]) -> dict[str, Any]:
    rates = sorted(deals / t for t in seconds)
    median = statistics.median(rates)
    return {"median": median, "min": rates[0], "max": rates[-1], "spread": (rates[-1] - rates[0]) / median,
            "rates": rates}


def measure(engines: dict[str, tuple[Callable[[int], Callable[[], Any]], int]], reps: int) -> dict[str, Any]:
    """Time ``reps`` repetitions of each engine, interleaved, after one warm-up repetition each.

    ``engines[name] = (make_run, deals)``: ``make_run(seed)`` returns a function
    playing ``deals`` deals from ``seed``; every repetition uses the same seed.
    The engines take turns within each repetition so that both see the same
    machine conditions. Rates are given by wall clock and by the process's
    CPU time (which leaves out the time other processes held the core). A run
    that returns ``(wall seconds, CPU seconds)`` reports its own times (an engine
    timed in a child process, see :func:`in_child`).
    """
    for make_run, _ in engines.values():
        make_run(SEED)()  # warm-up (imports, caches, allocator)
    wall: dict[str, list[float]] = {name: [] for name in engines}
    cpu: dict[str, list[float]] = {name: [] for name in engines}
    for _ in range(reps):
        for name, (make_run, _) in engines.items():
            run = make_run(SEED)
            w0, c0 = time.perf_counter(), time.process_time()
            own = run()
            c1, w1 = time.process_time(), time.perf_counter()
            w, c = own if isinstance(own, tuple) else (w1 - w0, c1 - c0)
            wall[name].append(w)
            cpu[name].append(c)
    out = {}
    for name, (_, deals) in engines.items():
        out[name] = {"deals_per_rep": deals, "reps": reps, **_stats(deals, wall[name]),
                     "cpu": _stats(deals, cpu[name])}
    return out


def ours(deals: int) -> tuple[Callable[[int], Callable[[], None]], str]:
    """Run-maker for our engine (see :func:`measure`) and where the engine was imported from."""
    import random

    play_random_deal, source = _import_engine()

    def make_run(seed: int) -> Callable[[], None]:
        def run() -> None:
            rng = random.Random(seed)
            for _ in range(deals):
                played = play_random_deal(rng)
                assert played.card_points[0] + played.card_points[1] == 162

        return run

    return make_run, source


def _child(root: str, deals: int) -> None:
    """``python -S bench_belote.py --child ROOT DEALS``: time the engine of checkout ROOT on request.

    Reads a seed per line on stdin, plays ``deals`` deals from it as :func:`ours` does,
    answers ``wall cpu`` (seconds) on stdout; ``-S`` keeps the installed ``arbitre`` out.
    """
    import random

    play_random_deal, source = _import_engine(Path(root))
    print(source, flush=True)
    for line in sys.stdin:
        rng = random.Random(int(line))
        w0, c0 = time.perf_counter(), time.process_time()
        for _ in range(deals):
            played = play_random_deal(rng)
            assert played.card_points[0] + played.card_points[1] == 162
        c1, w1 = time.process_time(), time.perf_counter()
        print(w1 - w0, c1 - c0, flush=True)


def in_child(root: Path, deals: int) -> Callable[[int], Callable[[], tuple[float, float]]]:
    """Run-maker for the engine of checkout ``root`` timed in a child ``python -S`` (see :func:`_child`)."""
    import atexit
    import subprocess

    child = subprocess.Popen([sys.executable, "-S", str(Path(__file__).resolve()), "--child", str(root), str(deals)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    atexit.register(child.kill)
    assert child.stdout is not None and child.stdin is not None
    child.stdout.readline()  # the engine's file: imported

    def make_run(seed: int) -> Callable[[], tuple[float, float]]:
        def run() -> tuple[float, float]:
            assert child.stdin is not None and child.stdout is not None
            child.stdin.write(f"{seed}\n")
            child.stdin.flush()
            wall, cpu = child.stdout.readline().split()
            return float(wall), float(cpu)

        return run

    return make_run


def against(ref: str, deals: int) -> tuple[Callable[[int], Callable[[], tuple[float, float]]],
                                          Callable[[int], Callable[[], tuple[float, float]]]]:
    """Run-makers for this checkout's engine and for the engine of git commit ``ref``, each in a child.

    ``git archive`` extracts the commit's ``rulings/`` and ``arena/`` into a temporary folder;
    two children ``python -S`` (this interpreter, no site packages) import one engine each and
    play the same deals as :func:`ours` when asked. Both run in the same conditions (the
    same interpreter setup, the same small heap for the garbage collector) and take turns
    with the other engines, so the before/after ratio comes from one run under one load.
    """
    import atexit
    import shutil
    import subprocess
    import tarfile
    import tempfile
    from io import BytesIO

    listed = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", ref],
                            capture_output=True, check=True, text=True).stdout.split()
    folders = [name for name in ("rulings", "arena") if name in listed]  # no arena/ before the players
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref, *folders],
                         capture_output=True, check=True).stdout
    tmp = tempfile.mkdtemp(prefix="bench-belote-")
    atexit.register(shutil.rmtree, tmp, True)
    with tarfile.open(fileobj=BytesIO(tar)) as archive:
        archive.extractall(tmp, filter="data")
    return in_child(ROOT, deals), in_child(Path(tmp), deals)


def _same_commit(ref: str, commit: str) -> bool:
    """Does git ``ref`` name ``commit`` (an abbreviated hash)?"""
    import subprocess

    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"],
                          capture_output=True, text=True)
    return done.returncode == 0 and done.stdout.strip().startswith(commit)


def jass_peer(deals: int) -> tuple[Callable[[int], Callable[[], None]], str] | str:
    """Run-maker for jass-kit random Schieber deals, or a message saying why it cannot run."""
    try:
        import numpy as np
        from jass.game.const import MAX_TRUMP
        from jass.game.game_sim import GameSim
        from jass.game.game_util import deal_random_hand
        from jass.game.rule_schieber import RuleSchieber
    except ImportError as err:
        return f"jass-kit not importable here ({err}); try /tmp/benchvenv/bin/python"
    rule = RuleSchieber()

    def make_run(seed: int) -> Callable[[], None]:
        def run() -> None:
            np.random.seed(seed)  # deal_random_hand draws from numpy's global generator
            rng = np.random.default_rng(seed)
            for _ in range(deals):
                sim = GameSim(rule=rule)
                sim.init_from_cards(hands=deal_random_hand(), dealer=int(rng.integers(4)))
                sim.action_trump(int(rng.integers(0, MAX_TRUMP + 1)))
                for _ in range(36):
                    valid = rule.get_valid_cards_from_state(sim.state)
                    sim.action_play_card(int(rng.choice(np.flatnonzero(valid))))
                assert sim.state.points.sum() == 157

        return run

    return make_run, f"jass-kit {_version('jass-kit')}, numpy {np.__version__}"


def _version(dist: str) -> str:
    try:
        from importlib.metadata import version
        return version(dist)
    except Exception:  # noqa: BLE001 - informational only
        return "?"


def _table(rows: list[dict[str, Any]]) -> str:
    header = ("engine", "deals x reps", "median/s", "min/s", "max/s", "spread", "cpu median/s", "cpu spread")
    lines = [header] + [(
        r["engine"], f"{r['deals_per_rep']} x {r['reps']}", f"{r['median']:,.0f}", f"{r['min']:,.0f}",
        f"{r['max']:,.0f}", f"{r['spread']:.0%}", f"{r['cpu']['median']:,.0f}", f"{r['cpu']['spread']:.0%}",
    ) for r in rows]
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    out = []
    for k, line in enumerate(lines):
        out.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(line, widths, strict=False))))
        if k == 0:
            out.append("-" * len(out[0]))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run both benchmarks, print a report, return the results.

    ``argv`` defaults to no arguments (not ``sys.argv``), so a combined runner
    can call ``main()``. The dict holds ``machine``, ``load_before``/``load_after``,
    ``ours`` and ``jass_kit`` (each: ``median``, ``min``, ``max`` deals/s by wall
    clock, ``spread`` = (max - min) / median, ``rates``, the same by CPU time
    under ``cpu``, ``deals_per_rep``, ``reps``, ``source``; ``jass_kit`` is a
    message string when jass-kit is not importable), ``ratio`` (ours / jass-kit
    wall-clock median, or ``None``), ``target`` and ``target_met`` (wall-clock median).
    """
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--reps", type=int, default=15, help="timed repetitions per engine (default 15)")
    parser.add_argument("--deals", type=int, default=1500, help="our deals per repetition (default 1500)")
    parser.add_argument("--peer-deals", type=int, default=100, help="jass-kit deals per repetition (default 100)")
    parser.add_argument("--json", action="store_true", help="also print the results as JSON")
    parser.add_argument("--against", metavar="GIT_REF",
                        help="also time the engine of that commit (e.g. main), taking turns with ours in one run")
    args = parser.parse_args([] if argv is None else argv)

    info = machine()
    print(f"platform : {info['platform']}")
    print(f"cpu      : {info['cpu']} ({info['cpus']} logical CPUs; benchmark uses one core, one process)")
    print(f"python   : {info['python']} ({sys.executable})")
    make_ours, source = ours(args.deals)
    print(f"ours     : {source}")
    engines: dict[str, tuple[Callable[[int], Callable[[], Any]], int]] = {"ours": (make_ours, args.deals)}
    if args.against:
        make_new, make_old = against(args.against, args.deals)
        engines["child"] = (make_new, args.deals)
        engines["against"] = (make_old, args.deals)
        print(f"against  : this checkout and git {args.against}, each in a child process (python -S)")
    peer = jass_peer(args.peer_deals)
    if isinstance(peer, str):
        print(f"peer     : {peer}")
    else:
        engines["jass_kit"] = (peer[0], args.peer_deals)
        print(f"peer     : {peer[1]}")

    load_before = _load()
    measured = measure(engines, args.reps)
    load_after = _load()
    mine = {"engine": "arbitre belote (32 cards)", "source": source, **measured["ours"]}
    rows = [mine]
    old: dict[str, Any] | None = None
    new: dict[str, Any] | None = None
    if args.against:
        new = {"engine": "  this checkout, in a child", "source": str(ROOT), **measured["child"]}
        old = {"engine": f"  git {args.against}, in a child", "source": args.against, **measured["against"]}
        rows += [new, old]
    jass: dict[str, Any] | str = peer if isinstance(peer, str) else {
        "engine": "jass-kit Schieber (36 cards)", "source": peer[1], **measured["jass_kit"]}
    if not isinstance(jass, str):
        rows.append(jass)

    print()
    print(_table(rows))
    print()
    ratio = None if isinstance(jass, str) else mine["median"] / jass["median"]
    cpu_ratio = None if isinstance(jass, str) else mine["cpu"]["median"] / jass["cpu"]["median"]
    if ratio is not None:
        print(f"ours / jass-kit (wall-clock median): {ratio:.1f}x; by CPU time: {cpu_ratio:.1f}x")
    if old is not None and new is not None:
        print(f"this checkout / {args.against} (both in a child): {new['median'] / old['median']:.2f}x by wall clock,"
              f" {new['cpu']['median'] / old['cpu']['median']:.2f}x by CPU time")
    filing = None
    if old is not None and new is not None and _same_commit(args.against, FILING_REF):
        filing = FILING_RATE * new["cpu"]["median"] / old["cpu"]["median"]
        print(f"calibration: the engine of {FILING_REF} gave {FILING_RATE:,} deals/s on the machine where issue 10"
              f" set its target; here it gives {old['cpu']['median']:,.0f} (CPU time). At the same ratio this checkout"
              f" gives {filing:,.0f} deals/s on that machine (target {TARGET:,}: {'met' if filing >= TARGET else 'NOT met'})")
    if load_before is not None and load_after is not None:
        print(f"load average (1 min) before/after: {load_before:.2f} / {load_after:.2f} on {info['cpus']} CPUs"
              " (other processes lower the wall-clock figures; the CPU-time ones leave out time spent descheduled)")
    met = mine["median"] >= TARGET
    print(f"ours: {mine['median']:,.0f} deals/s (wall-clock median), target >= {TARGET:,} (issue 10):"
          f" {'met' if met else 'NOT met'}")
    results = {
        "machine": info, "load_before": load_before, "load_after": load_after,
        "ours": mine, "jass_kit": jass, "ratio": ratio, "cpu_ratio": cpu_ratio, "target": TARGET, "target_met": met,
    }
    if old is not None and new is not None:
        results["against"] = {"ref": args.against, "this_checkout": new, "ref_engine": old,
                              "ratio_cpu": new["cpu"]["median"] / old["cpu"]["median"],
                              "on_filing_machine": filing}
    if args.json:
        print(json.dumps(results, indent=2, default=str))
    return results


# -- players: strength (gym, duplicate) and speed ------------------------------------

STRENGTH_PAIRS = (("simple", "random"), ("memory", "simple"), ("advanced", "memory"))


def gym_strength(a: str, b: str, deals: int, workers: int, seed: int = SEED) -> dict[str, Any]:
    """A duplicate gym run of ``a`` against ``b`` (the report of :func:`arbitre.arena.gym.aggregate`)."""
    from arbitre.arena.gym import GymConfig, aggregate
    from arbitre.arena.parallel import run
    from arbitre.arena.store import PER_DEAL_KEYS

    cfg = GymConfig((a, a), (b, b), deals, True, seed)
    boards, error, seconds, backend = run(cfg, workers)
    assert error is None, error
    report = aggregate(cfg, boards, seconds, workers, backend)
    return {k: v for k, v in report.items() if k not in PER_DEAL_KEYS}


def players_speed(kind: str, deals: int) -> dict[str, float]:
    """Deals per second (engine + four ``kind`` players, bidding included, void deals redealt), one process.

    By wall clock and by this process's CPU time (which leaves out the time other processes held the core).
    """
    from arbitre.arena.gym import GymConfig, play_boards

    cfg = GymConfig((kind, kind), (kind, kind), deals, duplicate=False, seed=SEED)
    play_boards(cfg, 0, min(50, deals))  # warm-up
    t0, c0 = time.perf_counter(), time.process_time()
    play_boards(cfg, 0, deals)
    c1, t1 = time.process_time(), time.perf_counter()
    return {"wall": deals / (t1 - t0), "cpu": deals / (c1 - c0)}


_SPEED_CHILD = """
import json, sys, time
from arbitre.arena.gym import GymConfig, play_boards
deals, reps, seed, kinds = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
out = {}
for kind in kinds:
    cfg = GymConfig((kind, kind), (kind, kind), deals, duplicate=False, seed=seed)
    play_boards(cfg, 0, min(50, deals))
    wall, cpu = [], []
    for _ in range(reps):
        t0, c0 = time.perf_counter(), time.process_time()
        play_boards(cfg, 0, deals)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - t0)
    out[kind] = {"wall": deals / min(wall), "cpu": deals / min(cpu)}
print(json.dumps(out))
"""


def _layout(checkout: Path) -> Path:
    """A folder where ``import arbitre.<package>`` finds the packages of another checkout (symbolic links)."""
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="arbitre-baseline-")) / "path"
    (root / "arbitre").mkdir(parents=True)
    for pkg in checkout.iterdir():
        if (pkg / "__init__.py").is_file():
            (root / "arbitre" / pkg.name).symlink_to(pkg.resolve(), target_is_directory=True)
    return root


def baseline_speed(checkout: Path, kinds: tuple[str, ...], deals: int, rounds: int = 3) -> dict[str, Any]:
    """Deals per second of ``kinds`` with this tree and with another ``checkout`` (e.g. ``git worktree add
    /tmp/old main``), each in its own process, the two taking turns ``rounds`` times (same machine load);
    the best of each side's repetitions is kept."""
    import subprocess

    layout = _layout(checkout)  # the children run in its parent folder, so "" on sys.path finds no arbitre
    sides = {"baseline": {**os.environ, "PYTHONPATH": str(layout)}, "this tree": dict(os.environ)}
    best: dict[str, dict[str, dict[str, float]]] = {side: {} for side in sides}
    for _ in range(rounds):
        for side, env in sides.items():
            run = subprocess.run([sys.executable, "-c", _SPEED_CHILD, str(deals), "2", str(SEED), *kinds], env=env,
                                 cwd=layout.parent, capture_output=True, text=True, check=True, timeout=600)
            for kind, rate in json.loads(run.stdout).items():
                mine = best[side].setdefault(kind, {"wall": 0.0, "cpu": 0.0})
                mine["wall"], mine["cpu"] = max(mine["wall"], rate["wall"]), max(mine["cpu"], rate["cpu"])
    shutil.rmtree(layout.parent)
    return best


def advanced_decision_ms(deals: int) -> dict[str, float]:
    """Median and mean milliseconds of the advanced player's card decisions (default budget) in gym deals."""
    from arbitre.arena.engine import play_deal
    from arbitre.arena.match import cut, shuffled
    from arbitre.arena.players.advanced import AdvancedPlayer
    from arbitre.arena.players.memory import MemoryPlayer

    times: list[float] = []
    cpu: list[float] = []

    class Timed(AdvancedPlayer):
        def play(self, obs):  # type: ignore[no-untyped-def]
            t0, c0 = time.perf_counter(), time.process_time()
            card = super().play(obs)
            cpu.append(time.process_time() - c0)
            times.append(time.perf_counter() - t0)
            return card

    import random

    rng = random.Random(SEED)
    players = [Timed(), MemoryPlayer(), Timed(), MemoryPlayer()]
    done = 0
    while done < deals:
        if play_deal(players, cut(shuffled(rng), rng), done % 4) is not None:
            done += 1
    return {"median_ms": 1000 * statistics.median(times), "mean_ms": 1000 * statistics.mean(times),
            "cpu_median_ms": 1000 * statistics.median(cpu), "decisions": len(times)}


GYM_BOARDS = 10_000
"""Boards of the gym runs timed for the 2-worker speed-up: the issue's own example (``--deals 10000``)."""
CEILING_BOARDS = 3_000
"""Boards of the one-process runs that time the machine's own 2-process ceiling."""

_CEILING_CHILD = """
import sys, time
from arbitre.arena.gym import GymConfig
from arbitre.arena.parallel import run
boards, seed = int(sys.argv[1]), int(sys.argv[2])
team_a, team_b = ("memory", "memory"), ("simple", "simple")
run(GymConfig(team_a, team_b, 50, True, seed), 1)  # imports, players, warm-up
print("ready", flush=True)
sys.stdin.readline()
c0 = time.process_time()
_, error, seconds, _ = run(GymConfig(team_a, team_b, boards, True, seed), 1)
assert error is None
print(seconds, time.process_time() - c0, flush=True)
"""


def _one_process_runs(boards: int, at_once: int) -> list[tuple[float, float]]:
    """``at_once`` child processes each play the same one-process gym run (memory vs simple), started together
    once all are warm; their (seconds of play, CPU seconds)."""
    import subprocess

    children = [subprocess.Popen([sys.executable, "-c", _CEILING_CHILD, str(boards), str(SEED)],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for _ in range(at_once)]
    try:
        for child in children:
            assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        for child in children:
            assert child.stdin is not None
            child.stdin.write("go\n")
            child.stdin.flush()
        times = []
        for child in children:
            out, _ = child.communicate(timeout=600)
            wall, cpu = out.split()
            times.append((float(wall), float(cpu)))
        return times
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()


def _timed_gym(boards: int, workers: int) -> dict[str, float]:
    """Deals per second of a gym run (memory vs simple, duplicate) on ``workers`` processes, as the gym reports
    them, with the CPU seconds of this process and of its worker processes."""
    import resource

    from arbitre.arena.gym import GymConfig, aggregate
    from arbitre.arena.parallel import run

    cfg = GymConfig(("memory", "memory"), ("simple", "simple"), boards, True, SEED)
    t0, c0, k0 = time.perf_counter(), time.process_time(), resource.getrusage(resource.RUSAGE_CHILDREN)
    got, error, seconds, backend = run(cfg, workers)
    c1, k1, t1 = time.process_time(), resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    assert error is None, error
    rate = aggregate(cfg, got, seconds, workers, backend)["deals_per_second"]
    return {"deals_per_second": rate, "seconds": seconds, "wall": t1 - t0, "cpu": c1 - c0,
            "workers_cpu": (k1.ru_utime + k1.ru_stime) - (k0.ru_utime + k0.ru_stime)}


def workers_speedup(boards: int, rounds: int, ceiling_boards: int) -> dict[str, Any]:
    """The gym's deals per second on 2 workers over 1 worker, and the machine's own ceiling beside it.

    The runs are the issue's ``--deals 10000`` (``boards``, memory vs simple, duplicate), 1-worker runs in
    this process and 2-worker runs taking turns: 1, 2, 1, 2, ..., 1. Each round's speed-up is its 2-worker
    rate over the mean of the 1-worker rates just before and just after it, so a load that drifts during
    the run weighs on both sides. Each round then times the ceiling: the same one-process gym run
    (``ceiling_boards``) in one child process alone, then in two child processes at once (2 x the time
    alone over the time of the slower of the two): what two processes that share nothing get from the
    CPUs, the line a process pool cannot pass. Prints each round and the medians, the load average before
    and after, and the CPU seconds (of this process, and of the workers).
    """
    from arbitre.arena.gym import GymConfig
    from arbitre.arena.parallel import run

    load_before = _load()
    run(GymConfig(("memory", "memory"), ("simple", "simple"), 100, True, SEED), 1)  # warm-up
    ones = [_timed_gym(boards, 1)]
    done: list[dict[str, Any]] = []
    for k in range(rounds):
        two = _timed_gym(boards, 2)
        ones.append(_timed_gym(boards, 1))
        before, after = ones[-2], ones[-1]
        one_rate = (before["deals_per_second"] + after["deals_per_second"]) / 2
        alone = _one_process_runs(ceiling_boards, 1)[0]
        both = _one_process_runs(ceiling_boards, 2)
        ceiling = 2 * alone[0] / max(t for t, _ in both)
        speedup = two["deals_per_second"] / one_rate
        done.append({"one": one_rate, "two": two, "speedup": speedup, "ceiling": ceiling,
                     "alone": alone, "at_once": both})
        print(f"  round {k + 1}: 1 worker {before['deals_per_second']:,.0f} and {after['deals_per_second']:,.0f}"
              f" deals/s (CPU {before['cpu']:.2f} s and {after['cpu']:.2f} s), 2 workers"
              f" {two['deals_per_second']:,.0f} (CPU {two['workers_cpu']:.2f} s in the workers, {two['cpu']:.2f} s"
              f" in the parent; {two['wall'] - two['seconds']:.2f} s to start and stop the pool, outside the"
              f" deals/s): {speedup:.2f}x; ceiling {ceiling:.2f}x (alone {alone[0]:.2f} s, two at once"
              f" {both[0][0]:.2f} s and {both[1][0]:.2f} s)", flush=True)
    speedups = [r["speedup"] for r in done]
    ceilings = [r["ceiling"] for r in done]
    one_rate = statistics.median(r["deals_per_second"] for r in ones)
    two_rate = statistics.median(r["two"]["deals_per_second"] for r in done)
    speedup, ceiling = statistics.median(speedups), statistics.median(ceilings)
    print(f"gym memory vs simple, {boards:,} boards x 2 (duplicate) per run: {one_rate:,.0f} deals/s on 1 worker,"
          f" {two_rate:,.0f} on 2 (medians); speed-up, median of {rounds} rounds: {speedup:.2f}x (rounds"
          f" {', '.join(f'{x:.2f}x' for x in speedups)}); target >= {WORKERS_TARGET}x (issue 10):"
          f" {'met' if speedup >= WORKERS_TARGET else 'NOT met'}. The machine's own ceiling (two one-process"
          f" runs of {ceiling_boards:,} boards at once vs one alone): {ceiling:.2f}x (rounds"
          f" {', '.join(f'{x:.2f}x' for x in ceilings)}); load average {load_before} before, {_load()} after")
    return {"boards": boards, "1": one_rate, "2": two_rate, "speedup": speedup, "speedups": speedups,
            "ceiling": ceiling, "ceilings": ceilings, "ceiling_boards": ceiling_boards, "one_worker_runs": ones,
            "rounds": done}


def default_workers_rates(boards: int) -> dict[str, float]:
    """Deals per second of the gym at its default ``--workers`` (the number of cores), four simple players and
    four memory players (informational: the players' target is the one-process figure)."""
    from arbitre.arena.gym import GymConfig, aggregate
    from arbitre.arena.parallel import run

    workers = os.cpu_count() or 1
    out = {}
    for kind in ("simple", "memory"):
        cfg = GymConfig((kind, kind), (kind, kind), boards, True, SEED)
        got, error, seconds, backend = run(cfg, workers)
        assert error is None, error
        out[kind] = aggregate(cfg, got, seconds, workers, backend)["deals_per_second"]
    print(f"gym at its default --workers ({workers}, the number of cores), {boards:,} boards x 2 (duplicate),"
          f" informational: four simple players {out['simple']:,.0f} deals/s, four memory players"
          f" {out['memory']:,.0f} deals/s (the players' target of {PLAYERS_TARGET:,} is the one-process figure above)")
    return {"workers": workers, "boards": boards, **out}


def players_main(argv: list[str]) -> dict[str, Any]:
    """Strength and speed of the players; prints a report and returns the figures."""
    parser = argparse.ArgumentParser(description="belote players: strength (duplicate gym) and speed")
    parser.add_argument("--deals", type=int, default=10_000, help="boards per strength pair (default 10,000)")
    parser.add_argument("--advanced-deals", type=int, default=300, help="boards for advanced vs memory (default 300)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--speed-deals", type=int, default=2000)
    parser.add_argument("--gym-boards", type=int, default=GYM_BOARDS,
                        help=f"boards of each gym run timed for the 2-worker speed-up (default {GYM_BOARDS:,})")
    parser.add_argument("--gym-rounds", type=int, default=3, help="2-worker runs, each between two 1-worker runs"
                        " (default 3)")
    parser.add_argument("--ceiling-boards", type=int, default=CEILING_BOARDS,
                        help=f"boards of each one-process run timing the machine's own ceiling (default {CEILING_BOARDS:,})")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--skip-strength", action="store_true", help="only the speed figures")
    parser.add_argument("--gym-only", action="store_true", help="only the gym's figures on several workers")
    parser.add_argument("--baseline", type=Path, metavar="CHECKOUT",
                        help="also measure the deals/s of another checkout (e.g. main) side by side, then stop")
    args = parser.parse_args(argv)
    info = machine()
    print(f"{info['platform']}, {info['cpu']}, {info['cpus']} CPUs, {info['python']}; load {_load()}")
    out: dict[str, Any] = {"machine": info, "strength": {}, "speed": {}}
    if args.baseline:
        kinds = ("random", "simple", "memory")
        both = baseline_speed(args.baseline, kinds, min(args.speed_deals, 1000))
        out["baseline"] = both
        for kind in kinds:
            old, new = both["baseline"][kind], both["this tree"][kind]
            print(f"{kind}: baseline {old['wall']:,.0f} deals/s ({old['cpu']:,.0f} by CPU time), this tree"
                  f" {new['wall']:,.0f} ({new['cpu']:,.0f}): {new['wall'] / old['wall']:.2f}x by wall clock,"
                  f" {new['cpu'] / old['cpu']:.2f}x by CPU time")
        print(f"load after: {_load()}")
        if args.json:
            print(json.dumps(out, indent=2, default=str))
        return out
    if args.gym_only:
        return _gym_figures(args, out)
    for a, b in () if args.skip_strength else STRENGTH_PAIRS:
        n = args.advanced_deals if "advanced" in (a, b) else args.deals
        r = gym_strength(a, b, n, args.workers)
        out["strength"][f"{a}/{b}"] = r
        d = r["difference"]
        print(f"{a} vs {b}: {n} boards x 2, difference {d['mean']:+.2f} [{d['ci95'][0]:+.2f}, {d['ci95'][1]:+.2f}]"
              f" p = {d['p_value']:.3g}; {r['deals_per_second']:.0f} deals/s on {args.workers} workers")
    for kind in ("random", "simple", "memory"):
        rate = players_speed(kind, args.speed_deals)
        out["speed"][kind] = rate
        target = "" if kind == "random" else \
            f"; target >= {PLAYERS_TARGET:,} (issue 10): {'met' if rate['wall'] >= PLAYERS_TARGET else 'NOT met'}"
        print(f"{kind}: {rate['wall']:,.0f} deals/s by wall clock, {rate['cpu']:,.0f} by CPU time"
              f" (one process, four {kind} players){target}")
    adv = advanced_decision_ms(20)
    out["speed"]["advanced"] = adv
    print(f"advanced: median {adv['median_ms']:.1f} ms per card decision, CPU time {adv['cpu_median_ms']:.1f} ms"
          f" ({adv['decisions']} decisions); target <= {ADVANCED_TARGET_MS:.0f} ms (issue 10):"
          f" {'met' if adv['median_ms'] <= ADVANCED_TARGET_MS else 'NOT met'}")
    return _gym_figures(args, out)


def _gym_figures(args: argparse.Namespace, out: dict[str, Any]) -> dict[str, Any]:
    out["speed"]["workers"] = workers_speedup(args.gym_boards, args.gym_rounds, args.ceiling_boards)
    out["speed"]["default_workers"] = default_workers_rates(args.gym_boards)
    out["load_after"] = _load()
    out["targets"] = {"players_deals_per_second": PLAYERS_TARGET, "advanced_median_ms": ADVANCED_TARGET_MS,
                      "workers_speedup": WORKERS_TARGET}
    if args.json:
        print(json.dumps(out, indent=2, default=str))
    return out


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        _child(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1:2] == ["players"]:
        players_main(sys.argv[2:])
    else:
        main(sys.argv[1:])
    raise SystemExit(0)
