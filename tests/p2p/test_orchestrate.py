"""The orchestrator against mocked peers (respx): seed 001 step 3.3."""
from __future__ import annotations

import httpx
import pytest
import respx

from arbitre.p2p.orchestrate import play_game
from arbitre.rulings.errors import InputError

URLS = [f"http://peer{i}.test" for i in range(4)]
NAMES = ["Alice", "Bob", "Charlie", "Diana"]


def _view(i: int, status: str, totals=(502, 310), digest="abc", absent=None) -> dict:
    return {"me": NAMES[i], "game_id": "g1", "status": status, "totals": {"A": totals[0], "B": totals[1]},
            "results": None, "absent": absent, "dispute": None, "record_sha256": digest, "deal_results": []}


@respx.mock
def test_orchestrateur_appelle_services_dans_lordre():
    start = respx.post(f"{URLS[0]}/nouvelle_partie").mock(return_value=httpx.Response(200, json={"game_id": "g1"}))
    polls = []
    for i, url in enumerate(URLS):
        polls.append(respx.get(f"{url}/etat_du_jeu").mock(side_effect=[
            httpx.Response(200, json=_view(i, "playing")), httpx.Response(200, json=_view(i, "finished"))]))
    record = respx.get(f"{URLS[0]}/partie").mock(return_value=httpx.Response(200, json={"manches": []}))
    outcome = play_game(URLS, target=501, seed=4, timeout=5, poll=0)
    assert start.call_count == 1
    assert start.calls[0].request.content == b'{"peers":["http://peer1.test","http://peer2.test",' \
                                             b'"http://peer3.test"],"target":501,"seed":4}'
    order = [str(c.request.url) for c in respx.calls]
    assert order[0] == f"{URLS[0]}/nouvelle_partie"
    assert order[1:5] == [f"{u}/etat_du_jeu" for u in URLS]  # then every peer, in seat order
    assert all(p.call_count == 2 for p in polls) and record.call_count == 1
    assert outcome.all_finished and outcome.record == {"manches": []}


@respx.mock
def test_orchestrateur_gere_reponse_en_desaccord():
    respx.post(f"{URLS[0]}/nouvelle_partie").mock(return_value=httpx.Response(200, json={"game_id": "g1"}))
    for i, url in enumerate(URLS):
        totals = (502, 310) if i != 2 else (480, 332)
        respx.get(f"{url}/etat_du_jeu").mock(return_value=httpx.Response(200, json=_view(i, "finished", totals)))
    respx.get(f"{URLS[0]}/partie").mock(return_value=httpx.Response(200, json={}))
    outcome = play_game(URLS, timeout=5, poll=0)
    assert not outcome.agree and not outcome.all_finished


@respx.mock
def test_orchestrateur_abandon_with_a_silent_peer():
    respx.post(f"{URLS[0]}/nouvelle_partie").mock(return_value=httpx.Response(200, json={"game_id": "g1"}))
    absent = {"name": "Diana", "seat": 3}
    for i, url in enumerate(URLS[:3]):
        respx.get(f"{url}/etat_du_jeu").mock(return_value=httpx.Response(200, json=_view(i, "abandoned", absent=absent)))
    respx.get(f"{URLS[3]}/etat_du_jeu").mock(side_effect=httpx.ConnectError("refused"))
    respx.get(f"{URLS[0]}/partie").mock(return_value=httpx.Response(200, json={}))
    outcome = play_game(URLS, timeout=5, poll=0)
    assert outcome.views[3] is None and outcome.agree and not outcome.all_finished and not outcome.timed_out


@respx.mock
def test_orchestrateur_bounded_wait():
    respx.post(f"{URLS[0]}/nouvelle_partie").mock(return_value=httpx.Response(200, json={"game_id": "g1"}))
    for i, url in enumerate(URLS):
        respx.get(f"{url}/etat_du_jeu").mock(return_value=httpx.Response(200, json=_view(i, "playing")))
    respx.get(f"{URLS[0]}/partie").mock(return_value=httpx.Response(200, json={}))
    outcome = play_game(URLS, timeout=0.3, poll=0.05)
    assert outcome.timed_out and not outcome.all_finished


@respx.mock
def test_orchestrateur_refused_game_names_the_peer():
    respx.post(f"{URLS[0]}/nouvelle_partie").mock(
        return_value=httpx.Response(409, json={"detail": {"code": "busy"}}))
    with pytest.raises(InputError) as err:
        play_game(URLS, timeout=5)
    assert URLS[0] in err.value.render("en") and "409" in err.value.render("en")
