"""What one seat may know when it must decide: the :class:`Observation`.

What: its own hand, the turned card, the calls so far, every card played so far
and who played it (the history in play order with the leader of each trick), the
contract (taker and trump), the cards the engine allows it to play, the dealer,
its seat, and the game scores and target. Never another hand, never the rest of the
pack: the engine builds an observation from public facts and the seat's own cards
only (a test proves that two deals differing only in unseen cards give equal
observations).

Representation: cards are indices ``0..31`` (``suit * 8 + rank``, see
:mod:`arbitre.rulings.belote.cards`) and sets of cards are bitmasks (bit ``c`` set
for card ``c``), so that players can call the rules kernels directly and stay fast;
properties give :class:`~arbitre.rulings.belote.cards.Card` views. :meth:`to_json`
and :meth:`from_json` give a plain JSON document with readable cards (``"10H"``),
for players that run in another process or on another machine.

An observation is a fresh object for every decision; it is a plain (not frozen)
dataclass because building it is on the hot path (a frozen dataclass costs three
times as much), so a player must treat it as read-only.

:class:`SeatView` is the same facts as a *live* view over the engine's state, for the
built-in players' fast path (see :mod:`arbitre.arena.engine`): one object per deal whose
``history``, ``leaders`` and ``bids`` are the engine's own growing lists, so nothing is
copied per decision. The engine sets ``seat`` and ``hand`` before each bid; during the play
a player's card chooser is given the seat, its hand and its legal cards as arguments (with
the current trick as the engine knows it, see :data:`arbitre.arena.player.Chooser`). It
holds exactly the fields of an :class:`Observation` (:meth:`SeatView.snapshot` is the
observation the seat would get once those three are set), never another hand.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from arbitre.rulings.belote.cards import DECK, Card, Suit, parse_card
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

PASS = -1
"""A pass in :attr:`Observation.bids`."""

_TRUMPS = ("H", "D", "C", "S", "TA", "SA")
"""The JSON names of :attr:`Observation.trump`: a suit, or a coinche tout-atout / sans-atout contract."""


def bid_round(trump: int, calls: int) -> int:
    """The taking round after ``calls`` calls: 1 (the turned suit or pass), 2 (another suit or pass), 0 once
    someone took (``trump >= 0``)."""
    if trump >= 0:
        return 0
    return 1 if calls < 4 else 2


@dataclass(slots=True)
class Observation:
    """One seat's view of the deal at the moment it must bid or play (see module docstring)."""

    seat: int  # 0..3; partners are seats 0/2 and 1/3; seat (dealer + 1) % 4 speaks and leads first
    dealer: int
    hand: int  # bitmask of the cards this seat holds now
    turned: int  # the turned card (index)
    bids: tuple[tuple[int, int], ...]  # (seat, suit taken or PASS) in order
    taker: int  # -1 while bidding
    trump: int  # suit index 0..3, -1 while bidding; coinche: 4 tout atout, 5 sans atout (players.tactics.TA/SA)
    history: tuple[int, ...]  # cards played so far in this deal, in play order (4 per trick)
    leaders: tuple[int, ...]  # leader of each trick started so far (leaders[k + 1] won trick k)
    legal: int  # bitmask of the cards the rules allow now (0 while bidding)
    scores: tuple[int, int] = (0, 0)  # game totals by team (0: seats 0/2, 1: seats 1/3) before this deal
    target: int = 501

    # -- derived facts -------------------------------------------------------
    @property
    def bidding(self) -> bool:
        return self.trump < 0

    @property
    def bid_round(self) -> int:
        """1 (take the turned suit or pass) or 2 (name another suit or pass); 0 once someone took."""
        return bid_round(self.trump, len(self.bids))

    @property
    def team(self) -> int:
        return self.seat & 1

    @property
    def partner(self) -> int:
        return self.seat ^ 2

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the current trick, in play order (empty when this seat leads)."""
        n = len(self.history) & 3
        return self.history[len(self.history) - n:] if n else ()

    @property
    def trick_leader(self) -> int:
        """Who led (or leads) the current trick."""
        return self.leaders[-1] if self.leaders else (self.dealer + 1) % 4

    @property
    def trick_number(self) -> int:
        """1..8 during play."""
        return len(self.history) // 4 + 1

    @property
    def played(self) -> int:
        """Bitmask of every card played so far in this deal."""
        mask = 0
        for c in self.history:
            mask |= 1 << c
        return mask

    def who_played(self, position: int) -> int:
        """Seat that played ``history[position]``."""
        return (self.leaders[position >> 2] + (position & 3)) % 4

    # -- Card views ---------------------------------------------------------------
    @property
    def hand_cards(self) -> list[Card]:
        return [DECK[c] for c in range(32) if self.hand >> c & 1]

    @property
    def legal_cards(self) -> list[Card]:
        return [DECK[c] for c in range(32) if self.legal >> c & 1]

    @property
    def trump_suit(self) -> Suit | None:
        return Suit(self.trump) if 0 <= self.trump < 4 else None

    @property
    def turned_card(self) -> Card:
        return DECK[self.turned]

    # -- JSON ---------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """A plain JSON document (cards as ``"AH"``, ``"10S"``; suits as ``"H"``; a pass as ``null``)."""

        def cards(mask: int) -> list[str]:
            return [DECK[c].short() for c in range(32) if mask >> c & 1]

        return {
            "seat": self.seat, "dealer": self.dealer, "hand": cards(self.hand), "turned": DECK[self.turned].short(),
            "bids": [{"seat": s, "suit": None if b == PASS else "HDCS"[b]} for s, b in self.bids],
            "taker": None if self.taker < 0 else self.taker,
            "trump": None if self.trump < 0 else _TRUMPS[self.trump],
            "history": [DECK[c].short() for c in self.history], "leaders": list(self.leaders),
            "legal": cards(self.legal), "scores": list(self.scores), "target": self.target,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def from_json(cls, doc: dict[str, Any] | str) -> Observation:
        """Read :meth:`to_json`'s document back; a bad field raises :class:`InputError` naming it."""
        data = json.loads(doc) if isinstance(doc, str) else doc
        field = "?"
        try:
            field = "hand"
            hand = _mask(data["hand"])
            field = "legal"
            legal = _mask(data["legal"])
            field = "turned"
            turned = parse_card(data["turned"]).index
            field = "history"
            history = tuple(parse_card(c).index for c in data["history"])
            field = "bids"
            bids = tuple((int(b["seat"]), PASS if b["suit"] is None else "HDCS".index(b["suit"])) for b in data["bids"])
            field = "trump"
            trump = -1 if data["trump"] is None else _TRUMPS.index(data["trump"])
            field = "seat"
            return cls(seat=int(data["seat"]), dealer=int(data["dealer"]), hand=hand, turned=turned, bids=bids,
                       taker=-1 if data["taker"] is None else int(data["taker"]), trump=trump, history=history,
                       leaders=tuple(int(x) for x in data["leaders"]), legal=legal,
                       scores=(int(data["scores"][0]), int(data["scores"][1])), target=int(data.get("target", 501)))
        except (KeyError, TypeError, ValueError, IndexError, InputError) as err:
            raise InputError(T(f"observation illisible, champ {field} : {err}",
                               f"unreadable observation, field {field}: {err}"), token=field) from None


class SeatView:
    """The engine's live view of one deal, for players that read it without a copy (see module docstring).

    The fields mean what :class:`Observation`'s do; ``history``, ``leaders`` and ``bids`` are
    lists the engine appends to (a reader must not keep or change them); the engine keeps
    ``bid_round`` equal to :func:`bid_round` of the view. ``shared`` is a
    per-deal scratch dict where players fold public facts once for the four seats (the
    ``memory`` player keeps the cards played and the voids there).
    """

    __slots__ = ("bid_round", "bids", "dealer", "hand", "history", "leaders", "legal", "scores", "seat", "shared",
                 "target", "taker", "trump", "turned")

    def __init__(self, dealer: int, turned: int, bids: list[tuple[int, int]], history: list[int],
                 leaders: list[int], scores: tuple[int, int], target: int) -> None:
        self.seat = 0
        self.dealer = dealer
        self.hand = 0
        self.turned = turned
        self.bids = bids
        self.taker = -1
        self.trump = -1
        self.history = history
        self.leaders = leaders
        self.legal = 0
        self.scores = scores
        self.target = target
        self.shared: dict[str, Any] = {}
        # as Observation.bid_round, set by the engine as the deal goes (1, 2, then 0 once someone took): a
        # plain attribute rather than a property, read by every bid
        self.bid_round = 1

    @property
    def trick(self) -> list[int]:
        """The cards of the current trick, in play order (empty when this seat leads)."""
        h = self.history
        n = len(h) & 3
        return h[len(h) - n:] if n else []

    @property
    def trick_leader(self) -> int:
        return self.leaders[-1] if self.leaders else (self.dealer + 1) % 4

    def snapshot(self) -> Observation:
        """The :class:`Observation` this seat would be given now (a copy: it does not change afterwards)."""
        return Observation(self.seat, self.dealer, self.hand, self.turned, tuple(self.bids), self.taker, self.trump,
                           tuple(self.history), tuple(self.leaders), self.legal, self.scores, self.target)


def _mask(cards: list[str]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << parse_card(c).index
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, in index order."""
    return [DECK[c] for c in range(32) if mask >> c & 1]
