"""The ruling walk: a pure state machine over a forest of decision trees.

It holds the current node, offers the choices, takes an answer, goes back, restarts,
and reports the path and the outcome. Questions whose ``fact`` is known (from the
auction, from a variant setting, from scripted answers, or from an earlier answer in the
same walk) are answered by themselves; the path marks them ``auto`` so the director sees
what was filled in. A table situation that crosses laws is one walk: an answer may lead
into another tree (``@tree`` or ``@tree/node``) and an outcome may continue into the
tree that governs what it created (``then``), with every fact learnt so far carried over,
so nothing is asked twice. No I/O here.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T
from arbitre.rulings.textfold import strip_accents

if TYPE_CHECKING:
    # The CLI walks the KB's trees in their runtime form (no pydantic); the authoring models of
    # trees.model have the same fields, so a test may walk the source trees as well.
    from arbitre.rulings.trees.runtime import Answer, Node, Outcome, Tree


@dataclass
class Forest:
    """All trees of one game, by slug, with their aliases."""

    game: str
    trees: dict[str, Tree]
    aliases: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, game: str, trees: list[Tree]) -> Forest:
        forest = cls(game, {t.slug: t for t in trees if t.game == game})
        # slugs and explicit aliases first, so that they win over law numbers
        for t in forest.trees.values():
            for name in (t.slug, *t.aliases):
                forest.aliases.setdefault(name.casefold(), t.slug)
        for t in forest.trees.values():
            for n in t.laws:
                forest.aliases.setdefault(str(n), t.slug)
        return forest

    def find(self, name: str) -> Tree:
        slug = self.aliases.get(name.strip().casefold())
        if slug is None:
            raise InputError(
                T("sujet inconnu {n!r} ; voyez `arbitre ruling list`", "unknown topic {n!r}; see `arbitre ruling list`")
                .format(n=name), token=name)
        return self.trees[slug]


THEN = "then"  # the step code of an outcome that continued into another law's tree
ADJUST = "adjust"  # the step code of an outcome followed by the adjusted-score walk (Law 12C)
RESUME = "resume"  # the step code of an outcome after which the walk resumes a ruling left pending


def fold(text: str) -> str:
    """Case- and accent-insensitive form of a text: ``"Hésitation"`` -> ``"hesitation"``."""
    text = text.casefold().replace("œ", "oe").replace("æ", "ae")
    # compatibility forms first (a topic search may fold "ｒｅｎｏｎｃｅ" to "renonce"), then the accents
    return strip_accents(unicodedata.normalize("NFKC", text))


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", fold(text)))


class Topic(Protocol):
    """What a topic search reads of a tree (a :class:`Tree`, or the KB's light catalogue row)."""

    @property
    def slug(self) -> str: ...
    @property
    def aliases(self) -> list[str]: ...
    @property
    def laws(self) -> list[int]: ...
    @property
    def title(self) -> T: ...
    @property
    def summary(self) -> T: ...


TopicT = TypeVar("TopicT", bound=Topic)


def search(trees: Sequence[TopicT], query: list[str]) -> list[TopicT]:
    """Topics matching every query word (French or English, any case, accents optional).

    A word matches a topic's slug, alias, law number, title or summary, whole or as the start
    of a longer word (``hesit`` finds ``hésitation``). Best first: aliases and titles weigh
    more than summaries."""
    wanted = [w for q in query for w in re.findall(r"[a-z0-9]+", fold(q))]
    if not wanted:
        return []
    scored = []
    for t in trees:
        fields = [
            (3, _words(" ".join([t.slug.replace("-", " "), *t.aliases, *(a.replace("-", " ") for a in t.aliases)]))
             | {str(n) for n in t.laws}),
            (2, _words(f"{t.title.fr} {t.title.en}")),
            (1, _words(f"{t.summary.fr} {t.summary.en}")),
        ]
        total = 0
        for w in wanted:
            best = max((weight for weight, words in fields
                        if w in words or (len(w) >= 4 and any(x.startswith(w) for x in words))), default=0)
            if best == 0:
                break
            total += best
        else:
            scored.append((-total, min(t.laws), t.slug, t))
    return [t for *_, t in sorted(scored, key=lambda x: x[:3])]


@dataclass(frozen=True)
class Step:
    tree: str
    node: str
    code: str | None  # None for the last (current) node; THEN / ADJUST after an outcome
    auto: bool = False

    @property
    def slug(self) -> str:
        return f"{self.tree}/{self.node}"


class Walk:
    def __init__(self, forest: Forest, topic: str, *, facts: dict[str, str] | None = None,
                 answers: dict[str, str] | None = None, variants: dict[str, str] | None = None) -> None:
        self.forest = forest
        self.start = forest.find(topic)
        self.base_facts = dict(facts or {})
        self.scripted = {k.casefold(): v for k, v in (answers or {}).items()}
        self.variants = dict(variants or {})
        self._steps: list[Step] = []
        self._tree = self.start
        self._node = self._node_of(self.start, self.start.root)
        self._advance()

    # -- queries ------------------------------------------------------------------------
    @property
    def tree(self) -> Tree:
        return self._tree

    @property
    def node(self) -> Node:
        return self._node

    @property
    def choices(self) -> list[Answer]:
        return list(self._node.answers)

    @property
    def outcome(self) -> Outcome | None:
        return self._node.outcome

    @property
    def done(self) -> bool:
        """An outcome is reached (continuations are followed by themselves)."""
        return self._node.outcome is not None

    @property
    def path(self) -> list[Step]:
        return [*self._steps, Step(self._tree.slug, self._node.id, None)]

    @property
    def slug(self) -> str:
        return f"{self._tree.slug}/{self._node.id}"

    @property
    def facts(self) -> dict[str, str]:
        """The facts known now: those given, then those learnt from the answers on the path."""
        known = dict(self.base_facts)
        for step in self._steps:
            node = self._node_of(self.forest.trees[step.tree], step.node)
            if step.code == THEN and node.outcome and node.outcome.then:
                known.update(node.outcome.then.facts)
                continue
            chosen = next((a for a in node.answers if a.code == step.code), None)
            if chosen is None:
                continue
            if node.fact and not node.fact.startswith("variant."):
                known[node.fact] = chosen.code
        return known

    @property
    def outcomes(self) -> list[tuple[Tree, Node]]:
        """Every outcome reached on the way, in order, the final one last (empty before the end)."""
        passed = [(self.forest.trees[s.tree], self._node_of(self.forest.trees[s.tree], s.node))
                  for s in self._steps if s.code in (THEN, ADJUST, RESUME)]
        return [*passed, (self._tree, self._node)] if self.done else passed

    def _pending(self) -> list[str]:
        """Rulings left pending by continuations (``then.after``), innermost last."""
        stack: list[str] = []
        for step in self._steps:
            if step.code == THEN:
                node = self._node_of(self.forest.trees[step.tree], step.node)
                if node.outcome and node.outcome.then and node.outcome.then.after:
                    stack.append(node.outcome.then.after)
            elif step.code == RESUME and stack:
                stack.pop()
        return stack

    @property
    def adjustment_walk(self) -> str | None:
        """The adjusted-score tree this outcome points to, when the walk may go on into it."""
        o = self._node.outcome
        if o is None or o.adjustment is None or o.adjustment.walk is None:
            return None
        if o.adjustment.walk == self._tree.slug or o.adjustment.walk not in self.forest.trees:
            return None
        return o.adjustment.walk

    def transcript(self) -> list[dict[str, Any]]:
        """The walk as the director saw it, in order and in both languages (what the ruling log keeps).

        One entry per tree entered (``kind: tree``, its title), per question answered (``kind:
        question``: the question, the answer's code and label, ``auto`` when it came by itself),
        and per outcome reached (``kind: outcome``: title, outcome, flags; ``then`` says how the
        walk went on from it: ``then``, ``resume`` or ``adjust``, or None for the final outcome)."""
        out: list[dict[str, Any]] = []
        current = None
        for step in self.path:
            tree = self.forest.trees[step.tree]
            node = self._node_of(tree, step.node)
            if step.tree != current:
                out.append({"kind": "tree", "tree": tree.slug, "title": tree.title.model_dump()})
                current = step.tree
            where = {"tree": tree.slug, "node": node.id}
            if node.outcome is not None:
                out.append({"kind": "outcome", **where, "title": node.title.model_dump() if node.title else None,
                            "outcome": node.outcome.model_dump(mode="json"),
                            "flags": [f.model_dump() for f in node.flags], "then": step.code})
            elif step.code is not None and node.question is not None:
                chosen = next(a for a in node.answers if a.code == step.code)
                out.append({"kind": "question", **where, "question": node.question.model_dump(),
                            "answer": chosen.code, "label": chosen.label.model_dump(), "auto": step.auto})
        return out

    # -- moves ----------------------------------------------------------------------------
    def answer(self, code: str, *, auto: bool = False) -> None:
        if self.done:
            raise InputError(T("la décision est déjà atteinte", "the ruling is already reached"))
        chosen = next((a for a in self._node.answers if a.code == code.strip().casefold()), None)
        if chosen is None:
            valid = ", ".join(a.code for a in self._node.answers)
            raise InputError(T("réponse {c!r} inconnue à {n} ; réponses : {v}", "unknown answer {c!r} at {n}; answers: {v}")
                             .format(c=code, n=self.slug, v=valid), token=code)
        self._steps.append(Step(self._tree.slug, self._node.id, chosen.code, auto))
        self._go(chosen.next)
        self._advance()

    def follow_adjustment(self) -> None:
        """Go on from an outcome into the adjusted-score walk it points to (Law 12C)."""
        target = self.adjustment_walk
        if target is None:
            raise InputError(T("pas de marque ajustée à examiner ici", "no adjusted score to assess here"))
        self._steps.append(Step(self._tree.slug, self._node.id, ADJUST, False))
        self._go("@" + target)
        self._advance()

    def back(self) -> None:
        """Undo the last answer given by hand (and the automatic ones after it)."""
        while self._steps:
            step = self._steps.pop()
            self._tree = self.forest.trees[step.tree]
            self._node = self._node_of(self._tree, step.node)
            if not step.auto:
                return

    def _go(self, target: str) -> None:
        if target.startswith("@"):
            slug, _, entry = target[1:].partition("/")
            self._tree = self.forest.trees[slug]
            self._node = self._node_of(self._tree, entry or self._tree.root)
        else:
            self._node = self._node_of(self._tree, target)

    def restart(self) -> None:
        self._steps.clear()
        self._tree = self.start
        self._node = self._node_of(self.start, self.start.root)
        self._advance()

    # -- internals ------------------------------------------------------------------------
    def _known(self) -> tuple[str, bool] | None:
        """The answer to the current question that is already known, and whether it came by itself.

        A director's answer given for this exact node (``tree/node``) comes first; then a variant
        setting; then a fact (given, or learnt earlier in this walk: nothing is asked twice); then
        a director's answer given by node id alone."""
        node, tree = self._node, self._tree
        full = f"{tree.slug}/{node.id}".casefold()
        if full in self.scripted:
            return self.scripted[full], False
        if node.fact and node.fact.startswith("variant."):
            key = node.fact.split(".", 1)[1]
            chosen = self.variants.get(key) or self.base_facts.get(node.fact)
            if chosen is None:
                chosen = next((v.default for v in tree.variants if v.key == key), None)
            return (chosen, True) if chosen is not None else None
        facts = self.facts
        if node.fact and node.fact in facts:
            value = facts[node.fact]
            if any(a.code == value for a in node.answers):
                return value, True
        if node.id.casefold() in self.scripted:
            return self.scripted[node.id.casefold()], False
        return None

    def _scripted_in(self, slug: str) -> bool:
        tree = self.forest.trees[slug]
        return any(f"{slug}/{n.id}".casefold() in self.scripted or n.id.casefold() in self.scripted
                   for n in tree.nodes if n.question is not None)

    def _advance(self) -> None:
        seen = 0
        while seen < 1000:
            seen += 1
            o = self._node.outcome
            if o is not None:
                if o.then is not None:
                    self._steps.append(Step(self._tree.slug, self._node.id, THEN, True))
                    self._go(o.then.to)
                    continue
                pending = self._pending()
                if pending:
                    self._steps.append(Step(self._tree.slug, self._node.id, RESUME, True))
                    self._go(pending[-1])
                    continue
                walk = self.adjustment_walk
                if walk is not None and self._scripted_in(walk):
                    self._steps.append(Step(self._tree.slug, self._node.id, ADJUST, True))
                    self._go("@" + walk)
                    continue
                return
            known = self._known()
            if known is None:
                return
            self.answer(known[0], auto=known[1])

    @staticmethod
    def _node_of(tree: Tree, node_id: str) -> Node:
        for n in tree.nodes:
            if n.id == node_id:
                return n
        raise KeyError(f"{tree.slug}/{node_id}")
