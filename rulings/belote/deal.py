"""Shuffle, cut and deal a belote hand, with the two taking rounds.

What (seed 001 diagrams "Distribution de cartes", "Gestion des enchères /
Prise", "Distribution du reste des cartes"):

1. shuffle (first deal only in real play) and cut the pack (a cut leaves at
   least 3 cards in each packet);
2. deal 3 then 2 cards to each player starting at the dealer's left;
3. turn the 21st card face up ("la retourne");
4. first taking round: each player, from the dealer's left, takes the turned
   suit or passes; second round: takes in another suit or passes; if all
   eight calls pass the deal is void and redealt;
5. the taker gets the turned card and 2 more, every other player 3, dealt
   from the dealer's left, so everyone holds 8.

Why: a seeded :class:`random.Random` makes every deal reproducible (tests,
benchmark, the players' arena). Seats are numbered 0..3; seat ``(dealer + 1) % 4`` speaks and
leads first; seats 0/2 and 1/3 are partners.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from arbitre.rulings.belote.cards import Card, Suit

#: A taking policy: (seat, hand of 5 cards, turned card, round 1 or 2) -> suit taken or None (pass).
TakePolicy = Callable[[int, Sequence[Card], Card, int], "Suit | None"]


def shuffle(pack: list[Card], rng: random.Random) -> list[Card]:
    """Return a shuffled copy of ``pack`` (seed: ``melanger_paquet``)."""
    out = list(pack)
    rng.shuffle(out)
    return out


CUT_MIN = 3
"""A cut leaves at least this many cards in each packet."""


def cut_at(pack: Sequence[Card], position: int) -> list[Card]:
    """Cut ``pack`` after ``position`` cards (the bottom packet goes on top); ``ValueError`` when a
    packet would hold fewer than :data:`CUT_MIN` cards."""
    if not CUT_MIN <= position <= len(pack) - CUT_MIN:
        raise ValueError(f"cut position {position} outside {CUT_MIN}..{len(pack) - CUT_MIN}")
    return list(pack[position:]) + list(pack[:position])


def cut(pack: list[Card], rng: random.Random) -> list[Card]:
    """Cut the pack at a random point leaving at least 3 cards in each packet."""
    return cut_at(pack, rng.randint(CUT_MIN, len(pack) - CUT_MIN))


def may_take(rnd: int, suit: Suit, turned: Card) -> bool:
    """Whether a player may take in ``suit`` in taking round ``rnd``: the turned suit in round 1,
    another suit in round 2."""
    return (rnd == 1) == (suit == turned.suit)


@dataclass
class DealtHand:
    """Outcome of one deal: hands (by seat), the turned card, the taker and trump."""

    dealer: int
    hands: list[list[Card]]
    turned: Card
    taker: int | None
    trump: Suit | None
    first_round: list[list[Card]]
    second_round: list[list[Card]]


def deal(pack: Sequence[Card], dealer: int, policy: TakePolicy) -> DealtHand:
    """Deal ``pack`` (top card first) 3+2, turn a card, run the taking rounds, finish the deal.

    When nobody takes, ``taker``/``trump`` are ``None`` and hands hold 5 cards:
    the caller redeals (the arena's engine does).
    """
    if len(pack) != 32 or len(set(pack)) != 32:
        raise ValueError("a belote pack has 32 distinct cards")
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    first: list[list[Card]] = [[] for _ in range(4)]
    pos = 0
    for packet in (3, 2):
        for seat in order:
            first[seat].extend(pack[pos:pos + packet])
            pos += packet
    turned = pack[pos]
    pos += 1
    taker: int | None = None
    trump: Suit | None = None
    for rnd in (1, 2):
        for seat in order:
            choice = policy(seat, first[seat], turned, rnd)
            if choice is None:
                continue
            if not may_take(rnd, choice, turned):
                continue  # an irregular call is treated as a pass here
            taker, trump = seat, choice
            break
        if taker is not None:
            break
    second: list[list[Card]] = [[] for _ in range(4)]
    if taker is None:
        return DealtHand(dealer, [list(h) for h in first], turned, None, None, first, second)
    second[taker].append(turned)
    for seat in order:
        n = 2 if seat == taker else 3
        second[seat].extend(pack[pos:pos + n])
        pos += n
    hands = [first[s] + second[s] for s in range(4)]
    return DealtHand(dealer, hands, turned, taker, trump, first, second)
