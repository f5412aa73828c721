"""score_deal remembers its results per set of variants: the memo never mixes two rule sets."""
from arbitre.rulings.belote.scoring import CapotRule, DealScore, LitigeRule, MadeRule, Variants, _score_deal, score_deal


def test_same_arguments_under_other_variants_score_by_their_own_rules():
    default = Variants()
    capot_252 = Variants(capot=CapotRule.CAPOT_252)
    assert score_deal(162, 0, capot="taker").taker == 250
    assert score_deal(162, 0, capot="taker", variants=capot_252).taker == 252
    assert score_deal(162, 0, capot="taker", variants=default).taker == 250  # back to the first rules
    lost = Variants(litige=LitigeRule.LOST)
    assert score_deal(81, 81).held_over == 81
    assert score_deal(81, 81, variants=lost).held_over == 0
    seed_82 = Variants(made=MadeRule.SEED_82)
    assert not score_deal(81, 81, variants=seed_82).made and not score_deal(81, 81, variants=seed_82).litige


def test_memo_gives_what_the_rules_give():
    for variants in (Variants(), Variants(capot=CapotRule.CAPOT_252, litige=LitigeRule.DEDANS, made=MadeRule.SEED_82)):
        for taker_points in range(0, 163, 7):
            for belote in (False, True):
                args = (taker_points, 162 - taker_points, 20, 0, belote, False, None, variants)
                first = score_deal(*args)
                assert first == _score_deal(*args)
                assert score_deal(*args) is first  # the second call is served from the memo
                assert isinstance(first, DealScore)
