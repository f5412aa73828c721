"""The tests listed in seed 001 (Étapes 1.2-1.4), with their scenarios and numbers."""
from arbitre.rulings.belote.cards import Card, Rank, Suit, parse_card
from arbitre.rulings.belote.play import (
    Obligation,
    UndertrumpRule,
    legal_cards,
    partner_is_master,
    trick_winner,
    violated_obligation,
)
from arbitre.rulings.belote.scoring import card_points, score_deal

H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


def cards(*texts: str) -> list[Card]:
    return [parse_card(t) for t in texts]


# -- get_points_carte ----------------------------------------------------------

def test_points_valet_atout():
    assert card_points(parse_card({"valeur": "VALET", "couleur": "COEUR"}), H) == 20


def test_points_neuf_atout():
    assert card_points(parse_card({"valeur": "NEUF", "couleur": "COEUR"}), H) == 14


def test_points_as_normal():
    assert card_points(parse_card({"valeur": "AS", "couleur": "PIQUE"}), H) == 11


def test_points_valet_normal():
    assert card_points(parse_card({"valeur": "VALET", "couleur": "PIQUE"}), H) == 2


def test_nine_is_worth_nothing_out_of_trump():
    assert card_points(Card(S, Rank.NINE), H) == 0


# -- determiner_vainqueur_pli -----------------------------------------------------

def test_vainqueur_avec_un_seul_atout():
    # Spades led; the third player trumps with the 7 of hearts: the lowest trump still wins.
    assert trick_winner(cards("AS", "10S", "7H", "KS"), H) == 2


def test_vainqueur_avec_plusieurs_atouts_meme_couleur():
    # Nine of trump against jack of trump: the jack wins.
    assert trick_winner(cards("9H", "JH", "7S", "8S"), H) == 1
    assert trick_winner(cards("JH", "9H", "AH", "10H"), H) == 0


def test_vainqueur_sans_atout_couleur_demandee():
    # No trump: the ace of the led suit beats its ten.
    assert trick_winner(cards("10D", "AD", "KD", "7D"), H) == 1


def test_vainqueur_avec_defausse_non_atout():
    # The ace of clubs discarded on a diamond lead cannot win, even though it outranks the 7.
    assert trick_winner(cards("7D", "AC", "8D", "QS"), H) == 2


def test_plain_jack_ranks_below_queen_and_trump_jack_above_all():
    assert trick_winner(cards("JD", "QD"), H) == 1
    assert trick_winner(cards("AH", "JH"), H) == 1


# -- choisir_carte_legale -------------------------------------------------------

def test_ia_doit_fournir_la_couleur_si_possible():
    hand = cards("7D", "AS", "JH", "KC")
    assert legal_cards(hand, cards("10D"), H) == cards("7D")


def test_ia_doit_couper_si_possible():
    # Diamond led by an opponent; void in diamonds with two trumps: must play a trump.
    hand = cards("7H", "QH", "AS", "KC")
    assert set(legal_cards(hand, cards("10D"), H)) == set(cards("7H", "QH"))
    assert violated_obligation(hand, cards("10D"), H, parse_card("AS")) is Obligation.TRUMP


def test_ia_doit_surcouper_atout_si_possible():
    # Partner led the 10 of diamonds, the opponent trumped with the queen: we must overtrump with the king.
    hand = cards("7H", "KH", "AS")
    trick = cards("10D", "QH")
    assert legal_cards(hand, trick, H) == cards("KH")
    assert violated_obligation(hand, trick, H, parse_card("7H")) is Obligation.OVERTRUMP


def test_ia_peut_pisser_atout_si_pas_mieux():
    # Trump led with the jack; we only hold lower trumps: any of them, but a trump.
    hand = cards("7H", "8H", "AS")
    legal = legal_cards(hand, cards("JH"), H)
    assert set(legal) == set(cards("7H", "8H"))
    assert violated_obligation(hand, cards("JH"), H, parse_card("AS")) is Obligation.FOLLOW


def test_trump_lead_must_go_higher_even_when_partner_is_master():
    hand = cards("7H", "AH")
    assert legal_cards(hand, cards("10H", "8H"), H) == cards("AH")


def test_ia_peut_se_defausser_si_partenaire_maitre():
    # Partner's ace of diamonds is master, the opponent followed low: we may discard instead of trumping.
    hand = cards("7H", "AS", "KC")
    trick = cards("AD", "7D")
    assert partner_is_master(trick, H)
    assert set(legal_cards(hand, trick, H)) == set(hand)


def test_ia_se_defausse_si_ni_couleur_ni_atout():
    hand = cards("AS", "KC", "8S")
    assert set(legal_cards(hand, cards("10D"), H)) == set(hand)


def test_undertrump_variant():
    # Opponent trumped with the jack; we only hold the 7 of trump and a spade.
    hand = cards("7H", "AS")
    trick = cards("10D", "JH")
    assert legal_cards(hand, trick, H) == cards("7H")  # default: must play the lower trump
    assert set(legal_cards(hand, trick, H, UndertrumpRule.MAY_DISCARD)) == set(hand)
    assert violated_obligation(hand, trick, H, parse_card("AS")) is Obligation.UNDERTRUMP  # issue 15: named exactly


def test_leader_may_play_anything():
    hand = cards("7H", "AS", "KC")
    assert legal_cards(hand, [], H) == hand


# -- calculer_scores_manche -------------------------------------------------------

def test_score_contrat_reussi_simple():
    s = score_deal(100, 62)
    assert (s.taker, s.defence, s.made) == (100, 62, True)


def test_score_contrat_chute_simple():
    s = score_deal(70, 92)
    assert (s.taker, s.defence, s.made) == (0, 162, False)


def test_score_contrat_reussi_avec_annonces():
    s = score_deal(90, 72, taker_belote=True)
    assert (s.taker, s.defence, s.made) == (110, 72, True)


def test_score_contrat_chute_avec_annonces():
    # Takers 60 + belote, defence announced a cinquante (50): takers keep their belote only.
    s = score_deal(60, 102, defence_announces=50, taker_belote=True)
    assert (s.taker, s.defence, s.made) == (20, 212, False)
