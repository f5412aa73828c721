"""The walk's runtime trees (plain dataclasses, no pydantic) against the authoring models:
the same classes, fields, order and defaults, and every stored tree dumped to the same
document, byte for byte. A field added to one and not the other fails here."""
import dataclasses
import json
import sqlite3
import subprocess
import sys

import pytest
from pydantic import BaseModel

from arbitre.kb.trees import load_forest, load_trees
from arbitre.rulings.trees import model, runtime
from arbitre.rulings.trees.walk import Walk

GAMES = ("bridge", "belote", "coinche")
RUNTIME = [c for c in vars(runtime).values()
           if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == runtime.__name__]


def _json(value):
    return json.dumps(value, ensure_ascii=False)


def test_every_model_a_tree_holds_has_a_runtime_class():
    held = set()

    def visit(cls):
        if cls.__name__ in held:
            return
        held.add(cls.__name__)
        for f in cls.model_fields.values():
            for arg in _types(f.annotation):
                if isinstance(arg, type) and issubclass(arg, BaseModel):
                    visit(arg)

    visit(model.Tree)
    assert held == {c.__name__ for c in RUNTIME}


def _types(annotation):
    import typing

    yield annotation
    for arg in typing.get_args(annotation):
        yield from _types(arg)


@pytest.mark.parametrize("cls", RUNTIME, ids=lambda c: c.__name__)
def test_runtime_class_has_the_models_fields_order_and_defaults(cls):
    pyd = getattr(model, cls.__name__)
    fields = dataclasses.fields(cls)
    assert [f.name for f in fields] == list(pyd.model_fields)
    for f in fields:
        info = pyd.model_fields[f.name]
        has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        assert has_default == (not info.is_required()), f.name
        if has_default:
            default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
            assert _json(runtime.dump(default)) == _json(info.default), f.name  # a role: its value


@pytest.mark.parametrize("game", GAMES)
def test_every_stored_tree_dumps_to_the_same_document(kb_path, game):
    conn = sqlite3.connect(kb_path)
    validated = load_trees(conn, game)
    walked = list(load_forest(conn, game).trees.values())
    assert [t.slug for t in walked] == [t.slug for t in validated]
    for light, pyd in zip(walked, validated, strict=True):
        assert isinstance(light, runtime.Tree)
        assert _json(light.model_dump(mode="json")) == _json(pyd.model_dump(mode="json")), light.slug
        for ln, pn in zip(light.nodes, pyd.nodes, strict=True):
            assert _json(ln.model_dump()) == _json(pn.model_dump(mode="json")), (light.slug, ln.id)
            assert ln.is_outcome == pn.is_outcome
            if ln.outcome is not None:  # the outcome alone, as a walk's --json and the log give it
                assert _json(ln.outcome.model_dump(mode="json")) == _json(pn.outcome.model_dump(mode="json"))


@pytest.mark.parametrize("game", GAMES)
def test_every_walk_reads_the_same_on_both_forms(kb_path, game):
    """Each tree walked to its first pending question (or outcome) and its transcript: same
    path, same facts, same documents whichever form the walk holds."""
    from arbitre.rulings.trees.walk import Forest

    conn = sqlite3.connect(kb_path)
    light = load_forest(conn, game)
    pyd = Forest.of(game, load_trees(conn, game))
    for slug in light.trees:
        for pick in (0, -1):  # always the first answer, then always the last
            a, b = Walk(light, slug), Walk(pyd, slug)
            for _ in range(30):  # a walk may enter another tree and come back: bounded
                assert a.path == b.path and a.facts == b.facts
                assert _json(a.transcript()) == _json(b.transcript())
                if a.done:
                    break
                a.answer(a.choices[pick].code)
                b.answer(b.choices[pick].code)


def test_a_scripted_ruling_walk_does_not_import_pydantic(kb_path):
    """Why the runtime form exists: `arbitre ruling TOPIC --answer …` starts cold without pydantic."""
    code = ("import sys; from arbitre.cli.app import main; sys.argv = ['arbitre', 'ruling', 'revoke', '--answer', "
            "'is-revoke=no', '--json', '--db', sys.argv[1]]\n"
            "try:\n    main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "assert 'pydantic' not in sys.modules, 'pydantic imported'")
    done = subprocess.run([sys.executable, "-c", code, str(kb_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["outcome_node"] == "renonce/no-revoke"
