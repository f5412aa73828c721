"""Classify throughput on real records next to endplay, bounded work, peak RSS, cold start.

Run: ``python benchmarks/bench_classify.py [--reps 7] [--cli-runs 15] [--big-mb 50]`` with an
interpreter that has arbitre and its ``bench`` extra (endplay) installed (``pip install -e .[bench]``).

(a) boards per second of the summary view (each reader's fast lane, then ``summary.summarize``)
on the PBN files of ``../shared/data/bridge/`` (``pbn/`` and ``more/``) plus
``tests/data/bridge/quirks.pbn``, side by side with endplay's PBN reader on the same texts;
and on the LIN files (``lin/`` plus ``tests/data/bridge/quirks.lin``) rewritten as BBO
single-hand records, the LIN endplay's reader takes (it cannot read vugraph files), side by
side with endplay's LIN reader. Targets: >= 20x endplay on each (issue 8), by wall clock on an
idle machine; the ratio by each side's CPU time is printed too, for a shared machine. The
full-report path (reference lanes + ``reading.report``) is shown for honesty.

The "floor" line beside each is NOT a reader: the bare skeleton of a per-record scan on the
same texts (:func:`floor_pbn`: cut records at blank lines, find the wanted tags with
``str.find``, split the auction's words; :func:`floor_lin`: split each single-hand line at
``|`` and pick the pairs), nothing checked and no ``Board`` built, so the ceiling any
pure-Python reader of these files can reach, with its ratio to endplay.

(c) one typed auction of 100,000 calls read and classified in-process (best of ``--reps`` runs).
Target: < 1 s. ``--only c`` runs this part alone.

(d) peak RSS of ``arbitre classify BIG.pbn --json`` and ``--summary --json`` on a synthetic PBN
of ``--big-mb`` MB (written to a temporary folder), of ``--json`` on one typed auction of
100,000 calls (a 93 MB document), and of ``arbitre classify /dev/zero``.
Target: < 100 MB.

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
QUIRKS = ROOT / "tests" / "data" / "bridge"  # synthetic files with the quirks the shared data lacks


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
def _endplay(kind: str):
    try:
        if kind == "pbn":
            from endplay.parsers import pbn as parser
        else:
            from endplay.parsers import lin as parser
    except Exception as e:  # noqa: BLE001 - any import failure means "not available"
        return None, f"{type(e).__name__}: {e}"
    return parser.loads, None


def _endplay_run(loads, texts: list[tuple[str, str]], sep: str) -> tuple[int, int, list[str]]:
    """Boards endplay reads, records it fails on, and the files it crashed on (those are fed
    record by record: blank-line separated for PBN, one line each for single-hand LIN)."""
    boards = failures = 0
    crashed = []
    for name, text in texts:
        try:
            boards += len(loads(text))
        except Exception:  # noqa: BLE001 - endplay raises various errors on real files
            crashed.append(name)
            for rec in text.replace("\r\n", "\n").split(sep):
                if not rec.strip():
                    continue
                try:
                    boards += len(loads(rec + "\n"))
                except Exception:  # noqa: BLE001
                    failures += 1
    return boards, failures, crashed


def single_hand_lin(text: str) -> str:
    """A vugraph LIN text as BBO single-hand records (``pn|S,W,N,E|md|...|sv|...|ah|Board n|mb|...``),
    one per line, without the play: the LIN that endplay's reader takes (it cannot read
    vugraph files, whose ``pn|`` names eight players)."""
    parts = "".join(text.splitlines()).split("|")
    names: list[str] = []
    out: list[str] = []
    rec: dict | None = None

    def flush() -> None:
        if rec and rec.get("md") and rec["calls"]:
            start = 4 if rec["room"] == "c" and len(names) >= 8 else 0
            players = (names[start:start + 4] + ["-"] * 4)[:4]
            out.append(f"pn|{','.join(p or '-' for p in players)}|st||md|{rec['md']}|sv|{rec.get('sv', 'o')}|"
                       f"ah|Board {rec['n']}|" + "".join(rec["calls"]) + "pg||")

    for i in range(0, len(parts) - 1, 2):
        key, value = parts[i].strip().lower(), parts[i + 1]
        if key == "pn":
            names = [n.strip() for n in value.split(",")]
        elif key == "qx":
            flush()
            ident = value.split(",")[0].strip()
            rec = {"room": ident[:1].lower(), "n": "".join(c for c in ident if c.isdigit()) or "1", "calls": []}
        elif rec is not None and key in ("md", "sv"):
            rec[key] = value
        elif rec is not None and key in ("mb", "an"):
            rec["calls"].append(f"{key}|{value}|")
    flush()
    return "\n".join(out) + "\n"


def _machine_kinds():
    from arbitre.kb.access import load_irregularity_kinds, load_machine

    with tempfile.TemporaryDirectory() as tmp:
        conn = sqlite3.connect(_kb(Path(tmp)))
        machine, kinds = load_machine(conn), load_irregularity_kinds(conn)
        conn.close()
    return machine, kinds


def _side_by_side(ours, theirs, reps: int) -> tuple[dict, dict | None]:
    """Interleaved runs, so both see the same machine load."""
    ours()
    if theirs is not None:
        theirs()
    mine, peer, n, extra = [], [], 0, None
    mine_cpu, peer_cpu = [], []  # this process's CPU time too: on a shared machine it leaves out descheduling
    for _ in range(reps):
        t, c = time.perf_counter(), time.process_time()
        n = ours()
        mine.append(time.perf_counter() - t)
        mine_cpu.append(time.process_time() - c)
        if theirs is not None:
            t, c = time.perf_counter(), time.process_time()
            extra = theirs()
            peer.append(time.perf_counter() - t)
            peer_cpu.append(time.process_time() - c)
    ours_stats = {**_stats(mine, n), "cpu_median_s": statistics.median(mine_cpu)}
    if theirs is None:
        return ours_stats, None
    boards, failures, crashed = extra
    return ours_stats, {**_stats(peer, boards), "cpu_median_s": statistics.median(peer_cpu),
                        "failed_records": failures, "crashed_files": crashed}


_FLOOR_TAGS = tuple(f'[{name} "' for name in ("Board", "Event", "Dealer", "Vulnerable", "Declarer", "Contract",
                                                "Result", "Score", "Deal", "Auction"))


def floor_pbn(texts: list[str]) -> int:
    """The floor of any pure-Python per-record PBN scan, NOT a reader: cut the records at blank
    lines, find the ten wanted tags of each with ``str.find`` and take their values, split the
    auction's words. Nothing is checked (comments, quotes, escapes, odd tags, calls), no
    ``Board`` is built, nothing is classified. Returns the records with a tag (the boards)."""
    boards = 0
    for text in texts:
        if "\r" in text:
            text = text.replace("\r\n", "\n")
        find = text.find
        start, size = 0, len(text)
        while start < size:
            end = find("\n\n", start)
            if end < 0:
                end = size
            if find("[", start, end) >= 0:
                boards += 1
                values = []
                for tag in _FLOOR_TAGS:
                    at = find(tag, start, end)
                    if at >= 0:
                        at += len(tag)
                        values.append(text[at:find('"', at, end)])
                if at >= 0:  # the auction: its words, up to the next tag line
                    body = find("\n", at, end) + 1
                    stop = find("\n[", body, end)
                    text[body:stop if stop >= 0 else end].split()
            start = end + 2
    return boards


def floor_lin(texts: list[str]) -> int:
    """The same floor for single-hand LIN (NOT a reader): one record a line, split at ``|``,
    the deal, vulnerability, board and calls picked out; nothing checked, no ``Board``."""
    boards = 0
    for text in texts:
        for line in text.splitlines():
            parts = line.split("|")
            calls = []
            fields = {}
            for i in range(0, len(parts) - 1, 2):
                key = parts[i]
                if key == "mb":
                    calls.append(parts[i + 1])
                elif key in ("md", "sv", "ah", "pn"):
                    fields[key] = parts[i + 1]
            boards += bool(calls or fields)
    return boards


def _floor(fn, texts: list[str], reps: int) -> dict:
    fn(texts)
    walls, cpus, n = [], [], 0
    for _ in range(reps):
        t, c = time.perf_counter(), time.process_time()
        n = fn(texts)
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
    return {**_stats(walls, n), "cpu_median_s": statistics.median(cpus)}


def throughput(reps: int) -> dict:
    from arbitre.rulings.bridge import lin, pbn, reading
    from arbitre.rulings.bridge.summary import summarize

    if not DATA.is_dir():
        return {"error": f"data folder not found: {DATA}"}
    machine, kinds = _machine_kinds()
    pbn_files = sorted((DATA / "pbn").glob("*.pbn")) + sorted((DATA / "more").glob("*.pbn")) + [QUIRKS / "quirks.pbn"]
    lin_files = sorted((DATA / "lin").glob("*.lin")) + [QUIRKS / "quirks.lin"]
    texts = {p: reading.decode(p.read_bytes()) for p in pbn_files + lin_files}
    single = {p: single_hand_lin(texts[p]) for p in lin_files}

    def ours(files, reader, source=None):
        def run():
            n = 0
            for p in files:
                for b in reader.iter_boards((source or texts)[p], str(p), fast=True):
                    summarize(b, machine, kinds)
                    n += 1
            return n
        return run

    def reference(files, reader):
        def run():
            n = 0
            for p in files:
                for b in reader.iter_boards(texts[p], str(p)):
                    reading.report(b, machine, kinds)
                    n += 1
            return n
        return run

    out: dict = {"files": {"pbn": len(pbn_files), "lin": len(lin_files)}}
    lanes = [b.codes is not None for p in pbn_files for b in pbn.iter_boards(texts[p], str(p), fast=True)
             if b.has_auction and not b.problems]
    out["fast_lane_share_pbn"] = sum(lanes) / len(lanes)
    lanes = [b.codes is not None for p in lin_files for b in lin.iter_boards(texts[p], str(p), fast=True)
             if b.has_auction and not b.problems]
    out["fast_lane_share_lin"] = sum(lanes) / len(lanes)
    for kind, files, reader, sep, source in (("pbn", pbn_files, pbn, "\n\n", texts),
                                             ("lin", lin_files, lin, "\n", single)):
        loads, why = _endplay(kind)
        same = [(p.name, source[p]) for p in files]
        theirs = None if loads is None else (lambda same=same, loads=loads, sep=sep: _endplay_run(loads, same, sep))
        mine, peer = _side_by_side(ours(files, reader, source), theirs, reps)
        out[f"ours_{kind}"] = mine
        out[f"endplay_{kind}"] = peer if peer is not None else {"error": f"endplay not importable: {why}"}
        if peer is not None:
            out[f"ratio_{kind}"] = mine["boards_per_s"] / peer["boards_per_s"]
            out[f"cpu_ratio_{kind}"] = (peer["cpu_median_s"] / peer["boards"]) / (mine["cpu_median_s"] / mine["boards"])
        floor = _floor(floor_pbn if kind == "pbn" else floor_lin, [source[p] for p in files], reps)
        out[f"floor_{kind}"] = floor
        if peer is not None:
            out[f"floor_ratio_{kind}"] = floor["boards_per_s"] / peer["boards_per_s"]
            out[f"floor_cpu_ratio_{kind}"] = ((peer["cpu_median_s"] / peer["boards"])
                                              / (floor["cpu_median_s"] / floor["boards"]))
    out["ours_lin_vugraph"] = _stats(*_timed(ours(lin_files, lin), reps))
    ref_reps = max(3, reps // 2)
    out["reference_pbn"] = _stats(*_timed(reference(pbn_files, pbn), ref_reps))
    out["reference_lin"] = _stats(*_timed(reference(lin_files, lin), ref_reps))
    return out


# -- (c) bounded work ---------------------------------------------------------------------------------
def long_auction(calls: int = 100_000, reps: int = 5) -> dict:
    """One typed auction of ``calls`` calls (an opening, then passes: every call after the third
    pass is a call after the close), read and classified in-process (the library path of
    ``arbitre classify``: the typed grammar, the engine, the report), ``reps`` times after a
    warm-up; the figure is the best run (the least disturbed by other work on the machine)."""
    from arbitre.rulings.bridge import reading

    machine, kinds = _machine_kinds()
    auction = " ".join(["1C"] + ["P"] * (calls - 1))

    def once() -> tuple[float, float, int]:
        t, cpu = time.perf_counter(), time.process_time()
        (board,) = reading.iter_text(auction, "<typed>", fmt="text")
        r = reading.report(board, machine, kinds)
        elapsed, cpu = time.perf_counter() - t, time.process_time() - cpu
        assert r is not None and len(r.calls) == calls
        return elapsed, cpu, len(r.irregularities)

    once()  # warm-up: imports, the token tables
    runs = [once() for _ in range(max(1, reps))]
    times = [t for t, _, _ in runs]
    return {"calls": calls, "classify_s": min(times), "median_s": statistics.median(times), "runs": len(times),
            "cpu_s": min(c for _, c, _ in runs), "irregularities": runs[0][2]}


def _peak(cmd: list[str], env: dict) -> tuple[float, float, int, float | None]:
    """Wall time (s), peak RSS (MB), exit code and CPU time (user + system, s; None when GNU
    time is absent) of a command run to the end, output discarded. On a shared machine the
    CPU time says what the wall time cannot.

    The peak is GNU time's maximum resident set size (``/usr/bin/time -f %M``); without it, the
    kernel's high-water mark (``VmHWM``) polled while the command runs. (``ru_maxrss`` from
    ``wait4`` would not do: across fork and exec it keeps the benchmark's own size.)
    """
    t = time.perf_counter()
    if Path("/usr/bin/time").exists():
        proc = subprocess.run(["/usr/bin/time", "-f", "%M %U %S", *cmd], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, check=False)  # exit 1 and 2 are results here
        peak, user, system = proc.stderr.strip().splitlines()[-1].split()
        return time.perf_counter() - t, int(peak) / 1024, proc.returncode, float(user) + float(system)
    popen = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    status = Path(f"/proc/{popen.pid}/status")
    peak = 0
    while popen.poll() is None:
        try:
            for line in status.read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]))
        except (OSError, ValueError):
            pass
        time.sleep(0.02)
    return time.perf_counter() - t, peak / 1024, popen.returncode, None


def memory(size_mb: int) -> dict:
    """Peak RSS of ``arbitre classify BIG.pbn --json`` (the full view) and ``--summary --json`` on a
    synthetic PBN of ``size_mb`` MB (the shared PBN records repeated, boards renumbered; written
    to a temporary folder, never kept), and of ``arbitre classify /dev/zero``."""
    script = Path(sys.executable).parent / "arbitre"
    if not script.exists() or not (Path("/usr/bin/time").exists() or Path("/proc/self/status").exists()):
        return {"error": "no arbitre console script, or no way to read a peak RSS here"}
    from arbitre.rulings.bridge import reading

    records = []
    for p in sorted((DATA / "pbn").glob("*.pbn")) + sorted((DATA / "more").glob("*.pbn")):
        records += [r for r in reading.decode(p.read_bytes()).replace("\r\n", "\n").split("\n\n") if "[Auction" in r]
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "ARBITRE_DB": str(_kb(Path(tmp)))}
        big = Path(tmp) / "big.pbn"
        written = boards = 0
        with big.open("w", encoding="utf-8") as fh:
            while written < size_mb * 1_000_000:
                for r in records:
                    chunk = r + "\n\n"
                    fh.write(chunk)
                    written += len(chunk.encode())
                    boards += 1
        out["input"] = {"mb": big.stat().st_size / 1e6, "records": boards}
        for label, args in (("full_json", [str(big), "--json"]), ("summary_json", [str(big), "--summary", "--json"]),
                            ("dev_zero", ["/dev/zero"])):
            if label == "dev_zero" and not Path("/dev/zero").exists():
                continue
            wall, rss, code, cpu = _peak([str(script), "classify", *args], env)
            out[label] = {"wall_s": wall, "peak_rss_mb": rss, "exit": code, "cpu_s": cpu}
        long = Path(tmp) / "long.txt"  # one auction of 100,000 calls (an opening, then passes): 93 MB of JSON
        long.write_text("1S " + " ".join(["P"] * 99_999) + "\n", encoding="utf-8")
        wall, rss, code, cpu = _peak([str(script), "classify", str(long), "--json"], env)
        out["long_auction_json"] = {"wall_s": wall, "peak_rss_mb": rss, "exit": code, "cpu_s": cpu, "calls": 100_000}
        wall, rss, code, cpu = _peak([str(script), "classify", "1H P 2C P P P", "--json"], env)
        out["baseline_one_auction"] = {"wall_s": wall, "peak_rss_mb": rss, "exit": code, "cpu_s": cpu}
    return out


# -- (b) cold CLI -------------------------------------------------------------------------------------
def _wall(cmd: list[str], env: dict) -> float:
    t = time.perf_counter()
    proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
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
        # bytecode as an installed package has it, even under PYTHONDONTWRITEBYTECODE (see bench_cold.py)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
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
    return (f"  {label:<44} {s['boards']:>6} boards  {s['boards_per_s']:>10,.0f} boards/s  "
            f"({s['median_s'] * 1e3:.1f} ms median, {s['min_s'] * 1e3:.1f}-{s['max_s'] * 1e3:.1f} ms, "
            f"{1e6 * s['median_s'] / max(s['boards'], 1):.1f} µs/board)")


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--cli-runs", type=int, default=15)
    ap.add_argument("--big-mb", type=int, default=50, help="size of the synthetic PBN for peak RSS (0: skip)")
    ap.add_argument("--skip-cli", action="store_true")
    ap.add_argument("--only", choices=("a", "b", "c", "d"), action="append",
                    help="run only these parts (repeatable): a throughput, b cold CLI, c long auction, d peak RSS")
    args = ap.parse_args(argv)
    only = set(args.only or "abcd")
    info = machine_info()
    print(f"machine: {info['platform']} | {info['cpu']} x{info['cpus']} | "
          f"{info['implementation']} {info['python']} ({info['executable']})")
    result: dict = {"machine": info}
    a = throughput(args.reps) if "a" in only else {"error": "skipped (--only)"}
    result["throughput"] = a
    print(f"(a) reading + classifying {DATA} and tests/data/bridge (summary view: fast lanes)")
    if "error" in a:
        print("  " + a["error"])
    else:
        print(f"  fast lane share of clean records: PBN {100 * a['fast_lane_share_pbn']:.1f}%, "
              f"LIN {100 * a['fast_lane_share_lin']:.1f}%")
        for kind, what in (("pbn", "PBN files"), ("lin", "LIN as single-hand records")):
            print(_line(f"ours, {what}", a[f"ours_{kind}"]))
            ep = a[f"endplay_{kind}"]
            if "error" in ep:
                print("  " + ep["error"])
                continue
            print(_line(f"endplay, the same {what}", ep)
                  + f"\n  {'':<44} crashed on {len(ep['crashed_files'])} file(s), "
                    f"{ep['failed_records']} record(s) failed alone")
            print(f"  ratio ours/endplay on {what}: {a[f'ratio_{kind}']:.1f}x by wall clock, "
                  f"{a[f'cpu_ratio_{kind}']:.1f}x by CPU time (target >= 20x, issue 8)")
            print(_line(f"floor (NOT a reader), {kind.upper()}", a[f"floor_{kind}"])
                  + f"\n  {'':<44} {a[f'floor_ratio_{kind}']:.1f}x endplay by wall clock, "
                    f"{a[f'floor_cpu_ratio_{kind}']:.1f}x by CPU time: cut records, find the wanted tags, "
                    "split the calls;\n  " + " " * 44 + " nothing checked, no Board: the ceiling of any "
                    "pure-Python per-record scan")
        print(_line("ours, LIN vugraph files as they are", a["ours_lin_vugraph"]))
        print(_line("full reports (reference lanes), PBN", a["reference_pbn"]))
        print(_line("full reports (reference lanes), LIN", a["reference_lin"]))
    if "c" in only:
        c = long_auction(reps=args.reps)
        result["long_auction"] = c
        verdict = "met" if c["classify_s"] < 1 else "NOT met"
        print(f"(c) one typed auction of {c['calls']:,} calls read and classified: {c['classify_s']:.2f} s "
              f"(best of {c['runs']}, median {c['median_s']:.2f} s, CPU {c['cpu_s']:.2f} s; "
              f"{c['irregularities']:,} irregularities; "
              f"target < 1 s: {verdict})")
    if args.big_mb and "d" in only:
        m = memory(args.big_mb)
        result["memory"] = m
        if "error" in m:
            print("(d) " + m["error"])
        else:
            print(f"(d) peak RSS on a synthetic PBN of {m['input']['mb']:.0f} MB ({m['input']['records']:,} records):")
            for key in ("full_json", "summary_json", "long_auction_json", "dev_zero", "baseline_one_auction"):
                if key in m:
                    v = m[key]
                    cpu = "" if v.get("cpu_s") is None else f" (CPU {v['cpu_s']:.1f} s)"
                    print(f"  {key:<22} peak {v['peak_rss_mb']:6.0f} MB  {v['wall_s']:7.1f} s{cpu}  exit {v['exit']}")
            print("  target: peak RSS < 100 MB whatever the input size (issue 8)")
    if args.skip_cli or "b" not in only:
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
        print(f"  ratio: {b['ratio']:.2f}x (target <= 2x the floor, issue 8)")
    return result


if __name__ == "__main__":
    main()
    sys.exit(0)
