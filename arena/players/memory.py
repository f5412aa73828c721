"""The ``memory`` player (the seed's "intermédiaire"): it remembers every card played.

What it knows (:func:`~arbitre.arena.players.knowledge.infer`): the cards gone, which
cards are masters, which seats are void in which suits, how many trumps are still out.

* Bid: counts sure tricks (:func:`sure_tricks`): the jack of trump; the nine with the
  jack or with three trumps; the ace of trump with both, or with four trumps; every
  trump beyond the third; each plain ace, and a ten guarded by its ace. It takes when
  the count reaches :data:`TAKE_TRICKS` and the trumps are worth :data:`TAKE_POINTS`
  card points (round 1 with the turned card in the hand, round 2 in its best other
  suit). These thresholds were tuned in the gym against ``simple``.
* Lead: when its side took and it holds the master trump while opponents may still
  hold trumps, it leads that trump (drawing trumps); otherwise a master plain card in
  a suit no opponent is known to trump; otherwise its cheapest card, from a suit
  where it holds no master to protect.
* Follow: when the partner's card is sure to win (no opponent still to play can beat
  it, given voids and the cards out), it smears its richest plain card on it (never a master card, which wins a trick of its own); when the
  partner wins but is not safe, it plays cheap and does not waste a trump; when it
  can win, it takes with a master card if it has one, else with the cheapest winning
  card if the trick holds points or it plays last; otherwise its cheapest card.

The card-play part takes the trump as a parameter (:func:`memory_card`), so a suit
contract of coinche can use it.
"""
from __future__ import annotations

from arbitre.arena.observation import Observation, SeatView
from arbitre.arena.player import BasePlayer, Chooser, reads_view
from arbitre.arena.players.knowledge import ALL, MASTER, Knowledge, Tracker, infer, read_new
from arbitre.arena.players.tactics import (
    BEATS,
    CHEAPEST,
    OTHER_SUITS,
    RICHEST,
    STRONGEST,
    SUITS,
    byte_best,
    table_best,
    trick_best,
)
from arbitre.rulings.belote.cards import DECK, Card, Rank, Suit
from arbitre.rulings.belote.play import SUIT_MASK, TRICK_KEY
from arbitre.rulings.belote.scoring import BYTE_POINTS, POINTS, mask_points

TAKE_TRICKS = 2
TAKE_POINTS = 25


def _trump_sure(ranks: int) -> int:
    has = [ranks >> r & 1 for r in range(8)]
    n = ranks.bit_count()
    jack, nine, ace = has[Rank.JACK], has[Rank.NINE], has[Rank.ACE]
    return int(jack + (nine and (jack or n >= 3)) + (ace and ((jack and nine) or n >= 4)) + max(0, n - 3))


def _plain_sure(ranks: int) -> int:
    ace = ranks >> Rank.ACE & 1
    return ace + (ace and ranks >> Rank.TEN & 1)


_TRUMP_SURE = tuple(_trump_sure(m) for m in range(256))
_PLAIN_SURE = tuple(_plain_sure(m) for m in range(256))
#: _TRUMP_KEY[ranks]: what a suit of rank mask ``ranks`` adds, as trump, to the key ``sure tricks << 8 | trump
#: points`` of a hand whose plain sure tricks are counted for every suit: its sure tricks as trump instead
#: of as a plain suit (:func:`sure_tricks`), and its trump points (:func:`~arbitre.arena.players.tactics.trump_points`).
_TRUMP_KEY = tuple((_TRUMP_SURE[m] - _PLAIN_SURE[m] << 8) + BYTE_POINTS[1][m] for m in range(256))


def sure_tricks(hand: int, trump: int) -> int:
    """Sure tricks of ``hand`` with ``trump`` as trump (see module docstring)."""
    plain = _PLAIN_SURE
    total = plain[hand & 0xFF] + plain[hand >> 8 & 0xFF] + plain[hand >> 16 & 0xFF] + plain[hand >> 24 & 0xFF]
    if trump < 0:
        return total
    ranks = hand >> 8 * trump & 0xFF
    return total - plain[ranks] + _TRUMP_SURE[ranks]


def memory_bid(obs: Observation | SeatView, tricks: int = TAKE_TRICKS, points: int = TAKE_POINTS) -> Suit | None:
    """Take when the suit gives at least ``tricks`` sure tricks and ``points`` trump points.

    Round 2 weighs the other suits by (sure tricks, trump points), the first in suit order among equals.
    """
    turned = obs.turned >> 3
    first = obs.bid_round == 1
    ranks = (obs.hand | 1 << obs.turned if first else obs.hand).to_bytes(4, "little")  # suit by suit
    # (sure tricks, trump points) as one int, sure tricks << 8 | points (points < 256): the plain sure tricks
    # of the four suits (the base), plus what the trump suit adds as trump (_TRUMP_KEY)
    if first:
        best, delta = turned, _TRUMP_KEY[ranks[turned]]
    else:  # the best other suit: the base is the same for all, so the largest delta (the first among equals)
        best = -1
        delta = 0
        for suit in OTHER_SUITS[turned]:
            add = _TRUMP_KEY[ranks[suit]]
            if best < 0 or add > delta:
                best, delta = suit, add
    if delta & 0xFF < points:  # the key's points are the delta's (the base is a multiple of 256): pass
        return None
    plain = _PLAIN_SURE
    key = (plain[ranks[0]] + plain[ranks[1]] + plain[ranks[2]] + plain[ranks[3]] << 8) + delta
    return SUITS[best] if key >> 8 >= tricks else None


#: _SURE_ORDER[trump][card]: among cards sure to win, the trump worth the fewest points first, else the
#: plain card worth the most (it is safe), then the lowest index: (points or -points, card) as one int.
_SURE_ORDER: tuple[tuple[int, ...], ...] = tuple(
    tuple((POINTS[t][c] if c >> 3 == t else -POINTS[t][c]) * 64 + c for c in range(32)) for t in (0, 1, 2, 3, -1)
)  # [-1]: no trump suit (trump -1), as the rule reads POINTS[-1]
#: _SURE_FIRST[trump][suit][byte]: the card of a mask coming first in _SURE_ORDER as four byte look-ups (the
#: tactics helpers' tables: the largest 64 - (points or -points), then the lowest index, is the smallest order).
_SURE_FIRST = byte_best([[64 - (order[c] >> 6) for c in range(32)] for order in _SURE_ORDER])


def _sure_first(mask: int, trump: int) -> int:
    """``min(bits(mask), key=_SURE_ORDER[trump].__getitem__)`` for a non-empty ``mask``, by table (the chooser
    reads the trump's row of the table itself)."""
    return table_best(_SURE_FIRST[trump], mask)


#: TOPS[trump][suit][left]: :data:`MASTER` as a one-card bitmask (0 when the suit is all played), so the
#: masters of the four suits are four look-ups or-ed together (:func:`_tops`).
TOPS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(1 << c if c >= 0 else 0 for c in row) for row in per_trump) for per_trump in MASTER)
#: SUITS_OF[byte]: for a 4-bit set of suits, the mask of every card of those suits.
SUITS_OF: tuple[int, ...] = tuple(sum(SUIT_MASK[s] for s in range(4) if m >> s & 1) for m in range(16))
# The complements as positive masks (an AND with a negative int, ``mask & ~m``, takes CPython's slow path).
_NOT_SUITS_OF = tuple(ALL ^ m for m in SUITS_OF)
_NOT_SUIT = tuple(ALL ^ m for m in SUIT_MASK)


def _tops(trump: int, played: int) -> int:
    """The master card of every suit (the strongest not played yet, held by anyone), as one bitmask."""
    left = ~played
    a, b, c, d = TOPS[trump]
    return a[left & 0xFF] | b[left >> 8 & 0xFF] | c[left >> 16 & 0xFF] | d[left >> 24 & 0xFF]


def memory_card(obs: Observation | SeatView, k: Knowledge | None = None) -> int:
    """The memory player's card (index) among ``obs.legal`` for trump ``obs.trump``."""
    k = k or infer(obs)
    history = obs.history
    n = len(history) & 3  # cards already in the current trick
    led = best = pos = trick = 0
    if n:
        led = history[-n] >> 3
        best, pos = trick_best(history, n, TRICK_KEY[obs.trump][led])
        for card in history[-n:]:
            trick |= 1 << card
    # k.played holds the cards of the current trick: the chooser's "before | trick" is k.played; nothing to fold
    choose = _chooser(obs, k.voids, k.played, len(history) - n)
    return choose(obs.seat, obs.hand, obs.legal, n, led, best, pos, trick)


def _chooser(view: Observation | SeatView, voids: list[int], before: int, count: int) -> Chooser:
    """The memory players' chooser for the deal of ``view`` (its trump, taker and turned card), which knows
    the first ``count`` cards of ``view.history`` as folded in ``voids`` (by seat) and ``before`` (the cards
    played), and folds the finished tricks beyond them itself (:func:`~arbitre.arena.players.knowledge.read_new`,
    once per trick): ``choose(seat, hand, legal, n, led, best, pos, trick)`` with the current trick as the engine
    tells it (``n`` cards, bitmask ``trick``, led in ``led``, ``best`` winning it at position ``pos``).

    Only the voids of the seat after me (following) or of the opponents (leading) are read: those of seats that
    played before me in the current trick do not matter, so the current trick is not folded. The turned card
    (bitmask ``turned``) is in my hand, played, or known to be in the taker's hand: never unseen
    (:attr:`Knowledge.unseen` is the cards neither played, nor mine, nor the turned one;
    :attr:`Knowledge.known` of the taker is the turned card until it is played). The trump's rows of the
    tables are read once per deal.
    """
    history, trump, taker = view.history, view.trump, view.taker
    turned = 1 << view.turned
    read = read_new
    trump_mask = SUIT_MASK[trump]
    not_trump = _NOT_SUIT[trump]
    beats_of = BEATS[trump]
    tops_a, tops_b, tops_c, tops_d = TOPS[trump]
    # the trump's rows of the tactics helpers' tables: cheapest(m, trump) is best(cheap, m), and so on
    best_of = table_best
    cheap, rich, strong, sure_first = CHEAPEST[trump], RICHEST[trump], STRONGEST[trump], _SURE_FIRST[trump]

    def choose(seat: int, hand: int, legal: int, n: int, led: int, best: int, pos: int, trick: int) -> int:
        nonlocal count, before
        done = len(history) - n  # cards of the finished tricks: the fold reads them once per trick
        if done > count:
            before = read(view, count, voids, before, done)
            count = done
        played = before | trick
        if not n:
            trumps_out = (ALL ^ (played | hand | turned)) & trump_mask
            left = ~played
            tops = tops_a[left & 0xFF] | tops_b[left >> 8 & 0xFF] | tops_c[left >> 16 & 0xFF] \
                | tops_d[left >> 24 & 0xFF]
            if (taker & 1 == seat & 1 and trumps_out
                    and (not voids[seat ^ 1] >> trump & 1 or not voids[seat ^ 3] >> trump & 1)):
                top = tops & trump_mask & legal
                if top:
                    return top.bit_length() - 1
            candidates = tops & legal & not_trump
            if candidates:
                left_void, right_void = voids[seat ^ 1], voids[seat ^ 3]
                left_trumps = left_void >> trump & 1
                right_trumps = right_void >> trump & 1
                while candidates:  # suit by suit, in suit order
                    bit = candidates & -candidates
                    top = bit.bit_length() - 1
                    suit = top >> 3
                    if not trumps_out or ((not left_void >> suit & 1 or left_trumps)
                                          and (not right_void >> suit & 1 or right_trumps)):
                        return top
                    candidates ^= bit
            mine = tops & hand
            suits = (mine & 0xFF != 0) | (mine >> 8 & 0xFF != 0) << 1 | (mine >> 16 & 0xFF != 0) << 2 \
                | (mine >> 24 != 0) << 3
            return best_of(cheap, legal & _NOT_SUITS_OF[suits] or legal)

        beats = beats_of[led]
        partner = n >= 2 and pos == n - 2  # partner winning
        winners = 0 if partner else legal & beats[best]  # the cards that beat the trick so far (tactics.beating)
        if not (partner or winners):  # nothing wins: the cheapest card, whatever the next seat holds
            return best_of(cheap, legal)
        # the only opponent still to play after me is my left-hand neighbour, unless I play last
        if n < 3:
            after = (seat + 1) & 3
            # the cards it may hold: the unseen ones, and the turned card when it is the taker's and not played
            pool = ALL ^ (played | hand) if after == taker else ALL ^ (played | hand | turned)
            void = voids[after]
            # the cards it could beat with (a card c may be beaten when threat & beats[c]): holding the led
            # suit it must follow (only a higher card of that suit beats); void in it, only a trump does,
            # when it may hold some and the suit led is not trump
            threat = pool & SUIT_MASK[led] if not void >> led & 1 else \
                pool & trump_mask if led != trump and not void >> trump & 1 else 0
        else:
            after = -1
            threat = 0
        if partner:
            if not threat & beats[best]:
                # smear points, but keep the cards that will win tricks of their own
                return best_of(rich, legal ^ (legal & _tops(trump, played)) or legal)
            plain = legal & not_trump
            return best_of(cheap, plain or legal)
        # sure to win: beating the strongest card of the threat (one suit, so strength is trick order)
        sure = winners & beats[best_of(strong, threat)] if threat else winners
        if sure:
            return best_of(sure_first, sure)
        if after < 0:
            return best_of(cheap, winners)
        if mask_points(trick, trump) >= 10:  # points at stake
            return best_of(cheap, winners)
        return best_of(cheap, legal)

    return choose


class MemoryPlayer(BasePlayer):
    """The seed's intermediate player (see module docstring)."""

    name = "memory"
    uses_rng = False  # its decisions never draw: the gym does not reseed it

    def __init__(self) -> None:
        super().__init__()
        self.tracker = Tracker()

    #: :func:`memory_bid` itself (its default thresholds): the engine calls it without a method's frame
    bid = staticmethod(reads_view(memory_bid))

    @reads_view
    def play(self, obs: Observation | SeatView) -> Card:
        return DECK[memory_card(obs, self.tracker.read(obs))]

    def card_chooser(self, view: SeatView) -> Chooser:
        """``choose(seat, hand, legal, n, led, best, pos, trick) -> card`` for this deal: :meth:`play` on the
        live view (the trick as the engine tells it), folding the public facts of the finished tricks itself
        (:func:`~arbitre.arena.players.knowledge.read_new`, once per trick) without a :class:`Knowledge` per
        decision. It keeps nothing of this player's, so one chooser serves every memory seat of the deal (kept
        in ``view.shared``)."""
        choose: Chooser | None = view.shared.get("memory")
        if choose is None:
            choose = view.shared["memory"] = _memory_chooser(view)
        return choose


def _memory_chooser(view: SeatView) -> Chooser:
    """The memory players' chooser for the live ``view`` of a deal: nothing folded yet."""
    return _chooser(view, [0, 0, 0, 0], 0, 0)
