"""The tresillo record read without pydantic (record_plain) against the schema (record): the
same classes and fields, the same values on every record the plain reader takes, the schema's
own error (field path and line) on every record it does not, and `tresillo check` starting
cold without pydantic."""
import json
import random
import subprocess
import sys

import pytest
from recorddiff import assert_same_error, assert_same_reading, assert_same_shape, mutate

from arbitre.rulings.plainrecord import build, from_model
from arbitre.rulings.tresillo import record, record_plain

from .records import dump
from .records import record as play


def test_plain_classes_have_the_schemas_fields():
    assert_same_shape(record_plain, record.GameRecord)


@pytest.mark.parametrize("seed,players", [(1, 4), (2, 3), (3, 4)])
def test_played_records_are_read_plainly_with_the_schemas_values(seed, players):
    text = dump(play(seed, coups=3, players=players))
    plain = build(record_plain.GameRecord, json.loads(text))
    assert plain is not None, "a plainly right record went to the schema"
    assert plain == from_model(record_plain.GameRecord, record.load_record(text)) == record_plain.read_record(text)


@pytest.mark.parametrize("seed,players", [(4, 4), (5, 3)])
def test_mutated_records_read_alike(seed, players):
    doc = play(seed, coups=2, players=players)
    rng, seen = random.Random(seed), {"plain": 0, "schema": 0, "error": 0}
    for _ in range(250):
        seen[assert_same_reading(record_plain.GameRecord, record.validate_record, mutate(doc, rng))] += 1
    assert seen["plain"] > 10 and seen["error"] > 30, seen  # both ways were exercised


@pytest.mark.parametrize("bad", [
    '{"game": "tresillo"}', '{"game": "belote", "players": [], "favour_suit": "x", "dealer_stake": 0, "coups": []}',
    "[1, 2]", '{"a": 1,}', '{\n "game": "tresillo",\n "players": ["A", "B", "C"],\n "favour_suit": "COUPE",\n'
    ' "dealer_stake": -1,\n "coups": []\n}',
])
def test_a_bad_record_gets_the_schemas_error(bad):
    assert_same_error((record.load_record, record_plain.read_record), bad)


def test_seat_keys_the_schema_coerces_are_carried_over():
    doc = play(6, coups=1)
    result = doc["coups"][0]["result"]
    result["payments"] = {" 1" if k == "1" else k: v for k, v in result["payments"].items()}
    assert build(record_plain.GameRecord, doc) is None
    game = record_plain.read_record(json.dumps(doc))
    assert isinstance(game, record_plain.GameRecord) and 1 in game.coups[0].result.payments


def test_tresillo_check_of_a_clean_record_does_not_import_pydantic(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(dump(play(7, coups=2)), encoding="utf-8")
    code = ("import sys; from arbitre.cli.app import main; sys.argv = ['arbitre', 'tresillo', 'check', sys.argv[1]]\n"
            "try:\n    main()\nexcept SystemExit as e:\n    assert e.code in (0, 1), e.code\n"
            "assert 'pydantic' not in sys.modules, 'pydantic imported'")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
