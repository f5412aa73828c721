"""Four real peer processes on 127.0.0.1 (seed 001 step 3.4 E2E tests, and the attacks of issue 11 §5).

Every wait is bounded. The "frozen" game has one peer (Charlie) that never plays its card: the
three others keep probing it (it answers, so it is not absent) and the game stands still at a
known point, where the attacks are sent.
"""
from __future__ import annotations

import os
import signal
import time

import pytest

from arbitre.p2p import protocol as P
from arbitre.p2p.envelope import KeyPair, seal
from arbitre.p2p.orchestrate import (
    NAMES,
    Outcome,
    play_game,
    start_game,
    start_local_peers,
)
from arbitre.rulings.belote.check import DefectKind, check_game
from arbitre.rulings.belote.record import GameRecord
from tests.p2p.conftest import post, views, wait_until

SEED = 11


@pytest.mark.slow
def test_partie_p2p_scores_finaux_identiques():
    """A whole game: four processes, four identical final scores and records; the record checks clean."""
    with start_local_peers(["simple", "memory", "simple", "random"]) as peers:
        outcome = play_game(peers.urls, target=501, seed=SEED, timeout=90)
        # registration: everyone has the same list of players, seats and keys
        rosters = {repr(v["players"]) for v in outcome.present}
        assert len(rosters) == 1 and [p["name"] for p in outcome.present[0]["players"]] == list(NAMES)
        assert not outcome.timed_out
        assert outcome.all_finished, [Outcome.verdict(v) for v in outcome.present]
        final = outcome.present[0]
        assert max(final["totals"].values()) >= 501
        assert final["results"]["players"]["Alice"] == final["totals"]["A"]
        report = check_game(GameRecord.model_validate(outcome.record))
        assert report.clean, [d.message.en for d in report.defects]
        assert len(outcome.record["manches"]) == len(final["deal_results"])


@pytest.fixture(scope="module")
def frozen():
    """A game stopped at Charlie's first card (Charlie never plays)."""
    with start_local_peers(["simple"] * 4, faults={2: "stall"}) as peers:
        start_game_id = _start(peers.urls)

        def still() -> list | None:
            vs = views(peers.urls)
            ok = all(v and v["status"] == P.PLAYING and v["next"] == {"type": P.JOUER_CARTE, "from": "Charlie"}
                     for v in vs)
            return vs if ok and len({v["seq"] for v in vs}) == 1 else None

        wait_until(still, 20, "the game to reach Charlie's turn")
        keys = {n: KeyPair.load_or_create(k) for n, k in zip(NAMES, peers.keys, strict=False)}
        yield peers, start_game_id, keys


def _start(urls: list[str]) -> str:
    import httpx

    with httpx.Client(timeout=5.0) as client:
        return start_game(client, urls, 501, SEED)


def _snapshot(urls: list[str]) -> list[tuple]:
    return [(v["seq"], v["status"], repr(v["current_trick"]), repr(v["last_action"])) for v in views(urls)]


def test_scenario_inscription_complet_p2p(frozen):
    peers, game_id, keys = frozen
    vs = views(peers.urls)
    assert {v["game_id"] for v in vs} == {game_id}
    assert [v["seat"] for v in vs] == [0, 1, 2, 3]
    assert len({repr(v["players"]) for v in vs}) == 1
    assert [p["public_key"] for p in vs[0]["players"]] == [keys[n].public_hex for n in NAMES]


def test_diffusion_et_validation_action_p2p(frozen):
    """Bob's card, sent by Bob, was checked and applied by Alice, Charlie and Diana."""
    peers, _, _ = frozen
    vs = views(peers.urls)
    assert vs[0]["current_trick"], "deal 1 must have been taken with this seed"
    assert {repr(v["current_trick"]) for v in vs} == {repr(vs[0]["current_trick"])}
    assert {repr(v["last_action"]) for v in vs} == {repr({"seq": vs[0]["seq"], "type": P.JOUER_CARTE, "from": "Bob"})}


def test_busy_peer_refuses_an_invitation_409(frozen):
    peers, _, _ = frozen
    r = post(peers.urls[1], "/invite", {"game_id": "another", "target": 501,
                                        "host": {"name": "Zoe", "url": "http://127.0.0.1:9", "public_key": "00" * 32}})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "busy"


def _attack(frozen, make, status: int, code: str, targets=(0, 1, 3)):
    peers, game_id, keys = frozen
    before = _snapshot(peers.urls)
    vs = views(peers.urls)
    for i in targets:
        env = make(vs[0], game_id, keys)
        r = post(peers.urls[i], "/action", env)
        assert r.status_code == status, (NAMES[i], r.text)
        assert r.json()["detail"]["code"] == code
        assert r.json()["detail"]["reason"]["en"] and r.json()["detail"]["reason"]["fr"]
    assert _snapshot(peers.urls) == before  # nothing changed anywhere
    assert len({Outcome.verdict(v) for v in views(peers.urls)}) == 1


def _charlie_card(view: dict) -> str:
    played = {c for _, c in view["current_trick"]}
    return next(c for c in ("7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "7D", "8D") if c not in played)


def test_forged_signature_401(frozen):
    def make(v, game_id, keys):  # Diana signs an action claiming to come from Charlie
        env = seal(keys["Diana"], game_id, v["seq"] + 1, P.JOUER_CARTE, "Charlie", {"card": _charlie_card(v)})
        return env
    _attack(frozen, make, 401, "bad_signature")


def test_replayed_action_409(frozen):
    def make(v, game_id, keys):  # Bob's last card, exactly as Bob signed it (Ed25519 is deterministic)
        bob_card = v["current_trick"][-1][1]
        return seal(keys["Bob"], game_id, v["seq"], P.JOUER_CARTE, "Bob", {"card": bob_card})
    _attack(frozen, make, 409, "replay")


def test_action_for_another_game_409(frozen):
    def make(v, game_id, keys):
        return seal(keys["Charlie"], "another-game", v["seq"] + 1, P.JOUER_CARTE, "Charlie", {"card": "7S"})
    _attack(frozen, make, 409, "other_game")


def test_out_of_turn_card_409(frozen):
    def make(v, game_id, keys):  # Diana plays while it is Charlie's turn
        return seal(keys["Diana"], game_id, v["seq"] + 1, P.JOUER_CARTE, "Diana", {"card": _charlie_card(v)})
    _attack(frozen, make, 409, "out_of_turn")


def test_card_already_played_422(frozen):
    def make(v, game_id, keys):  # Charlie "plays" the card Bob just played
        return seal(keys["Charlie"], game_id, v["seq"] + 1, P.JOUER_CARTE, "Charlie",
                    {"card": v["current_trick"][-1][1]})
    _attack(frozen, make, 422, "already_played")


def test_malformed_envelope_422(frozen):
    def make(v, game_id, keys):
        env = seal(keys["Charlie"], game_id, v["seq"] + 1, P.JOUER_CARTE, "Charlie", {"card": "7S"})
        del env["sig"]
        return env
    _attack(frozen, make, 422, "malformed")

    def bad_card(v, game_id, keys):
        return seal(keys["Charlie"], game_id, v["seq"] + 1, P.JOUER_CARTE, "Charlie", {"card": "1Z"})
    _attack(frozen, bad_card, 422, "malformed")


def test_gap_in_seq_409(frozen):
    def make(v, game_id, keys):  # a gap: the action after next
        return seal(keys["Charlie"], game_id, v["seq"] + 2, P.JOUER_CARTE, "Charlie", {"card": _charlie_card(v)})
    _attack(frozen, make, 409, "seq_gap", targets=(0,))


def _run_with_fault(faults: dict[int, str], timeout: float = 60) -> Outcome:
    with start_local_peers(["simple"] * 4, faults=faults) as peers:
        return play_game(peers.urls, target=501, seed=SEED, timeout=timeout)


@pytest.mark.slow
@pytest.mark.parametrize("fault, code", [
    ("wrong_winner", "wrong_trick_result"),  # the host announces a wrong trick winner
    ("bad_reveal", "commitment_mismatch"),  # the host's revealed deck does not open its commitment
])
def test_cheating_host_is_disputed_by_every_honest_peer(fault, code):
    outcome = _run_with_fault({0: fault})
    honest = outcome.present[1:]
    assert len(honest) == 3 and {v["status"] for v in honest} == {P.DISPUTED}
    assert {v["dispute"]["code"] for v in honest} == {code}
    assert len({Outcome.verdict(v) for v in honest}) == 1  # the honest peers agree
    assert not outcome.all_finished


@pytest.mark.slow
def test_renonce_is_ruled_with_the_penalty_identically_everywhere():
    outcome = _run_with_fault({1: "renonce"}, timeout=90)
    assert outcome.all_finished
    ruled = [r for r in outcome.present[0]["deal_results"] if r["renonce"]]
    assert ruled and all(r["renonce"]["player"] == "Bob" and r["renonce"]["offending_team"] == "B" for r in ruled)
    assert all(r["scores"]["B"] in (0, 20) and r["scores"]["A"] >= 162 for r in ruled)
    report = check_game(GameRecord.model_validate(outcome.record))
    renonces = [d for d in report.defects if d.kind is DefectKind.RENONCE]
    assert renonces and all(d.player == "Bob" and d.penalty is not None for d in renonces)


@pytest.mark.slow
def test_resilience_deconnexion_p2p():
    """Diana is killed in the middle of a deal: the three others end `abandoned`, naming her, with the same scores."""
    with start_local_peers(["simple"] * 4) as peers:
        _start(peers.urls)
        wait_until(lambda: (views(peers.urls[:1])[0] or {}).get("current_trick"), 30, "a trick in progress", 0.02)
        os.kill(peers.procs[3].pid, signal.SIGKILL)
        peers.procs[3].wait(timeout=5)
        killed_at = time.monotonic()

        def all_over() -> list | None:
            vs = views(peers.urls[:3])
            return vs if all(v and v["status"] != P.PLAYING for v in vs) else None

        vs = wait_until(all_over, P.DETECTION_BOUND + 3, "the three others to notice")
        detected = time.monotonic() - killed_at
        assert detected <= P.DETECTION_BOUND + 3
        assert {v["status"] for v in vs} == {P.ABANDONED}
        assert {v["absent"]["name"] for v in vs} == {"Diana"} and {v["absent"]["seat"] for v in vs} == {3}
        assert len({Outcome.verdict(v) for v in vs}) == 1
        assert all(p.poll() is None for p in peers.procs[:3])  # nobody hangs or dies
