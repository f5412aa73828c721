"""Random legal tresillo coups per second on one core (deal, auction, exchanges, play, payments).

Run: ``python benchmarks/bench_tresillo.py [--reps 9] [--coups 2000] [--json] [--baseline DIR]``;
import: ``from bench_tresillo import main; results = main()`` (a dict, see :func:`main`).

Ours is ``arbitre.rulings.tresillo.game.play_coup`` with four
``RandomPlayer`` s: shuffle and deal (9 + 9 + 9, talon of 13), the dealer's
bet, an auction of random legal calls (redeal when all pass), the trump,
random exchanges from the talon (in a Solo, the second player's request to
discard eight or nine cards and the other opponent's answer), random
surrenders and defences, up to nine tricks of random legal cards (follow suit,
the Triomphes' privilege), the Chelem choice, and the settlement with the
dealer's bet. Every coup's payments are checked to sum to 0. No maintained
open-source tresillo engine exists to compare with (see the issue); belote's
figure in docs/benchmarks.md gives the order of magnitude.

``--baseline DIR``: also time the engine of another checkout (a folder holding
its ``rulings/``, e.g. ``git archive 71a8dc2 rulings | tar -x -C /tmp/base``),
in a child process, before and after ours, and print the ratio: before/after
figures from the same run and the same machine load.

Method: bench_belote's ``measure``: every repetition plays the same
fixed-seed coups after one warm-up; median, min, max and spread by wall clock
and by CPU time; one process, one thread. Target: >= 10,000 coups/s (median).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_belote import _import_engine, _load, machine, measure

TARGET = 10_000
SEED = 20261122


def _engine_from(root: Path) -> None:
    """Map ``arbitre.rulings`` to ``root/rulings`` (another checkout), before anything imports arbitre."""
    pkg = types.ModuleType("arbitre")
    pkg.__path__ = [str(root)]
    sys.modules["arbitre"] = pkg
    spec = importlib.util.spec_from_file_location("arbitre.rulings", root / "rulings" / "__init__.py",
                                                  submodule_search_locations=[str(root / "rulings")])
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules["arbitre.rulings"] = mod
    spec.loader.exec_module(mod)


def ours(coups: int) -> tuple[Callable[[int], Callable[[], None]], str]:
    """Run-maker for our engine and where it was imported from."""
    import random

    if "arbitre.rulings" not in sys.modules:
        _import_engine()  # maps arbitre.rulings to this checkout when arbitre is not installed
    from arbitre.rulings.tresillo import game
    from arbitre.rulings.tresillo.players import RandomPlayer

    def make_run(seed: int) -> Callable[[], None]:
        def run() -> None:
            rng = random.Random(seed)
            players = [RandomPlayer(rng) for _ in range(4)]
            dealer = 4
            for _ in range(coups):
                log = game.play_coup(players, rng, dealer=dealer)
                assert sum(log.payments.values()) == 0
                dealer = dealer % 4 + 1

        return run

    return make_run, str(Path(game.__file__).resolve())


def _baseline(root: Path, reps: int, coups: int) -> dict[str, Any]:
    """The same measure of the engine under ``root``, in a child process (its own imports)."""
    out = subprocess.run([sys.executable, __file__, "--engine-root", str(root), "--reps", str(reps),
                          "--coups", str(coups), "--quiet"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the benchmark, print a report, return ``machine``, ``ours`` (median/min/max/spread coups/s and the
    same by CPU time under ``cpu``), ``load_before``/``load_after``, ``target``, ``target_met`` and, with
    ``--baseline``, ``baseline`` (the other checkout's figures, measured before and after ours) and
    ``speedup`` (ours over the baseline, wall clock and CPU time)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--reps", type=int, default=9, help="timed repetitions (default 9)")
    parser.add_argument("--coups", type=int, default=2000, help="coups per repetition (default 2000)")
    parser.add_argument("--json", action="store_true", help="also print the results as JSON")
    parser.add_argument("--baseline", type=Path, help="another checkout whose engine to time too (before/after)")
    parser.add_argument("--engine-root", type=Path, help=argparse.SUPPRESS)  # the child process of --baseline
    parser.add_argument("--quiet", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args([] if argv is None else argv)
    if args.engine_root:
        _engine_from(args.engine_root.resolve())
    make_run, source = ours(args.coups)
    if args.quiet:  # the child of --baseline: one JSON document, nothing else
        res = measure({"ours": (make_run, args.coups)}, args.reps)["ours"]
        print(json.dumps({"median": res["median"], "cpu": res["cpu"]["median"], "source": source}))
        return res
    info = machine()
    print(f"machine: {info['platform']}, {info['cpu']}, {info['cpus']} logical CPUs (one used), {info['python']}; "
          f"engine: {source}")
    base_runs = []
    load_before = _load()
    if args.baseline:
        base_runs.append(_baseline(args.baseline.resolve(), max(args.reps // 3, 1), args.coups))
    mine = {"engine": "arbitre tresillo (40 cards)", "source": source,
            **measure({"ours": (make_run, args.coups)}, args.reps)["ours"]}
    if args.baseline:
        base_runs.append(_baseline(args.baseline.resolve(), max(args.reps // 3, 1), args.coups))
    load_after = _load()
    met = mine["median"] >= TARGET
    print(f"random legal coups/s: median {mine['median']:,.0f} (min {mine['min']:,.0f}, max {mine['max']:,.0f}, "
          f"spread {mine['spread']:.0%}); by CPU time {mine['cpu']['median']:,.0f}; load average (1 min) "
          f"{load_before or 0:.2f} -> {load_after or 0:.2f}; target >= {TARGET:,} coups/s (wall-clock median): "
          f"{'met' if met else 'NOT met'}")
    results: dict[str, Any] = {"machine": info, "load_before": load_before, "load_after": load_after, "ours": mine,
                               "target": TARGET, "target_met": met}
    if base_runs:
        wall = sum(b["median"] for b in base_runs) / len(base_runs)
        cpu = sum(b["cpu"] for b in base_runs) / len(base_runs)
        results["baseline"] = {"source": base_runs[0]["source"], "median": wall, "cpu": cpu, "runs": base_runs}
        results["speedup"] = {"wall": mine["median"] / wall, "cpu": mine["cpu"]["median"] / cpu}
        print(f"baseline {base_runs[0]['source']}: median {wall:,.0f} coups/s, by CPU time {cpu:,.0f} (before and "
              f"after ours); ours is {results['speedup']['wall']:.2f}x by wall clock, "
              f"{results['speedup']['cpu']:.2f}x by CPU time")
    print(json.dumps(results, indent=2, default=str) if args.json else "", end="\n" if args.json else "")
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
