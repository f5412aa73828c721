"""Which cards may be played, and who wins a trick (belote with a trump suit).

What: :func:`legal_cards` / :func:`violated_obligation` implement the seed
001 diagram "Algorithme de choix de cartes", and :func:`trick_winner` the
diagram "Algorithme de determination de gagnant".

The rule, as the seed draws it (player is not the leader):

1. Trump led: play a trump if you have one, a *higher* trump than the best on
   the table if you can ("monter"/overtrump), otherwise any trump ("pisser").
   This holds even when the partner is master. No trump: play anything.
2. Plain suit led and you have it: follow suit (any card of it).
3. Void in the led suit and your partner is master: play anything.
4. Void, partner not master, you hold trumps: you must trump; if an opponent
   already trumped you must overtrump when able.
5. Void and no trump: play anything.

Variant (where published rules differ): in case 4, when an opponent has
trumped and you cannot overtrump, the seed's diagram and the classic rules
(FFB official rules; contree.org "Fautes et sanctions", which lists failing
to "sous-couper" as a renonce) oblige you to play a lower trump
(:attr:`UndertrumpRule.MUST_UNDERTRUMP`, the default). Some contrée rule
sheets let you discard instead (:attr:`UndertrumpRule.MAY_DISCARD`).

One kernel per rule, on bitmasks: a hand is an int whose bit ``c`` is set
when it holds card ``c`` (``suit * 8 + rank``). :func:`legal_mask` is the
legal-card rule and :func:`winner_pos` the trick-winner rule; the engine, the
players and the simulators call them directly, and the :class:`Card` functions
(:func:`legal_cards`, :func:`trick_winner`, :func:`partner_is_master`,
:func:`violated_obligation`) are thin typed facades that convert and call them.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from arbitre.rulings.belote.cards import Card, Suit
from arbitre.rulings.i18n import T


class UndertrumpRule(str, Enum):
    """What a void player must do when an opponent trumped higher than all his trumps."""

    MUST_UNDERTRUMP = "must_undertrump"  # default: seed diagram + classic rules
    MAY_DISCARD = "may_discard"


class Obligation(str, Enum):
    """The obligation a renonce breaks (named in reports)."""

    FOLLOW = "follow"  # fournir
    TRUMP = "trump"  # couper (or play trump on a trump lead)
    OVERTRUMP = "overtrump"  # monter / surcouper
    UNDERTRUMP = "undertrump"  # sous-couper (only lower trumps than the opponent's)

    def label(self) -> T:
        return _OBLIGATION_LABELS[self]


_OBLIGATION_LABELS = {
    Obligation.FOLLOW: T("fournir (jouer la couleur demandée)", "follow suit"),
    Obligation.TRUMP: T("couper (jouer atout)", "trump"),
    Obligation.OVERTRUMP: T("monter (surcouper / jouer un atout plus fort)", "overtrump (play a higher trump)"),
    Obligation.UNDERTRUMP: T("sous-couper (jouer un atout même plus faible)", "undertrump (play a trump, even a lower one)"),
}

# Strength of each rank (natural-order index 7,8,9,10,J,Q,K,A) when trump / plain.
TRUMP_STRENGTH = (0, 1, 6, 4, 7, 2, 3, 5)  # J > 9 > A > 10 > K > Q > 8 > 7
PLAIN_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)  # A > 10 > K > Q > J > 9 > 8 > 7

SUIT_OF = tuple(i >> 3 for i in range(32))
RANK_OF = tuple(i & 7 for i in range(32))
# STRENGTH[trump][card]: comparable key; trumps get +16 so they beat any plain card.
STRENGTH: tuple[tuple[int, ...], ...] = tuple(
    tuple((16 + TRUMP_STRENGTH[i & 7]) if (i >> 3) == t else PLAIN_STRENGTH[i & 7] for i in range(32))
    for t in range(4)
)


# -- Kernel: bitmasks and card indices ----------------------------------------------

SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))
"""SUIT_MASK[suit]: the 8 cards of ``suit``."""

#: TRICK_KEY[trump][led][card]: strength of ``card`` in a trick led in ``led``;
#: -1 for a discard (neither led suit nor trump), which can never win.
TRICK_KEY: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(STRENGTH[t][c] if (c >> 3) in (led, t) else -1 for c in range(32)) for led in range(4))
    for t in range(4)
)

#: TRUMPS_ABOVE[trump][card]: the trumps that beat ``card`` (every trump when ``card`` is not one).
TRUMPS_ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << d for d in range(8 * t, 8 * t + 8) if STRENGTH[t][d] > STRENGTH[t][c]) for c in range(32))
    for t in range(4)
)


def legal_mask(hand: int, led: int, best: int, partner_master: bool, trump: int,
               must_undertrump: bool = True) -> int:
    """The legal cards (bitmask) of ``hand`` for a player who is not the leader.

    ``led`` is the suit led, ``best`` the card currently winning the trick and
    ``partner_master`` whether the partner played it. The trick's highest trump,
    if any, is ``best`` (a trump beats every plain card). The leader may play
    any card (see :func:`legal_on_trick`).
    """
    follow = hand & SUIT_MASK[led]
    if led == trump:  # play a trump, a higher one if able (even when the partner is master)
        if not follow:
            return hand
        return follow & TRUMPS_ABOVE[trump][best] or follow
    if follow:
        return follow
    if partner_master:
        return hand
    trumps = hand & SUIT_MASK[trump]
    if not trumps:
        return hand
    if best >> 3 != trump:  # nobody trumped yet: any trump
        return trumps
    return trumps & TRUMPS_ABOVE[trump][best] or (trumps if must_undertrump else hand)


def _settles(trump: int, led: int) -> int:
    """The cards of ``led`` when :func:`legal_mask` answers ``hand & SUIT_MASK[led]`` for a hand holding some of
    them, whatever the card winning, the partner and the undertrump rule; else 0. Asked of the kernel itself
    (so the rule is not stated a second time) on a few hands (the whole suit; its 7 or its ace with every other
    card) and tricks (won so far by the 7 or the ace of the suit led or of trumps); tests/belote/test_follow_settles.py
    checks the answer on random hands and tricks."""
    suit = SUIT_MASK[led]
    low, high = 8 * led, 8 * led + 7
    hands = (suit, (1 << low) | (ALL_CARDS ^ suit), (1 << high) | (ALL_CARDS ^ suit))
    bests = (low, high, 8 * trump, 8 * trump + 7)
    ok = all(legal_mask(hand, led, best, master, trump, under) == hand & suit
             for hand in hands for best in bests for master in (False, True) for under in (False, True))
    return suit if ok else 0


ALL_CARDS = (1 << 32) - 1
#: FOLLOW_SETTLES[trump][led]: the suit led when holding any of its cards settles a follower's legal cards
#: (they are exactly those cards: a plain suit led, see :func:`legal_mask`), else 0 (trump led: the trick
#: decides). Worked out from the kernel (:func:`_settles`). A hot loop may then write
#: ``hand & row[led] or legal_mask(...)`` (the same cards, without the call when following suit);
#: tests/belote/test_follow_settles.py checks it on random hands and tricks.
FOLLOW_SETTLES: tuple[tuple[int, ...], ...] = tuple(tuple(_settles(t, led) for led in range(4)) for t in range(4))


#: SAME_SUIT_ABOVE[card]: the cards of ``card``'s suit that beat it in the trump order (coinche "tout atout").
SAME_SUIT_ABOVE: tuple[int, ...] = tuple(
    sum(1 << d for d in range(8 * (c >> 3), 8 * (c >> 3) + 8) if TRUMP_STRENGTH[d & 7] > TRUMP_STRENGTH[c & 7])
    for c in range(32)
)


def legal_mask_no_trump(hand: int, led: int, best: int, all_trumps: bool) -> int:
    """Legal cards (bitmask) without a trump suit: coinche all-trumps (``all_trumps``) or no-trumps.

    Follow the led suit if able; in all-trumps go higher than ``best`` (the strongest
    card of the led suit on the table) when able; void: any card.
    """
    follow = hand & SUIT_MASK[led]
    if not follow:
        return hand
    if all_trumps:
        return follow & SAME_SUIT_ABOVE[best] or follow
    return follow


def winner_pos(trick: Sequence[int], trump: int) -> int:
    """Position (0-based, in play order) of the card winning ``trick`` (card indices) so far.

    The highest trump if any was played, else the highest card of the led suit;
    a discard never wins (seed diagram "Algorithme de determination de gagnant").
    """
    keys = TRICK_KEY[trump][trick[0] >> 3]
    best = 0
    best_key = keys[trick[0]]
    for pos in range(1, len(trick)):
        key = keys[trick[pos]]
        if key > best_key:
            best, best_key = pos, key
    return best


def legal_on_trick(hand: int, trick: Sequence[int], trump: int, must_undertrump: bool = True) -> int:
    """:func:`legal_mask` for any player, given the cards already in ``trick`` (indices, in play order)."""
    if not trick:
        return hand
    pos = winner_pos(trick, trump)
    return legal_mask(hand, trick[0] >> 3, trick[pos], len(trick) >= 2 and pos == len(trick) - 2, trump,
                      must_undertrump)


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of a collection of cards."""
    mask = 0
    for c in cards:
        mask |= 1 << (c.suit * 8 + c.rank)
    return mask


# -- Typed facades over the kernel ----------------------------------------------------

def legal_cards(hand: Sequence[Card], trick: Sequence[Card], trump: Suit,
                rule: UndertrumpRule = UndertrumpRule.MUST_UNDERTRUMP) -> list[Card]:
    """Cards of ``hand`` that may be played on ``trick`` (cards already played, in order).

    Whether the partner is master is derived from ``trick`` (the partner played
    two cards before this player).
    """
    legal = legal_on_trick(mask_of(hand), [c.index for c in trick], int(trump),
                           rule is UndertrumpRule.MUST_UNDERTRUMP)
    return [c for c in hand if legal >> c.index & 1]


def partner_is_master(trick: Sequence[Card], trump: Suit) -> bool:
    """True when the card two seats back (the partner's) currently wins ``trick``."""
    n = len(trick)
    return n >= 2 and winner_pos([c.index for c in trick], int(trump)) == n - 2


def violated_obligation(hand: Sequence[Card], trick: Sequence[Card], trump: Suit, card: Card,
                        rule: UndertrumpRule = UndertrumpRule.MUST_UNDERTRUMP) -> Obligation | None:
    """``None`` if ``card`` (assumed held) was legal, else the obligation it broke."""
    legal = legal_cards(hand, trick, trump, rule)
    if card in legal or not trick:
        return None
    led = trick[0].suit
    if any(c.suit == led for c in hand) and card.suit != led:
        return Obligation.FOLLOW
    if card.suit == trump:  # a trump, but not a high enough one
        return Obligation.OVERTRUMP
    on_table = [STRENGTH[int(trump)][c.index] for c in trick if c.suit == trump]
    if on_table:  # a trump is down: the duty was to beat it, or to play under it when unable
        strengths = [STRENGTH[int(trump)][c.index] for c in legal if c.suit == trump]
        if strengths and max(strengths) > max(on_table):
            return Obligation.OVERTRUMP
        if strengths:
            return Obligation.UNDERTRUMP
    return Obligation.TRUMP


def trick_winner(trick: Sequence[Card], trump: Suit) -> int:
    """Position (0..3, in play order) of the card that wins ``trick``.

    Seed rule: the highest trump if any trump was played (J, 9, A, 10, K, Q,
    8, 7), otherwise the highest card of the led suit (A, 10, K, Q, J, 9, 8, 7);
    a discard of another plain suit never wins.
    """
    return winner_pos([c.index for c in trick], int(trump))
