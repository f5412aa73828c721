"""Peer-to-peer belote: whole games to 501 between four `simple` peer processes on loopback.

Run: ``python benchmarks/bench_p2p.py [--games 3] [--target 501] [--json]``;
import: ``from bench_p2p import main; results = main([])``.

What is measured: four ``arbitre belote peer`` processes are started once on
127.0.0.1 (start-up is reported apart); then ``--games`` whole games are
played one after the other (seeds 1, 2, …), each started by the first peer
inviting the three others, every action signed, sent to the three others
over HTTP and refereed by each of them. For each game: wall time from the
invitation to the last peer's ``finished``, the number of actions
(``seq``), actions per second, and where the four processes spent their CPU
time (``GET /etat_du_jeu`` reports it, see ``arbitre.p2p.timing``):
signatures (Ed25519 sign + verify, PyNaCl), the engine (each peer's referee,
the end-of-deal re-check with the record checker, and the player's
decisions), and the rest: HTTP (uvicorn, FastAPI, httpx) and asyncio.
The orchestrator polls every 0.5 s. Target: a game in <= 10 s on the
2-vCPU machine. The 1-minute load average is printed before and after:
the machine is shared. Always exits 0.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any


def _cpu(views: list[dict[str, Any]]) -> dict[str, float]:
    out = {"cpu": 0.0, "signatures": 0.0, "engine": 0.0}
    for v in views:
        for k in out:
            out[k] += float(v["timing"].get(k, 0.0))
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--target", type=int, default=501)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        import httpx

        from arbitre.p2p.orchestrate import play_game, poll_views, start_local_peers
    except ImportError as err:
        print(f"p2p benchmark not run: {err} (pip install 'arbitre[p2p]')", file=sys.stderr)
        return {"error": str(err)}
    load0 = os.getloadavg()[0]
    t0 = time.perf_counter()
    games = []
    with start_local_peers(["simple"] * 4) as peers:
        startup = time.perf_counter() - t0
        with httpx.Client(timeout=5.0) as client:
            before = _cpu([v for v in poll_views(client, peers.urls) if v])
            for g in range(1, args.games + 1):
                outcome = play_game(peers.urls, target=args.target, seed=g, poll=0.5, client=client)
                views = [v for v in poll_views(client, peers.urls) if v]
                after = _cpu(views)
                cpu = {k: after[k] - before[k] for k in after}
                before = after
                actions = views[0]["seq"]
                games.append({"seed": g, "seconds": outcome.seconds, "actions": actions,
                              "deals": len(views[0]["deal_results"]), "agree": outcome.all_finished,
                              "actions_per_s": actions / outcome.seconds, "cpu": cpu,
                              "share": {"signatures": cpu["signatures"] / cpu["cpu"], "engine": cpu["engine"] / cpu["cpu"],
                                        "http_and_rest": 1 - (cpu["signatures"] + cpu["engine"]) / cpu["cpu"]}})
    load1 = os.getloadavg()[0]
    med = statistics.median(g["seconds"] for g in games)
    result = {"startup_s": startup, "games": games, "median_game_s": med,
              "median_actions_per_s": statistics.median(g["actions_per_s"] for g in games),
              "share": {k: statistics.median(g["share"][k] for g in games) for k in games[0]["share"]},
              "all_agree": all(g["agree"] for g in games), "target_s": 10.0, "load": [load0, load1]}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"load average {load0:.2f} -> {load1:.2f}; four peers started in {startup:.1f} s")
        print("| seed | deals | actions | game s | actions/s | signatures | engine | HTTP + rest | agree |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for g in games:
            s = g["share"]
            print(f"| {g['seed']} | {g['deals']} | {g['actions']} | {g['seconds']:.2f} | {g['actions_per_s']:.0f} |"
                  f" {s['signatures']:.1%} | {s['engine']:.1%} | {s['http_and_rest']:.1%} | {g['agree']} |")
        s = result["share"]
        print(f"median game {med:.2f} s (target <= 10 s), {result['median_actions_per_s']:.0f} actions/s; "
              f"CPU shares: signatures {s['signatures']:.1%}, engine {s['engine']:.1%}, HTTP + rest {s['http_and_rest']:.1%}")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
