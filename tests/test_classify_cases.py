"""Classify every plain-text auction case (tests/cases/classify/*.case, format in the README
there) and check what the report says: kinds, law and tree opened, status, facts, contract, and
which ruling questions the auction answers by itself."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from casefiles import parse

from arbitre.rulings.bridge import reading

CASES_DIR = Path(__file__).parent / "cases" / "classify"
CASES = [c for p in sorted(CASES_DIR.glob("*.case")) for c in parse(p)]  # the rulings cases' reader


@pytest.fixture(scope="module")
def classified(kb_path):
    from arbitre.kb.access import load_irregularity_kinds, load_machine
    from arbitre.kb.trees import load_forest

    conn = sqlite3.connect(kb_path)
    try:
        return load_machine(conn), load_irregularity_kinds(conn), load_forest(conn, "bridge")
    finally:
        conn.close()


def _irregularity(report, spec: str):
    number, kind, *pairs = spec.split()
    hits = [i for i in report.irregularities if i.index + 1 == int(number.lstrip("#")) and i.kind == kind]
    assert hits, f"no {kind} on call {number}: {[(i.index + 1, i.kind) for i in report.irregularities]}"
    return hits[0], dict(p.split("=", 1) for p in pairs)


def test_there_are_cases():
    assert len(CASES) >= 8


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case(case, classified):
    from arbitre.rulings.bridge.report import ruling_facts
    from arbitre.rulings.trees.walk import Walk

    machine, kinds, forest = classified
    (board,) = reading.iter_text(case.auction, "<case>", fmt="text")
    report = reading.report(board, machine, kinds)
    assert report is not None
    for what, value in case.expect:
        if what == "count":
            assert len(report.irregularities) == int(value), [(i.index + 1, i.kind) for i in report.irregularities]
        elif what == "none":
            assert all(i.kind != value for i in report.irregularities), f"{value} reported"
        elif what == "":
            irr, wanted = _irregularity(report, value)
            for key, expected in wanted.items():
                got = getattr(irr, key) if key in ("law", "tree", "status") else irr.facts.get(key, irr.params.get(key))
                assert got == expected, f"{irr.kind} #{irr.index + 1}: {key} is {got!r}, expected {expected!r}"
        elif what == "walk":
            number, step = value.split()
            node, code = step.split("=")
            irr = next(i for i in report.irregularities if i.index + 1 == int(number.lstrip("#")))
            walk = Walk(forest, irr.tree, facts=ruling_facts(report, irr))  # as `classify --rule` starts it
            taken = {f"{s.tree}/{s.node}": (s.code, s.auto) for s in walk.path}
            assert taken.get(node) == (code, True), f"{node}: {taken.get(node)} on {[*taken]}"
        elif what == "contract":
            got = report.contract.text if report.contract else "none"
            assert got == value
        else:
            raise AssertionError(f"unknown expectation {what!r}")
