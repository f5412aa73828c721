"""The plain-text record conformance cases of ``tests/cases/records/``: PBN games, each with a
``% expect:`` comment line naming the findings arbitre must report on it (or ``clean``), read
by both lanes of the PBN reader (a director may add games; see the files' headers)."""
from __future__ import annotations

from pathlib import Path

import pytest

from arbitre.rulings.bridge import pbn

CASES = Path(__file__).resolve().parent / "cases" / "records"
FILES = sorted(CASES.glob("*.pbn"))


def expectations(text: str) -> list[list[str]]:
    """The ``% expect:`` line of each game, in order: its codes ([] for ``clean``)."""
    out = []
    for line in text.splitlines():
        if line.startswith("% expect:"):
            words = line.removeprefix("% expect:").split()
            out.append([] if words == ["clean"] else words)
    return out


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_each_game_gives_the_findings_it_expects(path: Path):
    text = path.read_text(encoding="utf-8")
    want = expectations(text)
    ref = pbn.loads(text, path.name)
    fast = list(pbn.iter_boards(text, path.name, fast=True))
    assert len(ref) == len(want) == len(fast), "one board per game, each with its % expect: line"
    for i, (r, f, codes) in enumerate(zip(ref, fast, want, strict=True), start=1):
        assert r.problem_codes() == codes, f"game {i} (line {r.line})"
        assert f.problem_codes() == codes, f"game {i} (line {f.line}), fast lane"
        assert [(p.line, p.column) for p in r.problems] == [(p.line, p.column) for p in f.problems]


def test_the_cases_exist():
    assert FILES and all(expectations(p.read_text(encoding="utf-8")) for p in FILES)
