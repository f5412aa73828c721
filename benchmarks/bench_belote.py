"""Random legal belote deals per second (deal, play, score) on one core, next to jass-kit.

Run: ``python benchmarks/bench_belote.py [--seconds 3]``. Ours is
``arbitre.rulings.belote.game.play_random_deal`` (shuffle, cut, 3+2 deal,
taking rounds, 32 legal random cards, trick winners, card points, belote,
announces, deal score). The peer is jass-kit's Swiss Jass (Schieber) random
simulation: random hand, random trump, 36 random valid cards with
``RuleSchieber`` and ``GameSim`` (numpy-based). If jass-kit is not importable
in this interpreter the script says so and still measures ours; run it with
the bench venv (``/tmp/benchvenv/bin/python``) to get both in the same run.
Target for ours: >= 10,000 deals/s.
"""
from __future__ import annotations

import argparse
import importlib.util
import platform
import random
import sys
import time
import types
from pathlib import Path
from typing import Callable


def _import_engine():
    """Import the engine; from a plain checkout (arbitre not installed) map rulings/ as arbitre.rulings."""
    try:
        from arbitre.rulings.belote.game import play_random_deal
        return play_random_deal
    except ImportError:
        root = Path(__file__).resolve().parents[1]
        pkg = types.ModuleType("arbitre")
        pkg.__path__ = []  # namespace-like parent
        sys.modules["arbitre"] = pkg
        spec = importlib.util.spec_from_file_location(
            "arbitre.rulings", root / "rulings" / "__init__.py", submodule_search_locations=[str(root / "rulings")])
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        sys.modules["arbitre.rulings"] = mod
        spec.loader.exec_module(mod)
        from arbitre.rulings.belote.game import play_random_deal
        return play_random_deal


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def measure(step: Callable[[], object], seconds: float) -> tuple[int, float]:
    """Run ``step`` repeatedly for about ``seconds``; return (count, elapsed)."""
    for _ in range(50):  # warm-up
        step()
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(100):
            step()
        n += 100
        now = time.perf_counter()
        if now >= deadline:
            return n, now - start


def ours(seconds: float) -> tuple[int, float]:
    play_random_deal = _import_engine()
    rng = random.Random(20240604)
    return measure(lambda: play_random_deal(rng), seconds)


def jass_peer(seconds: float) -> tuple[int, float] | str:
    """jass-kit random Schieber deals, or a message saying why it cannot run."""
    try:
        import numpy as np
        from jass.game.const import MAX_TRUMP
        from jass.game.game_sim import GameSim
        from jass.game.game_util import deal_random_hand
        from jass.game.rule_schieber import RuleSchieber
    except ImportError as err:
        return f"jass-kit not importable here ({err}); try /tmp/benchvenv/bin/python"
    rule = RuleSchieber()
    rng = np.random.default_rng(20240604)

    def one() -> None:
        sim = GameSim(rule=rule)
        sim.init_from_cards(hands=deal_random_hand(), dealer=int(rng.integers(4)))
        sim.action_trump(int(rng.integers(0, MAX_TRUMP + 1)))
        for _ in range(36):
            valid = rule.get_valid_cards_from_state(sim.state)
            sim.action_play_card(int(rng.choice(np.flatnonzero(valid))))
        assert sim.state.points.sum() == 157

    return measure(one, seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per engine (default 3)")
    args = parser.parse_args(argv)
    print(f"platform : {platform.platform()}")
    print(f"cpu      : {_cpu_name()} (single core, one process)")
    print(f"python   : {platform.python_implementation()} {platform.python_version()}")
    rows: list[tuple[str, str, str, str]] = []
    n, dt = ours(args.seconds)
    rate = n / dt
    rows.append(("arbitre belote (32 cards)", f"{n}", f"{dt:.2f}", f"{rate:,.0f}"))
    peer = jass_peer(args.seconds)
    if isinstance(peer, str):
        print(peer)
    else:
        pn, pdt = peer
        rows.append(("jass-kit Schieber (36 cards)", f"{pn}", f"{pdt:.2f}", f"{pn / pdt:,.0f}"))
    header = ("engine", "deals", "seconds", "deals/s")
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(4)]
    line = "  ".join(h.ljust(w) for h, w in zip(header, widths))
    print()
    print(line)
    print("-" * len(line))
    for r in rows:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
    print()
    print(f"target >= 10,000 deals/s for ours: {'met' if rate >= 10_000 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
