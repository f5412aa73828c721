"""Helpers: hold a game's plain record reader (no pydantic) against its pydantic schema.

The plain reader must accept nothing the schema refuses and must read the same values; what
it is unsure of goes to the schema. These helpers compare the classes field by field and run
both readers on many mutated copies of real records.
"""
from __future__ import annotations

import copy
import dataclasses
import json
import random
import typing

from pydantic import BaseModel

from arbitre.rulings.errors import InputError
from arbitre.rulings.plainrecord import build, from_model

# what a mutation may put in place of a value: right and wrong types, coercible forms, bounds
VALUES = [None, True, False, 0, 1, 2, 4, 5, -1, 1.0, 2.5, "1", "01", " 2", "x", "", [], {}, [1], {"a": 1},
          "COEUR", "AS", "DENIER", {"valeur": "AS", "couleur": "COEUR"}, {"valeur": "ROI", "couleur": "DENIER"},
          "passe", "je joue", "plus", "solo", "J", "accept", "tresillo", "10H"]


def models(schema: type[BaseModel]) -> dict[str, type[BaseModel]]:
    """Every model a record of ``schema`` holds, by name."""
    found: dict[str, type[BaseModel]] = {}

    def types_of(annotation):
        yield annotation
        for arg in typing.get_args(annotation):
            yield from types_of(arg)

    def visit(cls):
        if cls.__name__ in found:
            return
        found[cls.__name__] = cls
        for f in cls.model_fields.values():
            for t in types_of(f.annotation):
                if isinstance(t, type) and issubclass(t, BaseModel):
                    visit(t)

    visit(schema)
    return found


def assert_same_shape(plain_module, schema: type[BaseModel]) -> None:
    """A plain class per model, with the model's fields in its order and the same required ones."""
    for name, model in models(schema).items():
        cls = getattr(plain_module, name)
        fields = dataclasses.fields(cls)
        assert [f.name for f in fields] == list(model.model_fields), name
        for f in fields:
            has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
            assert has_default == (not model.model_fields[f.name].is_required()), (name, f.name)
        assert bool(getattr(cls, "EXTRA_ALLOWED", False)) == (model.model_config.get("extra") == "allow"), name


def _paths(doc, prefix=()):
    yield prefix
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, (*prefix, i))


def mutate(doc, rng: random.Random):
    """A copy of ``doc`` with one random change: a value replaced, a key removed, renamed or added."""
    doc = json.loads(json.dumps(doc))
    paths = [p for p in _paths(doc) if p]
    path = rng.choice(paths)
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    what = rng.random()
    if isinstance(parent, dict) and what < 0.15:
        del parent[last]
    elif isinstance(parent, dict) and what < 0.25:
        parent[rng.choice(["01", "5", "0", " 1", "x", str(last).upper()])] = parent.pop(last)
    elif isinstance(parent, dict) and what < 0.3:
        parent["champ_inconnu"] = rng.choice(VALUES)
    elif isinstance(parent, list) and what < 0.4:
        del parent[last]
    else:
        parent[last] = copy.deepcopy(rng.choice(VALUES))
    return doc


def assert_same_reading(plain_cls, validate, doc) -> str:
    """Both readers on ``doc``: whatever the plain one reads, the schema accepts with the same values.
    Returns how it went: "plain", "schema" (the schema accepted what the plain reader left it) or "error"."""
    plain = build(plain_cls, doc)
    try:
        validated = validate(doc)
    except InputError:
        assert plain is None, f"the plain reader accepted what the schema refuses: {json.dumps(doc)[:300]}"
        return "error"
    if plain is None:
        return "schema"
    assert plain == from_model(plain_cls, validated), json.dumps(doc)[:300]
    return "plain"


def assert_same_error(readers, text: str) -> None:
    """Every reader refuses ``text`` with the same error: message, token, line, column, source."""
    errors = []
    for read in readers:
        try:
            read(text, source="game.json")
        except InputError as e:
            errors.append((e.message, e.token, e.line, e.column, e.source))
        else:
            raise AssertionError(f"{read.__module__}.{read.__name__} accepted {text!r}")
    assert all(e == errors[0] for e in errors), errors
