"""The auction kernel: one call code, one rule function (kernel.Bidding.step), used by the engine and the fast lanes."""
from __future__ import annotations

import pytest

from arbitre.rulings.bridge import kernel
from arbitre.rulings.bridge.auction import Auction
from arbitre.rulings.bridge.calls import Call


def codes(text: str) -> list[int]:
    return [Call.parse(t).code for t in text.split()]


def test_call_codes_round_trip() -> None:
    assert [Call.parse(t).code for t in ("P", "X", "XX", "1C", "1NT", "7NT", "8C")] == [0, 1, 2, 5, 9, 39, 40]
    for code in range(5, 50):
        assert Call.of_code(code).code == code and kernel.CODES[kernel.text(code)] == code
    assert kernel.text(kernel.PASS) == "P" and kernel.text(23) == "4S"


@pytest.mark.parametrize("auction,verdicts", [
    ("1H P 2H P P P", [None] * 6),
    ("1S 1H", [None, kernel.INSUFFICIENT]),
    ("X", ["double-no-bid"]),
    ("1C X X", [None, None, "double-already-doubled"]),
    ("1C P X", [None, None, "double-own-side"]),
    ("XX", ["redouble-not-doubled"]),
    ("1C X P XX", [None, None, None, "redouble-own-double"]),
    ("1C X XX XX", [None, None, None, "redouble-already-redoubled"]),
    ("8C", [kernel.ABOVE_SEVEN]),
    ("P P P P P", [None] * 4 + [kernel.AFTER_CLOSE]),
])
def test_step_says_what_is_wrong(auction: str, verdicts: list) -> None:
    b = kernel.Bidding()
    assert [b.step(c, i % 4) for i, c in enumerate(codes(auction))] == verdicts
    assert all(v is None or v in kernel.INADMISSIBLE or v in (kernel.INSUFFICIENT, kernel.ABOVE_SEVEN,
                                                              kernel.AFTER_CLOSE) for v in verdicts)


def test_contract_declarer_and_close() -> None:
    b = kernel.run(codes("1C P 1H P 3NT P P P"), dealer=1)  # E 1C, W 1H, E 3NT
    assert b is not None and b.closed and b.contract() == (3, 4, 0, 1)
    b = kernel.run(codes("1H X XX P P P"))
    assert b is not None and b.contract() == (1, 2, 2, 0)
    assert kernel.run(codes("P P P P")).passed_out  # type: ignore[union-attr]
    assert kernel.run(codes("1H P P")).closed is False  # type: ignore[union-attr]
    assert kernel.run(codes("1S 1H P P P")) is None  # irregular: the engine says what
    assert kernel.lowest_sufficient(Call.parse("2S").code, 2) == Call.parse("3H").code
    assert kernel.lowest_sufficient(Call.parse("7NT").code, 0) is None


def test_irregular_calls_keep_their_turn_and_change_nothing() -> None:
    """A bid above seven and an inadmissible double stop a run of passes and leave the contract."""
    b = kernel.Bidding()
    for i, c in enumerate(codes("1H P P 8C P P")):
        b.step(c, i % 4)
    assert not b.closed and b.contract() == (1, 2, 0, 0)
    b.step(kernel.PASS, 2)
    assert b.closed


def test_the_engine_is_the_kernel_plus_rotation_and_reports() -> None:
    a = Auction()
    for c in codes("1S 1H P P P"):
        a.push(Call.of_code(c))
    assert [i.kind.value for i in a.irregularities] == ["insufficient-bid"]
    assert a.bidding.closed and str(a.contract) == "1H E"
    assert a.irregularities[0].params["lowest_sufficient_same_strain"] == "2H"


def test_many_calls_after_the_close_stay_linear() -> None:
    """Every call after the close is an irregularity; the engine does not rescan them (issue 9)."""
    a = Auction()
    for c in codes("1H P P P" + " P" * 20000):
        a.push(Call.of_code(c))
    assert len(a.irregularities) == 20000 and a.irregularities[-1].facts.get("accepted") is None
