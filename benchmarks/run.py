#!/usr/bin/env python3
"""Run every benchmark in this folder in one go: `python3 dev.py bench` (or this file).

    python benchmarks/run.py            # print the results
    python benchmarks/run.py --record   # also append them, with the machine, to docs/benchmarks.md

Benchmarks are measurements, not tests: nothing here fails a build. Each benchmark
module has a ``main() -> dict`` that prints its own table; this runner collects the
headline figures next to their targets.
"""
from __future__ import annotations

import argparse
import datetime as dt
import platform
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def machine() -> str:
    import os

    return (f"{platform.platform()}, {_cpu()}, {os.cpu_count()} logical CPUs, "
            f"Python {platform.python_version()}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="append the results to docs/benchmarks.md")
    args = parser.parse_args()
    lines: list[str] = []
    import bench_classify

    c = bench_classify.main()
    lines += [f"| classify: boards/s, reading + classifying the PBN files | {c['summary']['ours_pbn']:,.0f} |"
              f" endplay {c['summary']['endplay']} | ≥ 20× endplay | {c['summary']['ratio_pbn']} |",
              f"| classify: boards/s, all shared files (PBN + LIN) | {c['summary']['ours_all']:,.0f} | | | |",
              f"| cold `arbitre classify` (median) | {c['summary']['cold_ms']} ms | import floor {c['summary']['floor_ms']} ms |"
              f" ≤ 2× floor | {c['summary']['cold_ratio']} |"]
    import bench_belote

    b = bench_belote.main()
    peer = b.get("jass_kit")
    peer_txt = f"jass-kit {peer['median']:,.0f}" if isinstance(peer, dict) else str(peer)
    lines.append(f"| belote: random legal deals/s (deal, play, score) | {b['ours']['median']:,.0f} | {peer_txt} |"
                 f" ≥ 10,000 | {b.get('ratio') or ''} |")
    header = ["| benchmark | ours | peer / floor | target | ratio |", "| --- | --- | --- | --- | --- |"]
    table = "\n".join(header + lines)
    print("\n" + machine() + "\n" + table)
    if args.record:
        docs = HERE.parent / "docs" / "benchmarks.md"
        docs.parent.mkdir(exist_ok=True)
        if not docs.exists():
            docs.write_text("# Benchmark results\n\nAppended by `python3 dev.py bench --record`.\n", encoding="utf-8")
        with docs.open("a", encoding="utf-8") as fh:
            fh.write(f"\n## {dt.date.today().isoformat()}: {machine()}\n\n{table}\n")
        print(f"recorded in {docs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
