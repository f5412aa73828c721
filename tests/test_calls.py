"""The call grammar: English, symbols, French, case, and clear errors."""
import pytest

from arbitre.rulings.bridge.calls import Call, CallKind, Strain
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.errors import InputError


@pytest.mark.parametrize("text,canonical", [
    ("1H", "1H"), ("1nt", "1NT"), ("1N", "1NT"), ("3n", "3NT"), ("P", "P"), ("Pass", "P"), ("x", "X"),
    ("Dbl", "X"), ("XX", "XX"), ("Rdbl", "XX"), ("1♥", "1H"), ("2♠", "2S"), ("4♦", "4D"), ("1♣", "1C"),
    ("passe", "P"), ("Passe", "P"), ("contre", "X"), ("Surcontre", "XX"), ("2SA", "2NT"), ("1Pique", "1S"),
    ("3Trèfle", "3C"), ("3trefle", "3C"), ("4Cœur", "4H"), ("4coeur", "4H"), ("2Carreau", "2D"), ("1Co", "1H"),
    ("1Pi", "1S"), ("5Tr", "5C"), ("1Spades", "1S"), ("8H", "8H"), ("9NT", "9NT"),
])
def test_parse_and_render(text, canonical):
    call = Call.parse(text)
    assert str(call) == canonical
    assert Call.parse(str(call)) == call  # round trip


def test_french_rendering():
    assert Call.parse("1NT").render("fr") == "1SA"
    assert Call.parse("2H").render("fr") == "2♥"
    assert Call.parse("P").render("fr") == "Passe"
    assert Call.parse("X").render("fr") == "Contre"
    assert Call.parse("XX").render("fr") == "Surcontre"


def test_p_alone_is_pass_and_1p_is_refused_as_ambiguous():
    assert Call.parse("P").kind is CallKind.PASS
    with pytest.raises(InputError) as e:
        Call.parse("1P")
    assert e.value.token == "1P"
    assert "1Pique" in e.value.render("en") and "1S" in e.value.render("en")


def test_single_letter_c_is_clubs_not_coeur():
    assert Call.parse("1C").strain is Strain.C


@pytest.mark.parametrize("bad", ["Z", "1Q", "12H", "0C", "H1", "", "1"])
def test_unreadable_tokens_name_the_token(bad):
    with pytest.raises(InputError) as e:
        Call.parse(bad)
    assert e.value.token == bad


def test_bid_ranks_order_denominations():
    ranks = [Call.parse(t).rank for t in ("1C", "1D", "1H", "1S", "1NT", "2C", "7NT")]
    assert ranks == sorted(ranks)


def test_seat_arithmetic_and_parse():
    assert Seat.N.lho is Seat.E and Seat.N.rho is Seat.W and Seat.N.partner is Seat.S
    assert Seat.W.next is Seat.N
    assert Seat.parse("O") is Seat.W and Seat.parse("ouest") is Seat.W and Seat.parse("Sud") is Seat.S
    with pytest.raises(InputError):
        Seat.parse("Q")
