"""Read a recorded game into plain dataclasses, without pydantic, when the JSON is plainly right.

Why: importing pydantic and building a record's models costs more than a whole cold start
(``arbitre belote check``, ``arbitre tresillo check``; see benchmarks/bench_cold.py). Most
records are written by arbitre itself and are plainly right, so they need no coercion and
no error message.

What: :func:`build` reads a JSON document into a plain dataclass, driven by its annotations,
and accepts only what the game's pydantic schema accepts *without coercing anything*:
exact JSON types (an ``int`` field takes an int, never ``true``, ``1.0`` or ``"1"``; a
mapping keyed by seat takes ``"1"`` … the only coercion JSON forces on it), the bounds the
schema sets (:class:`Range`, :class:`Length`), the schema's own value readers
(:class:`Parse`: cards, suits, calls) and, unless the class allows extras, no unknown key.
Anything else makes it give up (``None``): the caller then validates with the pydantic
schema, which either accepts the document (a coercion) or names the faulty field, exactly as
before. So the schema stays the one authority on what is valid and on every error message;
:func:`from_model` turns what it accepts into the same plain objects. Each game's tests hold
the plain classes against the schema (field names, order, required fields) and run both
readers on mutated records: whatever :func:`build` accepts, the schema accepts with the
same values.
"""
from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

C = TypeVar("C")
_Read = Callable[[Any], Any]


@dataclass(frozen=True)
class Parse:
    """The field's value is read by ``read`` (the schema's own reader); any exception means unsure."""

    read: _Read


@dataclass(frozen=True)
class Range:
    """An integer's bounds, as the schema's ``Field(ge=, le=)``."""

    ge: int | None = None
    le: int | None = None


@dataclass(frozen=True)
class Length:
    """A list's length bounds, as the schema's ``Field(min_length=, max_length=)``."""

    min: int | None = None
    max: int | None = None


class _Unsure(Exception):
    """The document needs the schema: a coercion, an error, or anything unusual."""


_SEAT_KEY = re.compile(r"[1-9][0-9]*")
_PLANS: dict[type, tuple[bool, list[tuple[str, bool, _Read]]]] = {}
_HINTS: dict[type, dict[str, Any]] = {}


def _exact(kind: type) -> _Read:
    def read(value: Any) -> Any:
        if type(value) is not kind:
            raise _Unsure
        return value

    return read


def _parse(read: _Read) -> _Read:
    def parse(value: Any) -> Any:
        try:
            return read(value)
        except Exception:  # noqa: BLE001 (the schema will say what it is, or raise the same)
            raise _Unsure from None

    return parse


def _bounded(inner: _Read, meta: Range | Length) -> _Read:
    def read(value: Any) -> Any:
        out = inner(value)
        n = out if isinstance(meta, Range) else len(out)
        low, high = (meta.ge, meta.le) if isinstance(meta, Range) else (meta.min, meta.max)
        if (low is not None and n < low) or (high is not None and n > high):
            raise _Unsure
        return out

    return read


def _reader(hint: Any) -> _Read:
    """How a JSON value becomes the value of a field annotated ``hint`` (or :class:`_Unsure`)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Annotated:
        parse = next((m for m in hint.__metadata__ if isinstance(m, Parse)), None)
        read = _parse(parse.read) if parse else _reader(args[0])  # the reader gives the field's type
        for meta in hint.__metadata__:
            if isinstance(meta, Range | Length):
                read = _bounded(read, meta)
        return read
    if hint in (int, str, bool):
        return _exact(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        cls: type = hint
        return lambda value: _build(cls, value)
    if origin in (types.UnionType, typing.Union):  # X | None
        inner = _reader(next(a for a in args if a is not type(None)))
        return lambda value: None if value is None else inner(value)
    if origin is typing.Literal:
        return lambda value: value if any(value == a and type(value) is type(a) for a in args) else _unsure()
    if origin is list:
        item = _reader(args[0])

        def items(value: Any) -> list[Any]:
            if type(value) is not list:
                raise _Unsure
            return [item(v) for v in value]

        return items
    if origin is dict:
        key, val = _key_reader(args[0]), _reader(args[1])

        def mapping(value: Any) -> dict[Any, Any]:
            if type(value) is not dict:
                raise _Unsure
            return {key(k): val(v) for k, v in value.items()}

        return mapping
    raise TypeError(f"no plain reader for {hint!r}")


def _key_reader(hint: Any) -> _Read:
    """A mapping's key: JSON keys are strings; an int key (a seat) is read from its digits."""
    base = typing.get_args(hint)[0] if typing.get_origin(hint) is typing.Annotated else hint
    if base is str:
        return _reader(hint)
    number = _reader(hint)

    def key(value: str) -> Any:
        if not _SEAT_KEY.fullmatch(value):
            raise _Unsure
        return number(int(value))

    return key


def _unsure() -> Any:
    raise _Unsure


def _plan(cls: type) -> tuple[bool, list[tuple[str, bool, _Read]]]:
    plan = _PLANS.get(cls)
    if plan is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        fields = [(f.name, f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
                   _reader(hints[f.name])) for f in dataclasses.fields(cls)]
        plan = _PLANS[cls] = (bool(getattr(cls, "EXTRA_ALLOWED", False)), fields)
    return plan


def _build(cls: type[C], doc: Any) -> C:
    if type(doc) is not dict:
        raise _Unsure
    extra, fields = _plan(cls)
    if not extra and not doc.keys() <= {name for name, _, _ in fields}:
        raise _Unsure
    values = {}
    for name, required, read in fields:
        if name in doc:
            values[name] = read(doc[name])
        elif required:
            raise _Unsure
    return cls(**values)


def build(cls: type[C], doc: Any) -> C | None:
    """``doc`` as a plain ``cls``, or None when only the schema can tell (see the module's doc)."""
    try:
        return _build(cls, doc)
    except (_Unsure, RecursionError):
        return None


def from_model(cls: type[C], model: Any) -> C:
    """The plain ``cls`` of a record the pydantic schema validated (same field names)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)

    def convert(hint: Any, value: Any) -> Any:
        if value is None:
            return None
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return from_model(hint, value)
        if origin in (types.UnionType, typing.Union):
            return convert(next(a for a in args if a is not type(None)), value)
        if origin is list:
            return [convert(args[0], v) for v in value]
        if origin is dict:
            return {k: convert(args[1], v) for k, v in value.items()}
        return value

    return cls(**{f.name: convert(hints[f.name], getattr(model, f.name)) for f in dataclasses.fields(cls)})  # type: ignore[arg-type]
