"""LIN reader on small inline records: pairs across lines, dealer digits, alerts, explanations, dirt."""
from __future__ import annotations

import io

import pytest

from arbitre.rulings.bridge import lin
from arbitre.rulings.bridge.calls import Call
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.errors import InputError

HEADER = "vg|Test Cup,Final,I,5,6,Home,0,Away,0|\r\nrs|1NN=,2HE-1,PASS,4SWx-1|\r\npn|s1,w1,n1,e1,s2,w2,n2,e2|\r\n"


def one(text: str):
    boards = lin.loads(text, source="t.lin")
    assert len(boards) == 1
    return boards[0]


@pytest.mark.parametrize("digit,seat", [("1", Seat.S), ("2", Seat.W), ("3", Seat.N), ("4", Seat.E)])
def test_dealer_digit(digit: str, seat: Seat) -> None:
    b = one(f"qx|o1|md|{digit}SAKQ,,,|mb|1C|mb|p|mb|p|mb|p|")
    assert b.dealer is seat and b.contract.declarer is seat and str(b.contract) == f"1C {seat.name}"


def test_record_broken_across_lines_and_calls() -> None:
    b = one("qx|o5|md|3S2,,,|sv|b|mb|1N|mb|p|mb|2C!|an|Stayman|mb|d|\r\nmb|r|mb|p|mb|\r\np|mb|p|pc|sA|")
    assert [t.text for t in b.calls] == ["1N", "p", "2C!", "d", "r", "p", "p", "p"]
    assert b.calls[2].alert and b.calls[2].explanation == "Stayman"
    assert (b.calls[6].line, b.calls[6].column) == (3, 1) and (b.calls[7].line, b.calls[7].column) == (3, 6)
    assert str(b.contract) == "2CXX S" and b.vulnerability == "All" and b.is_legal
    assert b.auction.entries[2].alert and b.auction.entries[2].note == "Stayman"


def test_vugraph_rooms_results_and_players() -> None:
    text = HEADER + ("qx|o5|md|3S2,,,|mb|1N|mb|p|mb|p|mb|p|pg||\r\n"
                     "qx|c5|md|3S2,,,|mb|p|mb|1H|mb|p|mb|2H|mb|p|mb|p|mb|p|\r\n"
                     "qx|o6|md|4S2,,,|mb|p|mb|p|mb|p|mb|p|\r\n"
                     "qx|c6|md|2S2,,,|mb|1S|mb|p|mb|3S|mb|p|mb|4S|mb|d|mb|p|mb|p|mb|p|\r\n")
    boards = lin.loads(text, source="t.lin")
    assert [(b.room, b.number) for b in boards] == [("open", 5), ("closed", 5), ("open", 6), ("closed", 6)]
    assert [str(b.recorded) for b in boards] == ["1NN=", "2HE-1", "PASS", "4SWx-1"]
    assert all(b.agrees for b in boards) and not any(b.problems for b in boards)
    assert boards[2].is_passed_out and boards[0].players[Seat.S] == "s1" and boards[1].players[Seat.E] == "e2"
    assert boards[0].event == "Test Cup"


def test_junk_call_is_a_problem_with_position_and_reading_goes_on() -> None:
    text = "qx|o1|md|3,,,|mb|p|mb|12H!|mb|1H|mb|p|mb|p|mb|p|\r\nqx|c1|md|3,,,|mb|1C|mb|p|mb|p|mb|p|"
    first, second = lin.loads(text, source="t.lin")
    (problem,) = first.problems
    assert problem.code == "unreadable-call" and problem.token == "12H!" and (problem.line, problem.column) == (1, 23)
    assert "12H" in problem.en and "12H" in problem.fr and problem.render("en").startswith("1:23:")
    assert first.calls[1].call is None and str(first.contract) == "1H E" and second.is_legal


def test_calls_after_close_duplicate_and_incomplete() -> None:
    after = one("qx|o1|md|3,,,|mb|1N|mb|p|mb|2S|mb|3S|mb|p|mb|p|mb|p|mb|d|")
    assert after.problem_codes() == ["call-after-close"] and str(after.contract) == "3S W"
    dup = one("qx|o1|md|3,,,|" + "mb|1C|mb|p|mb|1S|mb|d|mb|2S|mb|p|mb|4S|mb|p|mb|p|mb|p|"
              + "mb|p|mb|1S|mb|d|mb|2S|mb|p|mb|4S|mb|p|mb|p|mb|p|")
    assert dup.problem_codes() == ["duplicated-auction"] and str(dup.contract) == "4S S"
    short = one("qx|c1|md|3,,,|mb|p|mb|p|mb|p|")
    assert short.problem_codes() == ["incomplete-auction"] and not short.is_complete
    insufficient = one("qx|o1|md|4,,,|mb|1N|mb|p|mb|2D|mb|2D|mb|p|mb|p|mb|p|")
    assert insufficient.problem_codes() == ["insufficient-bid"]


def test_mismatch_with_the_record_result_is_a_problem() -> None:
    b = one("vg|x,y,I,1,1,a,0,b,0|rs|3NN=,|qx|o1|md|3,,,|mb|1N|mb|p|mb|p|mb|p|")
    assert b.agrees is False and b.problem_codes() == ["contract-mismatch"]


def test_single_hand_file_without_qx_and_binary_load() -> None:
    data = "pn|a,b,c,d|st||md|2SAK,,,|ah|Board 7|mb|1S|mb|p|mb|p|mb|p|pg||".encode("latin-1")
    (b,) = lin.load(io.BytesIO(data), source="h.lin")
    assert b.number == 7 and b.dealer is Seat.W and b.players[Seat.W] == "b" and b.calls[0].call == Call.parse("1S")


def test_not_lin_raises_input_error() -> None:
    with pytest.raises(InputError) as err:
        lin.loads("[Event \"x\"]\n", source="x.lin")
    assert err.value.line == 1 and err.value.column == 1
