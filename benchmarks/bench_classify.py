"""Classify throughput on real records, and cold ``arbitre classify`` start-up.

Run: ``python benchmarks/bench_classify.py [--reps 7] [--cli-runs 15]`` with an interpreter
that has arbitre installed (the bench venv also has endplay:
``/tmp/benchvenv/bin/pip install -e .`` then ``/tmp/benchvenv/bin/python benchmarks/bench_classify.py``).

(a) boards per second for reading + classifying every file of ``../shared/data/bridge/``
in-process with the fast path (``arbitre.rulings.bridge.fastscan.scan_file``), on the PBN
files and on all files, next to endplay's PBN reader (``endplay.parsers.pbn.loads``) on the
same PBN files in the same run, and the reference path (``reading.read_text`` +
``reading.report``) for honesty. Texts are decoded once before timing; every side gets the
same ``str``. endplay crashes on some files: those are cut into records at blank lines and
each record is fed alone, failures counted. Target: ours >= 20x endplay on the PBN files.

(b) the median wall time of a cold ``arbitre classify "1H P 2C P P P" --dealer N`` (the
console script of this interpreter's environment, ``ARBITRE_DB`` pointing at a KB created
beforehand so the first-use migration is not timed) next to the median of
``python -c "import typer, rich.table"``. Target: <= 2x that floor.
"""
from __future__ import annotations

import argparse
import os
import platform
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "bridge"


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine_info() -> dict:
    return {"platform": platform.platform(), "cpu": _cpu_name(), "cpus": os.cpu_count(),
            "python": sys.version.split()[0], "implementation": platform.python_implementation(),
            "executable": sys.executable}


def _stats(times: list[float], boards: int) -> dict:
    med = statistics.median(times)
    return {"boards": boards, "runs": len(times), "median_s": med, "min_s": min(times), "max_s": max(times),
            "boards_per_s": boards / med if med else float("inf"),
            "spread_pct": 100 * (max(times) - min(times)) / med if med else 0.0}


def _timed(fn, reps: int) -> tuple[list[float], int]:
    fn()  # warm-up (imports, caches of token tables)
    times, n = [], 0
    for _ in range(reps):
        t = time.perf_counter()
        n = fn()
        times.append(time.perf_counter() - t)
    return times, n


def _kb(tmp: Path) -> Path:
    from arbitre.kb.bootstrap import ensure

    path = tmp / "arbitre.sqlite"
    ensure(path).close()
    return path


# -- (a) throughput -----------------------------------------------------------------------------------
def _endplay_loads():
    try:
        from endplay.parsers import pbn as endplay_pbn
    except Exception as e:  # noqa: BLE001 - any import failure means "not available"
        return None, f"{type(e).__name__}: {e}"
    return endplay_pbn.loads, None


def _endplay_run(loads, texts: list[tuple[str, str]]) -> tuple[int, int, list[str]]:
    """Boards endplay reads, records it fails on, and the files it crashed on."""
    boards = failures = 0
    crashed = []
    for name, text in texts:
        try:
            boards += len(loads(text))
        except Exception:  # noqa: BLE001 - endplay raises various errors on real files
            crashed.append(name)
            for rec in text.replace("\r\n", "\n").split("\n\n"):
                if not rec.strip():
                    continue
                try:
                    boards += len(loads(rec + "\n"))
                except Exception:  # noqa: BLE001
                    failures += 1
    return boards, failures, crashed


def throughput(reps: int) -> dict:
    from arbitre.kb.access import load_irregularity_kinds, load_machine
    from arbitre.rulings.bridge import fastscan, reading

    if not DATA.is_dir():
        return {"error": f"data folder not found: {DATA}"}
    all_files = sorted(DATA.rglob("*.pbn")) + sorted(DATA.rglob("*.lin"))
    pbn_files = sorted((DATA / "pbn").glob("*.pbn"))  # the real exports (not the verifier cases)
    texts = {p: reading.decode(p.read_bytes()) for p in all_files}
    with tempfile.TemporaryDirectory() as tmp:
        conn = sqlite3.connect(_kb(Path(tmp)))
        machine, kinds = load_machine(conn), load_irregularity_kinds(conn)
        conn.close()

    def ours(files):
        def run():
            n = 0
            for p in files:
                n += len(fastscan.scan_file(texts[p], p.suffix[1:], machine, kinds, str(p)))
            return n
        return run

    def reference(files):
        def run():
            n = 0
            for p in files:
                for b in reading.read_text(texts[p], str(p), fmt=p.suffix[1:]):
                    reading.report(b, machine, kinds)
                    n += 1
            return n
        return run

    out: dict = {"files": {"all": len(all_files), "pbn": len(pbn_files)}}
    fast_share = [s.fast for p in all_files for s in fastscan.scan_file(texts[p], p.suffix[1:], machine, kinds, str(p))]
    out["fast_path_share"] = sum(fast_share) / len(fast_share)
    loads, why = _endplay_loads()
    pbn_texts = [(p.name, texts[p]) for p in pbn_files]
    ours_pbn, ep_times = [], []
    ep_boards = ep_fail = 0
    ep_crashed: list[str] = []
    run_ours_pbn = ours(pbn_files)
    run_ours_pbn()
    if loads is not None:
        _endplay_run(loads, pbn_texts[:1])
    n_pbn = 0
    for _ in range(reps):  # interleaved, so both see the same machine load
        t = time.perf_counter()
        n_pbn = run_ours_pbn()
        ours_pbn.append(time.perf_counter() - t)
        if loads is not None:
            t = time.perf_counter()
            ep_boards, ep_fail, ep_crashed = _endplay_run(loads, pbn_texts)
            ep_times.append(time.perf_counter() - t)
    out["ours_pbn"] = _stats(ours_pbn, n_pbn)
    out["ours_all"] = _stats(*_timed(ours(all_files), reps))
    if loads is None:
        out["endplay"] = {"error": f"endplay not importable: {why}"}
    else:
        out["endplay"] = {**_stats(ep_times, ep_boards), "failed_records": ep_fail, "crashed_files": ep_crashed}
        out["ratio_pbn"] = out["ours_pbn"]["boards_per_s"] / out["endplay"]["boards_per_s"]
    ref_reps = max(3, reps // 2)
    out["reference_pbn"] = _stats(*_timed(reference(pbn_files), ref_reps))
    out["reference_all"] = _stats(*_timed(reference(all_files), ref_reps))
    return out


# -- (b) cold CLI -------------------------------------------------------------------------------------
def _wall(cmd: list[str], env: dict) -> float:
    t = time.perf_counter()
    proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - t
    if proc.returncode != 0:
        raise RuntimeError(f"{cmd[0]} exited {proc.returncode}: {proc.stderr.decode(errors='replace')[-400:]}")
    return elapsed


def cold_cli(runs: int) -> dict:
    script = Path(sys.executable).parent / ("arbitre.exe" if os.name == "nt" else "arbitre")
    if not script.exists():
        return {"error": f"no arbitre console script next to {sys.executable}"}
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "ARBITRE_DB": str(_kb(Path(tmp)))}
        env.pop("ARBITRE_MIGRATIONS", None)
        ours_cmd = [str(script), "classify", "1H P 2C P P P", "--dealer", "N"]
        floor_cmd = [sys.executable, "-c", "import typer, rich.table"]
        try:
            _wall(ours_cmd, env)  # warm the OS file cache and .pyc files, not timed
            _wall(floor_cmd, env)
            ours, floor = [], []
            for _ in range(runs):  # interleaved
                ours.append(_wall(ours_cmd, env))
                floor.append(_wall(floor_cmd, env))
        except RuntimeError as e:
            return {"error": str(e)}
    o, f = statistics.median(ours), statistics.median(floor)
    return {"runs": runs, "classify_median_s": o, "classify_min_s": min(ours), "classify_max_s": max(ours),
            "floor_median_s": f, "floor_min_s": min(floor), "floor_max_s": max(floor), "ratio": o / f,
            "command": " ".join(ours_cmd)}


# -- report -------------------------------------------------------------------------------------------
def _line(label: str, s: dict) -> str:
    return (f"  {label:<34} {s['boards']:>6} boards  {s['boards_per_s']:>10,.0f} boards/s  "
            f"({s['median_s'] * 1e3:.1f} ms median, {s['min_s'] * 1e3:.1f}-{s['max_s'] * 1e3:.1f} ms, "
            f"{1e6 * s['median_s'] / max(s['boards'], 1):.1f} µs/board)")


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--cli-runs", type=int, default=15)
    ap.add_argument("--skip-cli", action="store_true")
    args = ap.parse_args(argv)
    info = machine_info()
    print(f"machine: {info['platform']} | {info['cpu']} x{info['cpus']} | "
          f"{info['implementation']} {info['python']} ({info['executable']})")
    result: dict = {"machine": info}
    a = throughput(args.reps)
    result["throughput"] = a
    print(f"(a) reading + classifying {DATA}")
    if "error" in a:
        print("  " + a["error"])
    else:
        print(f"  fast path share: {100 * a['fast_path_share']:.1f}% of records (the rest: reference path)")
        print(_line("ours, PBN files", a["ours_pbn"]))
        if "error" in a["endplay"]:
            print("  " + a["endplay"]["error"])
        else:
            ep = a["endplay"]
            print(_line("endplay pbn.loads, same PBN files", ep)
                  + f"\n  {'':<34} crashed on {len(ep['crashed_files'])} file(s) "
                    f"{ep['crashed_files']}, {ep['failed_records']} record(s) failed alone")
            print(f"  ratio ours/endplay on PBN: {a['ratio_pbn']:.1f}x (target >= 20x)")
        print(_line("ours, all files (PBN + LIN)", a["ours_all"]))
        print(_line("reference path, PBN files", a["reference_pbn"]))
        print(_line("reference path, all files", a["reference_all"]))
    if args.skip_cli:
        return result
    b = cold_cli(args.cli_runs)
    result["cold_cli"] = b
    print("(b) cold CLI")
    if "error" in b:
        print("  " + b["error"])
    else:
        print(f"  {b['command']}: median {b['classify_median_s'] * 1e3:.0f} ms "
              f"({b['classify_min_s'] * 1e3:.0f}-{b['classify_max_s'] * 1e3:.0f}) over {b['runs']} runs")
        print(f"  python -c 'import typer, rich.table': median {b['floor_median_s'] * 1e3:.0f} ms "
              f"({b['floor_min_s'] * 1e3:.0f}-{b['floor_max_s'] * 1e3:.0f})")
        print(f"  ratio: {b['ratio']:.2f}x (target <= 2x)")
    return result


if __name__ == "__main__":
    main()
    sys.exit(0)
