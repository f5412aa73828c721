"""The PBN fast lane's record templates (``pbn_template``) make the same boards as the plain
fast lane without them, and as the reference lane.

A template is learnt from a record the fast lane took and then proves the next records of the
same layout plain in one regex match. Each case below puts, after records a template covers,
one record that almost matches it (a tag renamed, a bracket or an escaped quote in a value, a
comment moved, a ``#`` value, a second auction, a ``%`` line, notes out of place...): the boards
must be the same field by field with templates on and off, whole and cut in blocks of one to
four lines (a record then spans blocks), with ``\\n`` or ``\\r\\n`` line ends.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.rulings.bridge import pbn
from arbitre.rulings.bridge.summary import summarize

DEAL = "N:JT.87543.AQ.K987 753.AKT.T9872.A6 K94.6.K653.QT542 AQ862.QJ92.J4.J3"


def record(n: int, layout: str = "", **change: str) -> str:
    """A BBO/GIB-like record: comment lines, an auction with a note, a play section, a score table
    (and a comment in the play section with the ``play`` layout, after the notes with ``notes``)."""
    lines = [
        f'[Event "Club {n}"]',
        '[Site ""]',
        f'[Board "{n}"]',
        "{Shape 4333 4432 5332 4441}",
        '[North "Ann"]',
        '[East "Bob"]',
        '[South "Cy"]',
        '[West "Di"]',
        '[Dealer "N"]',
        '[Vulnerable "None"]',
        f'[Deal "{DEAL}"]',
        '[Declarer "N"]',
        '[Contract "3NT"]',
        '[Result "9"]',
        '[Auction "N"]',
        "1C Pass 1H =1= Pass",
        "2NT Pass 3NT Pass",
        "Pass Pass",
        '[Note "1:transfer"]',
        '[Play "E"]',
        "D2 D3 D4 D5",
        "- - - -",
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
        "N NT  9",
        "S NT  9",
    ]
    if layout == "play":
        lines.insert(lines.index("- - - -"), "{trick 2}")
    if layout == "notes":
        lines.insert(lines.index('[Play "E"]'), "{after the notes}")
    text = "\n".join(lines)
    for old, new in change.items():
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


ALMOST = {  # one record each, after two the template covers
    "tag-renamed": {"[Dealer": "[Dealr"},
    "bracket-in-value": {'[Site ""]': '[Site "a [b] c"]'},
    "brace-in-value": {'[Site ""]': '[Site "a {b} c"]'},
    "escaped-quote-wanted": {'[Event "Club 2"]': '[Event "Club \\"2\\""]'},
    "escaped-quote-other": {'[Site ""]': '[Site "x\\"y"]'},
    "backslash-wanted": {'[Event "Club 2"]': '[Event "Club\\\\2"]'},
    "comment-moved": {"{Shape 4333 4432 5332 4441}\n[North": '[North "Ann"]\n{Shape 4333 4432 5332 4441}\n[North'},
    "comment-in-auction": {"2NT Pass": "{good}\n2NT Pass"},
    "comment-after-auction": {"Pass Pass\n[Note": "Pass Pass\n{x}\n[Note"},
    "comment-with-caret": {"{Shape 4333": "{^R Shape 4333"},
    "comment-with-bracket": {"{Shape 4333": "{[Note Shape 4333"},
    "play-comment-with-caret": {"{trick 2}": "{trick ^R 2}"},
    "play-comment-with-bracket": {"{trick 2}": "{trick [Play 2}"},
    "notes-none-before-the-comment": {"1H =1= Pass": "1H Pass", '[Note "1:transfer"]\n': ""},
    "notes-comment-holds-calls": {"{after the notes}": "{1C Pass Pass Pass}", "1H =1= Pass": "1H Pass",
                                  '[Note "1:transfer"]\n': ""},
    "notes-two-before-the-comment": {"1H =1= Pass": "1H =1= Pass =2=",
                                     '[Note "1:transfer"]': '[Note "1:transfer"]\n[Note "2:x"]'},
    "comment-over-blank-line": {"{Shape 4333 4432": "{Shape 4333\n\n4432"},
    "comment-left-open": {"4441}": "4441"},
    "hash-inherited": {'[Event "Club 2"]': '[Event "#"]', '[North "Ann"]': '[North "#"]'},
    "second-auction": {'[Play "E"]': '[Auction "N"]\nPass\n[Play "E"]'},
    "percent-line": {"2NT Pass 3NT Pass": "% a remark\n2NT Pass 3NT Pass"},
    "percent-line-in-play": {"- - - -": "% a remark"},
    "note-before-auction": {'[Auction "N"]': '[Note "2:early"]\n[Auction "N"]'},
    "note-not-called": {'[Note "1:transfer"]': '[Note "1:transfer"]\n[Note "2:nobody"]'},
    "note-missing": {'[Note "1:transfer"]\n': ""},
    "note-twice": {'[Note "1:transfer"]': '[Note "1:transfer"]\n[Note "1:again"]'},
    "irregular-auction": {"2NT Pass 3NT Pass": "2NT Pass 1S Pass"},
    "unknown-call": {"2NT Pass": "2NT Pas"},
    "quote-in-play": {"D2 D3 D4 D5": 'D2 D3 "D4 D5'},
    "brace-in-play": {"D2 D3 D4 D5": "D2 D3 {D4 D5"},
    "bracket-in-play": {"D2 D3 D4 D5": "D2 D3 [D4 D5"},
    "revoke-mark": {"D2 D3 D4 D5": "D2 D3 ^R D4 D5"},
    "play-line-indented": {"- - - -": " - - - -"},
    "form-feed": {"- - - -": "- -\x0c- -"},
    "tag-not-alone": {'[Site ""]': '[Site ""] [Date ""]'},
    "tag-line-trailing-blank": {'[Site ""]': '[Site ""] '},
    "semicolon-comment": {"2NT Pass 3NT Pass": "2NT Pass 3NT Pass ; late"},
    "extra-tag": {'[Site ""]': '[Site ""]\n[Date "2026.11.23"]'},
    "tag-missing": {'[West "Di"]\n': ""},
    "no-auction": {'[Auction "N"]\n1C Pass 1H =1= Pass\n2NT Pass 3NT Pass\nPass Pass\n[Note "1:transfer"]\n': ""},
    "dealer-mismatch": {'[Dealer "N"]': '[Dealer "E"]'},
    "unfinished": {"Pass Pass\n[Note": "+\n[Note"},
    "score-table-only": {"N NT  9\nS NT  9": "N NT  9"},
}
SEPARATORS = {"blank": "\n\n", "three": "\n\n\n", "spaces": "\n  \n"}


def _fields(b) -> tuple:
    d = {f.name: getattr(b, f.name) for f in dataclasses.fields(b) if not f.name.startswith("_")}
    d["problems"] = [(p.code, p.line, p.column, p.token, p.en, p.fr) for p in b.problems]
    return (sorted(d.items(), key=lambda kv: kv[0]), str(b.contract), b.is_complete, b.agrees, b.turn)


def _blocks(text: str, lines: int) -> list[str]:
    parts = text.splitlines(keepends=True)
    return ["".join(parts[i:i + lines]) for i in range(0, len(parts), lines)]


def _read(text: str, monkeypatch, templates: bool, lines: int = 0) -> tuple[list, int]:
    """The fast lane's boards, and how many records a template read."""
    hits = []
    real = pbn._Reader._templated

    def spy(self, text, pos):
        out = real(self, text, pos)
        hits.append(out is not None)
        return out

    with monkeypatch.context() as m:
        m.setattr(pbn, "_USE_TEMPLATES", templates)
        m.setattr(pbn._Reader, "_templated", spy)
        boards = list(pbn.iter_boards(_blocks(text, lines) if lines else text, "t.pbn", fast=True))
    return boards, sum(hits)


def _same(text: str, monkeypatch, kb_objects, templated: bool = True) -> list:
    """Templates on == off, whole and in blocks (the same blocks each time: a block edge may put a
    record in the other lane, with or without templates), and the reference lane's view; returns
    the boards read whole without templates."""
    machine, kinds = kb_objects
    plain, hits = _read(text, monkeypatch, templates=False)
    assert hits == 0
    ref = pbn.loads(text, "t.pbn")
    assert [summarize(b, machine, kinds).key() for b in ref] == [summarize(b, machine, kinds).key() for b in plain]
    for lines in (0, 1, 2, 3, 4):
        want = [_fields(b) for b in (_read(text, monkeypatch, templates=False, lines=lines)[0] if lines else plain)]
        got, hits = _read(text, monkeypatch, templates=True, lines=lines)
        assert [_fields(b) for b in got] == want, lines
        if not lines:  # (a text with an odd line break is read without templates; its blocks with none use them)
            assert bool(hits) == templated, "no record was read by a template: the case tests nothing"
    return plain


def test_records_of_one_layout_are_read_by_their_template(monkeypatch, kb_objects):
    text = "\n\n".join(record(n) for n in range(1, 6)) + "\n"
    boards = _same(text, monkeypatch, kb_objects)
    _, hits = _read(text, monkeypatch, templates=True)
    assert hits == 3  # the first record teaches the template, the last waits for the text's end
    assert [b.board for b in boards] == ["1", "2", "3", "4", "5"]
    assert all(b.codes is not None and not b.problems and b.agrees for b in boards)
    assert [b.line for b in boards] == [1 + 26 * i for i in range(5)]
    # notes, play and table lines of any length: still one template
    varied = "\n\n".join([record(1), record(2, **{'[Note "1:transfer"]': '[Note "1:transfer"]\n[Note "2:x"]',
                                                  "1H =1= Pass": "1H =1= Pass =2="}),
                          record(3, **{"- - - -": "- - - -\n- - - -\n- - - -"}),
                          record(4, **{"1H =1= Pass": "1H Pass", '[Note "1:transfer"]\n': ""}), record(5)]) + "\n\n"
    boards = _same(varied, monkeypatch, kb_objects)
    assert _read(varied, monkeypatch, templates=True)[1] == 4
    assert [sorted(b.notes) for b in pbn.loads(varied, "t.pbn")] == [[1], [1, 2], [1], [], [1]]


@pytest.mark.parametrize("crlf", [False, True], ids=["lf", "crlf"])
@pytest.mark.parametrize("separator", list(SEPARATORS), ids=list(SEPARATORS))
@pytest.mark.parametrize("case", list(ALMOST), ids=list(ALMOST))
def test_a_record_that_almost_matches_reads_as_without_templates(monkeypatch, kb_objects, case, separator, crlf):
    sep = SEPARATORS[separator]
    layout = case.partition("-")[0] if case.startswith(("play-", "notes-")) else ""
    text = sep.join([record(1, layout), record(2, layout), record(2, layout, **ALMOST[case]), record(3, layout),
                     record(4, layout)]) + "\n"
    if crlf:
        text = text.replace("\n", "\r\n")
    boards = _same(text, monkeypatch, kb_objects, templated=case != "form-feed")
    assert len(boards) >= 4


def test_a_file_header_and_a_record_split_over_blocks(monkeypatch, kb_objects):
    text = "% PBN 2.1\n% EXPORT\n%Font \"Arial\"\n" + "\n\n".join(record(n) for n in range(1, 5)) + "\n"
    boards = _same(text, monkeypatch, kb_objects)
    assert [b.line for b in boards] == [4 + 26 * i for i in range(4)]
    # blocks cut inside records: every block boundary, every record still read whole
    for lines in (5, 7, 13, 26, 27):
        got, _ = _read(text, monkeypatch, templates=True, lines=lines)
        assert [_fields(b) for b in got] == [_fields(b) for b in boards], lines


DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "bridge"
QUIRKS = Path(__file__).resolve().parent / "data" / "bridge"


@pytest.mark.skipif(not DATA.is_dir(), reason=f"shared bridge data not found at {DATA}")
def test_every_shared_pbn_file_reads_the_same_with_and_without_templates(monkeypatch):
    from arbitre.rulings.bridge import reading

    read = 0
    for path in sorted(DATA.rglob("*.pbn")) + sorted(QUIRKS.glob("*.pbn")):
        text = reading.decode(path.read_bytes())
        for lines in (0, 3):
            want = [_fields(b) for b in _read(text, monkeypatch, templates=False, lines=lines)[0]]
            got, hits = _read(text, monkeypatch, templates=True, lines=lines)
            assert [_fields(b) for b in got] == want, (path.name, lines)
            read += hits if not lines else 0
    assert read > 3000  # the big generator files are read by their templates


def test_runs_of_records_no_template_reads_then_templates_again(monkeypatch, kb_objects):
    """Records no template covers are cut several at a time (the window widens), and the
    records after them are read by their template again; blank lines inside comments and
    records the reference lane reads sit among them."""
    odd = [record(10 + i, **{"2NT Pass 3NT Pass": f"% remark {i}\n2NT Pass 3NT Pass"}) for i in range(11)]
    odd[3] = record(13, **{"4441}": "4441\n\n}"})
    odd[6] = record(16, **{"2NT Pass 3NT Pass": "2NT Pass 1S Pass"})
    text = "\n\n".join([record(1), record(2), *odd, record(3), record(4), *odd[:5], record(5), record(6)]) + "\n"
    boards = _same(text, monkeypatch, kb_objects)
    assert len(boards) == 22
    assert _read(text, monkeypatch, templates=True)[1] >= 3


def test_paragraphs_of_percent_lines_between_records(monkeypatch, kb_objects):
    """A paragraph of ``%`` lines alone (teaching files put remarks between deals) makes no
    board, in both ways; stray text before the first tag is still reported where it was."""
    remark = "% Leads\n%\n% lead the boss trump"
    text = "\n\n".join([remark, record(1), remark, record(2), record(3), remark, remark, record(4), remark]) + "\n"
    boards = _same(text, monkeypatch, kb_objects)
    assert [b.board for b in boards] == ["1", "2", "3", "4"]
    for odd in ("% see [Board 3]", '% the "Precision" system', "% {a brace"):  # a paragraph the cutter keeps
        text = "\n\n".join([record(1), record(2), f"{remark}\n{odd}", record(3), record(4)]) + "\n"
        assert len(_same(text, monkeypatch, kb_objects)) == 4
    stray = "\n\n".join(["some words", remark, record(1), remark, record(2), record(3)]) + "\n"
    boards = _same(stray, monkeypatch, kb_objects)
    assert [b.board for b in boards] == [None, "1", "2", "3"] and boards[0].problems


@pytest.mark.parametrize("odd", ["\x0c", "\x85", "\u2028", "\r"], ids=["ff", "nel", "ls", "cr"])
def test_a_block_with_an_odd_line_break_reads_as_without_templates(monkeypatch, kb_objects, odd):
    """Templates learnt in a clean block are not used in a later block with an odd line break
    (str.splitlines breaks lines there: the general way counts lines differently), nor are
    templates learnt inside such a block; the % paragraphs of such a block are cut the general way."""
    first = "\n\n".join([record(1), record(2)]) + "\n\n"
    second = "\n\n".join([record(3), record(4), record(5, **{"- - - -": f"- -{odd}- -"}), "% a remark",
                          record(6), record(7, **{"- - - -": f"- -{odd}- -"}), record(8)]) + "\n"
    want = []
    with monkeypatch.context() as m:
        m.setattr(pbn, "_USE_TEMPLATES", False)
        want = [_fields(b) for b in pbn.iter_boards([first, second], "t.pbn", fast=True)]
    got = [_fields(b) for b in pbn.iter_boards([first, second], "t.pbn", fast=True)]
    assert got == want and len(got) == 8


_EDIT_CHARS = ['[', ']', '{', '}', '"', "\\", "%", "^", ";", "\n", "\n\n", " ", "\t", "#", "=", "\r", "\x0c", "+", "*",
               "=2=", '[Note "2:x"]\n', "{c}\n", "\n{c}", "\n{c\n\nd}", '[Auction "N"]\n', "Pass ", "\n% x\n", '"]', "^R"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(layout=st.sampled_from(["", "play", "notes"]),
       edits=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.sampled_from(_EDIT_CHARS),
                                st.booleans()), min_size=1, max_size=3))
def test_random_edits_of_a_record_read_as_without_templates(monkeypatch, layout, edits):
    """A character put in or taken out anywhere in a record among records a template reads."""
    target = record(3, layout)
    for where, char, insert in edits:
        at = int(where * len(target))
        target = target[:at] + char + target[at:] if insert else target[:at] + target[at + 1:]
    text = "\n\n".join([record(1, layout), record(2, layout), target, record(4, layout), record(5, layout)]) + "\n"
    for lines in (0, 1, 3):
        want = [_fields(b) for b in _read(text, monkeypatch, templates=False, lines=lines)[0]]
        assert [_fields(b) for b in _read(text, monkeypatch, templates=True, lines=lines)[0]] == want
