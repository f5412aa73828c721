"""Build observations for hand-made positions: legal cards come from the rules kernel."""
from __future__ import annotations

from arbitre.arena.observation import Observation
from arbitre.rulings.belote.cards import parse_card
from arbitre.rulings.belote.play import legal_on_trick, winner_pos


def cards(text: str) -> list[int]:
    return [parse_card(t).index for t in text.split()]


def mask(text: str) -> int:
    m = 0
    for c in cards(text):
        m |= 1 << c
    return m


def position(hand: str, trump: str, *, tricks: list[str] = (), trick: str = "", first_leader: int = 0,
             taker: int = 0, dealer: int = 3, turned: str | None = None) -> Observation:
    """The observation of the seat to play after ``tricks`` (complete, in play order) and the current ``trick``."""
    t = "HDCS".index(trump)
    history: list[int] = []
    leaders = [first_leader]
    for done in tricks:
        cs = cards(done)
        history += cs
        leaders.append((leaders[-1] + winner_pos(cs, t)) % 4)
    current = cards(trick)
    history += current
    seat = (leaders[-1] + len(current)) % 4
    h = mask(hand)
    turned_card = cards(turned)[0] if turned else t * 8
    return Observation(seat, dealer, h, turned_card, ((taker, t),), taker, t, tuple(history), tuple(leaders),
                       legal_on_trick(h, current, t), (0, 0), 501)


def bid_position(hand: str, turned: str, *, seat: int = 0, dealer: int = 3, bids=()) -> Observation:
    return Observation(seat, dealer, mask(hand), cards(turned)[0], tuple(bids), -1, -1, (), (), 0, (0, 0), 501)
