#!/usr/bin/env python3
"""Cold start of every command: each one run as a new process, next to the floor
``python -c "import typer, rich.table"`` (the target is <= 2x the floor).

    python benchmarks/bench_cold.py [--runs 7]

One representative invocation per command (the list below covers every leaf command of
``arbitre``, checked against the command tree at start). The runs are interleaved with the
floor so that both see the same machine load; medians of wall time are reported. The KB
is created (and one ruling recorded) beforehand in a temporary folder, so first-use
migration is not measured.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FLOOR = [sys.executable, "-c", "import typer, rich.table"]

# (label, arguments); the first word(s) name the command measured
COMMANDS: list[tuple[str, list[str]]] = [
    ("--help", ["--help"]),
    ("--version", ["--version"]),
    ("classify", ["classify", "1H P 2C P P P", "--dealer", "N"]),
    ("classify --json", ["classify", "1H P 2C P P P", "--dealer", "N", "--json"]),
    ("classify --summary", ["classify", "{typed}", "--summary"]),
    ("classify --game coinche", ["classify", "--game", "coinche", "80H P 90S X P P P"]),
    ("states", ["states"]),
    ("ruling list", ["ruling", "list"]),
    ("ruling (scripted)", ["ruling", "revoke", "--answer", "is-revoke=no"]),
    ("law", ["law", "64"]),
    ("log list", ["log", "list"]),
    ("log show", ["log", "show", "1"]),
    ("log export", ["log", "export", "--json"]),
    ("db path", ["db", "path"]),
    ("db status", ["db", "status"]),
    ("db tables", ["db", "tables"]),
    ("db show", ["db", "show", "games"]),
    ("db sql", ["db", "sql", "SELECT code FROM games"]),
    ("belote classify", ["belote", "classify", "80H P 90S X P P P"]),
    ("belote check", ["belote", "check", "{record}"]),
]
NOT_MEASURED = {"db upgrade", "db downgrade", "db revision"}  # they change the KB or the checkout


def _arbitre() -> list[str]:
    script = Path(sys.executable).parent / "arbitre"
    return [str(script)] if script.exists() else [sys.executable, "-m", "arbitre"]


def _leaf_commands() -> set[str]:
    import typer

    from arbitre.cli.app import app

    names: set[str] = set()

    def walk(group, prefix: str) -> None:
        for name in group.list_commands(None):
            cmd = group.get_command(None, name)
            full = f"{prefix} {name}".strip()
            if hasattr(cmd, "commands"):
                walk(cmd, full)
            else:
                names.add(full)

    walk(typer.main.get_command(app), "")
    return names


def _time(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                   check=False, timeout=120)
    return time.perf_counter() - start


def _record_file(folder: Path) -> Path:
    """A small belote record: the seed sample when ../shared is there, else a one-line stub
    (then the command measured is the error path, which is said in the table)."""
    seed = Path(__file__).resolve().parents[1].parent / "shared" / "seeds" / "001_38bd8502f38824d5.txt"
    path = folder / "record.json"
    if seed.exists():
        import re

        m = re.search(r'json_data = """\n(.*?)\n"""', seed.read_text(encoding="utf-8"), re.S)
        if m:
            path.write_text(m.group(1), encoding="utf-8")
            return path
    path.write_text('{"joueurs": []}', encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    covered = {label.split(" --")[0].split(" (")[0] for label, _ in COMMANDS if not label.startswith("--")}
    missing = _leaf_commands() - covered - NOT_MEASURED
    if missing:
        print(f"note: commands not measured yet: {', '.join(sorted(missing))}", file=sys.stderr)
    arbitre = _arbitre()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = {**os.environ, "ARBITRE_DB": str(folder / "kb.sqlite"), "COLUMNS": "120"}
        typed = folder / "night.txt"
        typed.write_text("1H P 2C P P P\n1S P P P\n", encoding="utf-8")
        record = _record_file(folder)
        subprocess.run([*arbitre, "ruling", "revoke", "--answer", "is-revoke=no", "--record", "--event", "bench"],
                       env=env, capture_output=True, check=True)
        floor: list[float] = []
        times: dict[str, list[float]] = {label: [] for label, _ in COMMANDS}
        for _ in range(args.runs):
            for label, cmd in COMMANDS:
                cmd = [c.replace("{typed}", str(typed)).replace("{record}", str(record)) for c in cmd]
                floor.append(_time(FLOOR, env))
                times[label].append(_time([*arbitre, *cmd], env))
    f = statistics.median(floor)
    rows = {label: {"median_s": statistics.median(t), "ratio": statistics.median(t) / f} for label, t in times.items()}
    print(f"floor `import typer, rich.table`: {f * 1e3:.0f} ms (median of {len(floor)})")
    print(f"{'command':28} {'median':>8} {'× floor':>8}")
    for label, r in rows.items():
        mark = "" if r["ratio"] <= 2 else "  over 2×"
        print(f"{label:28} {r['median_s'] * 1e3:6.0f} ms {r['ratio']:7.2f}×{mark}")
    return {"runs": args.runs, "floor_median_s": f, "commands": rows, "not_measured": sorted(missing)}


if __name__ == "__main__":
    doc = main()
    if "--json" in sys.argv:
        print(json.dumps(doc, indent=2))
