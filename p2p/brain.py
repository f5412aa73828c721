"""The peer's player: the arena's registry and Observation, fed from the peer's own state.

What: :func:`load_player` finds a player by name in the arena's registry
(``random``, ``simple``, ``memory``, ``advanced`` or ``module:Class``);
:func:`observation` builds the arena's :class:`~arbitre.arena.observation.Observation`
from what this peer knows (its own cards, the turned card, the signed bids,
the cards played and who led each trick, the totals): never another seat's
cards, because the peer does not have them. :func:`choose_card` and
:func:`choose_bid` ask the player and check the answer is allowed.

Why: the players are written once, in :mod:`arbitre.arena`; a peer is only
another seat for them.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arbitre.arena import faults
from arbitre.arena.observation import PASS, Observation
from arbitre.p2p.bids import TAKE
from arbitre.p2p.model import Seat
from arbitre.rulings.belote.cards import Card, Suit, parse_suit
from arbitre.rulings.belote.deal import may_take
from arbitre.rulings.belote.play import legal_cards, mask_of
from arbitre.rulings.errors import InputError


def load_player(name: str) -> Any:
    """A fresh player instance for ``name`` (registry name or ``module:Class``); :class:`InputError` if unknown."""
    from arbitre.arena.registry import make_player

    return make_player(name)


def start_deal(player: Any, seed: int) -> None:
    """Reseed a player's random generator before a deal (players without one are left alone)."""
    hook = getattr(player, "start_deal", None)
    if callable(hook):
        hook(seed)


def bids_as_calls(bids: list[dict[str, Any]], roster: Sequence[Seat]) -> tuple[tuple[int, int], ...]:
    """Signed bids (:mod:`arbitre.p2p.bids`) as the Observation's ``(seat, suit or PASS)`` calls."""
    seat_of = {s.name: s.seat for s in roster}
    out = []
    for b in bids:
        suit = PASS if b.get("bid") != TAKE else int(parse_suit(str(b.get("couleur"))))
        out.append((seat_of[str(b.get("from"))], suit))
    return tuple(out)


def observation(seat: int, dealer: int, hand: list[Card], turned: Card, calls: tuple[tuple[int, int], ...],
                taker: int | None, trump: Suit | None, tricks: list[list[tuple[int, Card]]],
                current: list[tuple[int, Card]], leader: int, totals: dict[str, int], target: int) -> Observation:
    """What ``seat`` may know now (bidding when ``trump`` is ``None``); ``leader`` leads the current trick."""
    history = tuple(c.index for t in tricks for _, c in t) + tuple(c.index for _, c in current)
    leaders: tuple[int, ...] = ()
    legal = 0
    if trump is not None:
        leaders = tuple(t[0][0] for t in tricks) + (leader,)
        legal = mask_of(legal_cards(hand, [c for _, c in current], trump))
    return Observation(seat, dealer, mask_of(hand), turned.index, calls, -1 if taker is None else taker,
                       -1 if trump is None else int(trump), history, leaders, legal,
                       (totals["A"], totals["B"]), target)


def choose_card(player: Any, obs: Observation) -> Card:
    """The player's card; :class:`InputError` saying what was wrong when its ``play`` raised or answered
    something that is not one of the legal cards (see :mod:`arbitre.arena.faults`)."""
    legal = obs.legal_cards
    if len(legal) == 1:
        return legal[0]
    try:
        answer = player.play(obs)
    except Exception as err:  # noqa: BLE001  (a player's code may fail in any way: it is reported, never a traceback)
        raise InputError(faults.raised("play", err), token="play") from err
    card = answer if isinstance(answer, Card) else \
        Card.from_index(answer) if isinstance(answer, int) and 0 <= answer < 32 else None
    if card is None or card not in legal:
        raise InputError(faults.not_legal(answer, None if card is None else card.index, obs.legal),
                         token=str(answer))
    return card


def choose_bid(player: Any, obs: Observation) -> Suit | None:
    """The player's call: ``None`` (pass) or a suit allowed in this round; :class:`InputError` saying what was
    wrong otherwise (its ``bid`` raised, or answered another suit or something that is no suit)."""
    try:
        answer = player.bid(obs)
    except Exception as err:  # noqa: BLE001  (as in choose_card)
        raise InputError(faults.raised("bid", err), token="bid") from err
    if answer is None:
        return None
    suit = Suit(answer) if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < 4 else None
    if suit is None or not may_take(obs.bid_round, suit, obs.turned_card):
        raise InputError(faults.bad_call(answer, obs.bid_round), token=str(answer))
    return suit
