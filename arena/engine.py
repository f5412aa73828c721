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

from arbitre.arena.dealing import ORDERS, PlayedDeal, first_hands, full_hands, play_tricks, score_played
from arbitre.arena.observation import PASS, Observation, SeatView
from arbitre.arena.player import view_readers
from arbitre.rulings.belote.cards import DECK, Card
from arbitre.rulings.belote.play import UndertrumpRule
from arbitre.rulings.belote.scoring import Variants
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T


class PlayerError(InputError):
    """A player broke the interface: an illegal card or call, an unreadable answer, or an exception."""


class Clock:
    """Decisions per seat, and the seconds spent in the timed ones, for the gym's statistics.

    Every decision is counted. ``every`` (a power of two) samples the timing of the
    decisions of the players that read the engine's view: one in ``every`` of a seat's
    decisions is timed (two clock reads cost a third of a simple player's decision); the
    decisions of the other players are all timed. ``timed[seat]`` counts the
    decisions in ``seconds[seat]``, so ``seconds / timed`` is the mean decision time.
    """

    __slots__ = ("decisions", "mask", "seconds", "timed")

    def __init__(self, every: int = 1) -> None:
        if every < 1 or every & (every - 1):
            raise ValueError(f"every must be a power of two, not {every}")
        self.seconds = [0.0, 0.0, 0.0, 0.0]
        self.decisions = [0, 0, 0, 0]
        self.timed = [0, 0, 0, 0]
        self.mask = every - 1


def _fail(names: Sequence[str], seat: int, deal_no: int, fr: str, en: str, trick: int | None = None) -> PlayerError:
    where_fr = f"donne {deal_no}" + (f", pli {trick}" if trick else ", enchères")
    where_en = f"deal {deal_no}" + (f", trick {trick}" if trick else ", bidding")
    return PlayerError(T(f"joueur « {names[seat]} » (siège {seat + 1}), {where_fr} : {fr}",
                         f"player '{names[seat]}' (seat {seat + 1}), {where_en}: {en}"), token=names[seat])


def _raised(names: Sequence[str], seat: int, deal_no: int, trick: int | None, err: Exception) -> PlayerError:
    """The :class:`PlayerError` for a player whose ``bid`` or ``play`` raised ``err``."""
    method = "play" if trick else "bid"
    return _fail(names, seat, deal_no, f"{method} a levé {type(err).__name__} : {err}",
                 f"{method} raised {type(err).__name__}: {err}", trick)


def _card_index(answer: Any) -> int | None:
    if isinstance(answer, Card):
        return answer.suit * 8 + answer.rank
    if isinstance(answer, int) and 0 <= answer < 32:
        return answer
    return None


def _show(mask: int) -> str:
    return " ".join(DECK[c].short() for c in range(32) if mask >> c & 1)


def play_deal(players: Sequence[Any], pack: list[int], dealer: int, *, deal_no: int = 1,
              scores: tuple[int, int] = (0, 0), target: int = 501, variants: Variants = Variants(),
              rule: UndertrumpRule = UndertrumpRule.MUST_UNDERTRUMP, names: Sequence[str] | None = None,
              clock: Clock | None = None) -> PlayedDeal | None:
    """Deal ``pack`` (card indices, top first), bid and play with ``players[seat]``; ``None`` when all pass.

    A player whose ``bid`` is marked :func:`~arbitre.arena.player.reads_view` is handed the
    deal's live :class:`SeatView` (set to its seat and hand) instead of a fresh
    :class:`Observation`; one whose ``play`` is marked gives a card chooser on that view once
    the contract is known (``card_chooser``), asked with the seat, its hand and its legal
    cards for each card: the same facts, without a copy per decision.
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
    readers = [view_readers(p) for p in players]
    bidders = [p.bid for p in players]
    seconds, decisions, timed, now = clock.seconds, clock.decisions, clock.timed, time.perf_counter
    mask = clock.mask
    for rnd in (1, 2):
        for seat in ORDERS[(dealer + 1) % 4]:
            if readers[seat][0]:
                view.seat = seat
                view.hand = hands5[seat]
                seen: Observation | SeatView = view
                sampled = not decisions[seat] & mask
            else:
                seen = Observation(seat, dealer, hands5[seat], turned, tuple(bids), -1, -1, (), (), 0, scores, target)
                sampled = True
            t0 = now() if sampled else 0.0
            try:
                answer = bidders[seat](seen)
            except Exception as err:  # any failure of a player's code is reported, never a traceback
                raise _raised(names, seat, deal_no, None, err) from err
            if sampled:
                seconds[seat] += now() - t0
                timed[seat] += 1
            decisions[seat] += 1
            suit = PASS if answer is None else int(answer) if isinstance(answer, int) and 0 <= answer < 4 else None
            if suit is None or suit != PASS and (suit == turned_suit) != (rnd == 1):
                wanted = T("la couleur retournée ou passe", "the turned suit or pass") if rnd == 1 else \
                    T("une autre couleur que la retournée, ou passe", "a suit other than the turned one, or pass")
                raise _fail(names, seat, deal_no, f"annonce {answer!r} invalide au tour {rnd} (attendu : {wanted.fr})",
                            f"invalid call {answer!r} in round {rnd} (expected {wanted.en})")
            bids.append((seat, suit))
            if suit != PASS:
                taker, trump, take_round = seat, suit, rnd
                break
        if taker >= 0:
            break
    if taker < 0:
        return None

    hands = full_hands(pack, dealer, taker)
    view.taker, view.trump = taker, trump
    bid_calls = tuple(bids)
    # each seat answers through its player's chooser on the live view, or is asked play(Observation)
    choosers = [p.card_chooser(view) if readers[seat][1] else None for seat, p in enumerate(players)]
    movers = [p.play for p in players]
    seen_leaders: tuple[int, ...] = ()

    def ask(seat: int, hand: int, options: int, k: int) -> int:
        """One card decision, timed and checked (inlined: this runs for every card asked)."""
        nonlocal seen_leaders  # (a seat with a single legal card is not asked: play_tricks plays it)
        chooser = choosers[seat]
        if chooser is not None:
            if decisions[seat] & mask:  # not sampled for timing (see Clock)
                try:
                    answer: Any = chooser(seat, hand, options)
                except Exception as err:  # any failure of a player's code is reported, never a traceback
                    raise _raised(names, seat, deal_no, k, err) from err
            else:
                t0 = now()
                try:
                    answer = chooser(seat, hand, options)
                except Exception as err:  # any failure of a player's code is reported, never a traceback
                    raise _raised(names, seat, deal_no, k, err) from err
                seconds[seat] += now() - t0
                timed[seat] += 1
            decisions[seat] += 1
            if type(answer) is int and options >> answer & 1:
                return answer
        else:
            if len(seen_leaders) != len(leaders):  # a new trick: the leaders' tuple changes once per trick
                seen_leaders = tuple(leaders)
            obs = Observation(seat, dealer, hand, turned, bid_calls, taker, trump, tuple(plays), seen_leaders,
                              options, scores, target)
            t0 = now()
            try:
                answer = movers[seat](obs)
            except Exception as err:  # any failure of a player's code is reported, never a traceback
                raise _raised(names, seat, deal_no, k, err) from err
            seconds[seat] += now() - t0
            decisions[seat] += 1
            timed[seat] += 1
        return ask_checked(seat, options, answer, k)

    def ask_chooser(seat: int, hand: int, options: int, k: int) -> int:
        """:func:`ask` when every seat answers through a chooser (the gym's built-in players): one test less."""
        chooser = choosers[seat]
        if decisions[seat] & mask:  # not sampled for timing (see Clock)
            try:
                answer: Any = chooser(seat, hand, options)  # type: ignore[misc]  # no None here
            except Exception as err:  # any failure of a player's code is reported, never a traceback
                raise _raised(names, seat, deal_no, k, err) from err
            decisions[seat] += 1
            if type(answer) is int and options >> answer & 1:
                return answer
            return ask_checked(seat, options, answer, k)
        return ask(seat, hand, options, k)

    def ask_checked(seat: int, options: int, answer: Any, k: int) -> int:
        card = answer.suit * 8 + answer.rank if type(answer) is Card else _card_index(answer)
        if card is None or not options >> card & 1:
            shown = DECK[card].short() if card is not None else repr(answer)
            raise _fail(names, seat, deal_no, f"{shown} n'est pas une carte légale (légales : {_show(options)})",
                        f"{shown} is not a legal card (legal: {_show(options)})", k)
        return card

    winners, won = play_tricks(hands, (dealer + 1) % 4, trump, rule is UndertrumpRule.MUST_UNDERTRUMP,
                               ask if None in choosers else ask_chooser,
                               plays, leaders)
    return score_played(dealer, pack, taker, take_round, trump, hands, plays, winners, won, variants)


__all__ = ["Clock", "PlayerError", "play_deal"]
