"""The ruling walk: a pure state machine over a forest of decision trees.

It holds the current node, offers the choices, takes an answer, goes back, restarts,
and reports the path and the outcome. Questions whose ``fact`` is known (from the
auction, from a variant setting, or from scripted answers) are answered by themselves;
the path marks them ``auto`` so the director sees what was filled in. No I/O here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T
from arbitre.rulings.trees.model import Answer, Node, Outcome, Tree


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


@dataclass(frozen=True)
class Step:
    tree: str
    node: str
    code: str | None  # None for the last (current) node
    auto: bool = False

    @property
    def slug(self) -> str:
        return f"{self.tree}/{self.node}"


class Walk:
    def __init__(self, forest: Forest, topic: str, *, facts: dict[str, str] | None = None,
                 answers: dict[str, str] | None = None, variants: dict[str, str] | None = None) -> None:
        self.forest = forest
        self.start = forest.find(topic)
        self.facts = dict(facts or {})
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
        return self._node.outcome is not None

    @property
    def path(self) -> list[Step]:
        return [*self._steps, Step(self._tree.slug, self._node.id, None)]

    @property
    def slug(self) -> str:
        return f"{self._tree.slug}/{self._node.id}"

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
        if chosen.next.startswith("@"):
            self._tree = self.forest.trees[chosen.next[1:]]
            self._node = self._node_of(self._tree, self._tree.root)
        else:
            self._node = self._node_of(self._tree, chosen.next)
        self._advance()

    def back(self) -> None:
        """Undo the last answer given by hand (and the automatic ones after it)."""
        while self._steps:
            step = self._steps.pop()
            self._tree = self.forest.trees[step.tree]
            self._node = self._node_of(self._tree, step.node)
            if not step.auto:
                return

    def restart(self) -> None:
        self._steps.clear()
        self._tree = self.start
        self._node = self._node_of(self.start, self.start.root)
        self._advance()

    # -- internals ------------------------------------------------------------------------
    def _known(self) -> str | None:
        """The answer to the current question that is already known, if any."""
        node, tree = self._node, self._tree
        for key in (f"{tree.slug}/{node.id}", node.id):
            if key.casefold() in self.scripted:
                return self.scripted[key.casefold()]
        if node.fact and node.fact.startswith("variant."):
            key = node.fact.split(".", 1)[1]
            chosen = self.variants.get(key) or self.facts.get(node.fact)
            if chosen is None:
                chosen = next((v.default for v in tree.variants if v.key == key), None)
            return chosen
        if node.fact and node.fact in self.facts:
            value = self.facts[node.fact]
            if any(a.code == value for a in node.answers):
                return value
        return None

    def _advance(self) -> None:
        seen = 0
        while not self.done and seen < 1000:
            seen += 1
            known = self._known()
            if known is None:
                return
            scripted = any(k in self.scripted for k in (self.slug.casefold(), self._node.id.casefold()))
            self.answer(known, auto=not scripted)

    @staticmethod
    def _node_of(tree: Tree, node_id: str) -> Node:
        for n in tree.nodes:
            if n.id == node_id:
                return n
        raise KeyError(f"{tree.slug}/{node_id}")
