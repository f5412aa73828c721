"""``arbitre belote gym``: measure one team of players against another over many deals.

Parses options and renders; the work is :mod:`arbitre.arena.gym` (boards and
statistics), :mod:`arbitre.arena.parallel` (processes or a Dask cluster),
:mod:`arbitre.arena.store` (``--save``/``--history``) and :mod:`arbitre.arena.plot`.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import typer

from arbitre.cli import exitcodes
from arbitre.cli.common import DbOpt, Lang, LangOpt
from arbitre.cli.output import number
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T


def _fmt_ci(ci: list[float], lang: str) -> str:
    """A confidence interval; in French its bounds are separated by a semicolon (their decimals take the comma)."""
    sep = " ; " if lang == "fr" else ", "
    return f"[{number(ci[0], '.1f', lang)}{sep}{number(ci[1], '.1f', lang)}]"


def render_report(report: dict[str, Any], lang: str) -> None:
    from rich.table import Table

    from arbitre.cli.common import out as _out

    fr = lang == "fr"
    out = _out()
    title = (f"{report['deals']} donnes" + (" en duplicate" if report["duplicate"] else "") + f", graine {report['seed']}"
             if fr else f"{report['deals']} deals" + (" in duplicate" if report["duplicate"] else "")
             + f", seed {report['seed']}")
    if report.get("partial"):
        title += " — RÉSULTAT PARTIEL" if fr else " — PARTIAL RESULT"
    table = Table(title=title)
    for col in (T("Équipe", "Team"), T("Joueur", "Player"), T("Points moyens", "Mean points"), T("IC 95 %", "95% CI"),
                T("Donnes gagnées", "Deals won"), T("Prises", "Taking rate"), T("Réussites", "Success rate"),
                T("Décision (ms)", "Decision (ms)")):
        table.add_column(col.get(lang), no_wrap=True)
    for team in ("A", "B"):
        t = report["teams"][team]
        timing = ", ".join(f"{name} {number(v['mean_ms'], '.3f', lang)}" for name, v in t["decision_time"].items()
                           if v["mean_ms"] is not None)
        success = "-" if t["success_rate"] is None else number(t["success_rate"], ".1%", lang)
        table.add_row(team, t["player"], number(t["mean_points"], ".1f", lang), _fmt_ci(t["ci95"], lang),
                      number(t["deals_won"], ",", lang), number(t["taking_rate"], ".1%", lang), success, timing or "-")
    out.print(table)
    d = report["difference"]
    p = "-" if d["p_value"] is None else number(d["p_value"], ".3g", lang)
    mean, ci = number(d["mean"], "+.2f", lang), _fmt_ci(d["ci95"], lang)
    out.print(f"Différence A - B : {mean} points par donne, IC 95 % {ci}, p = {p}"
               if fr else f"Difference A - B: {mean} points per deal, 95% CI {ci}, p = {p}")
    dps = report["deals_per_second"]
    speed = "-" if dps is None else number(dps, ",.0f", lang)
    import re

    backend_fr = re.sub(r"\bprocess(es)?\b", "processus", report["backend"])
    backend_fr = (backend_fr.replace("dask local cluster", "grappe Dask locale").replace("dask cluster", "grappe Dask")
                  .replace("workers", "travailleurs"))
    plays, seconds = number(report["plays"], ",", lang), number(report["seconds"], ".1f", lang)
    out.print(f"{plays} donnes jouées en {seconds} s ({speed} donnes/s, {backend_fr})"
               if fr else f"{plays} deals played in {seconds} s ({speed} deals/s, {report['backend']})")


def render_history(rows: list[dict[str, Any]], lang: str) -> None:
    from rich.table import Table

    from arbitre.cli.common import out as _out

    table = Table(title=T("Séances de gymnase enregistrées", "Saved gym runs").get(lang))
    for col in ("#", T("Date", "Date").get(lang), "A", "B", T("Donnes", "Deals").get(lang), "dup",
                T("Graine", "Seed").get(lang), "A - B", "p"):
        table.add_column(col, no_wrap=True)
    for r in rows:
        p = "-" if r["p_value"] is None else number(r["p_value"], ".3g", lang)
        mean = "-" if r["mean_difference"] is None else number(r["mean_difference"], "+.2f", lang)
        deals = str(r["deals"]) + (" (partiel)" if r["partial"] and lang == "fr" else " (partial)" if r["partial"] else "")
        table.add_row(str(r["id"]), r["created_at"], r["team_a"], r["team_b"], deals, "✓" if r["duplicate"] else "",
                      str(r["seed"]), mean, p)
    _out().print(table)


def register(app: typer.Typer) -> None:
    @app.command("gym")
    def gym_cmd(
        team_a: str = typer.Option(None, "--team-a", help="Team A (seats 1 and 3): one player for both seats, "
                                                          "or two: 'advanced,memory'."),
        team_b: str = typer.Option(None, "--team-b", help="Team B (seats 2 and 4), same form."),
        deals: int = typer.Option(1000, "--deals", min=1, help="Number of deals (boards)."),
        duplicate: bool = typer.Option(True, "--duplicate/--no-duplicate",
                                       help="Play every deal twice, the teams swapping seats (default)."),
        workers: int = typer.Option(None, "--workers", min=1, help="Local processes (default: the number of cores)."),
        cluster: str = typer.Option(None, "--cluster", help="Dask scheduler address (tcp://HOST:PORT), or 'local' "
                                                            "to start a cluster on this machine (arbitre[cluster])."),
        seed: int = typer.Option(0, "--seed", help="Same seed, same deals and same results."),
        budget: int = typer.Option(None, "--budget", min=1, help="Samples per decision of the advanced player."),
        plot: Path = typer.Option(None, "--plot", help="Draw the running difference and the points per deal "
                                                       "(PNG; needs arbitre[plot])."),
        save: bool = typer.Option(False, "--save", help="Store the run in the knowledge base."),
        show_history: bool = typer.Option(False, "--history", help="List the saved runs and stop."),
        as_json: bool = typer.Option(False, "--json", help="Print exactly one JSON document on stdout."),
        db: DbOpt = None,
        lang: LangOpt = Lang.en,
    ) -> None:
        """Play deals between two teams and measure which is stronger (duplicate, CI95, paired p-value).

        Example: arbitre belote gym --team-a memory --team-b simple --deals 2000 --workers 2

        Exit codes: 0 done, 2 bad option, unknown player, a player broke the rules (the partial result of the
        deals already played is printed), or an unusable cluster; 130 interrupted by Ctrl-C (the partial
        result is printed too).
        """
        from arbitre.cli.output import input_error as _input_error
        from arbitre.cli.output import print_json as _print_json

        if show_history:
            from arbitre.arena.store import history
            from arbitre.cli.common import connect

            rows = history(connect(db))
            if as_json:
                _print_json({"runs": rows})
            else:
                render_history(rows, lang.value)
            raise typer.Exit(exitcodes.OK)
        report: dict[str, Any] | None = None
        error: InputError | None = None
        try:
            from arbitre.arena.gym import GymConfig, aggregate
            from arbitre.arena.parallel import run
            from arbitre.arena.quiet import players_print_to_stderr
            from arbitre.arena.registry import parse_team, resolve

            if not team_a or not team_b:
                raise InputError(T("--team-a et --team-b sont requis (ou --history)",
                                   "--team-a and --team-b are required (or --history)"), token="--team-a")
            a, b = parse_team(team_a), parse_team(team_b)
            with players_print_to_stderr():  # a player's print() would mix into the report (or the JSON)
                for spec in {*a, *b}:
                    resolve(spec)
                cfg = GymConfig((a[0], a[1]), (b[0], b[1]), deals, duplicate, seed, budget)
                n_workers = workers or (2 if cluster == "local" else os.cpu_count() or 1)
                played, error, seconds, backend = _run_with_progress(run, cfg, n_workers, cluster, as_json)
            report = aggregate(cfg, played, seconds, n_workers, backend)
            report["partial"] = error is not None
            if plot is not None and report["deals"]:
                from arbitre.arena.plot import plot_report

                plot_report(report, plot, lang.value)
            if save and report["deals"]:
                from arbitre.arena.store import save_run
                from arbitre.cli.common import connect

                report["saved_id"] = save_run(connect(db), report, {
                    "workers": n_workers, "cluster": cluster, "budget": budget, "backend": backend})
        except InputError as err:
            error = err
        if error is not None:
            from arbitre.arena.gym import Interrupted

            # Ctrl-C exits 130, as everywhere; the deals played before it are reported all the same
            code = exitcodes.INTERRUPTED if isinstance(error, Interrupted) else exitcodes.BAD_INPUT
            if report is not None and report["deals"]:
                if as_json:
                    report["error"] = {"message": error.message.as_dict(), "token": error.token}
                    _print_json(_public(report))
                    from arbitre.cli.belote import _err

                    _err().print(error.render(lang.value), markup=False, highlight=False)
                    raise typer.Exit(code)
                render_report(report, lang.value)
            _input_error(error, lang.value, as_json)
            raise typer.Exit(code)
        assert report is not None
        if as_json:
            _print_json(_public(report))
        else:
            render_report(report, lang.value)
        raise typer.Exit(exitcodes.OK)


def _public(report: dict[str, Any]) -> dict[str, Any]:
    """The JSON document: the report without the per-deal lists (those feed --plot)."""
    from arbitre.arena.store import PER_DEAL_KEYS

    return {k: v for k, v in report.items() if k not in PER_DEAL_KEYS}


def _run_with_progress(run: Any, cfg: Any, workers: int, cluster: str | None, quiet: bool) -> Any:
    """``run`` with a rich progress bar on stderr when it is a terminal."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    show = console.is_terminal and not quiet and sys.stderr.isatty()
    with Progress(TextColumn("gym"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                  transient=True, disable=not show) as bar:
        task = bar.add_task("gym", total=cfg.deals)
        return run(cfg, workers, cluster, lambda done: bar.update(task, completed=done))
