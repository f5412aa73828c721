"""The positional state machine of seed 000: every code, its DB class, round trip, property test.

The expectations below are transcribed from the seed's table by hand; the classifier
reads the machine from the KB, so these tests check the migrated data *and* the engine.
"""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.kb.access import load_machine
from arbitre.rulings.bridge.auction import Auction
from arbitre.rulings.bridge.calls import Call
from arbitre.rulings.bridge.classify import classify
from arbitre.rulings.bridge.positional import Machine
from arbitre.rulings.bridge.seats import Seat

# first-round pattern (P = pass, C = any other call), positions 1-4 -> the four codes
PATTERNS = {
    "PPPP": "Ppos1 Ppos2 Ppos3 Ppos4",
    "PPPC": "Ppos1 Ppos2 Ppos3 Opos4",
    "PPCP": "Ppos1 Ppos2 Opos3 IPpos4",
    "PPCC": "Ppos1 Ppos2 Opos3 IEpos4",
    "PCPP": "Ppos1 Opos2 IPpos3 RPadvpos4",
    "PCPC": "Ppos1 Opos2 IPpos3 REadvpos4",
    "PCCP": "Ppos1 Opos2 IEpos3 RPsilpos4",
    "PCCC": "Ppos1 Opos2 IEpos3 REsilpos4",
    "CPPP": "Opos1 IPpos2 RPadvpos3 VPpos4",
    "CPPC": "Opos1 IPpos2 RPadvpos3 VEpos4",
    "CPCP": "Opos1 IPpos2 REadvpos3 DPsiREetIPpos4",
    "CPCC": "Opos1 IPpos2 REadvpos3 DEsiREetIPpos4",
    "CCPP": "Opos1 IEpos2 RPsilntpos3 DPsiRPetIEpos4",
    "CCPC": "Opos1 IEpos2 RPsilntpos3 DEsiRPetIEpos4",
    "CCCP": "Opos1 IEpos2 REsilntpos3 DPsiREetIEpos4",
    "CCCC": "Opos1 IEpos2 REsilntpos3 DEsiREetIEpos4",
}
DB_CLASS = {
    "mainrefDB": "Ppos1 Opos1 Ppos2 Opos2",
    "intervenantsecondbdsef": "IPpos2 IEpos2 IPpos3 IEpos3 IPpos4 IEpos4",
    "ouverturebdsefpos3ou4": "Ppos3 Opos3 Ppos4 Opos4",
    "repondantbdsef": "RPadvpos3 REadvpos3 RPadvpos4 REadvpos4",
    "repondantsiinterventionbdsef": "RPsilntpos3 REsilntpos3 RPsilpos4 REsilpos4",
    "reveilbdsef": "VPpos4 VEpos4",
    "intervenantpos4567bdsef": "DPsiREetIPpos4 DEsiREetIPpos4",
    "partenaireintervenantbdsef": "DPsiRPetIEpos4 DEsiRPetIEpos4 DPsiREetIEpos4 DEsiREetIEpos4",
}


@pytest.fixture(scope="module")
def machine(kb_path) -> Machine:
    import sqlite3

    return load_machine(sqlite3.connect(kb_path))


def auction_for(pattern: str, dealer: Seat, use_double: bool = False) -> Auction:
    a = Auction(dealer)
    bids = iter(["1C", "1D", "1H", "1S"])
    last_bidder = None
    for i, p in enumerate(pattern):
        if p == "P":
            a.push(Call.parse("P"))
        elif use_double and last_bidder is not None and (i - last_bidder) % 2 == 1 and a.bidding.doubled == 0:
            a.push(Call.parse("X"))
        else:
            a.push(Call.parse(next(bids)))
            last_bidder = i
    return a


def test_the_kb_holds_exactly_the_30_codes_of_the_seed(machine):
    expected = {c for codes in PATTERNS.values() for c in codes.split()}
    assert len(expected) == 30
    assert set(machine.states) == expected
    assert sum(1 for s in machine.states.values() if s.position == 4) == 16


@pytest.mark.parametrize("pattern", sorted(PATTERNS))
@pytest.mark.parametrize("dealer", list(Seat))
def test_every_first_round_pattern(machine, pattern, dealer):
    a = auction_for(pattern, dealer)
    report = classify(a, machine, {})
    assert [s.state for s in report.seats] == PATTERNS[pattern].split()
    # player 1 is the dealer whatever the compass seat
    assert report.seats[0].seat == dealer.name
    assert [s.position for s in report.seats] == [1, 2, 3, 4]


@pytest.mark.parametrize("pattern", ["CCPP", "CCCC", "PCCP", "CPCC"])
def test_a_double_is_a_non_pass_call_like_a_bid(machine, pattern):
    report = classify(auction_for(pattern, Seat.N, use_double=True), machine, {})
    assert [s.state for s in report.seats] == PATTERNS[pattern].split()


def test_db_class_of_every_state(machine):
    for db_class, codes in DB_CLASS.items():
        for code in codes.split():
            assert machine.states[code].db_class == db_class, code


def test_both_spellings_kept_and_aliases_resolve(machine):
    assert "RPsilntpos3" in machine.states and "RPsilpos4" in machine.states
    assert machine.resolve("RPsilpos3").code == "RPsilntpos3"
    assert machine.resolve("rpsilntpos4").code == "RPsilpos4"
    assert machine.resolve("nonsense") is None


def test_every_state_has_both_languages(machine):
    for s in machine.states.values():
        assert s.label.fr and s.label.en and s.label.fr != s.label.en


def test_calls_are_labelled_with_seat_position_state_round_and_first_round_class(machine):
    a = Auction(Seat.S)
    for t in "1H P 2C X P P 2H P P P".split():
        a.push(Call.parse(t))
    r = classify(a, machine, {})
    first = r.calls[0]
    assert (first.seat, first.position, first.state, first.round, first.db_class) == ("S", 1, "Opos1", 1, "mainrefDB")
    fourth = r.calls[3]
    assert (fourth.seat, fourth.state, fourth.db_class) == ("E", "DEsiREetIPpos4", "intervenantpos4567bdsef")
    later = r.calls[4]  # South's second call
    assert (later.seat, later.round, later.state, later.db_class) == ("S", 2, "Opos1", None)


def test_export_and_rebuild_round_trip(machine):
    doc = machine.export()
    rebuilt = Machine.from_export(json.loads(json.dumps(doc)))
    assert rebuilt.export() == doc
    for pattern, codes in PATTERNS.items():
        r = classify(auction_for(pattern, Seat.E), rebuilt, {})
        assert [s.state for s in r.seats] == codes.split()


def test_mermaid_is_generated_from_the_table(machine):
    text = machine.mermaid("en")
    assert text.startswith("flowchart")
    for code in machine.states:
        assert code in text
    assert text.count("-->") == len(machine.transitions)


def _legal_calls(a: Auction) -> list[Call]:
    st, turn = a.bidding, a.turn
    assert turn is not None
    calls = [Call.parse("P")]
    low = st.last + 1 if st.last else 5
    calls += [Call.of_code(r) for r in range(low, 40)][:6]
    if st.last and st.last_side != turn % 2 and st.doubled == 0:
        calls.append(Call.parse("X"))
    if st.doubled == 1 and st.doubler_side != turn % 2:
        calls.append(Call.parse("XX"))
    return calls


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.sampled_from(list(Seat)))
def test_property_random_legal_auctions(machine, seed, dealer):
    rng = random.Random(seed)
    a = Auction(dealer)
    while not a.is_complete and len(a.entries) < 60:
        choices = _legal_calls(a)
        weights = [6] + [1] * (len(choices) - 1)
        a.push(rng.choices(choices, weights)[0])
    assert a.is_legal
    r = classify(a, machine, {})
    # every position's state follows from the earlier states and its own first call
    context: list[str] = []
    for s, first in zip(r.seats, r.calls[:4], strict=False):
        action = "pass" if first.call == "P" else "call"
        expected = machine.step(tuple(context), action)
        assert s.state == expected.code
        assert first.db_class == expected.db_class
        context.append(expected.code)
    assert all(c.db_class is None for c in r.calls[4:])
    assert all(c.state == r.seats[c.position - 1].state for c in r.calls)
    if a.is_complete and not a.is_passed_out:
        # the declarer bid the final strain first for the side that won the auction
        c = a.contract
        side_bids = [e for e in a.entries if e.call.is_bid and e.seat % 2 == c.declarer % 2 and e.call.strain == c.strain]
        assert side_bids[0].seat == c.declarer
    from arbitre.rulings.bridge.report import ClassifyResult, to_json

    json.dumps(to_json(ClassifyResult(auctions=[r])))


@settings(max_examples=300, deadline=None)
@given(tokens=st.lists(st.sampled_from(["P", "X", "XX", "1C", "1H", "2NT", "1S", "8D", "7NT", "3C"]), max_size=20),
       seats=st.lists(st.sampled_from(list(Seat)), max_size=20), dealer=st.sampled_from(list(Seat)))
def test_property_irregular_auctions_are_held_never_refused(machine, tokens, seats, dealer):
    a = Auction(dealer)
    tagged = len(seats) >= len(tokens)
    for i, t in enumerate(tokens):
        a.push(Call.parse(t), seats[i] if tagged else None)
    r = classify(a, machine, {})
    assert len(r.calls) == len(tokens)
    for irr in r.irregularities:
        assert 0 <= irr.index < len(tokens)
