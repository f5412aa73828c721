"""``arbitre belote play``: a complete game between four players, deal by deal.

Parses options and renders; the game is :func:`arbitre.arena.match.play_game`, the
record :func:`arbitre.arena.record.game_record`.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from arbitre.cli import exitcodes
from arbitre.cli.common import Lang, LangOpt
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T


def game_document(result: Any, specs: list[str]) -> dict[str, Any]:
    """The ``--json`` document of a game."""
    from arbitre.rulings.belote.cards import Suit

    deals = []
    for n, (played, got, totals) in enumerate(zip(result.deals, result.received, result.totals_after, strict=False), start=1):
        a, b = played.team_scores()
        deals.append({
            "number": n, "dealer": played.dealer + 1, "taker": played.taker + 1, "taker_team": "AB"[played.taker_team],
            "trump": Suit(played.trump_index).en, "trump_fr": Suit(played.trump_index).label().fr,
            "take_round": played.take_round, "made": played.score.made, "litige": played.score.litige,
            "capot": played.score.capot,
            "card_points": {"A": played.card_points[0], "B": played.card_points[1]},
            "score": {"A": a + got[0], "B": b + got[1]}, "totals": {"A": totals[0], "B": totals[1]},
        })
    return {
        "seed": result.seed, "target": result.target,
        "players": [{"seat": s + 1, "player": specs[s], "team": "AB"[s & 1]} for s in range(4)],
        "deals": deals, "void_deals": result.passed_out,
        "totals": {"A": result.totals[0], "B": result.totals[1]},
        "winner": None if result.winner is None else "AB"[result.winner],
    }


def register(app: typer.Typer) -> None:
    @app.command("play")
    def play_cmd(
        players: str = typer.Option("simple,random,simple,random", "--players",
                                    help="Four players, seats 1 to 4 (seats 1 and 3 are team A): built-in names "
                                         "(random, simple, memory, advanced) or module:Class."),
        seed: int = typer.Option(0, "--seed", help="Same seed, same game, card for card."),
        target: int = typer.Option(501, "--target", min=1, help="The game ends when a team reaches this total."),
        record: Path = typer.Option(None, "--record", help="Write the game in the seed 001 JSON schema "
                                                           "(readable by 'arbitre belote check')."),
        budget: int = typer.Option(None, "--budget", min=1, help="Samples per decision of the advanced player."),
        as_json: bool = typer.Option(False, "--json", help="Print exactly one JSON document on stdout."),
        lang: LangOpt = Lang.en,
    ) -> None:
        """Play a complete game (deals until a team reaches the target) and print it deal by deal.

        Example: arbitre belote play --players memory,simple,memory,simple --seed 7 --record game.json

        Exit codes: 0 a game was played, 2 bad option or a player broke the rules (named).
        """
        from arbitre.cli.output import input_error as _input_error
        from arbitre.cli.output import print_json as _print_json

        try:
            from arbitre.arena.match import play_game
            from arbitre.arena.quiet import players_print_to_stderr
            from arbitre.arena.registry import make_player

            specs = [p.strip() for p in players.split(",")]
            if len(specs) != 4 or not all(specs):
                raise InputError(T(f"--players attend quatre joueurs séparés par des virgules, pas « {players} »",
                                   f"--players needs four comma-separated players, not '{players}'"), token=players)
            with players_print_to_stderr():  # a player's print() would mix into the table or the JSON
                seats = [make_player(s, budget=budget) for s in specs]
                result = play_game(seats, seed=seed, target=target, names=specs)
        except InputError as err:
            raise typer.Exit(_input_error(err, lang.value, as_json)) from None
        unwritten: InputError | None = None
        if record is not None:
            from arbitre.arena.record import game_record
            from arbitre.rulings.textfile import write_text_file

            game = game_record(result.deals, names=specs, received=result.received, blanks=result.blanks)
            try:
                write_text_file(record, json.dumps(game, ensure_ascii=False, indent=1) + "\n", "--record")
            except InputError as err:  # the game played is still shown, then the error
                unwritten = err
        doc = game_document(result, specs)
        if unwritten is not None and as_json:
            doc["error"] = {"message": unwritten.message.as_dict(), "token": unwritten.token,
                            "source": unwritten.source}
        if as_json:
            _print_json(doc)
        else:
            _render(doc, lang.value)
        if unwritten is not None:
            from arbitre.cli.output import print_error

            print_error(unwritten.render(lang.value), lang.value)
            raise typer.Exit(exitcodes.BAD_INPUT)
        raise typer.Exit(exitcodes.OK)


def _render(doc: dict[str, Any], lang: str) -> None:
    from rich.table import Table

    from arbitre.cli.common import out as _out

    fr = lang == "fr"
    names = ", ".join(f"{p['seat']}:{p['player']} ({p['team']})" for p in doc["players"])
    table = Table(title=(f"Partie (graine {doc['seed']}) — {names}" if fr else f"Game (seed {doc['seed']}) — {names}"))
    for col in (T("Donne", "Deal"), T("Donneur", "Dealer"), T("Preneur", "Taker"), T("Atout", "Trump"),
                T("Résultat", "Result"), T("Points A", "Points A"), T("Points B", "Points B"),
                T("Marque A", "Score A"), T("Marque B", "Score B"), T("Total A", "Total A"), T("Total B", "Total B")):
        table.add_column(col.get(lang), no_wrap=True)
    for d in doc["deals"]:
        result = ("litige" if d["litige"] else
                  ("réussi" if fr else "made") if d["made"] else ("chuté" if fr else "failed"))
        if d["capot"]:
            result += " (capot)"
        table.add_row(str(d["number"]), str(d["dealer"]), f"{d['taker']} ({d['taker_team']})",
                      d["trump_fr"] if fr else d["trump"], result, str(d["card_points"]["A"]),
                      str(d["card_points"]["B"]), str(d["score"]["A"]), str(d["score"]["B"]),
                      str(d["totals"]["A"]), str(d["totals"]["B"]))
    out = _out()
    out.print(table)
    void = doc["void_deals"]
    if void:
        out.print(f"{void} donne(s) sans preneur, redistribuée(s)." if fr else f"{void} deal(s) nobody took, redealt.")
    winner = doc["winner"]
    totals = doc["totals"]
    if winner is None:
        out.print("Pas de vainqueur (limite de donnes atteinte)." if fr else "No winner (deal limit reached).")
    else:
        out.print(f"Vainqueur : équipe {winner} ({totals['A']} à {totals['B']})" if fr
                  else f"Winner: team {winner} ({totals['A']} to {totals['B']})")
