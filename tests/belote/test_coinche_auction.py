"""Coinche auction classification: every seed 003 reply code, and the belote taking rounds."""
import pytest

from arbitre.rulings.belote.coinche_auction import classify_belote_taking, classify_coinche
from arbitre.rulings.errors import InputError


def codes(text: str) -> list[int | None]:
    return [c.code for c in classify_coinche(text).calls]


def test_brief_example():
    r = classify_coinche("80H P 90S X P P P")
    assert (r.taker, r.contract, r.coinche_level, r.coinched_by, r.ended) == ("3", "90 Spades", 1, "4", True)
    assert codes("80H P 90S X P P P") == [200] * 7
    assert not r.irregular


def test_long_forms_are_accepted():
    r = classify_coinche("80 Hearts pass 90 Spades coinche surcoinche")
    assert (r.contract, r.coinche_level, r.surcoinched_by, r.ended) == ("90 Spades", 2, "1", True)
    assert [c.text for c in r.calls] == ["80 Hearts", "pass", "90 Spades", "coinche", "surcoinche"]


@pytest.mark.parametrize("text, code", [
    ("80H P P P 90S", 431),          # bidding over after three passes
    ("70H", 432),                    # below 80
    ("170H", 433),                   # above 160
    ("90H 80S", 434),                # not higher than 90 Hearts
    ("85H", 435),                    # not a step of 10
    ("banana", 435),                 # not an option at all
    ("80Z", 436),                    # no such suit
    ("80H P P P X", 441),            # coinche after the end
    ("80H X P X", 442),              # second coinche
    ("X", 443),                      # nothing to coinche
    ("80H P X", 444),                # coinching one's partner's contract
    ("80H X XX XX", 452),            # second surcoinche
    ("80H P P P XX", 451),           # surcoinche after the end
    ("80H P XX", 453),               # surcoinche without coinche
])
def test_each_reply_code(text, code):
    r = classify_coinche(text)
    last = r.calls[-1]
    assert last.code == code
    assert last.accepted is False
    assert last.message.en and last.message.fr


def test_irregular_calls_are_held_not_applied():
    r = classify_coinche("80H 70S 90D")
    assert [c.code for c in r.calls] == [200, 432, 200]
    assert r.contract == "90 Diamonds" and r.taker == "3"
    assert len(r.irregular) == 1


def test_capot_ends_the_bidding_and_generale_outranks_it():
    r = classify_coinche("80H capot S X")
    assert r.contract == "capot Spades" and r.ended and r.calls[-1].code == 441
    assert classify_coinche("capot S generale TA").calls[-1].code == 431  # capot already closed it
    assert classify_coinche("160H generale SA").contract == "generale SA"


def test_no_trump_denominations():
    assert classify_coinche("90TA P P P").trump == "TA"
    assert classify_coinche("100 SA P P P").contract == "100 SA"


def test_four_passes_redeal():
    r = classify_coinche("passe passe passe passe")
    assert r.passed_out and r.ended and r.taker is None


def test_surcoinche_by_the_coinching_side_is_held():
    r = classify_coinche("80H X P XX")  # seat 4 is the coinching side
    assert r.calls[-1].code == 453 and r.calls[-1].note is not None
    assert r.coinche_level == 1


def test_empty_auction_is_an_input_error():
    with pytest.raises(InputError):
        classify_coinche("   ")


# -- belote taking rounds ----------------------------------------------------------

def test_belote_first_round_take():
    r = classify_belote_taking("8H: pass pass take")
    assert (r.taker, r.trump, r.ended) == ("3", "Hearts", True)


def test_belote_second_round_take_another_suit():
    r = classify_belote_taking("P P P P P prends pique", turned="8H")
    assert (r.taker, r.trump) == ("2", "Spades")


def test_belote_irregular_takes_are_held():
    r = classify_belote_taking("8H: take S P P P take P take C take D")
    assert [c.accepted for c in r.calls] == [False, True, True, True, False, True, True, False]
    assert r.calls[0].message.en.startswith("in the first round only the turned suit")
    assert r.calls[4].message.en == "in the second round a suit must be named"
    assert r.calls[7].message.en == "someone already took: taking is over"
    assert (r.taker, r.trump) == ("3", "Clubs")


def test_belote_all_pass_means_redeal():
    r = classify_belote_taking("8H: P P P P P P P P")
    assert r.passed_out and r.taker is None
