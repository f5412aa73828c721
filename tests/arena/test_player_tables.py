"""The look-up tables that replace loops on the players' path give what the loops gave."""
from __future__ import annotations

import random

from arbitre.arena.dealing import SEATS_OF_POSITIONS, first_hands
from arbitre.arena.players.memory import _SURE_ORDER, _sure_first
from arbitre.arena.players.tactics import bits


def test_first_hands_is_the_3_plus_2_deal_of_the_seats_table():
    rng = random.Random(4)
    for _ in range(2000):
        pack = list(range(32))
        rng.shuffle(pack)
        dealer = rng.randrange(4)
        hands = [0, 0, 0, 0]
        for seat, card in zip(SEATS_OF_POSITIONS[dealer][0][:20], pack, strict=False):
            hands[seat] |= 1 << card
        assert first_hands(pack, dealer) == hands
        assert all(h.bit_count() == 5 for h in hands)


def test_the_first_sure_winner_by_table_is_the_minimum_of_the_order():
    rng = random.Random(3)
    for trump in (0, 1, 2, 3, -1):
        for _ in range(5000):
            mask = rng.getrandbits(32) & rng.getrandbits(32) & rng.getrandbits(32)
            if mask:
                assert _sure_first(mask, trump) == min(bits(mask), key=_SURE_ORDER[trump].__getitem__)


def test_an_illegal_card_from_a_chooser_is_named_on_the_untimed_path_too():
    """Decisions not sampled for timing go through the engine's chooser-only path: still checked."""
    import pytest

    from arbitre.arena.engine import Clock, PlayerError, play_deal
    from arbitre.arena.match import cut, shuffled
    from arbitre.arena.players.simple import SimplePlayer

    class Cheat(SimplePlayer):
        def card_chooser(self, view):  # type: ignore[no-untyped-def]
            calls = [0]

            def choose(seat: int, hand: int, legal: int, n: int, led: int, best: int, pos: int, trick: int) -> int:
                calls[0] += 1
                if calls[0] < 6:
                    return (legal & -legal).bit_length() - 1
                return ((~legal & hand) or ~legal & ((1 << 32) - 1)).bit_length() - 1  # a card it may not play

            return choose

    rng = random.Random(8)
    with pytest.raises(PlayerError, match="not a legal card"):
        for d in range(20):
            play_deal([Cheat() for _ in range(4)], cut(shuffled(rng), rng), d % 4, clock=Clock(8))


def test_trick_best_is_the_kernels_winner_on_a_live_history():
    from arbitre.arena.players.tactics import TRICK_KEY, trick_best, winner_pos

    rng = random.Random(6)
    for _ in range(3000):
        history = rng.sample(range(32), rng.randrange(1, 29))
        n = len(history) & 3 or rng.randrange(1, 4)
        trump = rng.randrange(6)
        trick = history[len(history) - n:]
        pos = winner_pos(trick, trump)
        assert trick_best(history, n, TRICK_KEY[trump][trick[0] >> 3]) == (trick[pos], pos)


def test_memory_bid_weighs_sure_tricks_then_trump_points_as_defined():
    """The table-driven bid takes exactly when sure_tricks and trump_points reach the thresholds (round 1: the
    turned suit with the turned card; round 2: the best other suit by (sure tricks, points), first among equals)."""
    from arbitre.arena.observation import Observation
    from arbitre.arena.players.memory import TAKE_POINTS, TAKE_TRICKS, memory_bid, sure_tricks
    from arbitre.arena.players.tactics import trump_points

    rng = random.Random(12)
    taken = [0, 0]
    for _ in range(20000):
        cards = rng.sample(range(32), 6)
        hand = sum(1 << c for c in cards[:5])
        turned = cards[5]
        for rnd, bids in ((1, ()), (2, tuple((s, -1) for s in range(4)))):
            obs = Observation(0, 3, hand, turned, bids, -1, -1, (), (), 0)
            if rnd == 1:
                held, suits = hand | 1 << turned, [turned >> 3]
            else:
                held, suits = hand, [s for s in range(4) if s != turned >> 3]
            best = max(suits, key=lambda s: (sure_tricks(held, s), trump_points(held, s), -s))
            takes = sure_tricks(held, best) >= TAKE_TRICKS and trump_points(held, best) >= TAKE_POINTS
            got = memory_bid(obs)
            assert got == (best if takes else None), (hand, turned, rnd)
            taken[rnd - 1] += got is not None
    assert all(taken)  # both rounds take sometimes


def test_the_rest_of_the_deal_added_to_the_first_hands_gives_the_full_hands():
    """The engine completes the 5-card hands with three cards each: the hands of the whole distribution."""
    from arbitre.arena.dealing import full_hands, rest_of_hands

    rng = random.Random(21)
    for _ in range(3000):
        pack = rng.sample(range(32), 32)
        dealer, taker = rng.randrange(4), rng.randrange(4)
        assert rest_of_hands(first_hands(pack, dealer), pack, dealer, taker) == full_hands(pack, dealer, taker)
