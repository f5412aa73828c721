"""The auction: "je passe", "je joue", "plus", the kinds in order, who becomes the Joueur.

What: :class:`Kind` (Jeu simple < Jeu en couleur de faveur < Retourne < Solo <
Solo en couleur de faveur), :class:`Call`, the incremental
:class:`AuctionState` (used by the engine, the record checker and the
classifier) and :func:`classify_auction`, which reads a typed auction
(``"passe, je joue, plus solo, passe, passe"``) and returns the Joueur, the
kind and every illegal call with its reason.

The rules as encoded (see RULES.md):

* the three active players speak in turn, the Main first, counterclockwise;
* "je passe" is always allowed; a player who has passed stays out: the turn
  still comes round to him and he can only pass again;
* "je joue" announces a Jeu simple; it is only possible while nobody has
  announced (so only in the first round);
* "plus" announces a kind higher than the one on the table (opening with
  "plus <kind>" is allowed; "plus" with no kind means the next kind up);
* the auction ends when the two other players have passed after the last
  announce; three passes in the first round: the cards are redealt;
* an illegal call is kept and reported, and counts as a pass for the rest of
  the auction (our choice: it changes nothing in the contract).

Why: one auction rule, written once, for the engine, the referee and the
classifier.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from arbitre.rulings.calls import CallKind
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T
from arbitre.rulings.textfold import strip_accents


class Kind(IntEnum):
    """The kinds of game, in increasing order."""

    SIMPLE = 1
    FAVOUR = 2
    RETOURNE = 3
    SOLO = 4
    SOLO_FAVOUR = 5

    @property
    def code(self) -> str:
        return _CODES[self]

    def label(self) -> T:
        return KIND_LABELS[self]

    @property
    def is_solo(self) -> bool:
        return self >= 4  # int comparisons: enum member look-ups are slow on the hot path

    @property
    def is_favour(self) -> bool:
        return self == 2 or self == 5


_CODES = ("", "simple", "favour", "retourne", "solo", "solo_favour")


KIND_LABELS = {
    Kind.SIMPLE: T("Jeu simple", "Jeu simple (plain game)"),
    Kind.FAVOUR: T("Jeu en couleur de faveur", "Jeu in the favour suit"),
    Kind.RETOURNE: T("Retourne", "Retourne (turned trump)"),
    Kind.SOLO: T("Solo", "Solo"),
    Kind.SOLO_FAVOUR: T("Solo en couleur de faveur", "Solo in the favour suit"),
}

PASS, PLAY, MORE = "passe", "je joue", "plus"
_SIMPLE, _SOLO_FAVOUR = Kind.SIMPLE, Kind.SOLO_FAVOUR
_KINDS = tuple(Kind)


@dataclass(frozen=True, slots=True)
class Call:
    """One call: ``passe``, ``je joue`` (a Jeu simple) or ``plus`` with a kind (None: the next kind up)."""

    type: str
    kind: Kind | None = None

    def label(self) -> T:
        if self.type == PASS:
            return T("je passe", "pass (je passe)")
        if self.type == PLAY:
            return T("je joue", "I play (je joue)")
        if self.kind is None:
            return T("plus", "more (plus)")
        k = self.kind.label()
        return T(f"plus : {k.fr}", f"more (plus): {k.en}")

    @property
    def call_kind(self) -> CallKind:
        """The shared kind of call: ``passe`` is a pass; ``je joue`` and ``plus`` are bids (each
        announces a kind of game, the tresillo contract)."""
        return CallKind.PASS if self.type == PASS else CallKind.BID

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"call": self.type}
        if self.type == MORE and self.kind is not None:
            out["kind"] = self.kind.code
        return out


_ONLY_PASS = [Call(PASS)]
_OPTIONS = ([Call(PASS), Call(PLAY), *(Call(MORE, k) for k in _KINDS)],
            *([Call(PASS), *(Call(MORE, k) for k in _KINDS[h:])] for h in range(1, 6)))
"""The legal calls of a player still in the auction, by the highest kind announced (0: none)."""

REASONS = {
    "after_end": T("appel après la fin des enchères", "call after the end of the auction"),
    "out_of_turn": T("appel hors tour : c'était au siège {expected} de parler",
                     "call out of turn: seat {expected} was to speak"),
    "passed_player": T("ce joueur a déjà passé : il ne peut plus que passer",
                       "this player has already passed: he may only pass"),
    "play_after_bid": T("« je joue » n'est possible qu'au premier tour, tant que personne n'a annoncé",
                        "'je joue' is only possible in the first round, while nobody has announced"),
    "not_higher": T("« plus » doit annoncer un jeu supérieur à « {current} »",
                    "'plus' must announce a kind higher than '{current}'"),
    "no_higher": T("aucun jeu n'est supérieur au Solo en couleur de faveur",
                   "no kind is higher than the Solo in the favour suit"),
}


@dataclass(slots=True)
class CallRuling:
    """One call of an auction as ruled: legal or not, and why."""

    index: int
    seat: int
    call: Call
    legal: bool
    reason: str | None = None
    message: T | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "seat": self.seat, **self.call.to_json(), "label": self.call.label().as_dict(),
                "legal": self.legal, "reason": self.reason,
                "message": self.message.as_dict() if self.message else None}


class AuctionState:
    """The auction as it goes: whose turn, the highest announce, who has passed."""

    __slots__ = ("_made", "_rulings", "high", "holder", "over", "passed", "passes", "redeal", "speakers", "turn")

    def __init__(self, speakers: Sequence[int]):
        self.speakers = list(speakers)
        self.turn = 0  # index into speakers
        self.passed: set[int] = set()
        self.high: Kind | None = None
        self.holder: int | None = None
        self.passes = 0  # passes since the last announce (or since the start)
        self.over = False
        self.redeal = False
        # every call recorded, as (seat, call, why illegal or None); the CallRuling objects are built from it
        # on demand (the engine never reads them)
        self._made: list[tuple[int, Call, tuple[str, T] | None]] = []
        self._rulings: list[CallRuling] = []

    @property
    def calls(self) -> list[CallRuling]:
        """Every call recorded so far, as ruled (in the order made)."""
        rulings, made = self._rulings, self._made
        for i in range(len(rulings), len(made)):
            seat, call, bad = made[i]
            rulings.append(CallRuling(i + 1, seat, call, True) if bad is None
                           else CallRuling(i + 1, seat, call, False, bad[0], bad[1]))
        return rulings

    @property
    def expected(self) -> int:
        return self.speakers[self.turn]

    def why_illegal(self, seat: int, call: Call) -> tuple[str, T] | None:
        """The reason ``call`` by ``seat`` is illegal now (None: legal). Turn order aside."""
        if self.over:
            return "after_end", REASONS["after_end"]
        if call.type == PASS:
            return None
        if seat in self.passed:
            return "passed_player", REASONS["passed_player"]
        if call.type == PLAY:
            return None if self.high is None else ("play_after_bid", REASONS["play_after_bid"])
        kind = self.kind_of(call)
        if kind is None:
            return "no_higher", REASONS["no_higher"]
        if self.high is not None and kind <= self.high:
            reason = REASONS["not_higher"]
            return "not_higher", T(reason.fr.format(current=self.high.label().fr),
                                   reason.en.format(current=self.high.label().en))
        return None

    def kind_of(self, call: Call) -> Kind | None:
        """The kind a (legal) announce stands for: ``je joue`` a Jeu simple, a bare ``plus`` the next kind up."""
        if call.type == PLAY:
            return _SIMPLE
        if call.kind is not None:
            return call.kind
        nxt = 0 if self.high is None else int(self.high)
        return _KINDS[nxt] if nxt < 5 else None

    def legal_calls(self) -> list[Call]:
        """Every legal call for the player whose turn it is (``plus`` spelled with each kind)."""
        if self.over:
            return []
        if self.passed and self.speakers[self.turn] in self.passed:
            return _ONLY_PASS
        high = self.high
        return _OPTIONS[0 if high is None else high]

    def apply(self, call: Call, seat: int | None = None) -> CallRuling:
        """Record ``call`` (by ``seat``, default: whoever's turn it is) and move the auction on; its ruling."""
        self.record(call, seat)
        return self.calls[-1]

    def record(self, call: Call, seat: int | None = None) -> None:
        """:meth:`apply` without building the ruling (the engine's hot path; :attr:`calls` still lists it)."""
        expected = self.speakers[self.turn]
        if seat is None:
            seat = expected
        over = self.over
        bad = None
        if over or seat != expected or call.type is not PASS:  # a pass in turn is always legal (the hot path)
            bad = self.why_illegal(seat, call)
            if bad is None and seat != expected and not over:
                reason = REASONS["out_of_turn"]
                bad = ("out_of_turn", T(reason.fr.format(expected=expected), reason.en.format(expected=expected)))
        self._made.append((seat, call, bad))
        if over:
            return
        if bad is None and call.type != PASS:
            self.high = self.kind_of(call)
            self.holder = seat
            self.passes = 0
        else:  # a pass, or an illegal call held as a pass
            self.passed.add(seat)
            self.passes += 1
            if self.high is None:
                if self.passes >= 3:  # everyone passed: redeal
                    self.over = self.redeal = True
            elif self.passes >= 2:  # the two others passed after the last announce
                self.over = True
        if seat == expected:
            self.turn = (self.turn + 1) % 3
        elif seat in self.speakers:
            self.turn = (self.speakers.index(seat) + 1) % 3


@dataclass
class AuctionResult:
    """A whole auction as ruled: the Joueur and the kind (or a redeal), and every call."""

    speakers: list[int]
    calls: list[CallRuling] = field(default_factory=list)
    joueur: int | None = None
    kind: Kind | None = None
    redeal: bool = False
    ended: bool = False

    @property
    def illegal(self) -> list[CallRuling]:
        return [c for c in self.calls if not c.legal]

    @property
    def irregular(self) -> bool:
        return bool(self.illegal) or not self.ended

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "tresillo", "speakers": self.speakers, "joueur": self.joueur,
            "kind": self.kind.code if self.kind else None,
            "kind_label": self.kind.label().as_dict() if self.kind else None,
            "redeal": self.redeal, "ended": self.ended,
            "calls": [c.to_dict() for c in self.calls],
            "illegal": [c.to_dict() for c in self.illegal],
        }


def run_auction(calls: Sequence[tuple[int | None, Call]], speakers: Sequence[int]) -> AuctionResult:
    """Rule a whole auction: ``calls`` are ``(seat or None, call)`` in the order made."""
    state = AuctionState(speakers)
    for seat, call in calls:
        state.apply(call, seat)
    return AuctionResult(list(speakers), state.calls, state.holder if state.over and not state.redeal else None,
                         state.high if state.over and not state.redeal else None, state.redeal, state.over)


def speakers_of(dealer: int, players: int = 4) -> list[int]:
    """The three active seats in speaking order, the Main (the dealer's right, next in play order) first.

    With four players the dealer sits out; with three (the option) he plays and speaks last.
    """
    return [(dealer + i - 1) % players + 1 for i in (1, 2, 3)]


# -- reading typed auctions ------------------------------------------------------------

def _norm(text: str) -> str:
    text = strip_accents(text).lower()
    return _SEPARATORS.sub(" ", text).strip()


_SEPARATORS = re.compile(r"[\s_!'’-]+")


_PASS_WORDS = {"passe", "je passe", "pass", "paso", "p"}
_PLAY_WORDS = {"je joue", "joue", "juego", "yo juego", "i play", "play"}
_MORE_WORDS = ("plus", "je monte", "monte", "mas", "more")
KIND_WORDS: dict[str, Kind] = {}
for _kind, _words in {
    Kind.SIMPLE: ("simple", "jeu simple", "jeu", "entrada"),
    Kind.FAVOUR: ("favour", "favor", "faveur", "couleur de faveur", "jeu en couleur de faveur",
                  "jeu dans la couleur de faveur", "jeu favour", "entrada de favor"),
    Kind.RETOURNE: ("retourne", "vuelta", "turn"),
    Kind.SOLO: ("solo", "solo simple", "jeu simple sans prendre", "sans prendre"),
    Kind.SOLO_FAVOUR: ("solo favour", "solo favor", "solo faveur", "solo en couleur de faveur",
                       "solo dans la couleur de faveur", "solo de favor"),
}.items():
    for _w in _words:
        KIND_WORDS[_w] = _kind


def parse_kind(text: str) -> Kind:
    """A kind in French, Spanish or English (``solo``, ``faveur``, ``vuelta``, ``solo_favour``)."""
    kind = KIND_WORDS.get(_norm(text))
    if kind is None:
        raise InputError(T(f"jeu inconnu : « {text} »", f"unknown kind of game: '{text}'"), token=text)
    return kind


def parse_call(text: str) -> Call:
    """One typed call: ``passe``, ``je joue``, ``plus``, ``plus solo`` (French, Spanish, English)."""
    word = _norm(text)
    if word in _PASS_WORDS:
        return Call(PASS)
    if word in _PLAY_WORDS:
        return Call(PLAY)
    for more in _MORE_WORDS:
        if word == more:
            return Call(MORE)
        if word.startswith(more + " "):
            if word[len(more) + 1:] not in KIND_WORDS:  # name the kind as written, not as folded
                parse_kind(text.strip().split(None, more.count(" ") + 1)[-1])
            return Call(MORE, parse_kind(word[len(more) + 1:]))
    raise InputError(T(f"annonce illisible : « {text.strip()} » (attendu : passe, je joue, plus [jeu])",
                       f"unreadable call: '{text.strip()}' (expected: passe, je joue, plus [kind])"),
                     token=text.strip())


def parse_auction(text: str) -> list[Call]:
    """Calls separated by commas, semicolons or new lines."""
    parts = [p for p in re.split(r"[,;\n]+", text) if p.strip()]
    if not parts:
        raise InputError(T("enchères vides", "empty auction"), token=text)
    calls = []
    for i, part in enumerate(parts, start=1):
        try:
            calls.append(parse_call(part))
        except InputError as err:
            err.message = T(f"appel {i} : {err.message.fr}", f"call {i}: {err.message.en}")
            raise
    return calls


def classify_auction(text: str, dealer: int | None = None, players: int = 4) -> AuctionResult:
    """Classify a typed tresillo auction: the Joueur, the kind, every illegal call and why.

    ``text``: calls separated by commas (``"passe, je joue, plus solo, passe, passe"``);
    ``dealer``: the dealer's seat (1..players; default the last seat, so the Main is seat 1);
    ``players``: 4 (the dealer sits out) or 3 (the dealer plays).
    Raises :class:`InputError` on an unreadable call or a bad dealer/players value.
    """
    if players not in (3, 4):
        raise InputError(T(f"nombre de joueurs {players} : 3 ou 4", f"{players} players: 3 or 4 expected"),
                         token=str(players))
    if dealer is None:
        dealer = players
    if not 1 <= dealer <= players:
        raise InputError(T(f"donneur {dealer} : siège de 1 à {players}", f"dealer {dealer}: seat 1 to {players}"),
                         token=str(dealer))
    calls = parse_auction(text)
    return run_auction([(None, c) for c in calls], speakers_of(dealer, players))
