"""The coinche table server under load: 100 tables of four scripted clients playing whole deals at once.

Run: ``python benchmarks/bench_coinche_server.py [--tables 100] [--deals 3] [--json]``;
import: ``from bench_coinche_server import main; results = main([])`` (a dict).

Method: the server is started as its own process (``arbitre coinche serve --port 0``), pinned
to core 0 (``os.sched_setaffinity`` in the child before it starts; it is one event-loop thread
anyway; uvloop when the ``server`` extra is installed). The load generator is this process,
pinned to core 1: one event loop (uvloop when installed), ``tables × 4`` TCP connections on
127.0.0.1, one asyncio protocol per connection. Each client names itself, then answers every "your turn" event: the first to speak in a deal bids 80 in
the suit of its first card and the others pass; in the play it sends the first legal card of
its hand (the referee's rule, :func:`arbitre.rulings.belote.coinche.legal_cards`). Every table
plays ``deals`` whole deals (4 calls, 32 cards each), then its clients quit. Measured: the
commands answered per second over the whole run (wall time from the first NAME to the last
reply) and the reply latency of each command (from the client's write of the command line to
the moment the bytes holding the reply line are read by that client; events do not count),
median and 99th percentile; and the server's own CPU time (from /proc), which gives the
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


class Bot(asyncio.Protocol):
    """One scripted client (see the module docstring), as an asyncio protocol: it reacts to each line
    as soon as its bytes are read, and a reply's latency ends when the bytes holding it are read."""

    def __init__(self, name: str, deals: int, done: asyncio.Future[None], cards: dict[str, Any]) -> None:
        from arbitre.rulings.belote.coinche import legal_cards
        from arbitre.rulings.belote.coinche_auction import parse_denomination

        self.legal_cards, self.parse_den, self.card_of = legal_cards, parse_denomination, cards
        self.name, self.deals, self.done = name, deals, done
        self.transport: asyncio.Transport | None = None
        self.buf = b""
        self.hand: list[Any] = []
        self.den: Any = None
        self.latencies: list[float] = []
        self.sent_at = 0.0
        self.finished = 0
        self.pending: Any = None

    def cards(self, text: str) -> list[Any]:
        card_of = self.card_of
        return [card_of[part.strip()] for part in text.split(",") if part.strip() in card_of]

    def send(self, line: str) -> None:
        assert self.transport is not None
        self.sent_at = time.perf_counter()
        self.transport.write(line.encode() + b"\n")

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def start(self) -> None:
        self.send(f"NAME {self.name}")

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_result(None)

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        lines = (self.buf + data).split(b"\n")
        self.buf = lines.pop()
        for raw in lines:
            if self.done.done():
                return
            try:
                self.line(raw.decode().rstrip("\r"), now)
            except Exception as err:  # noqa: BLE001 - report it, do not hang the run
                self.done.set_exception(err)
                return

    def line(self, line: str, now: float) -> None:
        code = line[:3]
        if code[0] != "6":  # a reply
            self.latencies.append(now - self.sent_at)
            if not line.startswith("200"):
                raise RuntimeError(f"{self.name}: unexpected reply {line!r}")
            if self.pending is not None:
                self.hand.remove(self.pending)
                self.pending = None
        elif code == "610":
            self.hand = self.cards(line.split(":", 1)[1])
        elif code == "622" and line.startswith("622 contract"):
            self.den = self.parse_den(line.split()[3])
        elif code == "640":
            self.finished += 1
            if self.finished >= self.deals:
                self.send("QUIT")
                self.done.set_result(None)
        elif code == "620":
            if "to bid" in line:
                self.send(f"CONTRACT 80 {self.hand[0].suit.en}" if "no contract yet" in line else "PASS")
            else:
                inside = line[line.index("(") + 1:line.rindex(")")]
                trick = [] if inside == "you lead" else self.cards(inside)
                card = self.legal_cards(self.hand, trick, self.den)[0]
                self.pending = card
                self.send(f"PLAY {card.protocol()}")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


PINNED = hasattr(os, "sched_getaffinity") and {0, 1} <= os.sched_getaffinity(0)
"""Two cores at least: the server on core 0, the load generator on core 1."""


def _pin_server() -> None:
    os.sched_setaffinity(0, {0})


def _server_command(port_file: Path) -> list[str]:
    exe = Path(sys.executable).with_name("arbitre")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "arbitre.cli.app"]
    cmd += ["coinche", "serve", "--port", "0", "--seed", "1", "--grace", "60"]
    return cmd


async def _load(port: int, tables: int, deals: int) -> tuple[list[float], float, int]:
    from arbitre.rulings.belote.cards import DECK

    loop = asyncio.get_running_loop()
    cards = {c.protocol(): c for c in DECK}
    bots: list[Bot] = []
    for i in range(tables * 4):
        done: asyncio.Future[None] = loop.create_future()
        _, bot = await asyncio.wait_for(
            loop.create_connection(lambda d=done, n=i: Bot(f"bench{n:04d}", deals, d, cards), "127.0.0.1", port), 10)
        bots.append(bot)
    start = time.perf_counter()
    for bot in bots:
        bot.start()
    await asyncio.wait_for(asyncio.gather(*(b.done for b in bots)), 300)
    wall = time.perf_counter() - start
    for bot in bots:
        if bot.transport is not None:
            bot.transport.close()
    lat = [x for b in bots for x in b.latencies]
    return lat, wall, sum(b.finished for b in bots)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    proc = subprocess.Popen(_server_command(Path()), stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            preexec_fn=_pin_server if PINNED else None)
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
        cores = os.sched_getaffinity(0) if PINNED else set()
        if PINNED:
            os.sched_setaffinity(0, {1})  # the clients on the other core than the server
        try:
            import uvloop
            runner = uvloop.run
        except ImportError:
            runner = asyncio.run
        try:
            lat, wall, finished = runner(_load(int(match.group(1)), args.tables, args.deals))
        finally:
            if PINNED:
                os.sched_setaffinity(0, cores)  # as before (run.py runs other benchmarks in this process)
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
              "pinned": PINNED, "load_avg": os.getloadavg()[0],
              "targets": {"commands_per_s": TARGET_RATE, "p99_ms": TARGET_P99_MS}}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        rate_ok = result["commands_per_s"] >= TARGET_RATE
        p99_ok = result["p99_ms"] <= TARGET_P99_MS
        print(f"coinche server: {result['clients']} clients at {args.tables} tables, {result['deals_scored']} deals, "
              f"{result['commands']:,} commands in {wall:.2f} s "
              f"({'server on core 0, clients on core 1' if PINNED else 'not pinned: fewer than two cores'}); "
              f"load average {result['load_avg']:.2f}")
        print(f"  commands/s: {result['commands_per_s']:,} (target >= {TARGET_RATE:,}: "
              f"{'met' if rate_ok else 'NOT met'})")
        print(f"  reply latency: p50 {result['median_ms']} ms, p99 {result['p99_ms']} ms "
              f"(target <= {TARGET_P99_MS:g} ms: {'met' if p99_ok else 'NOT met'}), max {result['max_ms']} ms")
        print(f"  CPU: server {server_cpu:.2f} s ({result['commands_per_server_cpu_s']:,} commands per CPU second), "
              f"clients {client_cpu:.2f} s")
    return result


if __name__ == "__main__":
    main()
