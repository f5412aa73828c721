"""What a player did wrong, in words a player's author reads: one wording for every place that asks a player.

What: :class:`PlayerError` (an :class:`~arbitre.rulings.errors.InputError`) and the texts of a player's faults:
:func:`raised` (its ``bid`` or ``play`` raised), :func:`not_legal` (its card is not one of the legal ones, or
not a card at all), :func:`bad_call` (a call that is not allowed in the round), and :func:`where` (the player,
its seat, the deal and the trick or the bidding) that prefixes them. A suit is named by its name
(``Pique``/``Spades``), never by Python's ``repr``; an answer that is not a card (a string, ``None``) says
so and what a card is.

Why: the engine (:mod:`arbitre.arena.engine`, a game, the gym) and a peer-to-peer peer
(:mod:`arbitre.p2p.brain`) ask the same players; a fault reads the same wherever it happens. These run
only when a player has failed, never on the engine's hot path.
"""
from __future__ import annotations

from typing import Any

from arbitre.rulings.belote.cards import DECK, Suit
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T


class PlayerError(InputError):
    """A player broke the interface: an illegal card or call, an unreadable answer, or an exception."""


def where(name: str, seat: int, deal_no: int, trick: int | None) -> T:
    """``player 'NAME' (seat N), deal D, trick K`` (``…, bidding`` when ``trick`` is 0 or None); ``seat`` from 0."""
    at_fr = f"donne {deal_no}" + (f", pli {trick}" if trick else ", enchères")
    at_en = f"deal {deal_no}" + (f", trick {trick}" if trick else ", bidding")
    return T(f"joueur « {name} » (siège {seat + 1}), {at_fr}", f"player '{name}' (seat {seat + 1}), {at_en}")


def fault(name: str, seat: int, deal_no: int, trick: int | None, what: T) -> PlayerError:
    """The :class:`PlayerError` of ``what`` (one of the texts below) at :func:`where`."""
    at = where(name, seat, deal_no, trick)
    return PlayerError(T(f"{at.fr} : {what.fr}", f"{at.en}: {what.en}"), token=name)


def raised(method: str, err: BaseException) -> T:
    """``play raised ValueError: …``."""
    return T(f"{method} a levé {type(err).__name__} : {err}", f"{method} raised {type(err).__name__}: {err}")


def _cards(mask: int) -> str:
    return " ".join(DECK[c].short() for c in range(32) if mask >> c & 1)


def not_legal(answer: Any, card: int | None, legal: int) -> T:
    """The answer to ``play`` is not one of the ``legal`` cards (a bitmask): ``card``, the index of the card it
    names, is not allowed, or (``None``) the answer names no card."""
    shown = _cards(legal)
    if card is not None:
        return T(f"{DECK[card].short()} n'est pas une carte légale (légales : {shown})",
                 f"{DECK[card].short()} is not a legal card (legal: {shown})")
    kind = type(answer).__name__
    return T(f"play a rendu {answer!r} ({kind}), pas une carte : il doit rendre une des cartes de obs.legal_cards "
             f"(légales : {shown})",
             f"play returned {answer!r} (a {kind}), not a card: it must return one of obs.legal_cards "
             f"(legal: {shown})")


def bad_call(answer: Any, rnd: int) -> T:
    """The answer to ``bid`` in round ``rnd`` is neither a suit allowed in that round nor ``None`` (pass)."""
    if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < 4:
        shown = Suit(answer).label()
    else:
        shown = T(repr(answer), repr(answer))
    if rnd == 1:
        wanted = T("la couleur retournée ou passe", "the turned suit or pass")
    else:
        wanted = T("une autre couleur que la retournée, ou passe", "a suit other than the turned one, or pass")
    return T(f"annonce {shown.fr} invalide au tour {rnd} (attendu : {wanted.fr})",
             f"invalid call {shown.en} in round {rnd} (expected {wanted.en})")
