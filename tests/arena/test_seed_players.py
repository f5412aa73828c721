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


# (seed test name, hand, trump, current trick, who led it, cards the player may answer)
SCENARIOS = [
    # spades led by an opponent; the player holds spades, trumps and others: it must follow
    ("ia_doit_fournir_la_couleur_si_possible", "7S KS 9H JH AD 8D 7C 8C", "10S", 1, "7S KS"),
    # clubs led by an opponent, no club but trumps: it must trump
    ("ia_doit_couper_si_possible", "7S KS 9H 8H AD 8D 7D QS", "AC", 3, "9H 8H"),
    # the partner led a club, the opponent trumped with the queen: overtrump (only the nine is higher)
    ("ia_doit_surcouper_atout_si_possible", "7S KS 9H 8H AD 8D 7D QS", "7C QH", 0, "9H"),
    # trump led with the jack, only lower trumps: it plays a trump anyway
    ("ia_peut_pisser_atout_si_pas_mieux", "7H 8H AS KS AD 8D 7D QS", "JH", 3, "7H 8H"),
    # the partner leads the ace of clubs and is master: it may discard, and does not waste a trump
    ("ia_peut_se_defausser_si_partenaire_maitre", "7H 8H AS KS AD 8D 7D QS", "AC 7C", 2, "AS KS AD 8D 7D QS"),
    # clubs led, neither club nor trump: a card of another suit
    ("ia_se_defausse_si_ni_couleur_ni_atout", "AS KS QS AD 8D 7D 9S 10D", "AC", 3, "AS KS QS AD 8D 7D 9S 10D"),
]


@pytest.mark.parametrize("cls", PLAYERS)
@pytest.mark.parametrize("name, hand, trick, leader, allowed", SCENARIOS, ids=[s[0] for s in SCENARIOS])
def test_seed_card_rules(cls, name, hand, trick, leader, allowed):
    obs = position(hand, "H", trick=trick, first_leader=leader)
    assert _play(cls, obs).index in cards(allowed)


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
