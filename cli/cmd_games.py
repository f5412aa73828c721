"""`arbitre classify --game G` for the games other than bridge: the registry's classifier.

Coinche: calls such as "80H P 90S X P P P" get the seed 003 reply codes (431-453, 200).
Belote: the two taking rounds, optionally after the turned card ("8H: pass take").
``arbitre belote classify`` is the same command (it calls :func:`classify_game`).
"""
from __future__ import annotations

from typing import Any


def classify_game(game: str, inputs: list[str], lang: str, as_json: bool, **options: Any) -> int:
    """Classify the auction ``inputs`` (words joined) with ``game``'s classifier from the
    registry, render it, return the exit code (0 regular, 1 irregular calls held).
    ``options`` go to the classifier (``turned=`` for belote). Raises InputError."""
    from arbitre.rulings import games
    from arbitre.rulings.errors import InputError
    from arbitre.rulings.i18n import T

    text = " ".join(inputs)
    if not text.strip():
        raise InputError(T("aucune enchère donnée", "no auction given"), source="<typed>")
    entry = games.get(game)
    result = entry.load("classifier")(text, **{k: v for k, v in options.items() if v is not None})
    return int(entry.load("renderer")(result, lang, as_json))
