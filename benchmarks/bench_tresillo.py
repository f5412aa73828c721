"""Random legal tresillo coups per second on one core (deal, auction, exchanges, play, payments).

Run: ``python benchmarks/bench_tresillo.py [--reps 9] [--coups 2000] [--json]``;
import: ``from bench_tresillo import main; results = main()`` (a dict, see :func:`main`).

Ours is ``arbitre.rulings.tresillo.game.play_coup`` with four
``RandomPlayer`` s: shuffle and deal (9 + 9 + 9, talon of 13), the dealer's
bet, an auction of random legal calls (redeal when all pass), the trump,
random exchanges from the talon, random surrenders and defences, up to nine
tricks of random legal cards (follow suit, the Triomphes' privilege), the
Chelem choice, and the settlement with the dealer's bet. Every coup's payments
are checked to sum to 0. No maintained open-source tresillo engine exists to
compare with (see the issue); belote's figure in docs/benchmarks.md gives the
order of magnitude.

Method: bench_belote's ``measure``: every repetition plays the same
fixed-seed coups after one warm-up; median, min, max and spread by wall clock
and by CPU time; one process, one thread. Target: >= 10,000 coups/s (median).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_belote import _import_engine, _load, machine, measure

TARGET = 10_000
SEED = 20261122


def ours(coups: int) -> tuple[Callable[[int], Callable[[], None]], str]:
    """Run-maker for our engine and where it was imported from."""
    import random

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


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the benchmark, print a report, return ``machine``, ``ours`` (median/min/max/spread coups/s and the
    same by CPU time under ``cpu``), ``load_before``/``load_after``, ``target`` and ``target_met``."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--reps", type=int, default=9, help="timed repetitions (default 9)")
    parser.add_argument("--coups", type=int, default=2000, help="coups per repetition (default 2000)")
    parser.add_argument("--json", action="store_true", help="also print the results as JSON")
    args = parser.parse_args([] if argv is None else argv)
    info = machine()
    make_run, source = ours(args.coups)
    print(f"machine: {info['platform']}, {info['cpu']}, {info['cpus']} logical CPUs (one used), {info['python']}; "
          f"engine: {source}")
    load_before = _load()
    mine = {"engine": "arbitre tresillo (40 cards)", "source": source,
            **measure({"ours": (make_run, args.coups)}, args.reps)["ours"]}
    load_after = _load()
    met = mine["median"] >= TARGET
    print(f"random legal coups/s: median {mine['median']:,.0f} (min {mine['min']:,.0f}, max {mine['max']:,.0f}, "
          f"spread {mine['spread']:.0%}); by CPU time {mine['cpu']['median']:,.0f}; load average (1 min) "
          f"{load_before or 0:.2f} -> {load_after or 0:.2f}; target >= {TARGET:,} (wall-clock median) {'met' if met else 'NOT met'}")
    results = {"machine": info, "load_before": load_before, "load_after": load_after, "ours": mine,
               "target": TARGET, "target_met": met}
    print(json.dumps(results, indent=2, default=str) if args.json else "", end="\n" if args.json else "")
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
