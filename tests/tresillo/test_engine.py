"""Property tests: every random legal coup is well formed, pays out to zero, and checks clean."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.rulings.tresillo.check import check_game
from arbitre.rulings.tresillo.game import play_coup
from arbitre.rulings.tresillo.players import RandomPlayer, SimplePlayer
from arbitre.rulings.tresillo.record import load_record

from .records import dump, record


def _early_end(log) -> bool:
    """The rulebook ends a coup before nine tricks: a surrender accepted, a Chelem declined or missed."""
    if log.surrender is not None and log.surrender[1] == "accept":
        return True
    return log.chelem is not None and (not log.chelem or any(w != log.contract[0] for _, _, w in log.tricks[5:]))


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(1, 4), three=st.booleans(), simple=st.booleans())
def test_any_random_legal_coup_is_well_formed(seed, dealer, three, simple):
    rng = random.Random(seed)
    n = 3 if three else 4
    dealer = min(dealer, n)
    players = [(SimplePlayer if simple else RandomPlayer)(rng) for _ in range(n)]
    log = play_coup(players, rng, dealer=dealer)
    dealt = [c for h in log.hands.values() for c in h] + log.talon
    assert sorted(dealt) == list(range(40)) and all(len(h) == 9 for h in log.hands.values())
    assert sum(log.payments.values()) == 0
    if log.contract is None:
        assert log.outcome == "redeal" and not log.tricks
        return
    assert all(len(plays) == 3 for _, plays, _ in log.tricks)
    assert sum(log.tricks_won.values()) == len(log.tricks)
    if not _early_end(log):
        assert len(log.tricks) == 9 and sum(log.tricks_won.values()) == 9


def test_records_of_many_seeds_check_clean():
    for seed in range(60):
        for kind in ("simple", "random"):
            rec = record(seed, kind, coups=4, players=3 if seed % 7 == 0 else 4)
            report = check_game(load_record(dump(rec)))
            assert report.clean, (seed, kind, [f.message.en for f in report.findings])
            assert sum(report.sheet.totals.values()) == 0
            assert all(sum(r.totals.values()) == 0 for r in report.sheet.rows)
