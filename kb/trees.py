"""Rebuild ruling trees and the law catalogue from KB rows (``sqlite3``, no ORM).

The KB is the source the CLI walks; rows are turned back into the documents the authoring
models validate: :func:`load_trees` validates them (tests, checks), :func:`load_forest`
builds the walk's plain runtime form from them (no pydantic), so one engine serves both. The catalogue
commands (``ruling list|search``, ``law``) read only titles, laws and aliases: they get
them as :class:`Topic` rows and law documents, without pydantic (importing it alone
costs as much as a whole cold start; see benchmarks/bench_cold.py).
"""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from arbitre.rulings.i18n import T

if TYPE_CHECKING:
    from arbitre.rulings.trees.model import Law, Tree
    from arbitre.rulings.trees.walk import Forest


def _t(fr: str | None, en: str | None) -> dict[str, str | None] | None:
    return {"fr": fr, "en": en} if fr is not None else None


def _aliases(conn: sqlite3.Connection, game: str) -> dict[str, list[str]]:
    aliases: dict[str, list[str]] = {}
    for alias, tree in conn.execute("SELECT alias, tree FROM tree_aliases WHERE game = ? ORDER BY rowid", (game,)):
        aliases.setdefault(tree, []).append(alias)
    return aliases


@dataclass(frozen=True)
class Topic:
    """A ruling topic as the catalogue lists it: a tree's slug, laws, titles and aliases."""

    slug: str
    laws: list[int]
    title: T
    summary: T
    aliases: list[str] = field(default_factory=list)


def load_topics(conn: sqlite3.Connection, game: str = "bridge") -> list[Topic]:
    """Every tree of ``game`` as a :class:`Topic`, by slug (the order of :func:`load_trees`)."""
    aliases = _aliases(conn, game)
    return [
        Topic(slug, json.loads(laws), T(tfr, ten), T(sfr, sen), aliases.get(slug, []))
        for slug, tfr, ten, sfr, sen, laws in conn.execute(
            "SELECT slug, title_fr, title_en, summary_fr, summary_en, laws FROM ruling_trees WHERE game = ? "
            "ORDER BY slug", (game,))
    ]


def tree_docs(conn: sqlite3.Connection, game: str = "bridge") -> list[dict[str, Any]]:
    """Every tree of ``game`` as the document its model validates, by slug."""
    nodes: dict[str, list[dict[str, Any]]] = {}
    edges: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for tree, node, code, lfr, len_, target, hfr, hen in conn.execute(
        "SELECT tree, node, code, label_fr, label_en, target, help_fr, help_en FROM tree_edges WHERE game = ?"
        " ORDER BY tree, node, ordinal", (game,),
    ):
        edge: dict[str, Any] = {"code": code, "label": _t(lfr, len_), "next": target}
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
    aliases = _aliases(conn, game)
    trees = []
    for slug, tfr, ten, sfr, sen, root, laws, variants, flags in conn.execute(
        "SELECT slug, title_fr, title_en, summary_fr, summary_en, root, laws, variants, flags FROM ruling_trees "
        "WHERE game = ? ORDER BY slug", (game,)
    ):
        trees.append({
            "slug": slug, "game": game, "title": _t(tfr, ten), "summary": _t(sfr, sen), "root": root,
            "laws": json.loads(laws), "variants": json.loads(variants), "flags": json.loads(flags),
            "aliases": aliases.get(slug, []), "nodes": nodes.get(slug, []),
        })
    return trees


def load_trees(conn: sqlite3.Connection, game: str = "bridge") -> list[Tree]:
    """Every tree of ``game``, validated by the authoring models (tests, checks)."""
    from arbitre.rulings.trees.model import Tree

    return [Tree.model_validate(doc) for doc in tree_docs(conn, game)]


def load_forest(conn: sqlite3.Connection, game: str = "bridge") -> Forest:
    """The trees of ``game`` as the walk reads them: their plain runtime form, not validated
    again (a migration validated them when it stored them; see :mod:`arbitre.rulings.trees.runtime`)."""
    from arbitre.kb.dbfile import KBError
    from arbitre.rulings.trees.runtime import Tree, build
    from arbitre.rulings.trees.walk import Forest

    try:
        docs = tree_docs(conn, game)
    except json.JSONDecodeError as e:
        raise KBError(T("les arbres de décision de la base sont abîmés (JSON illisible : {e}) ; reconstruisez la base",
                        "the KB's ruling trees are damaged (unreadable JSON: {e}); rebuild the KB").format(e=e)) from None
    try:
        return Forest.of(game, [build(Tree, doc) for doc in docs])
    except (KeyError, TypeError, ValueError, AttributeError):
        pass  # a tree row not as a migration stores it (edited by hand): say which, exit 3
    from pydantic import ValidationError

    from arbitre.rulings.trees.model import Tree as Checked

    for doc in docs:
        try:
            Checked.model_validate(doc)
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise KBError(T("l'arbre « {t} » de la base est abîmé ({w} : {m}) ; reconstruisez la base (arbitre db path, "
                            "supprimez le fichier)", "the KB's tree '{t}' is damaged ({w}: {m}); rebuild the KB (arbitre "
                            "db path, then delete the file)").format(t=doc.get("slug"), w=where, m=first["msg"])) from None
    raise KBError(T("les arbres de décision de la base sont abîmés ; reconstruisez la base",
                    "the KB's ruling trees are damaged; rebuild the KB"))


def _flags(stored: str) -> list[dict[str, Any]]:
    """Flags as a :class:`~arbitre.rulings.trees.model.Flag` dumps them (the KB stores
    their JSON with sorted keys; the model's order is ``kind``, ``note`` with fr, en)."""
    return [{"kind": f["kind"], "note": _t(f["note"]["fr"], f["note"]["en"])} for f in json.loads(stored)]


def law_docs(conn: sqlite3.Connection, game: str = "bridge", number: int | None = None) -> list[dict[str, Any]]:
    """The law catalogue of ``game`` (or its entry ``number``) as documents of the
    :class:`~arbitre.rulings.trees.model.Law` shape, in its field order (``law --json``)."""
    sql = "SELECT number, title_fr, title_en, summary_fr, summary_en, flags FROM laws WHERE game = ?"
    params: tuple[object, ...] = (game,)
    if number is not None:
        sql, params = sql + " AND number = ?", (game, number)
    return [
        {"game": game, "number": n, "title": _t(tfr, ten), "summary": _t(sfr, sen), "flags": _flags(flags)}
        for n, tfr, ten, sfr, sen, flags in conn.execute(sql + " ORDER BY number", params)
    ]


def load_laws(conn: sqlite3.Connection, game: str = "bridge") -> list[Law]:
    from arbitre.rulings.trees.model import Law

    return [Law.model_validate(doc) for doc in law_docs(conn, game)]


def trees_citing(conn: sqlite3.Connection, game: str, law: int) -> list[str]:
    return [r[0] for r in conn.execute("SELECT tree FROM tree_laws WHERE game = ? AND law = ? ORDER BY tree", (game, law))]
