"""What a scorer reads about a wrong [Deal], in both languages (rulings/bridge/deals.py)."""
from __future__ import annotations

from arbitre.rulings.bridge.deals import deal_problem
from arbitre.rulings.bridge.records import problem_kind

WHOLE = "N:AKQ2.AT.J6542.85 .632.AKQ987.A973 8654.KQ5.T.QJT62 JT973.J9874.3.K4"


def test_a_whole_deal_in_any_seat_order_is_fine():
    assert deal_problem(WHOLE) is None
    hands = WHOLE[2:].split()
    assert deal_problem("W:" + " ".join(hands[3:] + hands[:3])) is None


def test_a_card_dealt_twice_is_named_as_a_player_names_it():
    t = deal_problem("W:KQT2.AT.J6542.85 K.63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4")
    assert t is not None
    assert t.fr == "le ♠R est donné deux fois : à Ouest et à Nord"
    assert t.en == "the ♠K is dealt twice: to West and to North"


def test_french_elides_before_a_vowel():
    t = deal_problem("W:vKQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4")
    assert t is not None and "la main d'Ouest" in t.fr and "in the hand of West" in t.en
    t = deal_problem("N:AKQ2.K32.Q32.K32 JT9.QJT9.JT9.JT9 8765.A8765.A.876")  # three hands
    assert t is not None and t.fr.startswith("distribution illisible")
    t = deal_problem("N:AKQ2.K32.Q32.K32 JT9.QJT9.JT9 8765.A8765.A.876 43.4.K87654.AQ54")
    assert t is not None and t.fr.startswith("main d'Est illisible")


def test_counts():
    assert deal_problem("W:KQT2.AT.J6542.852 - - -").en == "West has 14 cards"  # type: ignore[union-attr]
    assert deal_problem("W:QT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -").fr == "Ouest a 12 cartes, pas 13"  # type: ignore[union-attr]


def test_the_short_names_say_balise_as_the_messages_do():
    assert problem_kind("bad-tag").fr == "balise illisible" and problem_kind("stray-text").fr == "texte hors balise"
    assert problem_kind("bad-deal").get("en") == "impossible deal"
