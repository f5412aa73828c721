"""What people at a coinche table read, found by playing with netcat: `arbitre coinche serve` as a real
process on 127.0.0.1, every wait bounded.

Each test is one defect found that way: a seated player's new name, the coinche in the bidding prompt,
the contract told to a player who comes back, Ctrl-C telling every client, a deal record that cannot be
written, and the command's own errors in French.
"""
from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .client import Player, named_table, pass_and_play_until, play_deal, whose_turn

ARBITRE = Path(sys.executable).with_name("arbitre")
TIMEOUT = 20.0


@contextmanager
def serving(*args: str, lang: str = "en") -> Iterator[tuple[int, subprocess.Popen[str], list[str]]]:
    """`arbitre coinche serve --port 0 ARGS` as a process: its port, the process, and its stderr lines so far."""
    if not ARBITRE.exists():
        pytest.skip(f"the arbitre command is not installed beside {sys.executable}")
    proc = subprocess.Popen([str(ARBITRE), "coinche", "serve", "--port", "0", *args], stderr=subprocess.PIPE,
                            text=True, encoding="utf-8", env={**os.environ, "ARBITRE_LANG": lang})
    lines: list[str] = []
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline()
        match = re.search(r"127\.0\.0\.1:(\d+)", first)
        assert match, first
        stderr = proc.stderr
        threading.Thread(target=lambda: lines.extend(iter(stderr.readline, "")), daemon=True).start()
        yield int(match.group(1)), proc, lines
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def run(body) -> None:  # type: ignore[no-untyped-def]
    asyncio.run(asyncio.wait_for(body(), 60))


def test_a_new_name_at_the_table_is_the_name_the_others_read_for_every_card_and_trick():
    """NAME again at the table: the others are told the four players again (601), and read the new name in
    630 and 631 too, not the name the table had cached for the cards that player played in an earlier deal."""
    with serving("--bots", "2", "--seed", "5") as (port, _, _):
        async def body() -> None:
            alice, bruno = await named_table(port, ["alice", "bruno"])
            await play_deal([alice, bruno], bid=False)  # alice plays her eight cards: lines cached with her name
            seen = len(bruno.events)
            assert (await alice.cmd("NAME BOT1X1")) == "403 nickname is already in use"  # a bot's seat at her table
            assert (await alice.cmd("NAME alicia")) == "200 Nickname changed"
            await bruno.wait_event("601 table 1, seat 2: alicia, bruno, bot1x1 (bot), bot1x2 (bot)")
            assert [e for e in bruno.events[seen:] if e.startswith("601")] == [
                "601 table 1, seat 2: alicia, bruno, bot1x1 (bot), bot1x2 (bot)"]
            await play_deal([alice, bruno], bid=False)
            after = bruno.events[seen:]
            plays = [e for e in after if e.startswith(("630 alic", "631 alic"))]
            assert plays, after  # alice played and won tricks meanwhile
            assert all(e.startswith(("630 alicia ", "631 alicia ")) for e in plays), plays
            for p in (alice, bruno):
                await p.close()
        run(body)


def test_a_coinched_contract_shows_in_the_bidding_prompt_and_a_player_who_comes_back_hears_the_contract():
    """After a coinche the next player is asked `620 your turn to bid (80 Hearts, coinched)`; a player who
    lost the connection mid-deal and comes back is told the contract (622), not only the cards."""
    names = ["anna", "bert", "cleo", "dirk"]
    with serving("--seed", "9", "--grace", "30") as (port, _, _):
        async def body() -> None:
            players = await named_table(port, names)
            first = await whose_turn(players, want="your turn to bid")
            seat = players.index(first)
            taker, opponent, partner, last = (players[(seat + k) % 4] for k in range(4))
            taker.turn = None
            assert (await taker.cmd("CONTRACT 80 Hearts")) == "200 bidding okay."
            assert (await opponent.cmd("COINCHE")) == "200 Coinche has been counted"
            assert await partner.wait_event("620 your turn to bid") == "620 your turn to bid (80 Hearts, coinched)"
            for p in (partner, last, taker):  # the contract's side declines to surcoinche: the bidding is over
                p.turn = None
                assert (await p.cmd("PASS")) == "200 You passed your turn."
            contract = f"622 contract 80 Hearts by {names[seat]}, coinched"
            assert await opponent.wait_event("622 contract") == contract
            assert (await (await whose_turn(players, want="your turn to play")).play_legal()).startswith("200")
            await opponent.close()  # mid-deal
            await taker.wait_event(f"660 {names[(seat + 1) % 4]} left")
            # the seat waits for its player: nobody else takes that name by a change of name
            assert (await taker.cmd(f"NAME {names[(seat + 1) % 4]}")) == "403 nickname is already in use"
            back = await Player.connect(port)
            assert (await back.cmd(f"NAME {names[(seat + 1) % 4]}")) == "200 Nickname changed"
            await back.wait_event("610 your cards")
            assert await back.wait_event("622 contract") == contract  # after the cards, before any 620
            order = [e[:3] for e in back.events if e[:3] in ("610", "622", "620")]
            assert order[:2] == ["610", "622"], back.events
            await play_deal([taker, partner, last, back])  # `back` knows the trump from that 622 alone
            _check_deal_score(await taker.wait_event("640 deal 1"), names[seat % 2], names[seat % 2 + 2])
            for p in (taker, partner, last, back):
                await p.close()
        run(body)


def _check_deal_score(line: str, *takers: str) -> None:
    """The 640 line of 80 Hearts coinched says all a person needs to check the score by hand: the card points
    (162 with the last trick's 10), the belote; made when the takers' points (with their belote) reach 80 and
    beat the defence's; then (160 + 80) x 2 to the side that wins, nothing to the other, a belote kept."""
    match = re.fullmatch(r"640 deal 1: 80 Hearts, coinched, (made|failed); (\S+) (\d+), (\S+) (\d+); "
                         r"total \2 \3, \4 \5; card points \2 (\d+), \4 (\d+)(?:, belote (\S+))?", line)
    assert match, line
    verdict, team_a, score_a, team_b, score_b, cards_a, cards_b, belote = match.groups()
    assert int(cards_a) + int(cards_b) == 162
    taker_team = team_a if team_a == "+".join(takers) else team_b
    points = {team_a: int(cards_a), team_b: int(cards_b)}
    bonus = {team: (20 if team == belote else 0) for team in (team_a, team_b)}
    defence = team_b if taker_team == team_a else team_a
    made = points[taker_team] + bonus[taker_team] >= 80 and points[taker_team] + bonus[taker_team] > points[defence]
    assert verdict == ("made" if made else "failed"), line
    winner = taker_team if made else defence
    expected = {team: (480 if team == winner else 0) + bonus[team] for team in (team_a, team_b)}
    assert {team_a: int(score_a), team_b: int(score_b)} == expected, line


def _read_to_end(sock: socket.socket) -> list[str]:
    data = b""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    return data.decode("utf-8").splitlines()


@pytest.mark.parametrize(("lang", "line", "seated_line"), [
    ("en", "690 the server is shutting down", "601 table 1, seat 1: alice, bot1x1 (bot), bot1x2 (bot), bot1x3 (bot)"),
    ("fr", "690 le serveur s'arrête", "601 table 1, place 1 : alice, bot1x1 (robot), bot1x2 (robot), bot1x3 (robot)"),
])
def test_ctrl_c_tells_every_client_then_exits_130(lang, line, seated_line):
    """Ctrl-C: a seated player and a client not yet named both read 690 before the connection closes
    (they used to see the socket close without a word); the command exits 130, without a traceback.
    (And a bot is a « robot » in French, as in 661.)"""
    with serving("--bots", "3", lang=lang) as (port, proc, stderr):
        seated = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        unnamed = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        seated.sendall(b"NAME alice\n")
        unnamed.sendall(b"HAND\n")
        deadline = time.monotonic() + TIMEOUT
        seen = b""
        while b"\n610 " not in seen and time.monotonic() < deadline:  # seated: the cards are dealt
            seen += seated.recv(65536)
        assert seated_line in seen.decode("utf-8").splitlines()
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=TIMEOUT) == 130
        for sock in (seated, unnamed):
            lines = _read_to_end(sock)
            assert lines[-1] == line, lines[-3:]
            sock.close()
        time.sleep(0.1)
        assert not any("Traceback" in s for s in stderr), stderr


def test_a_deal_record_that_cannot_be_written_is_logged_and_the_game_goes_on(tmp_path):
    """--record-dir removed while the server runs: the last card of the deal gets its 200 (not 400
    "internal server error"), the deal's score and the next deal follow, and the operator reads why."""
    folder = tmp_path / "deals"
    with serving("--bots", "3", "--seed", "4", "--record-dir", str(folder)) as (port, _, stderr):
        shutil.rmtree(folder)

        async def body() -> None:
            p = await Player.connect(port)
            assert (await p.cmd("NAME solo")).startswith("200")
            await pass_and_play_until(p, "640")  # the deal's last card used to get 400 "internal server error"
            await p.wait_event("611 deal 2")
            await p.wait_event("610 your cards")
            assert (await p.cmd("HAND")).startswith("200 There is your hand: ")
            await p.close()
        run(body)
        deadline = time.monotonic() + TIMEOUT
        while not any("deal not recorded" in s for s in stderr) and time.monotonic() < deadline:
            time.sleep(0.05)
        logged = [s for s in stderr if "deal not recorded" in s]
        assert logged and logged[0].rstrip() == (
            f"coinche server: deal not recorded in {folder / 'table1-game1-deal1.json'}: no such folder"), stderr
        assert not any("Traceback" in s for s in stderr), stderr


def _serve_error(lang: str, *args: str) -> tuple[int, str]:
    done = subprocess.run([str(ARBITRE), "coinche", "serve", "--lang", lang, *args], capture_output=True,
                          text=True, encoding="utf-8", timeout=TIMEOUT, check=False)
    return done.returncode, done.stderr.strip()


def test_a_port_in_use_is_said_in_the_chosen_language():
    """`--lang fr`: « erreur : » is followed by French, no longer by Python's English words."""
    if not ARBITRE.exists():
        pytest.skip(f"the arbitre command is not installed beside {sys.executable}")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        assert _serve_error("fr", "--port", port) == (
            2, f"erreur : impossible d'écouter sur 127.0.0.1:{port} : adresse déjà utilisée "
               "(un autre serveur écoute sur ce port)")
        assert _serve_error("en", "--port", port) == (
            2, f"error: cannot listen on 127.0.0.1:{port}: address already in use "
               "(another server listens on that port)")


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "5"], "--bots 5 : une table a de 0 à 3 robots"),
    (["--target", "0"], "--target 0 : le score à atteindre doit être positif"),
    (["--grace", "-1"], "--grace -1 : le délai ne peut pas être négatif"),
    (["--variant", "x"], "--variant 'x' : attendu bid-step=N ou surcoinche=3|4"),
    (["--record-dir", "{file}/x"], "--record-dir {file}/x : dossier impossible à créer : "
                                   "un élément du chemin n'est pas un dossier"),
])
def test_the_serve_options_are_refused_in_the_chosen_language(args, message, tmp_path):
    """The options the command checks itself (typer checks the types) were refused in English under --lang fr."""
    from typer.testing import CliRunner

    from arbitre.cli.app import app

    file = tmp_path / "a-file"
    file.write_text("", encoding="utf-8")
    args = [a.format(file=file) for a in args]
    r = CliRunner().invoke(app, ["coinche", "serve", "--lang", "fr", "--port", "0", *args])
    assert (r.exit_code, r.stderr.strip()) == (2, "erreur : " + message.format(file=file))


def test_a_name_too_long_and_a_call_with_words_after_it_are_refused_with_the_reason():
    """A name of 40 letters was told it "is too short"; `PASS now` at the table got a bare
    `400 Invalid command`, though PASS is a command of the protocol."""
    with serving("--bots", "3", "--seed", "2") as (port, _, _):
        async def body() -> None:
            p = await Player.connect(port)
            assert (await p.cmd("NAME " + "a" * 40)) == f"402 {'a' * 40} is too long (at most 32 letters or digits)."
            assert (await p.cmd("NAME " + "a" * 32 + "_")) == (
                f"402 {'a' * 32}_ contains invalid characters or is too short (at least four letters or digits).")
            assert (await p.cmd("NAME " + "a" * 32)) == "200 Nickname changed"
            assert (await p.cmd("NAME solo")).startswith("200")
            await p.wait_event("610 your cards")
            assert (await p.cmd("PASS now")) == "400 Invalid command: PASS takes no parameter (now)"
            assert (await p.cmd("coinche !")) == "400 Invalid command: COINCHE takes no parameter (!)"
            assert (await p.cmd("Surcoinche x y")) == "400 Invalid command: SURCOINCHE takes no parameter (x y)"
            await p.close()
        run(body)


def test_the_lobby_is_told_when_a_waiting_player_leaves():
    """Three wait for a fourth; one leaves: the two others read that two players are missing now (they used to
    keep "waiting for 1 more player(s)" while the table could not form)."""
    with serving() as (port, _, _):
        async def body() -> None:
            ana, ben, cat = await named_table(port, ["anaa", "benn", "catt"])
            for p in (ana, ben, cat):
                await p.wait_event("602 waiting for 1 more player(s)")
            seen = [len(p.events) for p in (ana, ben)]
            await cat.send("QUIT")
            await cat.wait_event("690 goodbye")
            for p, n in zip((ana, ben), seen, strict=True):
                deadline = time.monotonic() + TIMEOUT
                while not any(e.startswith("602") for e in p.events[n:]) and time.monotonic() < deadline:
                    await asyncio.sleep(0.01)
                assert [e for e in p.events[n:] if e.startswith("602")] == ["602 waiting for 2 more player(s)"]
            dan, eve = await named_table(port, ["dann", "evee"])  # and the table forms with the next two
            for p in (ana, ben, dan, eve):
                await p.wait_event("601 table 1")
            for p in (ana, ben, cat, dan, eve):
                await p.close()
        run(body)
