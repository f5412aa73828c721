"""The ``advanced`` player: determinized Monte-Carlo (PIMC) over the unseen cards.

What:

* Play: for each of ``budget`` samples it deals the cards it has not seen to the
  other seats, consistently with everything known (cards played, voids inferred from
  the play, the turned card in the taker's hand, how many cards each seat holds; see
  :mod:`arbitre.arena.players.knowledge`), then for each legal card plays the deal
  out to the end with the ``simple`` card choice at every seat (the takers also draw
  trumps while they hold the master trump) and scores it. It plays
  the card with the best total over the samples (its side's deal score minus the
  other side's). One sample set is shared by all the legal cards, so they are compared
  on the same layouts.
* Bid: for each suit it may name, it samples the rest of the deal (its two more cards
  and the other hands), plays it out the same way with itself as taker, and takes the
  suit with the best positive mean result among the plausible ones: those where the
  ``memory`` player's count of sure tricks would take, or whose mean beats
  :data:`TAKE_MARGIN` (the plain simulation alone took too often in the gym).
* Card choice keeps the ``memory`` player's card unless another legal card does better
  by :data:`SWITCH_MARGIN` points per sample on average (the rollouts are noisy), and
  always when that card is the takers drawing trumps with the master trump: rollouts
  where every seat plays the simple rules undervalue drawing trumps (the gym and the
  strategy tests showed it), a known bias of flat Monte-Carlo with a weak rollout policy.

``budget`` is the number of samples per decision (default :data:`DEFAULT_BUDGET`;
``--budget`` on the command line). Deterministic given the observation and its seed.
Why: the seed's "JoueurIAAvance": it finds the tactics the simple rules miss (not
overtaking a partner's master card, drawing trumps, keeping a master card for the
dix de der) by looking ahead instead of by rule.
"""
from __future__ import annotations

import random

from arbitre.arena.observation import Observation
from arbitre.arena.player import BasePlayer
from arbitre.arena.players.knowledge import Knowledge, Tracker
from arbitre.arena.players.memory import TAKE_POINTS, TAKE_TRICKS, memory_card, sure_tricks
from arbitre.arena.players.simple import simple_card
from arbitre.arena.players.tactics import bits, strongest, trump_points
from arbitre.rulings.belote.cards import DECK, Card, Suit
from arbitre.rulings.belote.play import SUIT_MASK, legal_mask, winner_pos
from arbitre.rulings.belote.scoring import score_deal, team_points

DEFAULT_BUDGET = 16
TAKE_MARGIN = 80.0
SWITCH_MARGIN = 4.0
_ALL = (1 << 32) - 1


def sample_hands(obs: Observation, k: Knowledge, rng: random.Random, tries: int = 20) -> list[int]:
    """The other seats' hands (bitmasks) drawn from the unseen cards, consistent with ``k``."""
    seats = [s for s in range(4) if s != obs.seat]
    need = {s: k.held[s] - k.known[s].bit_count() for s in seats}
    pool = bits(k.unseen)
    for attempt in range(tries + 1):
        strict = attempt < tries
        hands = [0, 0, 0, 0]
        hands[obs.seat] = obs.hand
        left = list(pool)
        rng.shuffle(left)
        ok = True
        # the most constrained seats choose first
        order = sorted(seats, key=lambda s: k.voids[s].bit_count() * 10 - need[s], reverse=True)
        for s in order:
            voids = k.voids[s] if strict else 0
            take: list[int] = []
            rest: list[int] = []
            for c in left:
                if len(take) < need[s] and not voids >> (c >> 3) & 1:
                    take.append(c)
                else:
                    rest.append(c)
            if len(take) < need[s]:
                ok = False
                break
            mask = k.known[s]
            for c in take:
                mask |= 1 << c
            hands[s] = mask
            left = rest
        if ok:
            return hands
    raise RuntimeError("no consistent layout")  # pragma: no cover - the loose pass always succeeds


def rollout(hands: list[int], history_len: int, trick: list[int], leader: int, won: list[int], trump: int,
            taker: int, last_winner: int) -> int:
    """Play the deal out with the simple choice at every seat; the taker's side's score minus the defence's.

    ``hands`` are the cards still held (modified); ``trick`` the cards of the current
    trick led by ``leader``; ``won[team]`` the cards each team has won so far.
    """
    played = history_len
    taker_team = taker & 1
    trumps = SUIT_MASK[trump]
    while played < 32:
        n = len(trick)
        seat = (leader + n) % 4
        hand = hands[seat]
        if n == 0:
            legal = hand
        else:
            pos = winner_pos(trick, trump)
            legal = legal_mask(hand, trick[0] >> 3, trick[pos], n >= 2 and pos == n - 2, trump)
        if not legal & (legal - 1):
            card = legal.bit_length() - 1
        elif n == 0 and seat & 1 == taker_team and hand & trumps:
            # the takers draw trumps while they hold the master trump and the defence still has some
            held = (hands[0] | hands[1] | hands[2] | hands[3]) & trumps
            top = strongest(held, trump)
            defence = hands[(seat + 1) % 4] | hands[(seat + 3) % 4]
            card = top if hand >> top & 1 and defence & trumps else \
                simple_card(hand, legal, (), trump, True)
        else:
            card = simple_card(hand, legal, trick, trump, seat & 1 == taker_team)
        hands[seat] = hand & ~(1 << card)
        trick.append(card)
        played += 1
        if len(trick) == 4:
            winner = (leader + winner_pos(trick, trump)) % 4
            won[winner & 1] |= (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
            leader = last_winner = winner
            trick = []
    points = team_points(won[0], won[1], trump, last_winner & 1)
    capot = "taker" if won[taker_team] == _ALL else "defence" if won[1 - taker_team] == _ALL else None
    score = score_deal(points[taker_team], points[1 - taker_team], capot=capot)
    return score.taker - score.defence


def _won_so_far(obs: Observation) -> tuple[list[int], int]:
    """Cards won by each team in the completed tricks, and who won the last one (-1 if none)."""
    won = [0, 0]
    last = -1
    done = len(obs.history) // 4
    for t in range(done):
        winner = obs.leaders[t + 1] if t + 1 < len(obs.leaders) else -1
        if winner < 0:  # the last completed trick's winner leads the current one
            break
        mask = 0
        for c in obs.history[4 * t:4 * t + 4]:
            mask |= 1 << c
        won[winner & 1] |= mask
        last = winner
    return won, last


class AdvancedPlayer(BasePlayer):
    """PIMC player (see module docstring)."""

    name = "advanced"

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        super().__init__()
        self.budget = max(1, int(budget))
        self.tracker = Tracker()

    def play(self, obs: Observation) -> Card:
        options = bits(obs.legal)
        if len(options) == 1:
            return DECK[options[0]]
        k = self.tracker.read(obs)
        default_card = memory_card(obs, k)
        if not obs.trick and default_card >> 3 == obs.trump and obs.seat & 1 == obs.taker & 1:
            return DECK[default_card]  # drawing trumps: the simple rollouts undervalue it (see module docstring)
        won, last = _won_so_far(obs)
        trick = list(obs.trick)
        leader = obs.trick_leader
        sign = 1 if obs.seat & 1 == obs.taker & 1 else -1
        totals = [0] * len(options)
        for _ in range(self.budget):
            hands = sample_hands(obs, k, self.rng)
            for i, card in enumerate(options):
                h = hands[:]
                h[obs.seat] &= ~(1 << card)
                totals[i] += sign * rollout(h, len(obs.history) + 1, trick + [card], leader, won[:], obs.trump,
                                            obs.taker, last)
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        default = options.index(default_card)
        if totals[best] - totals[default] < SWITCH_MARGIN * self.budget:
            return DECK[options[default]]
        return DECK[options[best]]

    def bid(self, obs: Observation) -> Suit | None:
        turned = obs.turned >> 3
        suits = [turned] if obs.bid_round == 1 else [s for s in range(4) if s != turned]
        unknown = bits(_ALL & ~obs.hand & ~(1 << obs.turned))
        order = [(obs.dealer + 1 + i) % 4 for i in range(4)]
        hand = obs.hand | 1 << obs.turned if obs.bid_round == 1 else obs.hand
        best_suit, best_value = -1, 0.0
        samples = max(4, self.budget // 2)
        for suit in suits:
            total = 0
            for _ in range(samples):
                cards = list(unknown)
                self.rng.shuffle(cards)
                hands = [0, 0, 0, 0]
                hands[obs.seat] = obs.hand | 1 << obs.turned
                pos = 0
                for seat in order:
                    n = 2 if seat == obs.seat else 3  # the taker gets the turned card and 2, the others 3
                    for c in cards[pos:pos + n]:
                        hands[seat] |= 1 << c
                    pos += n
                for seat in order:
                    if seat != obs.seat:
                        for c in cards[pos:pos + 5]:
                            hands[seat] |= 1 << c
                        pos += 5
                total += rollout(hands, 0, [], order[0], [0, 0], suit, obs.seat, -1)
            mean = total / samples
            plausible = mean > TAKE_MARGIN or (sure_tricks(hand, suit) >= TAKE_TRICKS
                                               and trump_points(hand, suit) >= TAKE_POINTS)
            if plausible and mean > best_value:
                best_suit, best_value = suit, mean
        return Suit(best_suit) if best_suit >= 0 else None


__all__ = ["AdvancedPlayer", "rollout", "sample_hands"]
