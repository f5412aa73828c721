"""Indented JSON written as it is encoded: the text of ``json.dumps(value, ensure_ascii=False,
indent=2, default=str)``, byte for byte, without the cost of the stdlib's indented encoder.

Why: with ``indent`` the stdlib encodes in pure Python, one generator per container and one
chunk per token; a ``--json`` document of 93 MB (one auction of 100,000 calls) spent most of
its 17 s there. Here:

- a *flat* container (a dict with ``str`` keys, or a list, whose items are all plain
  ``str``/``int``/``float``/``bool``/``None``) is encoded in one call of the stdlib's C
  encoder, its item separator set to the container's indentation;
- a run of flat dicts in a list (the calls of an auction) is encoded in one C call for the
  whole run, then cut apart at the only places a ``}`` meets a separator: between two of them;
- any other dict is filled into a template of its keys (cached), the texts of its values
  computed as above;
- lists are written item by item and text goes to the file in pieces of bounded size, so a
  document of a hundred megabytes costs its objects, not its text.

The rules are the stdlib's (``json.encoder._make_iterencode``): ``str`` (subclasses too) as
strings, ``None``/``True``/``False``, ``int`` by ``int.__repr__`` (an ``IntEnum`` is its
number), ``float`` by ``float.__repr__`` with ``NaN``/``Infinity``/``-Infinity``, lists and
tuples (a ``NamedTuple`` too) as arrays, dicts in their order with the stdlib's key
conversions, anything else as ``str(value)``; a circular structure is refused. A ``list``
is only asked its length and iterated (see ``rulings.bridge.report._Items``).
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from itertools import chain
from typing import Any

_encode_str: Callable[[str], str] = json.encoder.encode_basestring  # type: ignore[attr-defined]
_c_encoder = getattr(json.encoder, "c_make_encoder", None)  # None without the stdlib's C accelerator
_INF = float("inf")
_FLUSH = 4096  # pieces held before they are written (a run of flat dicts is written at once)
_RUN = 256  # dicts of a list with the same keys encoded together
_TEMPLATES = 1024  # templates kept (one per set of keys and indentation)


def _float(value: float) -> str:
    if value != value:
        return "NaN"
    if value == _INF:
        return "Infinity"
    if value == -_INF:
        return "-Infinity"
    return float.__repr__(value)


_SCALAR_TEXT: dict[type, Callable[[Any], str]] = {
    str: _encode_str, int: int.__repr__, float: _float, bool: lambda b: "true" if b else "false",
    type(None): lambda _: "null",
}
"""The text of a value of one of these exact types, as both stdlib encoders write it."""
_SCALARS = frozenset(_SCALAR_TEXT)
_STR = frozenset({str})
_DICT = frozenset({dict})


def _scalar(value: Any) -> str | None:
    """The text of a value that is not a container (subclasses of the plain types included),
    else None (a container, or an object written as ``str(value)``)."""
    if isinstance(value, str):
        return _encode_str(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return _float(value)
    return None


def _key(key: Any) -> str:
    """A dict key as the stdlib writes it (always a string), or its TypeError."""
    if isinstance(key, str):
        return _encode_str(key)
    if isinstance(key, float):
        return _encode_str(_float(key))
    if key is True or key is False or key is None:
        return _encode_str(_scalar(key) or "")
    if isinstance(key, int):
        return _encode_str(int.__repr__(key))
    raise TypeError(f"keys must be str, int, float, bool or None, not {key.__class__.__name__}")


def _flat(keys: Iterable[Any], values: Iterable[Any]) -> bool:
    """Whether these are the keys and values of flat dicts: ``str`` keys, plain values."""
    return _SCALARS.issuperset(map(type, values)) and _STR.issuperset(map(type, keys))


def _compact(separator: str) -> Callable[[Any], str]:
    """The stdlib's one-line encoder with ``separator`` between items, for flat containers
    (nothing in them to check for cycles)."""
    if _c_encoder is not None:
        encode = _c_encoder(None, str, _encode_str, None, ": ", separator, False, False, True)
        return lambda value: "".join(encode(value, 0))
    return json.JSONEncoder(ensure_ascii=False, separators=(separator, ": ")).encode  # pragma: no cover


def _template(keys: tuple[Any, ...], newline: str) -> str:
    """The text of a dict with these keys, ``%s`` standing for each value."""
    inner = (newline + "  ").replace("%", "%%")
    fill = ("," + inner).join(_key(k).replace("%", "%%") + ": %s" for k in keys)
    return "{" + inner + fill + newline.replace("%", "%%") + "}"


class _Writer:
    """One document being written (its caches last as long as it)."""

    def __init__(self, fp: Any) -> None:
        self.parts: list[str] = []
        self.write = fp.write
        self.seen: set[int] = set()  # ids of the containers being written (cycles)
        self.compact: dict[str, Callable[[Any], str]] = {}
        self.templates: dict[tuple[tuple[Any, ...], str], str] = {}

    def flush(self) -> None:
        self.write("".join(self.parts))
        self.parts.clear()

    def _enter(self, value: Any) -> int:
        marker = id(value)
        if marker in self.seen:
            raise ValueError("Circular reference detected")
        self.seen.add(marker)
        return marker

    def _compact(self, separator: str) -> Callable[[Any], str]:
        encode = self.compact.get(separator)
        if encode is None:
            encode = self.compact[separator] = _compact(separator)
        return encode

    # streamed: lists, and dicts that hold lists (a document and its reports)

    def put(self, value: Any, newline: str) -> None:
        """Write ``value``; ``newline`` is the newline and indentation of its closing bracket."""
        if isinstance(value, list):
            self.put_list(value, newline)
        elif type(value) is dict and any(isinstance(v, list) for v in value.values()):
            self.put_dict(value, newline)
        else:
            self.parts.append(self.text(value, newline))

    def put_list(self, values: list[Any], newline: str) -> None:
        if not values:
            self.parts.append("[]")
            return
        marker = self._enter(values)
        add = self.parts.append
        inner = newline + "  "
        separator = "[" + inner
        run: list[dict[str, Any]] = []  # consecutive dicts with the same str keys, written together
        run_keys: tuple[Any, ...] = ()
        for value in values:
            keys = tuple(value) if type(value) is dict and value else None
            if keys == run_keys and len(run) < _RUN:  # run_keys are str (checked when the run began)
                run.append(value)
                continue
            if run:
                separator = self.put_run(run, run_keys, separator, inner)
                run = []
            if keys is not None and _STR.issuperset(map(type, keys)):
                run.append(value)
                run_keys = keys
                continue
            add(separator)
            self.put(value, inner)
            separator = "," + inner
            if len(self.parts) >= _FLUSH:
                self.flush()
        if run:
            self.put_run(run, run_keys, separator, inner)
        add(newline + "]")
        self.seen.discard(marker)

    def put_run(self, run: list[dict[str, Any]], keys: tuple[Any, ...], separator: str, newline: str) -> str:
        """Write dicts with the same keys as consecutive items of a list (``separator`` before
        the first); return the separator of the next item. Each key's values are encoded
        together (see :meth:`column`), then every dict is its keys' template filled."""
        following = "," + newline
        inner = newline + "  "
        columns = []
        for column in zip(*[d.values() for d in run], strict=True):
            texts = self.column(column, inner)
            if texts is None:  # a list among them: each dict streamed on its own
                for d in run:
                    self.parts.append(separator)
                    self.put(d, newline)
                    separator = following
                    if len(self.parts) >= _FLUSH:
                        self.flush()
                return following
            columns.append(texts)
        template = self.template(keys, newline)
        self.parts.append(separator)
        self.parts.append(following.join([template % row for row in zip(*columns, strict=True)]))
        self.flush()
        return following

    def column(self, values: tuple[Any, ...], newline: str) -> list[str] | None:
        """The texts of values at the same place of several dicts (``newline`` is that of a
        container's closing bracket); None when one of them is a list.

        Plain values are encoded in one C call, separated by ``,`` and a newline, which no
        encoded value holds (a string's newlines are escaped). Flat dicts likewise, cut
        where a ``}`` meets a separator, which happens only between two of them (a flat
        dict's items end in a string, a number or a literal)."""
        if _SCALARS.issuperset(map(type, values)):
            return self._compact(",\n")(values)[1:-1].split(",\n")
        if _DICT.issuperset(map(type, values)) and all(values) and _flat(chain.from_iterable(values),
                                                                          chain.from_iterable(map(dict.values, values))):
            inner = newline + "  "
            pieces = self._compact("," + inner)(values)[2:-2].split("}," + inner + "{")
            opening, closing = "{" + inner, newline + "}"
            return [opening + piece + closing for piece in pieces]
        if any(isinstance(v, list) for v in values):
            return None
        return [self.text(v, newline) for v in values]

    def template(self, keys: tuple[Any, ...], newline: str) -> str:
        """The text of a dict with these keys, ``%s`` standing for each value (cached)."""
        template = self.templates.get((keys, newline))
        if template is None:
            template = _template(keys, newline)
            if _STR.issuperset(map(type, keys)):  # 1 and True are equal keys of a cache, not of JSON
                if len(self.templates) >= _TEMPLATES:
                    self.templates.clear()
                self.templates[keys, newline] = template
        return template

    def put_dict(self, value: dict[Any, Any], newline: str) -> None:
        marker = self._enter(value)
        add = self.parts.append
        inner = newline + "  "
        separator = "{" + inner
        for k, v in value.items():
            add(separator)
            add(_key(k))
            add(": ")
            self.put(v, inner)
            separator = "," + inner
        add(newline + "}")
        self.seen.discard(marker)

    # whole: every other value, as one text

    def text(self, value: Any, newline: str) -> str:
        scalar = _SCALAR_TEXT.get(type(value))
        if scalar is not None:
            return scalar(value)
        text = _scalar(value)
        if text is not None:
            return text
        if isinstance(value, dict):
            return self.dict_text(value, newline)
        if isinstance(value, (list, tuple)):
            return self.list_text(value, newline)
        marker = self._enter(value)  # default=str: the object's text, as a string
        text = self.text(str(value), newline)
        self.seen.discard(marker)
        return text

    def dict_text(self, value: dict[Any, Any], newline: str) -> str:
        if not value:
            return "{}"
        inner = newline + "  "
        values = value.values()
        if _flat(value, values):
            text = self._compact("," + inner)(value)
            return "{" + inner + text[1:-1] + newline + "}"
        marker = self._enter(value)
        template = self.template(tuple(value), newline)
        get = _SCALAR_TEXT.get
        text = template % tuple([scalar(v) if (scalar := get(type(v))) is not None else self.text(v, inner)
                                 for v in values])
        self.seen.discard(marker)
        return text

    def list_text(self, value: list[Any] | tuple[Any, ...], newline: str) -> str:
        if not value:
            return "[]"
        inner = newline + "  "
        if (type(value) is list or isinstance(value, tuple)) and _SCALARS.issuperset(map(type, value)):
            return "[" + inner + self._compact("," + inner)(value)[1:-1] + newline + "]"
        marker = self._enter(value)
        text = "[" + inner + ("," + inner).join([self.text(v, inner) for v in value]) + newline + "]"
        self.seen.discard(marker)
        return text


def write_json(value: Any, fp: Any, prefix: str = "") -> None:
    """Write ``value`` as indented JSON (indent 2, every line after the first starting with
    ``prefix``) to ``fp`` as it is encoded: the text of ``json.dumps(value, ensure_ascii=False,
    indent=2, default=str)`` with each ``"\\n"`` followed by ``prefix``."""
    writer = _Writer(fp)
    writer.put(value, "\n" + prefix)
    writer.flush()
