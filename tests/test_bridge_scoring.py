"""Law 77 duplicate scoring: known table values, results as records write them, PBN scores."""
from __future__ import annotations

import pytest

from arbitre.rulings.bridge.scoring import (
    declarer_vulnerable,
    read_score,
    score,
    tricks_taken,
)

KNOWN = [
    # level strain doubled vulnerable tricks -> score of declarer's side
    (4, "S", 0, False, 10, 420),
    (3, "NT", 0, True, 10, 630),
    (1, "NT", 1, False, 6, -100),
    (7, "NT", 2, True, 13, 2980),
    (1, "C", 0, False, 7, 70),
    (2, "H", 0, False, 9, 140),
    (3, "NT", 0, False, 9, 400),
    (2, "D", 1, False, 8, 180),          # 80 doubled: part score, + insult
    (2, "H", 1, False, 8, 470),          # 120 doubled: game
    (1, "S", 2, True, 7, 720),           # 120 redoubled: game vulnerable + 100
    (6, "S", 0, True, 12, 1430),
    (7, "C", 0, False, 13, 1440),
    (4, "H", 1, True, 11, 990),          # one doubled overtrick vulnerable: 200
    (4, "S", 0, False, 8, -100),
    (4, "S", 0, True, 7, -300),
    (3, "NT", 1, False, 5, -800),        # 4 down doubled not vulnerable: 100+200+200+300
    (3, "NT", 1, True, 5, -1100),        # 4 down doubled vulnerable: 200+300+300+300
    (7, "NT", 2, False, 0, -7000),       # 13 down redoubled not vulnerable: (100+200+200+10x300) x2
    (5, "D", 2, True, 10, -400),         # 1 down redoubled vulnerable: 200 doubled, x2
]


@pytest.mark.parametrize(("level", "strain", "doubled", "vul", "tricks", "expected"), KNOWN)
def test_law_77_table(level, strain, doubled, vul, tricks, expected):
    assert score(level, strain, doubled, vul, tricks) == expected


def test_not_a_contract_is_refused():
    with pytest.raises(ValueError):
        score(8, "S", 0, False, 13)
    with pytest.raises(ValueError):
        score(4, "S", 0, False, 14)


def test_results_as_records_write_them():
    assert tricks_taken("10", 4) == 10
    assert tricks_taken("=", 4) == 10
    assert tricks_taken("+1", 3) == 10
    assert tricks_taken("-2", 4) == 8
    assert tricks_taken("^13", 6) == 13
    assert tricks_taken("made", 4) is None


def test_vulnerability_of_declarer():
    assert declarer_vulnerable("NS", "S") is True
    assert declarer_vulnerable("NS", "E") is False
    assert declarer_vulnerable("All", "W") is True
    assert declarer_vulnerable("None", "N") is False
    assert declarer_vulnerable(None, "N") is None


def test_pbn_score_values():
    assert read_score("NS 420", "S") == 420
    assert read_score("EW 420", "S") == -420
    assert read_score("NS -100 EW 100", "E") == 100
    assert read_score("630", "W") == 630
    assert read_score("lots", "N") is None
