"""A director's scripted answers to a walk: ``NODE=CODE`` pairs from the command line or from
a file, each checked against the forest's nodes before the walk starts.

Why here: an answer read from a file is reported at its place in the file (``FILE:LINE:COLUMN``),
one given on the command line by its option; both are read and checked by the one code below.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

if TYPE_CHECKING:
    from arbitre.rulings.trees.walk import Forest


@dataclass
class Answers:
    """``NODE=CODE`` answers by node, and where each answer read from a file was written."""

    given: dict[str, str] = field(default_factory=dict)
    places: dict[str, tuple[str, int, int]] = field(default_factory=dict)  # node -> (file, line, column)

    def add_options(self, items: list[str], option: str = "--answer") -> None:
        """Answers given on the command line as ``option NODE=CODE``."""
        pairs = parse_pairs(items, option)
        self.given.update(pairs)
        for node in pairs:
            self.places.pop(node, None)

    def add_file(self, path: Path) -> None:
        """The ``NODE=CODE`` lines of a file (blank lines and lines starting with ``#`` are
        skipped); a later answer for the same node wins, as on the command line."""
        from arbitre.rulings.textfile import read_text_file

        source = str(path)
        for number, line in enumerate(read_text_file(path).splitlines(), start=1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            column = len(line) - len(line.lstrip()) + 1
            node, code = _pair(text)
            if node is None or code is None:
                raise InputError(T("{t!r} : attendu NŒUD=CODE", "{t!r}: expected NODE=CODE").format(t=text),
                                 token=text, source=source, line=number, column=column)
            self.given[node] = code
            self.places[node] = (source, number, column)

    def check(self, forest: Forest) -> None:
        """Every answer names a node of ``forest`` (``NODE`` or ``TREE/NODE``); an unknown one is
        an :class:`InputError` at its place in its file, or naming ``--answer``."""
        known = {n.id for t in forest.trees.values() for n in t.nodes}
        known |= {f"{t.slug}/{n.id}" for t in forest.trees.values() for n in t.nodes}
        for node in self.given:
            if node in known:
                continue
            place = self.places.get(node)
            if place is None:
                raise InputError(T("--answer : nœud inconnu {k!r}", "--answer: unknown node {k!r}").format(k=node),
                                 token=node)
            source, line, column = place
            raise InputError(T("nœud inconnu {k!r}", "unknown node {k!r}").format(k=node), token=node,
                             source=source, line=line, column=column)


def _pair(text: str) -> tuple[str | None, str | None]:
    key, eq, value = text.partition("=")
    if not eq or not key.strip() or not value.strip():
        return None, None
    return key.strip(), value.strip()


def parse_pairs(items: list[str], option: str) -> dict[str, str]:
    """``KEY=VALUE`` items of a repeatable option (``--answer``, ``--variant``), by key; an
    :class:`InputError` naming the option and the item when one is not of that form."""
    pairs = {}
    for item in items:
        key, value = _pair(item)
        if key is None or value is None:
            raise InputError(T("{w} {i!r} : attendu NŒUD=CODE", "{w} {i!r}: expected NODE=CODE").format(w=option, i=item),
                             token=item)
        pairs[key] = value
    return pairs
