"""Computer players for the coinche table: a documented bidding rule and the arena's ``simple`` card play.

Bidding (one call per turn, from the bot's own eight cards; :func:`choose_call`):

* **strength counts**, one per denomination (:func:`strengths`):

  - a suit as trump (:func:`suit_strength`): trump Jack 4, trump Nine 3, trump Ace 2, any
    other trump 1; each side Ace 1; each side Ten held with its Ace 0.5;
  - TA, tout atout (:func:`ta_strength`; Jacks and Nines are the masters and the big
    points): each Jack 2.25; each Nine 1.5 held with its Jack, 0.5 without; each Ace 0.5
    held with its suit's Jack and Nine;
  - SA, sans atout (:func:`sa_strength`; Aces and Tens): each Ace 2.25; each Ten 1.5 held
    with its Ace, 0.5 held with another card of its suit; each King 0.5 held with its
    suit's Ace and Ten;

* **value** of a count ``c`` (:func:`bid_value`): 80 + 10 × (c − 7), nothing under 7, at
  most :data:`MAX_BOT_BID` (140). The best denomination is the one of highest value (on
  a tie: a suit, then SA, then TA);
* **open or overcall**: when nobody on the bot's side holds the contract and nobody has
  coinched, the bot bids its best denomination at its value if that is above the current
  contract; otherwise it passes;
* **raise the partner**: when the partner holds the contract, nobody has coinched and the
  bot has not bid yet in this deal, the bot counts its support for the partner's
  denomination (:func:`support`: in a suit, the trump Jack, the trump Nine and each side
  Ace; in TA each Jack; in SA each Ace). With support ``s`` ≥ 2 it bids the same
  denomination at the partner's value + 10 × (s − 1) (at most 140); else it passes;
* **coinche**: when the opponents hold the contract and nobody has coinched, the bot
  counts its sure defensive tricks ``d`` in their denomination (:func:`defence_tricks`:
  suit contract: the trump Jack 1, the trump Nine with two more trumps 1, each side Ace 1,
  each side Ten with its Ace 0.5; TA: each Jack 1, each Nine with its Jack 1; SA: each Ace
  1, each Ten with its Ace 1). Counting only 15 card points a trick (the partner's tricks
  are unknown), the takers can reach at most 162 − 15 × d: the bot coinches when that is
  below the contract's value (a capot or a générale: when d ≥ 1);
* **surcoinche**: when the opponents coinched the bot's side's contract, the bot
  surcoinches only when its own value for the contract's denomination is at least the
  contract's value + 20 (it would have bid 20 more alone): rare by design;
* anything else: pass.

Card play: the arena's ``simple`` player (:func:`arbitre.arena.players.simple.simple_card`),
whose tables have rows for TA (every suit ranks and scores like trump) and SA (no trump),
always among the referee's legal cards (:func:`arbitre.rulings.belote.coinche.legal_mask_on_trick`).
"""
from __future__ import annotations

from collections.abc import Sequence

from arbitre.arena.players.simple import simple_card
from arbitre.arena.players.tactics import SA, TA
from arbitre.rulings.belote.cards import DECK, Card, Rank, Suit
from arbitre.rulings.belote.coinche import Contract, Denomination, Level, NoTrump, legal_mask_on_trick
from arbitre.rulings.belote.coinche_auction import Call, CallKind, CoincheAuction
from arbitre.rulings.belote.play import mask_of
from arbitre.rulings.belote.scoring import TOTAL_POINTS

MIN_STRENGTH = 7
MAX_BOT_BID = 140
SURCOINCHE_MARGIN = 20
POINTS_PER_TRICK = 15


def _has(hand: Sequence[Card], suit: Suit, rank: Rank) -> bool:
    return Card(suit, rank) in hand


def suit_strength(hand: Sequence[Card], trump: Suit) -> float:
    """The count for ``trump`` as the trump suit (see the module docstring)."""
    s = 0.0
    for c in hand:
        if c.suit == trump:
            s += {Rank.JACK: 4, Rank.NINE: 3, Rank.ACE: 2}.get(c.rank, 1)
        elif c.rank == Rank.ACE:
            s += 1
        elif c.rank == Rank.TEN and _has(hand, c.suit, Rank.ACE):
            s += 0.5
    return s


def _masters_count(hand: Sequence[Card], top: Rank, second: Rank, third: Rank, lone_second_guarded: bool) -> float:
    """Each ``top`` 2.25; each ``second`` 1.5 held with its ``top``, else 0.5 (``lone_second_guarded``: only
    held with another card of its suit); each ``third`` 0.5 held with its suit's ``top`` and ``second``."""
    s = 0.0
    for c in hand:
        if c.rank == top:
            s += 2.25
        elif c.rank == second:
            if _has(hand, c.suit, top):
                s += 1.5
            elif not lone_second_guarded or sum(1 for d in hand if d.suit == c.suit) >= 2:
                s += 0.5
        elif c.rank == third and _has(hand, c.suit, top) and _has(hand, c.suit, second):
            s += 0.5
    return s


def ta_strength(hand: Sequence[Card]) -> float:
    """The count for tout atout: Jacks 2.25, Nines 1.5 with their Jack (0.5 without), Aces 0.5 under J and 9."""
    return _masters_count(hand, Rank.JACK, Rank.NINE, Rank.ACE, lone_second_guarded=False)


def sa_strength(hand: Sequence[Card]) -> float:
    """The count for sans atout: Aces 2.25, Tens 1.5 with their Ace (0.5 guarded), Kings 0.5 under A and 10."""
    return _masters_count(hand, Rank.ACE, Rank.TEN, Rank.KING, lone_second_guarded=True)


def strengths(hand: Sequence[Card]) -> dict[Denomination, float]:
    """The count of every denomination, in the tie order (suits, then SA, then TA)."""
    out: dict[Denomination, float] = {s: suit_strength(hand, s) for s in Suit}
    out[NoTrump.SA] = sa_strength(hand)
    out[NoTrump.TA] = ta_strength(hand)
    return out


def bid_value(count: float) -> int:
    """80 + 10 × (count − 7), 0 under :data:`MIN_STRENGTH`, at most :data:`MAX_BOT_BID`."""
    if count < MIN_STRENGTH:
        return 0
    return min(MAX_BOT_BID, 80 + 10 * int(count - MIN_STRENGTH))


def best_bid(hand: Sequence[Card]) -> tuple[Denomination, int]:
    """The denomination of highest value and that value (0: nothing worth a bid)."""
    counts = strengths(hand)
    best = max(counts, key=lambda d: bid_value(counts[d]))  # max keeps the first of equal values
    return best, bid_value(counts[best])


def support(hand: Sequence[Card], den: Denomination) -> int:
    """Support for the partner's denomination: trump J, trump 9, side Aces (suit); Jacks (TA); Aces (SA)."""
    if den is NoTrump.TA:
        return sum(1 for c in hand if c.rank == Rank.JACK)
    if den is NoTrump.SA:
        return sum(1 for c in hand if c.rank == Rank.ACE)
    return sum(1 for c in hand if (c.suit == den and c.rank in (Rank.JACK, Rank.NINE))
               or (c.suit != den and c.rank == Rank.ACE))


def defence_tricks(hand: Sequence[Card], den: Denomination) -> float:
    """Sure tricks against a contract in ``den`` (see the module docstring)."""
    d = 0.0
    for c in hand:
        if den is NoTrump.TA:
            d += c.rank == Rank.JACK or (c.rank == Rank.NINE and _has(hand, c.suit, Rank.JACK))
        elif den is NoTrump.SA:
            d += c.rank == Rank.ACE or (c.rank == Rank.TEN and _has(hand, c.suit, Rank.ACE))
        elif c.suit == den:
            trumps = sum(1 for t in hand if t.suit == den)
            d += c.rank == Rank.JACK or (c.rank == Rank.NINE and trumps >= 3)
        elif c.rank == Rank.ACE:
            d += 1
        elif c.rank == Rank.TEN and _has(hand, c.suit, Rank.ACE):
            d += 0.5
    return d


def should_coinche(hand: Sequence[Card], contract: Contract) -> bool:
    """The coinche rule: the takers cannot reach the contract if the bot's sure tricks stand."""
    d = defence_tricks(hand, contract.denomination)
    if contract.level is not Level.POINTS:
        return d >= 1
    return TOTAL_POINTS - POINTS_PER_TRICK * d < contract.value


def should_surcoinche(hand: Sequence[Card], contract: Contract) -> bool:
    """The surcoinche rule: the bot alone would have bid the contract's denomination 20 higher."""
    if contract.level is not Level.POINTS:
        return False
    return bid_value(strengths(hand)[contract.denomination]) >= contract.value + SURCOINCHE_MARGIN


def _den_word(den: Denomination) -> str:
    return den.value if isinstance(den, NoTrump) else den.en


def _bid(value: int, den: Denomination) -> Call:
    return Call(f"CONTRACT {value} {_den_word(den)}", CallKind.BID, str(value), _den_word(den))


def choose_call(hand: Sequence[Card], auction: CoincheAuction, seat: int, has_bid: bool = False) -> Call:
    """The bot's call at its turn (``seat`` in the auction's numbering; ``has_bid``: it bid earlier in this deal)."""
    current, holder = auction.contract, auction.contract_seat
    our_side = holder is not None and (holder - seat) % 2 == 0
    if current is not None and holder is not None:
        if auction.level == 1:  # coinched: only the contract's side may surcoinche
            if our_side and should_surcoinche(hand, current):
                return Call("SURCOINCHE", CallKind.REDOUBLE)
            return Call("PASS", CallKind.PASS)
        if not our_side and should_coinche(hand, current):
            return Call("COINCHE", CallKind.DOUBLE)
        if our_side:
            if holder != seat and not has_bid and current.level is Level.POINTS:
                s = support(hand, current.denomination)
                raised = min(MAX_BOT_BID, current.value + 10 * (s - 1))
                if s >= 2 and raised > current.value:
                    return _bid(raised, current.denomination)
            return Call("PASS", CallKind.PASS)
    den, value = best_bid(hand)
    if value and (current is None or value > current.rank):
        return _bid(value, den)
    return Call("PASS", CallKind.PASS)


def denomination_row(den: Denomination) -> int:
    """The arena tables' ``trump`` row of a coinche denomination (a suit 0..3, TA 4, SA 5)."""
    if den is NoTrump.TA:
        return TA
    if den is NoTrump.SA:
        return SA
    return int(den)


def choose_card(hand: Sequence[Card], trick: Sequence[Card], contract: Contract, our_side_took: bool) -> Card:
    """A legal card by the arena's ``simple`` player adapted to the contract (see the module docstring)."""
    den = contract.denomination
    own, on_table = mask_of(hand), tuple(c.index for c in trick)
    legal = legal_mask_on_trick(own, on_table, den)
    card = simple_card(own, legal, on_table, denomination_row(den), our_side_took)
    return DECK[card]
