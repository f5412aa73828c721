"""The auction engine holds irregular auctions and reports each irregularity with its facts."""
from arbitre.rulings.bridge.auction import Auction, Kind
from arbitre.rulings.bridge.calls import Call
from arbitre.rulings.bridge.seats import Seat


def run(text: str, dealer: Seat = Seat.N) -> Auction:
    a = Auction(dealer)
    for tok in text.split():
        if ":" in tok:
            seat, call = tok.split(":")
            a.push(Call.parse(call), Seat.parse(seat))
        else:
            a.push(Call.parse(tok))
    return a


def kinds(a: Auction) -> list[str]:
    return [i.kind.value for i in a.irregularities]


def test_plain_auction_contract_and_declarer():
    a = run("1H P 2C P 2H P 4H P P P", Seat.S)
    assert a.is_complete and not a.is_passed_out and a.is_legal
    assert str(a.contract) == "4H S"  # South bid hearts first


def test_declarer_is_first_of_the_side_to_name_the_strain():
    a = run("1C P 1H P 3NT P P P", Seat.N)  # N 1C, S 1H, N 3NT
    assert str(a.contract) == "3NT N"
    a = run("1NT P 3NT P P P", Seat.E)
    assert a.contract.declarer is Seat.E


def test_doubled_and_redoubled():
    assert str(run("1H X XX P P P").contract) == "1HXX N"
    assert str(run("1H X P P P").contract) == "1HX N"
    assert str(run("1H X 2H P P P").contract) == "2H N"  # a new bid cancels the double


def test_passed_out_and_turns():
    a = run("P P P P")
    assert a.is_passed_out and a.contract is None and a.turn is None
    a = run("1H P", Seat.W)
    assert not a.is_complete and a.turn is Seat.E


def test_insufficient_bid_reports_lowest_sufficient_same_strain():
    a = run("1S 1H")
    (irr,) = a.irregularities
    assert irr.kind is Kind.INSUFFICIENT_BID and irr.seat is Seat.E
    assert irr.params["lowest_sufficient_same_strain"] == "2H"
    assert irr.status == "pending" and "accepted" not in irr.facts


def test_insufficient_bid_followed_by_lho_is_accepted_and_stands():
    a = run("1S 1H P P P")
    (irr,) = a.irregularities
    assert irr.status == "accepted" and irr.facts["accepted"] == "yes"
    assert str(a.contract) == "1H E"


def test_inadmissible_doubles_and_redoubles():
    cases = {
        "X": "double-no-bid", "1H P X": "double-own-side", "1H X P X": "double-already-doubled",
        "1H XX": "redouble-not-doubled", "1H X P XX": "redouble-own-double",
    }
    for text, kind in cases.items():
        a = run(text)
        assert kinds(a)[-1] == "inadmissible-double", text
        assert a.irregularities[-1].facts["inadmissible_kind"] == kind, text
    a = run("1H X XX P P P")
    assert a.is_legal
    a = run("1H X XX X")
    assert a.irregularities[-1].facts["inadmissible_kind"] == "double-already-doubled"


def test_inadmissible_double_does_not_change_the_contract():
    a = run("1H P X P P P")  # South doubles partner
    assert str(a.contract) == "1H N" and a.is_complete


def test_bid_above_seven_is_a_call_the_law_rules_on():
    a = run("1H P P 8H P P P")
    assert kinds(a) == ["bid-above-seven"]
    assert str(a.contract) == "1H N"


def test_call_after_the_final_pass():
    a = run("1NT P 2S 3S P P P X")
    assert kinds(a) == ["call-after-close"]
    assert a.irregularities[0].facts["offender_side"] == "declaring"  # W is declarer (3S), X by W
    assert str(a.contract) == "3S W"


def test_fourth_pass_is_a_call_after_close():
    a = run("1H P P P P")
    assert kinds(a) == ["call-after-close"]


def test_pass_out_of_rotation_at_rho_turn_cancelled_when_rho_calls():
    a = run("N:1H S:P E:P S:P W:P")
    irr = a.irregularities[0]
    assert irr.kind is Kind.PASS_OUT_OF_ROTATION and irr.seat is Seat.S
    assert irr.facts["turn_of"] == "rho" and irr.params["whose_turn"] == "E"
    assert irr.status == "cancelled" and irr.facts["accepted"] == "no"
    assert not a.entries[1].effective
    assert a.is_complete and str(a.contract) == "1H N"


def test_bid_out_of_rotation_at_partner_turn_accepted_by_lho():
    # East's turn, but West (East's partner) bids; North (West's LHO) calls next: accepted
    a = run("N:P W:1S N:P E:2S S:P W:P N:P", Seat.N)
    irr = a.irregularities[0]
    assert irr.kind is Kind.BID_OUT_OF_ROTATION and irr.facts["turn_of"] == "partner"
    assert irr.status == "accepted" and irr.facts["accepted"] == "yes"
    assert a.is_complete and str(a.contract) == "2S W"


def test_first_call_out_of_rotation_before_anyone_called():
    a = run("E:1H N:P", Seat.N)  # North (East's RHO) was the dealer
    irr = a.irregularities[0]
    assert irr.facts["turn_of"] == "rho" and irr.facts["any_call_before"] == "no"
    assert irr.status == "cancelled"
    a = run("W:1H N:P", Seat.N)  # North is West's LHO
    assert a.irregularities[0].facts["turn_of"] == "lho"


def test_double_out_of_rotation():
    a = run("N:1H W:X E:P", Seat.N)
    assert a.irregularities[0].kind is Kind.DOUBLE_OUT_OF_ROTATION


def test_push_pop_history():
    a = run("1S 1H P")
    popped = a.pop()
    assert str(popped.call) == "P"
    assert len(a.entries) == 2 and a.irregularities[0].status == "pending"
    a.pop()
    assert a.is_legal and a.turn is Seat.E


def test_in_rotation_fact_for_the_trees_that_ask_it():
    """Laws 27A2 and 36B2/36B4 ask whether the irregular call was made at the offender's own turn."""
    a = run("N:1S E:1H")  # East's own turn: insufficient, in rotation
    (irr,) = a.irregularities
    assert irr.kind is Kind.INSUFFICIENT_BID and irr.facts["in_rotation"] == "yes"
    a = run("N:1S W:1H")  # West bids at East's turn: out of rotation and insufficient
    assert [(i.kind, i.facts["in_rotation"]) for i in a.irregularities] == [
        (Kind.BID_OUT_OF_ROTATION, "no"), (Kind.INSUFFICIENT_BID, "no")]
    a = run("1S P P P X X")  # after the close: no rotation, no such fact
    assert all("in_rotation" not in i.facts for i in a.irregularities)


def test_inadmissible_fact_for_a_double_out_of_rotation():
    """Law 32's tree asks whether the double would be inadmissible even in rotation (then Law 36)."""
    a = run("N:1S E:P N:X")  # North doubles his own bid at South's turn
    (out, inadmissible) = a.irregularities
    assert out.kind is Kind.DOUBLE_OUT_OF_ROTATION and out.facts["inadmissible"] == "yes"
    assert inadmissible.kind is Kind.INADMISSIBLE_DOUBLE
    a = run("N:1S E:P W:X")  # West doubles North's bid at South's turn: admissible
    (out,) = a.irregularities
    assert out.facts["inadmissible"] == "no"
# -- Law 28B, the director's call and Law 37 ---------------------------------------------------
def test_rho_calling_in_turn_before_any_ruling_opens_law_28b():
    a = run("E:1S N:P")  # North deals; East bids at North's turn; North calls in turn
    (irr,) = a.irregularities
    assert irr.status == "cancelled" and irr.facts["other_caller"] == "correct-player-called"
    assert (irr.law, irr.tree) == ("28B", "acceptation-hors-tour")
    assert not a.entries[0].effective and a.turn == Seat.E  # the auction goes on as if East had not called


def test_partner_calling_in_turn_is_not_law_28b():
    a = run("S:1S N:P")  # South bids at his partner's turn; North, his partner, calls
    (irr,) = a.irregularities
    assert irr.status == "cancelled" and irr.law is None and "other_caller" not in irr.facts


def test_lho_whose_turn_it_was_accepts_by_calling():
    a = run("W:1S N:2H")  # West bids at North's turn; North is West's LHO
    (irr,) = a.irregularities
    assert irr.status == "accepted" and irr.law is None


def test_the_director_cancels_a_pass_at_rho_turn_and_the_offender_must_pass_next():
    a = run("N:1H S:P")
    a.rectify()
    for tok in ("E:1S", "S:2C", "W:P"):
        seat, call = tok.split(":")
        a.push(Call.parse(call), Seat.parse(seat))
    assert kinds(a) == ["pass-out-of-rotation", "obligation-to-pass-violated"]
    first, broken = a.irregularities
    assert first.facts["other_caller"] == "director-called" and first.law is None
    assert broken.index == 3 and broken.params["obligation_law"] == "30A" and broken.params["obligation_call"] == "2"
    assert broken.facts["accepted"] == "yes" and broken.facts["inadmissible"] == "no"
    assert a.entries[3].effective  # Law 37A: LHO called, the calls stand


def test_the_forced_pass_obeyed_is_no_irregularity_and_binds_only_once():
    a = run("N:1H S:P")
    a.rectify()
    for tok in ("E:1S", "S:P", "W:P", "N:2H", "E:P", "S:3H"):
        seat, call = tok.split(":")
        a.push(Call.parse(call), Seat.parse(seat))
    assert kinds(a) == ["pass-out-of-rotation"]


def test_a_director_call_survives_pop():
    a = run("N:1H S:P")
    a.rectify()
    for tok in ("E:1S", "S:2C"):
        seat, call = tok.split(":")
        a.push(Call.parse(call), Seat.parse(seat))
    a.pop()
    a.push(Call.parse("2C"), Seat.S)
    assert kinds(a) == ["pass-out-of-rotation", "obligation-to-pass-violated"]


def test_a_director_call_with_nothing_open_changes_nothing():
    a = run("1H P")
    a.rectify()
    a.push(Call.parse("2H"))
    assert a.is_legal and str(a.contract) == "2H N"


def _push(a, tokens, comparable=None):
    """Push ``SEAT:CALL`` tokens; ``comparable`` maps a token's position to the director's ruling."""
    for i, tok in enumerate(tokens):
        seat, call = tok.split(":")
        a.push(Call.parse(call), Seat.parse(seat), comparable=(comparable or {}).get(i))


def test_an_insufficient_bid_replaced_not_comparable_bars_the_partner_for_the_whole_auction():
    a = run("N:1S E:1H")
    a.rectify()
    _push(a, ["E:2H", "S:P", "W:P", "N:2S", "E:P", "S:P", "W:3H"], {0: False})
    insufficient, broken = a.irregularities
    assert insufficient.status == "cancelled" and not a.entries[1].effective and a.replaces == {2: 1}
    assert insufficient.facts["comparable"] == "no" and insufficient.params["replaced_by"] == "3"
    assert broken.index == 8 and broken.params["obligation_law"] == "27B2"
    assert broken.params["replacement_call"] == "3" and str(a.contract) == "3H E"


def test_an_insufficient_bid_replaced_by_a_comparable_call_leaves_the_partner_free():
    a = run("N:1S E:1H")
    a.rectify()
    _push(a, ["E:2H", "S:P", "W:4H"], {0: True})
    assert kinds(a) == ["insufficient-bid"] and str(a.contract) == "4H E"


def test_without_the_ruling_an_insufficient_bid_after_td_is_held_as_before():
    a = run("N:1S E:1H")
    a.rectify()
    _push(a, ["S:P", "W:2S"])
    (irr,) = a.irregularities
    assert irr.status == "accepted" and a.entries[1].effective and not a.replaces


def test_a_call_out_of_rotation_replaced_not_comparable_bars_the_partner_at_his_next_turn_only():
    a = run("S:1S")
    a.rectify()
    _push(a, ["N:P", "E:P", "S:2S", "W:P", "N:P", "E:3H", "S:P", "W:P", "N:3S"], {2: False})
    assert kinds(a) == ["bid-out-of-rotation"]  # North passed at his next turn: Law 31B is done with him
    a = run("S:1S")
    a.rectify()
    _push(a, ["N:P", "E:P", "S:2S", "W:P", "N:3S"], {2: False})
    assert a.irregularities[-1].params["obligation_law"] == "31B"


def test_rho_passing_makes_31a1_no_replacement_and_a_ruling_survives_pop():
    a = run("N:1H E:P W:1S")
    a.rectify()
    _push(a, ["S:P", "W:2S"], {1: False})
    assert not a.replaces and a.rulings == {4: False}  # 31A1: repeat, nothing to rule
    a = run("N:1H E:P W:1S")
    a.rectify()
    _push(a, ["S:2H", "W:3C", "N:P", "E:3S"], {1: False})
    assert a.irregularities[-1].params["obligation_law"] == "31A2(b)"
    a.pop()
    a.push(Call.parse("3S"), Seat.E)
    assert a.irregularities[-1].params["obligation_law"] == "31A2(b)" and a.replaces == {4: 2}
