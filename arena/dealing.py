"""What every simulated deal shares: who receives which card of the pack, the played-deal
result, and its scoring.

What:

* :data:`SEATS_OF_POSITIONS` — the seed 001 distribution (3 then 2 cards from the
  dealer's left, the 21st card turned and given to the taker, then 2 to the taker and 3
  to the others) as a table ``[dealer][taker][position] -> seat``, the same procedure as
  the readable :func:`arbitre.rulings.belote.deal.deal`;
* :class:`PlayedDeal` — a dealt, played and scored deal on card indices, with
  :class:`~arbitre.rulings.belote.cards.Card` views on demand;
* :func:`play_tricks` — the eight tricks: the legal cards of each seat come from the
  rules kernel :func:`~arbitre.rulings.belote.play.legal_mask`; each seat's chooser is
  asked (and its answer checked) when two or more are legal, or (``choosers=None``, the
  random simulator) a uniformly random one is drawn inline, with no call per card but the kernel's; the
  trick goes to the strongest card
  (:data:`~arbitre.rulings.belote.play.TRICK_KEY`), whose seat leads the next;
* :func:`score_played` — card points, dix de der, belote, announces (only the side with
  the best one scores) and :func:`~arbitre.rulings.belote.scoring.score_deal`.

Why: the random simulator (:mod:`arbitre.arena.random_deal`) and the engine that plays
with real players (:mod:`arbitre.arena.engine`) build the same result and score it
with the same code, so the record writer and the tests serve both.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import repeat, starmap
from operator import itemgetter

from arbitre.rulings.belote.cards import DECK, Card, Suit
from arbitre.rulings.belote.deal import DealtHand, deal
from arbitre.rulings.belote.play import FOLLOW_SETTLES, TRICK_KEY, legal_mask
from arbitre.rulings.belote.scoring import (
    BELOTE_MASK,
    BELOTE_POINTS,
    AnnounceTieRule,
    DealScore,
    Variants,
    hand_announces,
    score_deal,
    team_points,
)

ALL_CARDS = (1 << 32) - 1
ORDERS: tuple[tuple[int, ...], ...] = tuple(tuple((leader + i) % 4 for i in range(4)) for leader in range(4))
"""ORDERS[leader]: the four seats in play order from ``leader``."""
FOLLOWERS: tuple[tuple[int, ...], ...] = tuple(order[1:] for order in ORDERS)


def _seats_of_positions(dealer: int, taker: int) -> tuple[int, ...]:
    """Seat receiving each position of the pack (seed 001 distribution, see :func:`deal.deal`)."""
    order = ORDERS[(dealer + 1) % 4]
    seats = [s for n in (3, 2) for s in order for _ in range(n)]  # positions 0..19
    seats.append(taker)  # position 20: the turned card goes to the taker
    seats += [s for s in order for _ in range(2 if s == taker else 3)]  # positions 21..31
    return tuple(seats)


SEATS_OF_POSITIONS = tuple(tuple(_seats_of_positions(d, t) for t in range(4)) for d in range(4))
"""SEATS_OF_POSITIONS[dealer][taker][pos]: who gets the card at ``pos`` of the cut pack."""


def first_hands(pack: Sequence[int], dealer: int) -> list[int]:
    """The 5-card hands (bitmasks, by seat) after the 3+2 deal; the turned card is ``pack[20]``."""
    c = FIRST_BY_SEAT[dealer](pack)
    b = BIT
    return [b[c[0]] | b[c[1]] | b[c[2]] | b[c[3]] | b[c[4]], b[c[5]] | b[c[6]] | b[c[7]] | b[c[8]] | b[c[9]],
            b[c[10]] | b[c[11]] | b[c[12]] | b[c[13]] | b[c[14]], b[c[15]] | b[c[16]] | b[c[17]] | b[c[18]] | b[c[19]]]


#: BY_SEAT[dealer][taker]: picks the 32 cards of a pack grouped by seat (seat 0's eight first, then
#: seat 1's...), in pack order within a seat: the distribution of :data:`SEATS_OF_POSITIONS` as one C call.
BY_SEAT = tuple(tuple(itemgetter(*[p for s in range(4) for p in range(32) if SEATS_OF_POSITIONS[d][t][p] == s])
                      for t in range(4)) for d in range(4))
#: FIRST_BY_SEAT[dealer]: picks the first 20 cards of a pack grouped by seat (five each, seat 0 first), as
#: :data:`BY_SEAT` does for the whole pack: the 3+2 deal of :func:`first_hands` as one C call.
FIRST_BY_SEAT = tuple(itemgetter(*[p for s in range(4) for p in range(20) if SEATS_OF_POSITIONS[d][0][p] == s])
                      for d in range(4))
BIT = tuple(1 << c for c in range(32))
"""BIT[card]: the bitmask of one card."""
#: REST_BY_SEAT[dealer][taker]: picks the last 12 cards of a pack (the turned card and the rest of the deal)
#: grouped by seat, three each, seat 0 first: what :func:`full_hands` adds to :func:`first_hands`.
REST_BY_SEAT = tuple(tuple(itemgetter(*[p for s in range(4) for p in range(20, 32) if SEATS_OF_POSITIONS[d][t][p] == s])
                           for t in range(4)) for d in range(4))


def rest_of_hands(first: Sequence[int], pack: Sequence[int], dealer: int, taker: int) -> list[int]:
    """The 8-card hands once ``taker`` took, from the 5-card hands ``first`` (:func:`first_hands`): the same
    hands as :func:`full_hands`, with three cards to add to each instead of eight to gather."""
    c = REST_BY_SEAT[dealer][taker](pack)
    b = BIT
    return [first[0] | b[c[0]] | b[c[1]] | b[c[2]], first[1] | b[c[3]] | b[c[4]] | b[c[5]],
            first[2] | b[c[6]] | b[c[7]] | b[c[8]], first[3] | b[c[9]] | b[c[10]] | b[c[11]]]


def full_hands(pack: Sequence[int], dealer: int, taker: int) -> list[int]:
    """The 8-card hands (bitmasks, by seat) once ``taker`` took (straight-line: once per simulated deal)."""
    c = BY_SEAT[dealer][taker](pack)
    b = BIT
    return [b[c[0]] | b[c[1]] | b[c[2]] | b[c[3]] | b[c[4]] | b[c[5]] | b[c[6]] | b[c[7]],
            b[c[8]] | b[c[9]] | b[c[10]] | b[c[11]] | b[c[12]] | b[c[13]] | b[c[14]] | b[c[15]],
            b[c[16]] | b[c[17]] | b[c[18]] | b[c[19]] | b[c[20]] | b[c[21]] | b[c[22]] | b[c[23]],
            b[c[24]] | b[c[25]] | b[c[26]] | b[c[27]] | b[c[28]] | b[c[29]] | b[c[30]] | b[c[31]]]


@dataclass(eq=False)
class PlayedDeal:
    """A dealt, played and scored deal (card indices; :class:`Card` views on demand)."""

    dealer: int
    pack: list[int]  # the 32 cards (indices) after the last shuffle and cut, top first
    taker: int
    take_round: int  # 1 (took the turned suit) or 2 (named another suit)
    trump_index: int
    hands_mask: tuple[int, int, int, int]  # 8-card hands by seat, as bitmasks
    plays: list[int]  # the 32 cards in play order
    winners: list[int]  # seat winning each trick
    card_points: tuple[int, int]  # by team (0: seats 0/2, 1: seats 1/3), dix de der included
    belote_team: int | None
    announce_points: tuple[int, int]
    score: DealScore

    @property
    def taker_team(self) -> int:
        return self.taker & 1

    def team_scores(self) -> tuple[int, int]:
        """The deal's score by team (0: seats 0/2, 1: seats 1/3)."""
        s = self.score
        return (s.taker, s.defence) if self.taker_team == 0 else (s.defence, s.taker)

    @cached_property
    def dealt(self) -> DealtHand:
        """The distribution as :func:`deal.deal` produces it from :attr:`pack` and the recorded call."""

        def replay_call(seat: int, hand: object, turned: object, rnd: int) -> Suit | None:
            return Suit(self.trump_index) if (seat, rnd) == (self.taker, self.take_round) else None

        return deal([DECK[c] for c in self.pack], self.dealer, replay_call)

    @cached_property
    def tricks(self) -> list[list[tuple[int, int]]]:
        """Eight tricks: ``tricks[k]`` is a list of (seat, card index) in play order."""
        leaders = [(self.dealer + 1) % 4] + self.winners[:7]
        return [list(zip(ORDERS[leader], self.plays[4 * k:4 * k + 4], strict=False)) for k, leader in enumerate(leaders)]

    def hand_cards(self, seat: int) -> list[Card]:
        return [DECK[c] for c in range(32) if self.hands_mask[seat] >> c & 1]


SeatChooser = Callable[[int, int, int, int, int, int, int, int], int]
"""``choose(seat, hand, legal, n, led, best, pos, trick) -> card``: one card of the ``legal`` bitmask, with
``n`` cards already in the trick (their bitmask ``trick``), and when ``n > 0`` the suit ``led`` and the
card ``best`` winning the trick at position ``pos`` (a player's chooser, see :mod:`arbitre.arena.player`)."""
Refuse = Callable[[int, int, object, int, "Exception | None"], int]
"""``refuse(seat, legal, answer, trick_number, error)``: called when a chooser raised ``error`` or answered
``answer``, not a legal card index; returns the legal card index the answer names or raises."""


def play_tricks(hands: Sequence[int], leader: int, trump: int, must_undertrump: bool,
                choosers: Sequence[SeatChooser] | None, plays: list[int], leaders: list[int],
                rnd: Callable[[], float] | None = None, asked: list[int] | None = None,
                refuse: Refuse | None = None) -> tuple[list[int], list[int]]:
    """Play the eight tricks from ``hands`` (bitmasks by seat); fill ``plays`` and ``leaders`` as they go.

    ``choosers[seat]`` picks each card of ``seat`` among two or more legal ones (a single legal
    card is played without asking), told the state of the trick (see :data:`SeatChooser`); every answer is checked here: one that raised, or is not a
    legal card index, goes to ``refuse`` (which raises or names the legal card meant), and each
    decision is counted in ``asked[seat]``. With ``choosers=None`` every seat plays a uniformly
    random legal card drawn with ``rnd`` (:func:`random_tricks`). Returns the winner of each
    trick and the cards won by each team.

    The leader may play any card of its hand; every other seat gets the cards
    :func:`~arbitre.rulings.belote.play.legal_mask` allows, given the suit led, the card
    winning so far and whether its partner played it.
    """
    if choosers is None:
        assert rnd is not None, "choosers=None plays random cards: rnd is required"
        played, winners, won = random_tricks(hands, leader, trump, must_undertrump, rnd)
        plays += played
        leaders += [leader, *winners[:7]]
        return winners, won
    assert asked is not None and refuse is not None, "choosers need asked and refuse"
    left = list(hands)
    winners = []
    won = [0, 0]
    trick_keys = TRICK_KEY[trump]
    settles = FOLLOW_SETTLES[trump]
    legal = legal_mask
    one = BIT
    led = best = best_key = best_pos = follow = 0
    key: tuple[int, ...] = ()
    for k in range(1, 8):  # the eighth trick apart (_last_trick): one card left in each hand
        leaders.append(leader)
        trick = 0
        # the four seats in play order (position 0 leads: any card of its hand), with the position of
        # each one's partner (-1 when the partner plays later)
        for seat, pos, partner in _SEATING[leader]:
            hand = left[seat]
            # every hand holds two cards or more here (the last trick is played apart); the cards of the suit
            # led are the legal ones when they settle it (FOLLOW_SETTLES), without the kernel's call
            options = hand & follow or legal(hand, led, best, best_pos == partner, trump, must_undertrump) \
                if pos else hand
            if not pos or options & (options - 1):  # the leader holds two cards or more
                try:
                    card = choosers[seat](seat, hand, options, pos, led, best, best_pos, trick)
                except Exception as err:  # a player's failure: refuse raises the engine's error
                    card = refuse(seat, options, None, k, err)
                if type(card) is not int or not 0 <= card < 32 or not options & one[card]:
                    card = refuse(seat, options, card, k, None)
                asked[seat] += 1
                bit = one[card]  # BIT: a look-up, no new int (a shift of 1 makes one)
            else:  # a single legal card: played without asking
                bit = options
                card = bit.bit_length() - 1
            left[seat] = hand ^ bit
            plays.append(card)  # not a bound append: the interpreter specialises list.append called by name
            trick |= bit
            if not pos:
                led = card >> 3
                key = trick_keys[led]
                follow = settles[led]
                best, best_key, best_pos = card, key[card], 0
            elif key[card] > best_key:
                best, best_key, best_pos = card, key[card], pos
        leader = (leader + best_pos) & 3
        won[leader & 1] |= trick
        winners.append(leader)
    leaders.append(leader)
    _last_trick(left, leader, trick_keys, plays, won, winners)
    return winners, won


#: Cards in each hand when the first seven tricks are led (the eighth is played apart: one card each).
_HAND_SIZES = (8, 7, 6, 5, 4, 3, 2)
#: _FOLLOWERS[leader]: (seat, position in the trick, position of its partner or -1 if the partner plays later).
_FOLLOWERS = tuple(((order[1], 1, -1), (order[2], 2, 0), (order[3], 3, 1)) for order in ORDERS)
#: _SEATING[leader]: the leader (position 0) then :data:`_FOLLOWERS`.
_SEATING = tuple(((order[0], 0, -1), *followers) for order, followers in zip(ORDERS, _FOLLOWERS, strict=True))


def random_tricks(hands: Sequence[int], leader: int, trump: int, must_undertrump: bool,
                  rnd: Callable[[], float]) -> tuple[list[int], list[int], list[int]]:
    """The eight tricks where every seat plays a uniformly random legal card: (plays, winners, won).

    The random simulator's hot path. Each card takes one draw ``u = rnd()``: with ``n``
    legal cards (the kernel's :func:`~arbitre.rulings.belote.play.legal_mask` for the
    followers, or the cards of the suit led when the kernel's
    :data:`~arbitre.rulings.belote.play.FOLLOW_SETTLES` says they are the answer; the whole
    hand for the leader) the card played is the ``floor(u * n)``-th
    lowest. All 32 draws are taken at once before the first card (nothing else draws in
    between, so the sequence is the same as drawing card by card). The leader's card is
    played apart from the three followers' (no test of the position per card), and the
    partner of each follower is known by position (:data:`_FOLLOWERS`). In the last trick
    every seat holds one card, its only legal card, so the kernel is not asked (the draw
    is still taken).
    """
    draws = iter(list(starmap(rnd, repeat((), 32))))  # next(draws): cheaper than calling a bound __next__
    left = list(hands)
    plays: list[int] = []
    winners: list[int] = []
    won = [0, 0]
    keys = TRICK_KEY[trump]
    settles = FOLLOW_SETTLES[trump]
    legal = legal_mask
    for size in _HAND_SIZES:
        # the leader: any card of its hand (drop floor(u * size) lowest cards; n - 1.0 is exact below 8)
        options = hand = left[leader]
        n = next(draws) * size
        while n >= 1.0:
            options &= options - 1
            n -= 1.0
        trick = options & -options
        left[leader] = hand ^ trick
        best = card = trick.bit_length() - 1
        plays.append(card)
        led = card >> 3
        key = keys[led]
        follow = settles[led]
        best_key = key[card]
        best_pos = 0
        for seat, pos, partner in _FOLLOWERS[leader]:
            hand = left[seat]
            options = hand & follow or legal(hand, led, best, best_pos == partner, trump, must_undertrump)
            n = next(draws) * options.bit_count()
            while n >= 1.0:
                options &= options - 1
                n -= 1.0
            bit = options & -options
            left[seat] = hand ^ bit
            trick |= bit
            card = bit.bit_length() - 1
            plays.append(card)
            if key[card] > best_key:
                best, best_key, best_pos = card, key[card], pos
        leader = (leader + best_pos) & 3
        won[leader & 1] |= trick
        winners.append(leader)
    _last_trick(left, leader, keys, plays, won, winners)
    return plays, winners, won


def _last_trick(left: list[int], leader: int, keys: Sequence[Sequence[int]], plays: list[int], won: list[int],
                winners: list[int]) -> None:
    """The eighth trick, led by ``leader``: every seat plays its last card (its only legal one, so neither
    the kernel nor a player is asked), straight-line; adds the four cards to ``plays``, the trick to ``won``
    and its winner to ``winners``. ``keys`` is the contract's :data:`TRICK_KEY` row."""
    s0, s1, s2, s3 = ORDERS[leader]
    h0, h1, h2, h3 = left[s0], left[s1], left[s2], left[s3]
    c0, c1, c2, c3 = h0.bit_length() - 1, h1.bit_length() - 1, h2.bit_length() - 1, h3.bit_length() - 1
    plays += (c0, c1, c2, c3)
    key = keys[c0 >> 3]
    best_key = key[c0]
    best_pos = 0
    if key[c1] > best_key:
        best_key, best_pos = key[c1], 1
    if key[c2] > best_key:
        best_key, best_pos = key[c2], 2
    if key[c3] > best_key:
        best_pos = 3
    leader = (leader + best_pos) & 3
    won[leader & 1] |= h0 | h1 | h2 | h3
    winners.append(leader)


def score_played(dealer: int, pack: list[int], taker: int, take_round: int, trump: int,
                 hands: Sequence[int], plays: list[int], winners: list[int], won: Sequence[int],
                 variants: Variants, with_announces: bool = True) -> PlayedDeal:
    """Count and score a played deal; ``won[team]`` is the bitmask of the cards each team won.

    Straight-line code over the four hands (no loop): it runs once per simulated deal.
    """
    h0, h1, h2, h3 = hands
    won0, won1 = won
    points0, points1 = team_points(won0, won1, trump, winners[-1] & 1)
    kq = BELOTE_MASK[trump]  # one hand at most holds King and Queen of trump
    belote_team = 0 if h0 & kq == kq or h2 & kq == kq else 1 if h1 & kq == kq or h3 & kq == kq else None
    ann0 = ann1 = 0
    if with_announces:
        a0, k0 = hand_announces(h0, trump)
        a1, k1 = hand_announces(h1, trump)
        a2, k2 = hand_announces(h2, trump)
        a3, k3 = hand_announces(h3, trump)
        if a0 or a1 or a2 or a3:
            key0 = k0 if k0 > k2 else k2
            key1 = k1 if k1 > k3 else k3
            if key0 > key1:  # only the side with the best announce scores (see best_announce_side)
                ann0 = a0 + a2
            elif key1 > key0:
                ann1 = a1 + a3
            elif variants.announce_tie is AnnounceTieRule.FIRST_SEAT:
                if (dealer + 1) & 1:
                    ann1 = a1 + a3
                else:
                    ann0 = a0 + a2
    if taker & 1:
        capot = "taker" if won1 == ALL_CARDS else "defence" if won0 == ALL_CARDS else None
        score = score_deal(points1, points0, ann1, ann0, belote_team == 1, belote_team == 0, capot, variants)
    else:
        capot = "taker" if won0 == ALL_CARDS else "defence" if won1 == ALL_CARDS else None
        score = score_deal(points0, points1, ann0, ann1, belote_team == 0, belote_team == 1, capot, variants)
    return PlayedDeal(dealer, pack, taker, take_round, trump, (h0, h1, h2, h3), plays,
                      winners, (points0, points1), belote_team, (ann0, ann1), score)


def total_announced(played: PlayedDeal) -> int:
    """Belote + announce points that the deal carried (for the 162 invariant)."""
    return (BELOTE_POINTS if played.belote_team is not None else 0) + sum(played.announce_points)
