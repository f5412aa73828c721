"""Coinche (belote coinchée / contrée): contracts, denominations, card play and scoring.

What:

* contracts: a value 80..160 by steps of 10, ``capot`` (win every trick) or
  ``generale`` (the bidder alone wins every trick) — seed 003 "CONTRACT";
* denominations: a suit, ``TA`` (tout atout: every suit ranks like trump,
  J-9-A-10-K-Q-8-7) or ``SA`` (sans atout: A-10-K-Q-J-9-8-7);
* point tables, each totalling 162 with the dix de der:
  TA J 14, 9 9, A 6, 10 5, K 3, Q 1 (38 a suit); SA A 19, 10 10, K 4, Q 3, J 2
  (38 a suit); a suit contract uses the belote tables;
* who may coinche (an opponent of the current contract, once, after a
  contract exists) and surcoinche (the contract's side, after a coinche);
* :func:`score_coinche`: made/failed with multipliers.

Scoring default (widespread contrée usage, summarised e.g. by contree.org
"La marque"; the coinche ×2 / surcoinche ×4 figures appear in several public
rule sheets): a contract is made when the takers' points (cards + dix de
der + belote) reach the contract value and exceed the defence's; capot /
générale need every trick (générale: by the bidder alone). Not coinched and
made: takers score contract + their points, defence its points; failed:
defence scores 160 + contract. Coinched/surcoinched: the winning side scores
(160 + contract) × multiplier, the other side nothing. Belote always stays
with its holder. Variant: :attr:`CoincheVariants.surcoinche_multiplier`
(default 4; some tables play 3). Uncertain: local scoring sheets differ
(rounding to tens, announces in the contract) — see RULES.md.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

from arbitre.rulings.belote.cards import Card, Suit
from arbitre.rulings.belote.play import PLAIN_STRENGTH, TRUMP_STRENGTH, legal_mask_no_trump, legal_on_trick, mask_of
from arbitre.rulings.belote.play import legal_cards as belote_legal
from arbitre.rulings.belote.play import trick_winner as belote_winner
from arbitre.rulings.belote.scoring import PLAIN_POINTS, TRUMP_POINTS

MIN_BID = 80
MAX_BID = 160
BID_STEP = 10
CAPOT_VALUE = 250
GENERALE_VALUE = 500

TA_POINTS = (0, 0, 9, 5, 14, 1, 3, 6)  # by natural rank 7,8,9,10,J,Q,K,A
SA_POINTS = (0, 0, 0, 10, 2, 3, 4, 19)


class NoTrump(str, Enum):
    """The two non-suit denominations."""

    TA = "TA"  # tout atout / all trumps
    SA = "SA"  # sans atout / no trumps


Denomination: TypeAlias = Suit | NoTrump


class Level(str, Enum):
    POINTS = "points"
    CAPOT = "capot"
    GENERALE = "generale"


@dataclass(frozen=True)
class Contract:
    """A coinche contract: ``value`` (80..160, or 250 capot / 500 générale) in a denomination."""

    level: Level
    value: int
    denomination: Denomination

    @property
    def rank(self) -> int:
        """Ordering of contracts (the denomination does not matter)."""
        return self.value

    def text(self) -> str:
        den = self.denomination.value if isinstance(self.denomination, NoTrump) else self.denomination.en
        if self.level is Level.POINTS:
            return f"{self.value} {den}"
        return f"{self.level.value} {den}"


def card_points(card: Card, denomination: Denomination) -> int:
    """Points of a card under a coinche denomination."""
    if denomination is NoTrump.TA:
        return TA_POINTS[card.rank]
    if denomination is NoTrump.SA:
        return SA_POINTS[card.rank]
    return (TRUMP_POINTS if card.suit == denomination else PLAIN_POINTS)[card.rank]


def _strength(card: Card, denomination: NoTrump) -> int:
    """Rank strength under TA (every suit ranks like trump) or SA (plain order)."""
    return (TRUMP_STRENGTH if denomination is NoTrump.TA else PLAIN_STRENGTH)[card.rank]


def trick_winner(trick: Sequence[Card], denomination: Denomination) -> int:
    """Winner position in a trick: highest trump if any (suit contract), else highest of the led suit.

    A suit contract is the belote rule (:func:`arbitre.rulings.belote.play.trick_winner`).
    """
    if isinstance(denomination, Suit):
        return belote_winner(trick, denomination)
    led = trick[0].suit

    def key(c: Card) -> int:
        return _strength(c, denomination) if c.suit == led else -1

    return max(range(len(trick)), key=lambda i: key(trick[i]))


def legal_mask_on_trick(hand: int, trick: Sequence[int], denomination: Denomination) -> int:
    """The legal cards (bitmask) of ``hand`` (bitmask) on ``trick`` (card indices, in play order).

    Suit contracts: the belote kernel (:func:`arbitre.rulings.belote.play.legal_on_trick`);
    TA/SA: :func:`arbitre.rulings.belote.play.legal_mask_no_trump` (TA: follow suit and go
    higher in the led suit when able, every suit being trump; SA: follow suit). Void: any card.
    """
    if isinstance(denomination, Suit):
        return legal_on_trick(hand, trick, int(denomination))
    if not trick:
        return hand
    led = trick[0] >> 3
    strength = TRUMP_STRENGTH if denomination is NoTrump.TA else PLAIN_STRENGTH
    best = max((c for c in trick if c >> 3 == led), key=lambda c: strength[c & 7])
    return legal_mask_no_trump(hand, led, best, denomination is NoTrump.TA)


def legal_cards(hand: Sequence[Card], trick: Sequence[Card], denomination: Denomination) -> list[Card]:
    """Legal cards under a coinche denomination (:func:`legal_mask_on_trick` on cards)."""
    if isinstance(denomination, Suit):
        return belote_legal(hand, trick, denomination)
    if not trick:
        return list(hand)
    legal = legal_mask_on_trick(mask_of(hand), [c.index for c in trick], denomination)
    return [c for c in hand if legal >> c.index & 1]


# -- coinche rights ---------------------------------------------------------------

def may_coinche(seat: int, contract_seat: int | None, coinche_level: int) -> bool:
    """An opponent of the contract's side may coinche a contract not yet coinched."""
    return contract_seat is not None and coinche_level == 0 and (seat - contract_seat) % 2 == 1


def may_surcoinche(seat: int, contract_seat: int | None, coinche_level: int) -> bool:
    """The contract's side may surcoinche once a coinche was made."""
    return contract_seat is not None and coinche_level == 1 and (seat - contract_seat) % 2 == 0


# -- scoring -----------------------------------------------------------------------

@dataclass(frozen=True)
class CoincheVariants:
    surcoinche_multiplier: int = 4


@dataclass(frozen=True)
class CoincheScore:
    taker: int
    defence: int
    made: bool
    multiplier: int


def contract_made(contract: Contract, taker_points: int, defence_points: int, taker_tricks: int,
                  bidder_tricks: int, taker_belote: bool = False) -> bool:
    """Is the contract made? ``*_points`` are card points with dix de der (sum 162)."""
    if contract.level is Level.CAPOT:
        return taker_tricks == 8
    if contract.level is Level.GENERALE:
        return bidder_tricks == 8
    own = taker_points + (20 if taker_belote else 0)
    return own >= contract.value and own > defence_points


def score_coinche(contract: Contract, coinche_level: int, made: bool, taker_points: int, defence_points: int,
                  taker_belote: bool = False, defence_belote: bool = False,
                  variants: CoincheVariants = CoincheVariants()) -> CoincheScore:
    """Score a coinche deal (see module docstring for the default scheme)."""
    mult = (1, 2, variants.surcoinche_multiplier)[coinche_level]
    tb = 20 if taker_belote else 0
    db = 20 if defence_belote else 0
    if mult == 1:
        if made:
            own = contract.value if contract.level is not Level.POINTS else contract.value + taker_points
            return CoincheScore(own + tb, (0 if contract.level is not Level.POINTS else defence_points) + db, True, 1)
        return CoincheScore(tb, 160 + contract.value + db, False, 1)
    pot = (160 + contract.value) * mult
    if made:
        return CoincheScore(pot + tb, db, True, mult)
    return CoincheScore(tb, pot + db, False, mult)
