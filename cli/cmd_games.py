"""`arbitre classify --game coinche|belote`: the belote family's auctions.

Coinche: calls such as "80H P 90S X P P P" get the seed 003 reply codes (431-453, 200).
Belote: the two taking rounds, optionally after the turned card ("8H: pass take").
"""
from __future__ import annotations

from arbitre.cli import exitcodes


def classify_game(game: str, inputs: list[str], lang: str, as_json: bool) -> int:
    from arbitre.cli.belote import render_coinche_classification
    from arbitre.cli.common import fail
    from arbitre.rulings.belote.coinche_auction import classify_belote_taking, classify_coinche

    text = " ".join(inputs)
    if game == "coinche":
        result = classify_coinche(text)
    elif game == "belote":
        result = classify_belote_taking(text)
    else:
        fail(f"unknown game {game!r}: bridge, coinche or belote", exitcodes.BAD_INPUT)
    return render_coinche_classification(result, lang, as_json)
