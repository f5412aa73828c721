"""Points of cards, announces, and the score of a belote deal.

What:

* card points (seed 001 tables): trump J 20, 9 14, A 11, 10 10, K 4, Q 3,
  8/7 0; plain A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0; 10 for the last trick
  ("dix de der"); 152 + 10 = 162 in all;
* announces: tierce 20, cinquante (4 in sequence) 50, cent (5+) 100, four
  jacks 200, four nines 150, four A/10/K/Q 100; belote-rebelote (K+Q of trump
  in one hand) 20. Only the side holding the best announce scores its
  announces; belote is not an announce in that comparison and always stays
  with its holder, even when the contract fails;
* :func:`score_deal`: contract made, failed ("dedans": defence takes 162 +
  every announce, belote stays with its holder), capot, and the 81-81 litige.

Variants (defaults first), see RULES.md for sources:

* :class:`CapotRule`: ``CAPOT_250`` (Wikipedia "Belote": a capot is worth 250
  instead of 162) / ``CAPOT_252`` (162 + 90, contree.org "La marque");
* :class:`LitigeRule`: ``HELD_OVER`` (traditional: the defence scores its
  points, the takers' points are frozen and go to the winner of the next
  deal) / ``LOST`` (the takers' points are simply lost) / ``DEDANS``
  (competition usage per contree.org: a tie is a failed contract);
* :class:`MadeRule`: ``MORE_THAN_DEFENCE`` (Wikipedia / FFB: the takers must
  total more than the defence, announces and belote included) /
  ``SEED_82`` (seed 001 diagram: takers' card points + their belote >= 82);
* :class:`AnnounceTieRule`: equal best announces of equal height, neither in
  trump: ``NOBODY`` scores (default) / ``FIRST_SEAT`` (the side sitting first
  after the dealer). Uncertain: rule sheets disagree.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from arbitre.rulings.belote.cards import Card, Rank, Suit
from arbitre.rulings.i18n import T

TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)  # by natural rank 7,8,9,10,J,Q,K,A
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
LAST_TRICK_BONUS = 10
TOTAL_POINTS = 162
BELOTE_POINTS = 20

# POINTS[trump][card_index] for the hot path.
POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(TRUMP_POINTS[i & 7] if (i >> 3) == t else PLAIN_POINTS[i & 7] for i in range(32)) for t in range(4)
)


def card_points(card: Card, trump: Suit) -> int:
    """Points of one card (seed: ``get_points_carte``)."""
    return POINTS[trump][card.index]


def cards_points(cards: Iterable[Card], trump: Suit) -> int:
    """Points of several cards: :func:`mask_points` on their bitmask."""
    mask = 0
    for c in cards:
        mask |= 1 << c.index
    return mask_points(mask, int(trump))


class CapotRule(str, Enum):
    CAPOT_250 = "250"
    CAPOT_252 = "252"

    @property
    def value_points(self) -> int:
        return 250 if self is CapotRule.CAPOT_250 else 252


class LitigeRule(str, Enum):
    HELD_OVER = "held_over"
    LOST = "lost"
    DEDANS = "dedans"


class MadeRule(str, Enum):
    MORE_THAN_DEFENCE = "more_than_defence"
    SEED_82 = "seed_82"


class AnnounceTieRule(str, Enum):
    NOBODY = "nobody"
    FIRST_SEAT = "first_seat"


@dataclass(frozen=True)
class Variants:
    """Every rules choice the engine makes where usage differs (defaults documented above)."""

    capot: CapotRule = CapotRule.CAPOT_250
    litige: LitigeRule = LitigeRule.HELD_OVER
    made: MadeRule = MadeRule.MORE_THAN_DEFENCE
    announce_tie: AnnounceTieRule = AnnounceTieRule.NOBODY


# -- announces -----------------------------------------------------------------

class AnnounceKind(str, Enum):
    TIERCE = "TIERCE"
    CINQUANTE = "CINQUANTE"
    CENT = "CENT"
    CARRE = "CARRE"
    BELOTE = "BELOTE-REBELOTE"

    def label(self) -> T:
        return _KIND_LABEL[self]


_KIND_LABEL = {
    AnnounceKind.TIERCE: T("tierce", "tierce (3 in sequence)"),
    AnnounceKind.CINQUANTE: T("cinquante", "fifty (4 in sequence)"),
    AnnounceKind.CENT: T("cent", "hundred (5 in sequence)"),
    AnnounceKind.CARRE: T("carré", "four of a kind"),
    AnnounceKind.BELOTE: T("belote-rebelote", "belote-rebelote (K+Q of trump)"),
}

CARRE_POINTS = {Rank.JACK: 200, Rank.NINE: 150, Rank.ACE: 100, Rank.TEN: 100, Rank.KING: 100, Rank.QUEEN: 100}
SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100}


@dataclass(frozen=True)
class Announce:
    """A combination held in one hand. ``top`` is the highest rank (sequence) or the carré rank."""

    kind: AnnounceKind
    points: int
    top: Rank
    suit: Suit | None = None  # None for a carré

    def label(self) -> T:
        base = self.kind.label()
        return T(f"{base.fr} ({self.points})", f"{base.en} ({self.points})")


def _runs(mask: int) -> tuple[tuple[int, int], ...]:
    """(length, top rank) of each run of 3+ consecutive ranks in an 8-bit rank mask."""
    runs = []
    length = 0
    for r in range(9):
        if r < 8 and mask >> r & 1:
            length += 1
            continue
        if length >= 3:
            runs.append((length, r - 1))
        length = 0
    return tuple(runs)


#: RUNS_BY_MASK[m]: sequences in a suit whose ranks form bit mask ``m`` (hot path).
RUNS_BY_MASK: tuple[tuple[tuple[int, int], ...], ...] = tuple(_runs(m) for m in range(256))
_CARRE_RANKS = tuple((int(r), p) for r, p in CARRE_POINTS.items())


# -- kernel: bitmask forms (the engine, players and simulators call these) ----------
# A set of cards is an int whose bit ``suit * 8 + rank`` is set for each card; a
# suit's byte (``cards >> 8 * suit & 0xFF``) is its rank mask. An announce's
# :func:`announce_key` ``(points, top, in trump)`` is packed as
# ``points * 16 + top * 2 + in_trump`` (same order), -1 meaning "no announce".

#: Card points of one suit's rank mask: BYTE_POINTS[0] plain, BYTE_POINTS[1] trump.
BYTE_POINTS: tuple[tuple[int, ...], tuple[int, ...]] = tuple(  # type: ignore[assignment]
    tuple(sum(table[r] for r in range(8) if m >> r & 1) for m in range(256)) for table in (PLAIN_POINTS, TRUMP_POINTS)
)


#: SUIT_BYTE_POINTS[trump][suit]: BYTE_POINTS' plain or trump table for ``suit`` when ``trump`` is trumps.
SUIT_BYTE_POINTS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(BYTE_POINTS[suit == trump] for suit in range(4)) for trump in range(4))


def mask_points(cards: int, trump: int) -> int:
    """Card points of a set of cards (bitmask), without the dix de der."""
    p0, p1, p2, p3 = SUIT_BYTE_POINTS[trump]
    d, c, b, a = cards.to_bytes(4)  # the four suits' rank masks, suit 3 first (one C call, no shifts)
    return p0[a] + p1[b] + p2[c] + p3[d]


def team_points(won0: int, won1: int, trump: int, last_team: int) -> tuple[int, int]:
    """Card points of each team (0: seats 0/2, 1: seats 1/3) from the cards it won (bitmasks),
    the dix de der going to ``last_team``, the team that won the last trick: 162 in all."""
    if last_team:
        return mask_points(won0, trump), mask_points(won1, trump) + LAST_TRICK_BONUS
    return mask_points(won0, trump) + LAST_TRICK_BONUS, mask_points(won1, trump)


def _summary(announces: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """(sum of points, best packed key without trump flag or -1) of (points, top) announces."""
    return sum(p for p, _ in announces), max((p * 16 + top * 2 for p, top in announces), default=-1)


#: SEQUENCES_BY_MASK[m]: (points, best key) of the sequences in one suit of rank mask ``m``.
SEQUENCES_BY_MASK: tuple[tuple[int, int], ...] = tuple(
    _summary([(SEQUENCE_POINTS[min(length, 5)], top) for length, top in RUNS_BY_MASK[m]]) for m in range(256)
)
#: CARRES_BY_MASK[m]: (points, best key) of the carrés when ``m`` is the AND of the four suits' rank masks.
CARRES_BY_MASK: tuple[tuple[int, int], ...] = tuple(
    _summary([(pts, rank) for rank, pts in _CARRE_RANKS if m >> rank & 1]) for m in range(256)
)
#: TRUMP_SEQUENCE_KEY[m]: the best key of the sequences in the trump suit (rank mask ``m``), trump flag set; -1 if none.
TRUMP_SEQUENCE_KEY: tuple[int, ...] = tuple(key + 1 if points else -1 for points, key in SEQUENCES_BY_MASK)
#: BELOTE_MASK[trump]: King and Queen of trump.
BELOTE_MASK = tuple(1 << (8 * t + Rank.KING) | 1 << (8 * t + Rank.QUEEN) for t in range(4))


#: The same tables split into points and keys (the hot path reads the points first: most hands hold no announce).
_SEQUENCE_POINTS_BY_MASK = tuple(points for points, _ in SEQUENCES_BY_MASK)
_SEQUENCE_KEY_BY_MASK = tuple(key for _, key in SEQUENCES_BY_MASK)
_CARRE_POINTS_BY_MASK = tuple(points for points, _ in CARRES_BY_MASK)
_CARRE_KEY_BY_MASK = tuple(key for _, key in CARRES_BY_MASK)


def hand_announces(hand: int, trump: int) -> tuple[int, int]:
    """(points of every announce, packed key of the best one or -1) in an 8-card hand (bitmask).

    Belote excluded; :func:`possible_announces` lists the same announces one by one.
    Table look-ups on the four suits' rank masks, no loop: the sequences of each suit,
    the carrés from the AND of the four masks; only a hand that holds an announce looks
    up the keys (and its trump suit's best sequence once more, with its trump flag).
    The simulators call it for every hand of every deal.
    """
    d, c, b, a = hand.to_bytes(4)  # the four suits' rank masks, suit 3 first (one C call, no shifts)
    four = a & b & c & d
    seq = _SEQUENCE_POINTS_BY_MASK
    points = seq[a] + seq[b] + seq[c] + seq[d] + _CARRE_POINTS_BY_MASK[four]
    if not points:
        return 0, -1
    keys = _SEQUENCE_KEY_BY_MASK
    in_trump = TRUMP_SEQUENCE_KEY[hand >> 8 * trump & 0xFF] if trump >= 0 else -1
    return points, max(_CARRE_KEY_BY_MASK[four], keys[a], keys[b], keys[c], keys[d], in_trump)


_SEQUENCE_KIND = {3: AnnounceKind.TIERCE, 4: AnnounceKind.CINQUANTE, 5: AnnounceKind.CENT}


def possible_announces(hand: Sequence[Card]) -> list[Announce]:
    """Every sequence and carré ``hand`` can show (belote excluded), read from the kernel's tables.

    Runs of 3+ cards of one suit in natural order 7-8-9-10-J-Q-K-A (5 or more
    count as a cent), then four of a kind of J, 9, A, 10, K or Q.
    """
    masks = [0, 0, 0, 0]
    for c in hand:
        masks[c.suit] |= 1 << c.rank
    found = [Announce(_SEQUENCE_KIND[min(length, 5)], SEQUENCE_POINTS[min(length, 5)], Rank(top), suit)
             for suit in Suit for length, top in RUNS_BY_MASK[masks[suit]]]
    four = masks[0] & masks[1] & masks[2] & masks[3]
    found += [Announce(AnnounceKind.CARRE, pts, Rank(rank)) for rank, pts in _CARRE_RANKS if four >> rank & 1]
    return found


def has_belote(hand: Sequence[Card], trump: Suit) -> bool:
    """Belote-rebelote: King and Queen of trump in the same hand."""
    return Card(trump, Rank.KING) in hand and Card(trump, Rank.QUEEN) in hand


def announce_key(a: Announce, trump: Suit | None) -> tuple[int, int, int]:
    """Ordering of announces: points, then height, then trump sequence first."""
    return (a.points, int(a.top), 1 if (a.suit is not None and a.suit == trump) else 0)


def best_announce_side(taker_announces: Sequence[Announce], defence_announces: Sequence[Announce],
                       trump: Suit | None, taker_speaks_first: bool = False,
                       rule: AnnounceTieRule = AnnounceTieRule.NOBODY) -> str | None:
    """Which side ("taker"/"defence") scores its announces, or ``None``."""
    if not taker_announces and not defence_announces:
        return None
    if not defence_announces:
        return "taker"
    if not taker_announces:
        return "defence"
    kt = max(announce_key(a, trump) for a in taker_announces)
    kd = max(announce_key(a, trump) for a in defence_announces)
    if kt > kd:
        return "taker"
    if kd > kt:
        return "defence"
    if rule is AnnounceTieRule.FIRST_SEAT:
        return "taker" if taker_speaks_first else "defence"
    return None


# -- deal score ----------------------------------------------------------------

@dataclass(frozen=True)
class DealScore:
    """Final score of a deal for the taking side and the defence."""

    taker: int
    defence: int
    made: bool
    litige: bool = False
    held_over: int = 0  # litige points frozen for the winner of the next deal
    capot: str | None = None  # "taker" / "defence" when one side won every trick
    notes: tuple[T, ...] = ()


def score_deal(taker_points: int, defence_points: int, taker_announces: int = 0, defence_announces: int = 0,
               taker_belote: bool = False, defence_belote: bool = False, capot: str | None = None,
               variants: Variants = Variants()) -> DealScore:
    """Score one deal (seed: ``calculer_scores_manche``).

    ``*_points`` are card points *including* the dix de der (they sum to 162);
    ``*_announces`` are the announce points that count (only the side with the
    best announce has any, see :func:`best_announce_side`); belotes are flags.
    ``capot`` names the side that won all eight tricks, if any.
    """
    last, memo = _MEMO_LAST
    if last is not variants:  # hash the variants only when another set of rules comes in
        memo = _MEMOS.setdefault(variants, {})
        _set_last(variants, memo)
    key = (taker_points, defence_points, taker_announces, defence_announces, taker_belote, defence_belote, capot)
    score = memo.get(key)
    if score is None:
        score = _score_deal(taker_points, defence_points, taker_announces, defence_announces, taker_belote,
                            defence_belote, capot, variants)
        if len(memo) < _MEMO_SIZE:
            memo[key] = score
    return score


#: Scores already computed, by variants then by arguments. A deal score is a pure function
#: of a few small numbers and is frozen, so the simulators, the engine and the advanced
#: player's rollouts (which score thousands of deals a second) share one object per outcome
#: instead of building a new one each time.
_MEMOS: dict[Variants, dict[tuple[int, int, int, int, bool, bool, str | None], DealScore]] = {}
_MEMO_LAST: tuple[Variants | None, dict[tuple[int, int, int, int, bool, bool, str | None], DealScore]] = (None, {})
_MEMO_SIZE = 1 << 16


def _set_last(variants: Variants, memo: dict[tuple[int, int, int, int, bool, bool, str | None], DealScore]) -> None:
    global _MEMO_LAST
    _MEMO_LAST = (variants, memo)  # one assignment: a thread reads either pair, never a mix


def _score_deal(taker_points: int, defence_points: int, taker_announces: int, defence_announces: int,
                taker_belote: bool, defence_belote: bool, capot: str | None, variants: Variants) -> DealScore:
    """:func:`score_deal` without the memo."""
    capot_value = variants.capot.value_points
    if capot == "taker":
        taker_points, defence_points = capot_value, 0
    elif capot == "defence":
        taker_points, defence_points = 0, capot_value
    tb = BELOTE_POINTS if taker_belote else 0
    db = BELOTE_POINTS if defence_belote else 0
    taker_total = taker_points + taker_announces + tb
    defence_total = defence_points + defence_announces + db
    if variants.made is MadeRule.SEED_82:
        made = taker_points + tb >= 82 and capot != "defence"
        tie = False
    else:
        made = taker_total > defence_total
        tie = taker_total == defence_total
    if tie and variants.litige is not LitigeRule.DEDANS:
        held = taker_total if variants.litige is LitigeRule.HELD_OVER else 0
        return DealScore(0, defence_total, made=False, litige=True, held_over=held, capot=capot)
    if made:
        return DealScore(taker_total, defence_total, made=True, capot=capot)
    # Dedans: the defence takes every point of the deal and every announce; belote stays with its holder.
    all_points = capot_value if capot is not None else TOTAL_POINTS
    return DealScore(tb, all_points + taker_announces + defence_announces + db, made=False, capot=capot)
