"""Structural validation of a set of trees against the law catalogue.

One root per tree, every question has at least two answers with distinct codes,
outcomes have none, no cycle, every node reachable, every ``next`` resolves, every
cited law exists in the catalogue, slugs and aliases unique. Returns a list of
problems (empty when valid) rather than raising, so a test can show them all.
"""
from __future__ import annotations

from arbitre.rulings.trees.model import Law, Tree, law_number


def _cited(tree: Tree) -> list[str]:
    refs: list[str] = [str(n) for n in tree.laws]
    for node in tree.nodes:
        refs += node.laws
        if node.outcome:
            o = node.outcome
            refs += o.laws + [r.law for r in o.lead_restrictions] + [j.law for j in o.judgement]
            refs += [i.law for i in o.information or []]
            refs += [x.law for x in (o.procedural_penalty, o.adjustment) if x is not None]
            if o.tricks_transferred:
                refs.append(o.tricks_transferred.rule)
    return refs


def validate(trees: list[Tree], laws: list[Law]) -> list[str]:
    problems: list[str] = []
    by_slug = {}
    names: dict[str, str] = {}
    for t in trees:
        if t.slug in by_slug:
            problems.append(f"tree {t.slug}: duplicate slug")
        by_slug[t.slug] = t
        for name in [t.slug, *t.aliases]:
            if name in names and names[name] != t.slug and not name.isdigit():
                problems.append(f"tree {t.slug}: alias {name!r} already names tree {names[name]}")
            names.setdefault(name, t.slug)
    law_numbers = set()
    for law in laws:
        key = (law.game, law.number)
        if key in law_numbers:
            problems.append(f"law {law.number}: duplicate catalogue entry")
        law_numbers.add(key)

    for t in trees:
        ids = [n.id for n in t.nodes]
        nodes = {n.id: n for n in t.nodes}
        if len(set(ids)) != len(ids):
            problems.append(f"tree {t.slug}: duplicate node ids")
        if t.root not in nodes:
            problems.append(f"tree {t.slug}: root {t.root!r} is not a node")
            continue
        variant_keys = {v.key for v in t.variants}
        targets: dict[str, list[str]] = {}
        for n in t.nodes:
            targets[n.id] = []
            edges = [(f"answer {a.code}", a.next) for a in n.answers]
            if n.outcome is not None and n.outcome.then is not None:
                edges.append(("continuation", n.outcome.then.to))
                if n.outcome.then.after:
                    edges.append(("resumption", n.outcome.then.after))
            walk = n.outcome.adjustment.walk if n.outcome is not None and n.outcome.adjustment else None
            if walk and walk not in by_slug:
                problems.append(f"tree {t.slug}/{n.id}: adjustment walk {walk} is no tree")
            for what, nxt in edges:
                if nxt.startswith("@"):
                    slug, _, entry = nxt[1:].partition("/")
                    if slug not in by_slug:
                        problems.append(f"tree {t.slug}/{n.id}: {what} goes to unknown tree {nxt}")
                    elif entry and entry not in {m.id for m in by_slug[slug].nodes}:
                        problems.append(f"tree {t.slug}/{n.id}: {what} goes to unknown node {nxt}")
                elif nxt not in nodes:
                    problems.append(f"tree {t.slug}/{n.id}: {what} goes to unknown node {nxt!r}")
                else:
                    targets[n.id].append(nxt)
            if n.fact and n.fact.startswith("variant."):
                vkey = n.fact.split(".", 1)[1]
                if vkey not in variant_keys:
                    problems.append(f"tree {t.slug}/{n.id}: fact {n.fact} names no variant of the tree")
                else:
                    choices = {c.code for v in t.variants if v.key == vkey for c in v.choices}
                    if {a.code for a in n.answers} != choices:
                        problems.append(f"tree {t.slug}/{n.id}: answers must be the variant's choices {sorted(choices)}")
        incoming = {i for outs in targets.values() for i in outs}
        if t.root in incoming:
            problems.append(f"tree {t.slug}: the root has an incoming edge")
        # reachability and cycles (iterative DFS with colours)
        colour: dict[str, int] = {}
        stack: list[tuple[str, int]] = [(t.root, 0)]
        while stack:
            node_id, i = stack.pop()
            if i == 0:
                if colour.get(node_id) == 1:
                    problems.append(f"tree {t.slug}: cycle through {node_id}")
                    continue
                if colour.get(node_id) == 2:
                    continue
                colour[node_id] = 1
            outs = targets.get(node_id, [])
            if i < len(outs):
                stack.append((node_id, i + 1))
                nxt = outs[i]
                if colour.get(nxt) == 1:
                    problems.append(f"tree {t.slug}: cycle {node_id} -> {nxt}")
                elif colour.get(nxt) != 2:
                    stack.append((nxt, 0))
            else:
                colour[node_id] = 2
        for n in t.nodes:
            if n.id not in colour:
                problems.append(f"tree {t.slug}: node {n.id} is unreachable from the root")
        for number in sorted({law_number(ref) for ref in _cited(t)}):
            if (t.game, number) not in law_numbers:
                problems.append(f"tree {t.slug}: cites law {number}, absent from the {t.game} catalogue")
    return problems
