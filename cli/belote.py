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

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.table import Table

from arbitre.cli import exitcodes
from arbitre.cli.common import Lang, LangOpt, game_option
from arbitre.cli.output import err as _err
from arbitre.cli.output import escape, print_error
from arbitre.cli.output import out as _out
from arbitre.cli.output import print_json as _print_json
from arbitre.cli.render_coinche import render_coinche_classification
from arbitre.rulings.belote.coinche_auction import (
    AuctionVariants,
    LineResult,
    classify_belote_taking,
    classify_coinche,
    classify_lines,
)
from arbitre.rulings.belote.play import UndertrumpRule
from arbitre.rulings.belote.scoring import CapotRule, LitigeRule, MadeRule, Variants
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

if TYPE_CHECKING:
    from arbitre.rulings.belote.check import CheckReport

app = typer.Typer(
    help="Belote & coinche referee. Example: arbitre belote check partie.json --lang en",
    no_args_is_help=True,
)



def _input_error(err: InputError, lang: str, as_json: bool) -> int:
    print_error(err.render(lang), lang)
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
                          escape(d.player or "-"), d.kind.value, escape(d.message.get(lang)), escape(pen))
        out.print(table)
    scores = Table(title=T("Scores recalculés", "Recomputed scores").get(lang))
    for col in (T("Donne", "Deal"), T("Équipe", "Team"), T("Enregistré", "Recorded"), T("Recalculé", "Recomputed"),
                T("Après sanction", "After penalty")):
        scores.add_column(col.get(lang))
    for dr in report.deals:
        recomputed = {dr.taker_team: dr.recomputed.taker, dr.defence_team: dr.recomputed.defence}
        for team in (dr.taker_team, dr.defence_team):
            after = str(dr.adjusted[team]) if dr.adjusted else "-"
            scores.add_row(str(dr.deal), escape(team), str(dr.recorded.get(team, "-")), str(recomputed[team]), after)
    out.print(scores)
    if any(d.penalty for d in report.defects):
        src = next(d.penalty for d in report.defects if d.penalty)
        _err().print(T("Source de la sanction : ", "Penalty source: ").get(lang) + src.source.get(lang),
                     markup=False, highlight=False)
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
    game: game_option("belote check", "belote") = "belote",  # type: ignore[valid-type]
) -> None:
    """Check a recorded belote game: every defect, renonce penalties, recomputed scores.

    Example: arbitre belote check partie.json --json --lang en

    Exit codes: 0 clean, 1 defects found, 2 unreadable input.
    """
    try:
        try:
            text = record.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise InputError(T(f"fichier illisible : {err}", f"cannot read file: {err}"), source=str(record)) from None
        if game == "coinche":  # a coinche table record (arbitre coinche serve --record-dir)
            from arbitre.rulings.belote.coinche_check import check_coinche, load_coinche_record

            raise typer.Exit(render_check_report(check_coinche(load_coinche_record(text, str(record))),
                                                 lang.value, as_json))
        from arbitre.rulings.belote.record import load_record

        loaded = load_record(text, source=str(record))
    except InputError as err:
        raise typer.Exit(_input_error(err, lang.value, as_json)) from None
    from arbitre.rulings.belote.check import check_game

    report = check_game(loaded, Variants(capot=capot, litige=litige, made=made), undertrump)
    raise typer.Exit(render_check_report(report, lang.value, as_json))


def _auction_sources(inputs: list[str]) -> list[tuple[str, str]]:
    """Split arguments into ("file", path), ("stdin", "-") and ("text", auction) (consecutive words joined)."""
    sources: list[tuple[str, str]] = []
    words: list[str] = []
    for arg in inputs:
        if arg == "-" or Path(arg).is_file() or "/" in arg or arg.lower().endswith(".txt"):
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
                    turned: str | None = None, variants: AuctionVariants = AuctionVariants()) -> int:
    """Classify auctions typed, in files (one per line) or on stdin (``-``); print; return the exit code.

    A single typed auction keeps the one-auction view (:func:`render_coinche_classification`);
    files and stdin get one line per auction (``source:line``), and with ``--json`` one document
    ``{"auctions": [...], "errors": [...]}``. Exit: 0 all regular, 1 refused calls, 2 something unreadable.
    """
    sources = _auction_sources(inputs)
    if len(sources) == 1 and sources[0][0] == "text":
        try:
            result = (classify_coinche(sources[0][1], variants=variants) if game == "coinche"
                      else classify_belote_taking(sources[0][1], turned=turned))
        except InputError as err:
            return _input_error(err, lang, as_json)
        return render_coinche_classification(result, lang, as_json)
    items: list[LineResult] = []
    errors: list[InputError] = []
    for kind, value in sources:
        if kind == "text":
            items.extend(classify_lines([value], game, "<typed>", variants))
            continue
        try:
            if kind == "stdin":
                data = sys.stdin.buffer.read().decode("utf-8-sig")
            else:
                data = Path(value).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as err:
            errors.append(InputError(T(f"fichier illisible : {err}", f"cannot read file: {err}"), source=value))
            continue
        items.extend(classify_lines(data.splitlines(), game, "<stdin>" if kind == "stdin" else value, variants))
    errors.extend(i.error for i in items if i.error is not None)
    for problem in errors:
        print_error(problem.render(lang), lang)
    if as_json:
        _print_json({"auctions": [i.to_dict() for i in items if i.error is None],
                     "errors": [{"source": e.source, "line": e.line, "token": e.token,
                                 "message": e.message.as_dict()} for e in errors]})
    else:
        for item in items:
            if item.error is None:
                sys.stdout.write(_line_summary(item, lang) + "\n")
    if errors:
        return exitcodes.BAD_INPUT
    return exitcodes.FINDINGS if any(i.result and i.result.irregular for i in items) else exitcodes.OK


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
    raise typer.Exit(classify_inputs(inputs, game, lang.value, as_json, turned,
                                     AuctionVariants(bid_step=bid_step)))


def _register_arena() -> None:
    """``play`` and ``gym`` live in their own modules (the arena is imported only when they run)."""
    from arbitre.cli import belote_gym, belote_play

    belote_play.register(app)
    belote_gym.register(app)


_register_arena()


from arbitre.cli import belote_p2p  # noqa: E402  (peer-to-peer commands; their heavy imports are lazy)

belote_p2p.register(app)
