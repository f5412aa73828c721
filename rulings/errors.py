"""Errors for bad user input, carrying where the problem is (source, line, column, token).

Every parser raises :class:`InputError` (never a bare ValueError) so that the CLI can
print one clear message and exit with code 2, never a traceback.
"""
from __future__ import annotations

from dataclasses import dataclass

from arbitre.rulings.i18n import T


@dataclass
class InputError(Exception):
    """Unreadable input: ``message`` says what, the other fields say where."""

    message: T
    token: str | None = None
    line: int | None = None
    column: int | None = None
    source: str | None = None
    near: str | None = None  # the text around an empty or partial token, e.g. ":P" for the seat ''

    def where(self) -> str:
        """``source:line:column`` (the parts known)."""
        parts = []
        if self.source:
            parts.append(self.source)
        if self.line is not None:
            parts.append(f"{self.line}")
        if self.column is not None:
            parts.append(f"{self.column}")
        return ":".join(parts)

    def render(self, lang: str = "en") -> str:
        where = self.where()
        text = self.message.get(lang)
        if self.near and self.near != self.token:
            text += T(" (dans {n!r})", " (in {n!r})").format(n=self.near).get(lang)
        return f"{where}: {text}" if where else text

    def __str__(self) -> str:  # pragma: no cover - used in logs only
        return self.render("en")
