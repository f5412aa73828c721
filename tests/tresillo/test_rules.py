"""One test per rule of the rulebook, with its own examples: the deck, the orders of trumps, the Mala,
the Triomphes, following suit, the trick winner."""
import pytest

from arbitre.rulings.errors import InputError
from arbitre.rulings.tresillo.cards import (
    BATON,
    COUPE,
    DENIER,
    EPEE,
    label,
    parse_card,
    short,
)
from arbitre.rulings.tresillo.play import (
    Obligation,
    TriompheRule,
    broken_obligation,
    legal_cards,
    trick_winner,
)
from arbitre.rulings.tresillo.trumps import (
    is_trump,
    mala,
    plain_order,
    punto,
    triomphes,
    trump_order,
)


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def names(seq) -> str:
    return " ".join(short(c) for c in seq)


def test_the_deck_has_forty_cards_and_reads_french_and_spanish_names():
    assert parse_card({"valeur": "ROI", "couleur": "DENIER"}) == parse_card("rey de oros") == parse_card("RD")
    assert parse_card({"valeur": "sota", "couleur": "copas"}) == parse_card("Valet de coupe")
    assert parse_card("caballo de espadas") == parse_card("Cavalier d'épée") == parse_card("CE")
    assert parse_card("as de bastos") == parse_card("As de bâton")
    assert label(parse_card("AE")).fr == "As d'épée" and label(parse_card("AE")).en == "Ace of Swords"
    assert len({parse_card(f"{r}{s}") for r in "A234567VCR" for s in "DCEB"}) == 40
    for bad in ("8D", "Dame de coupe", {"valeur": "ROI"}, "roi de pique"):
        with pytest.raises(InputError):
            parse_card(bad)


@pytest.mark.parametrize("trump", [DENIER, COUPE])
def test_red_trump_order_is_the_rulebooks_twelve(trump):
    s = "D" if trump == DENIER else "C"
    assert names(trump_order(trump)) == f"AE 7{s} AB A{s} R{s} C{s} V{s} 2{s} 3{s} 4{s} 5{s} 6{s}"
    assert mala(trump) == parse_card(f"7{s}") and punto(trump) == parse_card(f"A{s}")


@pytest.mark.parametrize("trump", [EPEE, BATON])
def test_black_trump_order_is_the_rulebooks_eleven(trump):
    s = "E" if trump == EPEE else "B"
    assert names(trump_order(trump)) == f"AE 2{s} AB R{s} C{s} V{s} 7{s} 6{s} 5{s} 4{s} 3{s}"
    assert mala(trump) == parse_card(f"2{s}") and punto(trump) is None


def test_plain_orders_and_the_mala_is_the_weakest_plain_card():
    assert names(plain_order(DENIER)) == "RD CD VD AD 2D 3D 4D 5D 6D 7D"
    assert names(plain_order(BATON)) == "RB CB VB 7B 6B 5B 4B 3B 2B"
    # the 7 of coupe is the Mala when coupe is trumps, and the weakest coupe otherwise
    for other in cards("6C 2C AC VC"):
        assert trick_winner([parse_card("7C"), other], DENIER) == 1
        assert trick_winner([parse_card("7C"), other], COUPE) == 0
    # the 2 of épée: the weakest épée in plain, the Mala (second trump) when épée is trumps
    for other in cards("3E 7E RE"):
        assert trick_winner([parse_card("2E"), other], DENIER) == 1
        assert trick_winner([parse_card("2E"), other], EPEE) == 0


def test_the_two_black_aces_are_always_trumps():
    for trump in (DENIER, COUPE, EPEE, BATON):
        assert is_trump(parse_card("AE"), trump) and is_trump(parse_card("AB"), trump)
        assert triomphes(trump)[0] == parse_card("AE") and triomphes(trump)[2] == parse_card("AB")
    assert sum(is_trump(c, DENIER) for c in range(40)) == 12
    assert sum(is_trump(c, EPEE) for c in range(40)) == 11
    # the Épée beats everything, the Bâton third, below the Mala
    assert trick_winner(cards("AB 7D AE"), DENIER) == 2
    assert trick_winner(cards("AB 7D AD"), DENIER) == 1


def test_the_only_obligation_is_to_follow_never_to_trump_nor_to_go_higher():
    hand = cards("RC 3C 2D AE 5B")
    assert sorted(legal_cards(hand, cards("CC"), DENIER)) == sorted(cards("RC 3C"))  # follow coupe
    assert sorted(legal_cards(hand, cards("RE"), DENIER)) == sorted(hand)  # void in épée (AE is a trump): anything
    # a trump led: any trump, no need to go higher
    assert sorted(legal_cards(hand, cards("RD AB"), DENIER)) == sorted(cards("2D AE"))
    assert broken_obligation(hand, cards("CC"), DENIER, parse_card("2D")) is Obligation.FOLLOW


def test_triomphe_forced_only_when_only_trump_and_a_higher_triomphe_led():
    # The Mala must be played only if it is the holder's only trump and the Épée was led.
    hand = cards("7D RC 3B")
    assert legal_cards(hand, cards("AE"), DENIER) == cards("7D")
    assert broken_obligation(hand, cards("AE"), DENIER, parse_card("RC")) is Obligation.TRIOMPHE
    # The Bâton: only trump, Épée or Mala led.
    hand = cards("AB RC 3C")
    assert legal_cards(hand, cards("AE"), DENIER) == cards("AB")
    assert legal_cards(hand, cards("7D"), DENIER) == cards("AB")
    # The Épée is never forced (nothing is higher).
    hand = cards("AE RC 3C")
    assert sorted(legal_cards(hand, cards("7D"), DENIER)) == sorted(hand)


def test_triomphe_not_forced_when_another_trump_is_held_nor_by_a_lower_lead():
    # Another trump in hand: the Triomphe need not go; a trump must (follow suit).
    hand = cards("7D 4D RC")
    assert sorted(legal_cards(hand, cards("AE"), DENIER)) == sorted(cards("7D 4D"))
    assert broken_obligation(hand, cards("AE"), DENIER, parse_card("4D")) is None
    # A plain trump led: a lone Triomphe may be kept back.
    hand = cards("AB RC 3C")
    assert sorted(legal_cards(hand, cards("RD"), DENIER)) == sorted(hand)


def test_a_triomphe_played_later_in_the_trick_forces_nothing():
    # The leader opened with the King of trumps; the second player put the Épée; the third holds the Mala
    # alone: only the opening card counts, so he may keep it.
    hand = cards("7D RC 3B")
    assert sorted(legal_cards(hand, cards("RD AE"), DENIER)) == sorted(hand)


def test_two_triomphes_under_a_higher_one_seed_reading_and_ombre_variant():
    hand = cards("7D AB RC")  # Mala and Bâton, no other trump; the Épée is led
    assert sorted(legal_cards(hand, cards("AE"), DENIER)) == sorted(hand)
    assert sorted(legal_cards(hand, cards("AE"), DENIER, TriompheRule.OMBRE)) == sorted(cards("7D AB"))


def test_trick_winner_highest_trump_else_highest_of_the_suit_led():
    assert trick_winner(cards("RC CC AB"), DENIER) == 2
    assert trick_winner(cards("VC RC RD"), EPEE) == 1  # the King of denier does not follow coupe
    assert trick_winner(cards("AC RC 2C"), DENIER) == 1  # plain red: King above Ace
    assert trick_winner(cards("AC RC 2C"), COUPE) == 0  # the Punto above the King
