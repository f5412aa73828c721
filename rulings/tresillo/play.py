"""The play of the cards: what may be played, who wins a trick.

What: :func:`legal_cards` (and :func:`legal_rule` / :func:`legal_from`, the same rule for the engine), :func:`broken_obligation` (the rule a card breaks,
for the checker) and :func:`trick_winner` (and :func:`winner_rule`, the same rule for the engine).

The rules, as the rulebook gives them:

* the only obligation is to follow: play a card of the suit led (a trump when
  a trump is led, the Épée and the Bâton included); never to trump, never to
  go higher; a player without the suit plays anything;
* the Triomphes' privilege (Épée, Mala, Bâton): when a trump is led, a player
  whose only trumps are Triomphes may keep them back, **except** that he must
  play his Triomphe when it is his only trump and the trick was opened with a
  higher Triomphe. Only the card that opened the trick counts: a Triomphe
  played later in the trick by another player forces nothing.
* a player holding a trump that is not a Triomphe must play a trump (any
  trump, a Triomphe included) when a trump is led.

Variant :attr:`TriompheRule.OMBRE` (Ombre's reading): a player whose trumps are
all Triomphes must play a trump when the opening card is a Triomphe higher
than one of his, even when he holds two of them. The default
:attr:`TriompheRule.SEED` follows the rulebook's words ("l'unique atout").

Why: the legal-card rule is the heart of both the engine and the referee; the
checker names the obligation broken.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum

from arbitre.rulings.i18n import T
from arbitre.rulings.tresillo.trumps import (
    EFF_SUIT,
    PLAIN_POWER,
    TRIOMPHE_RANK,
    TRUMP,
    TRUMP_POWER,
)


class TriompheRule(str, Enum):
    """When a Triomphe must be played to a trump lead (see the module docstring)."""

    SEED = "seed"
    OMBRE = "ombre"


_SEED = TriompheRule.SEED

WIN_KEY = [[[1000 + TRUMP_POWER[t][c] if TRUMP_POWER[t][c] else (PLAIN_POWER[t][c] if EFF_SUIT[t][c] == led else -1)
             for c in range(40)] for led in range(5)] for t in range(4)]
"""``WIN_KEY[trump][suit led][card]``: how strongly a card bids for the trick (trumps above the suit led,
other suits never win); the highest key wins."""
_LED_KEY = [[WIN_KEY[t][EFF_SUIT[t][c]] for c in range(40)] for t in range(4)]
"""``_LED_KEY[trump][card led]``: the :data:`WIN_KEY` row of the suit that card opens."""


class Obligation(str, Enum):
    """The obligation a card broke (a renonce)."""

    FOLLOW = "follow"  # a plain suit was led and the player held it
    FOLLOW_TRUMP = "follow_trump"  # a trump was led and the player held a trump that is not a Triomphe
    TRIOMPHE = "triomphe"  # a Triomphe forced by a higher Triomphe led was withheld

    def label(self) -> T:
        return _LABELS[self]


_FOLLOW_TRUMP, _TRIOMPHE = Obligation.FOLLOW_TRUMP, Obligation.TRIOMPHE  # enum look-ups are slow on the hot path

_LABELS = {
    Obligation.FOLLOW: T("fournir à la couleur demandée", "follow the suit led"),
    Obligation.FOLLOW_TRUMP: T("fournir atout (il avait un atout qui n'est pas un Triomphe)",
                               "follow with a trump (he held a trump that is not a Triomphe)"),
    Obligation.TRIOMPHE: T("jouer son Triomphe, seul atout, sous un Triomphe supérieur entamé",
                           "play his Triomphe, his only trump, under a higher Triomphe led"),
}


def _trump_duty(trumps: Sequence[int], led: int, tri: dict[int, int], strict: bool) -> Obligation | None:
    """To a trump lead, holding ``trumps`` (not empty): the obligation to play one of them (None: free).

    ``tri``: the Triomphes' ranks for the trump suit (:data:`TRIOMPHE_RANK`); ``strict``: the Ombre reading.
    """
    for c in trumps:
        if c not in tri:
            return _FOLLOW_TRUMP
    led_rank = tri.get(led, 0)
    if led_rank and (strict or len(trumps) == 1):
        for c in trumps:
            if tri[c] < led_rank:
                return _TRIOMPHE
    return None


def by_suit(hand: Sequence[int], trump: int) -> list[list[int]]:
    """The cards of ``hand`` by the suit they follow: ``[denier, coupe, épée, bâton, trumps]``."""
    eff = EFF_SUIT[trump]
    out: list[list[int]] = [[], [], [], [], []]
    for c in hand:
        out[eff[c]].append(c)
    return out


LegalRule = Callable[[list[int], list[list[int]], int], list[int]]
"""``legal(hand, suits, led)``: the legal cards, given the hand split by :func:`by_suit` and the card that
opened the trick. May return ``hand`` or one of ``suits`` itself (callers must not modify it)."""


def _make_rule(trump: int, rule: TriompheRule) -> LegalRule:
    eff, tri, strict = EFF_SUIT[trump], TRIOMPHE_RANK[trump], rule is not _SEED

    def legal(hand: list[int], suits: list[list[int]], led: int) -> list[int]:
        suit = eff[led]
        if suit != TRUMP:
            return suits[suit] or hand
        trumps = suits[TRUMP]
        return trumps if trumps and _trump_duty(trumps, led, tri, strict) is not None else hand

    return legal


_RULES = [(_make_rule(t, TriompheRule.SEED), _make_rule(t, TriompheRule.OMBRE)) for t in range(4)]


def legal_rule(trump: int, rule: TriompheRule = TriompheRule.SEED) -> LegalRule:
    """The legal-card rule for a contract, bound once (the engine calls it for every card)."""
    return _RULES[trump][rule is not _SEED]  # by identity: hashing an Enum member is slow


def legal_from(hand: list[int], suits: list[list[int]], led: int, trump: int,
               rule: TriompheRule = TriompheRule.SEED) -> list[int]:
    """The legal-card rule, given the hand split by :func:`by_suit` and the card that opened the trick.

    May return ``hand`` or one of ``suits`` itself (callers must not modify the list returned).
    """
    return _RULES[trump][rule is not _SEED](hand, suits, led)


def legal_cards(hand: Sequence[int], trick: Sequence[int], trump: int,
                rule: TriompheRule = TriompheRule.SEED) -> list[int]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards already played, leader first)."""
    cards = list(hand)
    if not trick:
        return cards
    return list(legal_from(cards, by_suit(cards, trump), trick[0], trump, rule))


def broken_obligation(hand: Sequence[int], trick: Sequence[int], trump: int, played: int,
                      rule: TriompheRule = TriompheRule.SEED) -> Obligation | None:
    """The obligation ``played`` breaks (None when it was a legal card). ``played`` is in ``hand``."""
    if not trick:
        return None
    led = trick[0]
    eff = EFF_SUIT[trump]
    suit = eff[led]
    if suit == TRUMP:
        trumps = [c for c in hand if eff[c] == TRUMP]
        duty = _trump_duty(trumps, led, TRIOMPHE_RANK[trump], rule is not _SEED) if trumps else None
        return duty if duty is not None and played not in trumps else None
    if eff[played] != suit and any(eff[c] == suit for c in hand):
        return Obligation.FOLLOW
    return None


def trick_winner(trick: Sequence[int], trump: int) -> int:
    """Index (in ``trick``) of the winning card: the highest trump, else the highest of the suit led.

    Ties cannot happen between different cards of one trick (:data:`WIN_KEY` ranks them strictly) except
    at -1, the cards that neither follow nor trump, which never beat the card led. A whole trick of three
    cards goes through :func:`winner_rule`'s unrolled form of this loop.
    """
    if len(trick) == 3:
        return _WINNERS[trump](*trick)
    key = _LED_KEY[trump][trick[0]]
    best = i = 0
    best_key = -2  # below every key: the card led wins unless beaten
    for c in trick:
        k = key[c]
        if k > best_key:
            best, best_key = i, k
        i += 1
    return best


WinnerRule = Callable[[int, int, int], int]
"""``winner(led, second, third)``: the index (0, 1, 2) of the card that wins a whole trick of three."""


def _make_winner(trump: int) -> WinnerRule:
    led_key = _LED_KEY[trump]

    def winner(led: int, second: int, third: int) -> int:
        # trick_winner's loop, unrolled for three cards: a later card wins only with a strictly higher key
        key = led_key[led]
        k0, k1, k2 = key[led], key[second], key[third]
        if k1 > k0:
            return 2 if k2 > k1 else 1
        return 2 if k2 > k0 else 0

    return winner


_WINNERS = [_make_winner(t) for t in range(4)]


def winner_rule(trump: int) -> WinnerRule:
    """The trick-winner rule for a contract, bound once (the engine calls it for every trick)."""
    return _WINNERS[trump]
