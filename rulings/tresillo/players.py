"""Players for the engine: a random legal player (benchmarks, property tests) and a simple sensible one.

What: :class:`RandomPlayer` makes a uniformly random legal choice at every
step; :class:`SimplePlayer` bids from its trumps and masters, exchanges to keep
trumps and kings, and plays plainly (win cheaply when it can, else play low).
Both only ever choose among the options the engine offers, so every coup they
play is legal by construction (and ``tresillo check`` finds it clean).

Why: ``arbitre tresillo play`` and the benchmark need players; the engine
(:mod:`.game`) asks them through the small interface of :class:`Player`.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from arbitre.rulings.tresillo.auction import PASS, AuctionState, Call, Kind
from arbitre.rulings.tresillo.cards import HAND, ROI, SUITS, TALON, rank_of
from arbitre.rulings.tresillo.trumps import (
    EFF_SUIT,
    PLAIN_POWER,
    TRIOMPHE_RANK,
    TRUMP,
    TRUMP_POWER,
)


class Table:
    """What a player may know when asked: the contract, whose turn, what has been played.

    ``trick`` (the cards on the table, leader first), ``tricks`` (the finished tricks, ``(leader,
    cards in playing order, winner)``), ``tricks_won`` (seat -> count) and ``order`` (the three seats in
    playing order from the current trick's leader) are shared with the engine, which updates them as
    the play goes; ``trick_seats``, ``played`` and ``trick_number`` derive from them.
    """

    __slots__ = ("favour", "joueur", "kind", "order", "seat", "trick", "tricks", "tricks_won", "trump")

    def __init__(self, seat: int, favour: int = 3, joueur: int | None = None, kind: Kind | None = None,
                 trump: int = 0, shared: tuple[list[int], list[int], list[Any], dict[int, int]] | None = None) -> None:
        """``shared``: the engine's ``(trick, order, tricks, tricks_won)``, the same objects for every seat."""
        self.seat, self.favour, self.joueur, self.kind, self.trump = seat, favour, joueur, kind, trump
        self.trick, self.order, self.tricks, self.tricks_won = ([], [], [], {}) if shared is None else shared

    @property
    def trick_seats(self) -> list[int]:
        """The seats of the cards on the table, leader first."""
        return self.order[:len(self.trick)]

    @property
    def played(self) -> set[int]:
        """Every card of the finished tricks."""
        return {c for _, cards, _ in self.tricks for c in cards}

    @property
    def trick_number(self) -> int:
        """The trick about to be played or being played (1-9)."""
        return len(self.tricks) + 1


class Player:
    """The decisions the engine asks for. Each method receives only legal options to pick from."""

    name = "player"

    def dealer_bet(self, table: Table) -> str | None:
        raise NotImplementedError

    def bid(self, hand: Sequence[int], state: AuctionState, table: Table, options: list[Call]) -> Call:
        raise NotImplementedError

    def choose_trump(self, hand: Sequence[int], suits: list[int], table: Table) -> int:
        raise NotImplementedError

    def discard(self, hand: Sequence[int], most: int, least: int, table: Table) -> list[int]:
        raise NotImplementedError

    def permit(self, hand: Sequence[int], count: int, table: Table) -> bool:
        """In a Solo, the other opponent asks leave to discard ``count`` (8 or 9) cards: grant it?

        Nothing has been drawn before him in a Solo, so ``13 - count`` cards would be left for this player.
        """
        raise NotImplementedError

    def play(self, hand: Sequence[int], legal: list[int], table: Table) -> int:
        raise NotImplementedError

    def surrender(self, hand: Sequence[int], table: Table) -> bool:
        raise NotImplementedError

    def defend(self, hand: Sequence[int], table: Table) -> bool:
        raise NotImplementedError

    def chelem(self, hand: Sequence[int], table: Table) -> bool:
        raise NotImplementedError


class RandomPlayer(Player):
    """Uniformly random among the legal options (passes half the time in the auction, so it ends)."""

    name = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng
        self._random = rng.random  # bound once: the benchmark calls it for every card

    def dealer_bet(self, table: Table) -> str | None:
        return ("J", "P", "C", None)[int(self._random() * 4)]

    def bid(self, hand: Sequence[int], state: AuctionState, table: Table, options: list[Call]) -> Call:
        rand = self._random
        if len(options) == 1 or rand() < 0.5:
            return options[0]
        return options[1 + int(rand() * (len(options) - 1))]

    def choose_trump(self, hand: Sequence[int], suits: list[int], table: Table) -> int:
        return self.rng.choice(suits)

    def discard(self, hand: Sequence[int], most: int, least: int, table: Table) -> list[int]:
        rand = self._random
        n = least + int(rand() * (most - least + 1))
        if not n:
            return []
        # a random order of the hand: one random key per card, drawn in the hand's order (sorted draws the
        # keys first, one per item in order, then sorts stably)
        return sorted(hand, key=lambda _: rand())[:n]

    def permit(self, hand: Sequence[int], count: int, table: Table) -> bool:
        return self._random() < 0.5

    def play(self, hand: Sequence[int], legal: list[int], table: Table) -> int:
        n = len(legal)
        return legal[0] if n == 1 else legal[int(self._random() * n)]

    def surrender(self, hand: Sequence[int], table: Table) -> bool:
        return self._random() < 0.1

    def defend(self, hand: Sequence[int], table: Table) -> bool:
        return self._random() < 0.5

    def chelem(self, hand: Sequence[int], table: Table) -> bool:
        return self._random() < 0.5


def strength(hand: Sequence[int], trump: int) -> float:
    """A rough count of the tricks ``hand`` can take with ``trump``: trumps, Triomphes, plain kings."""
    eff, tri = EFF_SUIT[trump], TRIOMPHE_RANK[trump]
    score = 0.0
    for c in hand:
        if eff[c] == TRUMP:
            score += 1.6 if c in tri else (1.2 if TRUMP_POWER[trump][c] >= 96 else 1.0)
        elif rank_of(c) == ROI:
            score += 0.8
    return score


class SimplePlayer(Player):
    """A plain, legal, sensible player (deterministic given the deal)."""

    name = "simple"

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random(0)

    def dealer_bet(self, table: Table) -> str | None:
        return "J"  # most coups are won by the Joueur

    def _desire(self, hand: Sequence[int], favour: int) -> Kind | None:
        best_plain = max(strength(hand, s) for s in SUITS if s != favour)
        fav = strength(hand, favour)
        if fav >= 7.5:
            return Kind.SOLO_FAVOUR
        if best_plain >= 7.5:
            return Kind.SOLO
        if fav >= 5.0:
            return Kind.FAVOUR
        if best_plain >= 5.0:
            return Kind.SIMPLE
        return None

    def bid(self, hand: Sequence[int], state: AuctionState, table: Table, options: list[Call]) -> Call:
        want = self._desire(hand, table.favour)
        if want is None:
            return options[0]
        for call in options[1:]:
            kind = state.kind_of(call)
            if kind == want:
                return call
        return options[0]

    def choose_trump(self, hand: Sequence[int], suits: list[int], table: Table) -> int:
        return max(suits, key=lambda s: strength(hand, s))

    def discard(self, hand: Sequence[int], most: int, least: int, table: Table) -> list[int]:
        eff, trump = EFF_SUIT[table.trump], table.trump
        weak = [c for c in hand if eff[c] != TRUMP and rank_of(c) != ROI]
        weak.sort(key=lambda c: PLAIN_POWER[trump][c])
        chosen = weak[:most]
        if len(chosen) < least:  # a Retourne: at least one card goes, to take the turned card
            rest = sorted((c for c in hand if c not in chosen), key=lambda c: (TRUMP_POWER[trump][c], PLAIN_POWER[trump][c]))
            chosen += rest[:least - len(chosen)]
        return chosen

    def permit(self, hand: Sequence[int], count: int, table: Table) -> bool:
        """Grant when what would be left of the talon covers the cards it wants to change itself."""
        return len(self.discard(hand, HAND, 0, table)) <= TALON - count

    def _power(self, c: int, table: Table) -> int:
        tp = TRUMP_POWER[table.trump][c]
        return 100 + tp if tp else PLAIN_POWER[table.trump][c]

    def play(self, hand: Sequence[int], legal: list[int], table: Table) -> int:
        if len(legal) == 1:
            return legal[0]
        from arbitre.rulings.tresillo.play import trick_winner

        trump = table.trump
        if not table.trick:
            if table.seat == table.joueur:
                return max(legal, key=lambda c: self._power(c, table))
            kings = [c for c in legal if rank_of(c) == ROI and EFF_SUIT[trump][c] != TRUMP]
            return kings[0] if kings else min(legal, key=lambda c: self._power(c, table))
        current = table.trick_seats[trick_winner(table.trick, trump)]
        partner_winning = table.seat != table.joueur and current != table.joueur
        if not partner_winning:
            winning = [c for c in legal if trick_winner([*table.trick, c], trump) == len(table.trick)]
            if winning:
                return min(winning, key=lambda c: self._power(c, table))
        return min(legal, key=lambda c: self._power(c, table))

    def surrender(self, hand: Sequence[int], table: Table) -> bool:
        won = table.tricks_won.get(table.seat, 0)
        return table.trick_number == 4 and won == 0 and strength(hand, table.trump) < 2.5

    def defend(self, hand: Sequence[int], table: Table) -> bool:
        return strength(hand, table.trump) >= 4.0

    def chelem(self, hand: Sequence[int], table: Table) -> bool:
        eff = EFF_SUIT[table.trump]
        return all(eff[c] == TRUMP for c in hand)


PLAYERS = {"simple": SimplePlayer, "random": RandomPlayer}
"""Player kinds by name, for ``arbitre tresillo play --players``."""

__all__ = ["PASS", "PLAYERS", "Player", "RandomPlayer", "SimplePlayer", "Table", "strength"]
