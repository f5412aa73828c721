"""The auction: passe / je joue / plus, the kinds in order, illegal calls with their reasons, redeal."""
import pytest

from arbitre.rulings.errors import InputError
from arbitre.rulings.tresillo.auction import Kind, classify_auction, speakers_of


def test_the_issue_example():
    r = classify_auction("passe, je joue, plus solo, passe, passe")
    assert (r.joueur, r.kind, r.ended, r.redeal) == (3, Kind.SOLO, True, False)
    assert not r.illegal and not r.irregular


def test_kinds_in_order_and_plus_alone_is_the_next_kind():
    assert [k.code for k in Kind] == ["simple", "favour", "retourne", "solo", "solo_favour"]
    r = classify_auction("je joue, plus, plus, passe, passe")
    assert (r.joueur, r.kind) == (3, Kind.RETOURNE)


def test_all_pass_in_the_first_round_is_a_redeal():
    r = classify_auction("passe, passe, passe")
    assert r.redeal and r.ended and r.joueur is None


@pytest.mark.parametrize("text, index, reason", [
    ("je joue, je joue, passe, passe", 2, "play_after_bid"),
    ("je joue, plus solo, plus favour, passe, passe", 3, "not_higher"),
    ("passe, je joue, passe, plus solo, passe, passe", 4, "passed_player"),
    ("je joue, passe, passe, passe", 4, "after_end"),
])
def test_illegal_calls_are_reported_with_their_reason(text, index, reason):
    r = classify_auction(text)
    bad = [(c.index, c.reason) for c in r.illegal]
    assert (index, reason) in bad
    call = r.calls[index - 1]
    assert call.message is not None and call.message.fr and call.message.en


def test_a_kind_lower_than_the_one_before_does_not_change_the_contract():
    r = classify_auction("plus solo, plus simple, passe")
    assert (r.joueur, r.kind) == (1, Kind.SOLO)
    assert [c.reason for c in r.illegal] == ["not_higher"]


def test_unfinished_auction_and_spanish_calls_and_three_players():
    r = classify_auction("paso, juego, mas vuelta")
    assert not r.ended and r.irregular and r.kind is None
    r = classify_auction("passe, je joue, passe, passe", dealer=2, players=3)
    assert r.speakers == speakers_of(2, 3) == [3, 1, 2] and r.joueur == 1


def test_unreadable_call_names_it():
    with pytest.raises(InputError) as e:
        classify_auction("passe, je triche")
    assert "call 2" in e.value.message.en and "je triche" in e.value.message.en
