"""Bilingual text: every user-facing string the library produces is a French/English pair.

The library never picks a language; the CLI renders with ``text.get(lang)``.
"""
from __future__ import annotations

from typing import NamedTuple

LANGS = ("fr", "en")


class T(NamedTuple):
    """A French/English pair of user-facing text."""

    fr: str
    en: str

    def get(self, lang: str) -> str:
        return self.en if lang == "en" else self.fr

    def format(self, **kwargs: object) -> "T":
        return T(self.fr.format(**kwargs), self.en.format(**kwargs))

    def as_dict(self) -> dict[str, str]:
        return {"fr": self.fr, "en": self.en}
