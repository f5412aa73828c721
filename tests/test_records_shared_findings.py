"""Issue 15 on the shared real records (skipped when ../shared is absent): the new findings
are what the files state, the scores they give follow Law 77, and board numbers are kept."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from arbitre.rulings.bridge.auction_start import starts
from arbitre.rulings.bridge.reading import iter_path
from arbitre.rulings.errors import InputError

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "bridge"
pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason="../shared/data/bridge (the real records) is absent")


@pytest.fixture(scope="module")
def boards() -> dict[str, list]:
    out = {}
    for p in sorted(DATA.rglob("*")):
        if p.suffix.lower() in (".pbn", ".lin"):
            try:
                out[str(p.relative_to(DATA))] = list(starts(iter_path(p, fast=True)))
            except InputError:  # an unreadable file is the reader tests' business
                out[str(p.relative_to(DATA))] = []
    return out


def test_every_recorded_score_follows_the_scoring_table(boards):
    codes = Counter(c for v in boards.values() for b in v for c in b.problem_codes())
    scored = sum(1 for v in boards.values() for b in v if b.score and b.recorded is not None)
    assert scored >= 10  # the files do give scores
    assert codes["score-mismatch"] == 0
    # the only impossible results are the two the PBN verifier's error file plants: a result by
    # side that does not make 13 tricks ("NS 9 EW 2") and tricks on a passed-out board
    impossible = sorted((name, b.line) for name, v in boards.items() for b in v
                        if "impossible-result" in b.problem_codes())
    assert [name for name, _ in impossible] == ["pbn/verifier/errors_10.pbn"] * 2, impossible


def test_the_verifier_irregularity_game_gives_each_mark_with_its_law(boards):
    (b,) = [b for b in boards["pbn/verifier/correct_10.pbn"] if b.event == "Test illegals"]
    assert sorted(b.problem_codes()) == sorted(["revoke-recorded", "revoke-recorded", "lead-out-of-turn-recorded",
                                                "wrong-declarer", "irregular-result"])
    assert {p.code: p.law for p in b.problems}["revoke-recorded"] == "64"


def test_board_numbers_are_kept_in_exports(boards):
    for name, v in boards.items():
        if name.startswith(("lin/", "pbn/")) and "verifier" not in name:
            assert all(b.board is not None for b in v if b.has_auction), name


def test_no_real_file_seems_to_omit_the_opening_passes(boards):
    assert not [n for n, v in boards.items() for b in v if "auction-omits-passes" in b.problem_codes()]


def test_only_the_verifier_error_file_deals_impossible_hands(boards):
    """The PBN verifier's error file plants six wrong deals (a bad rank, a card twice, 14 or 12
    cards); no other shared record (lesson files' partial hands, end positions included) is flagged."""
    bad = [(name, b.line) for name, v in boards.items() for b in v if "bad-deal" in b.problem_codes()]
    assert [name for name, _ in bad] == ["pbn/verifier/errors_10.pbn"] * 6, bad
