"""The belote record read without pydantic (record_plain) against the schema (record): the
same classes and fields, the same values on every record the plain reader takes, the schema's
own error on every record it does not, and `belote check` starting cold without pydantic."""
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from recorddiff import assert_same_error, assert_same_reading, assert_same_shape, mutate

from arbitre.rulings.belote import record, record_plain
from arbitre.rulings.plainrecord import build, from_model

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "data" / "belote" / "samples").glob("*.json"))


def test_plain_classes_have_the_schemas_fields():
    assert_same_shape(record_plain, record.GameRecord)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_are_read_plainly_with_the_schemas_values(path):
    text = path.read_text(encoding="utf-8")
    plain = build(record_plain.GameRecord, json.loads(text))
    assert plain is not None, "a plainly right record went to the schema"
    assert plain == from_model(record_plain.GameRecord, record.load_record(text)) == record_plain.read_record(text)
    for mine, theirs in zip(plain.manches, record.load_record(text).manches, strict=True):
        assert mine.all_announces() == [from_model(record_plain.AnnounceRecord, a) for a in theirs.all_announces()]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_mutated_records_read_alike(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    rng, seen = random.Random(path.name), {"plain": 0, "schema": 0, "error": 0}
    for _ in range(250):
        seen[assert_same_reading(record_plain.GameRecord, record.validate_record, mutate(doc, rng))] += 1
    assert seen["plain"] > 10 and seen["error"] > 30, seen  # both ways were exercised


@pytest.mark.parametrize("bad", [
    '{"joueurs": []}', '{"joueurs": "x", "equipes": {}, "manches": []}', "[1, 2]", '{"a": 1,}',
])
def test_a_bad_record_gets_the_schemas_error(bad):
    assert_same_error((record.load_record, record_plain.read_record), bad)


def test_coerced_values_are_carried_over_from_the_schema():
    doc = json.loads(SAMPLES[0].read_text(encoding="utf-8"))
    doc["manches"][0]["numero_manche"] = "1"  # the schema takes the digits; the plain reader leaves it to it
    assert build(record_plain.GameRecord, doc) is None
    game = record_plain.read_record(json.dumps(doc))
    assert isinstance(game, record_plain.GameRecord) and game.manches[0].numero_manche == 1


def test_belote_check_of_a_clean_record_does_not_import_pydantic():
    code = ("import sys; from arbitre.cli.app import main; sys.argv = ['arbitre', 'belote', 'check', sys.argv[1]]\n"
            "try:\n    main()\nexcept SystemExit as e:\n    assert e.code == 0, e.code\n"
            "assert 'pydantic' not in sys.modules, 'pydantic imported'")
    done = subprocess.run([sys.executable, "-c", code, str(SAMPLES[0])], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
