"""`arbitre classify` on the files a club scorer really has: saved as UTF-16 by a Windows
editor, a binary file with a .pbn name, an empty file, a PBN header with no game yet, a file
given twice (or inside a folder also given), a missing file in French."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from arbitre.cli.app import app

runner = CliRunner()
QUIRKS = Path(__file__).resolve().parent / "data" / "bridge" / "quirks.pbn"


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def summary(*paths):
    r = run("classify", *paths, "--summary", "--json")
    return r, json.loads(r.stdout)


def _boards(doc):
    return [{k: v for k, v in b.items() if k != "source"} for b in doc["boards"]]


def test_a_file_saved_as_utf16_reads_as_its_utf8_twin(tmp_path):
    text = QUIRKS.read_text(encoding="utf-8")
    twin = tmp_path / "club.pbn"
    twin.write_text(text, encoding="utf-8")
    r, want = summary(twin)
    assert want["boards"] and want["errors"] == []
    for name, data in (("bom-le.pbn", text.encode("utf-16")), ("bom-be.pbn", b"\xfe\xff" + text.encode("utf-16-be")),
                       ("le.pbn", text.encode("utf-16-le")), ("be.pbn", text.encode("utf-16-be"))):
        f = tmp_path / name
        f.write_bytes(data)
        got_r, got = summary(f)
        assert got_r.exit_code == r.exit_code, (name, got_r.stderr)
        assert got["errors"] == [] and _boards(got) == _boards(want), name
        assert got["totals"] == want["totals"]


def test_a_binary_file_is_one_clear_error_not_lines_of_junk(tmp_path):
    f = tmp_path / "scan.pbn"
    f.write_bytes(bytes(range(256)) * 4)
    for lang, words in (("en", "not a text file"), ("fr", "ce n'est pas un fichier texte")):
        r = run("classify", f, "--lang", lang)
        assert r.exit_code == 2
        assert r.stderr.count("\n") == 1 and words in r.stderr and str(f) in r.stderr, r.stderr
    r, doc = summary(f)
    assert r.exit_code == 2 and doc["boards"] == [] and len(doc["errors"]) == 1


def test_latin1_text_is_not_taken_for_binary(tmp_path):
    f = tmp_path / "latin1.pbn"
    f.write_bytes(QUIRKS.read_text(encoding="utf-8").replace("Club night", "Soirée du club").encode("latin-1"))
    r, doc = summary(f)
    assert doc["errors"] == [] and doc["boards"]


def test_an_empty_file_or_a_bare_pbn_header_says_there_is_nothing_to_classify(tmp_path):
    empty = tmp_path / "empty.pbn"
    empty.write_bytes(b"")
    header = tmp_path / "header.pbn"
    header.write_text("% PBN 2.1\n% EXPORT\n", encoding="utf-8")
    for f in (empty, header):
        r = run("classify", f)
        assert r.exit_code == 2 and r.stdout == ""
        assert r.stderr.strip() == f"error: {f}: nothing to classify: no auction and no board in this file"
        fr = run("classify", f, "--summary", "--lang", "fr")
        assert fr.exit_code == 2
        assert fr.stderr.strip() == f"erreur : {f}: rien à classer : ni enchère ni donne dans ce fichier"


def test_a_file_given_twice_is_read_once(tmp_path):
    folder = tmp_path / "season"
    folder.mkdir()
    f = folder / "club.pbn"
    f.write_text(QUIRKS.read_text(encoding="utf-8"), encoding="utf-8")
    _, once = summary(f)
    for args in ((f, f), (folder, f), (f, folder / ".." / "season" / "club.pbn"), (folder, folder)):
        r, doc = summary(*args)
        assert doc["totals"] == once["totals"] and len(doc["boards"]) == len(once["boards"]), args
        assert "given twice, read once" in r.stderr


def test_a_missing_file_is_said_in_french_in_french(tmp_path):
    r = run("classify", tmp_path / "absent.pbn", "--lang", "fr")
    assert r.exit_code == 2
    assert r.stderr.strip() == f"erreur : {tmp_path / 'absent.pbn'}: fichier illisible : fichier introuvable"


TWO_RECORDS = ('[Event "Club"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Auction "N"]\n1S Pass Pass Pass\n\n'
               '[Event "Club"]\n[Board "7"]\n[Dealer "E"]\n[Vulnerable "None"]\n[Declarer "S"]\n[Contract "4S"]\n'
               '[Play "W"]\n^R SK H3 S4 S3\n')


def test_the_summary_names_each_record_by_file_and_line_and_never_invents_a_board_number(tmp_path):
    f = tmp_path / "night.pbn"
    f.write_text(TWO_RECORDS, encoding="utf-8")
    r, doc = summary(f)
    assert [(b["line"], b["board"], b["index"]) for b in doc["boards"]] == [(1, None, 0), (7, "7", 1)]
    table = runner.invoke(app, ["classify", str(f), "--summary"], env={"COLUMNS": "250"})
    rows = [line for line in table.stdout.splitlines() if "night.pbn" in line]
    assert len(rows) == 2
    first, second = ([cell.strip() for cell in row.split("│")[1:3]] for row in rows)
    assert first == ["night.pbn:1", "—"] and second == ["night.pbn:7", "7"]  # not "1" for a record with no number
    full = run("classify", f)
    assert f"{f}:7 board 7: no auction; revoke recorded (L64)" in full.stderr


def test_the_totals_say_how_many_records_without_an_auction_have_findings(tmp_path):
    f = tmp_path / "night.pbn"
    f.write_text(TWO_RECORDS, encoding="utf-8")
    en = runner.invoke(app, ["classify", str(f), "--summary"], env={"COLUMNS": "250"})
    assert ("2 boards: 1 without findings, 0 with findings, 0 disagreeing with the record, "
            "1 without an auction (1 of them with findings).") in en.stdout
    fr = runner.invoke(app, ["classify", str(f), "--summary", "--lang", "fr"], env={"COLUMNS": "250"})
    assert ("2 donnes : 1 sans constat, 0 avec constat, 0 en désaccord avec le relevé, "
            "1 sans enchères (dont 1 avec constat).") in fr.stdout


def test_a_narrow_terminal_gives_one_field_per_line_with_french_punctuation_in_french(tmp_path):
    f = tmp_path / "night.pbn"
    f.write_text(TWO_RECORDS, encoding="utf-8")
    fr = runner.invoke(app, ["classify", str(f), "--summary", "--lang", "fr"], env={"COLUMNS": "60"})
    lines = fr.stdout.splitlines()
    assert "Source : night.pbn:1" in lines and "Donne : —" in lines and "Donneur : Nord" in lines
    en = runner.invoke(app, ["classify", str(f), "--summary"], env={"COLUMNS": "60"})
    assert "Source: night.pbn:7" in en.stdout.splitlines() and "Board: 7" in en.stdout.splitlines()


def test_french_messages_write_contracts_and_seats_in_french(tmp_path):
    f = tmp_path / "fr.pbn"
    f.write_text('[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Declarer "W"]\n[Contract "3NT"]\n'
                 '[Auction "N"]\n1NT Pass 2NT Pass\nPass Pass\n\n'
                 '[Event "Club"]\n[Board "2"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Declarer "^E"]\n[Contract "4S"]\n'
                 '[Result "10"]\n[Score "NS 450"]\n', encoding="utf-8")
    fr = run("classify", f, "--lang", "fr")
    assert "le contrat enregistré 3SA Ouest ne correspond pas aux enchères (2SA Nord)" in fr.stdout
    assert "le relevé dit que Est a joué la donne dont Ouest était le déclarant (^E)" in fr.stderr
    en = run("classify", f)
    assert "recorded contract 3NT W does not match the auction (2NT N)" in en.stdout
    assert "the record says E played the hand, W being declarer (^E)" in en.stderr


def test_a_typed_file_saved_by_a_french_windows_editor_reads(tmp_path):
    f = tmp_path / "enchères.txt"
    f.write_bytes("1Cœur passe 2Trèfle passe passe passe\n".encode("cp1252"))  # Notepad's "ANSI"
    r = run("classify", f, "--json")
    assert r.exit_code == 0, r.stderr
    (auction,) = json.loads(r.stdout)["auctions"]
    assert auction["contract"]["level"] == 2 and auction["contract"]["strain"] == "C"


def test_a_json_record_given_to_bridge_classify_is_one_error_naming_the_right_command(tmp_path):
    f = tmp_path / "game.json"
    f.write_text('{\n  "joueurs": [],\n  "manches": []\n}\n', encoding="utf-8")
    r = run("classify", f)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert "a JSON document" in r.stderr and "arbitre belote check" in r.stderr
    fr = run("classify", f, "--lang", "fr")
    assert "c'est un document JSON" in fr.stderr


def test_a_text_that_is_no_auction_file_is_one_error_not_one_per_line(tmp_path):
    f = tmp_path / "letter.txt"
    f.write_text("Dear members,\n" + "the club meets on Tuesday at eight.\n" * 50, encoding="utf-8")
    r, doc = summary(f)
    assert r.exit_code == 2 and len(doc["errors"]) == 1 and r.stderr.count("\n") == 1
    assert doc["errors"][0]["message"]["en"].startswith("not a file of auctions: none of its first 10 lines")
    assert "ce n'est pas un fichier d'enchères" in doc["errors"][0]["message"]["fr"]
    # a file of auctions with a few bad lines still gets each of them, and its auctions
    g = tmp_path / "auctions.txt"
    g.write_text("1Z\n" * 3 + "1H P P P\n" + "1Z\n" * 12, encoding="utf-8")
    r, doc = summary(g)
    assert len(doc["boards"]) == 1 and len(doc["errors"]) == 15
