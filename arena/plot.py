"""Draw a gym report: the running mean difference with its 95% band, and the points per deal.

What: :func:`plot_report` writes a PNG with two panels: the mean difference (A - B)
after each board with a 95% band (normal approximation from the running standard
deviation), and the distribution of points per deal of each team. matplotlib is an
optional extra (``pip install 'arbitre[plot]'``); without it :func:`plot_report`
raises :class:`~arbitre.rulings.errors.InputError` saying how to install it.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T


def _band(report: dict[str, Any]) -> tuple[list[float], list[float]]:
    """95% band around the running mean of the per-board differences."""
    running = report["running_difference"]
    lo, hi = [], []
    # recover the per-board differences from the running means
    diffs = [running[0]] + [running[i] * (i + 1) - running[i - 1] * i for i in range(1, len(running))]
    total = sq = 0.0
    for n, d in enumerate(diffs, start=1):
        total += d
        sq += d * d
        mean = total / n
        var = (sq - n * mean * mean) / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(max(var, 0.0) / n)
        lo.append(mean - half)
        hi.append(mean + half)
    return lo, hi


def plot_report(report: dict[str, Any], path: Path, lang: str = "en") -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InputError(T("--plot demande matplotlib : pip install 'arbitre[plot]'",
                           "--plot needs matplotlib: pip install 'arbitre[plot]'"), token="--plot") from None
    fr = lang == "fr"
    a, b = report["teams"]["A"]["player"], report["teams"]["B"]["player"]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 8))
    running = report["running_difference"]
    xs = list(range(1, len(running) + 1))
    lo, hi = _band(report)
    top.plot(xs, running, label=f"A ({a}) - B ({b})")
    top.fill_between(xs, lo, hi, alpha=0.3, label="IC 95 %" if fr else "95% CI")
    top.axhline(0, color="grey", linewidth=0.8)
    top.set_xlabel("donnes" if fr else "deals")
    top.set_ylabel("différence moyenne (points)" if fr else "mean difference (points)")
    top.legend()
    bins = list(range(0, 520, 20))
    bottom.hist([report["points_a"], report["points_b"]], bins=bins, label=[f"A ({a})", f"B ({b})"])
    bottom.set_xlabel("points par donne" if fr else "points per deal")
    bottom.set_ylabel("donnes" if fr else "deals")
    bottom.legend()
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as err:
        raise InputError(T(f"--plot : impossible d'écrire {path} ({err})", f"--plot: cannot write {path} ({err})"),
                         token=str(path)) from None
    finally:
        plt.close(fig)
