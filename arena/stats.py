"""Means, 95% confidence intervals and the paired t-test p-value used by the gym.

What: :func:`summary` gives the mean, the standard deviation and the 95% confidence
interval of a sample (Student's t quantile, so small runs get honest, wide
intervals); :func:`paired_p_value` is the two-sided p-value of the one-sample t-test
that the mean of the paired differences is zero. The Student distribution comes from
the regularized incomplete beta function (continued fraction, as in every numerical
library); no dependency is needed for it.

Why: the gym compares two teams on the same cards (duplicate pairs); the paired test
removes the luck of the deal that both teams shared.
"""
from __future__ import annotations

import math
from collections.abc import Sequence


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-12:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom."""
    if math.isinf(t):
        return 0.0
    return betainc(df / 2.0, 0.5, df / (df + t * t))


def t_quantile_975(df: float) -> float:
    """The 97.5% quantile of Student's t (bisection on :func:`t_two_sided_p`)."""
    lo, hi = 0.0, 100.0
    for _ in range(80):
        mid = (lo + hi) / 2
        if t_two_sided_p(mid, df) > 0.05:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def summary(values: Sequence[float]) -> dict[str, float | list[float] | int]:
    """``n``, ``mean``, ``sd`` and ``ci95`` ([low, high]) of ``values``."""
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": 0.0, "sd": 0.0, "ci95": [0.0, 0.0]}
    mean = math.fsum(values) / n
    if n < 2:
        return {"n": n, "mean": mean, "sd": 0.0, "ci95": [mean, mean]}
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile_975(n - 1) * sd / math.sqrt(n)
    return {"n": n, "mean": mean, "sd": sd, "ci95": [mean - half, mean + half]}


def paired_p_value(differences: Sequence[float]) -> float | None:
    """Two-sided p-value that the mean of ``differences`` is 0 (one-sample t-test); None under 2 values."""
    n = len(differences)
    if n < 2:
        return None
    mean = math.fsum(differences) / n
    var = math.fsum((d - mean) ** 2 for d in differences) / (n - 1)
    if var == 0:
        return 1.0 if mean == 0 else 0.0
    return t_two_sided_p(mean / math.sqrt(var / n), n - 1)
