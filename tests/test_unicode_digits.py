"""A superscript or other non-ASCII digit ("²", "³", "①") where a number is read: ``str.isdigit``
says yes and ``int`` says no, which used to end in an internal error (exit 70). Each place now
reports the value as unreadable, as it does for any other bad number."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from arbitre.cli.app import app
from arbitre.rulings.belote.coinche_auction import classify_coinche
from arbitre.rulings.bridge import lin, pbn
from arbitre.rulings.bridge.scoring import tricks_taken
from arbitre.rulings.digits import is_number

runner = CliRunner()
PBN = '[Event "x"]\n[Board "{board}"]\n[Dealer "N"]\n[Contract "1S"]\n[Declarer "N"]\n[Result "{result}"]\n' \
      '[Auction "N"]\n{calls}\n'


def test_is_number_takes_ascii_digits_only():
    assert is_number("0") and is_number("123")
    for text in ("", "²", "1²", "①", "٣", " 1", "-1", "1.0"):
        assert not is_number(text), text


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize(("calls", "token"), [("1S $² Pass Pass Pass", "$²"), ("1S =²= Pass Pass Pass", "=²=")])
def test_pbn_marks_with_a_superscript_are_unknown_tokens(fast, calls, token):
    (board,) = pbn.iter_boards(PBN.format(board="1", result="7", calls=calls), fast=fast)
    assert [(p.code, p.token) for p in board.problems] == [("unknown-token", token)]
    assert str(board.contract) == "1S N"


def test_pbn_board_and_result_with_a_superscript():
    (board,) = pbn.loads(PBN.format(board="²", result="²", calls="1S Pass Pass Pass"))
    assert (board.board, board.number) == ("²", None)
    assert "bad-result" in {p.code for p in board.problems} or "unreadable-result" in {p.code for p in board.problems}


def test_pbn_note_number_with_a_superscript():
    text = PBN.format(board="1", result="7", calls="1S =1= Pass Pass Pass") + '[Note "²:a note"]\n'
    (board,) = pbn.loads(text)
    assert "bad-tag" in {p.code for p in board.problems}


def test_lin_board_and_room_with_a_superscript():
    (board,) = lin.loads("pn|a,b,c,d|md|1SAKQHAKQDAKQCAKQJ,,,|sv|o|ah|Board ²|mb|1S|mb|p|mb|p|mb|p|pg||\n")
    assert board.number is None and str(board.contract) == "1S S"


@pytest.mark.parametrize("result", ["²", "+²", "NS ² EW 4", "^²"])
def test_a_result_with_a_superscript_is_not_a_result(result):
    assert tricks_taken(result, 1, "N") is None


def test_coinche_contract_with_a_superscript_is_refused_with_its_code():
    r = classify_coinche("CONTRACT ² Hearts PASS")
    assert [c.code for c in r.calls] == [435, 200]


def test_classify_and_ruling_through_the_cli(tmp_path):
    f = tmp_path / "sup.pbn"
    f.write_text(PBN.format(board="²", result="7", calls="1S $² =²= Pass Pass Pass"), encoding="utf-8")
    r = runner.invoke(app, ["classify", str(f), "--lang", "en"])
    assert r.exit_code in (0, 1) and "internal error" not in r.output, r.output
    assert "'$²'" in r.output and "'=²='" in r.output
    r = runner.invoke(app, ["ruling", "renonce", "--lang", "en"], input="²\nq\n")
    assert r.exit_code == 0 and "internal error" not in r.output, r.output
    assert "²" in r.output  # the answer is refused by name


def test_a_terminal_size_that_is_not_a_number_is_ignored():
    env = {**os.environ, "COLUMNS": "²", "LINES": "³"}
    done = subprocess.run([sys.executable, "-m", "arbitre", "classify", "1H P P P", "--dealer", "N", "--lang", "en"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "1H" in done.stdout and "Traceback" not in done.stderr
