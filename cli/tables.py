"""Render rows as a table or JSON (shared by `db show`, `db sql`, `log list`...).

Kept for its importers: the implementation is :func:`arbitre.cli.output.render_rows`.
"""
from __future__ import annotations

from arbitre.cli.output import render_rows

__all__ = ["render_rows"]
