"""What a seat can infer from its observation: cards gone, voids, masters, cards still out.

What: :func:`infer` reads an :class:`~arbitre.arena.observation.Observation` and
returns a :class:`Knowledge`:

* ``played``: every card played so far;
* ``voids[seat]``: suits a seat is known to lack (a seat that did not follow the led
  suit has none of it; a seat that neither followed nor trumped while its partner was
  not winning has no trump — the rules would have forced it);
* ``unseen``: the cards this seat has not seen (in the other hands);
* ``known[seat]``: cards known to be in a hand (the turned card, with the taker, until
  it is played);
* ``held[seat]``: how many cards each seat still holds.

Every inference follows from the legal-card rule applied to what was played
(:func:`~arbitre.rulings.belote.play.winner_pos`); nothing here guesses.
Why: the ``memory`` player and the ``advanced`` player's sampler share it.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

from arbitre.arena.dealing import BIT
from arbitre.arena.observation import Observation, SeatView
from arbitre.rulings.belote.play import STRENGTH, SUIT_MASK, winner_pos

ALL = (1 << 32) - 1
#: BY_STRENGTH[trump][suit]: the cards of ``suit``, strongest first, when ``trump`` is trump.
BY_STRENGTH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(sorted(range(8 * s, 8 * s + 8), key=lambda c: -STRENGTH[t][c])) for s in range(4)) for t in range(4)
)


def _first_left(order: tuple[int, ...], left: int) -> int:
    for c in order:
        if left >> (c & 7) & 1:
            return c
    return -1


#: MASTER[trump][suit][left]: the strongest card of ``suit`` among those whose rank bits are set in
#: ``left`` (the suit's byte of the cards not played yet), or -1: :meth:`Knowledge.master` as one look-up.
MASTER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_first_left(BY_STRENGTH[t][s], left) for left in range(256)) for s in range(4)) for t in range(4)
)


@dataclass(slots=True)
class Knowledge:
    played: int
    voids: list[int]  # per seat, bit s set when the seat has no card of suit s
    unseen: int
    known: list[int]  # per seat, cards known to be there
    held: list[int]  # per seat, number of cards still in hand

    def may_hold(self, seat: int, card: int) -> bool:
        return not self.voids[seat] >> (card >> 3) & 1 and (self.unseen | self.known[seat]) >> card & 1 == 1

    def master(self, suit: int, trump: int, mine: int = 0) -> int:
        """The strongest card of ``suit`` not yet played (held by me or not), or -1."""
        return MASTER[trump][suit][~self.played >> 8 * suit & 0xFF]

    def out_of(self, suit: int, seat: int) -> int:
        """Cards of ``suit`` that others than ``seat`` may still hold."""
        return self.unseen & SUIT_MASK[suit]


def _read(obs: Observation | SeatView, start: int, voids: list[int], played: int, stop: int = -1) -> int:
    """Fold the cards ``obs.history[start:stop]`` (to the end when ``stop`` < 0) into ``voids``; return the
    new ``played`` mask.

    Only a card of another suit than the one led tells something about voids, so the seat
    of a card is worked out only then.
    """
    history = obs.history
    for i in range(start, len(history) if stop < 0 else stop):
        card = history[i]
        played |= 1 << card
        pos = i & 3
        if pos and (card ^ history[i - pos]) >> 3:  # not the suit led
            _off_suit(obs, i, pos, voids)
    return played


def _off_suit(obs: Observation | SeatView, i: int, pos: int, voids: list[int]) -> None:
    """The voids shown by ``obs.history[i]``, a card of another suit than the one led, at position ``pos``
    of its trick: the seat has none of the suit led, and no trump either when it did not trump while the
    rules made it (its partner was not winning, or trump was led)."""
    history = obs.history
    card = history[i]
    trump = obs.trump
    first = i - pos
    led = history[first] >> 3
    seat = (obs.leaders[i >> 2] + pos) % 4
    voids[seat] |= 1 << led
    if led == trump:
        voids[seat] |= 1 << trump
    elif trump >= 0 and card >> 3 != trump:
        partner_winning = pos >= 2 and winner_pos(history[first:i], trump) == pos - 2
        if not partner_winning:
            voids[seat] |= 1 << trump


def read_tricks(view: Observation | SeatView, start: int, voids: list[int], played: int, stop: int) -> int:
    """:func:`_read` of whole tricks (``start`` and ``stop`` multiples of 4), a trick's four cards at once: a
    trick played all in the suit led shows no void."""
    history = view.history
    for first in range(start, stop, 4):
        a, b, c, d = history[first:first + 4]
        played |= BIT[a] | BIT[b] | BIT[c] | BIT[d]  # look-ups: no new int per card
        led = a >> 3
        if b >> 3 != led:
            _off_suit(view, first + 1, 1, voids)
        if c >> 3 != led:
            _off_suit(view, first + 2, 2, voids)
        if d >> 3 != led:
            _off_suit(view, first + 3, 3, voids)
    return played


#: HELD[cards played][leader of the current trick]: how many cards each seat still holds (every seat
#: played one card per finished trick, and the first ``cards played % 4`` seats from the leader one more).
HELD: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 - (p >> 2) - ((s - leader) % 4 < (p & 3)) for s in range(4)) for leader in range(4))
    for p in range(33))


def _finish(obs: Observation | SeatView, played: int, voids: list[int]) -> Knowledge:
    taker = obs.taker
    turned = 1 << obs.turned
    known = [0, 0, 0, 0]
    unseen = ALL ^ (played | obs.hand)
    if taker < 0:
        unseen &= ~turned
    elif taker != obs.seat and not played & turned:  # the turned card is in the taker's hand until played
        known[taker] = turned
        unseen &= ~turned
    played_cards = len(obs.history)
    leader = obs.leaders[played_cards >> 2] if played_cards & 3 else 0
    return Knowledge(played, voids[:], unseen, known, list(HELD[played_cards][leader]))


def infer(obs: Observation | SeatView) -> Knowledge:
    """Everything :class:`Knowledge` holds, from ``obs`` alone."""
    voids = [0, 0, 0, 0]
    played = _read(obs, 0, voids, 0)
    return _finish(obs, played, voids)


class _Fold:
    """The public part of what :func:`infer` reads (cards played, voids) for one deal's history so far.

    It does not depend on the seat (only the hand and the turned card do, in :func:`_finish`), so
    one fold serves the four seats of a deal: each card is read once per deal, not once per seat.
    """

    __slots__ = ("count", "deal", "history", "played", "voids")

    def __init__(self) -> None:
        self.deal: tuple[int, int, int, tuple[tuple[int, int], ...]] | None = None
        self.history: tuple[int, ...] = ()
        self.count = 0  # cards read (the view's fold)
        self.voids = [0, 0, 0, 0]
        self.played = 0

    def catch_up(self, view: SeatView) -> None:
        """Read the cards the live ``view`` shows beyond those read (the view's fold only)."""
        if len(view.history) > self.count:
            self.played = _read(view, self.count, self.voids, self.played)
            self.count = len(view.history)


read_new = read_tricks
"""``read_new(view, start, voids, played, stop)``: :func:`read_tricks`, for a player that keeps a :class:`_Fold`
up to date itself, whole tricks at a time (the ``memory`` player's chooser: one call per trick)."""


_SHARED = threading.local()
"""This thread's :class:`_Fold` (``_SHARED.fold``), shared by every :class:`Tracker` of the thread."""


def public(view: SeatView) -> _Fold:
    """The public fold (cards played, voids by seat) of the deal ``view`` shows, kept in ``view.shared``
    for the four seats; call its :meth:`_Fold.catch_up` when the history grew (see :meth:`Tracker.read`)."""
    fold: _Fold | None = view.shared.get("knowledge")
    if fold is None:
        fold = view.shared["knowledge"] = _Fold()
    return fold


class Tracker:
    """:func:`infer` made incremental: it reads only the cards played since the last call.

    The result is the same as :func:`infer` on the same observation. The public part (cards
    played, voids) is kept in one fold per thread shared by every tracker, so the four seats of
    a deal read each card once; the fold starts over whenever the observation is not the
    continuation of the deal it has read (another deal, or a history that is not an extension
    of the one read), so trackers of different games or seats stay exact, only slower.

    Given the engine's live :class:`SeatView`, the fold lives in the view's ``shared`` dict
    instead: the view is one deal's, its history only grows, so no check is needed.
    """

    __slots__ = ()

    def read(self, obs: Observation | SeatView) -> Knowledge:
        if isinstance(obs, SeatView):
            fold = public(obs)
            fold.catch_up(obs)
            return _finish(obs, fold.played, fold.voids)
        return self._read_copy(obs)

    def _read_copy(self, obs: Observation) -> Knowledge:
        fold: _Fold | None = getattr(_SHARED, "fold", None)
        if fold is None:
            fold = _SHARED.fold = _Fold()
        deal = (obs.dealer, obs.turned, obs.trump, obs.bids)
        history = obs.history
        n = len(fold.history)
        if deal != fold.deal or len(history) < n or history[:n] != fold.history:
            fold.deal = deal
            fold.voids = [0, 0, 0, 0]
            fold.played = 0
            n = 0
        if len(history) > n:
            fold.played = _read(obs, n, fold.voids, fold.played)
            fold.history = history
        return _finish(obs, fold.played, fold.voids)
