"""Every real record in the shared folder reads; its dirt is reported per board; the auction reaches the record's own contract.

The folder (../shared/data/bridge next to the checkout, see its SOURCE.md) is read-only
third-party data; the test skips when it is absent.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from arbitre.rulings.bridge import lin, pbn, reading, textauction
from arbitre.rulings.bridge.marks import STATED
from arbitre.rulings.bridge.records import Board

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "bridge"
pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason=f"shared bridge records not found at {DATA}")

# Records whose own result (rs|) contradicts their own auction; the engine's reading is right:
KNOWN_INCONSISTENT = {
    # N passes, E 1D, S 2C, W X, N P, E 2D, S 3C, W 3D, N 4C: S bid clubs first, so S declares;
    # the opening lead (dA) comes from W, S's left: rs "4CN-1" names the wrong declarer.
    ("43385.lin", "o9"),
    # the auction ends 1H X XX 2NT(S) P P P; rs says "3NS-1" (8 tricks claimed: 2NT made, or 3NT-1):
    # the recorded auction has no 3NT.
    ("44099.lin", "c16"),
    # W 1C, N 1S, E 2D, S P, W 3C, all pass: W declares and N (W's left) leads dA; rs "3CE-4" says E.
    ("44326.lin", "o16"),
    # ... 5D(E) P P X P P P: the auction is doubled; rs "5DE+1" drops the x (the open room's "5DEx=" keeps it).
    ("45957.lin", "c24"),
}


def _read_all() -> dict[str, list[Board]]:
    found: dict[str, list[Board]] = {}
    for path in sorted(DATA.rglob("*")):
        if path.suffix not in (".lin", ".pbn"):
            continue
        reader = lin if path.suffix == ".lin" else pbn
        with path.open("rb") as fp:
            found[str(path.relative_to(DATA))] = reader.load(fp, source=path.name)
    return found


@pytest.fixture(scope="module")
def records() -> dict[str, list[Board]]:
    return _read_all()


def _board(records: dict[str, list[Board]], name: str, board: str) -> Board:
    (found,) = [b for b in records[f"lin/{name}"] if b.board == board]
    return found


def test_every_file_reads_and_sniffs(records: dict[str, list[Board]]) -> None:
    assert len(records) >= 100
    lin_boards = sum(len(v) for k, v in records.items() if k.endswith(".lin"))
    pbn_boards = sum(len(v) for k, v in records.items() if k.startswith("pbn/") and "verifier" not in k)
    assert lin_boards >= 2500 and pbn_boards >= 1400
    for name in records:
        head = reading.decode((DATA / name).read_bytes())  # the whole text: some % headers are long
        assert textauction.sniff(head) == name.rsplit(".", 1)[1], name


@pytest.mark.parametrize("name,board,code,token", [
    ("44127.lin", "c15", "call-after-close", "3NT"),  # ... 3N p p p 3N
    ("44870.lin", "o18", "call-after-close", "P"),  # a fourth pass
    ("53401.lin", "o10", "insufficient-bid", "2D"),  # 1N p 2D 2D
    ("43357.lin", "c17", "unreadable-call", "12H!"),  # junk token
    ("44099.lin", "c25", "duplicated-auction", "P 1S X 2S P 4S P P P"),
    ("48055.lin", None, "call-after-close", "X"),  # 1N P 2S 3S P P P D
])
def test_known_dirty_records(records: dict[str, list[Board]], name: str, board: str | None, code: str,
                             token: str) -> None:
    boards = records[f"lin/{name}"]
    hits = [b for b in boards if code in b.problem_codes() and (board is None or b.board == board)]
    assert hits, (name, board, code)
    problem = next(p for p in hits[0].problems if p.code == code)
    assert problem.token == token and problem.line is not None and problem.column is not None
    assert problem.en != problem.fr


def test_passes_only_auctions_are_incomplete(records: dict[str, list[Board]]) -> None:
    short = [b for b in records["lin/43401.lin"] if [t.text for t in b.calls] == ["p", "p", "p"]]
    assert len(short) >= 8
    assert all(b.problem_codes() == ["incomplete-auction"] and not b.is_complete for b in short)


def test_junk_board_still_reads_what_it_can(records: dict[str, list[Board]]) -> None:
    b = _board(records, "43357.lin", "c17")
    assert b.is_complete and str(b.contract) == "7H E" and b.recorded is not None and b.agrees


def test_auctions_reach_the_recorded_contract(records: dict[str, list[Board]]) -> None:
    compared = agreeing = 0
    mismatched = set()
    for name, boards in records.items():
        if "verifier" in name:
            continue
        for b in boards:
            if b.is_legal and b.recorded is not None:
                compared += 1
                if b.agrees:
                    agreeing += 1
                else:
                    mismatched.add((b.source, b.board))
    assert compared >= 4000
    assert mismatched == KNOWN_INCONSISTENT
    assert agreeing == compared - len(KNOWN_INCONSISTENT)


def test_fast_classification_matches_the_engine(records: dict[str, list[Board]]) -> None:
    """Clean auctions are classified without the engine; the engine must say the same."""
    checked = 0
    for boards in records.values():
        for b in boards:
            if b._auction is not None or not b.has_auction:  # the engine judged it (or no auction)
                continue
            quick = (b.is_complete, b.is_passed_out, b.contract)
            a = b.auction
            assert quick == (a.is_complete, a.is_passed_out, a.contract), (b.source, b.board)
            assert a.is_legal
            checked += 1
    assert checked >= 4000


def test_dirty_records_are_few_and_named(records: dict[str, list[Board]]) -> None:
    # the BBO exports (lin/, pbn/) whose dirt SOURCE.md lists; more/ holds other generators' dirt
    codes = Counter(c for k, v in records.items() if k.startswith(("lin/", "pbn/")) and "verifier" not in k
                    for b in v for c in b.problem_codes())
    assert codes["duplicated-auction"] == 1 and codes["unreadable-call"] == 1
    assert codes["call-after-close"] >= 3 and codes["incomplete-auction"] >= 8
    assert codes["contract-mismatch"] == len(KNOWN_INCONSISTENT)


def test_verifier_correct_files_have_no_problem(records: dict[str, list[Board]]) -> None:
    for name, boards in records.items():
        if "verifier/correct_" in name:
            # the irregularities a correct file marks itself (^R, ^L, ^S...) are findings, not defects
            dirty = [b for b in boards if set(b.problem_codes()) - STATED]
            assert boards and not dirty, [(name, b.line, [p.en for p in b.problems]) for b in dirty]


def test_verifier_error_files_give_problems_not_exceptions(records: dict[str, list[Board]]) -> None:
    codes = {name: Counter(c for b in boards for c in b.problem_codes())
             for name, boards in records.items() if "verifier/errors_" in name}
    assert set(codes) == {"pbn/verifier/errors_10.pbn", "pbn/verifier/errors_20.pbn", "pbn/verifier/errors_21.pbn"}
    e10, e20 = codes["pbn/verifier/errors_10.pbn"], codes["pbn/verifier/errors_20.pbn"]
    for code in ("bad-tag", "dealer-mismatch", "insufficient-bid", "inadmissible-double", "contract-mismatch",
                 "missing-note", "unused-note", "unreadable-call", "stray-text", "unexpected-marker"):
        assert e10[code] >= 1, code
    assert e20["call-after-unfinished"] >= 3
    # errors_21 only holds malformed OptimumScore tags, which this auction reader does not read.
    assert sum(codes["pbn/verifier/errors_21.pbn"].values()) == 0
