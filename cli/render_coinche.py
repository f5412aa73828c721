"""Rendering of a belote-family auction classification (``classify --game coinche|belote``,
``belote classify``): a table of calls with their reply codes, then the taker and contract.

Kept apart from :mod:`arbitre.cli.belote` so that classifying an auction does not import
the record checker (pydantic models): see benchmarks/bench_cold.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from arbitre.cli import exitcodes
from arbitre.cli.output import escape, out, print_json
from arbitre.rulings.i18n import T

if TYPE_CHECKING:
    from arbitre.rulings.belote.coinche_auction import AuctionResult


def render_coinche_classification(result: AuctionResult, lang: str = "fr", as_json: bool = False) -> int:
    """Print an auction classification and return the exit code.

    Signature: ``render_coinche_classification(result: AuctionResult, lang: str = "fr",
    as_json: bool = False) -> int``. ``result`` comes from
    ``arbitre.rulings.belote.coinche_auction.classify_coinche(text)`` or
    ``classify_belote_taking(text, turned=None)`` (both raise ``InputError`` on
    unreadable text). With ``as_json`` exactly one JSON document goes to
    stdout; otherwise a Rich table. Returns ``exitcodes.OK`` when every call is
    regular, ``exitcodes.FINDINGS`` when some calls are held as irregular.
    """
    code = exitcodes.FINDINGS if result.irregular else exitcodes.OK
    if as_json:
        print_json(result.to_dict())
        return code
    from rich.table import Table

    table = Table(title=T("Enchères", "Auction").get(lang))
    for col in (T("N°", "#"), T("Siège", "Seat"), T("Appel", "Call"), T("Code", "Code"), T("Réponse", "Reply")):
        table.add_column(col.get(lang), no_wrap=col.en in ("#", "Call", "Code"))  # identifiers are never wrapped
    for c in result.calls:
        reply = c.message.get(lang) + (f" ({c.note.get(lang)})" if c.note else "")
        mark = "" if c.accepted else " ✗"
        table.add_row(str(c.index), escape(c.seat), escape(c.text) + mark, str(c.code) if c.code is not None else "-",
                      escape(reply))
    out_ = out()
    out_.print(table)
    if result.passed_out:
        out_.print(T("Personne n'a pris : on redistribue.", "Nobody took: redeal.").get(lang))
    elif result.taker:
        levels = {0: T("", ""), 1: T(", coinché", ", coinched"), 2: T(", surcoinché", ", surcoinched")}
        label = result.contract_label or T(str(result.contract), str(result.contract))
        out_.print(escape(T(f"Preneur : {result.taker} — {label.fr}{levels[result.coinche_level].fr}",
                           f"Taker: {result.taker} — {label.en}{levels[result.coinche_level].en}").get(lang)))
    if not result.ended and not result.passed_out:
        out_.print(T("Enchères non terminées.", "The auction is not over.").get(lang))
    return code
