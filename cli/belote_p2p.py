"""``arbitre belote peer`` and ``arbitre belote p2p``: peer-to-peer belote between independent processes.

The CLI parses and renders only: :mod:`arbitre.p2p` does the work. Heavy
imports (FastAPI, uvicorn, httpx, PyNaCl, the players) happen inside the
commands.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer

from arbitre.cli import exitcodes
from arbitre.cli.common import Lang, LangOpt
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

_STATUS = {"lobby": T("en attente", "lobby"), "playing": T("en cours", "playing"), "finished": T("terminée", "finished"),
           "abandoned": T("abandonnée", "abandoned"), "disputed": T("contestée", "disputed")}
"""A peer's game status (``p2p.protocol``) as the table shows it."""


def _fail(err: InputError, lang: str) -> None:
    from arbitre.cli.output import input_error

    raise typer.Exit(input_error(err, lang, False))


def _missing_extra(err: ImportError, lang: str) -> None:
    _fail(InputError(T(f"il manque une dépendance ({err.name}) : pip install 'arbitre[p2p]'",
                       f"a dependency is missing ({err.name}): pip install 'arbitre[p2p]'")), lang)


def _default_key(name: str) -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("arbitre")) / "p2p" / f"{name}.key"


def peer_cmd(
    name: str = typer.Option(..., "--name", help="This peer's name (unique in a game)."),
    port: int = typer.Option(..., "--port", help="TCP port to listen on."),
    player: str = typer.Option("simple", "--player", help="random, simple, memory, advanced or module:Class."),
    key: Path | None = typer.Option(None, "--key", help="Ed25519 key file (created on first use). "  # noqa: B008
                                       "Default: the per-user data folder, p2p/NAME.key."),
    bind: str = typer.Option("127.0.0.1", "--bind", help="Address to listen on (loopback unless told otherwise)."),
    url: str | None = typer.Option(None, "--url", help="Address the other peers use to reach this one "
                                      "(default http://BIND:PORT)."),
    fault: str | None = typer.Option(None, "--fault", hidden=True,
                                        help="Misbehave on purpose (tests): wrong_winner, bad_reveal, renonce, stall."),
    lang: LangOpt = Lang.en,
) -> None:
    """Run one belote peer: an AI player that plays and referees peer-to-peer games.

    Example: arbitre belote peer --name Alice --port 8701 --player simple
    """
    try:
        import uvicorn

        from arbitre.p2p.envelope import KeyPair
        from arbitre.p2p.peer import FAULTS, Peer
        from arbitre.p2p.service import create_app
    except ImportError as err:
        _missing_extra(err, lang.value)
    try:
        if fault is not None and fault not in FAULTS:
            raise InputError(T(f"--fault inconnu : {fault}", f"unknown --fault: {fault}"), token=fault)
        if not 0 < port < 65536:
            raise InputError(T(f"--port hors limites : {port}", f"--port out of range: {port}"), token=str(port))
        pair = KeyPair.load_or_create(key or _default_key(name))
        host = bind if ":" not in bind else f"[{bind}]"
        peer = Peer(name, pair, player, url or f"http://{host}:{port}", fault=fault)
    except InputError as err:
        _fail(err, lang.value)
    typer.echo(f"peer {name} ({player}) on http://{host}:{port}, key {pair.public_hex[:16]}…", err=True)
    try:
        uvicorn.run(create_app(peer), host=bind, port=port, log_level="warning")
    except KeyboardInterrupt:  # pragma: no cover
        raise typer.Exit(exitcodes.OK) from None


def _render(outcome: Any, players: list[str], lang: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=T("Scores finaux de chaque joueur", "Final scores on each peer").get(lang))
    for col in (T("Joueur", "Peer"), T("IA", "Player"), T("Statut", "Status"), "A", "B",
                T("Donnes", "Deals"), T("Partie (sha256)", "Record (sha256)")):
        table.add_column(col if isinstance(col, str) else col.get(lang))
    for i, view in enumerate(outcome.views):
        if view is None:
            table.add_row(outcome.urls[i], players[i] if i < len(players) else "?",
                          T("ne répond pas", "no answer").get(lang), "-", "-", "-", "-")
            continue
        status = _STATUS.get(view["status"])
        table.add_row(view["me"], view.get("player", "?"), status.get(lang) if status else view["status"],
                      str(view["totals"]["A"]),
                      str(view["totals"]["B"]), str(len(view.get("deal_results", []))),
                      view["record_sha256"][:12])
    Console(file=sys.stdout, soft_wrap=True).print(table)
    first = outcome.present[0] if outcome.present else None
    err = Console(file=sys.stderr, soft_wrap=True)
    if first and first.get("absent"):
        a = first["absent"]
        err.print(T(f"Partie abandonnée : {a['name']} (siège {a['seat'] + 1}) ne répond plus.",
                    f"Game abandoned: {a['name']} (seat {a['seat'] + 1}) stopped answering.").get(lang))
    if first and first.get("dispute"):
        err.print(T("Litige : ", "Disputed: ").get(lang) + first["dispute"]["reason"][lang], markup=False)
    if outcome.timed_out:
        err.print(T("Délai dépassé : la partie n'est pas finie partout.",
                    "Timed out: the game is not over on every peer.").get(lang))
    err.print((T("Les quatre joueurs sont d'accord.", "All four peers agree.") if outcome.all_finished else
               T("Les joueurs ne sont PAS tous d'accord sur une partie finie.",
                 "The peers do NOT all agree on a finished game.")).get(lang))


def p2p_cmd(
    players: str = typer.Option("simple,simple,simple,simple", "--players",
                                help="Four players, comma-separated: random, simple, memory, advanced, module:Class."),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the first shuffle, the cuts and the players."),
    target: int = typer.Option(501, "--target", help="A team that reaches this total wins (the seed's '>500')."),
    record: Path | None = typer.Option(None, "--record", help="Write the game record (seed 001 JSON schema)."),  # noqa: B008
    peers: str | None = typer.Option(None, "--peers", help="Use four running peers: URL,URL,URL,URL."),
    timeout: float = typer.Option(300.0, "--timeout", help="Give up after this many seconds."),
    as_json: bool = typer.Option(False, "--json", help="Print exactly one JSON document on stdout."),
    lang: LangOpt = Lang.en,
) -> None:
    """Play a whole game between four peer processes; every peer referees; compare their final scores.

    Example: arbitre belote p2p --players simple,memory,advanced,random --seed 7

    Exit codes: 0 all four finished with the same scores and record, 1 they disagree or the game was
    abandoned or disputed (a player that fails, an illegal card or an exception, stops it disputed, named),
    2 bad input, a peer that cannot be reached, or a --record that cannot be written (the game is shown).
    """
    try:
        from arbitre.p2p.brain import load_player
        from arbitre.p2p.orchestrate import play_game, start_local_peers, wait_ready
    except ImportError as err:
        _missing_extra(err, lang.value)
    names = [p.strip() for p in players.split(",")]
    try:
        if peers is None:
            if len(names) != 4:
                raise InputError(T(f"--players : 4 joueurs attendus, {len(names)} donnés",
                                   f"--players: 4 players expected, {len(names)} given"), token=players)
            for n in names:
                load_player(n)
        if target < 1:
            raise InputError(T("--target doit être positif", "--target must be positive"), token=str(target))
        if peers is not None:
            urls = [u.strip().rstrip("/") for u in peers.split(",")]
            if len(urls) != 4:
                raise InputError(T(f"--peers : 4 adresses attendues, {len(urls)} données",
                                   f"--peers: 4 addresses expected, {len(urls)} given"), token=peers)
            wait_ready(urls, 5.0)
            outcome = play_game(urls, target, seed, timeout)
        else:
            with start_local_peers(names) as local:
                outcome = play_game(local.urls, target, seed, timeout)
    except InputError as err:
        _fail(err, lang.value)
    unwritten: InputError | None = None
    if record is not None and outcome.record:
        from arbitre.rulings.textfile import write_text_file

        try:
            write_text_file(record, json.dumps(outcome.record, ensure_ascii=False, indent=2) + "\n", "--record")
        except InputError as err:  # the game played is still shown, then the error
            unwritten = err
    code = exitcodes.OK if outcome.all_finished else exitcodes.FINDINGS
    if as_json:
        doc = {"game_id": outcome.game_id, "agree": outcome.agree, "all_finished": outcome.all_finished,
               "seconds": round(outcome.seconds, 3), "timed_out": outcome.timed_out,
               "peers": [{"url": u, "name": v["me"] if v else None, "player": v.get("player") if v else None,
                          "status": v["status"] if v else None, "totals": v["totals"] if v else None,
                          "results": v.get("results") if v else None, "absent": v.get("absent") if v else None,
                          "dispute": v.get("dispute") if v else None,
                          "record_sha256": v["record_sha256"] if v else None}
                         for u, v in zip(outcome.urls, outcome.views, strict=False)]}
        if unwritten is not None:
            doc["error"] = {"message": unwritten.message.as_dict(), "token": unwritten.token,
                            "source": unwritten.source}
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    else:
        _render(outcome, names, lang.value)
    if unwritten is not None:
        from arbitre.cli.output import print_error

        print_error(unwritten.render(lang.value), lang.value)
        raise typer.Exit(exitcodes.BAD_INPUT)
    raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    """Add ``peer`` and ``p2p`` to the ``arbitre belote`` sub-app."""
    app.command("peer")(peer_cmd)
    app.command("p2p")(p2p_cmd)
