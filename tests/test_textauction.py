"""Typed auctions: separators, seat tags, dealer prefix, alerts, AP, errors with positions; sniff."""
from __future__ import annotations

import pytest

from arbitre.rulings.bridge import textauction as ta
from arbitre.rulings.bridge.auction import Kind
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.errors import InputError


def test_one_auction_per_line_with_comments_commas_and_alerts() -> None:
    boards = ta.loads("1C!, 1H X  AP  # done\n\n# only a comment\n1NT P 3NT P P P\n", dealer=Seat.S)
    assert len(boards) == 2
    first, second = boards
    assert str(first.contract) == "1HX W" and first.is_complete and first.calls[0].alert
    assert first.auction.entries[0].alert and [t.column for t in first.calls[:3]] == [1, 6, 9]
    assert second.line == 4 and str(second.contract) == "3NT S" and not second.problems


@pytest.mark.parametrize("prefix", ["Dealer: E", "dealer=E", "Donneur : E", "DEALER E,"])
def test_dealer_prefix_wins(prefix: str) -> None:
    (b,) = ta.loads(f"{prefix} 1S P 2S", dealer=Seat.N)
    assert b.dealer is Seat.E and str(b.contract) == "2S E" and not b.is_complete and not b.problems


def test_seat_tags_and_out_of_rotation() -> None:
    (b,) = ta.loads("S:1C W:P N:1H O:1S")
    assert b.dealer is Seat.S and [t.seat for t in b.calls] == [Seat.S, Seat.W, Seat.N, Seat.W]
    (oor,) = ta.loads("N:1H S:2H", dealer=Seat.N)
    assert oor.auction.irregularities[0].kind is Kind.BID_OUT_OF_ROTATION
    assert oor.problem_codes() == ["bid-out-of-rotation"]


def test_french_and_symbols() -> None:
    (b,) = ta.loads("1Tr Passe 1SA Contre Surcontre 2♥", dealer=Seat.W)
    assert str(b.contract) == "2H N"


@pytest.mark.parametrize("text,token,column", [("1C 1H 12H", "12H", 7), ("1C, 1P", "1P", 5), ("Dealer: Q 1C", "Q", 9),
                                               ("1C Z:1H", "Z", 4)])
def test_unreadable_token_raises_with_position(text: str, token: str, column: int) -> None:
    with pytest.raises(InputError) as err:
        ta.loads("\n" + text, dealer=Seat.N, source="typed")
    assert (err.value.line, err.value.column, err.value.source) == (2, column, "typed")
    assert token in err.value.render("en") and token in err.value.render("fr")


def test_untagged_line_without_dealer_counts_from_north() -> None:
    (b,) = ta.loads("1C P 1H")
    assert b.dealer is Seat.N and [t.seat for t in b.calls] == [Seat.N, Seat.E, Seat.S]


def test_first_call_tagged_north_sets_the_dealer() -> None:
    (b,) = ta.loads("N:1H E:P")  # Seat.N is 0: must not be mistaken for "no tag"
    assert b.dealer is Seat.N and not b.problems


def test_dealer_unknown_when_only_later_calls_are_tagged_is_refused() -> None:
    with pytest.raises(InputError) as err:
        ta.loads("1C E:P")
    assert err.value.line == 1 and "Dealer" in err.value.render("en")


def test_sniff() -> None:
    assert ta.sniff("% comment\n[Event \"x\"]\n") == "pbn"
    assert ta.sniff("\ufeff{intro}\n") == "pbn"
    assert ta.sniff("vg|Cup,1,I,1,2,a,0,b,0|\r\n") == "lin"
    assert ta.sniff("pn|a,b,c,d|st||md|1,,,|") == "lin"
    assert ta.sniff("Dealer: S 1C P") == "text" and ta.sniff("") == "text"


def test_td_marks_the_director_call_between_two_calls():
    from arbitre.rulings.bridge.textauction import loads

    (board,) = loads("N:1H S:P td E:1S S:2C")
    assert [t.text for t in board.calls] == ["N:1H", "S:P", "E:1S", "S:2C"]  # the marker is not a call
    assert board.irregularities == ("pass-out-of-rotation", "obligation-to-pass-violated")
    assert board.auction is not None and board.auction.rectified_at == [2]


def test_td_with_a_seat_tag_is_an_unreadable_call():
    import pytest

    from arbitre.rulings.bridge.textauction import loads
    from arbitre.rulings.errors import InputError

    with pytest.raises(InputError) as err:
        loads("N:1H S:TD")
    assert err.value.column == 6


@pytest.mark.parametrize("mark", ["NC", "nc", "(NC)", "non-comparable", "Non comparable", "not comparable",
                                  "noncomparable"])
def test_the_not_comparable_mark_in_both_languages(mark: str) -> None:
    (b,) = ta.loads(f"N:1S E:1H TD 2H {mark} S:P W:2S")
    assert [t.text for t in b.calls] == ["N:1S", "E:1H", "2H", "S:P", "W:2S"]
    assert b.calls[2].seat is Seat.E  # the replacement is the offender's, whatever the rotation says
    assert b.auction.irregularities[-1].params["obligation_law"] == "27B2"


@pytest.mark.parametrize("mark", ["comparable", "Comparable", "(C)"])
def test_the_comparable_mark(mark: str) -> None:
    (b,) = ta.loads(f"N:1S E:1H TD 2H {mark} S:P W:2S")
    assert [i.kind for i in b.auction.irregularities] == [Kind.INSUFFICIENT_BID]
    assert b.auction.irregularities[0].facts["comparable"] == "yes"


@pytest.mark.parametrize(("line", "column"), [
    ("NC 1S", 1), ("1S TD NC", 7), ("1S P AP NC", 9), ("N:1S E:1H TD 2H NC NC", 20),
    ("1S NC", 4),  # a call that replaces nothing
    ("N:1H S:P TD E:1S S:2C NC", 23),  # Law 30A's pass: no comparable call to rule on
])
def test_a_mark_with_nothing_to_rule_is_refused_where_it_stands(line: str, column: int) -> None:
    with pytest.raises(InputError) as err:
        ta.loads(line)
    assert err.value.column == column and err.value.line == 1
    assert "NC" in str(err.value) or "nc" in str(err.value).lower()
