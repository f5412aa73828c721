"""The plain-text auction cases (auction_cases.txt): a director can read them and add lines."""
from __future__ import annotations

from pathlib import Path

import pytest

from arbitre.rulings.belote.coinche_auction import classify_coinche

CASES = Path(__file__).with_name("auction_cases.txt")


def _cases() -> list[tuple[int, str, list[int], str]]:
    out = []
    for number, line in enumerate(CASES.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        auction, codes, outcome = (part.strip() for part in line.split("|"))
        out.append((number, auction, [int(c) for c in codes.split()], outcome))
    return out


def _outcome(auction: str) -> str:
    r = classify_coinche(auction)
    head = "redeal" if r.passed_out else (f"taker {r.taker} {r.contract}" if r.taker else "no taker")
    level = ["", " coinched", " surcoinched"][r.coinche_level]
    return f"{head}{level} {'over' if r.ended else 'open'}"


@pytest.mark.parametrize("number, auction, codes, outcome", _cases(), ids=lambda v: str(v))
def test_case(number, auction, codes, outcome):
    r = classify_coinche(auction)
    assert [c.code for c in r.calls] == codes, f"auction_cases.txt line {number}"
    assert _outcome(auction) == outcome, f"auction_cases.txt line {number}"


def test_the_file_has_cases():
    assert len(_cases()) >= 25
