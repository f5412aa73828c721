"""`arbitre classify` as a director and a club scorer use it: typed, seat-tagged, files, stdin,
JSON, languages, errors that name the token, and reading that goes on past a bad input."""
import json

import pytest
from typer.testing import CliRunner

from arbitre.cli.app import app
from conftest import SHARED

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def doc_of(*args, input=None):
    r = run(*args, "--json", input=input)
    return r, json.loads(r.stdout)


def test_typed_auction_table_contract_and_exit_0():
    r = run("classify", "1H P 2C X P P P", "--dealer", "S")
    assert r.exit_code == 0, r.output
    for text in ("Opos1", "IPpos2", "REadvpos3", "DEsiREetIPpos4", "mainrefDB", "intervenantpos4567bdsef",
                 "Contract: 2CX, declarer North", "No irregularity"):
        assert text in r.stdout, text


def test_french_output():
    r = run("classify", "1H P 2C X P P P", "--dealer", "S", "--lang", "fr")
    assert "Le donneur ouvre" in r.stdout and "déclarant Nord" in r.stdout and "Aucune irrégularité" in r.stdout


def test_json_is_one_document_and_nothing_else():
    r, doc = doc_of("classify", "1NT P 3NT P P P", "--dealer", "E")
    assert r.exit_code == 0
    (a,) = doc["auctions"]
    assert a["contract"]["text"] == "3NT E" and a["dealer"] == "E" and a["complete"] is True
    assert [c["state"] for c in a["calls"][:4]] == ["Opos1", "IPpos2", "REadvpos3", "DPsiREetIPpos4"]
    assert a["calls"][0]["db_class"] == "mainrefDB" and a["calls"][4]["db_class"] is None
    assert doc["errors"] == []


def test_irregular_auction_is_held_and_reported_exit_1():
    r, doc = doc_of("classify", "1S 1H P P P")
    assert r.exit_code == 1
    (irr,) = doc["auctions"][0]["irregularities"]
    assert (irr["kind"], irr["law"], irr["tree"], irr["seat"], irr["status"]) == (
        "insufficient-bid", "27", "enchere-insuffisante", "E", "accepted")
    assert doc["auctions"][0]["contract"]["text"] == "1H E"


@pytest.mark.parametrize("auction,kind,law", [
    ("1H P X", "inadmissible-double", "36"), ("1H P P 8H", "bid-above-seven", "38"),
    ("1H P P P P", "call-after-close", "39"), ("N:1H S:P", "pass-out-of-rotation", "30"),
    ("N:P W:1S", "bid-out-of-rotation", "31"), ("N:1H W:X", "double-out-of-rotation", "32"),
])
def test_each_irregularity_with_its_law(auction, kind, law):
    r, doc = doc_of("classify", auction)
    assert r.exit_code == 1
    irr = doc["auctions"][0]["irregularities"][0]
    assert (irr["kind"], irr["law"]) == (kind, law)


def test_out_of_rotation_says_whose_turn_it_was():
    r = run("classify", "N:1H W:X")
    assert "at partner's turn (East)" in r.stdout


def test_unreadable_token_names_token_and_column_exit_2():
    r = run("classify", "1H P 1Q")
    assert r.exit_code == 2
    assert "1Q" in r.output and ":1:6" in r.output
    assert "Traceback" not in r.output


def test_several_auctions_in_a_file_and_stdin(tmp_path):
    f = tmp_path / "auctions.txt"
    f.write_text("# club night\nDealer: S 1H P 2C X P P P\n1NT P 3NT P P P\n", encoding="utf-8")
    r, doc = doc_of("classify", str(f))
    assert r.exit_code == 0 and len(doc["auctions"]) == 2
    assert doc["auctions"][0]["dealer"] == "S"
    r, doc = doc_of("classify", "-", input="1C P P P\n")
    assert doc["auctions"][0]["contract"]["text"] == "1C N"


def test_reading_goes_on_past_a_bad_input(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("1H P ZZ\n", encoding="utf-8")
    r, doc = doc_of("classify", str(bad), "1NT P P P")
    assert r.exit_code == 2
    assert len(doc["auctions"]) == 1 and doc["auctions"][0]["contract"]["text"] == "1NT N"
    (e,) = doc["errors"]
    assert e["source"] == str(bad) and e["line"] == 1 and e["column"] == 6 and e["token"] == "ZZ"


def test_missing_file_is_a_clear_error(tmp_path):
    r = run("classify", str(tmp_path / "nope.pbn"))
    assert r.exit_code == 2 and "nope.pbn" in r.output


def test_bad_dealer():
    r = run("classify", "1H P", "--dealer", "Q")
    assert r.exit_code == 2 and "'Q'" in r.output


def test_pbn_and_lin_files_with_their_own_result(tmp_path):
    pbn = tmp_path / "t.pbn"
    pbn.write_text('[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Declarer "S"]\n[Contract "4H"]\n'
                   '[Auction "N"]\nPass 1H Pass 4H\nPass Pass Pass\n', encoding="utf-8")
    r, doc = doc_of("classify", str(pbn))
    (a,) = doc["auctions"]
    assert a["contract"]["text"] == "4H E" and a["recorded_contract"] is not None
    lin = tmp_path / "t.lin"
    lin.write_text("pn|s,w,n,e|st||md|3SAKQ,HAKQ,DAKQ,CAKQ|ah|Board 1|mb|1C|mb|p|mb|1H!|an|5+ hearts|mb|p|mb|p|mb|p|pg||\n",
                   encoding="latin-1")
    r, doc = doc_of("classify", str(lin))
    (a,) = doc["auctions"]
    assert a["dealer"] == "N" and a["contract"]["text"] == "1H S"
    assert a["calls"][2]["alert"] is True


def test_shared_pbn_file_every_board(tmp_path):
    path = SHARED / "data" / "bridge" / "pbn" / "aba_17901_aba_pairs.pbn"
    if not path.exists():
        pytest.skip("../shared/data is not beside this checkout (a user's clone has no shared folder)")
    r, doc = doc_of("classify", str(path))
    assert len(doc["auctions"]) >= 50
    assert all(a["agrees_with_record"] is not False for a in doc["auctions"])


def test_coinche_through_the_main_command():
    r, doc = doc_of("classify", "--game", "coinche", "80H P 90S X P P P")
    assert doc["contract"] and doc["coinche_level"] == 1 and r.exit_code == 0
    r, doc = doc_of("classify", "--game", "coinche", "90H 80S")
    assert r.exit_code == 1
    assert [c["code"] for c in doc["calls"]] == [200, 434]


def test_rule_flag_without_json_on_clean_auction_has_nothing_to_open():
    r = run("classify", "1NT P P P", "--rule")
    assert r.exit_code == 0 and "Ruling" not in r.stdout
