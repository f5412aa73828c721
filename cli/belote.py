"""``arbitre belote``: check a recorded belote game; render auction classifications; ``play`` and
``gym`` (complete games between players, and the gym that measures them) come from
:mod:`arbitre.cli.belote_play` and :mod:`arbitre.cli.belote_gym`.

The CLI only parses options and renders: the work is done by
:mod:`arbitre.rulings.belote` (``record.load_record``, ``check.check_game``,
``coinche_auction.classify_coinche`` / ``classify_belote_taking``).

For the main ``classify --game coinche|belote`` command, call
:func:`render_coinche_classification` (see its docstring).
"""
from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from arbitre.cli import exitcodes
from arbitre.cli.common import Lang, LangOpt
from arbitre.rulings.belote.check import CheckReport, check_game
from arbitre.rulings.belote.coinche_auction import AuctionResult, classify_belote_taking, classify_coinche
from arbitre.rulings.belote.play import UndertrumpRule
from arbitre.rulings.belote.record import load_record
from arbitre.rulings.belote.scoring import CapotRule, LitigeRule, MadeRule, Variants
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

app = typer.Typer(
    help="Belote & coinche referee. Example: arbitre belote check partie.json --lang en",
    no_args_is_help=True,
)


class Game(str, Enum):
    coinche = "coinche"
    belote = "belote"


def _out() -> Console:
    return Console(file=sys.stdout, soft_wrap=True)


def _err() -> Console:
    return Console(file=sys.stderr, soft_wrap=True)


def _print_json(doc: Any) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")


def _input_error(err: InputError, lang: str, as_json: bool) -> int:
    _err().print(err.render(lang), markup=False, highlight=False)
    if as_json:
        _print_json({"error": {"message": err.message.as_dict(), "token": err.token, "line": err.line,
                               "column": err.column, "source": err.source}})
    return exitcodes.BAD_INPUT


def render_check_report(report: CheckReport, lang: str = "fr", as_json: bool = False) -> int:
    """Print a checker report (JSON document or Rich table); return the exit code (0 clean, 1 defects)."""
    code = exitcodes.OK if report.clean else exitcodes.FINDINGS
    if as_json:
        _print_json(report.to_dict())
        return code
    out = _out()
    title = T("Défauts de la partie", "Defects found").get(lang)
    if report.clean:
        _err().print(T("Aucun défaut : la partie est cohérente.", "No defect: the record is consistent.").get(lang))
    else:
        table = Table(title=title)
        for col in (T("Donne", "Deal"), T("Pli", "Trick"), T("Carte", "Card"), T("Joueur", "Player"),
                    T("Type", "Kind"), T("Constat", "Finding"), T("Sanction", "Penalty")):
            table.add_column(col.get(lang))
        for d in report.defects:
            pen = ""
            if d.penalty:
                pen = d.penalty.text.get(lang) + " → " + ", ".join(f"{k}: {v}" for k, v in d.penalty.score_after.items())
            table.add_row(str(d.deal or "-"), str(d.trick or "-"), d.card.short() if d.card else "-",
                          d.player or "-", d.kind.value, d.message.get(lang), pen)
        out.print(table)
    scores = Table(title=T("Scores recalculés", "Recomputed scores").get(lang))
    for col in (T("Donne", "Deal"), T("Équipe", "Team"), T("Enregistré", "Recorded"), T("Recalculé", "Recomputed"),
                T("Après sanction", "After penalty")):
        scores.add_column(col.get(lang))
    for dr in report.deals:
        recomputed = {dr.taker_team: dr.recomputed.taker, dr.defence_team: dr.recomputed.defence}
        for team in (dr.taker_team, dr.defence_team):
            after = str(dr.adjusted[team]) if dr.adjusted else "-"
            scores.add_row(str(dr.deal), team, str(dr.recorded.get(team, "-")), str(recomputed[team]), after)
    out.print(scores)
    if any(d.penalty for d in report.defects):
        src = next(d.penalty for d in report.defects if d.penalty)
        _err().print(T("Source de la sanction : ", "Penalty source: ").get(lang) + src.source.get(lang),
                     markup=False, highlight=False)
    return code


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
        _print_json(result.to_dict())
        return code
    table = Table(title=T("Enchères", "Auction").get(lang))
    for col in (T("N°", "#"), T("Siège", "Seat"), T("Appel", "Call"), T("Code", "Code"), T("Réponse", "Reply")):
        table.add_column(col.get(lang))
    for c in result.calls:
        reply = c.message.get(lang) + (f" ({c.note.get(lang)})" if c.note else "")
        mark = "" if c.accepted else " ✗"
        table.add_row(str(c.index), c.seat, c.text + mark, str(c.code) if c.code is not None else "-", reply)
    out = _out()
    out.print(table)
    if result.passed_out:
        out.print(T("Personne n'a pris : on redistribue.", "Nobody took: redeal.").get(lang))
    elif result.taker:
        levels = {0: T("", ""), 1: T(", coinché", ", coinched"), 2: T(", surcoinché", ", surcoinched")}
        out.print(T(f"Preneur : {result.taker} — {result.contract}{levels[result.coinche_level].fr}",
                    f"Taker: {result.taker} — {result.contract}{levels[result.coinche_level].en}").get(lang))
    if not result.ended and not result.passed_out:
        out.print(T("Enchères non terminées.", "The auction is not over.").get(lang))
    return code


@app.command("check")
def check_cmd(
    record: Path = typer.Argument(..., help="Recorded game, JSON in the seed 001 schema (joueurs, equipes, manches)."),
    as_json: bool = typer.Option(False, "--json", help="Print exactly one JSON document on stdout."),
    lang: LangOpt = Lang.en,
    capot: CapotRule = typer.Option(CapotRule.CAPOT_250, "--capot", help="Capot value: 250 (default) or 252."),
    litige: LitigeRule = typer.Option(LitigeRule.HELD_OVER, "--litige", help="81-81 tie: held_over, lost, dedans."),
    made: MadeRule = typer.Option(MadeRule.MORE_THAN_DEFENCE, "--made-rule",
                                  help="Contract made when: more_than_defence (default) or seed_82."),
    undertrump: UndertrumpRule = typer.Option(UndertrumpRule.MUST_UNDERTRUMP, "--undertrump",
                                              help="Void and cannot overtrump: must_undertrump or may_discard."),
) -> None:
    """Check a recorded belote game: every defect, renonce penalties, recomputed scores.

    Example: arbitre belote check partie.json --json --lang en

    Exit codes: 0 clean, 1 defects found, 2 unreadable input.
    """
    try:
        try:
            text = record.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise InputError(T(f"fichier illisible : {err}", f"cannot read file: {err}"), source=str(record))
        game = load_record(text, source=str(record))
    except InputError as err:
        raise typer.Exit(_input_error(err, lang.value, as_json))
    report = check_game(game, Variants(capot=capot, litige=litige, made=made), undertrump)
    raise typer.Exit(render_check_report(report, lang.value, as_json))


@app.command("classify")
def classify_cmd(
    auction: str = typer.Argument(..., help="Calls separated by spaces, e.g. \"80H P 90S X P P P\"."),
    game: Game = typer.Option(Game.coinche, "--game", help="coinche (seed 003 replies) or belote (taking rounds)."),
    turned: str = typer.Option(None, "--turned", help="Belote: the turned card, e.g. 8H."),
    as_json: bool = typer.Option(False, "--json", help="Print exactly one JSON document on stdout."),
    lang: LangOpt = Lang.en,
) -> None:
    """Classify an auction: taker, contract, coinche level, and each call's reply code.

    Example: arbitre belote classify "80H P 90S X P P P" --lang en

    Exit codes: 0 all calls regular, 1 irregular calls held, 2 unreadable input.
    """
    try:
        result = (classify_coinche(auction) if game is Game.coinche
                  else classify_belote_taking(auction, turned=turned))
    except InputError as err:
        raise typer.Exit(_input_error(err, lang.value, as_json))
    raise typer.Exit(render_coinche_classification(result, lang.value, as_json))


def _register_arena() -> None:
    """``play`` and ``gym`` live in their own modules (the arena is imported only when they run)."""
    from arbitre.cli import belote_gym, belote_play

    belote_play.register(app)
    belote_gym.register(app)


_register_arena()
