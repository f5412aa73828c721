"""Rebuild ruling trees and the law catalogue from KB rows (``sqlite3``, no ORM).

The KB is the source the CLI walks; rows are turned back into the same pydantic
models the authoring source validates, so one engine serves both.
"""
from __future__ import annotations

import json
import sqlite3

from arbitre.rulings.trees.model import Law, Tree
from arbitre.rulings.trees.walk import Forest


def _t(fr, en):
    return {"fr": fr, "en": en} if fr is not None else None


def load_trees(conn: sqlite3.Connection, game: str = "bridge") -> list[Tree]:
    nodes: dict[str, list[dict]] = {}
    edges: dict[tuple[str, str], list[dict]] = {}
    for tree, node, code, lfr, len_, target, hfr, hen in conn.execute(
        "SELECT tree, node, code, label_fr, label_en, target, help_fr, help_en FROM tree_edges WHERE game = ?"
        " ORDER BY tree, node, ordinal", (game,),
    ):
        edge = {"code": code, "label": _t(lfr, len_), "next": target}
        if hfr is not None:
            edge["help"] = _t(hfr, hen)
        edges.setdefault((tree, node), []).append(edge)
    for row in conn.execute(
        "SELECT tree, node, kind, question_fr, question_en, help_fr, help_en, title_fr, title_en, fact, laws, flags,"
        " outcome FROM tree_nodes WHERE game = ? ORDER BY tree, ordinal", (game,)
    ):
        tree, node, kind, qfr, qen, hfr, hen, tfr, ten, fact, laws, flags, outcome = row
        doc = {"id": node, "laws": json.loads(laws), "flags": json.loads(flags)}
        if kind == "question":
            doc.update(question=_t(qfr, qen), help=_t(hfr, hen), fact=fact, answers=edges.get((tree, node), []))
        else:
            doc.update(title=_t(tfr, ten), outcome=json.loads(outcome))
        nodes.setdefault(tree, []).append(doc)
    aliases: dict[str, list[str]] = {}
    for alias, tree in conn.execute("SELECT alias, tree FROM tree_aliases WHERE game = ? ORDER BY rowid", (game,)):
        aliases.setdefault(tree, []).append(alias)
    trees = []
    for slug, tfr, ten, sfr, sen, root, laws, variants, flags in conn.execute(
        "SELECT slug, title_fr, title_en, summary_fr, summary_en, root, laws, variants, flags FROM ruling_trees "
        "WHERE game = ? ORDER BY slug", (game,)
    ):
        trees.append(Tree.model_validate({
            "slug": slug, "game": game, "title": _t(tfr, ten), "summary": _t(sfr, sen), "root": root,
            "laws": json.loads(laws), "variants": json.loads(variants), "flags": json.loads(flags),
            "aliases": aliases.get(slug, []), "nodes": nodes.get(slug, []),
        }))
    return trees


def load_forest(conn: sqlite3.Connection, game: str = "bridge") -> Forest:
    return Forest.of(game, load_trees(conn, game))


def load_laws(conn: sqlite3.Connection, game: str = "bridge") -> list[Law]:
    return [
        Law.model_validate({"game": game, "number": n, "title": _t(tfr, ten), "summary": _t(sfr, sen),
                            "flags": json.loads(flags)})
        for n, tfr, ten, sfr, sen, flags in conn.execute(
            "SELECT number, title_fr, title_en, summary_fr, summary_en, flags FROM laws WHERE game = ? ORDER BY number",
            (game,))
    ]


def trees_citing(conn: sqlite3.Connection, game: str, law: int) -> list[str]:
    return [r[0] for r in conn.execute("SELECT tree FROM tree_laws WHERE game = ? AND law = ? ORDER BY tree", (game, law))]
