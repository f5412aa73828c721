"""Trumps and the order of the cards, exactly as the rulebook lists them.

What: for each trump suit, which cards are trumps, the Mala, the Punto, the
three Triomphes, the full trump order and the plain-suit orders, and the
precomputed tables the hot path reads (:data:`TRUMP_POWER`, :data:`EFF_SUIT`,
:data:`PLAIN_POWER`).

The rulebook (its lists win over its prose, see :data:`SOURCE_FLAGS`):

* trumps in a red (long) suit, denier or coupe, twelve cards: Épée (ace of
  épée), Mala (the 7 of trumps), Bâton (ace of bâton), Punto (the ace of
  trumps), Roi, Cavalier, Valet, 2, 3, 4, 5, 6;
* trumps in a black (short) suit, épée or bâton, eleven cards: Épée, Mala (the
  2 of trumps), Bâton, Roi, Cavalier, Valet, 7, 6, 5, 4, 3;
* a red plain suit: Roi, Cavalier, Valet, As, 2, 3, 4, 5, 6, 7 (the 7, the
  Mala when trumps are red, is the weakest);
* a black plain suit: Roi, Cavalier, Valet, 7, 6, 5, 4, 3, 2 (its ace is
  always a trump; the 2 is the weakest).

Why: one rule written once. Everything that compares cards (legal play, trick
winner, the checker, the players) reads these tables.
"""
from __future__ import annotations

from arbitre.rulings.i18n import T
from arbitre.rulings.tresillo.cards import (
    AS,
    AS_BATON,
    AS_EPEE,
    BLACK,
    CAVALIER,
    CINQ,
    DEUX,
    N_CARDS,
    QUATRE,
    RED,
    ROI,
    SEPT,
    SIX,
    SUITS,
    TROIS,
    VALET,
    card,
    suit_of,
)

TRUMP = 4
"""The effective suit of every trump (the two black aces included)."""


def mala(trump: int) -> int:
    """The Mala: the 7 of a red trump suit, the 2 of a black one."""
    return card(trump, SEPT if trump in RED else DEUX)


def punto(trump: int) -> int | None:
    """The Punto: the ace of a red trump suit (fourth trump); a black suit has none."""
    return card(trump, AS) if trump in RED else None


def triomphes(trump: int) -> tuple[int, int, int]:
    """The three Triomphes, strongest first: Épée, Mala, Bâton."""
    return (AS_EPEE, mala(trump), AS_BATON)


def trump_order(trump: int) -> tuple[int, ...]:
    """Every trump, strongest first (12 in a red suit, 11 in a black one)."""
    if trump in RED:
        ranks = (ROI, CAVALIER, VALET, DEUX, TROIS, QUATRE, CINQ, SIX)
        return (AS_EPEE, mala(trump), AS_BATON, card(trump, AS)) + tuple(card(trump, r) for r in ranks)
    ranks = (ROI, CAVALIER, VALET, SEPT, SIX, CINQ, QUATRE, TROIS)
    return (AS_EPEE, mala(trump), AS_BATON) + tuple(card(trump, r) for r in ranks)


def plain_order(suit: int) -> tuple[int, ...]:
    """The cards of a suit that is not trumps, strongest first (10 red, 9 black)."""
    ranks: tuple[int, ...]
    if suit in RED:
        ranks = (ROI, CAVALIER, VALET, AS, DEUX, TROIS, QUATRE, CINQ, SIX, SEPT)
    else:
        ranks = (ROI, CAVALIER, VALET, SEPT, SIX, CINQ, QUATRE, TROIS, DEUX)
    return tuple(card(suit, r) for r in ranks)


def is_trump(c: int, trump: int) -> bool:
    return EFF_SUIT[trump][c] == TRUMP


def _tables() -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    eff = [[0] * N_CARDS for _ in SUITS]
    tpow = [[0] * N_CARDS for _ in SUITS]
    ppow = [[0] * N_CARDS for _ in SUITS]
    for t in SUITS:
        order = trump_order(t)
        for c in range(N_CARDS):
            eff[t][c] = suit_of(c)
        for i, c in enumerate(order):
            eff[t][c] = TRUMP
            tpow[t][c] = 100 - i
        for s in SUITS:
            if s == t:
                continue
            plain = [c for c in plain_order(s) if eff[t][c] != TRUMP]
            for i, c in enumerate(plain):
                ppow[t][c] = 50 - i
    return eff, tpow, ppow


EFF_SUIT, TRUMP_POWER, PLAIN_POWER = _tables()
"""``EFF_SUIT[trump][card]``: the card's suit for following (``TRUMP`` for every trump);
``TRUMP_POWER[trump][card]``: > 0 for trumps, higher wins; ``PLAIN_POWER[trump][card]``:
the rank inside its plain suit, higher wins."""

TRIOMPHE_RANK = [{c: 3 - i for i, c in enumerate(triomphes(t))} for t in SUITS]
"""``TRIOMPHE_RANK[trump][card]``: 3 Épée, 2 Mala, 1 Bâton (absent: not a Triomphe)."""

assert all(sum(1 for c in range(N_CARDS) if EFF_SUIT[t][c] == TRUMP) == (12 if t in RED else 11) for t in SUITS)
assert all(len(plain_order(s)) == (10 if s in RED else 9) for s in SUITS) and BLACK == (2, 3)


SOURCE_FLAGS: tuple[tuple[str, T], ...] = (
    ("punto-prose", T(
        "La prose du texte appelle Puntos « les As de coupe et de bâton » ; ses listes placent le Punto "
        "(quatrième atout) dans les seules couleurs denier et coupe, et l'As de bâton est toujours le « Bâton ». "
        "Les listes l'emportent : le Punto est l'As d'une couleur d'atout rouge.",
        "The rulebook's prose calls 'the aces of coupe and bâton' Puntos; its lists put the Punto (fourth trump) "
        "in denier and coupe only, and the ace of bâton is always the 'Bâton'. The lists win: the Punto is the "
        "ace of a red trump suit.")),
    ("epee-overtrump", T(
        "Le texte dit qu'on n'est jamais obligé de jouer l'Épée « même si on doit couper ou surcouper », alors "
        "qu'il dit aussi qu'on n'est jamais obligé ni de couper ni de monter (héritage de l'Hombre). La seule "
        "obligation retenue est de fournir.",
        "The rulebook says one never has to play the Épée 'even when bound to trump or overtrump', while it also "
        "says one is never bound to trump nor to go higher (a remnant of Ombre). The only obligation kept is to "
        "follow suit.")),
    ("retourne-value", T(
        "La Retourne vaut 10 dans la liste des valeurs (et « 20 points » dans l'exemple), mais la prose dit "
        "qu'elle « est considérée comme un Solo pour les points » (30). La liste l'emporte : 10 par défaut, "
        "30 en variante.",
        "The Retourne is worth 10 in the list of values (and '20 points' in the example), but the prose says it "
        "'counts as a Solo for points' (30). The list wins: 10 by default, 30 as a variant.")),
)
"""Places where the rulebook's prose and its lists (or two sentences) disagree, and what we chose."""
