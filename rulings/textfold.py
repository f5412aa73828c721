"""Matching a word the user typed against known words, accents aside: one rule for every reader.

Why: the readers used to fold differently; tresillo's (``NFKD``, then drop whatever is not
ASCII) silently changed what the user wrote: ``passe٣`` read as ``passe``, ``plus ²`` as
``plus 2``, a full-width ``ｓｏｌｏ`` as ``solo``. Only the accents go now; any other character
stays, so a word holding one is unknown and refused by name.
"""
from __future__ import annotations

import unicodedata


def strip_accents(text: str) -> str:
    """``text`` without its combining marks (``Épée`` -> ``Epee``, ``Bâton`` -> ``Baton``);
    every other character is kept as it is."""
    if text.isascii():  # the usual case, and NFD leaves ASCII as it is
        return text
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
