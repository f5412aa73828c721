"""Whole numbers as records, protocols and the command line write them: ASCII digits only.

Why: ``str.isdigit`` is also true of superscripts and other Unicode digits ("²", "①"),
which ``int`` refuses, so a check with ``isdigit`` followed by ``int`` let such a character
through to an internal error (a PBN auction holding ``$²`` stopped ``classify`` with exit
70). Every "is this a number?" check before an ``int`` goes through :func:`is_number`.
"""
from __future__ import annotations


def is_number(text: str) -> bool:
    """True when ``text`` is one or more ASCII digits, so that ``int(text)`` reads it."""
    return text.isascii() and text.isdigit()


def is_signed_number(text: str) -> bool:
    """True when ``text`` is :func:`is_number`, optionally after one ``+`` or ``-``.

    Why: ``int`` also reads ``1_000``, ``٤٢٠`` and surrounding blanks, so a value a record
    writes wrongly (``[Score "NS 4_20"]``) would silently count as ``420``.
    """
    return is_number(text[1:] if text[:1] in ("+", "-") else text)


def is_decimal(text: str, signed: bool = False) -> bool:
    """True when ``text`` is a decimal number in ASCII digits: ``12``, ``0.5``, ``.5``, ``3.``
    (after one ``+`` or ``-`` when ``signed``).

    Why: ``float`` also reads ``1_0``, ``٣``, ``1e3``, ``nan``, ``inf`` and blanks, so a
    ``--timeout nan`` passed every range check (no comparison with NaN is true)."""
    if signed and text[:1] in ("+", "-"):
        text = text[1:]
    whole, dot, fraction = text.partition(".")
    return bool(whole or fraction) and (not whole or is_number(whole)) and (not fraction or is_number(fraction))
