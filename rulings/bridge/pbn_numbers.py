"""Board numbers across a PBN file: tag inheritance and clashes (:class:`_Numbers`).

Both lanes make boards one record at a time; what a record's number is when it leaves its
``[Board]`` tag out, and whether a number comes back with other cards, depends on the records
before it, so the reader (:mod:`~arbitre.rulings.bridge.pbn`) shows every board to one
:class:`_Numbers` in file order.
"""
from __future__ import annotations

from arbitre.rulings.bridge.records import Board
from arbitre.rulings.digits import is_number
from arbitre.rulings.i18n import T


class _Numbers:
    """Board numbers across a file (PBN 2.1 tag inheritance).

    A record without a ``[Board]`` tag, in the same event as the record before it, is the
    same board when it holds the same cards or no cards (a second table's record that
    leaves its tags out); with other cards its number is not guessed. A board number met again with
    another deal in the same event is a ``board-number-clash``: the views never show two
    deals under one number without saying so. At most :data:`_DEALS_MAX` deals are kept.
    """

    __slots__ = ("deals", "last", "last_clash", "last_deal", "last_event")

    def __init__(self) -> None:
        self.last: str | None = None
        self.last_deal: str | None = None
        self.last_event: str | None = None
        self.deals: dict[tuple[str | None, str], str] = {}
        self.last_clash = False  # did the last board clash with an earlier deal?

    def see(self, b: Board) -> None:
        deal = b.deal
        if (deal is not None and deal == self.last_deal and b.board is not None and b.board == self.last
                and b.event == self.last_event and not self.last_clash):
            return  # the same board as the last one, at another table: nothing new to learn
        if (b.board is None and self.last is not None and b.event == self.last_event
                and (b.has_auction or b.recorded is not None or b.deal)
                and (b.deal is None or _same_deal(b.deal, self.last_deal))):
            b.board = self.last
            if is_number(b.board):
                b.number = int(b.board)
        self.last_event = b.event
        if b.board is None:
            self.last = None
            return
        self.last_clash = False
        if deal:
            key = (b.event, b.board)
            seen = self.deals.get(key)
            if seen is None:
                if len(self.deals) < _DEALS_MAX and _full_deal(deal):  # a partial deal (a problem, a hand
                    self.deals[key] = deal  # record) proves no clash
            elif seen != deal and _full_deal(deal) and not _same_deal(seen, deal):
                self.last_clash = True
                b.add_problem("board-number-clash", T(
                    "la donne {n} a déjà été lue avec d'autres cartes", "board {n} was already read with other cards"
                ).format(n=b.board), b.line, None, b.board)
        self.last, self.last_deal = b.board, b.deal


_DEALS_MAX = 100_000


def _full_deal(deal: str) -> bool:
    hands = deal.partition(":")[2].split()
    return len(hands) == 4 and "-" not in hands


def _same_deal(a: str | None, b: str | None) -> bool:
    """Do two ``[Deal]`` values hold the same cards, whichever hand each starts with (``N:`` or ``W:``)?"""
    if a == b:
        return True
    if a is None or b is None:
        return False
    return _by_north(a) == _by_north(b)


def _by_north(deal: str) -> tuple[str, ...]:
    first, _, hands = deal.strip().partition(":")
    seats = hands.split()
    at = "NESW".find(first.strip().upper()[:1])
    if at < 0 or len(seats) != 4:
        return (deal.strip(),)
    return tuple(seats[(i - at) % 4] for i in range(4))
