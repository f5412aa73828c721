"""The ruling trees as the walk and the renderers read them: plain slotted dataclasses.

Why: importing pydantic and building the authoring models of :mod:`.model` costs more than
a whole cold start, and the KB's trees were validated by those models when a migration
stored them. So ``arbitre ruling …`` and ``classify --rule`` read the KB into these classes,
without validation; authoring, the migrations and the tests validate with :mod:`.model`.

What: one class per model of :mod:`.model` that a tree holds, with the same name, the same
fields in the same order and the same defaults (the same :class:`Role`; literal kinds are
plain strings), and a ``model_dump`` that gives the same document, key order included. They
are slotted dataclasses, not frozen: nothing writes to them, and a frozen dataclass costs
twice as much to create at import. They are built from the documents the KB stores by
:func:`build`, driven by the annotations, so the classes below are the whole runtime shape.
``tests/test_trees_runtime.py`` holds them against the pydantic models: field names, order
and defaults, and every stored tree's dump.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar

from arbitre.rulings.i18n import T

# The optional announcements an outcome (or an answer) leaves out of its document when it
# does not have them; written once, read by the pydantic serialisers of :mod:`.model` too.
OMIT_WHEN_ABSENT: dict[str, tuple[str, ...]] = {
    "Outcome": ("information", "procedural_penalty", "adjustment", "then"),
    "Answer": ("help",),
}


class Role(str, Enum):
    """Who an obligation or option applies to, relative to the offender or the play."""

    offender = "offender"
    offender_partner = "offender_partner"
    offender_lho = "offender_lho"
    offender_rho = "offender_rho"
    offending_side = "offending_side"
    non_offending_side = "non_offending_side"
    declarer = "declarer"
    dummy = "dummy"
    defenders = "defenders"
    director = "director"
    everyone = "everyone"


def dump(value: Any) -> Any:
    """The JSON document of a runtime value (what pydantic's ``model_dump(mode="json")`` gives)."""
    if isinstance(value, T):
        return {"fr": value.fr, "en": value.en}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list):
        return [dump(v) for v in value]
    if isinstance(value, dict):
        return {k: dump(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        omit = OMIT_WHEN_ABSENT.get(type(value).__name__, ())
        doc = {}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if v is None and f.name in omit:
                continue
            doc[f.name] = dump(v)
        return doc
    return value


class _Dump:
    """``model_dump`` as the pydantic models spell it, so code dumping a tree need not know
    which form it holds (a runtime tree has no enums: both modes give the JSON document)."""

    __slots__ = ()

    def model_dump(self, *, mode: str = "python") -> dict[str, Any]:
        doc: dict[str, Any] = dump(self)
        return doc


@dataclass(slots=True, kw_only=True)
class Flag(_Dump):
    kind: str
    note: T


@dataclass(slots=True, kw_only=True)
class AuctionObligation(_Dump):
    who: Role
    action: str = "pass"
    scope: str
    note: T | None = None


@dataclass(slots=True, kw_only=True)
class LeadRestriction(_Dump):
    who: Role
    law: str
    text: T
    chooser: Role = Role.declarer


@dataclass(slots=True, kw_only=True)
class PenaltyCard(_Dump):
    kind: str
    holder: Role
    text: T


@dataclass(slots=True, kw_only=True)
class TrickTransfer(_Dump):
    count: int
    rule: str
    text: T


@dataclass(slots=True, kw_only=True)
class Option(_Dump):
    holder: Role = Role.non_offending_side
    text: T


@dataclass(slots=True, kw_only=True)
class Judgement(_Dump):
    law: str
    weigh: list[T]


@dataclass(slots=True, kw_only=True)
class Information(_Dump):
    about: T
    unauthorised_to: list[Role] = field(default_factory=list)
    authorised_to: list[Role] = field(default_factory=list)
    law: str = "16C"


@dataclass(slots=True, kw_only=True)
class ProceduralPenalty(_Dump):
    law: str = "90B"
    text: T


@dataclass(slots=True, kw_only=True)
class Adjustment(_Dump):
    law: str
    text: T
    walk: str | None = None


@dataclass(slots=True, kw_only=True)
class Continuation(_Dump):
    to: str
    facts: dict[str, str] = field(default_factory=dict)
    text: T
    after: str | None = None


@dataclass(slots=True, kw_only=True)
class Outcome(_Dump):
    rectification: T
    laws: list[str] = field(default_factory=list)
    auction_obligations: list[AuctionObligation] = field(default_factory=list)
    lead_restrictions: list[LeadRestriction] = field(default_factory=list)
    penalty_cards: list[PenaltyCard] = field(default_factory=list)
    tricks_transferred: TrickTransfer | None = None
    options: list[Option] = field(default_factory=list)
    judgement: list[Judgement] = field(default_factory=list)
    score_adjustment_possible: bool = False
    information: list[Information] | None = None
    procedural_penalty: ProceduralPenalty | None = None
    adjustment: Adjustment | None = None
    then: Continuation | None = None


@dataclass(slots=True, kw_only=True)
class Answer(_Dump):
    code: str
    label: T
    next: str
    help: T | None = None


@dataclass(slots=True, kw_only=True)
class Node(_Dump):
    id: str
    laws: list[str] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    question: T | None = None
    help: T | None = None
    fact: str | None = None
    answers: list[Answer] = field(default_factory=list)
    title: T | None = None
    outcome: Outcome | None = None

    @property
    def is_outcome(self) -> bool:
        return self.outcome is not None


@dataclass(slots=True, kw_only=True)
class VariantChoice(_Dump):
    code: str
    label: T


@dataclass(slots=True, kw_only=True)
class Variant(_Dump):
    key: str
    default: str
    choices: list[VariantChoice]
    note: T


@dataclass(slots=True, kw_only=True)
class Tree(_Dump):
    slug: str
    game: str = "bridge"
    title: T
    summary: T
    laws: list[int]
    aliases: list[str] = field(default_factory=list)
    root: str
    variants: list[Variant] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    nodes: list[Node]


C = TypeVar("C")
_Convert = Callable[[Any], Any]
_PLANS: dict[type, list[tuple[str, _Convert]]] = {}


def _same(value: Any) -> Any:
    return value


def _text(value: Any) -> T:
    return T(value["fr"], value["en"])


def _converter(hint: Any) -> _Convert:
    """How a stored JSON value becomes the value of a field annotated ``hint``."""
    if hint is T:
        return _text
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        cls: type = hint
        return lambda value: build(cls, value)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):  # X | None
        inner = _converter(next(a for a in args if a is not type(None)))
        if inner is _same:
            return _same
        return lambda value: None if value is None else inner(value)
    if origin is list:
        item = _converter(args[0])
        return _same if item is _same else (lambda value: [item(v) for v in value])
    return _same  # str, int, bool, dict[str, str]: JSON gives them as they are


def build(cls: type[C], doc: dict[str, Any]) -> C:
    """A runtime ``cls`` from its stored JSON document (absent keys take their defaults).

    No validation: the document was validated by the pydantic model when it was stored."""
    plan = _PLANS.get(cls)
    if plan is None:
        hints = typing.get_type_hints(cls)
        plan = _PLANS[cls] = [(f.name, _converter(hints[f.name])) for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    return cls(**{name: convert(doc[name]) for name, convert in plan if name in doc})
