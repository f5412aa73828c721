"""Outcomes and payments: won, Puesta, Codillo, Chelem, surrender and defence, the dealer's bet.

What: :func:`judge` (won / Puesta / Codillo from the tricks), :func:`settle`
(the outcome and every seat's net points for a coup, dealer included, summing
to 0) and :func:`dealer_bet`. Values are the rulebook's simplest version:
Jeu simple 5, Retourne 10 (variant 30), Solo 30, Chelem 70; a Jeu or Solo in
the favour suit is worth its plain kind (the rulebook gives no other value).

Outcomes (the rulebook's list "avec quatre plis, avec trois plis…"): the
Joueur wins with more tricks than each opponent separately; Puesta when an
opponent has as many as he and none more; Codillo when one has more.

Payments: made, each opponent pays the value (Chelem: 70 each); Puesta, the
value to each opponent who tied him (both on 3-3-3); Codillo, three times the
value to the opponent with the most tricks (both on 1-4-4). A surrender
accepted (or a surrendered Retourne) pays one Puesta split between the two
opponents, rounded down (2 each on a Jeu simple).

Defence (a surrendered Jeu that an opponent takes over; the rulebook's three
cases plus the fourth case the rulebook leaves out, taken from the Spanish
regulation it translates): see :func:`_defence` and RULES.md.

Dealer's bet (four players only): right, J 5 from each of the Joueur's
opponents, P 10 from the Joueur, C 15 from the Joueur; wrong, the stake to the
player who gains most on the coup (split when two gain the same, the odd
point to the first in playing order after the dealer); void on a Chelem and
on a redeal.

Why: one place for the money, used by the engine, the checker and the score sheet.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbitre.rulings.i18n import T
from arbitre.rulings.tresillo.auction import Kind

CHELEM_VALUE = 70
_VALUES = (0, 5, 5, 10, 30, 30)  # by kind: Jeu simple, favour, Retourne (see Options), Solo, Solo favour
BET_WHEN_RIGHT = {"J": 5, "P": 10, "C": 15}
"""The rulebook's dealer's winnings when he foresaw the result (J: from each opponent of the Joueur)."""


@dataclass(frozen=True)
class Options:
    """The variants a table agrees on. Defaults follow the rulebook's lists (see RULES.md)."""

    retourne_value: int = 10  # 30: "a Retourne counts as a Solo for points"


DEFAULT_OPTIONS = Options()


def contract_value(kind: Kind, options: Options = DEFAULT_OPTIONS) -> int:
    """The base value of a kind: Jeu 5, Retourne 10 (or 30), Solo 30."""
    return options.retourne_value if kind == 3 else _VALUES[kind]


def judge(joueur_tricks: int, opponent_tricks: Sequence[int]) -> str:
    """``won``, ``puesta`` or ``codillo`` from the Joueur's tricks and each opponent's."""
    a, b = opponent_tricks
    best = a if a > b else b
    if joueur_tricks > best:
        return "won"
    return "puesta" if joueur_tricks == best else "codillo"


_CATEGORY = {"won": "J", "puesta": "P", "codillo": "C"}
_ZERO_PAY: dict[tuple[int, ...], dict[int, int]] = {}
"""Every seat at 0, by the table's seats (copied for each coup: faster than building it)."""


@dataclass(slots=True)
class Settlement:
    """What a coup comes to: the outcome, the dealer's-bet category, every seat's net points."""

    outcome: str
    category: str | None  # "J" | "P" | "C" for the dealer's bet; None: the bet is void
    payments: dict[int, int]
    joueur: int | None = None  # the final Joueur (the defender after a defence)


OUTCOME_LABELS = {
    "won": T("gagné", "won"),
    "chelem": T("Chelem", "Chelem (all nine tricks)"),
    "puesta": T("Puesta", "Puesta (tied)"),
    "codillo": T("Codillo", "Codillo (beaten)"),
    "redeal": T("tous passent : on redonne", "all passed: redeal"),
    "defence_won": T("défense gagnée : le premier Joueur est Puesta, le défenseur touche la Puesta",
                     "defence won: the first Joueur is Puesta, the defender collects it"),
    "double_puesta": T("Puesta double (le défenseur égale le meilleur des autres)",
                       "double Puesta (the defender ties the best of the others)"),
    "first_saved": T("le premier Joueur est sauvé : le défenseur prend la Puesta à sa charge",
                     "the first Joueur is saved: the defender takes the Puesta over"),
    "defender_codillo": T("le troisième joueur bat les deux autres : premier Joueur Puesta, défenseur Codillo",
                          "the third player beats both: first Joueur Puesta, defender Codillo"),
}


def _pay(pay: dict[int, int], payer: int, payee: int, amount: int) -> None:
    pay[payer] -= amount
    pay[payee] += amount


def _split_puesta(pay: dict[int, int], payer: int, others: Sequence[int], value: int) -> None:
    """A surrender's Puesta: the value split between the two others, rounded down."""
    for o in others:
        _pay(pay, payer, o, value // 2)


def _defence(pay: dict[int, int], first: int, defender: int, third: int, tricks: dict[int, int],
             value: int) -> tuple[str, str]:
    d, f, o = tricks.get(defender, 0), tricks.get(first, 0), tricks.get(third, 0)
    if d > max(f, o):  # the defender wins: he collects the first Joueur's Puesta
        _pay(pay, first, defender, value)
        return "defence_won", "J"
    if d == max(f, o):  # ties the best of the others: the first's Puesta stands, and the defender's
        _split_puesta(pay, first, (defender, third), value)
        for seat in (first, third):
            if tricks.get(seat, 0) == d:
                _pay(pay, defender, seat, value)
        return "double_puesta", "P"
    if o > d and o > f:  # left out by the rulebook; the Spanish regulation: Puesta and Codillo
        _split_puesta(pay, first, (defender, third), value)
        _pay(pay, defender, third, 3 * value)
        return "defender_codillo", "C"
    # fewer than the first Joueur: the first is saved, the defender pays the Puesta in his place
    _split_puesta(pay, defender, (first, third), value)
    return "first_saved", "P"


def settle(seats: Sequence[int], active: Sequence[int], joueur: int | None, kind: Kind | None,
           tricks: dict[int, int], *, surrender: str | None = None, defender: int | None = None,
           chelem_attempted: bool | None = None, dealer: int | None = None, bet: str | None = None,
           stake: int = 10, options: Options = DEFAULT_OPTIONS) -> Settlement:
    """Settle one coup.

    ``seats``: every seat at the table (the dealer included); ``active``: the three
    who play; ``surrender``: None, ``"accept"`` or ``"defend"`` (with ``defender``);
    ``dealer``/``bet``: the sitting-out dealer and his J/P/C bet (four players only).
    """
    key = tuple(seats)
    zero = _ZERO_PAY.get(key)
    if zero is None:
        zero = _ZERO_PAY[key] = dict.fromkeys(key, 0)
    pay = zero.copy()
    if joueur is None or kind is None:
        return Settlement("redeal", None, pay)
    value = options.retourne_value if kind == 3 else _VALUES[kind]
    x, y, z = active
    opponents = [y, z] if joueur == x else [x, z] if joueur == y else [x, y] if joueur == z else [x, y, z]
    final = joueur
    if surrender == "defend" and defender in opponents:
        third = opponents[0] if opponents[1] == defender else opponents[1]
        outcome, category = _defence(pay, joueur, defender, third, tricks, value)
        final = defender
    elif surrender is not None:
        _split_puesta(pay, joueur, opponents, value)
        outcome, category = "puesta", "P"
    else:
        j = tricks.get(joueur, 0)
        a, b = opponents
        ta, tb = tricks.get(a, 0), tricks.get(b, 0)
        if chelem_attempted and j == 9:
            pay[a] -= CHELEM_VALUE
            pay[b] -= CHELEM_VALUE
            pay[joueur] += 2 * CHELEM_VALUE
            outcome, category = "chelem", None
        else:
            outcome = judge(j, (ta, tb))
            category = _CATEGORY[outcome]
            if outcome == "won":  # each opponent pays the value
                pay[a] -= value
                pay[b] -= value
                pay[joueur] += 2 * value
            else:  # Puesta: the value to each who tied; Codillo: three times to each with the most
                best = ta if ta > tb else tb
                due = value if outcome == "puesta" else 3 * value
                if ta == best:
                    pay[joueur] -= due
                    pay[a] += due
                if tb == best:
                    pay[joueur] -= due
                    pay[b] += due
    if dealer is not None and bet is not None and category is not None:
        dealer_bet(pay, dealer, bet, category, final,
                   opponents if final == joueur else [s for s in active if s != final], stake)
    return Settlement(outcome, category, pay, final)


def dealer_bet(pay: dict[int, int], dealer: int, bet: str, category: str, joueur: int,
               opponents: Sequence[int], stake: int) -> None:
    """Add the dealer's bet to ``pay`` (the coup's payments before the bet)."""
    if bet == category:
        if bet == "J":
            due = BET_WHEN_RIGHT["J"]
            for o in opponents:
                pay[o] -= due
                pay[dealer] += due
        else:
            _pay(pay, joueur, dealer, BET_WHEN_RIGHT[bet])
        return
    # wrong: the stake to whoever gains most on the coup; on a tie, split, the odd point to the first
    # in playing order after the dealer
    top: int | None = None
    winners: list[int] = []
    for s, v in pay.items():
        if s == dealer:
            continue
        if top is None or v > top:
            top, winners = v, [s]
        elif v == top:
            winners.append(s)
    if len(winners) == 1:  # the usual case
        pay[dealer] -= stake
        pay[winners[0]] += stake
        return
    if len(winners) > 1:
        n = len(pay)
        winners.sort(key=lambda s: (s - dealer) % n)
    share, rest = divmod(stake, len(winners))
    for w in winners:
        _pay(pay, dealer, w, share + rest)
        rest = 0
