"""``arbitre coinche serve``: run the coinche table server (the work is in :mod:`arbitre.server`)."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from arbitre.cli import exitcodes
from arbitre.cli.common import Lang, LangOpt, fail
from arbitre.rulings.digits import is_number
from arbitre.rulings.i18n import T

app = typer.Typer(help="The coinche table server. Example: arbitre coinche serve --bots 3", no_args_is_help=True)


@app.callback()
def _coinche() -> None:
    """The coinche table server."""


@app.command("serve")
def serve_cmd(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="TCP port, 0 to 65535 (0: any free port, printed on stderr).")] = 4242,
    bots: Annotated[int, typer.Option("--bots", help="Seats of each table given to computer players (0-3).")] = 0,
    target: Annotated[int, typer.Option("--target", help="A game ends when a team reaches this score.")] = 1000,
    variant: Annotated[list[str] | None, typer.Option(
        "--variant", help="bid-step=10 (bids by tens) | surcoinche=3 (multiplier, default 4). Repeatable.")] = None,
    grace: Annotated[float, typer.Option(
        "--grace", help="Seconds a table waits for a player who left before a bot takes the seat.")] = 30.0,
    record_dir: Annotated[Path | None, typer.Option(
        "--record-dir", help="Write one JSON record per finished deal in this folder.")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed the shuffles (reproducible deals).")] = None,
    lang: LangOpt = Lang.en,
) -> None:
    """Serve coinche tables over TCP: NAME, CONTRACT, COINCHE, SURCOINCHE, PASS, PLAY, LAST, HAND, MSG, QUIT.

    \b
    Examples:
      arbitre coinche serve --bots 3            # then: nc 127.0.0.1 4242
      arbitre coinche serve --port 0 --record-dir deals/ --lang fr
    """
    from arbitre.rulings.belote.coinche import CoincheVariants
    from arbitre.rulings.belote.coinche_auction import AuctionVariants
    from arbitre.server.app import ServerOptions, run
    from arbitre.server.oserrors import os_reason

    if not 0 <= bots <= 3:
        fail(T(f"--bots {bots} : une table a de 0 à 3 robots", f"--bots {bots}: a table has 0 to 3 bots"))
    if target <= 0:
        fail(T(f"--target {target} : le score à atteindre doit être positif",
               f"--target {target}: the score to reach must be positive"))
    if grace < 0:
        fail(T(f"--grace {grace:g} : le délai ne peut pas être négatif", f"--grace {grace:g}: the wait cannot be negative"))
    step, multiplier = 0, 4
    for item in variant or []:
        key, _, value = item.partition("=")
        if key == "bid-step" and is_number(value) and int(value) > 0:
            step = int(value)
        elif key == "surcoinche" and value in ("3", "4"):
            multiplier = int(value)
        else:
            fail(T(f"--variant {item!r} : attendu bid-step=N ou surcoinche=3|4",
                   f"--variant {item!r}: expected bid-step=N or surcoinche=3|4"))
    if record_dir is not None:
        try:
            record_dir.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            why = os_reason(err)
            fail(T(f"--record-dir {record_dir} : dossier impossible à créer : {why.fr}",
                   f"--record-dir {record_dir}: cannot create the folder: {why.en}"))
    options = ServerOptions(bots=bots, target=target, lang=lang.value, grace=grace,
                            auction=AuctionVariants(bid_step=step), scoring=CoincheVariants(multiplier),
                            record_dir=record_dir, seed=seed)
    try:
        run(host, port, options)
    except OSError as err:
        why = os_reason(err)
        fail(T(f"impossible d'écouter sur {host}:{port} : {why.fr}", f"cannot listen on {host}:{port}: {why.en}"))
    except KeyboardInterrupt:
        raise typer.Exit(exitcodes.INTERRUPTED) from None  # every client was told (690)
