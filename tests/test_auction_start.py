"""Issue 15 §1: a file whose auctions all start at the opening bid (the passes before it left
out) gets one finding for the file, and --auction-starts first-bid reads it that way."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from arbitre.cli.app import app
from arbitre.rulings.bridge import pbn
from arbitre.rulings.bridge.auction_start import passes_omitted, starts

# (board, dealer, auction as the generator writes it, recorded declarer, contract): the true
# auctions had 1, 2 and 3 passes before the opening bid
BOARDS = [
    (1, "N", "1H Pass 2H Pass Pass Pass", "E", "2H"),
    (2, "E", "1S Pass 4S Pass Pass Pass", "W", "4S"),
    (3, "S", "1NT Pass 3NT Pass Pass Pass", "E", "3NT"),
]


def pbn_text(boards=BOARDS) -> str:
    return "\n".join(f'[Board "{n}"]\n[Dealer "{d}"]\n[Declarer "{decl}"]\n[Contract "{c}"]\n[Result "9"]\n'
                     f'[Auction "{d}"]\n{calls}\n' for n, d, calls, decl, c in boards)


def test_each_board_disagrees_by_the_omitted_passes():
    boards = pbn.loads(pbn_text())
    assert [b.problem_codes() for b in boards] == [["contract-mismatch"]] * 3
    assert [passes_omitted(b) for b in boards] == [1, 2, 3]


def test_one_finding_for_the_file_instead_of_one_per_board():
    for fast in (False, True):
        boards = list(starts(pbn.iter_boards(pbn_text(), "t.pbn", fast=fast)))
        assert [b.problem_codes() for b in boards] == [["auction-omits-passes"], [], []]
        assert "omit the passes before the opening bid" in boards[0].problems[0].en


def test_first_bid_reading_agrees_with_every_record():
    boards = list(starts(pbn.iter_boards(pbn_text(), "t.pbn", fast=True), "first-bid"))
    assert all(b.agrees and not b.problems for b in boards)
    assert [str(b.contract) for b in boards] == ["2H E", "4S W", "3NT E"]


def test_a_file_with_one_odd_board_is_left_alone():
    good = (4, "N", "Pass 1H Pass 2H Pass Pass Pass", "E", "2H")
    boards = list(starts(pbn.loads(pbn_text(BOARDS + [good]))))
    assert [b.problem_codes() for b in boards] == [["contract-mismatch"]] * 3 + [[]]


def test_cli_option(tmp_path):
    f = tmp_path / "robots.pbn"
    f.write_text(pbn_text(), encoding="utf-8")
    runner = CliRunner()
    doc = json.loads(runner.invoke(app, ["classify", str(f), "--summary", "--json"]).stdout)
    assert [b["problems"] for b in doc["boards"]] == [["auction-omits-passes"], [], []]
    r = runner.invoke(app, ["classify", str(f), "--summary", "--json", "--auction-starts", "first-bid"])
    doc = json.loads(r.stdout)
    assert [b["agrees_with_record"] for b in doc["boards"]] == [True] * 3 and r.exit_code == 0
    r = runner.invoke(app, ["classify", str(f), "--auction-starts", "sideways"])
    assert r.exit_code == 2


SAMPLES = __import__("pathlib").Path(__file__).resolve().parents[1] / "data" / "samples"


def test_the_shipped_samples_give_what_the_readme_says():
    runner = CliRunner()
    doc = json.loads(runner.invoke(app, ["classify", str(SAMPLES / "opening-bid.pbn"), "--summary", "--json"]).stdout)
    assert [b["problems"] for b in doc["boards"]] == [["auction-omits-passes"], [], []]
    r = runner.invoke(app, ["classify", str(SAMPLES / "club-night.pbn"), "--summary", "--json"])
    boards = json.loads(r.stdout)["boards"]
    assert r.exit_code == 1 and [(b["board"], b["room"]) for b in boards] == [("1", "Open"), ("1", "Closed"), ("2", "Open")]
    assert [b["laws"] for b in boards] == [{}, {"revoke-recorded": "64", "score-mismatch": "77"},
                                           {"wrong-declarer": "54A", "irregular-result": "12C"}]
