"""The ``belote`` Typer sub-app, driven through typer.testing.CliRunner."""
import json
import random

from typer.testing import CliRunner

from arbitre.cli import exitcodes
from arbitre.cli.belote import app
from arbitre.arena.record import record_from_played
from arbitre.arena.random_deal import play_random_deal

from .seedfiles import python_sample

runner = CliRunner()


def write(tmp_path, text: str):
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_clean_record_exits_0(tmp_path):
    path = write(tmp_path, json.dumps(record_from_played(play_random_deal(random.Random(3)))))
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == exitcodes.OK
    doc = json.loads(result.stdout)
    assert doc["clean"] is True and doc["defects"] == []


def test_seed_sample_json_is_one_document_and_exit_1(tmp_path):
    path = write(tmp_path, python_sample())
    result = runner.invoke(app, ["check", str(path), "--json", "--lang", "en"])
    assert result.exit_code == exitcodes.FINDINGS
    doc = json.loads(result.stdout)  # exactly one JSON document, nothing else
    assert doc["defect_count"] == 12
    kinds = [d["kind"] for d in doc["defects"]]
    assert kinds.count("renonce") == 3
    renonce = next(d for d in doc["defects"] if d["kind"] == "renonce")
    assert renonce["card"] == "7C" and renonce["obligation"] == "follow"
    assert renonce["penalty"]["score_after"] == {"equipe_A": 162, "equipe_B": 0}


def test_table_in_french_and_english(tmp_path):
    path = write(tmp_path, python_sample())
    wide = {"COLUMNS": "300"}  # keep table cells on one line
    fr = runner.invoke(app, ["check", str(path), "--lang", "fr"], env=wide)
    en = runner.invoke(app, ["check", str(path), "--lang", "en"], env=wide)
    assert fr.exit_code == en.exit_code == exitcodes.FINDINGS
    assert "renonce au pli 3" in fr.stdout and "Scores recalculés" in fr.stdout
    assert "renonce in trick 3" in en.stdout and "Recomputed scores" in en.stdout


def test_bad_json_exits_2_with_location(tmp_path):
    path = write(tmp_path, '{"joueurs": [}')
    result = runner.invoke(app, ["check", str(path), "--lang", "en"])
    assert result.exit_code == exitcodes.BAD_INPUT
    assert "invalid JSON" in result.stderr and ":1:14:" in result.stderr
    assert "Traceback" not in result.output


def test_bad_json_with_json_flag_prints_an_error_document(tmp_path):
    path = write(tmp_path, '{"joueurs": [}')
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == exitcodes.BAD_INPUT
    assert json.loads(result.stdout)["error"]["line"] == 1


def test_missing_file_exits_2(tmp_path):
    result = runner.invoke(app, ["check", str(tmp_path / "nope.json"), "--lang", "en"])
    assert result.exit_code == exitcodes.BAD_INPUT
    assert "cannot read file" in result.stderr


def test_undertrump_variant_option_does_not_excuse_a_failure_to_trump(tmp_path):
    path = write(tmp_path, python_sample())
    strict = json.loads(runner.invoke(app, ["check", str(path), "--json"]).stdout)
    lenient = json.loads(runner.invoke(app, ["check", str(path), "--json", "--undertrump", "may_discard"]).stdout)
    # J1's discards in tricks 7 and 8 were failures to trump with no trump on the table: still renonces.
    assert strict["defect_count"] == lenient["defect_count"] == 12


def test_classify_coinche_json():
    result = runner.invoke(app, ["classify", "80H P 90S X P P P", "--json"])
    assert result.exit_code == exitcodes.OK
    doc = json.loads(result.stdout)
    assert doc["taker"] == "3" and doc["coinche_level"] == 1
    assert [c["code"] for c in doc["calls"]] == [200] * 7


def test_classify_irregular_exit_1_and_belote_game():
    result = runner.invoke(app, ["classify", "70H 80H", "--lang", "en"])
    assert result.exit_code == exitcodes.FINDINGS and "432" in result.stdout
    result = runner.invoke(app, ["classify", "pass take", "--game", "belote", "--turned", "8H", "--lang", "en"])
    assert result.exit_code == exitcodes.OK and "Taker: 2" in result.stdout


def test_help_has_examples():
    for args in (["--help"], ["check", "--help"], ["classify", "--help"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0 and "Example" in result.stdout
