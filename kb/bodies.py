"""Content bodies: how the authoring source in ``data/`` becomes table rows.

A *body* is one coherent piece of KB content (the games, bridge's positional state
machine, bridge's rulings...). Each content migration freezes one body's delta. This
module exports the live ``data/`` to rows (validated, with errors naming file and line),
replays the frozen deltas, and diffs the two — the basis of both the "data matches the
newest frozen content" test and the migration generator.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T
from arbitre.rulings.trees.authoring import _validation_error, load_source, load_yaml
from arbitre.rulings.trees.model import Flag, Law, Text, Tree

Rows = dict[str, list[dict]]  # table -> rows

KEYS: dict[str, list[str]] = {
    "games": ["code"],
    "db_classes": ["game", "code"],
    "position_states": ["game", "code"],
    "position_transitions": ["game", "position", "context", "action"],
    "laws": ["game", "number"],
    "ruling_trees": ["game", "slug"],
    "tree_aliases": ["game", "alias"],
    "tree_nodes": ["game", "tree", "node"],
    "tree_edges": ["game", "tree", "node", "code"],
    "tree_laws": ["game", "tree", "law"],
    "irregularity_kinds": ["game", "code"],
}
"""Primary key of every content table, in insertion (foreign-key) order."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Game(_Strict):
    code: str
    name: Text
    description: Text


class _Games(_Strict):
    games: list[_Game]


class _DbClass(_Strict):
    code: str
    description: Text


class _State(_Strict):
    code: str
    position: int
    action: str
    db_class: str
    label: Text
    aliases: list[str] = []


class _Transition(_Strict):
    position: int
    context: list[str]
    # the YAML keys are `pass` and `call`
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    pass_: str
    call: str

    def __init__(self, **data):
        if "pass" in data:
            data["pass_"] = data.pop("pass")
        super().__init__(**data)


class _StateFlag(Flag):
    states: list[str]


class _Positional(_Strict):
    game: str
    db_classes: list[_DbClass]
    states: list[_State]
    transitions: list[_Transition]
    flags: list[_StateFlag] = []


class _Kind(_Strict):
    code: str
    law: str
    tree: str
    label: Text


class _Kinds(_Strict):
    kinds: list[_Kind]


def _read(path: Path, model: type[BaseModel]) -> BaseModel:
    doc = load_yaml(path)
    try:
        return model.model_validate(doc)
    except ValidationError as err:
        raise _validation_error(path, doc, err) from None


def _j(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def export_games(data: Path) -> Rows:
    doc = _read(data / "games.yaml", _Games)
    return {"games": [
        {"code": g.code, "name_fr": g.name.fr, "name_en": g.name.en,
         "description_fr": g.description.fr, "description_en": g.description.en}
        for g in doc.games  # type: ignore[attr-defined]
    ]}


def export_positional(data: Path, game: str = "bridge") -> Rows:
    path = data / game / "positional_states.yaml"
    doc: _Positional = _read(path, _Positional)  # type: ignore[assignment]
    codes = {s.code for s in doc.states}
    classes = {c.code for c in doc.db_classes}
    for s in doc.states:
        if s.db_class not in classes:
            raise InputError(T("classe {c} inconnue", "unknown db class {c}").format(c=s.db_class), token=s.db_class, source=str(path))
    for t in doc.transitions:
        for code in [*t.context, t.pass_, t.call]:
            if code not in codes:
                raise InputError(T("état {c} inconnu", "unknown state {c}").format(c=code), token=code, source=str(path))
    for f in doc.flags:
        for code in f.states:
            if code not in codes:
                raise InputError(T("état {c} inconnu", "unknown state {c}").format(c=code), token=code, source=str(path))

    def flags(code: str) -> str:
        return _j([f.model_dump(exclude={"states"}) for f in doc.flags if code in f.states])

    return {
        "db_classes": [{"game": game, "code": c.code, "description_fr": c.description.fr,
                        "description_en": c.description.en} for c in doc.db_classes],
        "position_states": [{"game": game, "code": s.code, "position": s.position, "action": s.action,
                             "label_fr": s.label.fr, "label_en": s.label.en, "db_class": s.db_class,
                             "aliases": ",".join(s.aliases), "flags": flags(s.code)}
                            for s in doc.states],
        "position_transitions": [
            {"game": game, "position": t.position, "context": ",".join(t.context), "action": action, "state": state}
            for t in doc.transitions for action, state in (("pass", t.pass_), ("call", t.call))
        ],
    }


def tree_rows(trees: list[Tree], laws: list[Law]) -> Rows:
    rows: Rows = {k: [] for k in ("laws", "ruling_trees", "tree_aliases", "tree_nodes", "tree_edges", "tree_laws")}
    for law in laws:
        rows["laws"].append({"game": law.game, "number": law.number, "title_fr": law.title.fr, "title_en": law.title.en,
                             "summary_fr": law.summary.fr, "summary_en": law.summary.en,
                             "flags": _j([f.model_dump() for f in law.flags])})
    from arbitre.rulings.trees.model import law_number
    from arbitre.rulings.trees.validate import _cited

    for t in trees:
        rows["ruling_trees"].append({
            "game": t.game, "slug": t.slug, "title_fr": t.title.fr, "title_en": t.title.en,
            "summary_fr": t.summary.fr, "summary_en": t.summary.en, "root": t.root, "laws": _j(t.laws),
            "variants": _j([v.model_dump() for v in t.variants]), "flags": _j([f.model_dump() for f in t.flags]),
        })
        seen = set()
        for alias in t.aliases:
            if alias not in seen:
                seen.add(alias)
                rows["tree_aliases"].append({"game": t.game, "alias": alias, "tree": t.slug})
        for i, n in enumerate(t.nodes):
            rows["tree_nodes"].append({
                "game": t.game, "tree": t.slug, "node": n.id, "kind": "outcome" if n.is_outcome else "question",
                "ordinal": i,
                "question_fr": n.question.fr if n.question else None, "question_en": n.question.en if n.question else None,
                "help_fr": n.help.fr if n.help else None, "help_en": n.help.en if n.help else None,
                "title_fr": n.title.fr if n.title else None, "title_en": n.title.en if n.title else None,
                "fact": n.fact, "laws": _j(n.laws), "flags": _j([f.model_dump() for f in n.flags]),
                "outcome": _j(n.outcome.model_dump(mode="json")) if n.outcome else None,
            })
            for j, a in enumerate(n.answers):
                edge = {"game": t.game, "tree": t.slug, "node": n.id, "code": a.code, "ordinal": j,
                        "label_fr": a.label.fr, "label_en": a.label.en, "target": a.next}
                if a.help is not None:  # the columns exist from 0011 on; rows without help keep their frozen shape
                    edge.update(help_fr=a.help.fr, help_en=a.help.en)
                rows["tree_edges"].append(edge)
        for number in sorted({law_number(r) for r in _cited(t)}):
            rows["tree_laws"].append({"game": t.game, "tree": t.slug, "law": number})
    return rows


def export_rulings(data: Path, game: str) -> Rows:
    trees, laws = load_source(data, game)
    rows = tree_rows(trees, laws)
    kinds_file = data / game / "irregularities.yaml"
    rows["irregularity_kinds"] = []
    if kinds_file.exists():
        doc: _Kinds = _read(kinds_file, _Kinds)  # type: ignore[assignment]
        slugs = {t.slug for t in trees}
        for k in doc.kinds:
            if k.tree not in slugs:
                raise InputError(T("arbre {t} inconnu", "unknown tree {t}").format(t=k.tree), token=k.tree, source=str(kinds_file))
            rows["irregularity_kinds"].append({"game": game, "code": k.code, "law": k.law, "tree": k.tree,
                                               "label_fr": k.label.fr, "label_en": k.label.en})
    return rows


GAMES = ("bridge", "belote", "coinche", "tresillo")
BODIES: dict[str, Callable[[Path], Rows]] = {
    "games": export_games,
    "bridge-positional": lambda d: export_positional(d, "bridge"),
    **{f"{g}-rulings": partial(export_rulings, game=g) for g in GAMES},
}
"""Content bodies by name: ``games``, ``bridge-positional`` and ``<game>-rulings``."""


def columns_of(rows: list[dict]) -> list[str]:
    cols: list[str] = []
    for r in rows:
        for c in r:
            if c not in cols:
                cols.append(c)
    return cols


def _index(rows: list[dict], key: list[str]) -> dict[tuple, dict]:
    return {tuple(r[k] for k in key): r for r in rows}


def _bare(row: dict) -> dict:
    """A row without its NULL columns: a column absent from a frozen row and a NULL are the same value."""
    return {k: v for k, v in row.items() if v is not None}


def _widen(row: dict, other: dict) -> dict:
    """``row`` with the columns only ``other`` has set to NULL: a value that appears (or goes) in an
    update is restored to NULL (or cleared) by its downgrade, so the downgrade undoes it exactly."""
    return {**row, **{c: None for c in other if c not in row}}


def diff(old: Rows, new: Rows) -> dict:
    """The frozen delta turning ``old`` into ``new`` (tables in FK order)."""
    tables = {}
    for table in KEYS:
        if table not in old and table not in new:
            continue
        key = KEYS[table]
        a, b = _index(old.get(table, []), key), _index(new.get(table, []), key)
        delta = {
            "key": key,
            "columns": columns_of(list(a.values()) + list(b.values())),
            "insert": [b[k] for k in b if k not in a],
            "delete": [a[k] for k in a if k not in b],
            "update": [{"before": _widen(a[k], b[k]), "after": _widen(b[k], a[k])} for k in b if k in a and _bare(a[k]) != _bare(b[k])],
        }
        if delta["insert"] or delta["delete"] or delta["update"]:
            tables[table] = delta
    return tables


def replay(frozen_docs: list[dict], body: str) -> Rows:
    """The rows a body has after applying its frozen deltas in order."""
    state: dict[str, dict[tuple, dict]] = {}
    for doc in frozen_docs:
        if doc["body"] != body:
            continue
        for table, delta in doc["tables"].items():
            cur = state.setdefault(table, {})
            key = delta["key"]
            for r in delta.get("delete", []):
                cur.pop(tuple(r[k] for k in key), None)
            for u in delta.get("update", []):
                cur[tuple(u["after"][k] for k in key)] = u["after"]
            for r in delta.get("insert", []):
                cur[tuple(r[k] for k in key)] = r
    return {t: list(v.values()) for t, v in state.items()}


