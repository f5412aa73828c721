"""Strategy tests in the seed's spirit (module 4): what the memory and advanced players do in set positions."""
import pytest
from arbitre.arena.players.advanced import AdvancedPlayer
from arbitre.arena.players.memory import MemoryPlayer
from arbitre.arena.players.simple import SimplePlayer

from .helpers import position


def _play(player, obs, seed=1):
    player.start_deal(seed)
    return player.play(obs).short()


# Six tricks played (trump hearts, seat 0 took and led): every trump but the jack is gone.
SIX_TRICKS = ["9H 7H 8H 10H", "AH QH KH 7S", "AS 8S 9S 10S", "KS QS JS 7D", "10C 8C 9C JC", "AD 8D 9D KD"]


def test_memory_plays_a_master_card_that_is_not_an_ace():
    # ace and ten of clubs are gone: the king of clubs is master; the defence (seat 1) leads it
    obs = position("KC 7D 8S 9S QH", "H", tricks=["AC 10C 7C 8C"], first_leader=1, taker=0, dealer=0)
    assert obs.seat == 1  # seat 1 won with the ace of clubs (10C was partner's)... and leads again
    assert _play(MemoryPlayer(), obs) == "KC"
    assert _play(SimplePlayer(), obs) != "KC"


def test_memory_smears_points_on_a_partner_sure_to_win():
    # the partner leads the ace of spades (master); the next opponent follows; I have no spade:
    # the last opponent holds spades or is not known void, so it cannot trump: the ace is sure to win
    obs = position("10D 7D 8C 9C QD", "H", trick="AS 7S", first_leader=2, taker=1)
    assert obs.seat == 0 and not obs.hand & 0xFF << 24
    assert _play(MemoryPlayer(), obs) == "10D"


def test_memory_does_not_waste_a_trump_when_the_partner_is_master():
    obs = position("7H 8H 7D 8C 9C", "H", trick="AS 7S", first_leader=2, taker=1)
    assert _play(MemoryPlayer(), obs)[-1] != "H"


def test_memory_draws_trumps_when_it_took_and_holds_the_master_trump():
    obs = position("JH 9H 7H AS KS 7D 8D 7C", "H", taker=0)
    assert _play(MemoryPlayer(), obs) == "JH"


@pytest.mark.parametrize("seed", [1, 2])
def test_advanced_leads_trump_to_draw_the_opponents_trumps_when_it_holds_the_top_ones(seed):
    obs = position("JH 9H AH KS QS 7D 8D 7C", "H", taker=0, turned="9H")
    assert _play(AdvancedPlayer(budget=16), obs, seed)[-1] == "H"


@pytest.mark.parametrize("seed", [1, 2])
def test_advanced_does_not_put_its_ace_under_its_partners_master_ten(seed):
    # an opponent led a small spade, the partner put the ten and wins the trick; I play last with the ace: keep it
    obs = position("AS 9S 7D 8D 7C 8C QH KD", "H", trick="7S 10S 8S", first_leader=3, taker=1)
    assert obs.seat == 2
    assert _play(AdvancedPlayer(budget=16), obs, seed) == "9S"


@pytest.mark.parametrize("seed", [1, 2])
def test_advanced_keeps_the_master_trump_for_the_last_trick_and_the_dix_de_der(seed):
    obs = position("JH 7C", "H", tricks=SIX_TRICKS, taker=0, turned="9H")
    assert obs.seat == 0 and obs.trick_number == 7 and obs.trick == ()
    assert _play(AdvancedPlayer(budget=16), obs, seed) == "7C"
