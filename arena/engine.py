"""Play one belote deal with four players: the taking rounds, eight tricks, the score.

What: :func:`play_deal` deals a given pack (seed 001 distribution: 3+2, the turned
card, the rest once someone took), asks each seat in turn to ``bid`` (round 1: the
turned suit or pass; round 2: another suit or pass), then asks the seat to move to
``play`` a card, trick by trick, and scores the deal with
:func:`~arbitre.arena.dealing.score_played`. Every answer is checked: a bid in the
wrong suit, a card that is not legal (the engine computes the legal cards with the
rules kernel :func:`~arbitre.rulings.belote.play.legal_mask` and gives them to the
player), or a player that raises ends the deal with :class:`PlayerError`, which
names the player, the card or call, the deal and the trick. A seat with a single
legal card plays it without being asked.

Why: the engine is the single source of rules for the players; it hands each seat an
:class:`~arbitre.arena.observation.Observation` built from public facts and that
seat's own cards only. The built-in players read the same facts from the engine's live
:class:`~arbitre.arena.observation.SeatView` instead (see :mod:`arbitre.arena.player`):
building an observation per decision cost more than a simple player's decision itself.
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from arbitre.arena import faults
from arbitre.arena.dealing import (
    ORDERS,
    PlayedDeal,
    SeatChooser,
    first_hands,
    play_tricks,
    rest_of_hands,
    score_played,
)
from arbitre.arena.faults import PlayerError
from arbitre.arena.observation import PASS, Observation, SeatView
from arbitre.arena.player import view_readers
from arbitre.rulings.belote.cards import Card
from arbitre.rulings.belote.play import UndertrumpRule
from arbitre.rulings.belote.scoring import Variants


class Clock:
    """Decisions per seat, and the seconds spent in the timed ones, for the gym's statistics.

    Every decision is counted. ``every`` (a power of two) samples the timing of the
    players that read the engine's view: one deal in ``every`` is timed, every decision of
    it (the deals numbered 1 modulo ``every``: the first deal always is); two clock reads
    around each decision cost a third of a simple player's decision, and a timed deal asks
    each seat through a timing wrapper. The decisions of the other players are all timed.
    ``timed[seat]`` counts the decisions in ``seconds[seat]``, so ``seconds / timed`` is the
    mean decision time.
    """

    __slots__ = ("decisions", "mask", "seconds", "timed")

    def __init__(self, every: int = 1) -> None:
        if every < 1 or every & (every - 1):
            raise ValueError(f"every must be a power of two, not {every}")
        self.seconds = [0.0, 0.0, 0.0, 0.0]
        self.decisions = [0, 0, 0, 0]
        self.timed = [0, 0, 0, 0]
        self.mask = every - 1


_SEATED: list[tuple[tuple[Any, ...], tuple[bool, ...], tuple[bool, ...], tuple[Any, ...]]] = [
    ((None, None, None, None), (), (), ())]
"""The players of the last deal played in this process (compared by identity), whether each reads the view
to bid and to play (:func:`view_readers`), and their bound ``bid``: worked out again only when the players
change (a game or a gym run passes the same players deal after deal)."""


def _raised(names: Sequence[str], seat: int, deal_no: int, trick: int | None, err: Exception) -> PlayerError:
    """The :class:`PlayerError` for a player whose ``bid`` or ``play`` raised ``err``."""
    return faults.fault(names[seat], seat, deal_no, trick, faults.raised("play" if trick else "bid", err))


def _card_index(answer: Any) -> int | None:
    if isinstance(answer, Card):
        return answer.suit * 8 + answer.rank
    if isinstance(answer, int) and 0 <= answer < 32:
        return answer
    return None


def play_deal(players: Sequence[Any], pack: list[int], dealer: int, *, deal_no: int = 1,
              scores: tuple[int, int] = (0, 0), target: int = 501, variants: Variants = Variants(),
              rule: UndertrumpRule = UndertrumpRule.MUST_UNDERTRUMP, names: Sequence[str] | None = None,
              clock: Clock | None = None) -> PlayedDeal | None:
    """Deal ``pack`` (card indices, top first), bid and play with ``players[seat]``; ``None`` when all pass.

    A player whose ``bid`` is marked :func:`~arbitre.arena.player.reads_view` is handed the
    deal's live :class:`SeatView` (set to its seat and hand) instead of a fresh
    :class:`Observation`; one whose ``play`` is marked gives a card chooser on that view once
    the contract is known (``card_chooser``), asked with the seat, its hand and its legal
    cards for each card (and the trick so far): the same facts, without a copy per decision.
    ``deal_no`` names the deal in errors and picks the deals whose decisions ``clock`` times (see
    :class:`Clock`).
    """
    names = names or [type(p).__name__ for p in players]
    clock = clock or Clock()
    hands5 = first_hands(pack, dealer)
    turned = pack[20]
    turned_suit = turned >> 3
    bids: list[tuple[int, int]] = []
    plays: list[int] = []
    leaders: list[int] = []
    view = SeatView(dealer, turned, bids, plays, leaders, scores, target)
    taker = trump = -1
    take_round = 0
    seated = _SEATED[0]
    p0, p1, p2, p3 = players
    last = seated[0]
    if last[0] is not p0 or last[1] is not p1 or last[2] is not p2 or last[3] is not p3:
        # other players than the last deal's: work out how to ask them
        readers = [view_readers(p) for p in players]
        seated = _SEATED[0] = ((p0, p1, p2, p3), tuple(r[0] for r in readers), tuple(r[1] for r in readers),
                               tuple(p.bid for p in players))
    _, bid_reads, play_reads, bidders = seated
    seconds, decisions, timed, now = clock.seconds, clock.decisions, clock.timed, time.perf_counter
    sampled = not (deal_no - 1) & clock.mask  # this deal's view readers are timed too
    for rnd in (1, 2):
        view.bid_round = rnd
        for seat in ORDERS[(dealer + 1) % 4]:
            try:
                if bid_reads[seat]:
                    view.seat = seat
                    view.hand = hands5[seat]
                    if sampled:
                        t0 = now()
                        answer = bidders[seat](view)
                        seconds[seat] += now() - t0
                        timed[seat] += 1
                    else:
                        answer = bidders[seat](view)
                else:
                    seen = Observation(seat, dealer, hands5[seat], turned, tuple(bids), -1, -1, (), (), 0, scores,
                                       target)
                    t0 = now()
                    answer = bidders[seat](seen)
                    seconds[seat] += now() - t0
                    timed[seat] += 1
            except Exception as err:  # any failure of a player's code is reported, never a traceback
                raise _raised(names, seat, deal_no, None, err) from err
            decisions[seat] += 1
            suit = PASS if answer is None else int(answer) if isinstance(answer, int) and 0 <= answer < 4 else None
            if suit is None or suit != PASS and (suit == turned_suit) != (rnd == 1):
                raise faults.fault(names[seat], seat, deal_no, None, faults.bad_call(answer, rnd))
            bids.append((seat, suit))
            if suit != PASS:
                taker, trump, take_round = seat, suit, rnd
                break
        if taker >= 0:
            break
    if taker < 0:
        return None

    hands = rest_of_hands(hands5, pack, dealer, taker)
    view.taker, view.trump, view.bid_round = taker, trump, 0
    bid_calls = tuple(bids)
    seen_leaders: tuple[int, ...] = ()

    def observed(seat: int) -> SeatChooser:
        """The chooser of a seat asked ``play(Observation)``, timed."""
        move = players[seat].play

        def ask(seat: int, hand: int, options: int, n: int, led: int, best: int, pos: int, trick: int) -> Any:
            nonlocal seen_leaders
            if len(seen_leaders) != len(leaders):  # a new trick: the leaders' tuple changes once per trick
                seen_leaders = tuple(leaders)
            obs = Observation(seat, dealer, hand, turned, bid_calls, taker, trump, tuple(plays), seen_leaders,
                              options, scores, target)
            t0 = now()
            answer = move(obs)
            seconds[seat] += now() - t0
            timed[seat] += 1
            return answer

        return ask

    def timing(chooser: SeatChooser) -> SeatChooser:
        """``chooser`` with each decision timed (a sampled deal, see :class:`Clock`)."""

        def ask(seat: int, hand: int, options: int, n: int, led: int, best: int, pos: int, trick: int) -> int:
            t0 = now()
            answer = chooser(seat, hand, options, n, led, best, pos, trick)
            seconds[seat] += now() - t0
            timed[seat] += 1
            return answer

        return ask

    # each seat answers through its player's chooser on the live view, or is asked play(Observation)
    choosers = [(timing(p.card_chooser(view)) if sampled else p.card_chooser(view)) if play_reads[seat]
                else observed(seat) for seat, p in enumerate(players)]

    def refuse(seat: int, options: int, answer: Any, k: int, err: Exception | None) -> int:
        """A chooser that raised or answered no legal card index: the :class:`PlayerError`, or the card a
        :class:`Card` (or an int type) names when it is legal."""
        if err is not None:
            raise _raised(names, seat, deal_no, k, err) from err
        card = answer.suit * 8 + answer.rank if type(answer) is Card else _card_index(answer)
        if card is None or not options >> card & 1:
            raise faults.fault(names[seat], seat, deal_no, k, faults.not_legal(answer, card, options))
        return card

    winners, won = play_tricks(hands, (dealer + 1) % 4, trump, rule is UndertrumpRule.MUST_UNDERTRUMP, choosers,
                               plays, leaders, asked=decisions, refuse=refuse)
    # the players' per-deal scratch (their choosers, which hold the view: a reference cycle) is dropped now,
    # so the deal's objects go when the deal does rather than at the collector's next pass
    view.shared.clear()
    return score_played(dealer, pack, taker, take_round, trump, hands, plays, winners, won, variants)


__all__ = ["Clock", "PlayerError", "play_deal"]
