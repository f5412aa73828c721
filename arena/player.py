"""The player interface: two decisions, ``bid`` and ``play``, on an :class:`Observation`.

What: :class:`Player` is the protocol every seat implements:

* ``bid(obs) -> Suit | None``: round 1 (``obs.bid_round == 1``) take the turned suit
  or pass (``None``); round 2 name another suit or pass;
* ``play(obs) -> Card``: one of ``obs.legal_cards`` (an index ``0..31`` is accepted too).

:class:`BasePlayer` is a convenient base class: it holds a :class:`random.Random`
that the engine reseeds before every deal (:meth:`BasePlayer.start_deal`), so that a
game or a gym run is the same for the same seed, in one process or many.

Why: the engine stays the single source of rules; a player only chooses among the
moves the engine says are legal, and whatever a player returns is checked
(:class:`IllegalMove` otherwise).

The built-in players also take a fast path: a ``bid`` or ``play`` marked with
:func:`reads_view` declares that it reads only the fields of an observation, so the engine
may hand it its live :class:`~arbitre.arena.observation.SeatView` instead of a fresh
:class:`Observation`; for a marked ``play`` the engine asks the player once per deal for
``card_chooser(view)``, a :data:`Chooser` ``choose(seat, hand, legal, n, led, best, pos, trick)
-> card index`` that must answer as ``play`` would on the observation of that seat (the view's
other fields are the deal's, they do not change with the seat; the last four arguments are
the current trick as the engine already knows it), with no :class:`Card` in between (a marked ``play`` without a ``card_chooser`` is asked with observations). A
subclass that overrides ``bid`` or ``play`` without the mark is asked with an
:class:`Observation`, as any other player: a player written to the protocol above never
sees a view.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from arbitre.arena.observation import Observation
from arbitre.rulings.belote.cards import Card, Suit

F = TypeVar("F", bound=Callable[..., Any])
Chooser = Callable[[int, int, int, int, int, int, int, int], int]
"""``choose(seat, hand, legal, n, led, best, pos, trick) -> card``: a player's card choice for one deal's live
view (hand and legal cards as bitmasks), told the trick so far: ``n`` cards in it (0: the seat leads) and
their bitmask ``trick``, and when ``n > 0`` the suit ``led`` and the card ``best`` winning it, played at
position ``pos`` (0 to ``n - 1``)."""


def reads_view(method: F) -> F:
    """Mark a ``bid`` or ``play`` that may be given a :class:`SeatView` (see module docstring)."""
    method.reads_view = True  # type: ignore[attr-defined]
    return method


_READERS: dict[type, tuple[bool, bool]] = {}


def view_readers(player: Any) -> tuple[bool, bool]:
    """Whether ``player``'s class marks its ``bid``, and its ``play``, with :func:`reads_view` (cached by class)."""
    cls = type(player)
    known = _READERS.get(cls)
    if known is None:
        marked = [getattr(getattr(cls, method, None), "reads_view", False) is True for method in ("bid", "play")]
        known = _READERS[cls] = (marked[0], marked[1] and callable(getattr(cls, "card_chooser", None)))
    return known


@runtime_checkable
class Player(Protocol):
    """What a seat must answer. ``start_deal(seed)`` is optional (see :class:`BasePlayer`)."""

    def bid(self, obs: Observation) -> Suit | None: ...

    def play(self, obs: Observation) -> Card: ...


class BasePlayer:
    """Base class for players: a name and a per-deal seeded random generator ``self.rng``.

    The generator is reseeded lazily, on first use in a deal: players that never draw
    from it (``simple``, ``memory``) do not pay for seeding (a seed costs as much as
    several card decisions).
    """

    name: ClassVar[str] = "player"
    #: False for a class whose decisions never draw from ``self.rng`` (``simple``, ``memory``): the gym then
    #: skips its ``start_deal``. A subclass that overrides ``bid`` or ``play`` is reseeded again unless it
    #: says ``uses_rng = False`` itself (``arena.gym._never_draws``).
    uses_rng: ClassVar[bool] = True

    def __init__(self) -> None:
        self._rng = random.Random(0)
        self._seed = 0
        self._seeded = True

    @property
    def rng(self) -> random.Random:
        if not self._seeded:
            self._rng.seed(self._seed)
            self._seeded = True
        return self._rng

    def start_deal(self, seed: int) -> None:
        """Called by the engine before each deal with a seed derived from the game's seed."""
        self._seed = seed
        self._seeded = False

    def bid(self, obs: Observation) -> Suit | None:  # pragma: no cover - overridden
        raise NotImplementedError

    def play(self, obs: Observation) -> Card:  # pragma: no cover - overridden
        raise NotImplementedError
