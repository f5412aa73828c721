"""The AI service endpoints and the lobby endpoints, in process (seed 001 step 3.2 tests)."""
from __future__ import annotations

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from arbitre.arena.observation import Observation
from arbitre.p2p.envelope import KeyPair, canonical
from arbitre.p2p.peer import Peer
from arbitre.p2p.service import create_app
from arbitre.rulings.belote.cards import parse_card


def _mask(*cards: str) -> int:
    m = 0
    for c in cards:
        m |= 1 << parse_card(c).index
    return m


@pytest.fixture()
def client():
    peer = Peer("Alice", KeyPair.generate(), "simple", "http://127.0.0.1:9")
    with TestClient(create_app(peer)) as c:
        c.peer = peer  # type: ignore[attr-defined]
        yield c


def _play_obs() -> Observation:
    # Hearts trump; Bob led the king of spades; we hold two spades: we must follow.
    hand = _mask("7S", "AS", "JH", "9D", "10C", "KD", "8C", "QH")
    legal = _mask("7S", "AS")
    return Observation(seat=2, dealer=0, hand=hand, turned=parse_card("8H").index, bids=((1, 0),), taker=1, trump=0,
                       history=(parse_card("KS").index,), leaders=(1,), legal=legal)


def test_api_choisir_carte_reponse_200_ok(client):
    r = client.post("/choisir_carte", json=_play_obs().to_json())
    assert r.status_code == 200
    assert r.json()["card"] in ("7S", "AS")
    assert set(r.json()["carte"]) == {"valeur", "couleur"}


def test_api_choisir_carte_donnees_invalides_422(client):
    r = client.post("/choisir_carte", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["detail"]["code"] == "malformed"
    doc = _play_obs().to_json()
    del doc["hand"]
    r = client.post("/choisir_carte", json=doc)
    assert r.status_code == 422 and r.json()["detail"]["field"] == "hand"
    doc = {**_play_obs().to_json(), "turned": "ZZ"}
    r = client.post("/choisir_carte", json=doc)
    assert r.status_code == 422 and r.json()["detail"]["field"] == "turned"


def test_api_decider_enchere_200_and_422(client):
    obs = Observation(seat=1, dealer=0, hand=_mask("JH", "9H", "AH", "10H", "AS"), turned=parse_card("KH").index,
                      bids=(), taker=-1, trump=-1, history=(), leaders=(), legal=0)
    r = client.post("/decider_enchere", json=obs.to_json())
    assert r.status_code == 200 and r.json()["enchere"] in ("PRENDS", "PASSE")
    r = client.post("/decider_enchere", json=_play_obs().to_json())  # bidding is over there
    assert r.status_code == 422 and r.json()["detail"]["field"] == "bids"


def test_invite_accepted(client):
    invite = {"game_id": "g1", "host": {"name": "Zoe", "url": "http://127.0.0.1:9", "public_key": "00" * 32},
              "target": 501}
    r = client.post("/invite", json=invite)
    assert r.status_code == 200 and r.json()["name"] == "Alice"
    assert r.json()["public_key"] == client.peer.key.public_hex
    r = client.post("/invite", json={"game_id": "g1"})
    assert r.status_code == 422 and r.json()["detail"]["field"] == "host"


@pytest.mark.parametrize("path", ["/join", "/rejoindre"])
def test_join_not_invited_401(client, path):
    key = KeyPair.generate()
    body = {"game_id": "g1", "name": "Mallory", "url": "http://127.0.0.1:9", "public_key": key.public_hex}
    body["sig"] = key.sign(canonical(body))
    r = client.post(path, json=body)
    assert r.status_code == 401 and r.json()["detail"]["code"] == "not_invited"


def test_etat_du_jeu_before_a_game(client):
    r = client.get("/etat_du_jeu")
    assert r.status_code == 200 and r.json()["status"] == "lobby" and r.json()["me"] == "Alice"


@pytest.mark.parametrize("body, field", [
    ([], "peers"),  # not an object: its first field is the one named
    ({"peers": ["http://a", "http://b"]}, "peers"),
    ({"peers": ["http://a", "http://b", 3]}, "peers"),
    ({"peers": ["http://a", "http://b", "http://c"], "target": 0}, "target"),
    ({"peers": ["http://a", "http://b", "http://c"], "target": "501"}, "target"),  # no coercion
])
def test_nouvelle_partie_bad_body_422_names_the_field(client, body, field):
    r = client.post("/nouvelle_partie", json=body)
    assert r.status_code == 422
    detail = r.json()["detail"]
    assert (detail["code"], detail["field"], detail["dispute"]) == ("malformed", field, False)
    assert detail["reason"]["fr"] and detail["reason"]["en"]
    assert client.get("/etat_du_jeu").json()["game_id"] is None  # nobody was invited


@pytest.mark.parametrize("path", ["/join", "/synchroniser_joueurs_et_demarrer"])
def test_signed_documents_must_be_objects_422(client, path):
    r = client.post(path, json=["not", "an", "object"])
    assert r.status_code == 422 and r.json()["detail"]["field"] == "body"
