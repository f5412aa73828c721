"""The ``--json`` document of ``classify`` is written without pydantic (a cold start that
imported it would cost twice the floor): it must be exactly what pydantic's
``TypeAdapter`` gave for the same reports, on irregular auctions and on real records."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.kb.access import load_irregularity_kinds, load_machine
from arbitre.rulings.bridge.auction import Auction
from arbitre.rulings.bridge.calls import Call
from arbitre.rulings.bridge.classify import classify
from arbitre.rulings.bridge.reading import iter_path, report
from arbitre.rulings.bridge.report import ClassifyResult, to_json
from arbitre.rulings.bridge.seats import Seat

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "bridge"


def _pydantic(result: ClassifyResult) -> dict:
    from pydantic import TypeAdapter

    return TypeAdapter(ClassifyResult).dump_python(result, mode="json")


@pytest.fixture(scope="module")
def kb_tables(kb_path):
    import sqlite3

    conn = sqlite3.connect(kb_path)
    return load_machine(conn), load_irregularity_kinds(conn)


@settings(max_examples=200, deadline=None)
@given(tokens=st.lists(st.sampled_from(["P", "X", "XX", "1C", "1H", "2NT", "1S", "8D", "7NT", "3C"]), max_size=16),
       seats=st.lists(st.sampled_from(list(Seat)), max_size=16), dealer=st.sampled_from(list(Seat)))
def test_plain_json_is_pydantic_json_on_irregular_auctions(kb_tables, tokens, seats, dealer):
    machine, kinds = kb_tables
    a = Auction(dealer)
    tagged = len(seats) >= len(tokens)
    for i, t in enumerate(tokens):
        a.push(Call.parse(t), seats[i] if tagged else None)
    result = ClassifyResult(auctions=[classify(a, machine, kinds)], errors=[{"source": "x", "line": 2}],
                            without_auction=[{"source": "y", "board": "3"}])
    doc = to_json(result)
    assert doc == _pydantic(result)
    assert json.loads(json.dumps(doc)) == doc


def test_plain_json_is_pydantic_json_on_shared_records(kb_tables):
    if not SHARED.is_dir():
        pytest.skip("../shared/data/bridge (the user's real records) is not there")
    machine, kinds = kb_tables
    files = sorted(SHARED.glob("pbn/*.pbn"))[:3] + sorted(SHARED.glob("lin/*.lin"))[:3]
    reports = [r for f in files for b in iter_path(f) if (r := report(b, machine, kinds)) is not None]
    assert len(reports) > 20
    assert any(r.irregularities or r.problems for r in reports)
    result = ClassifyResult(auctions=reports)
    assert to_json(result) == _pydantic(result)
