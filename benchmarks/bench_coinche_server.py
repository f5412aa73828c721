"""The coinche table server under load: 100 tables of four scripted clients playing whole deals at once.

Run: ``python benchmarks/bench_coinche_server.py [--tables 100] [--deals 3] [--json]``;
import: ``from bench_coinche_server import main; results = main([])`` (a dict).
Old against new: ``git archive REV server rulings | tar -x -C DIR`` then ``--baseline DIR [--rounds 3]`` runs
that tree's server and today's alternately with the same clients and prints the medians.

Method: the server is started as its own process (``arbitre coinche serve --port 0``), pinned
to core 0 (``os.sched_setaffinity`` in the child before it starts; it is one event-loop thread
anyway; uvloop when the ``server`` extra is installed). The load generator is this process,
pinned to core 1: one event loop (uvloop when installed), ``tables × 4`` TCP connections on
127.0.0.1, one asyncio protocol per connection. Each client names itself (the 400 NAMEs are
written in one go), then answers every "your turn" event: the first to speak in a deal bids 80 in
the suit of its first card and the others pass; in the play it sends the first legal card of
its hand (the referee's rule, :func:`arbitre.rulings.belote.coinche.legal_mask_on_trick`; the
client works on bytes and bitmasks so that its own loop stays light: its lag counts in the
latencies, so its CPU per command and the time it took to write the NAME burst are printed). Every table
plays ``deals`` whole deals (4 calls, 32 cards each), then its clients quit. Measured: the
commands answered per second over the whole run (wall time from the first NAME to the last
reply) and the reply latency of each command (from the client's write of the command line to
the moment the bytes holding the reply line are read by that client; events do not count),
median and 99th percentile; and the server's own CPU time (from /proc), which gives the
commands one core would answer per second with nothing else running (a figure that does not
depend on the machine's load, unlike the two targets). Targets: >= 5,000 commands/s, p99 <= 20 ms.

Where the latency comes from, printed after the two figures: the latency by kind of command (NAME, which
seats the players and starts the tables; the first call of a deal; PASS; a trick's first three cards; a
trick's fourth card; a deal's 32nd card, which scores the deal and deals the next) with how many of the run's
slowest 1% each kind holds; how far apart in time the tables finished each deal (the tables start together
and play the same number of commands, so they stay nearly in step and their deal ends come as bursts); the
closed-loop law (one command in flight per table: mean latency = tables / commands per second); the
server's CPU time and its socket reads and writes per command (from /proc/PID/io).
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
from collections.abc import Callable
from pathlib import Path
from typing import Any

TARGET_RATE = 5_000
TARGET_P99_MS = 20.0
ROOT = Path(__file__).resolve().parents[1]


KIND_PLAY, KIND_TRICK_END, KIND_DEAL_END = "PLAY, a trick's 1st-3rd card", "PLAY, a trick's 4th card", \
    "PLAY, a deal's 32nd card (scoring, next deal)"
KINDS = ("NAME (seating, first deal)", "CONTRACT (first call of a deal)", "PASS", KIND_PLAY, KIND_TRICK_END,
         KIND_DEAL_END)


class Bot(asyncio.Protocol):
    """One scripted client (see the module docstring), as an asyncio protocol: it reacts to each line
    as soon as its bytes are read, and a reply's latency ends when the bytes holding it are read.

    It works on bytes and card indexes so that the load generator's own time stays small next to the
    server's (its loop's lag would count in the latencies): only the lines it acts on are parsed (610
    your cards, 620 your turn, 622 the contract, 640 the deal score), the hand is a bitmask, and the
    card to play is the first legal card of the hand in the order the server lists it (by suit, then
    rank: the lowest card index), the legal cards computed by the referee's rule on that bitmask
    (:func:`arbitre.rulings.belote.coinche.legal_mask_on_trick`, what ``legal_cards`` uses)."""

    def __init__(self, name: str, deals: int, done: asyncio.Future[None], cards: dict[bytes, int]) -> None:
        from arbitre.rulings.belote.cards import DECK
        from arbitre.rulings.belote.coinche import legal_mask_on_trick
        from arbitre.rulings.belote.coinche_auction import parse_denomination

        self.legal_mask, self.parse_den, self.index_of = legal_mask_on_trick, parse_denomination, cards
        self.plays = [f"PLAY {c.protocol()}\n".encode() for c in DECK]
        self.bids = [f"CONTRACT 80 {c.suit.en}\n".encode() for c in DECK]
        self.name, self.deals, self.done = name, deals, done
        self.transport: asyncio.Transport | None = None
        self.buf = b""
        self.hand = 0  # bitmask of card indexes
        self.den: Any = None
        self.latencies: list[float] = []
        self.kinds: list[str] = []  # what each measured command was (the breakdown)
        self.kind = KINDS[0]
        self.deal_no = 0  # deals dealt to this client so far (610 events)
        self.deal_ends: dict[int, float] = {}  # deal number -> when this client read the reply to its last card
        self.sent_at = 0.0
        self.finished = 0
        self.pending = 0  # the bit of the card played, taken from the hand when its reply comes

    def cards(self, text: bytes) -> list[int]:
        index_of = self.index_of
        return [index_of[part.strip()] for part in text.split(b",") if part.strip() in index_of]

    def send(self, data: bytes) -> None:
        assert self.transport is not None
        self.sent_at = time.perf_counter()
        self.transport.write(data)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def start(self) -> None:
        self.send(f"NAME {self.name}\n".encode())

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_result(None)

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        lines = (self.buf + data).split(b"\n") if self.buf else data.split(b"\n")
        self.buf = lines.pop()
        for raw in lines:
            if self.done.done():
                return
            try:
                self.line(raw, now)
            except Exception as err:  # noqa: BLE001 - report it, do not hang the run
                self.done.set_exception(err)
                return

    def line(self, line: bytes, now: float) -> None:
        if line[:1] != b"6":  # a reply
            self.latencies.append(now - self.sent_at)
            self.kinds.append(self.kind)
            if self.kind == KIND_DEAL_END:
                self.deal_ends[self.deal_no] = now
            if not line.startswith(b"200"):
                raise RuntimeError(f"{self.name}: unexpected reply {line!r}")
            self.hand &= ~self.pending
            self.pending = 0
            return
        code = line[:3]
        if code == b"620":
            if b"to bid" in line:
                first = b"no contract yet" in line
                self.kind = KINDS[1] if first else KINDS[2]
                hand = self.hand
                self.send(self.bids[(hand & -hand).bit_length() - 1] if first else b"PASS\n")
            else:
                inside = line[line.index(b"(") + 1:line.rindex(b")")]
                trick = [] if inside == b"you lead" else self.cards(inside)
                legal = self.legal_mask(self.hand, trick, self.den)
                card = (legal & -legal).bit_length() - 1
                self.pending = 1 << card
                left = self.hand.bit_count()
                self.kind = (KIND_PLAY if len(trick) < 3 else KIND_TRICK_END if left > 1 else KIND_DEAL_END)
                self.send(self.plays[card])
        elif code == b"610":
            self.deal_no += 1
            hand = 0
            for i in self.cards(line.split(b":", 1)[1]):
                hand |= 1 << i
            self.hand = hand
        elif code == b"622" and line.startswith(b"622 contract"):
            self.den = self.parse_den(line.split()[3].decode())
        elif code == b"640":
            self.finished += 1
            if self.finished >= self.deals:
                self.send(b"QUIT\n")
                self.done.set_result(None)


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def _syscalls(pid: int) -> tuple[int, int]:
    """Read and write system calls made so far by a process (Linux /proc/PID/io; zeros elsewhere)."""
    try:
        fields = dict(line.split(": ") for line in Path(f"/proc/{pid}/io").read_text().splitlines())
        return int(fields["syscr"]), int(fields["syscw"])
    except (OSError, ValueError, KeyError):
        return 0, 0


PINNED = hasattr(os, "sched_getaffinity") and {0, 1} <= os.sched_getaffinity(0)
"""Two cores at least: the server on core 0, the load generator on core 1."""


def _pin_server() -> None:
    os.sched_setaffinity(0, {0})


BASELINE_BOOT = """
import os
import sys
import arbitre.rulings
import arbitre.server
arbitre.server.__path__[:] = [sys.argv[1] + "/server"]  # the baseline's server package
if os.path.isdir(sys.argv[1] + "/rulings"):  # and its rules, when the tree holds them
    arbitre.rulings.__path__[:] = [sys.argv[1] + "/rulings"]
from arbitre.server.app import ServerOptions, run
try:
    run("127.0.0.1", 0, ServerOptions(seed=1, grace=60))
except KeyboardInterrupt:
    pass
"""
"""Runs a baseline server: the ``server/`` (and ``rulings/``, when there) folders of an older tree (``git archive
REV server rulings``), the same options as ``arbitre coinche serve --port 0 --seed 1 --grace 60``."""


def _server_command(baseline: Path | None = None) -> list[str]:
    if baseline is not None:
        return [sys.executable, "-c", BASELINE_BOOT, str(baseline)]
    exe = Path(sys.executable).with_name("arbitre")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "arbitre.cli.app"]
    cmd += ["coinche", "serve", "--port", "0", "--seed", "1", "--grace", "60"]
    return cmd


async def _load(port: int, tables: int, deals: int) -> tuple[list[Bot], float, float, float]:
    """Connect the clients, then play: the clients, the wall time, the clients' CPU time of the play, and how
    long the load generator took to write the burst of NAMEs (no reply is read meanwhile: that time is in the
    first NAMEs' latencies)."""
    from arbitre.rulings.belote.cards import DECK

    loop = asyncio.get_running_loop()
    cards = {c.protocol().encode(): c.index for c in DECK}
    bots: list[Bot] = []
    for i in range(tables * 4):
        done: asyncio.Future[None] = loop.create_future()
        bot = Bot(f"bench{i:04d}", deals, done, cards)
        await asyncio.wait_for(loop.create_connection(lambda b=bot: b, "127.0.0.1", port), 10)  # type: ignore[misc]
        bots.append(bot)
    start, cpu = time.perf_counter(), time.process_time()
    for bot in bots:
        bot.start()
    burst = time.perf_counter() - start
    await asyncio.wait_for(asyncio.gather(*(b.done for b in bots)), 300)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    for bot in bots:
        if bot.transport is not None:
            bot.transport.close()
    for bot in bots:
        bot.deal_ends = {d: t - start for d, t in bot.deal_ends.items()}
    return bots, wall, cpu, burst


def _quantile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * q))]


def _breakdown(bots: list[Bot]) -> dict[str, dict[str, float]]:
    """Reply latency by kind of command (ms): count, p50, p99, max, and the share of the run's slowest 1%."""
    lat = sorted(x for b in bots for x in b.latencies)
    slow = _quantile(lat, 0.99)
    out: dict[str, dict[str, float]] = {}
    for kind in KINDS:
        xs = sorted(x for b in bots for x, k in zip(b.latencies, b.kinds, strict=True) if k == kind)
        if xs:
            out[kind] = {"n": len(xs), "p50_ms": round(statistics.median(xs) * 1e3, 2),
                         "p99_ms": round(_quantile(xs, 0.99) * 1e3, 2), "max_ms": round(xs[-1] * 1e3, 2),
                         "of_slowest_1pct": sum(x >= slow for x in xs)}
    return out


def _lockstep(bots: list[Bot], deals: int) -> list[float]:
    """For each deal number, how far apart (ms) the tables finished it: small spreads mean the deal ends
    (scoring and the next deal's four hands at every table) come as one burst."""
    spans = []
    for d in range(1, deals + 1):
        ends = [b.deal_ends[d] for b in bots if d in b.deal_ends]
        if ends:
            spans.append(round((max(ends) - min(ends)) * 1e3, 1))
    return spans


def run_once(tables: int, deals: int, baseline: Path | None = None) -> dict[str, Any]:
    """One run against a fresh server process (today's, or the baseline's): the figures as a dict."""
    proc = subprocess.Popen(_server_command(baseline), stderr=subprocess.PIPE, text=True, cwd=ROOT,
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
        io0 = _syscalls(proc.pid)
        cores = os.sched_getaffinity(0) if PINNED else set()
        if PINNED:
            os.sched_setaffinity(0, {1})  # the clients on the other core than the server
        runner: Callable[..., Any]
        try:
            import uvloop
            runner = uvloop.run
        except ImportError:
            runner = asyncio.run
        try:
            bots, wall, client_cpu, burst = runner(_load(int(match.group(1)), tables, deals))
        finally:
            if PINNED:
                os.sched_setaffinity(0, cores)  # as before (run.py runs other benchmarks in this process)
        server_cpu = _cpu_seconds(proc.pid) - cpu0
        io1 = _syscalls(proc.pid)
        reads, writes = io1[0] - io0[0], io1[1] - io0[1]
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    lat = sorted(x for b in bots for x in b.latencies)
    finished = sum(b.finished for b in bots)
    p99 = _quantile(lat, 0.99) * 1e3
    return {"tables": tables, "clients": tables * 4, "deals_per_table": deals,
            "commands": len(lat), "wall_s": round(wall, 3), "commands_per_s": round(len(lat) / wall),
            "median_ms": round(statistics.median(lat) * 1e3, 2), "p99_ms": round(p99, 2),
            "max_ms": round(lat[-1] * 1e3, 2), "mean_ms": round(statistics.fmean(lat) * 1e3, 2),
            "deals_scored": finished // 4,
            "server_cpu_s": round(server_cpu, 2), "client_cpu_s": round(client_cpu, 2),
            "commands_per_server_cpu_s": round(len(lat) / server_cpu) if server_cpu else None,
            "server_cpu_us_per_command": round(server_cpu / len(lat) * 1e6) if server_cpu else None,
            "client_cpu_us_per_command": round(client_cpu / len(lat) * 1e6),
            "name_burst_write_ms": round(burst * 1e3, 2),
            "server_reads": reads, "server_writes": writes,
            "littles_law_ms": round(tables / (len(lat) / wall) * 1e3, 2),
            "by_kind": _breakdown(bots), "deal_end_spread_ms": _lockstep(bots, deals),
            "pinned": PINNED, "load_avg": os.getloadavg()[0],
            "targets": {"commands_per_s": TARGET_RATE, "p99_ms": TARGET_P99_MS}}


def report(result: dict[str, Any]) -> None:
    """Print one run's figures, the targets, and where the latency comes from."""
    tables, wall = result["tables"], result["wall_s"]
    rate_ok = result["commands_per_s"] >= TARGET_RATE
    p99_ok = result["p99_ms"] <= TARGET_P99_MS
    print(f"coinche server: {result['clients']} clients at {tables} tables, {result['deals_scored']} deals, "
          f"{result['commands']:,} commands in {wall:.2f} s "
          f"({'server on core 0, clients on core 1' if PINNED else 'not pinned: fewer than two cores'}); "
          f"load average {result['load_avg']:.2f}")
    print(f"  commands/s: {result['commands_per_s']:,} (target >= {TARGET_RATE:,}: "
          f"{'met' if rate_ok else 'NOT met'})")
    print(f"  reply latency: p50 {result['median_ms']} ms, p99 {result['p99_ms']} ms "
          f"(target <= {TARGET_P99_MS:g} ms: {'met' if p99_ok else 'NOT met'}), max {result['max_ms']} ms")
    print(f"  CPU: server {result['server_cpu_s']:.2f} s ({result['commands_per_server_cpu_s']:,} commands per CPU "
          f"second), clients {result['client_cpu_s']:.2f} s ({result['client_cpu_s'] / wall:.0%} of the clients' "
          f"core, {result['client_cpu_us_per_command']} us per command; writing the {result['clients']} NAMEs took "
          f"{result['name_burst_write_ms']} ms, in the first NAMEs' latencies)")
    n = result["commands"]
    print(f"  closed loop, one command in flight per table: mean latency ~ {tables} / rate = "
          f"{result['littles_law_ms']} ms (measured mean {result['mean_ms']:.2f} ms); "
          f"server CPU {result['server_cpu_us_per_command']} us per command; "
          f"{result['server_writes'] / n:.2f} socket writes and {result['server_reads'] / n:.2f} reads per command")
    print("  reply latency by command (ms):")
    for kind, row in result["by_kind"].items():
        print(f"    {kind:48s} n {row['n']:>5,}  p50 {row['p50_ms']:6.2f}  p99 {row['p99_ms']:6.2f}  "
              f"max {row['max_ms']:6.2f}  in the slowest 1%: {row['of_slowest_1pct']}")
    print(f"  tables in lockstep: each deal's last card was answered at all {tables} tables within "
          f"{', '.join(f'{x:g}' for x in result['deal_end_spread_ms'])} ms (deal 1, 2, ...)")


COMPARED = ("commands_per_s", "median_ms", "p99_ms", "max_ms", "server_cpu_us_per_command",
            "client_cpu_us_per_command")


def compare(tables: int, deals: int, baseline: Path, rounds: int) -> dict[str, Any]:
    """Baseline and today's server alternately, ``rounds`` times each, the same clients: the medians."""
    runs: dict[str, list[dict[str, Any]]] = {"baseline": [], "ours": []}
    for r in range(rounds):
        for who in ("baseline", "ours"):
            res = run_once(tables, deals, baseline if who == "baseline" else None)
            if "error" in res:
                return res
            runs[who].append(res)
            line = ", ".join(f"{k} {res[k]:,}" for k in COMPARED)
            slow = {k: v["of_slowest_1pct"] for k, v in res["by_kind"].items() if v["of_slowest_1pct"]}
            print(f"round {r + 1}, {who:8s}: {line}; load {res['load_avg']:.2f}; slowest 1%: {slow}", flush=True)
    medians = {who: {k: statistics.median(x[k] for x in rs) for k in COMPARED} for who, rs in runs.items()}
    print(f"medians of {rounds} rounds ({tables} tables, {deals} deals each):")
    for who, figures in medians.items():
        print(f"  {who:8s} " + ", ".join(f"{k} {v:,}" for k, v in figures.items()))
    return {"runs": runs, "medians": medians}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="a tree holding an older server/ and rulings/ (git archive REV server rulings | tar -x -C DIR): "
                             "run it and "
                             "today's server alternately with the same clients")
    parser.add_argument("--rounds", type=int, default=3, help="alternations with --baseline")
    args = parser.parse_args(argv)
    if args.baseline is not None:
        return compare(args.tables, args.deals, args.baseline.resolve(), args.rounds)
    result = run_once(args.tables, args.deals)
    if "error" in result:
        print(result["error"])
    elif args.json:
        print(json.dumps(result, indent=2))
    else:
        report(result)
    return result


if __name__ == "__main__":
    main()
