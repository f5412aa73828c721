"""What is wrong with a PBN ``[Deal]``, if anything: the hands a record says were dealt.

A scorer duplicates boards and scores them from these hands, so a card written twice, a hand
of fourteen cards or an unreadable rank is worth a finding (``bad-deal``). The rules, as PBN
2.1 writes a deal (``N:AKQ2.K32.Q32.K32 JT9.QJT9.JT9.JT9 - ...``):

* a first seat, a colon, then four hands, each ``-`` (unknown) or four suits
  (spades, hearts, diamonds, clubs) of ranks ``AKQJT98765432``;
* no card in two places;
* no hand of more than 13 cards; and once some hand holds all its 13 cards, every known hand
  holds 13 (a hand with no card at all, ``...``, counts as unknown).

Our choices, for files that are not records of play: hands of fewer cards, all alike, are an
end position (PBN allows it), and a lesson's partial hands (``N:... KQJT... ... 7642...``),
where no hand holds 13 cards, are not checked for counts. Two spaces between hands, and a deal
with no card at all, are left alone: nothing a scorer reads is wrong.
"""
from __future__ import annotations

from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.i18n import T

__all__ = ["deal_problem"]

_RANKS = frozenset("AKQJT98765432")
_SEATS = {seat.name: seat for seat in Seat}  # the seats' names and French elision ("la main d'Ouest") are Seat's
_SYMBOL = dict(zip("SHDC", "♠♥♦♣", strict=True))
_RANK_FR = {"K": "R", "Q": "D", "J": "V", "T": "10"}  # roi, dame, valet; 10 as French writes it
_ORDER = "NESW"
_SUITS = "SHDC"
_MEMO_MAX = 4096


def deal_problem(deal: str, memo: dict[str, T | None] | None = None) -> T | None:
    """The message of what is wrong with the ``deal`` (a ``[Deal]`` value), None when it is fine.

    ``memo``: a reader's own memo (the fast lane's: a deal played at several tables of one file
    is checked once); none is kept across readers, so each file read pays for its own deals."""
    if memo is None:
        return _check(deal)
    hit = memo.get(deal, False)
    if hit is not False:
        return hit  # type: ignore[return-value]
    found = _check(deal)
    if len(memo) < _MEMO_MAX:
        memo[deal] = found
    return found


def _check(deal: str) -> T | None:
    if _whole(deal):
        return None
    return _wrong(deal)


def _whole(deal: str) -> bool:
    """Is ``deal`` the common case, four hands of 13 cards making the 52? (each hand 13 ranks in
    four suits; each suit's ranks over the four hands, 13 of them, are the 13 ranks: no card
    twice, none unreadable). Whole strings and sets, no loop over cards: every record pays it."""
    first, colon, rest = deal.partition(":")
    hands = rest.split()
    if not colon or first not in _SEATS or len(hands) != 4:
        return False
    for hand in hands:
        if len(hand) != 16 or hand.count(".") != 3:  # 13 cards and three dots
            return False
    s = ".".join(hands).split(".")
    ranks = _RANKS
    for i in range(4):
        suit = s[i] + s[i + 4] + s[i + 8] + s[i + 12]
        if len(suit) != 13 or frozenset(suit) != ranks:
            return False
    return True


def _wrong(deal: str) -> T | None:
    """What is wrong with a deal that is not :func:`_whole` (None: a partial deal as allowed)."""
    first, colon, rest = deal.partition(":")
    first = first.strip().upper()
    hands = rest.split()
    if not colon or first not in _SEATS or len(hands) != 4:
        return T(f"distribution illisible {deal!r} (attendu « N:mains » : quatre mains après le premier siège)",
                 f"unreadable deal {deal!r} (expected \"N:hands\": four hands after the first seat)")
    start = _ORDER.index(first)
    seen: dict[str, Seat] = {}  # card -> the seat holding it
    counts: dict[Seat, int] = {}
    for i, hand in enumerate(hands):
        seat = _SEATS[_ORDER[(start + i) % 4]]
        if hand == "-":
            continue
        suits = hand.split(".")
        if len(suits) != 4:
            return T(f"main {seat.render_of('fr')} illisible {hand!r} (attendu quatre couleurs séparées par des points)",
                     f"unreadable hand of {seat.render('en')} {hand!r} (expected four suits separated by dots)")
        for suit, ranks in zip(_SUITS, suits, strict=True):
            for rank in ranks:
                if rank.upper() not in _RANKS:
                    return T(f"rang illisible {rank!r} dans la main {seat.render_of('fr')} {hand!r}",
                             f"unreadable rank {rank!r} in the hand of {seat.render('en')} {hand!r}")
                card = suit + rank.upper()
                other = seen.get(card)
                if other is not None:
                    fr = _SYMBOL[suit] + _RANK_FR.get(card[1], card[1])
                    en = _SYMBOL[suit] + card[1]
                    return T(f"le {fr} est donné deux fois : à {other.render('fr')} et à {seat.render('fr')}",
                             f"the {en} is dealt twice: to {other.render('en')} and to {seat.render('en')}")
                seen[card] = seat
        counts[seat] = sum(len(r) for r in suits)
    for seat, n in counts.items():
        if n > 13:
            return T(f"{seat.render('fr')} a {n} cartes", f"{seat.render('en')} has {n} cards")
    if 13 in counts.values():
        for seat, n in counts.items():
            if 0 < n < 13:
                return T(f"{seat.render('fr')} a {n} cartes, pas 13", f"{seat.render('en')} has {n} cards, not 13")
    return None
