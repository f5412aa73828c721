"""Issue 15 §1: what a bridge record states beyond its auction becomes findings with their law,
read the same by both lanes of the PBN reader and shown by both views."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from arbitre.cli.app import app
from arbitre.rulings.bridge import lin, pbn
from arbitre.rulings.bridge.records import parse_recorded

HEAD = '[Event "club"]\n[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "{vul}"]\n'
AUCTION = '[Auction "N"]\nPass Pass 1S Pass\n4S Pass Pass Pass\n'


def record(n: int = 1, vul: str = "None", tags: str = "", auction: str = AUCTION, play: str = "") -> str:
    return HEAD.format(n=n, vul=vul) + tags + auction + play


def both_lanes(text: str):
    ref = pbn.loads(text, "t.pbn")
    fast = list(pbn.iter_boards(text, "t.pbn", fast=True))
    assert [b.problem_codes() for b in ref] == [b.problem_codes() for b in fast]
    assert [[(p.line, p.column) for p in b.problems] for b in ref] == [[(p.line, p.column) for p in b.problems]
                                                                       for b in fast]
    return ref


def test_revoke_marked_in_the_play_is_a_finding_with_law_64():
    text = record(tags='[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n',
                  play='[Play "W"]\nSK H3 S4 S3\nC5 C2 ^R S5\n')
    (b,) = both_lanes(text)
    (p,) = b.problems
    assert (p.code, p.law, p.line, p.column) == ("revoke-recorded", "64", 13, 7)
    assert "revoke recorded (L64)" in p.labelled().en and "renonce relevée (L64)" in p.labelled().fr


def test_revoke_mark_inside_a_commented_play_line_is_still_found_by_the_reference_lane():
    text = record(play='[Play "W"]\nSK H3 S4 S3 {a comment}\nC5 C2 ^R S5 {and another}\n')
    (b,) = both_lanes(text)
    assert b.problem_codes() == ["revoke-recorded"]


def test_lead_out_of_turn_mark():
    (b,) = both_lanes(record(play='[Play "W"]\n^L SK H3 S4 S3\n'))
    assert [(p.code, p.law) for p in b.problems] == [("lead-out-of-turn-recorded", "53")]


def test_declarer_played_by_the_wrong_side_is_law_54a():
    (b,) = both_lanes(record(tags='[Declarer "^N"]\n[Contract "4S"]\n'))
    (p,) = b.problems
    assert (p.code, p.law) == ("wrong-declarer", "54A") and "N played the hand, S being declarer" in p.en
    assert b.agrees  # the auction made South declarer: the record agrees with it


def test_irregular_result_is_a_finding():
    (b,) = both_lanes(record(tags='[Declarer "S"]\n[Contract "4S"]\n[Result "^13"]\n'))
    assert b.problem_codes() == ["irregular-result"]


def test_r_is_a_redouble_in_contract():
    rec = parse_recorded("4SR", "S")
    assert rec is not None and rec.doubled == 2
    text = record(auction='[Auction "N"]\nPass Pass 1S X\nXX Pass Pass Pass\n',
                  tags='[Declarer "S"]\n[Contract "1SR"]\n[Result "7"]\n[Score "NS 520"]\n')
    (b,) = both_lanes(text)
    assert b.agrees and not b.problems  # 1SXX= not vulnerable: 40x4 + 50 + 100 + 300... = 520


def test_auction_in_a_comment_is_no_auction():
    text = record(auction='[Auction "N"]\n{Pass Pass 1S Pass 4S Pass Pass Pass}\n')
    (b,) = both_lanes(text)
    assert not b.has_auction and "incomplete-auction" not in b.problem_codes()


@pytest.mark.parametrize(("vul", "score", "codes"), [
    ("None", "NS 420", []),
    ("None", "420", []),
    ("None", "EW -420", []),
    ("NS", "NS 420", ["score-mismatch"]),
    ("NS", "NS 620", []),
    ("None", "lots", ["unreadable-score"]),
])
def test_score_follows_the_scoring_table(vul, score, codes):
    text = record(vul=vul, tags=f'[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n[Score "{score}"]\n')
    (b,) = both_lanes(text)
    assert b.problem_codes() == codes
    if codes == ["score-mismatch"]:
        assert b.problems[0].law == "77" and "gives 620" in b.problems[0].en


def test_result_by_side_and_impossible_result():
    (b,) = both_lanes(record(tags='[Declarer "S"]\n[Contract "4S"]\n[Result "EW 3 NS 10"]\n[Score "NS 420"]\n'))
    assert not b.problems
    (b,) = both_lanes(record(tags='[Declarer "S"]\n[Contract "4S"]\n[Result "14"]\n'))
    assert b.problem_codes() == ["impossible-result"]


def test_lin_result_beyond_thirteen_tricks_is_impossible():
    text = ("vg|club,1,I,1,1,A,0,B,0|rs|7SN+1,7SN=|pn|a,b,c,d,e,f,g,h|\n"
            "qx|o1|md|3SAKQJT98765432HDC,H,D,|sv|o|mb|7S|mb|p|mb|p|mb|p|pg||\n")
    boards = lin.loads(text, "t.lin")
    assert "impossible-result" in boards[0].problem_codes()


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_both_views_show_the_finding_with_its_law(tmp_path):
    f = tmp_path / "club.pbn"
    f.write_text(record(tags='[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n[Score "NS 450"]\n',
                        play='[Play "W"]\nC5 C2 ^R S5\n'), encoding="utf-8")
    summary = run("classify", str(f), "--summary", "--json")
    doc = json.loads(summary.stdout)
    (board,) = doc["boards"]
    assert board["problems"] == ["revoke-recorded", "score-mismatch"]
    assert board["laws"] == {"revoke-recorded": "64", "score-mismatch": "77"}
    assert (board["vulnerability"], board["recorded_result"], board["recorded_score"]) == ("None", "10", "NS 450")
    assert board["recorded_declarer"] == "S" and board["recorded_contract"] == "4S"
    full = run("classify", str(f))
    assert "revoke recorded (L64)" in full.stdout and "wrong score (L77)" in full.stdout
    text = run("classify", str(f), "--summary", "--lang", "fr")
    assert "renonce relevée (L64)" in text.stdout and summary.exit_code == 1


DEAL1 = "N:AKQ2.AT.J6542.85 .632.AKQ987.A973 8654.KQ5.T.QJT62 JT973.J9874.3.K4"  # 13 cards each, 52 in all
DEAL2 = "N:JT973.J9874.3.K4 AKQ2.AT.J6542.85 .632.AKQ987.A973 8654.KQ5.T.QJT62"
DEAL1_W = "W:JT973.J9874.3.K4 AKQ2.AT.J6542.85 .632.AKQ987.A973 8654.KQ5.T.QJT62"


def game_text(board: str | None, deal: str, room: str) -> str:
    tags = '[Event "teams"]\n' + (f'[Board "{board}"]\n' if board is not None else "")
    return tags + f'[Room "{room}"]\n[Dealer "N"]\n[Deal "{deal}"]\n' + AUCTION


def test_board_number_inherited_by_a_second_table_record_without_board_tag():
    text = "\n".join([game_text("7", DEAL1, "Open"), game_text(None, DEAL1_W, "Closed"),
                      game_text("#", DEAL1, "Closed")])
    boards = both_lanes(text)
    assert [(b.board, b.number, b.room) for b in boards] == [("7", 7, "Open"), ("7", 7, "Closed"), ("7", 7, "Closed")]
    assert not any(b.problems for b in boards)


def test_missing_board_tag_with_new_cards_is_not_guessed():
    boards = both_lanes("\n".join([game_text("7", DEAL1, "Open"), game_text(None, DEAL2, "Open")]))
    assert [b.board for b in boards] == ["7", None] and not boards[1].problems


def test_one_number_two_deals_is_a_finding():
    boards = both_lanes("\n".join([game_text("7", DEAL1, "Open"), game_text("#", DEAL2, "Closed")]))
    assert [b.board for b in boards] == ["7", "7"] and boards[1].problem_codes() == ["board-number-clash"]


def test_summary_json_never_has_a_null_board_when_the_file_gives_it(tmp_path):
    f = tmp_path / "teams.pbn"
    f.write_text("\n".join([game_text("3", DEAL1, "Open"), game_text(None, DEAL1, "Closed")]), encoding="utf-8")
    doc = json.loads(run("classify", str(f), "--summary", "--json").stdout)
    assert [(b["board"], b["room"]) for b in doc["boards"]] == [("3", "Open"), ("3", "Closed")]


def test_full_view_of_a_record_without_auction_still_gives_its_findings(tmp_path):
    f = tmp_path / "hand.pbn"
    f.write_text(record(tags='[Declarer "^N"]\n[Contract "4S"]\n[Result "^10"]\n',
                        auction='[Auction "N"]\n{Pass Pass 1S Pass 4S Pass Pass Pass}\n'), encoding="utf-8")
    r = run("classify", str(f), "--json")
    (entry,) = json.loads(r.stdout)["without_auction"]
    assert "played from the wrong side (L54A)" in entry["message"]["en"]
    assert "résultat irrégulier (L12C)" in entry["message"]["fr"]
