"""The fast scanner (rulings/bridge/fastscan.py) says exactly what the reference path says.

Reference path: ``reading.read_text`` (pbn.py / lin.py readers) then ``reading.report``
(auction engine + classify). Checked on every record of the shared real data, and on
generated PBN snippets (legal and irregular auctions, notes, markers, junk).
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.kb.access import load_irregularity_kinds, load_machine
from arbitre.rulings.bridge import fastscan, reading

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "bridge"


@pytest.fixture(scope="module")
def kb_objects(kb_path):
    conn = sqlite3.connect(kb_path)
    try:
        return load_machine(conn), load_irregularity_kinds(conn)
    finally:
        conn.close()


def _compare(text: str, fmt: str, source: str, machine, kinds) -> list[fastscan.Summary]:
    ref_boards = reading.read_text(text, source, fmt=fmt)
    fast = fastscan.scan_file(text, fmt, machine, kinds, source)
    assert len(fast) == len(ref_boards), source
    for b, s in zip(ref_boards, fast, strict=False):
        r = reading.report(b, machine, kinds)
        where = f"{source} record {b.index} ({'fast' if s.fast else 'fallback'})"
        assert s.index == b.index, where
        assert s.board == b.board, where
        assert s.problems == tuple(b.problem_codes()), where
        if r is None:
            assert s.dealer is None, where
            continue
        assert fastscan.SEATS[s.dealer] == r.dealer, where
        assert s.call_texts() == [c.call for c in r.calls], where
        assert list(s.states) == [x.state for x in r.seats], where
        assert list(s.db_classes) == [x.db_class for x in r.seats], where
        assert s.complete == r.complete and s.passed_out == r.passed_out, where
        assert (None if s.turn is None else fastscan.SEATS[s.turn]) == r.turn, where
        if r.contract is None:
            assert s.contract is None, where
        else:
            assert s.contract_text() == r.contract.text, where
            assert fastscan.SEATS[s.contract[3]] == r.contract.declarer, where
        assert s.recorded == r.recorded_contract, where
        assert s.agrees == r.agrees_with_record, where
        assert s.irregularities == tuple(i.kind for i in r.irregularities), where
        if s.fast:  # the fast path only takes records with no irregularity at all
            assert not r.irregularities, where
        assert s.key() == fastscan.summary_of(b, r).key(), where
    return fast


def _files() -> list[Path]:
    if not DATA.is_dir():
        return []
    return sorted(DATA.rglob("*.pbn")) + sorted(DATA.rglob("*.lin"))


@pytest.mark.skipif(not DATA.is_dir(), reason=f"shared bridge data not found at {DATA}")
def test_every_shared_record_matches_the_reference(kb_objects):
    machine, kinds = kb_objects
    total = fast = 0
    for path in _files():
        text = reading.decode(path.read_bytes())
        out = _compare(text, path.suffix[1:], str(path), machine, kinds)
        total += len(out)
        fast += sum(s.fast for s in out)
    assert total > 4000
    assert fast > 0.9 * total  # the point of the fast path: most real records take it


@pytest.mark.skipif(not DATA.is_dir(), reason=f"shared bridge data not found at {DATA}")
def test_report_is_the_reference_report(kb_objects):
    machine, kinds = kb_objects
    path = next(p for p in _files() if p.suffix == ".pbn")
    text = reading.decode(path.read_bytes())
    out = fastscan.scan_file(text, "pbn", machine, kinds, str(path))
    ref = reading.read_text(text, str(path), fmt="pbn")
    for i in (0, len(out) // 2, len(out) - 1):
        assert out[i].report() == reading.report(ref[i], machine, kinds)


def test_state_table_comes_from_the_machine(kb_objects):
    machine, _ = kb_objects
    table = fastscan.state_table(machine)
    assert len(table) == 31
    codes, classes = table[(False, False, False, True)]
    st4 = machine.step(tuple(codes[:3]), "call")
    assert st4 is not None and codes[3] == st4.code and classes[3] == st4.db_class
    assert table[()] == ((None,) * 4, (None,) * 4)


def test_fallback_on_irregular_and_marked_records(kb_objects):
    machine, kinds = kb_objects
    text = "\n".join([
        '[Board "1"]', '[Dealer "N"]', '[Auction "N"]', "1H 1C Pass Pass", "Pass", "",
        '[Board "2"]', '[Dealer "E"]', '[Auction "E"]', "Pass ^I 1D Pass Pass Pass", "",
        '[Board "3"]', '[Dealer "S"]', '[Contract "4S"]', '[Declarer "N"]', '[Auction "S"]',
        "Pass 1S =1= Pass 4S", "Pass Pass Pass", '[Note "1:five spades"]', "",
        '[Board "4"]', '[Dealer "W"]', '[Auction "W"]', "1NT X XX X", "",
    ])
    out = _compare(text, "pbn", "t.pbn", machine, kinds)
    assert [s.fast for s in out] == [False, False, True, False]
    assert out[2].contract_text() == "4S W" and out[2].agrees is False  # 1S came from West
    assert out[2].problems == ("contract-mismatch",)


@pytest.mark.parametrize("event", ['the \\"open\\" pairs', "a \\\\ b", "plain"])
def test_note_scopes_repeated_tags_and_escaped_values(kb_objects, event):
    """Notes belong to the section right before them; a repeated [Auction] falls back; tag
    values with escapes (a quote count that is off, or none) read the same as the reference."""
    machine, kinds = kb_objects
    text = "\n".join([
        f'[Event "{event}"]', '[Board "1"]', '[Dealer "N"]', '[Auction "N"]', "1C =1= Pass Pass Pass",
        '[Note "1:three or more"]', '[Play "E"]', "D2 D3 D4 D5", '[Note "2:a play note"]', "",
        '[Note "1:before any tag"]', '[Board "2"]', '[Dealer "E"]', '[Auction "E"]', "1D Pass Pass Pass", "",
        '[Board "3"]', '[Dealer "S"]', '[Auction "S"]', "1H Pass Pass Pass", '[Play "W"]', "S2 S3 S4 S5",
        '[Note "1:only the play"]', "",
        '[Board "4"]', '[Dealer "W"]', '[Auction "W"]', "1S Pass Pass Pass", '[Note "1:nobody refers to it"]', "",
        '[Board "5"]', '[Dealer "N"]', '[Auction "N"]', "1NT Pass Pass Pass", '[Auction "N"]', "Pass", "",
        '[Board "6"]', '[Dealer "E"]', '[Board "6"]', '[Auction "E"]', "2C Pass Pass Pass", "",
    ])
    out = _compare(text, "pbn", "t.pbn", machine, kinds)
    assert [s.fast for s in out] == [True, False, True, False, False, True]


# -- generated PBN ---------------------------------------------------------------------------------
_SEATS = ["N", "E", "S", "W"]
_BIDS = [f"{lvl}{s}" for lvl in range(1, 8) for s in ("C", "D", "H", "S", "NT")]


@st.composite
def _auction(draw) -> list[str]:
    """Mostly legal auctions (random walk over sufficient bids), with random irregular tokens."""
    words: list[str] = []
    rank = -1
    for _ in range(draw(st.integers(0, 14))):
        r = draw(st.integers(0, 99))
        if r < 45:
            words.append(draw(st.sampled_from(["Pass", "pass", "P"])))
        elif r < 70 and rank < len(_BIDS) - 1:
            rank = draw(st.integers(rank + 1, min(rank + 4, len(_BIDS) - 1)))
            words.append(_BIDS[rank])
        elif r < 78:
            words.append(draw(st.sampled_from(["X", "XX", "x"])))
        elif r < 84:
            words.append(draw(st.sampled_from(_BIDS)))  # maybe insufficient
        elif r < 88:
            words.append(draw(st.sampled_from(["=1=", "=2=", "=3=", "$13", "!", "?!"])))
        elif r < 91:
            words.append("AP")
        else:
            words.append(draw(st.sampled_from(["^I", "^S", "-", "+", "8C", "junk", "1C=1=", "Pass!", "2n", "3nt"])))
    return words


@st.composite
def _record(draw) -> str:
    lines = [f'[Board "{draw(st.integers(1, 32))}"]']
    dealer = draw(st.sampled_from(_SEATS + ["", "n", "Q"]))
    if draw(st.booleans()):
        lines.append(f'[Dealer "{dealer}"]')
    if draw(st.booleans()):
        lines.append(f'[Vulnerable "{draw(st.sampled_from(["None", "NS", "EW", "All", "both", "?"]))}"]')
    if draw(st.integers(0, 3)):
        lines.append(f'[Contract "{draw(st.sampled_from(["4S", "3NT", "2HX", "Pass", "1NTXX", "?", "7Z"]))}"]')
        lines.append(f'[Declarer "{draw(st.sampled_from(_SEATS + ["^S", "?", ""]))}"]')
    if draw(st.integers(0, 5)):
        seat = draw(st.sampled_from(_SEATS)) if draw(st.integers(0, 4)) else dealer
        lines.append(f'[Auction "{seat}"]')
        words = draw(_auction())
        per_line = draw(st.integers(1, 6))
        for i in range(0, len(words), per_line):
            lines.append(" ".join(words[i:i + per_line]))
        for n in draw(st.lists(st.integers(1, 3), max_size=2, unique=True)):
            lines.append(f'[Note "{n}:an explanation; with punctuation"]')
    if draw(st.booleans()):
        lines.append('[Play "W"]')
        lines.append("SA S2 S3 S4")
    extra = draw(st.integers(0, 19))
    if extra == 0:
        lines.insert(draw(st.integers(0, len(lines))), "{a comment}")
    elif extra == 1:
        lines.insert(draw(st.integers(1, len(lines))), "% a comment line")
    elif extra == 2:
        lines.insert(draw(st.integers(0, len(lines))), "stray words")
    return "\n".join(lines)


@given(records=st.lists(_record(), min_size=1, max_size=4), crlf=st.booleans(),
       sep=st.sampled_from(["\n\n", "\n\n\n", "\n  \n"]))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_generated_pbn_matches_the_reference(kb_path, records, crlf, sep):
    conn = sqlite3.connect(kb_path)
    machine, kinds = load_machine(conn), load_irregularity_kinds(conn)
    conn.close()
    text = sep.join(records) + "\n"
    if crlf:
        text = text.replace("\n", "\r\n")
    _compare(text, "pbn", "gen.pbn", machine, kinds)


@given(calls=st.lists(st.sampled_from(["p", "P", "d", "r", "1N", "1n!", "2C", "2S", "3N", "4H", "7N", "1C", "x", "12H!"]),
                      max_size=12),
       dealer=st.sampled_from(["1", "2", "3", "4", "9"]), result=st.sampled_from(["4HS=", "3NN-1", "PASS", "", "zz"]))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_generated_lin_matches_the_reference(kb_path, calls, dealer, result):
    conn = sqlite3.connect(kb_path)
    machine, kinds = load_machine(conn), load_irregularity_kinds(conn)
    conn.close()
    text = (f"vg|Event,Seg,I,1,2,A,0,B,0|\nrs|{result},{result},,|\npn|a,b,c,d,e,f,g,h|\n"
            f"qx|o1|md|{dealer}S23,,,|sv|o|" + "".join(f"mb|{c}|" for c in calls) + "pg||\n"
            "qx|c1|md|3S23,,,|mb|1S|an|five|mb|p|mb|p|mb|p|pc|s2|\n")
    _compare(text, "lin", "gen.lin", machine, kinds)
