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
        for game in ("bridge", "belote", "coinche", "tresillo"):
            if (data / game / "trees").is_dir():
                trees, _ = load_source(data, game)
                out[game] = Forest.of(game, trees)
        return out
    import sqlite3

    from arbitre.kb.trees import load_forest

    conn = sqlite3.connect(kb_path)
    return {g: load_forest(conn, g) for g in ("bridge", "belote", "coinche", "tresillo")}


def test_there_are_enough_cases():
    assert len(CASES) >= 60, f"only {len(CASES)} cases"


def test_every_bridge_tree_has_a_case(forests):
    covered = {forests["bridge"].find(c.tree).slug for c in CASES if c.tree and c.game == "bridge"}
    missing = set(forests["bridge"].trees) - covered
    assert not missing, f"trees without a conformance case: {sorted(missing)}"


def _all(walk):
    """Every outcome the walk reached, the final one last (a walk may cross laws)."""
    return [node.outcome for _, node in walk.outcomes]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case(case, forests):
    from arbitre.rulings.trees.model import reminders

    game = case.game
    walk = Walk(forests[game], case.tree, facts=case.facts, answers=case.answers)
    assert walk.done, (
        f"{case.file}:{case.line}: the walk stops at question {walk.slug!r} "
        f"({walk.node.question.en if walk.node.question else ''}); answers: {[a.code for a in walk.choices]}"
    )
    outcomes = _all(walk)
    reached = walk.node.id if walk.tree.slug == walk.start.slug else f"{walk.tree.slug}/{walk.node.id}"
    passed = {f"{t.slug}/{n.id}" for t, n in walk.outcomes} | {n.id for t, n in walk.outcomes if t.slug == walk.start.slug}
    for key, value in case.expect:
        where = f"{case.file}:{case.line} expect {key}"
        if key == "outcome":
            assert reached == value or walk.slug == value, f"{where}: reached {walk.slug}"
        elif key == "via":
            assert value in passed, f"{where}: outcomes reached {sorted(passed)}"
        elif key == "tricks":
            got = {"none" if o.tricks_transferred is None else str(o.tricks_transferred.count) for o in outcomes}
            got = got - {"none"} or {"none"}
            assert value in got, f"{where}: got {sorted(got)}"
        elif key == "penalty":
            got = ",".join(sorted({p.kind for o in outcomes for p in o.penalty_cards if p.kind != "none"})) or "none"
            assert got == ",".join(sorted(set(value.replace(" ", "").split(",")))), f"{where}: got {got}"
        elif key == "must-pass":
            got = {f"{a.who.value}/{a.scope}" for o in outcomes for a in o.auction_obligations if a.action == "pass"}
            assert (not got) if value == "none" else (value in got), f"{where}: got {sorted(got)}"
        elif key == "lead":
            got = {r.law for o in outcomes for r in o.lead_restrictions}
            if value == "none":
                assert not got, f"{where}: got {sorted(got)}"
            else:
                assert any(g == value or g.startswith(value) for g in got), f"{where}: got {sorted(got)}"
        elif key == "judgement":
            got = {j.law for o in outcomes for j in o.judgement}
            assert any(g == value or g.startswith(value) for g in got), f"{where}: got {sorted(got)}"
        elif key == "adjust":
            got = any(o.score_adjustment_possible for o in outcomes)
            assert got == (value == "yes"), f"{where}: got {got}"
        elif key == "adjustment":
            got = {o.adjustment.law for o in outcomes if o.adjustment}
            assert any(g == value or g.startswith(value) for g in got), f"{where}: got {sorted(got)}"
        elif key == "procedural":
            got = any(o.procedural_penalty for o in outcomes)
            assert got == (value == "yes"), f"{where}: got {got}"
        elif key == "unauthorised-to":
            got = {r.value for o in outcomes for i in o.information or [] for r in i.unauthorised_to}
            assert value in got, f"{where}: got {sorted(got)}"
        elif key == "authorised-to":
            got = {r.value for o in outcomes for i in o.information or [] for r in i.authorised_to}
            assert value in got, f"{where}: got {sorted(got)}"
        elif key == "reminders":
            got = any(reminders(o.penalty_cards) for o in outcomes)
            assert got == (value == "yes"), f"{where}: got {got}"
        elif key == "asked":
            asked = [s.node for s in walk.path if s.code is not None and not s.auto and s.code not in ("then", "resume")]
            assert asked == value.split(), f"{where}: asked {asked}"
        elif key == "path":
            got = [s.node for s in walk.path]
            assert got == value.split(), f"{where}: got {got}"
        elif key in ("cites", "not-cites"):
            got = {law for o in outcomes for law in o.laws}
            assert (value in got) == (key == "cites"), f"{where}: the outcomes cite {sorted(got)}"
        elif key == "flag":
            got = {f.kind for _, n in walk.outcomes for f in n.flags}
            assert value in got, f"{where}: got {sorted(got)}"
        elif key == "auto":
            node, _, code = value.partition("=")
            got = {s.node: s.code for s in walk.path if s.auto and s.code not in ("then", "resume", "adjust")}
            assert got.get(node) == code, f"{where}: answered by itself {got}"
        elif key in ("recorded-trees", "recorded-outcomes", "recorded-questions"):
            kind = {"recorded-trees": "tree", "recorded-outcomes": "outcome", "recorded-questions": "question"}[key]
            got = [e["tree" if kind == "tree" else "node"] for e in walk.transcript() if e["kind"] == kind]
            assert got == value.split(), f"{where}: the log would keep {got}"
        elif key == "answer-help":
            node, _, code = value.partition("=")
            tree_node = next(((walk.forest.trees[s.tree], s) for s in walk.path if s.node == node), None)
            assert tree_node is not None, f"{where}: the walk did not pass {node}"
            tree, step = tree_node
            answer = next(a for n in tree.nodes if n.id == node for a in n.answers if a.code == code)
            assert answer.help is not None and answer.help.fr and answer.help.en, f"{where}: no help"
        else:
            pytest.fail(f"{where}: unknown expectation {key!r}")
