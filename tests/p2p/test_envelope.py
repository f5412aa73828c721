"""Signed envelopes and keys (seed 001 module 4: test_action_signee_valide, …_signature_invalide_rejetee)."""
from __future__ import annotations

import os

import pytest

pytest.importorskip("nacl")

from arbitre.p2p.envelope import KeyPair, canonical, malformed, seal, signature_ok
from arbitre.rulings.errors import InputError


def test_canonical_json_sorted_compact_utf8():
    assert canonical({"b": 1, "a": ["é", {"d": None, "c": True}]}) == '{"a":["é",{"c":true,"d":null}],"b":1}'.encode()


def test_action_signee_valide():
    key = KeyPair.generate()
    env = seal(key, "g1", 1, "JOUER_CARTE", "Bob", {"card": "AH"})
    assert set(env) == {"game_id", "seq", "type", "from", "payload", "sig"}
    assert len(env["sig"]) == 128 and signature_ok(env, key.public_hex)


@pytest.mark.parametrize("change", [("seq", 2), ("payload", {"card": "KH"}), ("from", "Eve"), ("game_id", "g2")])
def test_action_avec_signature_invalide_rejetee(change):
    key = KeyPair.generate()
    env = seal(key, "g1", 1, "JOUER_CARTE", "Bob", {"card": "AH"})
    assert not signature_ok({**env, change[0]: change[1]}, key.public_hex)
    assert not signature_ok(env, KeyPair.generate().public_hex)  # another peer's key
    assert not signature_ok({**env, "sig": "zz"}, key.public_hex)


def test_key_file_created_on_first_use_then_reused(tmp_path):
    path = tmp_path / "keys" / "alice.key"
    first = KeyPair.load_or_create(path)
    assert path.exists() and oct(os.stat(path).st_mode & 0o777) == "0o600"
    assert KeyPair.load_or_create(path).public_hex == first.public_hex


def test_unreadable_key_file_is_an_input_error(tmp_path):
    path = tmp_path / "bad.key"
    path.write_text("not hex")
    with pytest.raises(InputError) as err:
        KeyPair.load_or_create(path)
    assert "bad.key" in err.value.render("en")


@pytest.mark.parametrize("env, field", [
    ([], "envelope"), ({"seq": 1}, "game_id"),
    ({"game_id": "g", "seq": -1, "type": "T", "from": "A", "payload": {}, "sig": ""}, "seq"),
    ({"game_id": "g", "seq": 1, "type": "T", "from": "A", "payload": [], "sig": ""}, "payload"),
    ({"game_id": "g", "seq": 1, "type": "T", "from": "A", "payload": {}, "sig": "", "x": 1}, "x"),
])
def test_malformed_envelope_names_the_field(env, field):
    assert malformed(env).startswith(field)
