"""The seed 001 sample game: the exact list of defects the referee finds.

Hand analysis of the sample (trump Hearts, taker J1, teams A = J1+J3, B = J2+J4,
dealer position 1 so J2 leads trick 1). Hands after the deal:
J1: QD QH JH 9H 7H + 9S 10S KS + turned 8H   (9 cards)
J2: AH 10H KH AS 7S + 9C JC 7C               (8)
J3: JS QS 8S 9D JD + 8C 10C                  (7)
J4: AD 10D KD 7D 8D + AC KC QC               (8)
"""
from arbitre.rulings.belote.check import DefectKind, check_game
from arbitre.rulings.belote.play import Obligation
from arbitre.rulings.belote.record import load_record
from arbitre.rulings.errors import InputError

from .seedfiles import python_sample, yaml_block_sample


def test_seed_sample_exact_defects():
    report = check_game(load_record(python_sample()))
    found = [(d.kind, d.trick, d.card.short() if d.card else None, d.player, d.obligation) for d in report.defects]
    assert found == [
        # The taker received 3 cards in the second round instead of 2 (plus the turned 8H): 9 cards.
        (DefectKind.HAND_SIZE, None, None, "J1", None),
        # ...and J3 received only 2 instead of 3: 7 cards.
        (DefectKind.HAND_SIZE, None, None, "J3", None),
        # Trick 2: 7S, QS, 7D, 9S, no trump: the queen of spades (J3) beats the 9 (J1 recorded).
        (DefectKind.WRONG_WINNER, 2, None, "J1", None),
        # Hence trick 3 should have been led by J3, not J1.
        (DefectKind.WRONG_LEADER, 3, None, "J1", None),
        # Trick 3: J1 leads JH (trump); J2 holds AH 10H KH but plays 7C: must play trump.
        (DefectKind.RENONCE, 3, "7C", "J2", Obligation.FOLLOW),
        # Trick 7: clubs led, J4's AC is master, J1 is void in clubs and holds 7H: must trump, plays 10S.
        (DefectKind.RENONCE, 7, "10S", "J1", Obligation.TRUMP),
        # Trick 8: J4 leads QC, J1 (void in clubs, still 7H) discards QD: must trump again.
        (DefectKind.RENONCE, 8, "QD", "J1", Obligation.TRUMP),
        # Trick 8: J3 has no card left; 10D was already played by J4 in trick 4.
        (DefectKind.DUPLICATE_CARD, 8, "10D", "J3", None),
        # Trick 8: QC, QD, JC, 10D, no trump: J4's queen of clubs wins, not J1.
        (DefectKind.WRONG_WINNER, 8, None, "J1", None),
        # J1 claims belote but the king of hearts is in J2's hand.
        (DefectKind.ANNOUNCE_UNSUPPORTED, None, None, "J1", None),
        # Recomputed card points: A 3+31+28 = 62, B 17+20+24+21+18+10 = 110 -> the takers are dedans.
        (DefectKind.CONTRACT_RESULT, None, None, None, None),
        # Recorded 122-60; recomputed 0-162 (no valid announce, no belote).
        (DefectKind.SCORE_MISMATCH, None, None, None, None),
    ]
    deal = report.deals[0]
    assert deal.winners == ["J2", "J3", "J1", "J1", "J2", "J2", "J4", "J4"]
    assert deal.card_points == {"equipe_A": 62, "equipe_B": 110}
    assert (deal.recomputed.taker, deal.recomputed.defence) == (0, 162)


def test_seed_sample_renonce_penalty():
    report = check_game(load_record(python_sample()))
    renonces = [d for d in report.defects if d.kind is DefectKind.RENONCE]
    # The first renonce is team B's (J2, trick 3): B loses the deal, A scores 162 (no valid announce).
    assert all(d.penalty is not None for d in renonces)
    assert renonces[0].penalty.offending_team == "equipe_B"
    assert renonces[1].penalty.offending_team == "equipe_A"
    assert renonces[0].penalty.score_after == {"equipe_A": 162, "equipe_B": 0}
    assert report.deals[0].adjusted == {"equipe_A": 162, "equipe_B": 0}
    assert "contree.org" in renonces[0].penalty.source.en
    assert renonces[0].penalty.verified is False
    assert "both sides" in renonces[0].penalty.text.en


def test_seed_yaml_block_is_not_json():
    # The ```yaml block has a trailing comma after "score_equipe_defense": 60 -> clear error at that spot.
    text = yaml_block_sample()
    try:
        load_record(text, source="sample.json")
    except InputError as err:
        bad_line = text.splitlines()[err.line - 1]
        assert bad_line.strip() == "}"
        assert text.splitlines()[err.line - 2].strip() == '"score_equipe_defense": 60,'
        assert err.render("en").startswith("sample.json:")
    else:  # pragma: no cover
        raise AssertionError("the yaml block parsed as JSON")
