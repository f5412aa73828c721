"""The fast (bitmask) random-deal path agrees with the readable rules functions.

Thousands of seeded deals from :func:`game.play_random_deal` are replayed card
by card with the Card-level rules (``deal.deal``, ``legal_cards``,
``trick_winner``, ``cards_points``, ``possible_announces``, ``has_belote``,
``best_announce_side``, ``score_deal``): at every step the fast path's set of
legal options must equal ``legal_cards`` (so the random choice is uniform over
exactly the legal cards), and the winners, points, belote, announces and score
must be the ones the rules give.
"""
import random

import pytest

from arbitre.arena.random_deal import PlayedDeal, play_random_deal, total_announced
from arbitre.rulings.belote.cards import DECK, Card
from arbitre.rulings.belote.play import UndertrumpRule, legal_cards, legal_mask, trick_winner
from arbitre.rulings.belote.scoring import (
    LAST_TRICK_BONUS,
    TOTAL_POINTS,
    AnnounceTieRule,
    CapotRule,
    LitigeRule,
    MadeRule,
    Variants,
    best_announce_side,
    cards_points,
    hand_announces,
    has_belote,
    mask_points,
    possible_announces,
    score_deal,
)

VARIANTS = [
    Variants(),
    Variants(capot=CapotRule.CAPOT_252, litige=LitigeRule.DEDANS, made=MadeRule.SEED_82,
             announce_tie=AnnounceTieRule.FIRST_SEAT),
    Variants(litige=LitigeRule.LOST, announce_tie=AnnounceTieRule.FIRST_SEAT),
]


def mask_of(cards) -> int:
    return sum(1 << c.index for c in cards)


def replay_with_rules(played: PlayedDeal, rule: UndertrumpRule, variants: Variants) -> None:
    """Assert that ``played`` is what the readable rules say, step by step."""
    dealt = played.dealt  # readable deal.deal() on the recorded pack and call
    assert sorted(played.pack) == list(range(32))
    assert dealt.taker == played.taker and dealt.dealer == played.dealer
    assert int(dealt.trump) == played.trump_index
    assert played.take_round == (1 if dealt.trump == dealt.turned.suit else 2)
    assert [len(h) for h in dealt.hands] == [8, 8, 8, 8]
    assert tuple(mask_of(h) for h in dealt.hands) == played.hands_mask
    trump = dealt.trump
    must_under = rule is UndertrumpRule.MUST_UNDERTRUMP

    hands = [list(h) for h in dealt.hands]
    won: list[list[Card]] = [[], []]
    leader = (dealt.dealer + 1) % 4
    assert len(played.tricks) == 8
    for k, trick in enumerate(played.tricks):
        assert [seat for seat, _ in trick] == [(leader + i) % 4 for i in range(4)]
        table: list[Card] = []
        for seat, idx in trick:
            card = DECK[idx]
            legal = legal_cards(hands[seat], table, trump, rule)
            assert card in legal
            if table:  # the options the fast path drew from are exactly the legal cards
                best = table[trick_winner(table, trump)]
                partner_master = len(table) >= 2 and trick_winner(table, trump) == len(table) - 2
                fast = legal_mask(mask_of(hands[seat]), table[0].suit, best.index, partner_master, int(trump),
                                  must_under)
                assert fast == mask_of(legal)
            hands[seat].remove(card)
            table.append(card)
        leader = trick[trick_winner(table, trump)][0]
        assert played.winners[k] == leader
        won[leader & 1] += table
    assert all(not h for h in hands)

    points = [cards_points(won[0], trump), cards_points(won[1], trump)]
    points[leader & 1] += LAST_TRICK_BONUS
    assert played.card_points == tuple(points)
    assert sum(points) == TOTAL_POINTS

    holders = [s for s in range(4) if has_belote(dealt.hands[s], trump)]
    assert played.belote_team == (holders[0] & 1 if holders else None)

    taker_team = dealt.taker & 1
    anns = [[a for s in range(4) if s & 1 == team for a in possible_announces(dealt.hands[s])] for team in (0, 1)]
    side = best_announce_side(anns[taker_team], anns[1 - taker_team], trump,
                              taker_speaks_first=taker_team == (dealt.dealer + 1) & 1, rule=variants.announce_tie)
    counted = [0, 0]
    if side is not None:
        team = taker_team if side == "taker" else 1 - taker_team
        counted[team] = sum(a.points for a in anns[team])
    assert played.announce_points == tuple(counted)

    teams_won = {w & 1 for w in played.winners}
    capot = None if len(teams_won) == 2 else ("taker" if teams_won == {taker_team} else "defence")
    expected = score_deal(points[taker_team], points[1 - taker_team], counted[taker_team], counted[1 - taker_team],
                          played.belote_team == taker_team, played.belote_team == 1 - taker_team, capot, variants)
    assert played.score == expected
    s = played.score
    if not s.litige and s.capot is None:
        assert s.taker + s.defence == TOTAL_POINTS + total_announced(played)


@pytest.mark.parametrize("rule", list(UndertrumpRule))
def test_fast_path_agrees_with_the_rules_on_seeded_deals(rule):
    for seed in range(1500):
        variants = VARIANTS[seed % len(VARIANTS)]
        played = play_random_deal(random.Random(seed), dealer=seed % 4, rule=rule, variants=variants)
        replay_with_rules(played, rule, variants)


def test_many_deals_from_one_generator():
    rng = random.Random(2024)
    for _ in range(1000):
        replay_with_rules(play_random_deal(rng), UndertrumpRule.MUST_UNDERTRUMP, Variants())


def test_without_announces_only_belote_counts():
    for seed in range(200):
        played = play_random_deal(random.Random(seed), with_announces=False)
        assert played.announce_points == (0, 0)


def test_mask_tables_agree_with_readable_scoring():
    rng = random.Random(7)
    for _ in range(2000):
        hand = rng.sample(DECK, 8)
        trump = rng.choice(DECK).suit
        mask = mask_of(hand)
        assert mask_points(mask, int(trump)) == cards_points(hand, trump)
        announces = possible_announces(hand)
        points, best = hand_announces(mask, int(trump))
        assert points == sum(a.points for a in announces)
        if announces:
            p, top, in_trump = max((a.points, int(a.top), int(a.suit == trump)) for a in announces)
            assert best == p * 16 + top * 2 + in_trump
        else:
            assert best == -1


def test_same_seed_same_deal():
    a, b = play_random_deal(random.Random(42)), play_random_deal(random.Random(42))
    assert (a.pack, a.plays, a.score) == (b.pack, b.plays, b.score)


def follower_steps(played: PlayedDeal):
    """(hand before playing, cards on the table, card played) for every non-leading card."""
    hands = [list(h) for h in played.dealt.hands]
    for trick in played.tricks:
        table: list[Card] = []
        for seat, idx in trick:
            if table:
                yield list(hands[seat]), list(table), DECK[idx]
            hands[seat].remove(DECK[idx])
            table.append(DECK[idx])


@pytest.mark.parametrize("rule", list(UndertrumpRule))
def test_the_fast_path_uses_every_freedom_the_rules_give(rule):
    """A subset of the legal cards would also pass the replay: check the free choices do occur."""
    partner_master_discards = undertrump_discards = 0
    for seed in range(400):
        played = play_random_deal(random.Random(seed), rule=rule)
        trump = played.dealt.trump
        for hand, table, card in follower_steps(played):
            led = table[0].suit
            void = all(c.suit != led for c in hand)
            holds_trump = any(c.suit == trump for c in hand)
            if led == trump or not void or not holds_trump or card.suit == trump:
                continue
            winner = trick_winner(table, trump)
            if len(table) >= 2 and winner == len(table) - 2:
                partner_master_discards += 1
            elif table[winner].suit == trump:  # an opponent trumped higher than all my trumps
                undertrump_discards += 1
    assert partner_master_discards > 0
    if rule is UndertrumpRule.MAY_DISCARD:
        assert undertrump_discards > 0
    else:
        assert undertrump_discards == 0


def test_random_deals_of_a_seed_are_pinned():
    """400 deals from one generator (dealers, both undertrump rules, two sets of variants) hash to the
    digest the engine gave before the third session's speed work (main at 63d9dc3): a faster engine
    must deal, draw and play exactly the same cards, and leave the generator in the same state."""
    import hashlib

    digest = hashlib.sha256()
    rng = random.Random(2026)
    for i in range(400):
        p = play_random_deal(rng, dealer=i % 4, rule=list(UndertrumpRule)[i % 2], variants=VARIANTS[i % 3 % 2])
        s = p.score
        digest.update(repr((p.pack, p.taker, p.take_round, p.trump_index, p.plays, p.winners, p.card_points,
                            p.belote_team, p.announce_points, s.taker, s.defence, s.made, s.litige,
                            s.capot)).encode())
    digest.update(repr(rng.random()).encode())
    assert digest.hexdigest()[:32] == "55e420ac56d634f5fc669ab8044cc4d3"


def test_play_tricks_without_a_chooser_is_the_random_simulator():
    """``play_tricks(choose=None)`` plays what :func:`random_tricks` plays and fills the leaders."""
    from arbitre.arena.dealing import full_hands, play_tricks, random_tricks

    for seed in range(50):
        played = play_random_deal(random.Random(seed), dealer=seed % 4)
        hands = list(full_hands(played.pack, played.dealer, played.taker))
        leader = (played.dealer + 1) % 4
        plays: list[int] = []
        leaders: list[int] = []
        winners, won = play_tricks(hands, leader, played.trump_index, True, None, plays, leaders,
                                   random.Random(seed).random)
        expected = random_tricks(hands, leader, played.trump_index, True, random.Random(seed).random)
        assert (plays, winners, won) == expected
        assert leaders == [leader, *winners[:7]]
        assert won[0] | won[1] == (1 << 32) - 1 and not won[0] & won[1]
