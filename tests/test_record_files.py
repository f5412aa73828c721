"""Reading a file the user names (``belote check``, ``tresillo check``, ``ruling --answers``): found by the
structured fuzzing (tests/test_fuzz_mutation.py). A record saved with a byte-order mark (as
Windows editors save UTF-8) was refused with Python's own words ("Unexpected UTF-8 BOM (decode
using utf-8-sig)"), while the bridge readers and ``belote classify`` skip it; a byte that is not
UTF-8 was reported in English inside the French message, counted from 0. An answers file with a
byte-order mark lost its first answer ("unknown node '\\ufeffis-revoke'"). All three now read
through :func:`arbitre.rulings.textfile.read_text_file`."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from arbitre.cli.app import app

runner = CliRunner()


@pytest.fixture(scope="module", params=["belote", "tresillo"])
def record(request, tmp_path_factory):
    game = request.param
    path = tmp_path_factory.mktemp(game) / "record.json"
    play = ["--target", "150"] if game == "belote" else ["--coups", "2"]
    assert runner.invoke(app, [game, "play", "--seed", "5", *play, "--record", str(path)]).exit_code == 0
    return game, path


def test_a_record_with_a_byte_order_mark_is_checked(record, tmp_path):
    game, path = record
    plain = runner.invoke(app, [game, "check", str(path), "--json"])
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    marked = runner.invoke(app, [game, "check", str(bom), "--json"])
    assert (marked.exit_code, json.loads(marked.stdout)) == (plain.exit_code, json.loads(plain.stdout))


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_a_byte_that_is_not_utf8_is_named_in_both_languages(record, tmp_path, bom):
    game, path = record
    data = bom + path.read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_bytes(data[:30] + b"\xff" + data[30:])
    fr = runner.invoke(app, [game, "check", str(bad), "--lang", "fr"])
    en = runner.invoke(app, [game, "check", str(bad), "--lang", "en"])
    assert fr.exit_code == en.exit_code == 2
    assert fr.stderr.strip() == f"erreur : {bad}: fichier illisible : pas de l'UTF-8 (octet 31)"
    assert en.stderr.strip() == f"error: {bad}: cannot read file: not UTF-8 (byte 31)"


def test_a_missing_record_is_named(record, tmp_path):
    game, _ = record
    r = runner.invoke(app, [game, "check", str(tmp_path / "absent.json")])
    assert r.exit_code == 2 and "absent.json" in r.stderr and "cannot read file" in r.stderr


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_an_answers_file_with_a_byte_order_mark_is_read(tmp_path, bom):
    answers = tmp_path / "answers.txt"
    answers.write_bytes(bom + b"is-revoke=no\n")
    r = runner.invoke(app, ["ruling", "renonce", "--answers", str(answers), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["path"][0]["answer"] == "no"


def test_an_answers_file_that_is_not_utf8_is_named(tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_bytes(b"is-revoke=no\n\xff")
    r = runner.invoke(app, ["ruling", "renonce", "--answers", str(answers), "--lang", "fr"])
    assert r.exit_code == 2
    assert r.stderr.strip() == f"erreur : {answers}: fichier illisible : pas de l'UTF-8 (octet 14)"


def test_belote_classify_reads_files_and_stdin_the_same_way(tmp_path):
    """``belote classify FILE`` and ``-`` use the same reader: a byte that is not UTF-8 is named in
    the message's language, a missing file too, and a byte-order mark is skipped."""
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"80H P \xff\n")
    r = runner.invoke(app, ["belote", "classify", str(bad), "--lang", "fr"])
    assert r.exit_code == 2 and r.stderr.strip() == f"erreur : {bad}: fichier illisible : pas de l'UTF-8 (octet 7)"
    r = runner.invoke(app, ["belote", "classify", str(tmp_path / "absent.txt"), "--lang", "fr"])
    assert r.exit_code == 2 and "fichier illisible : fichier introuvable" in r.stderr
    r = runner.invoke(app, ["belote", "classify", "-", "--lang", "fr"], input=b"\xef\xbb\xbf80H P P P\n")
    assert r.exit_code == 0 and "80 Cœur" in r.stdout
