"""The vocabulary an irregularity is described with, shared by the classifiers and the
ruling trees: its status in the auction and the facts that answer tree questions.

Both are ``str`` enums: they compare equal to, and serialise as, the plain strings the
JSON documents and the authored trees (``fact: turn_of``) use.
"""
from __future__ import annotations

from enum import Enum


class Status(str, Enum):
    """Where an irregularity stands once the auction has gone on past it."""

    PENDING = "pending"  # nobody has acted on it yet: the director rules
    ACCEPTED = "accepted"  # the offender's LHO called over it (Law 27A, 29A)
    CANCELLED = "cancelled"  # cancelled by rule, or by the player whose turn it was calling (Law 29B)
    STANDS = "stands"  # it stays in the record and counts (a call that was accepted in effect)


class Fact(str, Enum):
    """A fact an auction gives about an irregularity; a tree question that declares it
    (``fact: <value>``) is answered from it without asking the director."""

    CALL_KIND = "call_kind"
    TURN_OF = "turn_of"
    ANY_CALL_BEFORE = "any_call_before"
    ANY_BID_BEFORE = "any_bid_before"
    ACCEPTED = "accepted"
    INADMISSIBLE_KIND = "inadmissible_kind"
    OFFENDER_SIDE = "offender_side"
    COMPARABLE = "comparable"
    EXPOSED_HOW = "exposed_how"
    PENALTY_CARD_KIND = "penalty_card_kind"
    IN_ROTATION = "in_rotation"
    OTHER_CALLER = "other_caller"
    INADMISSIBLE = "inadmissible"
    REPLACEMENT = "replacement"

    @property
    def description(self) -> str:
        return _DESCRIPTIONS[self]


_DESCRIPTIONS: dict[Fact, str] = {
    Fact.CALL_KIND: "pass | bid | double | redouble: the kind of the irregular call",
    Fact.TURN_OF: "rho | partner | lho: whose turn it was when the offender called (relative to the offender)",
    Fact.ANY_CALL_BEFORE: "yes | no: had any player called before the irregular call",
    Fact.ANY_BID_BEFORE: "yes | no: had any player made a bid (not a pass) before the irregular call",
    Fact.ACCEPTED: "yes | no: the offender's LHO called after the irregular call (Law 29A forfeiture / acceptance)",
    Fact.INADMISSIBLE_KIND: "double-own-side | double-no-bid | double-already-doubled | redouble-not-doubled | "
    "redouble-own-double | redouble-already-redoubled",
    Fact.OFFENDER_SIDE: "declaring | defending: after the auction, whether the offender became declarer/dummy",
    Fact.COMPARABLE: "yes | no: the Director judged the replacement call comparable (Law 23A)",
    Fact.EXPOSED_HOW: "how a penalty card came about (see the penalty-card tree's entry question)",
    Fact.PENALTY_CARD_KIND: "major | minor: the kind of an existing penalty card",
    Fact.IN_ROTATION: "yes | no: the irregular call was made at the offender's own turn",
    Fact.OTHER_CALLER: "rho-required-to-pass | correct-player-called | director-called: what followed a call out of "
    "rotation that LHO did not accept (Laws 28A, 28B, 29B)",
    Fact.INADMISSIBLE: "yes | no: the double or redouble is one Law 19 forbids (for a call out of rotation: even "
    "had it been made in rotation; Law 36); a bid is never inadmissible",
    Fact.REPLACEMENT: "double-or-redouble | another-insufficient | other: the call that replaced an insufficient bid "
    "the Director ruled on (Law 27B); given only when the record tells it (a lowest bid in the same strain ruled "
    "comparable may be 27B1(a)'s case: the Director says)",
}
