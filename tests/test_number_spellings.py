"""Numbers that Python's ``int`` reads but a record does not write: ``1_000``, ``٤٢٠`` (Arabic-
Indic digits), ``１０`` (full width), blanks around the digits, an underscore in a coinche bid. Found by the structured fuzzing
(tests/test_fuzz_mutation.py): such a value used to count silently as the number it looks
like, so a record with ``[Score "NS 4_20"]`` checked clean. Each is now reported as unreadable,
naming the value."""
from __future__ import annotations

import pytest

from arbitre.rulings.belote.coinche_auction import classify_coinche
from arbitre.rulings.bridge import pbn
from arbitre.rulings.bridge.scoring import read_score, tricks_taken
from arbitre.rulings.digits import is_signed_number

PBN = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Declarer "S"]\n[Contract "4H"]\n'
       '[Result "10"]\n[Score "{score}"]\n')


def test_is_signed_number_takes_one_sign_and_ascii_digits():
    for text in ("0", "420", "-100", "+1"):
        assert is_signed_number(text), text
    for text in ("", "-", "+-1", "--1", "1_000", "٤٢٠", "１０", " 1", "1 ", "1e3", "0x10", "-²"):
        assert not is_signed_number(text), text


@pytest.mark.parametrize("score", ["NS 4_20", "NS ٤٢٠", "4_20", "NS 420 EW -4_20", "EW -4_20", "NS １０"])
def test_a_score_spelled_as_python_would_read_it_is_unreadable(score):
    assert read_score(score, "S") is None
    (board,) = pbn.loads(PBN.format(score=score))
    assert [(p.code, p.token) for p in board.problems] == [("unreadable-score", score)]


@pytest.mark.parametrize(("score", "value"), [("NS 420", 420), ("EW -420", 420), ("420", 420), ("NS +420", 420),
                                             ("NS 420 EW -420", 420)])
def test_well_written_scores_still_read(score, value):
    assert read_score(score, "S") == value


@pytest.mark.parametrize("result", ["+1_0", "-٣", "+ 1"])
def test_a_result_spelled_as_python_would_read_it_is_not_a_result(result):
    assert tricks_taken(result, 1, "N") is None


@pytest.mark.parametrize(("calls", "option"), [("1_000H PASS", "1_000H"), ("80_H PASS", "80_H"),
                                               ("1_000 H PASS", "1_000"), ("CONTRACT 1_000 Hearts PASS", "1_000")])
def test_a_coinche_bid_with_an_underscore_is_refused_by_name(calls, option):
    """``1_000H`` used to be read as a bid of 1 in the suit ``_000H`` (432, "the minimum bidding
    value is 80"): the value the user wrote was silently cut to its first digit."""
    r = classify_coinche(calls)
    assert [c.code for c in r.calls] == [435, 200]
    assert r.calls[0].message.en == f"{option} is not a valid option."


def test_well_written_coinche_bids_still_read():
    assert [c.code for c in classify_coinche("80H 90 Pi CONTRACT 100 Hearts 110♥ PASS PASS PASS").calls] == [200] * 7
