"""Bilingual text: every user-facing string the library produces is a French/English pair.

The library never picks a language; the CLI renders with ``text.get(lang)``. :class:`T`
is the one bilingual type of arbitre: the classification report's labels, a record
problem's message and the ruling trees' texts are all ``T`` (``report.Label`` and
``trees.model.Text`` are aliases of it). Inside a pydantic model a ``T`` validates from,
and serialises to, ``{"fr": ..., "en": ...}`` with both languages mandatory; pydantic is
only imported when a model is built, so plain use stays free of it.
"""
from __future__ import annotations

from typing import Any, NamedTuple

LANGS = ("fr", "en")


class T(NamedTuple):
    """A French/English pair of user-facing text."""

    fr: str
    en: str

    def get(self, lang: str) -> str:
        return self.en if lang == "en" else self.fr

    def format(self, **kwargs: object) -> T:
        return T(self.fr.format(**kwargs), self.en.format(**kwargs))

    def as_dict(self) -> dict[str, str]:
        return {"fr": self.fr, "en": self.en}

    def model_dump(self, **_: object) -> dict[str, str]:
        """The same dict a pydantic model would give, so that code dumping a tree's texts
        need not know that ``T`` is not a model."""
        return self.as_dict()

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """Validate ``{"fr", "en"}`` (both non-empty, nothing else) or a ``T``; dump as that dict."""
        from pydantic_core import core_schema as cs

        text = cs.str_schema(min_length=1)
        pair = cs.typed_dict_schema(
            {"fr": cs.typed_dict_field(text), "en": cs.typed_dict_field(text)}, extra_behavior="forbid"
        )
        from_dict = cs.no_info_after_validator_function(lambda d: cls(d["fr"], d["en"]), pair)
        return cs.no_info_before_validator_function(
            lambda v: v.as_dict() if isinstance(v, cls) else v, from_dict,
            serialization=cs.plain_serializer_function_ser_schema(lambda t: {"fr": t.fr, "en": t.en}),
        )

    @classmethod
    def __get_pydantic_json_schema__(cls, core: Any, handler: Any) -> Any:
        return {"type": "object", "properties": {"fr": {"type": "string"}, "en": {"type": "string"}},
                "required": ["fr", "en"], "additionalProperties": False}
