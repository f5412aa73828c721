"""The seed's two basic players: ``random`` and ``simple``.

``random`` (seed ``JoueurIAAleatoire``): a legal card at random; takes at random with
a fixed probability (:data:`RANDOM_TAKE_PROBABILITY`), in round 2 a random other suit.

``simple`` (seed ``JoueurIASimple``, i.e. ``decider_enchere`` and
``choisir_carte_legale``):

* bid: take when the trump points of the hand plus the turned card reach
  :data:`TAKE_THRESHOLD` (30: e.g. J + A, or 9 + A + K + 10 — "prendre si > X points
  d'atout potentiels"); round 2: the other suit with the most trump points in the
  hand, same threshold;
* play (only among the legal cards the engine gives): lead an ace of a plain suit, or
  the highest trump when its side took and it holds the jack of trump, else its
  cheapest card; when the partner wins the trick and it plays last, give it the richest
  plain card; when it can beat the trick, the cheapest card that does (the strongest
  one if others still play after it and the trick is in a plain suit); otherwise its
  cheapest card.

Both are deterministic given the observation (``random`` given its seed too).
"""
from __future__ import annotations

from collections.abc import Sequence

from arbitre.arena.observation import Observation, SeatView
from arbitre.arena.player import BasePlayer, Chooser, reads_view
from arbitre.arena.players.tactics import (
    BEATS,
    LEADS,
    NOT_TRUMP,
    OTHER_SUITS,
    SUITS,
    TRUMP_MASK,
    bits,
    cheapest,
    richest,
    strongest,
    trump_points,
    winner_pos,
)
from arbitre.rulings.belote.cards import DECK, Card, Rank, Suit

RANDOM_TAKE_PROBABILITY = 0.3
TAKE_THRESHOLD = 30
JACKS = tuple(1 << (8 * suit + Rank.JACK) for suit in range(4))
"""JACKS[suit]: the jack of ``suit`` (bitmask)."""


class RandomPlayer(BasePlayer):
    """A legal card at random; takes with probability :data:`RANDOM_TAKE_PROBABILITY`."""

    name = "random"

    @reads_view
    def bid(self, obs: Observation | SeatView) -> Suit | None:
        if self.rng.random() >= RANDOM_TAKE_PROBABILITY:
            return None
        turned = obs.turned >> 3
        if obs.bid_round == 1:
            return SUITS[turned]
        return SUITS[(turned + 1 + self.rng.randrange(3)) % 4]

    @reads_view
    def play(self, obs: Observation | SeatView) -> Card:
        return DECK[self._pick(obs.legal)]

    def card_chooser(self, view: SeatView) -> Chooser:
        """``choose(seat, hand, legal, ...) -> card`` for this deal (see :mod:`arbitre.arena.player`)."""
        pick = self._pick
        return lambda seat, hand, legal, n, led, best, pos, trick: pick(legal)

    def _pick(self, legal: int) -> int:
        options = bits(legal)
        return options[self.rng.randrange(len(options))]


def simple_bid(obs: Observation | SeatView, threshold: int = TAKE_THRESHOLD) -> Suit | None:
    """The seed's ``decider_enchere``: take when the potential trump points reach ``threshold``."""
    turned = obs.turned >> 3
    if obs.bid_round == 1:
        return SUITS[turned] if trump_points(obs.hand | 1 << obs.turned, turned) >= threshold else None
    hand = obs.hand
    best, most = -1, -1
    for suit in OTHER_SUITS[turned]:  # the richest other suit, the first in suit order among equals
        points = trump_points(hand, suit)
        if points > most:
            best, most = suit, points
    return SUITS[best] if most >= threshold else None


def simple_card(hand: int, legal: int, trick: Sequence[int], trump: int, our_side_took: bool) -> int:
    """The seed's ``choisir_carte_legale`` with a greedy choice among the legal cards (see module docstring).

    ``trump`` may also be :data:`~arbitre.arena.players.tactics.TA` or ``SA`` (coinche): the same
    rules on those contracts' strengths and points; the masters led at once are the jacks in TA.
    """
    if not trick:
        return simple_lead(hand, legal, trump, our_side_took)
    pos = winner_pos(trick, trump)
    return simple_follow(legal, len(trick), trick[0] >> 3, trick[pos], pos, trump)


def simple_lead(hand: int, legal: int, trump: int, our_side_took: bool) -> int:
    """:func:`simple_card` on an empty trick: a master at once, the highest trump with the jack, or the cheapest."""
    leads = legal & LEADS[trump]
    if leads:  # the first master in card order
        return (leads & -leads).bit_length() - 1
    if our_side_took and trump < 4 and hand & JACKS[trump]:
        return strongest(legal & TRUMP_MASK[trump], trump)
    return cheapest(legal, trump)


def simple_follow(legal: int, n: int, led: int, best: int, pos: int, trump: int) -> int:
    """:func:`simple_card` with ``n`` cards in the trick, led in ``led``, ``best`` winning it at position ``pos``."""
    last = n == 3
    if n >= 2 and pos == n - 2:  # the partner wins the trick so far
        return richest(legal, trump) if last else cheapest(legal, trump)
    winners = legal & BEATS[trump][led][best]  # tactics.beating, inlined
    if winners:
        plain_winners = winners & NOT_TRUMP[trump]
        if plain_winners and not last:  # others still play: hold the trick with the strongest card
            return strongest(plain_winners, trump)
        return cheapest(winners, trump)
    return cheapest(legal, trump)


class SimplePlayer(BasePlayer):
    """The seed's basic player (see module docstring)."""

    name = "simple"
    uses_rng = False  # its decisions never draw: the gym does not reseed it

    @reads_view
    def bid(self, obs: Observation | SeatView) -> Suit | None:
        return simple_bid(obs)

    @reads_view
    def play(self, obs: Observation | SeatView) -> Card:
        return DECK[simple_card(obs.hand, obs.legal, obs.trick, obs.trump, obs.taker & 1 == obs.seat & 1)]

    def card_chooser(self, view: SeatView) -> Chooser:
        """``choose(seat, hand, legal, n, led, best, pos, trick) -> card`` for this deal: :meth:`play` on the
        live view, the trick as the engine tells it. It keeps nothing of this player's, so one chooser serves
        every simple seat of the deal (made once, kept in ``view.shared``)."""
        choose: Chooser | None = view.shared.get("simple")
        if choose is None:
            choose = view.shared["simple"] = _simple_chooser(view.trump, view.taker & 1)
        return choose


def _simple_chooser(trump: int, taker_team: int) -> Chooser:
    """The simple players' chooser for a deal with ``trump`` taken by team ``taker_team``."""

    def choose(seat: int, hand: int, legal: int, n: int, led: int, best: int, pos: int, trick: int) -> int:
        if n:
            return simple_follow(legal, n, led, best, pos, trump)
        return simple_lead(hand, legal, trump, seat & 1 == taker_team)

    return choose
