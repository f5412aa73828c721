"""`arbitre belote p2p` and `arbitre belote peer` as a user runs them (real processes on 127.0.0.1)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest.importorskip("fastapi")

ARB = [sys.executable, "-m", "arbitre.cli.app"]


def _run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*ARB, *args], capture_output=True, text=True, timeout=timeout, check=False)


@pytest.mark.slow
def test_p2p_short_game_json_and_record_checks_clean(tmp_path):
    record = tmp_path / "game.json"
    r = _run("belote", "p2p", "--players", "simple,memory,random,simple", "--seed", "5", "--target", "150",
             "--record", str(record), "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["agree"] and doc["all_finished"]
    assert [p["name"] for p in doc["peers"]] == ["Alice", "Bob", "Charlie", "Diana"]
    assert [p["player"] for p in doc["peers"]] == ["simple", "memory", "random", "simple"]
    assert len({json.dumps(p["totals"]) for p in doc["peers"]}) == 1
    assert max(doc["peers"][0]["totals"].values()) >= 150
    check = _run("belote", "check", str(record), "--json")
    assert check.returncode == 0, check.stdout


@pytest.mark.parametrize("args, culprit", [
    (["--players", "simple,nobody,simple,simple"], "nobody"),
    (["--players", "simple,simple"], "4 players"),
    (["--target", "0"], "--target"),
])
def test_p2p_bad_input_exit_2(args, culprit):
    r = _run("belote", "p2p", *args, timeout=60)
    assert r.returncode == 2 and culprit in r.stderr and "Traceback" not in r.stderr
    assert r.stderr.count("\n") == 1


def test_p2p_unreachable_peers_exit_2():
    r = _run("belote", "p2p", "--peers", "http://127.0.0.1:9,http://127.0.0.1:9,http://127.0.0.1:9,"
             "http://127.0.0.1:9", timeout=60)
    assert r.returncode == 2 and "127.0.0.1:9" in r.stderr and "Traceback" not in r.stderr


def test_peer_bad_key_file_exit_2(tmp_path):
    key = tmp_path / "k.key"
    key.write_text("garbage")
    r = _run("belote", "peer", "--name", "A", "--port", "1", "--key", str(key), timeout=60)
    assert r.returncode == 2 and "k.key" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.slow
def test_p2p_with_running_peers(tmp_path):
    """`--peers` plays on peers started beforehand (here on 127.0.0.1; other machines work the same way)."""
    from arbitre.p2p.orchestrate import start_local_peers

    with start_local_peers(["random", "simple", "random", "simple"]) as peers:
        r = _run("belote", "p2p", "--peers", ",".join(peers.urls), "--target", "100", "--seed", "2", "--json")
        assert r.returncode == 0, r.stderr
        doc = json.loads(r.stdout)
        assert [p["url"] for p in doc["peers"]] == peers.urls and doc["all_finished"]
        assert [p["player"] for p in doc["peers"]] == ["random", "simple", "random", "simple"]


FAULTY = '''
from arbitre.arena import BasePlayer


class Raiser(BasePlayer):
    def bid(self, obs):
        return None
    def play(self, obs):
        raise ValueError("oops in my code")


class WordBidder(BasePlayer):
    def bid(self, obs):
        return "hearts"
    def play(self, obs):
        return obs.legal_cards[0]
'''


def _run_with(tmp_path, *args: str) -> subprocess.CompletedProcess[str]:
    import os

    (tmp_path / "faulty.py").write_text(FAULTY)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    return subprocess.run([*ARB, *args], capture_output=True, text=True, timeout=150, check=False, env=env)


def test_p2p_player_that_raises_stops_the_game_disputed_and_named_instead_of_hanging(tmp_path):
    r = _run_with(tmp_path, "belote", "p2p", "--players", "faulty:Raiser,simple,memory,random", "--seed", "7",
                  "--timeout", "90", "--json")
    assert r.returncode == 1, r.stderr
    doc = json.loads(r.stdout)
    assert not doc["timed_out"] and doc["agree"]  # every peer stopped, on the same verdict
    assert [p["status"] for p in doc["peers"]] == ["disputed"] * 4
    dispute = doc["peers"][2]["dispute"]
    assert dispute["code"] == "player_error" and dispute["by"] == "Alice"
    assert dispute["reason"]["en"].startswith("Alice: player 'faulty:Raiser' (seat 1), deal 1, trick ")
    assert "play raised ValueError: oops in my code" in dispute["reason"]["en"]
    assert "play a levé ValueError : oops in my code" in dispute["reason"]["fr"]


@pytest.mark.slow
def test_p2p_guest_with_a_bad_call_disputes_the_game_in_french(tmp_path):
    r = _run_with(tmp_path, "belote", "p2p", "--players", "simple,faulty:WordBidder,simple,simple", "--seed", "7",
                  "--timeout", "90", "--lang", "fr", "--record", str(tmp_path / "no" / "game.json"))
    assert r.returncode == 2 and "Traceback" not in r.stderr  # the record cannot be written: shown, then said
    assert "contestée" in r.stdout
    assert "Litige : Bob : joueur « faulty:WordBidder » (siège 2), donne 1, enchères : annonce 'hearts' invalide" \
        in r.stderr
    assert "--record : impossible d'écrire le fichier : son dossier n'existe pas" in r.stderr
