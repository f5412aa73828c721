"""The classification report: the one shape shared by the Rich tables and ``--json``.

Plain dataclasses, so that a cold ``arbitre classify`` does not pay for building
pydantic models; ``--json`` serialises them with :func:`to_json` (plain Python: importing
pydantic alone costs as much as the whole cold-start floor). Every user-facing label
carries French and English.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from functools import cache
from operator import attrgetter
from typing import Any

from arbitre.rulings.i18n import T
from arbitre.rulings.irregularity import Status

Label = T  # the one bilingual text type (kept under this name for the report's readers)


@dataclass(slots=True)  # positional too: an auction may hold 100,000 calls (see classify)
class CallReport:
    index: int
    call: str  # canonical English form: 1H, 3NT, P, X, XX
    seat: str
    position: int  # 1-4, 1 = dealer
    round: int
    state: str | None  # the seat's positional state (acquired on its first call)
    db_class: str | None  # bidding database class consulted, first-round calls only
    effective: bool  # counts for the contract and the rotation
    alert: bool = False
    note: str | None = None


@dataclass(kw_only=True, slots=True)
class SeatReport:
    seat: str
    position: int
    state: str | None
    state_label: Label | None
    db_class: str | None
    db_class_label: Label | None
    flags: list[dict[str, Any]] = field(default_factory=list)


@dataclass(slots=True)  # positional too (see classify)
class IrregularityReport:
    kind: str
    law: str
    tree: str
    label: Label
    index: int
    seat: str
    call: str
    status: Status
    facts: dict[str, str]
    params: dict[str, str]


@dataclass(kw_only=True, slots=True)
class ContractReport:
    level: int
    strain: str
    doubled: int
    declarer: str
    text: str  # 4HX S


@dataclass(kw_only=True, slots=True)
class AuctionReport:
    source: str | None = None
    board: str | None = None
    dealer: str
    calls: list[CallReport]
    seats: list[SeatReport]
    complete: bool
    passed_out: bool
    turn: str | None
    contract: ContractReport | None
    irregularities: list[IrregularityReport]
    problems: list[Label] = field(default_factory=list)  # the record itself is dirty (unreadable token, duplicated auction...)
    recorded_contract: str | None = None  # what the record says (PBN [Contract]/[Declarer], LIN rs|)
    agrees_with_record: bool | None = None


_NORTH_SOUTH = frozenset({"N", "S"})


def ruling_facts(report: AuctionReport, irr: IrregularityReport) -> dict[str, str]:
    """The facts a ruling walk on ``irr`` starts from: the engine's, plus the offender's side once
    the auction says it (Law 26 asks it: "at the end of the auction, is the offender's side
    defending?"): ``not-yet`` while the auction goes on, ``declaring`` or ``defending`` against the
    contract's declarer once it is over. A passed-out auction, or a fact the engine already set
    (a call after the close), is left as it is. ``irr.facts`` is shared: a new dict is returned."""
    if "offender_side" in irr.facts or report.passed_out:
        return irr.facts
    if not report.complete:
        side = "not-yet"
    elif report.contract is None:
        return irr.facts
    else:
        same = (irr.seat in _NORTH_SOUTH) == (report.contract.declarer in _NORTH_SOUTH)
        side = "declaring" if same else "defending"
    return {**irr.facts, "offender_side": side}


@dataclass(kw_only=True, slots=True)
class ClassifyResult:
    """One document for ``--json``: every auction read, input errors (by source), and the
    records read that hold no auction (a hand record, say: not an error, but no result)."""

    game: str = "bridge"
    auctions: list[AuctionReport]
    errors: list[dict[str, Any]] = field(default_factory=list)
    without_auction: list[dict[str, Any]] = field(default_factory=list)


_UNTYPED = frozenset({"flags", "errors", "without_auction"})
"""Fields typed ``dict[str, Any]``: pydantic dumps what is inside them by its runtime type."""


def _plain(value: Any, *, typed: bool = True) -> Any:
    """``value`` as JSON-ready data: what pydantic's ``dump_python(mode="json")`` gives for
    these dataclasses (a test holds the two equal). A ``T`` in a field typed ``Label`` is
    ``{"fr", "en"}``; inside an untyped ``dict`` (``flags``, ``errors``…) a ``T`` is a
    tuple like any other and becomes a list, as pydantic dumps it.

    A report may hold 200,000 calls and irregularities: plain values (most of them) and
    dataclasses or dicts holding only plain values are copied without a walk in Python."""
    cls = type(value)
    if cls in _SCALARS:
        return value
    if cls is dict and _SCALARS.issuperset(map(type, value.values())) and _STR.issuperset(map(type, value)):
        return dict(value)
    shape = _shape(cls)  # type: ignore[arg-type]  # a type is hashable
    if shape is not None:
        names, get, typings = shape
        values = get(value)
        if _SCALARS.issuperset(map(type, values)):
            return dict(zip(names, values, strict=True))
        return {name: v if type(v) in _SCALARS else _plain(v, typed=t) for name, v, t in zip(names, values, typings, strict=True)}
    if isinstance(value, T) and typed:
        return value.as_dict()
    if isinstance(value, Enum):
        return _plain(value.value, typed=typed)
    if isinstance(value, dict):
        return {k.value if isinstance(k, Enum) else k: _plain(v, typed=typed) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, typed=typed) for v in value]
    return value


_SCALARS = frozenset({str, int, float, bool, type(None)})
"""Exact types that are JSON-ready as they are (a ``str`` enum such as ``Status`` is not)."""
_STR = frozenset({str})


@cache
def _shape(cls: type) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]], tuple[bool, ...]] | None:
    """For a dataclass type: its field names in order, a function giving their values as a
    tuple, and whether a ``T`` in each field is typed (see :func:`_plain`). None for any
    other type. Cached: a report holds many objects of few types."""
    if not is_dataclass(cls):
        return None
    names = tuple(f.name for f in fields(cls))
    values: Callable[[Any], tuple[Any, ...]]
    if len(names) > 1:
        values = attrgetter(*names)
    else:  # attrgetter of one name gives the value alone, of none is refused
        values = lambda obj: tuple(getattr(obj, name) for name in names)  # noqa: E731
    return names, values, tuple(name not in _UNTYPED for name in names)


def to_json(result: ClassifyResult) -> dict[str, Any]:
    """The JSON document of ``--json``."""
    return _plain(result)  # type: ignore[no-any-return]


def report_json(report: AuctionReport, *, lazy: bool = False) -> dict[str, Any]:
    """One auction of the ``--json`` document, as :func:`to_json` writes it (the CLI streams them).

    ``lazy``: its calls and irregularities are :class:`_Items`, converted one by one as an
    indented JSON encoder (``json.JSONEncoder(indent=...).iterencode``) reaches them, for an
    auction of 100,000 calls whose dicts would otherwise all be held at once."""
    if not lazy:
        return _plain(report)  # type: ignore[no-any-return]
    return {f.name: _Items(getattr(report, f.name)) if f.name in _LONG else _plain(getattr(report, f.name))
            for f in fields(report)}


_LONG = frozenset({"calls", "irregularities"})


class _Items(list[Any]):
    """A list that an indented JSON encoder walks item by item, each item made JSON-ready
    (:func:`_plain`) when the encoder reaches it. The stdlib's indented encoder takes any
    ``list`` instance and only tests it for emptiness and iterates it; nothing else may use
    this object (it holds no items of its own)."""

    def __init__(self, items: list[Any]) -> None:
        super().__init__()
        self._items = items

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Any:
        return map(_plain, self._items)
