"""`arbitre classify --game coinche|belote`: the belote family's auctions.

Coinche: calls such as "80H P 90S X P P P" get the seed 003 reply codes (431-453, 200).
Belote: the two taking rounds, optionally after the turned card ("8H: pass take").
"""
from __future__ import annotations

from arbitre.cli import exitcodes


def classify_game(game: str, inputs: list[str], lang: str, as_json: bool) -> int:
    """Typed auctions, files (one auction per line) or - (stdin): see :func:`arbitre.cli.belote.classify_inputs`."""
    from arbitre.cli.belote import classify_inputs
    from arbitre.cli.common import fail

    if game not in ("coinche", "belote"):
        fail(f"unknown game {game!r}: bridge, coinche or belote", exitcodes.BAD_INPUT)
    return classify_inputs(inputs, game, lang, as_json)
