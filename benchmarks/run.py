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
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def machine() -> str:
    """The machine line of the recorded table (the facts come from bench_classify), with the
    load average at the time: the machine may be shared."""
    from bench_classify import machine_info

    m = machine_info()
    load = ""
    if hasattr(os, "getloadavg"):
        load = ", load average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())
    return f"{m['platform']}, {m['cpu']}, {m['cpus']} logical CPUs, Python {m['python']}{load}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="append the results to docs/benchmarks.md")
    args = parser.parse_args()
    lines: list[str] = []
    import bench_classify

    c = bench_classify.main([])
    a, b = c.get("throughput", {}), c.get("cold_cli", {})
    if "error" in a:
        lines.append(f"| classify throughput | not run: {a['error']} | | | |")
    else:
        for kind, what in (("pbn", "PBN files (shared pbn/ + more/ + tests' quirks file)"),
                           ("lin", "LIN as BBO single-hand records (endplay cannot read vugraph LIN)")):
            ep = a[f"endplay_{kind}"]
            peer = f"endplay {ep['boards_per_s']:,.0f}" if "error" not in ep else f"endplay not run: {ep['error']}"
            ratio = f"{a[f'ratio_{kind}']:.1f}×" if f"ratio_{kind}" in a else ""
            lines.append(f"| classify --summary: boards/s, {a[f'ours_{kind}']['boards']} boards of {what} |"
                         f" {a[f'ours_{kind}']['boards_per_s']:,.0f} | {peer} | ≥ 20× endplay | {ratio} |")
        lines.append(f"| classify --summary: boards/s, LIN vugraph files as they are |"
                     f" {a['ours_lin_vugraph']['boards_per_s']:,.0f} | | | |")
        lines.append(f"| classify full reports: boards/s, PBN / LIN (reference lanes) |"
                     f" {a['reference_pbn']['boards_per_s']:,.0f} / {a['reference_lin']['boards_per_s']:,.0f} | | | |")
    la = c.get("long_auction")
    if la:
        lines.append(f"| classify: one typed auction of {la['calls']:,} calls, read + classified |"
                     f" {la['classify_s']:.2f} s | | < 1 s | |")
    m = c.get("memory")
    if m and "error" not in m:
        lines.append(f"| classify FILE --json: peak RSS on a synthetic {m['input']['mb']:.0f} MB PBN"
                     f" ({m['input']['records']:,} records) | {m['full_json']['peak_rss_mb']:.0f} MB"
                     f" ({m['full_json']['wall_s']:.0f} s) | one typed auction {m['baseline_one_auction']['peak_rss_mb']:.0f} MB |"
                     f" < 100 MB | |")
        lines.append(f"| classify FILE --summary --json: peak RSS, same file | {m['summary_json']['peak_rss_mb']:.0f} MB"
                     f" ({m['summary_json']['wall_s']:.0f} s) | | < 100 MB | |")
        if "long_auction_json" in m:
            la_m = m["long_auction_json"]
            lines.append(f"| classify FILE --json: peak RSS, one typed auction of {la_m['calls']:,} calls (93 MB of JSON) |"
                         f" {la_m['peak_rss_mb']:.0f} MB ({la_m['wall_s']:.0f} s) | | < 100 MB | |")
        if "dev_zero" in m:
            lines.append(f"| classify /dev/zero: stops with an error naming line 1 (exit {m['dev_zero']['exit']}) |"
                         f" {m['dev_zero']['wall_s']:.1f} s, {m['dev_zero']['peak_rss_mb']:.0f} MB | | bounded | |")
    if "error" in b:
        lines.append(f"| cold `arbitre classify` | not run: {b['error']} | | | |")
    else:
        lines.append(f"| cold `arbitre classify \"1H P 2C P P P\" --dealer N` (median of {b['runs']}) |"
                     f" {b['classify_median_s'] * 1e3:.0f} ms | `import typer, rich.table` {b['floor_median_s'] * 1e3:.0f} ms |"
                     f" ≤ 2× floor | {b['ratio']:.2f}× |")
    import bench_belote

    bb = bench_belote.main([])
    peer = bb.get("jass_kit")
    peer_txt = f"jass-kit {peer['median']:,.0f}" if isinstance(peer, dict) else str(peer)
    ratio = f"{bb['ratio']:.1f}×" if bb.get("ratio") else ""
    lines.append(f"| belote: random legal deals/s, one core (deal, play, score) | {bb['ours']['median']:,.0f} |"
                 f" {peer_txt} | ≥ {bb['target']:,} | {ratio} |")
    import bench_tresillo

    bt = bench_tresillo.main([])
    lines.append(f"| tresillo: random legal coups/s, one core (deal, auction, exchanges, play, payments) |"
                 f" {bt['ours']['median']:,.0f} | | ≥ 10,000 | |")
    import bench_coinche_server

    cs = bench_coinche_server.main([])
    if "error" in cs:
        lines.append(f"| coinche server | not run: {cs['error']} | | | |")
    else:
        lines += [f"| coinche server: commands/s, {cs['tables']} tables × 4 clients, whole deals (load avg "
                  f"{cs['load_avg']:.1f}) | {cs['commands_per_s']:,} | server CPU: {cs['commands_per_server_cpu_s']:,}"
                  f" commands per CPU second | ≥ 5,000 | |",
                  f"| coinche server: reply latency p99 (median) | {cs['p99_ms']} ms ({cs['median_ms']} ms) | | ≤ 20 ms | |"]
    import bench_cold

    cold = bench_cold.main(["--runs", "5"])
    floor_ms = cold["floor_median_s"] * 1e3
    for label, r in cold["commands"].items():
        lines.append(f"| cold `arbitre {label}` (median of {cold['runs']}) | {r['median_s'] * 1e3:.0f} ms |"
                     f" `import typer, rich.table` {floor_ms:.0f} ms | ≤ 2× floor | {r['ratio']:.2f}× |")
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
