"""The coinche table server under load: 100 tables of four scripted clients playing whole deals at once.

Run: ``python benchmarks/bench_coinche_server.py [--tables 100] [--deals 3] [--json]``;
import: ``from bench_coinche_server import main; results = main([])`` (a dict).

Method: the server is started as its own process (``arbitre coinche serve --port 0``), pinned
to core 0 with ``taskset`` when it exists (it is one event-loop thread anyway; uvloop when the
``server`` extra is installed). The clients run in this process, pinned to core 1, in one event loop: ``tables × 4`` TCP connections on 127.0.0.1. Each client
names itself, then answers every "your turn" event: the first to speak in a deal bids 80 in
the suit of its first card and the others pass; in the play it sends the first legal card of
its hand (the referee's rule, :func:`arbitre.rulings.belote.coinche.legal_cards`). Every table
plays ``deals`` whole deals (4 calls, 32 cards each), then its clients quit. Measured: the
commands answered per second over the whole run (wall time from the first NAME to the last
reply) and the reply latency of each command (from its line being written to its reply being
read), median and 99th percentile; and the server's own CPU time (from /proc), which gives the
commands one core would answer per second with nothing else running (a figure that does not
depend on the machine's load, unlike the two targets). Targets: >= 5,000 commands/s, p99 <= 20 ms.
Always exits 0.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

TARGET_RATE = 5_000
TARGET_P99_MS = 20.0
ROOT = Path(__file__).resolve().parents[1]


class Bot:
    """One scripted client (see the module docstring)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, deals: int) -> None:
        from arbitre.rulings.belote.coinche import legal_cards
        from arbitre.rulings.belote.coinche_auction import parse_denomination
        from arbitre.server.protocol import read_card

        self.legal_cards, self.parse_den, self.read_card = legal_cards, parse_denomination, read_card
        self.reader, self.writer, self.deals = reader, writer, deals
        self.hand: list[Any] = []
        self.den: Any = None
        self.latencies: list[float] = []
        self.sent_at = 0.0
        self.finished = 0

    def cards(self, text: str) -> list[Any]:
        out = []
        for part in text.split(","):
            card = self.read_card(part.split()).card
            if card is not None:
                out.append(card)
        return out

    def send(self, line: str) -> None:
        self.sent_at = time.perf_counter()
        self.writer.write(line.encode() + b"\n")

    async def run(self, name: str) -> None:
        self.send(f"NAME {name}")
        pending: str | None = None
        while True:
            raw = await self.reader.readline()
            if not raw:
                return
            line = raw.decode().rstrip("\r\n")
            code = line[:3]
            if code[0] != "6":  # a reply
                self.latencies.append(time.perf_counter() - self.sent_at)
                if not line.startswith("200"):
                    raise RuntimeError(f"{name}: unexpected reply {line!r}")
                if pending is not None:
                    self.hand.remove(pending)
                    pending = None
                continue
            if code == "610":
                self.hand = self.cards(line.split(":", 1)[1])
            elif code == "622" and line.startswith("622 contract"):
                self.den = self.parse_den(line.split()[3])
            elif code == "640":
                self.finished += 1
                if self.finished >= self.deals:
                    self.send("QUIT")
                    await self.writer.drain()
                    self.writer.close()
                    return
            elif code == "620":
                if "to bid" in line:
                    self.send(f"CONTRACT 80 {self.hand[0].suit.en}" if "no contract yet" in line else "PASS")
                else:
                    inside = line[line.index("(") + 1:line.rindex(")")]
                    trick = [] if inside == "you lead" else self.cards(inside)
                    card = self.legal_cards(self.hand, trick, self.den)[0]
                    pending = card
                    self.send(f"PLAY {card.protocol()}")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def _server_command(port_file: Path) -> list[str]:
    exe = Path(sys.executable).with_name("arbitre")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "arbitre.cli.app"]
    cmd += ["coinche", "serve", "--port", "0", "--seed", "1", "--grace", "60"]
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", "0", *cmd]
    return cmd


async def _load(port: int, tables: int, deals: int) -> tuple[list[float], float, int]:
    bots: list[Bot] = []
    conns = []
    for _i in range(tables * 4):
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, limit=1 << 16), 10)
        conns.append((reader, writer))
    start = time.perf_counter()
    for reader, writer in conns:
        bots.append(Bot(reader, writer, deals))
    await asyncio.wait_for(asyncio.gather(*(b.run(f"bench{i:04d}") for i, b in enumerate(bots))), 300)
    wall = time.perf_counter() - start
    lat = [x for b in bots for x in b.latencies]
    return lat, wall, sum(b.finished for b in bots)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    proc = subprocess.Popen(_server_command(Path()), stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline()
        match = re.search(r":(\d+)\s*$", first)
        if not match:
            return {"error": f"the server did not start: {first.strip()}"}
        # the server logs every departure on stderr: drain it so that a full pipe never blocks the server
        threading.Thread(target=proc.stderr.read, daemon=True).start()
        cpu0 = _cpu_seconds(proc.pid)
        client0 = time.process_time()
        if hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) > 1 and shutil.which("taskset"):
            os.sched_setaffinity(0, {1})  # the clients on the other core than the server
        try:
            import uvloop
            runner = uvloop.run
        except ImportError:
            runner = asyncio.run
        lat, wall, finished = runner(_load(int(match.group(1)), args.tables, args.deals))
        server_cpu = _cpu_seconds(proc.pid) - cpu0
        client_cpu = time.process_time() - client0
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    lat.sort()
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1e3
    result = {"tables": args.tables, "clients": args.tables * 4, "deals_per_table": args.deals,
              "commands": len(lat), "wall_s": round(wall, 3), "commands_per_s": round(len(lat) / wall),
              "median_ms": round(statistics.median(lat) * 1e3, 2), "p99_ms": round(p99, 2),
              "max_ms": round(lat[-1] * 1e3, 2), "deals_scored": finished // 4,
              "server_cpu_s": round(server_cpu, 2), "client_cpu_s": round(client_cpu, 2),
              "commands_per_server_cpu_s": round(len(lat) / server_cpu) if server_cpu else None,
              "server_pinned": bool(shutil.which("taskset")), "load_avg": os.getloadavg()[0],
              "targets": {"commands_per_s": TARGET_RATE, "p99_ms": TARGET_P99_MS}}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"coinche server: {result['clients']} clients at {args.tables} tables, {result['deals_scored']} deals, "
              f"{result['commands']:,} commands in {wall:.2f} s: {result['commands_per_s']:,} commands/s "
              f"(target >= {TARGET_RATE:,}); reply latency median {result['median_ms']} ms, "
              f"p99 {result['p99_ms']} ms (target <= {TARGET_P99_MS:g}), max {result['max_ms']} ms; "
              f"CPU: server {server_cpu:.2f} s ({result['commands_per_server_cpu_s']:,} commands per CPU second), "
              f"clients {client_cpu:.2f} s; "
              f"load average {result['load_avg']:.2f}")
    return result


if __name__ == "__main__":
    main()
