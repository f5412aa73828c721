"""``arbitre tresillo``: check a recorded game, play coups between simple players, classify an auction.

The CLI only parses options and renders; the work is done by
:mod:`arbitre.rulings.tresillo` (``record_plain.read_record``, ``check.check_game``,
``game.play_game``, ``auction.classify_auction``).

For ``arbitre classify --game tresillo`` call
``arbitre.rulings.tresillo.auction.classify_auction(text, dealer=None, players=4)``
then :func:`render_classification` (see its docstring).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from arbitre.cli import exitcodes
from arbitre.cli.common import JsonOpt, Lang, LangOpt, err, out, print_json
from arbitre.cli.output import input_error
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

app = typer.Typer(
    help="Tresillo referee: check a recorded game, play coups, classify an auction.\n\n"
    "Example: arbitre tresillo check partie.json --lang fr",
    no_args_is_help=True,
    rich_markup_mode=None,
    add_completion=False,
)

RetourneOpt = Annotated[int, typer.Option(
    "--retourne-value", help="Value of a Retourne: 10 (the rulebook's list, default) or 30 ('counts as a Solo').")]
TriompheOpt = Annotated[str, typer.Option(
    "--triomphe-rule", help="seed (default: a Triomphe is forced only when it is the only trump) or ombre.")]


def _options(retourne_value: int, triomphe_rule: str) -> tuple[Any, Any]:
    from arbitre.rulings.tresillo.play import TriompheRule
    from arbitre.rulings.tresillo.scoring import Options

    if retourne_value not in (10, 30):
        raise InputError(T(f"--retourne-value {retourne_value} : 10 ou 30", f"--retourne-value {retourne_value}: "
                           "10 or 30"), token=str(retourne_value))
    try:
        rule = TriompheRule(triomphe_rule)
    except ValueError:
        raise InputError(T(f"--triomphe-rule {triomphe_rule} : seed ou ombre", f"--triomphe-rule {triomphe_rule}: "
                           "seed or ombre"), token=triomphe_rule) from None
    return Options(retourne_value=retourne_value), rule


def render_sheet(sheet: Any, lang: str) -> None:
    """The score sheet: each coup's payments and the running totals."""
    from rich.table import Table

    table = Table(title=T("Feuille de marque", "Score sheet").get(lang))
    table.add_column(T("Coup", "Coup").get(lang))
    table.add_column(T("Résultat", "Outcome").get(lang))
    for i, name in enumerate(sheet.players, start=1):
        table.add_column(f"{i}. {name}", justify="right")
    from arbitre.rulings.tresillo.scoring import OUTCOME_LABELS

    for row in sheet.rows:
        lab = OUTCOME_LABELS.get(row.outcome, T(row.outcome, row.outcome)).get(lang)
        table.add_row(str(row.coup), lab, *(f"{row.payments[s]:+d} ({row.totals[s]})" for s in row.payments))
    out().print(table)


def render_check_report(report: Any, lang: str = "en", as_json: bool = False) -> int:
    """Print a check report (one JSON document, or tables); return 0 clean, 1 findings."""
    code = exitcodes.OK if report.clean else exitcodes.FINDINGS
    if as_json:
        print_json(report.to_dict())
        return code
    from rich.table import Table

    from arbitre.rulings.tresillo.cards import short

    if report.clean:
        err().print(T("Aucune incohérence : le relevé est cohérent.", "No inconsistency: the record is clean.")
                    .get(lang))
    else:
        table = Table(title=T("Incohérences", "Inconsistencies").get(lang))
        for col in (T("Coup", "Coup"), T("Pli", "Trick"), T("Carte", "Card"), T("Siège", "Seat"), T("Type", "Kind"),
                    T("Constat", "Finding")):
            table.add_column(col.get(lang))
        for f in report.findings:
            msg = f.message.get(lang)
            if f.tree:
                msg += T(f" → arbitre ruling {f.tree} --game tresillo", f" → arbitre ruling {f.tree} --game tresillo"
                         ).get(lang)
            table.add_row(str(f.coup), str(f.trick or "-"), short(f.card) if f.card is not None else "-",
                          str(f.seat or "-"), f.kind, msg)
        out().print(table)
    if report.sheet is not None:
        render_sheet(report.sheet, lang)
    return code


def render_classification(result: Any, lang: str = "en", as_json: bool = False) -> int:
    """Print a tresillo auction classification; return 0 when every call is legal and the auction ended, else 1.

    Signature: ``render_classification(result: AuctionResult, lang: str = "en", as_json: bool = False)
    -> int``; ``result`` comes from ``arbitre.rulings.tresillo.auction.classify_auction(text, dealer=None,
    players=4)`` (raises ``InputError`` on an unreadable call). With ``as_json`` exactly one JSON document
    goes to stdout.
    """
    code = exitcodes.FINDINGS if result.irregular else exitcodes.OK
    if as_json:
        print_json(result.to_dict())
        return code
    from rich.table import Table

    table = Table(title=T("Enchères (tresillo)", "Auction (tresillo)").get(lang))
    for col in (T("N°", "#"), T("Siège", "Seat"), T("Annonce", "Call"), T("Décision", "Ruling")):
        table.add_column(col.get(lang))
    for c in result.calls:
        ruling = T("régulière", "legal") if c.legal else T("irrégulière : ", "illegal: ")
        text = ruling.get(lang) + (c.message.get(lang) if c.message else "")
        table.add_row(str(c.index), str(c.seat), c.call.label().get(lang), text)
    console = out()
    console.print(table)
    if result.redeal:
        console.print(T("Tous ont passé au premier tour : on redonne.", "Everyone passed in the first round: "
                        "redeal.").get(lang))
    elif result.joueur is not None and result.kind is not None:
        k = result.kind.label()
        console.print(T(f"Joueur : siège {result.joueur} — {k.fr}", f"Joueur: seat {result.joueur} — {k.en}")
                      .get(lang))
    if not result.ended:
        console.print(T("Les enchères ne sont pas terminées.", "The auction is not over.").get(lang))
    return code


@app.command("check")
def check_cmd(
    record: Annotated[Path, typer.Argument(help="A recorded game (JSON, see README 'The tresillo record').")],
    as_json: JsonOpt = False,
    lang: LangOpt = Lang.en,
    retourne_value: RetourneOpt = 10,
    triomphe_rule: TriompheOpt = "seed",
) -> None:
    """Check a recorded tresillo game: every inconsistency, with its coup, trick and card; the score sheet.

    Example: arbitre tresillo check partie.json --json

    Exit codes: 0 clean, 1 inconsistencies found, 2 unreadable input (the message names the field).
    """
    from arbitre.rulings.tresillo.check import check_game
    from arbitre.rulings.tresillo.record_plain import read_record

    try:
        options, rule = _options(retourne_value, triomphe_rule)
        from arbitre.rulings.textfile import read_text_file

        text = read_text_file(record)
        game = read_record(text, source=str(record))
    except InputError as e:
        raise typer.Exit(input_error(e, lang.value, as_json)) from None
    raise typer.Exit(render_check_report(check_game(game, options, rule), lang.value, as_json))


@app.command("play")
def play_cmd(
    players: Annotated[str, typer.Option(
        "--players", help="Comma-separated player kinds, 4 (the dealer sits out) or 3: simple or random.")]
    = "simple,simple,simple,simple",
    seed: Annotated[int, typer.Option("--seed", help="Random seed (the same seed plays the same coups).")] = 1,
    coups: Annotated[int, typer.Option("--coups", min=1, max=100000, help="Number of coups.")] = 4,
    record: Annotated[Path | None, typer.Option("--record", help="Write the record (JSON) to this file.")] = None,
    favour: Annotated[str, typer.Option("--favour", help="The favour suit: BATON (default), EPEE, DENIER, COUPE.")]
    = "BATON",
    stake: Annotated[int, typer.Option("--stake", min=0, help="The dealer's stake (default 10).")] = 10,
    retourne_value: RetourneOpt = 10,
    as_json: JsonOpt = False,
    lang: LangOpt = Lang.en,
) -> None:
    """Play coups between players and print the score sheet; the record checks clean.

    Example: arbitre tresillo play --players simple,simple,simple,simple --seed 7 --coups 8 --record partie.json
    """
    import random

    from arbitre.rulings.tresillo.cards import parse_suit
    from arbitre.rulings.tresillo.game import play_game
    from arbitre.rulings.tresillo.players import PLAYERS
    from arbitre.rulings.tresillo.sheet import ScoreSheet

    try:
        options, _ = _options(retourne_value, "seed")
        kinds = [p.strip().lower() for p in players.split(",") if p.strip()]
        if len(kinds) not in (3, 4):
            raise InputError(T(f"--players : 3 ou 4 joueurs, pas {len(kinds)}",
                               f"--players: 3 or 4 players, not {len(kinds)}"), token=players)
        for k in kinds:
            if k not in PLAYERS:
                raise InputError(T(f"--players : joueur inconnu « {k} » (connus : {', '.join(PLAYERS)})",
                                   f"--players: unknown player '{k}' (known: {', '.join(PLAYERS)})"), token=k)
        favour_suit = parse_suit(favour)
    except InputError as e:
        raise typer.Exit(input_error(e, lang.value, as_json)) from None
    rng = random.Random(seed)
    table = [PLAYERS[k](random.Random(rng.random())) for k in kinds]
    names = [f"{k}-{i}" for i, k in enumerate(kinds, start=1)]
    doc = play_game(table, names, rng, coups=coups, favour=favour_suit, stake=stake, options=options)
    if record is not None:
        try:
            record.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        except OSError as e:
            raise typer.Exit(input_error(InputError(T(f"écriture impossible : {e}", f"cannot write: {e}"),
                                                     source=str(record)), lang.value, as_json)) from None
    sheet = ScoreSheet.from_payments(names, [(c["number"], c["result"]["outcome"],
                                              {int(k): v for k, v in c["result"]["payments"].items()})
                                             for c in doc["coups"]])
    if as_json:
        print_json({"record": str(record) if record else None, "score_sheet": sheet.to_dict()})
    else:
        render_sheet(sheet, lang.value)
        if record is not None:
            err().print(T(f"Relevé écrit dans {record}", f"Record written to {record}").get(lang.value))
    raise typer.Exit(exitcodes.OK)


@app.command("classify")
def classify_cmd(
    auction: Annotated[str, typer.Argument(help="Calls separated by commas: \"passe, je joue, plus solo, passe, passe\".")],
    dealer: Annotated[int | None, typer.Option(
        "--dealer", help="The dealer's seat (default: the last seat, so the Main is seat 1).")] = None,
    three: Annotated[bool, typer.Option("--three", help="Three at the table: the dealer plays too.")] = False,
    as_json: JsonOpt = False,
    lang: LangOpt = Lang.en,
) -> None:
    """Classify a tresillo auction: the Joueur, the kind, every illegal call and why.

    Example: arbitre tresillo classify "passe, je joue, plus solo, passe, passe"

    Exit codes: 0 a regular auction, 1 illegal calls or an unfinished auction, 2 unreadable call.
    """
    from arbitre.rulings.tresillo.auction import classify_auction

    try:
        result = classify_auction(auction, dealer=dealer, players=3 if three else 4)
    except InputError as e:
        raise typer.Exit(input_error(e, lang.value, as_json)) from None
    raise typer.Exit(render_classification(result, lang.value, as_json))


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
