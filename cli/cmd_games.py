"""`arbitre classify --game GAME` for every game but bridge, through the registry of games.

The belote family (coinche, belote) reads typed auctions, files with one auction per line
and ``-`` (stdin): :func:`arbitre.cli.belote_classify.classify_inputs`. Other games classify the
typed auction with their registered classifier and renderer.
"""
from __future__ import annotations

from typing import Any


def classify_game(game: str, inputs: list[str], lang: str, as_json: bool, **options: Any) -> int:
    """Classify ``inputs`` with ``game``'s classifier, render it, return the exit code
    (0 regular, 1 irregular calls held, 2 unreadable). Raises InputError."""
    from arbitre.rulings import games
    from arbitre.rulings.errors import InputError
    from arbitre.rulings.i18n import T

    entry = games.get(game)
    if entry.family == "bridge" and entry.code != "bridge":
        from arbitre.cli.belote_classify import classify_inputs

        return classify_inputs(inputs, entry.code, lang, as_json, options.get("turned"))
    text = " ".join(inputs)
    if not text.strip():
        raise InputError(T("aucune enchère donnée", "no auction given"), source="<typed>")
    result = entry.load("classifier")(text, **{k: v for k, v in options.items() if v is not None})
    return int(entry.load("renderer")(result, lang, as_json))
