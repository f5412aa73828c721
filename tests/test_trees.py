"""Decision trees: validated in the seeded KB, identical to their authoring source, and
authoring mistakes reported with file and line."""
import sqlite3
from pathlib import Path

import pytest

from arbitre.kb.trees import load_laws, load_trees
from arbitre.rulings.errors import InputError
from arbitre.rulings.trees.authoring import load_source, load_tree_file
from arbitre.rulings.trees.validate import validate
from arbitre.rulings.trees.walk import Forest, Walk

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("bridge", "belote", "coinche")


@pytest.mark.parametrize("game", GAMES)
def test_seeded_kb_trees_are_valid(kb_path, game):
    conn = sqlite3.connect(kb_path)
    trees, laws = load_trees(conn, game), load_laws(conn, game)
    assert trees and laws
    assert validate(trees, laws) == []


@pytest.mark.parametrize("game", GAMES)
def test_kb_trees_round_trip_to_the_authoring_source(kb_path, game):
    conn = sqlite3.connect(kb_path)
    from_kb = {t.slug: t for t in load_trees(conn, game)}
    from_yaml = {t.slug: t for t in load_source(ROOT / "data", game)[0]}
    assert from_kb == from_yaml


def test_catalogue_has_every_law_from_23_to_64_and_all_93(kb_path):
    numbers = {law.number for law in load_laws(sqlite3.connect(kb_path), "bridge")}
    assert set(range(23, 65)) <= numbers
    assert numbers == set(range(1, 94))


def test_every_irregularity_kind_opens_an_existing_tree(kb_path):
    conn = sqlite3.connect(kb_path)
    slugs = {t.slug for t in load_trees(conn, "bridge")}
    kinds = conn.execute("SELECT code, law, tree FROM irregularity_kinds").fetchall()
    from arbitre.rulings.bridge.auction import Kind

    assert {k for k, _, _ in kinds} == {k.value for k in Kind}
    for code, _law, tree in kinds:
        assert tree in slugs, code


def test_judgement_is_never_decided_a_judgement_outcome_lists_what_to_weigh(kb_path):
    for t in load_trees(sqlite3.connect(kb_path), "bridge"):
        for n in t.nodes:
            if n.outcome:
                for j in n.outcome.judgement:
                    assert j.weigh and all(w.fr and w.en for w in j.weigh)


def test_law_26b_variant_wbf_default_and_french_printing(kb_path):
    trees = load_trees(sqlite3.connect(kb_path), "bridge")
    variants = {v.key: v for t in trees for v in t.variants}
    assert "law26b" in variants
    v = variants["law26b"]
    assert v.default == "wbf" and len(v.choices) == 2


def _tree(tmp_path, text):
    p = tmp_path / "t.yaml"
    p.write_text(text, encoding="utf-8")
    return p


GOOD = """\
slug: demo
title: {fr: "Démo", en: "Demo"}
summary: {fr: "s", en: "s"}
laws: [30]
root: q
nodes:
  - id: q
    question: {fr: "Q ?", en: "Q?"}
    answers:
      - {code: "yes", label: {fr: "Oui", en: "Yes"}, next: a}
      - {code: "no", label: {fr: "Non", en: "No"}, next: b}
  - id: a
    outcome: {rectification: {fr: "A", en: "A"}}
  - id: b
    outcome: {rectification: {fr: "B", en: "B"}}
"""


def test_authoring_error_names_file_line_and_field(tmp_path):
    bad = GOOD.replace('{fr: "Oui", en: "Yes"}', '{fr: "Oui"}')
    with pytest.raises(InputError) as e:
        load_tree_file(_tree(tmp_path, bad))
    err = e.value
    assert err.source.endswith("t.yaml") and err.line == 10  # the answer missing its English label
    assert "en" in err.render("en") and "t.yaml:10" in err.render("en")


def test_yes_and_no_stay_strings_and_yaml_errors_have_a_line(tmp_path):
    assert [a.code for a in load_tree_file(_tree(tmp_path, GOOD)).nodes[0].answers] == ["yes", "no"]
    with pytest.raises(InputError) as e:
        load_tree_file(_tree(tmp_path, GOOD + "  - id: [unclosed\n"))
    assert e.value.line is not None


def test_structural_validation_finds_each_defect(tmp_path):
    tree = load_tree_file(_tree(tmp_path, GOOD))
    from arbitre.rulings.trees.model import Law

    law30 = Law.model_validate({"number": 30, "title": {"fr": "t", "en": "t"}, "summary": {"fr": "s", "en": "s"}})
    assert validate([tree], [law30]) == []
    assert any("absent from the bridge catalogue" in p for p in validate([tree], []))
    orphan = load_tree_file(_tree(tmp_path, GOOD + "  - id: c\n    outcome: {rectification: {fr: C, en: C}}\n"))
    assert any("unreachable" in p for p in validate([orphan], [law30]))
    cyc = load_tree_file(_tree(tmp_path, GOOD.replace("next: b}", "next: q}")))
    problems = validate([cyc], [law30])
    assert any("cycle" in p or "root has an incoming edge" in p for p in problems)
    dangling = load_tree_file(_tree(tmp_path, GOOD.replace("next: b}", "next: nowhere}")))
    assert any("unknown node" in p for p in validate([dangling], [law30]))
    with pytest.raises(InputError):  # one answer only is refused by the schema
        load_tree_file(_tree(tmp_path, GOOD.replace('      - {code: "no", label: {fr: "Non", en: "No"}, next: b}\n', "")))


def test_walk_engine_back_restart_path_and_facts(tmp_path):
    tree = load_tree_file(_tree(tmp_path, GOOD))
    forest = Forest.of("bridge", [tree])
    w = Walk(forest, "demo")
    assert not w.done and [a.code for a in w.choices] == ["yes", "no"]
    w.answer("yes")
    assert w.done and w.node.id == "a" and [s.node for s in w.path] == ["q", "a"]
    w.back()
    assert w.node.id == "q"
    w.answer("no")
    w.restart()
    assert w.node.id == "q" and len(w.path) == 1
    with pytest.raises(InputError):
        w.answer("maybe")
    auto = Walk(forest, "30", answers={"q": "no"})
    assert auto.done and auto.node.id == "b" and not auto.path[0].auto
