#!/usr/bin/env python3
"""Knowledge-base costs a user feels: cold `log` commands, the first build, eight first runs at once.

    python benchmarks/bench_kb.py [--runs N]

CPU time is the child's user + system time (``resource.getrusage``), so it is not
inflated by other load on the machine; wall time is given for the build and the
concurrent first runs. Nothing here fails a build.
"""
from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ARBITRE = [sys.executable, "-m", "arbitre.cli.app"]
RECORD = ["ruling", "renonce-consommee", "--answer", "renonce-consommee/twelfth-trick=yes",
          "--answer", "renonce-consommee/twelfth-discovered=yes", "--record", "--event", "bench"]


def cpu_of(args: list[str], db: Path) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one `arbitre` run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([*ARBITRE, *args, "--db", str(db)], capture_output=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "kb.sqlite"
        cpu, wall = cpu_of(["db", "upgrade"], db)
        results["first_build"] = {"cpu_s": cpu, "wall_s": wall}
        for _ in range(3):
            cpu_of(RECORD, db)
        for name, cmd in {"log list": ["log", "list"], "log show 1": ["log", "show", "1"],
                          "log export --json": ["log", "export", "--json"]}.items():
            cpus = [cpu_of(cmd, db)[0] for _ in range(args.runs)]
            results[name] = {"cpu_median_s": statistics.median(cpus), "runs": args.runs}
        fresh = Path(tmp) / "fresh.sqlite"
        start = time.perf_counter()
        procs = [subprocess.Popen([*ARBITRE, "states", "--json", "--db", str(fresh)], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL) for _ in range(8)]
        codes = [p.wait() for p in procs]
        results["eight_first_runs"] = {"wall_s": time.perf_counter() - start, "failed": sum(c != 0 for c in codes)}
        shutil.rmtree(tmp, ignore_errors=True)
    print("| measure | value |")
    print("| --- | --- |")
    print(f"| first build (`db upgrade` on a missing file) | {results['first_build']['cpu_s']:.2f} s CPU, "
          f"{results['first_build']['wall_s']:.2f} s wall |")
    for name in ("log list", "log show 1", "log export --json"):
        print(f"| cold `arbitre {name}` (median of {args.runs}) | {results[name]['cpu_median_s'] * 1e3:.0f} ms CPU |")
    e = results["eight_first_runs"]
    print(f"| 8 `arbitre states` at once on a missing KB | {e['wall_s']:.1f} s wall, {e['failed']} failed |")
    return results


if __name__ == "__main__":
    main()
