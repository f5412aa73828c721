"""The coinche auction as the table protocol writes it: every reply code, the end of the bidding, line reading."""
import pytest

from arbitre.rulings.belote.coinche_auction import (
    AuctionVariants,
    CoincheAuction,
    bid_call,
    classify_belote_taking,
    classify_coinche,
    classify_lines,
    command_call,
)
from arbitre.rulings.errors import InputError


def codes(text: str, **kw) -> list[int | None]:
    return [c.code for c in classify_coinche(text, **kw).calls]


def test_brief_example():
    r = classify_coinche("80H P 90S X P P P")
    assert (r.taker, r.contract, r.coinche_level, r.coinched_by, r.ended) == ("3", "90 Spades", 1, "4", True)
    assert codes("80H P 90S X P P P") == [200] * 7
    assert not r.irregular


def test_the_protocol_syntax_is_one_call_per_command():
    r = classify_coinche("CONTRACT 80 Hearts PASS PASS PASS")
    assert [c.text for c in r.calls] == ["CONTRACT 80 Hearts", "PASS", "PASS", "PASS"]
    assert (r.taker, r.contract, r.ended) == ("1", "80 Hearts", True)
    assert [c.seat for c in r.calls] == ["1", "2", "3", "4"]
    r = classify_coinche("PASS CONTRACT capot Spades")
    assert (r.taker, r.contract, r.ended) == ("2", "capot Spades", True)
    r = classify_coinche("contract generale TA")
    assert (r.contract, r.trump, r.ended) == ("generale TA", "TA", True)
    r = classify_coinche("CONTRACT 80 Hearts COINCHE SURCOINCHE")
    assert (r.coinche_level, r.coinched_by, r.surcoinched_by, r.ended) == (2, "2", "3", True)


@pytest.mark.parametrize("text, contract", [
    ("80H", "80 Hearts"), ("80Co", "80 Hearts"), ("90Pi", "90 Spades"), ("100Tr", "100 Clubs"),
    ("110Ca", "110 Diamonds"), ("120♦", "120 Diamonds"), ("130 ♠", "130 Spades"), ("100 Trèfle", "100 Clubs"),
    ("90 Cœur", "90 Hearts"), ("capot Pi", "capot Spades"), ("capotS", "capot Spades"), ("générale SA", "generale SA"),
    ("80 sans-atout", "80 SA"), ("140 tout-atout", "140 TA"),
])
def test_short_and_french_forms(text, contract):
    r = classify_coinche(text)
    assert r.contract == contract and r.calls[0].code == 200


def test_french_label_names_the_suit_in_french():
    assert classify_coinche("90Pi").contract_label.fr == "90 Pique"
    assert classify_coinche("capot Co").contract_label.fr == "capot Cœur"


def test_unknown_command_is_400_and_keeps_the_turn():
    r = classify_coinche("banana 80H")
    assert [c.code for c in r.calls] == [400, 200]
    assert r.calls[1].seat == "1" and r.taker == "1"
    assert r.calls[0].name == "INVALID_COMMAND"


def test_capot_without_suit_does_not_swallow_the_next_call():
    r = classify_coinche("capot PASS")
    assert [(c.text, c.code) for c in r.calls] == [("capot", 436), ("PASS", 200)]
    assert [(c.text, c.code) for c in classify_coinche("CONTRACT generale P").calls] == [
        ("CONTRACT generale", 436), ("P", 200)]
    assert [c.code for c in classify_coinche("CONTRACT 80 90S").calls] == [436, 200]


@pytest.mark.parametrize("text, code", [
    ("80H P P P 90S", 431),          # bidding over after three passes
    ("80H P P P P", 431),            # a pass after the end too (PASS has no code of its own)
    ("80H X 90S", 431),              # after a coinche only a surcoinche may come
    ("70H", 432),                    # below 80
    ("75H", 432),                    # below 80 (the step is not what is wrong)
    ("165H", 433),                   # above 160
    ("170H", 433),
    ("90H 80S", 434),                # not higher than 90 Hearts
    ("100H 95S", 434),               # not higher, whatever the step
    ("90H 90S", 434),                # equal is not higher
    ("CONTRACT banana Hearts", 435),
    ("CONTRACT", 435),
    ("80Z", 436),                    # no such suit
    ("CONTRACT 80", 436),            # no suit at all
    ("80H P P P X", 441),            # coinche after the end
    ("80H X P X", 442),              # second coinche
    ("X", 443),                      # nothing to coinche
    ("80H P X", 444),                # coinching one's partner's contract
    ("80H X XX XX", 452),            # second surcoinche
    ("80H P P P XX", 451),           # surcoinche after the end
    ("80H P XX", 453),               # surcoinche without coinche
    ("banana", 400),
])
def test_each_reply_code(text, code):
    r = classify_coinche(text)
    last = r.calls[-1]
    assert last.code == code
    assert last.accepted is False
    assert last.message.en and last.message.fr


def test_the_ten_point_step_is_a_variant_checked_last():
    assert codes("85H") == [200]  # the protocol states no step
    step = AuctionVariants(bid_step=10)
    assert codes("85H", variants=step) == [435]
    assert codes("75H", variants=step) == [432]
    assert codes("100H 95S", variants=step) == [200, 434]
    assert "by 10" in classify_coinche("85H", variants=step).calls[0].message.en


def test_a_refused_call_keeps_the_turn():
    r = classify_coinche("80H 70S 90D")
    assert [c.code for c in r.calls] == [200, 432, 200]
    assert [c.seat for c in r.calls] == ["1", "2", "2"]
    assert r.contract == "90 Diamonds" and r.taker == "2"
    assert len(r.irregular) == 1


def test_the_end_is_what_the_seed_says():
    r = classify_coinche("P P P X")  # the coinche is refused: seat 4 has not passed yet
    assert not r.ended and r.calls[-1].seat == "4"
    r = classify_coinche("P P P X P")
    assert r.ended and r.passed_out and r.calls[-1].seat == "4"
    r = classify_coinche("80H P 70S P P")  # the three others passed: seats 2, 3 (after its refused bid) and 4
    assert r.ended and [c.seat for c in r.calls] == ["1", "2", "3", "3", "4"]
    r = classify_coinche("80H P P")
    assert not r.ended
    r = classify_coinche("80H P P 90S P P")  # a new bid restarts the count
    assert not r.ended and r.taker == "4"


def test_coinche_waits_for_the_contracting_side():
    r = classify_coinche("80H X P")
    assert not r.ended
    r = classify_coinche("80H X P P P")
    assert r.ended and r.coinche_level == 1
    assert "surcoinche" in r.calls[-1].note.en


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


def test_surcoinche_by_the_coinching_side_is_refused_with_its_own_text():
    r = classify_coinche("80H X P XX")  # seat 4 is the coinching side
    assert r.calls[-1].code == 453 and "only the side" in r.calls[-1].message.en
    assert r.coinche_level == 1


def test_empty_auction_is_an_input_error():
    with pytest.raises(InputError):
        classify_coinche("   ")


def test_engine_out_of_turn_is_423_and_the_end_comes_first():
    a = CoincheAuction()
    assert a.submit(command_call("PASS", []), seat=2).code == 423
    assert a.submit(command_call("CONTRACT", ["80", "Hearts"]), seat=0).ok
    assert a.submit(command_call("coinche", []), seat=1).ok
    assert a.submit(command_call("PASS", ["now"]), seat=2).code == 400  # PASS takes no parameter
    for seat in (2, 3, 0):
        assert a.submit(command_call("PASS", []), seat=seat).ok
    assert a.over and a.submit(bid_call(["90", "S"]), seat=3).code == 431


def test_classify_lines_numbers_lines_and_goes_on_past_a_bad_one():
    text = ["# a comment", "80H P P P", "", "   ", "CONTRACT 90 Pique PASS PASS PASS", "8H: take"]
    out = classify_lines(text)
    assert [(r.line, r.result.contract if r.result else None) for r in out] == [
        (2, "80 Hearts"), (5, "90 Spades"), (6, None)]
    assert [c.code for c in out[2].result.calls] == [432, 400]  # "8H:" reads as a bid of 8
    belote = classify_lines(["8H: pass take", "bad: pass"], game="belote", source="f.txt")
    assert belote[0].result.taker == "2"
    assert belote[1].error is not None and belote[1].error.line == 2 and belote[1].error.source == "f.txt"


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


def test_one_call_kind_each_game_says_its_own_words():
    """Coinche's coinche and surcoinche are the shared double and redouble; its JSON still
    says "coinche" and "surcoinche", and bridge's says "double"."""
    from arbitre.rulings import games
    from arbitre.rulings.bridge.calls import Call as BridgeCall
    from arbitre.rulings.calls import CallKind

    r = classify_coinche("CONTRACT 80 Hearts COINCHE SURCOINCHE")
    assert [c.kind for c in r.calls] == [CallKind.BID, CallKind.DOUBLE, CallKind.REDOUBLE]
    assert [c["kind"] for c in r.to_dict()["calls"]] == ["bid", "coinche", "surcoinche"]
    assert BridgeCall.parse("X").kind is CallKind.DOUBLE
    assert games.get("bridge").call_word(CallKind.DOUBLE) == "double"
    assert {games.get(g).load("call_kind") for g in games.GAMES} == {CallKind}
    from arbitre.rulings.tresillo.auction import parse_call

    assert [parse_call(w).call_kind for w in ("passe", "je joue", "plus solo")] == [
        CallKind.PASS, CallKind.BID, CallKind.BID]
