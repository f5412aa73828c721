"""Walk every plain-text conformance case (tests/cases/rulings/*.case) to its outcome.

Trees come from the knowledge base built by the migrations; set
ARBITRE_CASES_SOURCE=data to walk the authoring source in data/ directly while writing.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from casefiles import all_cases

from arbitre.rulings.trees.walk import Forest, Walk

CASES = all_cases()


@pytest.fixture(scope="module")
def forests(kb_path):
    if os.environ.get("ARBITRE_CASES_SOURCE") == "data":
        from arbitre.rulings.trees.authoring import load_source

        data = Path(__file__).resolve().parents[1] / "data"
        out = {}
        for game in ("bridge", "belote", "coinche"):
            if (data / game / "trees").is_dir():
                trees, _ = load_source(data, game)
                out[game] = Forest.of(game, trees)
        return out
    import sqlite3

    from arbitre.kb.trees import load_forest

    conn = sqlite3.connect(kb_path)
    return {g: load_forest(conn, g) for g in ("bridge", "belote", "coinche")}


def test_there_are_enough_cases():
    assert len(CASES) >= 60, f"only {len(CASES)} cases"


def test_every_bridge_tree_has_a_case(forests):
    covered = {forests["bridge"].find(c.tree).slug for c in CASES if c.tree and c.game == "bridge"}
    missing = set(forests["bridge"].trees) - covered
    assert not missing, f"trees without a conformance case: {sorted(missing)}"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case(case, forests):
    game = case.game
    walk = Walk(forests[game], case.tree, facts=case.facts, answers=case.answers)
    assert walk.done, (
        f"{case.file}:{case.line}: the walk stops at question {walk.slug!r} "
        f"({walk.node.question.en if walk.node.question else ''}); answers: {[a.code for a in walk.choices]}"
    )
    o = walk.outcome
    reached = walk.node.id if walk.tree.slug == walk.start.slug else f"{walk.tree.slug}/{walk.node.id}"
    for key, value in case.expect:
        where = f"{case.file}:{case.line} expect {key}"
        if key == "outcome":
            assert reached == value or walk.slug == value, f"{where}: reached {walk.slug}"
        elif key == "tricks":
            got = "none" if o.tricks_transferred is None else str(o.tricks_transferred.count)
            assert got == value, f"{where}: got {got}"
        elif key == "penalty":
            got = ",".join(sorted(p.kind for p in o.penalty_cards if p.kind != "none")) or "none"
            assert got == ",".join(sorted(value.replace(" ", "").split(","))), f"{where}: got {got}"
        elif key == "must-pass":
            got = {f"{a.who.value}/{a.scope}" for a in o.auction_obligations if a.action == "pass"}
            assert value in got, f"{where}: got {sorted(got)}"
        elif key == "lead":
            got = {r.law for r in o.lead_restrictions}
            if value == "none":
                assert not got, f"{where}: got {sorted(got)}"
            else:
                assert any(g == value or g.startswith(value) for g in got), f"{where}: got {sorted(got)}"
        elif key == "judgement":
            got = {j.law for j in o.judgement}
            assert any(g == value or g.startswith(value) for g in got), f"{where}: got {sorted(got)}"
        elif key == "adjust":
            assert o.score_adjustment_possible == (value == "yes"), f"{where}"
        elif key == "path":
            got = [s.node for s in walk.path]
            assert got == value.split(), f"{where}: got {got}"
        else:
            pytest.fail(f"{where}: unknown expectation {key!r}")
