"""PBN reader on small inline games: placeholders, AP, '+', notes, markers ^I/^S, comments, dirt."""
from __future__ import annotations

import io

import pytest

from arbitre.rulings.bridge import pbn
from arbitre.rulings.bridge.auction import Kind
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.errors import InputError


def game(auction: str, *, dealer: str = "N", first: str | None = None, extra: str = "") -> str:
    return (f'[Event "t"]\n[Board "3"]\n[Dealer "{dealer}"]\n[Vulnerable "NS"]\n{extra}'
            f'[Auction "{first or dealer}"]\n{auction}\n')


def one(text: str):
    boards = pbn.loads(text, source="t.pbn")
    assert len(boards) == 1
    return boards[0]


def test_plain_auction_with_contract_tags() -> None:
    b = one(game("1C Pass 1H Pass\n2H Pass Pass Pass", extra='[Declarer "S"]\n[Contract "2H"]\n'))
    assert b.dealer is Seat.N and b.number == 3 and b.vulnerability == "NS" and b.event == "t"
    assert str(b.contract) == "2H S" and b.agrees and b.is_legal and not b.problems
    assert [(t.line, t.column) for t in b.calls[:2]] == [(8, 1), (8, 4)]


def test_placeholders_before_the_dealer_start_the_rotation_at_the_dealer() -> None:
    b = one(game("-   -   -   1S\nPass 2S Pass 4S\nAP", dealer="E", first="S",
                 extra='[Declarer "E"]\n[Contract "4S"]\n'))
    assert b.calls[0].seat is Seat.E and str(b.contract) == "4S E" and b.agrees and not b.problems
    assert [t.text for t in b.calls] == ["1S", "Pass", "2S", "Pass", "4S", "AP", "AP", "AP"]


def test_all_pass_and_passed_out() -> None:
    b = one(game("AP", dealer="S", extra='[Contract "Pass"]\n'))
    assert b.is_passed_out and len(b.calls) == 4 and b.agrees and not b.problems


def test_unfinished_auction_is_not_a_problem_but_a_call_after_plus_is() -> None:
    b = one(game("1S Pass 2D Pass\n+"))
    assert b.unfinished and not b.is_complete and not b.problems
    bad = one(game("1S Pass + Pass"))
    assert bad.problem_codes() == ["call-after-unfinished"]
    incomplete = one(game("1S Pass"))
    assert incomplete.problem_codes() == ["incomplete-auction"]


def test_notes_suffixes_nags_and_comments() -> None:
    text = game("1C =1= Pass {a comment} 1NT! $13 =2= Pass ; rest of line\n% escaped line\nPass Pass",
                extra="") + '[Note "1:3+ clubs"]\n[Note "2: 15-17"]\n[Play "W"]\nSK H3 S4 S3\n[Note "1:play note"]\n'
    b = one(text)
    assert b.calls[0].explanation == "3+ clubs" and b.calls[2].explanation == "15-17"
    assert b.calls[2].annotations == ["!", "$13"] and not b.calls[2].alert
    assert b.notes == {1: "3+ clubs", 2: "15-17"} and not b.problems and str(b.contract) == "1NT S"
    assert b.auction.entries[0].note == "3+ clubs"


def test_note_problems() -> None:
    b = one(game("1C =3= AP") + '[Note "1:unused"]\n')
    assert sorted(b.problem_codes()) == ["missing-note", "unused-note"]
    assert one(game("1C !!! AP")).problem_codes() == ["unknown-token"]


def test_irregularity_markers_are_kept_and_accepted() -> None:
    # the verifier's own example: W column first, N deals; ^S skips a seat, ^I marks an insufficient bid
    b = one(game("- ^S 1D ^I 1C\n4S ^I 3NT ^S ^S\nX 5H X AP", first="W",
                 extra='[Declarer "^S"]\n[Contract "5HX"]\n'))
    assert [(t.text, t.seat.name, t.marker) for t in b.calls[:5]] == [
        ("1D", "E", "S"), ("1C", "S", "I"), ("4S", "W", None), ("3NT", "N", "I"), ("X", "W", "S")]
    kinds = [irr.kind for irr in b.accepted_irregularities]
    assert kinds == [Kind.BID_OUT_OF_ROTATION, Kind.INSUFFICIENT_BID, Kind.INSUFFICIENT_BID, Kind.DOUBLE_OUT_OF_ROTATION]
    # "^S": S played it, N was declarer: the one finding is the hand played from the wrong side (Law 54A)
    assert b.problem_codes() == ["wrong-declarer"] and str(b.contract) == "5HX N" and b.agrees
    assert not b.is_legal


def test_unmarked_irregularity_and_stray_marker_are_problems() -> None:
    assert one(game("1D 1C AP")).problem_codes() == ["insufficient-bid"]
    assert one(game("1D ^I 1S AP")).problem_codes() == ["unexpected-marker"]


def test_unreadable_call_is_located_and_the_board_still_reads() -> None:
    b = one(game("1C Pass 12H Pass\n1H AP"))
    (p,) = b.problems
    assert (p.code, p.token, p.line, p.column) == ("unreadable-call", "12H", 6, 9)
    assert str(b.contract) == "1H W"  # an unreadable token takes no turn (as LIN 43357 shows)


def test_dealer_mismatch_and_bad_tags() -> None:
    mismatch = one(game("1D AP", dealer="N", first="W")).problems[0]
    assert mismatch.code == "dealer-mismatch"
    assert mismatch.message.en == "the first call is in West's column, the dealer is North"
    assert mismatch.message.fr == "la première déclaration est dans la colonne d'Ouest, le donneur est Nord"
    b = one('[Dealer "Black"]\n[Vulnerable "E"]\n[Contract "5Hearts"]\n[Declarer "White"]\n')
    assert b.problem_codes() == ["bad-tag"] * 4 and not b.has_auction


def test_contract_mismatch() -> None:
    b = one(game("1C X AP", dealer="S", extra='[Declarer "S"]\n[Contract "1C"]\n'))
    assert b.problem_codes() == ["contract-mismatch"] and b.agrees is False


def test_games_split_on_blank_lines_with_inheritance_and_odd_layout() -> None:
    text = ('[Event "A"]\n[Dealer "N"]\n[Auction "N"]\nAP\n\n'
            '[Event "#"] [Dealer "E"]\n [\n  Auction\n "E" ]\n1H AP\n')
    a, b = pbn.loads(text)
    assert (a.event, b.event) == ("A", "A") and b.dealer is Seat.E and str(b.contract) == "1H E"
    assert a.index == 0 and b.index == 1 and b.line == 6


def test_load_bytes_latin1_and_not_pbn() -> None:
    data = '[Event "Café"]\n[Dealer "S"]\n[Auction "S"]\nAP\n'.encode("latin-1")
    (b,) = pbn.load(io.BytesIO(data), source="x.pbn")
    assert b.event == "Café" and b.is_passed_out
    with pytest.raises(InputError) as err:
        pbn.loads("hello world\n", source="x.pbn")
    assert (err.value.line, err.value.column, err.value.token) == (1, 1, "hello")
