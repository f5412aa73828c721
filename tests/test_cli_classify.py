"""`arbitre classify` as a director and a club scorer use it: typed, seat-tagged, files, stdin,
JSON, languages, errors that name the token, and reading that goes on past a bad input."""
import json

import pytest
from conftest import SHARED
from typer.testing import CliRunner

from arbitre.cli.app import app

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


def test_french_elides_de_before_east_and_west():
    r = run("classify", "1H 1S P", "--dealer", "N", "--lang", "fr")
    assert "au tour d'Ouest" in r.stdout, r.stdout
    r = run("classify", "1H 1S P 1C", "--dealer", "N", "--lang", "fr", "--rule", "--answer", "accepted=yes")
    assert "déclaration n° 4 d'Ouest" in " ".join(r.stdout.split()), r.stdout
    r = run("classify", "1H 1S P 1C", "--dealer", "E", "--rule", "--answer", "accepted=yes")
    assert "call #4 by North" in " ".join(r.stdout.split()), r.stdout


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


# -- --summary and folders: the club scorer's view ---------------------------------------------------------
_CLUB_PBN = ('[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Declarer "E"]\n[Contract "4H"]\n'
             '[Auction "N"]\nPass 1H Pass 4H\nPass Pass Pass\n\n'
             '[Event "Club"]\n[Board "2"]\n[Dealer "E"]\n[Declarer "W"]\n[Contract "3NT"]\n'
             '[Auction "E"]\n1S 1H Pass Pass\nPass\n\n'
             '[Event "Club"]\n[Board "3"]\n[Dealer "S"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n')


def test_summary_of_a_folder_one_line_per_board(tmp_path):
    (tmp_path / "night").mkdir()
    (tmp_path / "night" / "club.pbn").write_text(_CLUB_PBN, encoding="utf-8")
    (tmp_path / "night" / "notes.md").write_text("not an auction file", encoding="utf-8")
    r, doc = doc_of("classify", str(tmp_path / "night"), "--summary")
    assert r.exit_code == 1  # board 2 has an insufficient bid and disagrees with its record; board 3 has no auction
    b1, b2, b3 = doc["boards"]
    assert (b1["board"], b1["contract"]["text"], b1["agrees_with_record"], b1["irregularities"]) == ("1", "4H E", True, [])
    assert b1["states"] == ["Ppos1", "Opos2", "IPpos3", "REadvpos4"]
    assert [i["kind"] for i in b2["irregularities"]] == ["insufficient-bid"] and b2["irregularities"][0]["law"] == "27"
    assert b2["agrees_with_record"] is False and b2["problems"] == []  # the irregularity is not also a problem
    assert b3["dealer"] is None and b3["contract"] is None
    assert doc["totals"] == {"boards": 3, "clean": 1, "with_findings": 1, "disagree_with_record": 1, "no_auction": 1}
    assert doc["errors"] == []
    r = run("classify", str(tmp_path / "night"), "--summary", "--lang", "fr")
    for text in ("Résumé", "4♥ Est", "Enchère insuffisante", "pas d'enchères", "3 donnes : 1 sans constat"):
        assert text in r.stdout, text


@pytest.mark.parametrize(("lang", "line"), [
    ("fr", "1 donne : 1 sans constat, 0 avec constat, 0 en désaccord"),
    ("en", "1 board: 1 without findings, 0 with findings, 0 disagreeing"),
])
def test_summary_totals_agree_in_number(tmp_path, lang, line):
    """One board is "1 donne" / "1 board" (and French "0 avec constat"), not "1 donnes"."""
    f = tmp_path / "one.pbn"
    f.write_text('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Auction "N"]\n1S Pass Pass Pass\n',
                 encoding="utf-8")
    r = run("classify", str(f), "--summary", "--lang", lang)
    assert r.exit_code == 0 and line in r.stdout, r.stdout


def test_summary_agrees_with_the_full_reports(tmp_path):
    f = tmp_path / "club.pbn"
    f.write_text(_CLUB_PBN, encoding="utf-8")
    _, summary = doc_of("classify", str(f), "--summary")
    r, full = doc_of("classify", str(f))
    assert r.exit_code == 1 and len(full["auctions"]) == 2
    assert [a["contract"]["text"] for a in full["auctions"]] == [b["contract"]["text"] for b in summary["boards"][:2]]
    assert [[c["state"] for c in a["calls"][:4]] for a in full["auctions"]][0] == summary["boards"][0]["states"]
    (skipped,) = full["without_auction"]
    assert skipped["board"] == "3" and "no auction" in skipped["message"]["en"]


def test_summary_of_typed_auctions_and_usage_errors(tmp_path):
    r, doc = doc_of("classify", "1H P 2C X P P P", "--dealer", "S", "--summary")
    assert r.exit_code == 0 and doc["boards"][0]["contract"]["text"] == "2CX N"
    (tmp_path / "empty").mkdir()
    r = run("classify", str(tmp_path / "empty"), "--summary")
    assert r.exit_code == 2 and "no .pbn or .lin file" in r.output
    assert r.stdout == ""  # nothing read: no empty table
    r = run("classify", str(tmp_path / "missing") + "/", "--summary")
    assert r.exit_code == 2 and "missing" in r.output and "cannot read file" in r.output
    r = run("classify", "1S 1H", "--summary", "--rule")
    assert r.exit_code == 2 and "--rule" in r.output and "Traceback" not in r.output


def test_summary_of_the_shared_folder_matches_full_reports():
    folder = SHARED / "data" / "bridge"
    if not folder.is_dir():
        pytest.skip("../shared/data is not beside this checkout (a user's clone has no shared folder)")
    r, summary = doc_of("classify", str(folder / "pbn"), "--summary")
    _, full = doc_of("classify", str(folder / "pbn"))
    with_auction = [b for b in summary["boards"] if b["dealer"] is not None]
    assert len(with_auction) == len(full["auctions"]) > 1000
    for b, a in zip(with_auction, full["auctions"], strict=False):
        assert (b["source"], b["board"]) == (a["source"], a["board"])
        assert (b["contract"] or {}).get("text") == (a["contract"] or {}).get("text")
        assert [i["kind"] for i in b["irregularities"]] == [i["kind"] for i in a["irregularities"]]
    assert summary["totals"]["no_auction"] == len(full["without_auction"])


# -- classify opens the right law (Law 28B, Law 37) -------------------------------------------------------
def test_call_out_of_rotation_then_rho_in_turn_opens_law_28b_in_both_languages_and_json():
    r, doc = doc_of("classify", "Dealer: N E:1S N:P")
    assert r.exit_code == 1
    (irr,) = doc["auctions"][0]["irregularities"]
    assert (irr["law"], irr["tree"], irr["status"]) == ("28B", "acceptation-hors-tour", "cancelled")
    assert irr["facts"]["other_caller"] == "correct-player-called" and irr["facts"]["accepted"] == "no"
    en = run("classify", "Dealer: N E:1S N:P").stdout
    fr = run("classify", "Dealer: N E:1S N:P", "--lang", "fr").stdout
    assert "28B" in en and "cancelled without rectification" in en and "arbitre ruling acceptation-hors-tour" in en
    assert "déclaration hors tour annulée sans rectification (Loi 28B)" in " ".join(fr.split())


def test_rule_on_law_28b_fills_what_the_auction_says():
    r, doc = doc_of("classify", "Dealer: N E:1S N:P", "--rule")
    (walk,) = doc["rulings"]
    first = walk["path"][0]
    assert (first["tree"], first["node"], first["answer"], first["auto"]) == ("acceptation-hors-tour", "accepted", "no", True)


def test_forced_pass_broken_is_a_law_37_finding_in_both_languages():
    r, doc = doc_of("classify", "N:1H S:P TD E:1S S:2C W:P")
    assert r.exit_code == 1
    kinds = [(i["kind"], i["law"], i["tree"]) for i in doc["auctions"][0]["irregularities"]]
    assert kinds == [("pass-out-of-rotation", "30", "passe-hors-tour"),
                     ("obligation-to-pass-violated", "37", "obligation-de-passer")]
    broken = doc["auctions"][0]["irregularities"][1]
    assert broken["label"] == {"fr": "Déclaration malgré l'obligation de passer", "en": "Call violating an obligation to pass"}
    assert broken["params"]["obligation_law"] == "30A" and broken["facts"]["accepted"] == "yes"
    fr = " ".join(run("classify", "N:1H S:P TD E:1S S:2C W:P", "--lang", "fr").stdout.split())
    assert "obligation de passer" in fr and "tenu de passer (Loi 30A" in fr and "l'arbitre a été appelé" in fr
    en = " ".join(run("classify", "N:1H S:P TD E:1S S:2C W:P").stdout.split())
    assert "required to pass (Law 30A, after call #2)" in en and "arbitre ruling obligation-de-passer" in en


def test_rule_on_law_28b_reaches_the_28b_outcome_without_asking():
    r, doc = doc_of("classify", "Dealer: N E:1S N:P", "--rule")
    (walk,) = doc["rulings"]
    assert walk["path"][-1]["node"] == "in-rotation-28b" and all(s["auto"] for s in walk["path"][:-1]), walk["path"]


def test_rule_on_law_37_answers_the_inadmissible_question_from_the_auction():
    r, doc = doc_of("classify", "N:1H S:P TD E:1S S:2C W:P", "--rule")
    walk = doc["rulings"][1]
    assert walk["path"][0]["node"] == "inadmissible" and walk["path"][0]["auto"], walk["path"]


def test_summary_routes_a_call_out_of_rotation_the_correct_player_called_over_to_law_28b():
    """The one-line view names the law the full report opens (28B), not the kind's own (31)."""
    line = " ".join(run("classify", "Dealer: N E:1S N:P", "--summary").stdout.split())
    assert "Bid out of rotation (L28B)" in line
    r, doc = doc_of("classify", "Dealer: N E:1S N:P", "--summary")
    (irr,) = doc["boards"][0]["irregularities"]
    assert (irr["law"], irr["tree"]) == ("28B", "acceptation-hors-tour")


def test_a_replacement_ruled_not_comparable_bars_the_partner_in_both_languages():
    line = "N:1S E:1H TD 2H NC S:P W:2S"
    r, doc = doc_of("classify", line)
    assert r.exit_code == 1
    insufficient, broken = doc["auctions"][0]["irregularities"]
    assert insufficient["status"] == "cancelled" and insufficient["facts"]["comparable"] == "no"
    assert (broken["law"], broken["params"]["obligation_law"], broken["params"]["replacement_call"]) == ("37", "27B2", "3")
    fr = " ".join(run("classify", line, "--lang", "fr").stdout.split())
    assert "tenu de passer (Loi 27B2" in fr and "jugée non comparable" in fr
    en = " ".join(run("classify", line).stdout.split())
    assert "required to pass (Law 27B2" in en and "ruled not comparable" in en


def test_a_ruling_mark_with_nothing_to_rule_is_bad_input():
    r = run("classify", "N:1H S:P TD E:1S S:2C NC")
    assert r.exit_code == 2 and ":1:23:" in r.output and "NC" in r.output and "Traceback" not in r.output


def test_a_long_run_of_calls_after_the_close_is_summed_up_in_the_table_and_kept_whole_in_json():
    """A record that goes on past its close (hostile or broken input): the table draws quickly
    and stays readable, one line per seat and one row; --json keeps every call."""
    text = "1S P P P " + " ".join(["P"] * 4996)
    out = " ".join(run("classify", text).stdout.split())
    assert "+ 4,996 after the close (cancelled)" in out
    assert "#5–#5000 (4,996)" in out and out.count("declaration-apres-cloture") == 1
    fr = run("classify", text, "--lang", "fr").stdout
    assert "+ 4\u202f996 après la clôture" in fr  # French groups thousands with a narrow no-break space
    r, doc = doc_of("classify", text)
    (auction,) = doc["auctions"]
    assert len(auction["irregularities"]) == 4996 and len(auction["calls"]) == 5000
    few = " ".join(run("classify", "1S P P P X X").stdout.split())
    assert few.count("declaration-apres-cloture") == 2  # a short run: each call has its row
