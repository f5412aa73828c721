"""The PBN and LIN readers' two lanes make the same boards, streamed or not.

Each reader has a reference lane (one token per call, with its line and column) and a
fast lane (call codes only, for the summary view). Both build the one
:class:`~arbitre.rulings.bridge.records.Board` and classify it with the same kernel; the
fast lane leaves to the reference lane every record it cannot prove plain. Checked on
every shared real record, on hand-written files with the quirks of other generators
(``tests/data/bridge/quirks.*``), and on generated PBN and LIN.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.rulings.bridge import lin, pbn, pbn_cut, reading
from arbitre.rulings.bridge.summary import _from_report, state_table, summarize

HERE = Path(__file__).resolve().parent
DATA = HERE.parent.parent / "shared" / "data" / "bridge"
QUIRKS = HERE / "data" / "bridge"


def _key(b) -> tuple:
    return (b.index, b.line, b.board, b.number, b.room, b.event, b.dealer, b.vulnerability, b.players,
            [(p.code, p.line, p.column, p.token, p.en, p.fr) for p in b.problems], str(b.contract), b.is_complete,
            b.is_passed_out, b.agrees, str(b.recorded), b.auction_dealer, b.turn, b.unfinished, b.call_codes(),
            b.irregularities)


def _blocks(text: str, lines: int) -> list[str]:
    """The text cut in blocks of whole lines, as the streaming reader gives it."""
    parts = text.splitlines(keepends=True)
    return ["".join(parts[i:i + lines]) for i in range(0, len(parts), lines)]


def _compare(text: str, reader, source: str, machine, kinds, block_lines: int = 5) -> list:
    """Reference lane == fast lane == fast lane in small blocks; summaries of both lanes agree."""
    ref = reader.loads(text, source)
    fast = list(reader.iter_boards(text, source, fast=True))
    streamed = list(reader.iter_boards(_blocks(text, block_lines), source, fast=True))
    assert len(ref) == len(fast) == len(streamed), source
    for r, f, s in zip(ref, fast, streamed, strict=False):
        where = f"{source} record {r.index} line {r.line}"
        assert _key(r) == _key(f) == _key(s), where
        if f.codes is not None:  # the fast lane only takes records whose auction is regular
            assert not f.irregularities and f.auction is not None and f.auction.is_legal, where
        assert summarize(r, machine, kinds).key() == summarize(f, machine, kinds).key(), where
    return fast


def _shared() -> list[Path]:
    return sorted(DATA.rglob("*.pbn")) + sorted(DATA.rglob("*.lin")) if DATA.is_dir() else []


@pytest.mark.skipif(not DATA.is_dir(), reason=f"shared bridge data not found at {DATA}")
def test_every_shared_record_reads_the_same_in_both_lanes(kb_objects):
    machine, kinds = kb_objects
    totals: dict[str, list[int]] = {}
    for path in _shared():
        text = reading.decode(path.read_bytes())
        out = _compare(text, pbn if path.suffix == ".pbn" else lin, str(path), machine, kinds, block_lines=97)
        folder = path.relative_to(DATA).parts[0]
        seen = totals.setdefault(folder, [0, 0])
        seen[0] += sum(b.has_auction and not b.problems for b in out)
        seen[1] += sum(b.codes is not None and not b.problems for b in out)
    # the point of the fast lane: the clean records of every folder take it, other generators' files too
    for folder, (clean, fast) in totals.items():
        assert fast > 0.97 * clean, (folder, clean, fast)
    assert set(totals) == {"lin", "pbn", "more"}


@pytest.mark.parametrize("crlf", [False, True])
def test_quirks_of_other_generators_take_the_fast_lane(kb_objects, crlf):
    """% lines, { } commentary over blank lines, "#" values, tabs, =n= notes, NAGs, suffixes,
    ^R in the play, ^ before the declarer, lower-case calls, '+': all read by the fast lane."""
    machine, kinds = kb_objects
    text = (QUIRKS / "quirks.pbn").read_text(encoding="utf-8")
    if crlf:
        text = text.replace("\n", "\r\n")
    out = _compare(text, pbn, "quirks.pbn", machine, kinds, block_lines=3)
    assert [b.board for b in out] == [str(n) for n in range(1, 9)]
    assert [b.codes is not None for b in out] == [True] * 5 + [False] * 3
    assert all(b.agrees for b in out[:4])
    # the irregularities the file marks itself are findings (issue 15): a revoke, a hand played from the wrong side
    assert [b.problem_codes() for b in out[:5]] == [["revoke-recorded"], [], ["wrong-declarer"], [], []]
    assert out[1].event == "Club night" and out[1].players == out[0].players  # "#": the previous game's value
    assert out[2].dealer == out[1].dealer and str(out[2].contract) == "2S E"  # ^W: East declared, West played
    assert out[4].unfinished and not out[4].is_complete and out[4].turn is not None
    assert out[5].irregularities == ("insufficient-bid",) and "unused-note" in out[5].problem_codes()
    assert out[6].problem_codes() == ["call-after-close"]
    assert not out[7].has_auction
    assert [b.line for b in out] == [10, 34, 55, 68, 80, 88, 99, 105]


def test_lin_quirks_lines_broken_mid_pair_upper_case_keys(kb_objects):
    machine, kinds = kb_objects
    text = (QUIRKS / "quirks.lin").read_text(encoding="latin-1")
    out = _compare(text, lin, "quirks.lin", machine, kinds, block_lines=1)
    assert [b.board for b in out] == ["o1", "c1", "o2", "c2", "o3", "c3", "o4"]
    assert [b.codes is not None for b in out] == [True] * 5 + [False] * 2
    assert str(out[0].contract) == "3NT N" and out[0].agrees  # "3" and "N" of 3N on two lines
    assert str(out[1].contract) == "3NT N"  # MB| read as mb|
    assert out[2].agrees is False and out[2].problem_codes() == ["contract-mismatch"]
    assert out[4].is_passed_out and out[4].agrees
    ref = lin.loads(text, "quirks.lin")
    assert ref[0].calls[0].alert and ref[0].calls[0].explanation == "15-17"
    assert (ref[0].calls[2].line, ref[0].calls[2].column) == (4, 99)  # where "3N" starts, before its line break


def test_the_state_table_is_the_full_classification(kb_objects):
    """A clean board's summary from the machine's first-round table is what the full report says."""
    machine, kinds = kb_objects
    table = state_table(machine)
    assert len(table) == 31 and table[()] == ((None,) * 4, (None,) * 4)
    text = (QUIRKS / "quirks.pbn").read_text(encoding="utf-8")
    for b in pbn.loads(text, "q.pbn"):
        if b.has_auction and not b.irregularities:
            s = summarize(b, machine, kinds)
            assert s.key() == _from_report(b, machine, kinds, s.recorded, s.problems, s.fast).key()


# -- generated PBN and LIN -----------------------------------------------------------------------
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
            words.append(draw(st.sampled_from(["Pass", "pass", "P", "PASS"])))
        elif r < 70 and rank < len(_BIDS) - 1:
            rank = draw(st.integers(rank + 1, min(rank + 4, len(_BIDS) - 1)))
            words.append(_BIDS[rank])
        elif r < 78:
            words.append(draw(st.sampled_from(["X", "XX", "x"])))
        elif r < 84:
            words.append(draw(st.sampled_from(_BIDS)))  # maybe insufficient
        elif r < 88:
            words.append(draw(st.sampled_from(["=1=", "=2=", "=3=", "$13", "!", "?!", "{c}", "{a\n\nb}"])))
        elif r < 91:
            words.append("AP")
        else:
            words.append(draw(st.sampled_from(["^I", "^S", "-", "+", "*", "8C", "junk", "1C=1=", "Pass!", "2n",
                                               "3nt", "1H?", ";x", '"q'])))
    return words


@st.composite
def _record(draw) -> str:
    lines = [f'[Board "{draw(st.integers(1, 32))}"]']
    dealer = draw(st.sampled_from(_SEATS + ["", "n", "Q", "#"]))
    if draw(st.booleans()):
        lines.append(f'[Dealer "{dealer}"]')
    if draw(st.booleans()):
        lines.append(f'[Vulnerable "{draw(st.sampled_from(["None", "NS", "EW", "All", "both", "?", "#"]))}"]')
    if draw(st.integers(0, 3)):
        lines.append(f'[Contract "{draw(st.sampled_from(["4S", "3NT", "2HX", "Pass", "1NTXX", "?", "7Z", "#"]))}"]')
        lines.append(f'[Declarer "{draw(st.sampled_from(_SEATS + ["^S", "?", "", "#"]))}"]')
    if draw(st.integers(0, 5)):
        seat = draw(st.sampled_from(_SEATS + ["#"])) if draw(st.integers(0, 4)) else dealer
        lines.append(f'[Auction "{seat}"]')
        words = draw(_auction())
        per_line = draw(st.integers(1, 6))
        sep = draw(st.sampled_from([" ", "\t", "  "]))
        for i in range(0, len(words), per_line):
            lines.append(sep.join(words[i:i + per_line]))
        for n in draw(st.lists(st.integers(1, 3), max_size=2, unique=True)):
            lines.append(f'[Note "{n}:an explanation; with punctuation"]')
    if draw(st.booleans()):
        lines.append('[Play "W"]')
        lines.append("SA S2 ^R S3 S4")
    extra = draw(st.integers(0, 19))
    if extra == 0:
        lines.insert(draw(st.integers(0, len(lines))), "{a comment}")
    elif extra == 1:
        lines.insert(draw(st.integers(1, len(lines))), "% a comment line")
    elif extra == 2:
        lines.insert(draw(st.integers(0, len(lines))), "stray words")
    elif extra == 3:
        lines.insert(draw(st.integers(0, len(lines))), "{a commentary\n\nover a blank line}")
    elif extra == 4:
        lines.insert(draw(st.integers(0, len(lines))), '[Event "an open quote]')
    return "\n".join(lines)


@given(records=st.lists(_record(), min_size=1, max_size=4), crlf=st.booleans(),
       sep=st.sampled_from(["\n\n", "\n\n\n", "\n  \n", "\n\t\n"]), block=st.integers(1, 9))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_generated_pbn_reads_the_same_in_both_lanes(kb_objects, records, crlf, sep, block):
    machine, kinds = kb_objects
    text = sep.join(records) + "\n"
    if crlf:
        text = text.replace("\n", "\r\n")
    _compare(text, pbn, "gen.pbn", machine, kinds, block_lines=block)


@given(calls=st.lists(st.sampled_from(["p", "P", "d", "r", "1N", "1n!", "2C", "2S", "3N", "4H", "7N", "1C", "x",
                                       "12H!", "D"]), max_size=12),
       dealer=st.sampled_from(["1", "2", "3", "4", "9"]), result=st.sampled_from(["4HS=", "3NN-1", "PASS", "", "zz"]),
       breaks=st.lists(st.integers(0, 400), max_size=4), block=st.integers(1, 4))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_generated_lin_reads_the_same_in_both_lanes(kb_objects, calls, dealer, result, breaks, block):
    machine, kinds = kb_objects
    text = (f"vg|Event,Seg,I,1,2,A,0,B,0|rs|{result},{result},,|pn|a,b,c,d,e,f,g,h|"
            f"qx|o1|md|{dealer}S23,,,|sv|o|" + "".join(f"mb|{c}|" for c in calls) + "pg||"
            "qx|c1|md|3S23,,,|mb|1S|an|five|mb|p|mb|p|mb|p|pc|s2|")
    for at in sorted(set(breaks), reverse=True):  # lines only wrap LIN: break it anywhere
        text = text[:at] + "\r\n" + text[at:]
    _compare(text, lin, "gen.lin", machine, kinds, block_lines=block)


# -- the fast lane's shortcuts (issue 8 §2) ----------------------------------------------------
def _table_record(board: int, first: str = "", score: str = "NS 420") -> str:
    """One record as a generator that writes a comment line per fact lays it out."""
    return (f'[Event "Pairs"]\n[Board "{board}"]\n{first}[Dealer "N"]\n[Vulnerable "None"]\n'
            '{Shape 4333 4432 5332 4441}\n'
            f'[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n[Score "{score}"]\n'
            '[Auction "N"]\n1S Pass 3S Pass\n{HCP 12 [not a tag] "not a value"}\n4S Pass Pass Pass\n'
            '[Play "E"]\nHA H2 H3 H4\n')


_LINES = _table_record(1).count("\n")  # lines of one record


def test_comment_lines_take_the_fast_lane_and_blank_lines_inside_comments_do_not_cut(kb_objects):
    """A comment alone on its line (the GIB/BBA layout) is blanked without the general comment
    scanner, even when it holds brackets and quotes; a comment that runs over a blank line
    still keeps its record whole."""
    machine, kinds = kb_objects
    text = "\n\n".join(_table_record(n) for n in range(1, 4)) + "\n"
    out = _compare(text, pbn, "comments.pbn", machine, kinds, block_lines=4)
    assert [b.board for b in out] == ["1", "2", "3"] and all(b.codes is not None for b in out)
    assert all(str(b.contract) == "4S N" and b.agrees and not b.problems for b in out)
    assert pbn_cut._line_comments(text) is not None  # the one-line path was taken
    spanning = text.replace("{Shape 4333 4432 5332 4441}", "{Shape 4333\n\n4432}", 1)
    assert pbn_cut._line_comments(spanning) is None
    out = _compare(spanning, pbn, "spanning.pbn", machine, kinds, block_lines=3)
    assert [b.board for b in out] == ["1", "2", "3"]
    assert [b.line for b in out] == [1, 1 + _LINES + 4, 1 + 2 * (_LINES + 2) + 2]  # the comment holds two more lines


@pytest.mark.parametrize("separator", ["\n\n", "\n\n\n\n", "\n \n", "\n\t\n\n"])
def test_runs_of_blank_lines_cut_records_the_same_way(kb_objects, separator):
    """Blank lines found by the literal search (no line starts with a blank) or by the general
    one (a line of spaces or tabs) cut the same records, at the same lines."""
    machine, kinds = kb_objects
    text = separator.join(_table_record(n) for n in range(1, 4)) + "\n"
    out = _compare(text, pbn, "runs.pbn", machine, kinds, block_lines=5)
    step = _LINES + separator.count("\n")
    assert [b.line for b in out] == [1, 1 + step, 1 + 2 * step] and all(b.codes is not None for b in out)


def test_record_findings_met_again_in_a_file_are_reported_at_each_board(kb_objects):
    """The fast lane works out the findings of a contract, result and score once per file:
    every board that repeats them still gets them, at its own line (and the reference lane agrees)."""
    machine, kinds = kb_objects
    text = "\n\n".join(_table_record(n, score="NS 450") for n in range(1, 4)) + "\n"
    out = _compare(text, pbn, "findings.pbn", machine, kinds)
    assert [b.problem_codes() for b in out] == [["score-mismatch"]] * 3
    assert [b.problems[0].line for b in out] == [b.line for b in out] == [1, 3 + _LINES, 5 + 2 * _LINES]
    assert out[0].problems[0].message.en == out[2].problems[0].message.en


def test_board_fields_keep_the_order_the_readers_build_them_in():
    """The PBN fast lane and the LIN reader pass a Board's first fields by position (half the
    cost of naming them): a new field put among them would shift every value after it."""
    from dataclasses import fields

    from arbitre.rulings.bridge.records import Board

    assert [f.name for f in fields(Board)][:19] == [
        "source", "index", "line", "format", "board", "number", "room", "event", "dealer", "vulnerability",
        "players", "calls", "auction_dealer", "seat_tagged", "recorded", "notes", "unfinished", "problems", "codes"]
    b = next(lin.iter_boards("pn|S1,W1,N1,E1|md|3S8HQ,SQ,SA,SK|sv|e|ah|Board 9|mb|p|mb|p|mb|p|mb|p|pg||\n",
                             "x.lin", fast=True))
    assert (b.format, b.board, b.number, b.vulnerability, b.event, b.codes, b.is_passed_out) == (
        "lin", "Board 9", 9, "EW", None, [0, 0, 0, 0], True)
    assert {s.name: n for s, n in b.players.items()} == {"S": "S1", "W": "W1", "N": "N1", "E": "E1"}
