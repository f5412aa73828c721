"""``arbitre belote``: check a recorded belote game; render auction classifications; ``play`` and
``gym`` (complete games between players, and the gym that measures them) come from
:mod:`arbitre.cli.belote_play` and :mod:`arbitre.cli.belote_gym`.

The CLI only parses options and renders: the work is done by
:mod:`arbitre.rulings.belote` (``record_plain.read_record``, ``check.check_game``,
``coinche_auction.classify_coinche`` / ``classify_belote_taking``).

Auction classification (``belote classify`` and ``classify --game coinche|belote``) is
:mod:`arbitre.cli.belote_classify`.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.table import Table

from arbitre.cli import exitcodes
from arbitre.cli.common import Lang, LangOpt, game_option
from arbitre.cli.output import err as _err
from arbitre.cli.output import escape, input_error
from arbitre.cli.output import out as _out
from arbitre.cli.output import print_json as _print_json
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
        from arbitre.rulings.textfile import read_text_file

        text = read_text_file(record)
        if game == "coinche":  # a coinche table record (arbitre coinche serve --record-dir)
            from arbitre.rulings.belote.coinche_check import check_coinche, load_coinche_record

            raise typer.Exit(render_check_report(check_coinche(load_coinche_record(text, str(record))),
                                                 lang.value, as_json))
        from arbitre.rulings.belote.record_plain import read_record

        loaded = read_record(text, source=str(record))
    except InputError as err:
        raise typer.Exit(input_error(err, lang.value, as_json)) from None
    from arbitre.rulings.belote.check import check_game

    report = check_game(loaded, Variants(capot=capot, litige=litige, made=made), undertrump)
    raise typer.Exit(render_check_report(report, lang.value, as_json))


def _register_arena() -> None:
    """``classify``, ``play`` and ``gym`` live in their own modules (the arena is imported only
    when they run)."""
    from arbitre.cli import belote_classify, belote_gym, belote_play

    belote_classify.register(app)
    belote_play.register(app)
    belote_gym.register(app)


_register_arena()


from arbitre.cli import belote_p2p  # noqa: E402  (peer-to-peer commands; their heavy imports are lazy)

belote_p2p.register(app)
