"""The seed's tests for the basic players (module 1 step 1.3 and 1.4, module 2 step 2.2).

Each position is handed to the player with the legal cards the engine would give; the
card it returns must be the one the rule forces (or a card of the kind the rule allows).
"""
import pytest
from arbitre.arena.players.memory import MemoryPlayer
from arbitre.arena.players.simple import RandomPlayer, SimplePlayer
from arbitre.rulings.belote.cards import Suit

from .helpers import bid_position, cards, position

PLAYERS = [SimplePlayer, MemoryPlayer]


def _play(cls, obs):
    player = cls()
    player.start_deal(1)
    return player.play(obs)


@pytest.mark.parametrize("cls", PLAYERS)
def test_ia_doit_fournir_la_couleur_si_possible(cls):
    # spades led by the opponent; the player holds spades, trumps and others: it must follow
    obs = position("7S KS 9H JH AD 8D 7C 8C", "H", trick="10S")
    assert _play(cls, obs).suit is Suit.SPADES


@pytest.mark.parametrize("cls", PLAYERS)
def test_ia_doit_couper_si_possible(cls):
    # clubs led by an opponent, the player has no club but trumps: it must trump
    obs = position("7S KS 9H 8H AD 8D 7D QS", "H", trick="AC")
    assert _play(cls, obs).suit is Suit.HEARTS


@pytest.mark.parametrize("cls", PLAYERS)
def test_ia_doit_surcouper_atout_si_possible(cls):
    # clubs led by the partner, the opponent trumped with the queen; the player must overtrump (K, 9, J > Q)
    obs = position("7S KS 9H 8H AD 8D 7D QS", "H", trick="7C QH", first_leader=0)  # seat 2 plays: partner led
    assert obs.seat == 2
    card = _play(cls, obs)
    assert card.suit is Suit.HEARTS and card.index in cards("9H")


@pytest.mark.parametrize("cls", PLAYERS)
def test_ia_peut_pisser_atout_si_pas_mieux(cls):
    # trump led with the jack; the player only holds lower trumps: it plays a trump anyway
    obs = position("7H 8H AS KS AD 8D 7D QS", "H", trick="JH")
    assert _play(cls, obs).suit is Suit.HEARTS


@pytest.mark.parametrize("cls", PLAYERS)
def test_ia_peut_se_defausser_si_partenaire_maitre(cls):
    # the partner leads the ace of clubs, the opponent follows small: partner master, no obligation to trump
    obs = position("7H 8H AS KS AD 8D 7D QS", "H", trick="AC 7C")
    assert obs.legal == sum(1 << c for c in cards("7H 8H AS KS AD 8D 7D QS"))
    assert _play(cls, obs).suit is not Suit.HEARTS  # it may discard, and does not waste a trump


@pytest.mark.parametrize("cls", PLAYERS)
def test_ia_se_defausse_si_ni_couleur_ni_atout(cls):
    # clubs led, no club and no trump: any card of another suit
    obs = position("AS KS QS AD 8D 7D 9S 10D", "H", trick="AC")
    assert _play(cls, obs).suit in (Suit.SPADES, Suit.DIAMONDS)


@pytest.mark.parametrize("seed", range(50))
def test_joueur_ia_aleatoire_joue_coup_legal(seed):
    obs = position("7H 8H AS KS AD 8D 7D QS", "H", trick="AC 9H")  # void in clubs, must overtrump: 8H/7H lower
    player = RandomPlayer()
    player.start_deal(seed)
    card = player.play(obs)
    assert obs.legal >> card.index & 1


@pytest.mark.parametrize("cls", PLAYERS)
def test_decider_enchere_prend_avec_bonne_main(cls):
    obs = bid_position("JH 9H AH AS 10S", "7H")
    assert cls().bid(obs) is Suit.HEARTS


@pytest.mark.parametrize("cls", PLAYERS)
def test_decider_enchere_passe_avec_mauvaise_main(cls):
    obs = bid_position("7S 8S 8D 7C QC", "7H")
    assert cls().bid(obs) is None


def test_simple_takes_in_round_two_in_its_best_other_suit():
    obs = bid_position("JS 9S AS 7D 8C", "7H", bids=[(0, -1), (1, -1), (2, -1), (3, -1)])
    assert obs.bid_round == 2
    assert SimplePlayer().bid(obs) is Suit.SPADES
