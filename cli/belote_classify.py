"""Classify belote and coinche auctions typed, in files (one per line) or on stdin: the
``arbitre belote classify`` command and what ``arbitre classify --game coinche|belote``
calls (:func:`classify_inputs`). The work is :mod:`arbitre.rulings.belote.coinche_auction`'s;
this module reads the inputs and prints one view per auction or one line per file line.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from arbitre.cli import exitcodes
from arbitre.cli.common import Lang, LangOpt, game_option, path_kind
from arbitre.cli.output import input_error, print_error, print_json
from arbitre.cli.render_coinche import render_coinche_classification
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T
from arbitre.rulings.textfile import decode_text, read_text_file

if TYPE_CHECKING:  # imported when an auction is classified: every `belote …` command registers this one
    from arbitre.rulings.belote.coinche_auction import AuctionVariants, LineResult


def _auction_sources(inputs: list[str]) -> list[tuple[str, str]]:
    """Split arguments into ("file", path), ("stdin", "-") and ("text", auction) (consecutive words joined)."""
    sources: list[tuple[str, str]] = []
    words: list[str] = []
    for arg in inputs:
        if arg == "-" or path_kind(Path(arg))[1] or "/" in arg or arg.lower().endswith(".txt"):
            if words:
                sources.append(("text", " ".join(words)))
                words = []
            sources.append(("stdin", arg) if arg == "-" else ("file", arg))
        else:
            words.append(arg)
    if words:
        sources.append(("text", " ".join(words)))
    return sources


def _line_summary(item: LineResult, lang: str) -> str:
    """One line per auction: where, the outcome, and every refused call with its code."""
    where = f"{item.source}:{item.line}"
    if item.error is not None:
        return f"{where}  {T('illisible', 'unreadable').get(lang)}: {item.error.message.get(lang)}"
    res = item.result
    assert res is not None
    if res.passed_out:
        outcome = T("personne n'a pris : on redistribue", "nobody took: redeal").get(lang)
    elif res.taker:
        label = res.contract_label.get(lang) if res.contract_label else res.contract
        level = {0: T("", ""), 1: T(", coinché", ", coinched"), 2: T(", surcoinché", ", surcoinched")}
        outcome = T(f"preneur {res.taker} — {label}{level[res.coinche_level].fr}",
                    f"taker {res.taker} — {label}{level[res.coinche_level].en}").get(lang)
    else:
        outcome = T("pas de preneur", "no taker").get(lang)
    if not res.ended:
        outcome += T(" (enchères non terminées)", " (the auction is not over)").get(lang)
    bad = [f"#{c.index} {c.text} → {c.code if c.code is not None else '✗'} {c.message.get(lang)}"
           for c in res.irregular]
    return f"{where}  {outcome}" + (f"  | {' | '.join(bad)}" if bad else "")


def classify_inputs(inputs: list[str], game: str, lang: str = "en", as_json: bool = False,
                    turned: str | None = None, variants: AuctionVariants | None = None) -> int:
    """Classify auctions typed, in files (one per line) or on stdin (``-``); print; return the exit code.

    A single typed auction keeps the one-auction view (:func:`render_coinche_classification`);
    files and stdin get one line per auction (``source:line``), and with ``--json`` one document
    ``{"auctions": [...], "errors": [...]}``. Exit: 0 all regular, 1 refused calls, 2 something unreadable.
    """
    from arbitre.rulings.belote.coinche_auction import (
        AuctionVariants,
        classify_belote_taking,
        classify_coinche,
        classify_lines,
    )

    variants = variants or AuctionVariants()
    sources = _auction_sources(inputs)
    if len(sources) == 1 and sources[0][0] == "text":
        try:
            result = (classify_coinche(sources[0][1], variants=variants) if game == "coinche"
                      else classify_belote_taking(sources[0][1], turned=turned))
        except InputError as err:
            return input_error(err, lang, as_json)
        return render_coinche_classification(result, lang, as_json)
    items: list[LineResult] = []
    errors: list[InputError] = []
    for kind, value in sources:
        if kind == "text":
            items.extend(classify_lines([value], game, "<typed>", variants))
            continue
        try:
            data = decode_text(sys.stdin.buffer.read(), value) if kind == "stdin" else read_text_file(Path(value))
        except InputError as err:
            errors.append(err)
            continue
        items.extend(classify_lines(data.splitlines(), game, "<stdin>" if kind == "stdin" else value, variants))
    errors.extend(i.error for i in items if i.error is not None)
    for problem in errors:
        print_error(problem.render(lang), lang)
    if as_json:
        print_json({"auctions": [i.to_dict() for i in items if i.error is None],
                     "errors": [{"source": e.source, "line": e.line, "token": e.token,
                                 "message": e.message.as_dict()} for e in errors]})
    else:
        for item in items:
            if item.error is None:
                sys.stdout.write(_line_summary(item, lang) + "\n")
    if errors:
        return exitcodes.BAD_INPUT
    return exitcodes.FINDINGS if any(i.result and i.result.irregular for i in items) else exitcodes.OK


def register(app: typer.Typer) -> None:
    """Add ``classify`` to the ``belote`` group."""

    @app.command("classify")
    def classify_cmd(
        inputs: list[str] = typer.Argument(..., help="An auction (\"80H P 90S X P P P\", \"CONTRACT 80 Hearts PASS\"), "
                                           "files with one auction per line, or - for stdin."),
        game: game_option("belote classify", "coinche") = "coinche",  # type: ignore[valid-type]
        turned: str = typer.Option(None, "--turned", help="Belote: the turned card, e.g. 8H."),
        bid_step: int = typer.Option(0, "--bid-step", help="Coinche variant: bids must be a multiple of this (0: any)."),
        as_json: bool = typer.Option(False, "--json", help="Print exactly one JSON document on stdout."),
        lang: LangOpt = Lang.en,
    ) -> None:
        """Classify auctions: taker, contract, coinche level, and each call's reply code.

        Example: arbitre belote classify "CONTRACT 80 Hearts PASS PASS PASS" --lang en

        Exit codes: 0 all calls regular, 1 refused calls held, 2 unreadable input.
        """
        from arbitre.rulings.belote.coinche_auction import AuctionVariants

        raise typer.Exit(classify_inputs(inputs, game, lang.value, as_json, turned,
                                         AuctionVariants(bid_step=bid_step)))
