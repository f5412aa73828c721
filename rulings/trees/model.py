"""The shape of a ruling decision tree and of a law catalogue entry.

These pydantic models validate the authoring source in ``data/`` (YAML written by
directors) and are the shape frozen beside each content migration. The CLI walks the KB's
trees in their plain runtime form (:mod:`.runtime`, same fields, no pydantic), held
against these models by ``tests/test_trees_runtime.py``. A tree is a set of
*question* nodes (named answers leading on) and *outcome* nodes (a structured
rectification). Judgement that the Laws leave to the director is never decided by a
tree: it is an outcome's ``judgement`` entry listing what the director must weigh.
"""
from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    field_validator,
    model_serializer,
    model_validator,
)

from arbitre.rulings.i18n import T
from arbitre.rulings.irregularity import Fact
from arbitre.rulings.trees.reminders import PENALTY_CARD_REMINDERS as PENALTY_CARD_REMINDERS
from arbitre.rulings.trees.reminders import reminders_for
from arbitre.rulings.trees.runtime import OMIT_WHEN_ABSENT
from arbitre.rulings.trees.runtime import Role as Role  # one enum for both forms

SLUG = r"^[a-z0-9][a-z0-9-]*$"
LAW_REF = re.compile(r"^(\d{1,2})([A-Z](\d+)?(\([a-z0-9]+\))*)?$")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Text = T
"""A French/English pair; both languages are mandatory (the one bilingual type, :class:`T`)."""


def law_number(ref: str) -> int:
    """``"27B1(a)"`` -> 27. Raises ValueError on a malformed reference."""
    m = LAW_REF.match(ref)
    if not m:
        raise ValueError(f"malformed law reference {ref!r} (expected e.g. 27, 27B1, 27B1(a), 12C1(e))")
    return int(m.group(1))


LawRef = Annotated[str, Field(pattern=LAW_REF.pattern)]


class Flag(Strict):
    """A data-level warning: sources disagree, or the encoding is uncertain."""

    kind: Literal["sources_disagree", "unsure", "variant", "regulation"]
    note: Text


class AuctionObligation(Strict):
    who: Role
    action: Literal["pass", "call_as_wished", "may_not_double_or_redouble", "may_not_call"] = "pass"
    scope: Literal["next_turn", "rest_of_auction", "once", "until_condition"]
    note: Text | None = None


class LeadRestriction(Strict):
    """A lead restriction (Law 26, Law 24, Law 50...)."""

    who: Role
    law: LawRef
    text: Text
    chooser: Role = Role.declarer


class PenaltyCard(Strict):
    kind: Literal["major", "minor", "major_or_minor", "none"]
    holder: Role
    text: Text


def reminders(cards: list[PenaltyCard]) -> list[Text]:
    """The Law 50/51 reminders for the penalty cards of an outcome (empty when there are none);
    written once, in :mod:`arbitre.rulings.trees.reminders`."""
    return reminders_for(c.kind for c in cards)


class TrickTransfer(Strict):
    count: Annotated[int, Field(ge=0, le=2)]
    rule: LawRef
    text: Text


class Option(Strict):
    """A choice the Laws give to a side (usually the non-offending side)."""

    holder: Role = Role.non_offending_side
    text: Text


class Judgement(Strict):
    """Where the Law leaves a judgement to the director: what must be weighed."""

    law: LawRef
    weigh: Annotated[list[Text], Field(min_length=1)]


class Information(Strict):
    """Law 16C: what a withdrawn or changed call or card tells, and to whom it may be used.

    The director announces it with the rectification: the non-offending side may use the
    withdrawn action, the offending side may not (16C1, 16C2)."""

    about: Text
    unauthorised_to: list[Role] = []
    authorised_to: list[Role] = []
    law: LawRef = "16C"


class ProceduralPenalty(Strict):
    """Law 90: a procedural penalty the director may add, over and above the rectification."""

    law: LawRef = "90B"
    text: Text


class Adjustment(Strict):
    """Where an adjusted score may follow, under which law, and on what basis.

    The walk of Law 12C (``walk``) is how the director assigns it."""

    law: LawRef
    text: Text
    walk: Annotated[str, Field(pattern=SLUG)] | None = None


class Continuation(Strict):
    """The outcome creates something another law governs: the walk goes on there.

    ``to`` is ``node`` (same tree), ``@tree`` (its root) or ``@tree/node``; ``facts`` are
    carried over so nothing is asked twice."""

    to: Annotated[str, Field(pattern=r"^@?[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)?$")]
    facts: dict[str, str] = {}
    text: Text
    # where the walk resumes once the continued ruling reaches its outcome (two irregularities, one walk)
    after: Annotated[str, Field(pattern=r"^@[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)?$")] | None = None


class Outcome(Strict):
    rectification: Text
    laws: list[LawRef] = []
    auction_obligations: list[AuctionObligation] = []
    lead_restrictions: list[LeadRestriction] = []
    penalty_cards: list[PenaltyCard] = []
    tricks_transferred: TrickTransfer | None = None
    options: list[Option] = []
    judgement: list[Judgement] = []
    score_adjustment_possible: bool = False
    # None: the question does not arise; []: explicitly nothing withdrawn or changed
    information: list[Information] | None = None
    procedural_penalty: ProceduralPenalty | None = None
    adjustment: Adjustment | None = None
    then: Continuation | None = None

    @model_serializer(mode="wrap")
    def _omit_absent(self, handler):  # type: ignore[no-untyped-def]
        """Leave out the optional announcements an outcome does not have: the frozen rows of the
        games that do not use them stay as they were, and a JSON reader sees only what applies."""
        data = handler(self)
        for key in OMIT_WHEN_ABSENT["Outcome"]:
            if data.get(key) is None:
                data.pop(key, None)
        return data


class Answer(Strict):
    code: Annotated[str, Field(pattern=SLUG)]
    label: Text
    # another node id of the same tree, "@tree-slug" to continue in another tree's root,
    # or "@tree-slug/node" to enter it at a node (an entry point)
    next: Annotated[str, Field(pattern=r"^@?[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)?$")]
    # what this answer covers, when its label alone could leave the director unsure (shown under it)
    help: Text | None = None

    @model_serializer(mode="wrap")
    def _omit_absent(self, handler):  # type: ignore[no-untyped-def]
        """Leave out an absent help: the trees' JSON and frozen rows stay as they were."""
        data = handler(self)
        for key in OMIT_WHEN_ABSENT["Answer"]:
            if data.get(key) is None:
                data.pop(key, None)
        return data


class Node(Strict):
    id: Annotated[str, Field(pattern=SLUG)]
    laws: list[LawRef] = []
    flags: list[Flag] = []
    # question nodes
    question: Text | None = None
    help: Text | None = None
    fact: str | None = None  # a fact key (see FACTS) that can answer this question without asking
    answers: list[Answer] = []
    # outcome nodes
    title: Text | None = None
    outcome: Outcome | None = None

    @model_validator(mode="after")
    def _kind(self) -> Node:
        if (self.question is None) == (self.outcome is None):
            raise ValueError("a node has exactly one of 'question' or 'outcome'")
        if self.outcome is not None and self.answers:
            raise ValueError("an outcome node has no answers")
        if self.question is not None:
            if len(self.answers) < 2:
                raise ValueError("a question needs at least two answers")
            codes = [a.code for a in self.answers]
            if len(set(codes)) != len(codes):
                raise ValueError(f"answer codes must be distinct, got {codes}")
        return self

    @property
    def is_outcome(self) -> bool:
        return self.outcome is not None


class VariantChoice(Strict):
    code: Annotated[str, Field(pattern=SLUG)]
    label: Text


class Variant(Strict):
    """A point where sources disagree: the default is the current WBF text."""

    key: Annotated[str, Field(pattern=SLUG)]
    default: str
    choices: Annotated[list[VariantChoice], Field(min_length=2)]
    note: Text

    @model_validator(mode="after")
    def _default_is_a_choice(self) -> Variant:
        if self.default not in {c.code for c in self.choices}:
            raise ValueError(f"default {self.default!r} is not one of the choices")
        return self


class Tree(Strict):
    slug: Annotated[str, Field(pattern=SLUG)]
    game: Literal["bridge", "belote", "coinche", "tresillo"] = "bridge"
    title: Text
    summary: Text
    laws: Annotated[list[int], Field(min_length=1)]
    aliases: list[str] = []
    root: str
    variants: list[Variant] = []
    flags: list[Flag] = []
    nodes: Annotated[list[Node], Field(min_length=2)]

    @field_validator("aliases")
    @classmethod
    def _aliases(cls, v: list[str]) -> list[str]:
        for a in v:
            if not re.match(r"^[a-z0-9][a-z0-9-]*$", a):
                raise ValueError(f"alias {a!r} must be lowercase letters, digits and dashes")
        return v


class Law(Strict):
    game: Literal["bridge", "belote", "coinche", "tresillo"] = "bridge"
    number: Annotated[int, Field(ge=1, le=999)]  # bridge: 1-93; other games: their articles
    title: Text
    summary: Text
    flags: list[Flag] = []


# Fact keys a question may declare with ``fact:``. The auction classifier (and the
# variant settings) supply these; the walk then answers the question by itself.
FACTS: dict[str, str] = {
    **{f.value: f.description for f in Fact},
    "variant.*": "a variant key of the tree (e.g. variant.law26b): answered from the variant setting",
}
