"""Where a peer spends its time: signatures, the engine (referee and player), the rest (HTTP and asyncio).

What: :data:`CLOCK` accumulates *exclusive* time per section: a section
entered inside another (a signature check inside the referee) is counted
only in the inner one. ``GET /etat_du_jeu`` reports it with the process's
CPU time, so the benchmark can say which share goes to HTTP, signatures
and the engine.

Why: issue 11's benchmark asks for that split; counting costs two
``perf_counter`` calls per section.
"""
from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager


class Clock:
    """Exclusive seconds per named section (nesting-aware, single thread)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self._names: list[str] = []  # open sections, innermost last
        self._starts: list[float] = []  # start of each open section's current slice

    @contextmanager
    def measure(self, name: str) -> Iterator[None]:
        now = time.perf_counter()
        if self._names:
            outer = self._names[-1]
            self.seconds[outer] = self.seconds.get(outer, 0.0) + now - self._starts[-1]
        self._names.append(name)
        self._starts.append(now)
        try:
            yield
        finally:
            end = time.perf_counter()
            self._names.pop()
            self.seconds[name] = self.seconds.get(name, 0.0) + end - self._starts.pop()
            if self._starts:
                self._starts[-1] = end

    def report(self) -> dict[str, float]:
        return {**{k: round(v, 6) for k, v in self.seconds.items()}, "cpu": round(time.process_time(), 6)}


CLOCK = Clock()
