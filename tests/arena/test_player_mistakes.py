"""The mistakes a player's author makes, as they see them from `arbitre belote play` and `gym` (real processes).

A player that prints while it thinks, returns a string or None instead of a card, names a suit in the
wrong round, is misspelt on the command line; a `--record` that cannot be written; a long gym run stopped
with Ctrl-C. Each gets one line naming the player, the deal and what was wrong, in the user's language,
with the documented exit code and no traceback, and what was played is kept.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ARBITRE = str(Path(sys.executable).with_name("arbitre"))

MISTAKES = '''
import os
from pathlib import Path
from arbitre.arena import BasePlayer


class Chatty(BasePlayer):
    """Prints what it thinks, as a developer debugging does."""
    def bid(self, obs):
        print("bid? I pass")
        return None
    def play(self, obs):
        print("I play", obs.legal_cards[0])
        return obs.legal_cards[0]


class Stringly(BasePlayer):
    """Returns the card's short name, not the card."""
    def bid(self, obs):
        return None
    def play(self, obs):
        return obs.legal_cards[0].short()


class Silent(BasePlayer):
    """Forgets to return."""
    def bid(self, obs):
        return None
    def play(self, obs):
        obs.legal_cards[0]


class SecondRoundTurned(BasePlayer):
    """Names the turned suit in round 2, where it must name another suit."""
    def bid(self, obs):
        return obs.turned_card.suit if obs.bid_round == 2 else None
    def play(self, obs):
        return obs.legal_cards[0]


class Marker(BasePlayer):
    """Plays its first legal card; after 300 cards in this process, creates the file $MARK (the run is on)."""
    count = 0
    def bid(self, obs):
        return None
    def play(self, obs):
        Marker.count += 1
        if Marker.count == 300:
            Path(os.environ["MARK"]).touch()
        return obs.legal_cards[0]
'''


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    (tmp_path / "mistakes.py").write_text(MISTAKES)
    return {**os.environ, "PYTHONPATH": str(tmp_path), **extra}


def _run(args: list[str], tmp_path: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([ARBITRE, "belote", *args], capture_output=True, text=True, env=_env(tmp_path),
                          cwd=tmp_path, timeout=timeout, check=False)


@pytest.mark.parametrize("command", [
    ["play", "--players", "mistakes:Chatty,simple,simple,simple", "--seed", "1", "--json"],
    ["gym", "--team-a", "mistakes:Chatty", "--team-b", "simple", "--deals", "6", "--workers", "1", "--json"],
    ["gym", "--team-a", "mistakes:Chatty", "--team-b", "simple", "--deals", "12", "--workers", "2", "--json"],
])
def test_what_a_player_prints_goes_to_stderr_and_the_json_stays_one_document(tmp_path, command):
    r = _run(command, tmp_path)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)  # the player's lines are not mixed into it
    assert "winner" in doc or doc["deals"] == int(command[command.index("--deals") + 1])
    assert "I play" in r.stderr and "bid? I pass" in r.stderr


def test_what_a_player_prints_stays_out_of_the_game_table(tmp_path):
    r = _run(["play", "--players", "mistakes:Chatty,simple,simple,simple", "--seed", "1"], tmp_path)
    assert r.returncode == 0 and "Winner: team" in r.stdout
    assert "I play" not in r.stdout and "I play" in r.stderr


@pytest.mark.parametrize("player, lang, words", [
    ("mistakes:Stringly", "en", ["player 'mistakes:Stringly' (seat 1), deal 1, trick ", "(a str), not a card",
                                 "obs.legal_cards"]),
    ("mistakes:Stringly", "fr", ["joueur « mistakes:Stringly » (siège 1), donne 1, pli ", "(str), pas une carte"]),
    ("mistakes:Silent", "en", ["player 'mistakes:Silent' (seat 1), deal 1, trick ", "play returned None"]),
    ("mistakes:SecondRoundTurned", "en", ["player 'mistakes:SecondRoundTurned' (seat 1), deal ", ", bidding: ",
                                          "in round 2 (expected a suit other than the turned one, or pass)"]),
    ("mistakes:SecondRoundTurned", "fr", ["enchères : annonce ", "invalide au tour 2"]),
])
def test_a_wrong_answer_says_what_it_was_in_the_users_words(tmp_path, player, lang, words):
    r = _run(["play", "--players", f"{player},simple,simple,simple", "--seed", "1", "--lang", lang], tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr and r.stderr.count("\n") == 1, r.stderr
    for word in words:
        assert word in r.stderr
    assert "<Suit." not in r.stderr  # a suit is named, never Python's repr of it
    if player.endswith("SecondRoundTurned"):
        suits = ("Hearts", "Diamonds", "Clubs", "Spades") if lang == "en" else ("Cœur", "Carreau", "Trèfle", "Pique")
        assert any(f" {suit} " in r.stderr for suit in suits)


@pytest.mark.parametrize("spec, lang, hint", [
    ("mistakes:chatty", "en", "(did you mean 'Chatty'?)"),
    ("mistakes:Chaty", "fr", "(vouliez-vous dire « Chatty » ?)"),
    ("simpel", "en", "(did you mean 'simple'?)"),
])
def test_a_misspelt_player_is_refused_with_the_name_it_probably_meant(tmp_path, spec, lang, hint):
    r = _run(["gym", "--team-a", spec, "--team-b", "simple", "--deals", "2", "--lang", lang], tmp_path)
    assert r.returncode == 2 and hint in r.stderr and spec in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("lang, why", [("en", "its folder does not exist"), ("fr", "son dossier n'existe pas")])
def test_a_record_that_cannot_be_written_still_shows_the_game_played(tmp_path, lang, why):
    target = tmp_path / "missing" / "game.json"
    r = _run(["play", "--players", "simple,memory,simple,memory", "--seed", "4", "--record", str(target),
              "--lang", lang], tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert ("Winner: team" if lang == "en" else "Vainqueur : équipe") in r.stdout  # the game is not lost
    assert "--record" in r.stderr and str(target) in r.stderr and why in r.stderr
    j = _run(["play", "--players", "simple,memory,simple,memory", "--seed", "4", "--record", str(target),
              "--json"], tmp_path)
    doc = json.loads(j.stdout)
    assert j.returncode == 2 and doc["winner"] in ("A", "B") and doc["error"]["token"] == "--record"


def _interrupt_gym(tmp_path: Path, workers: str, *extra: str) -> tuple[subprocess.CompletedProcess[str], float]:
    """Start a gym run far too long to finish, wait (bounded) until it is playing, then Ctrl-C it: SIGINT to its
    whole process group, as a terminal does. Return the finished process and how long it took to stop."""
    mark = tmp_path / "playing"
    proc = subprocess.Popen(
        [ARBITRE, "belote", "gym", "--team-a", "mistakes:Marker", "--team-b", "simple", "--deals", "5000000",
         "--workers", workers, *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(tmp_path, MARK=str(mark)),
        cwd=tmp_path, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # a shell's & would ignore Ctrl-C
    try:
        deadline = time.monotonic() + 90
        while not mark.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert mark.exists(), "the gym never started playing"
        time.sleep(0.5)
        os.killpg(proc.pid, signal.SIGINT)
        t0 = time.monotonic()
        out, err = proc.communicate(timeout=60)
        return subprocess.CompletedProcess(proc.args, proc.returncode, out, err), time.monotonic() - t0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_a_long_gym_run_and_reports_the_deals_already_played(tmp_path, workers):
    r, stopping = _interrupt_gym(tmp_path, workers, "--json")
    assert r.returncode == 130, r.stderr
    assert stopping < 30  # a pool used to wait for every chunk still queued
    assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1, r.stderr
    doc = json.loads(r.stdout)
    assert doc["partial"] is True and doc["deals"] > 0 and doc["plays"] == 2 * doc["deals"]
    assert f"interrupted (Ctrl-C): the {doc['plays']} deals already played are kept" in r.stderr


def test_ctrl_c_report_in_french(tmp_path):
    r, _ = _interrupt_gym(tmp_path, "2", "--lang", "fr")
    assert r.returncode == 130 and "RÉSULTAT PARTIEL" in r.stdout and "Traceback" not in r.stderr
    assert "interrompu (Ctrl-C) : les " in r.stderr and " donnes déjà jouées sont gardées" in r.stderr
