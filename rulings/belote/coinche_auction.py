"""Classify an auction text: coinche bidding (seed 003 replies) or the belote taking rounds.

What:

* :func:`classify_coinche` reads ``"80H P 90S X P P P"`` (also ``80 Hearts``,
  ``coinche``, ``surcoinche``, ``XX``, ``capot S``, ``generale TA``,
  ``pass``/``passe``) and returns the taker, contract, coinche level and, for
  **every** call, the seed 003 numeric reply (200 when fine, 431-436 for
  CONTRACT, 441-444 for COINCHE, 451-453 for SURCOINCHE). An irregular call
  is *held and reported*, never refused: it stays in the list with its code
  and does not change the auction.
* :func:`classify_belote_taking` reads the two belote taking rounds
  (``"8H: pass pass take"``; round 2 ``take S``/``prends pique``) and flags
  irregular calls (another suit in round 1, the turned suit in round 2, a
  call after someone took, a ninth call).

The auction ends (seed 003) when all four players pass, when three players
pass after a bid, on a capot (or générale) bid, or on a surcoinche. A coinche
ends it except for the contract side's surcoinche: we close it after three
passes following the coinche. Seats are numbered from the first caller (1..4);
seats 1-3 and 2-4 are partners.

Interpretation notes (see RULES.md): code 444 (ERR_SELFCOINCHE) is used for
a player coinching his own side's contract; a surcoinche by the coinching
side has no code of its own in seed 003 and is reported with 453; a
denomination-less bid gets 436, a value that is not a multiple of 10 gets 435.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Sequence

from arbitre.rulings.belote.cards import SUIT_WORDS, Card, Suit, parse_card
from arbitre.rulings.belote.coinche import (
    BID_STEP, CAPOT_VALUE, GENERALE_VALUE, MAX_BID, MIN_BID, Contract, Denomination, Level, NoTrump,
    may_coinche, may_surcoinche,
)
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T


class CallKind(str, Enum):
    BID = "bid"
    PASS = "pass"
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"
    TAKE = "take"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Reply:
    """A seed 003 numeric reply: code, symbolic name, bilingual text."""

    code: int
    name: str
    text: T


def _r(code: int, name: str, en: str, fr: str) -> Reply:
    return Reply(code, name, T(fr, en))


BIDDING_OKAY = _r(200, "BIDDING_OKAY", "bidding okay.", "enchère acceptée.")
COINCHE_OKAY = _r(200, "COINCHE_OKAY", "Coinche has been counted", "la coinche est enregistrée")
SURCOINCHE_OKAY = _r(200, "SURCOINCHE_OKAY", "Surcoinche has been counted", "la surcoinche est enregistrée")
PASS_OKAY = _r(200, "PASS_OKAY", "You passed your turn.", "vous avez passé votre tour.")
ERR_BIDDINGOVER = _r(431, "ERR_BIDDINGOVER", "the bidding step is over.", "les enchères sont terminées.")
ERR_LOWBIDDING = _r(432, "ERR_LOWBIDDING", "the minimum bidding value is 80.", "l'enchère minimale est 80.")
ERR_HIGHBIDDING = _r(433, "ERR_HIGHBIDDING", "the maximum bidding value is 160.", "l'enchère maximale est 160.")
ERR_C_BIDDINGOVER = _r(441, "ERR_BIDDINGOVER", "the bidding step is over.", "les enchères sont terminées.")
ERR_ALREADYCOINCHE = _r(442, "ERR_ALREADYCOINCHE", "a player already coinched", "un joueur a déjà coinché")
ERR_IMPOSSIBLECOINCHE = _r(443, "ERR_IMPOSSIBLECOINCHE", "coinche cannot be announced until a contract is made.",
                           "impossible de coincher avant qu'un contrat soit annoncé.")
ERR_SELFCOINCHE = _r(444, "ERR_SELFCOINCHE", "you cannot coinche a contract you or your partner already coinched",
                     "vous ne pouvez pas coincher un contrat de votre camp")
ERR_S_BIDDINGOVER = _r(451, "ERR_BIDDINGOVER", "the bidding step is over.", "les enchères sont terminées.")
ERR_ALREADYSURCOINCHE = _r(452, "ERR_ALREADYSURCOINCHE", "a player already surcoinched",
                           "un joueur a déjà surcoinché")
ERR_IMPOSSIBLESURCOINCHE = _r(453, "ERR_IMPOSSIBLESURCOINCHE", "surcoinche cannot be announced until coinche is.",
                              "impossible de surcoincher sans coinche préalable.")


def err_nextlow(contract: Contract) -> Reply:
    return _r(434, "ERR_NEXTLOWBIDDING", f"a player already bidded {contract.text()}",
              f"un joueur a déjà annoncé {contract.text()}")


def err_option(option: str) -> Reply:
    return _r(435, "ERR_INVALIDOPTION", f"{option} is not a valid option.", f"{option} n'est pas une option valide.")


def err_suit(suit: str) -> Reply:
    return _r(436, "ERR_INVALIDCARDSUIT", f"{suit or '(none)'} does not exist.",
              f"la couleur {suit or '(aucune)'} n'existe pas.")


@dataclass
class CallReport:
    """One call of the auction and the reply it gets; ``accepted`` is False for a held irregular call."""

    index: int
    seat: str
    text: str
    kind: CallKind
    code: int | None
    name: str
    message: T
    accepted: bool
    note: T | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "seat": self.seat, "call": self.text, "kind": self.kind.value,
                "code": self.code, "name": self.name, "message": self.message.as_dict(),
                "accepted": self.accepted, "note": self.note.as_dict() if self.note else None}


@dataclass
class AuctionResult:
    """Outcome of an auction: who takes, what, how doubled, and every call's reply."""

    game: str  # "coinche" or "belote"
    calls: list[CallReport] = field(default_factory=list)
    taker: str | None = None
    contract: str | None = None
    trump: str | None = None
    coinche_level: int = 0  # 0 none, 1 coinche, 2 surcoinche
    coinched_by: str | None = None
    surcoinched_by: str | None = None
    ended: bool = False
    passed_out: bool = False  # nobody took: redeal

    @property
    def irregular(self) -> list[CallReport]:
        return [c for c in self.calls if not c.accepted]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "taker": self.taker, "contract": self.contract, "trump": self.trump,
                "coinche_level": self.coinche_level, "coinched_by": self.coinched_by,
                "surcoinched_by": self.surcoinched_by, "ended": self.ended, "passed_out": self.passed_out,
                "irregular_count": len(self.irregular), "calls": [c.to_dict() for c in self.calls]}


# -- tokenizer ---------------------------------------------------------------------

_PASS = {"P", "PASS", "PASSE", "PASSO"}
_COINCHE = {"X", "COINCHE", "CONTRE", "DOUBLE"}
_SURCOINCHE = {"XX", "SURCOINCHE", "SURCONTRE", "REDOUBLE"}
_LEVELS = {"CAPOT": Level.CAPOT, "GENERALE": Level.GENERALE, "GÉNÉRALE": Level.GENERALE}
_BID_RE = re.compile(r"^(\d+)(.*)$")


def _is_keyword(tok: str) -> bool:
    u = tok.upper()
    return u in _PASS or u in _COINCHE or u in _SURCOINCHE or u in _LEVELS or bool(_BID_RE.match(tok))


def parse_denomination(word: str) -> Denomination | None:
    u = word.strip().upper().replace("Œ", "OE").replace("È", "E").replace("É", "E")
    if u in ("TA", "ALL", "ALLTRUMPS", "TOUTATOUT"):
        return NoTrump.TA
    if u in ("SA", "NT", "NOTRUMP", "NOTRUMPS", "SANSATOUT"):
        return NoTrump.SA
    return SUIT_WORDS.get(u)


@dataclass
class _Call:
    text: str
    kind: CallKind
    value: int | None = None
    level: Level | None = None
    suit_text: str = ""
    option: str = ""


def tokenize_coinche(text: str) -> list[_Call]:
    """Split an auction text into calls (multi-word calls such as ``80 Hearts`` are joined)."""
    toks = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    calls: list[_Call] = []
    i = 0
    while i < len(toks):
        tok = toks[i]
        u = tok.upper()
        i += 1
        if u in _PASS:
            calls.append(_Call(tok, CallKind.PASS))
        elif u in _COINCHE:
            calls.append(_Call(tok, CallKind.COINCHE))
        elif u in _SURCOINCHE:
            calls.append(_Call(tok, CallKind.SURCOINCHE))
        elif u in _LEVELS or _BID_RE.match(tok):
            m = _BID_RE.match(tok)
            level = _LEVELS.get(u, Level.POINTS)
            value = int(m.group(1)) if m else (CAPOT_VALUE if level is Level.CAPOT else GENERALE_VALUE)
            suit_text = m.group(2) if m else ""
            full = tok
            if not suit_text and i < len(toks) and not _is_keyword(toks[i]):
                suit_text = toks[i]
                full = f"{tok} {toks[i]}"
                i += 1
            calls.append(_Call(full, CallKind.BID, value=value, level=level, suit_text=suit_text,
                               option=m.group(1) if m else tok))
        else:
            calls.append(_Call(tok, CallKind.UNKNOWN, option=tok))
    return calls


# -- coinche ------------------------------------------------------------------------

def _seat_names(players: Sequence[str] | None) -> list[str]:
    names = list(players) if players else ["1", "2", "3", "4"]
    if len(names) != 4:
        raise InputError(T("il faut 4 joueurs", "four players are needed"))
    return names


def classify_coinche(text: str, players: Sequence[str] | None = None) -> AuctionResult:
    """Classify a coinche auction; every call gets its seed 003 reply (see module docstring)."""
    names = _seat_names(players)
    res = AuctionResult("coinche")
    contract: Contract | None = None
    contract_seat: int | None = None
    level = 0
    passes = 0
    over = False
    calls = tokenize_coinche(text)
    if not calls:
        raise InputError(T("enchères vides", "empty auction"), token=text)
    for idx, call in enumerate(calls):
        seat = idx % 4
        reply: Reply
        note: T | None = None
        accepted = False
        if call.kind is CallKind.PASS:
            reply, accepted = PASS_OKAY, True
            if over:
                note = T("passe superflue : les enchères sont closes", "superfluous pass: the bidding is over")
            else:
                passes += 1
                if contract is None and passes == 4:
                    over, res.passed_out = True, True
                elif contract is not None and passes == 3:
                    over = True
        elif call.kind is CallKind.BID:
            den = parse_denomination(call.suit_text) if call.suit_text else None
            new = Contract(call.level or Level.POINTS, call.value or 0, den) if den is not None else None
            if over or level > 0:
                reply = ERR_BIDDINGOVER
            elif call.level is Level.POINTS and call.value is not None and call.value % BID_STEP != 0:
                reply = err_option(call.option)
            elif call.level is Level.POINTS and (call.value or 0) < MIN_BID:
                reply = ERR_LOWBIDDING
            elif call.level is Level.POINTS and (call.value or 0) > MAX_BID:
                reply = ERR_HIGHBIDDING
            elif new is None:
                reply = err_suit(call.suit_text)
            elif contract is not None and new.rank <= contract.rank:
                reply = err_nextlow(contract)
            else:
                reply, accepted = BIDDING_OKAY, True
                contract, contract_seat, passes = new, seat, 0
                if new.level is not Level.POINTS:
                    over = True
                    note = T("un capot (ou une générale) clôt les enchères",
                             "a capot (or générale) bid ends the bidding")
        elif call.kind is CallKind.COINCHE:
            if level >= 1:
                reply = ERR_ALREADYCOINCHE
            elif over:
                reply = ERR_C_BIDDINGOVER
            elif contract is None:
                reply = ERR_IMPOSSIBLECOINCHE
            elif not may_coinche(seat, contract_seat, level):
                reply = ERR_SELFCOINCHE
            else:
                reply, accepted = COINCHE_OKAY, True
                level, passes = 1, 0
                res.coinched_by = names[seat]
        elif call.kind is CallKind.SURCOINCHE:
            if level >= 2:
                reply = ERR_ALREADYSURCOINCHE
            elif over:
                reply = ERR_S_BIDDINGOVER
            elif level == 0:
                reply = ERR_IMPOSSIBLESURCOINCHE
            elif not may_surcoinche(seat, contract_seat, level):
                reply = ERR_IMPOSSIBLESURCOINCHE
                note = T("seul le camp du contrat peut surcoincher (pas de code propre dans le protocole)",
                         "only the contract's side may surcoinche (the protocol has no code of its own)")
            else:
                reply, accepted = SURCOINCHE_OKAY, True
                level, over = 2, True
                res.surcoinched_by = names[seat]
        else:
            reply = err_option(call.option)
        res.calls.append(CallReport(idx + 1, names[seat], call.text, call.kind, reply.code, reply.name,
                                    reply.text, accepted, note))
    if contract is not None:
        res.taker = names[contract_seat or 0]
        res.contract = contract.text()
        den = contract.denomination
        res.trump = den.value if isinstance(den, NoTrump) else den.en
    res.coinche_level = level
    res.ended = over
    return res


# -- belote taking rounds --------------------------------------------------------------

_TAKE = {"TAKE", "PRENDS", "PREND", "PRENDRE", "T", "OUI", "YES"}


def classify_belote_taking(text: str, turned: Card | str | None = None,
                           players: Sequence[str] | None = None) -> AuctionResult:
    """Classify belote taking calls: round 1 (calls 1-4) on the turned suit, round 2 (5-8) another suit.

    ``text`` may start with the turned card, e.g. ``"8H: pass take"``. Irregular
    calls are held (``accepted=False``, ``code=None``) with the reason; per
    contree.org "Fautes et sanctions", naming another suit in round 1 is void.
    """
    names = _seat_names(players)
    toks = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    if toks and toks[0].endswith(":"):
        turned = toks.pop(0)[:-1]
    elif toks and toks[0].lower().startswith("turned="):
        turned = toks.pop(0).split("=", 1)[1]
    turned_card = parse_card(turned) if isinstance(turned, str) else turned
    turned_suit: Suit | None = turned_card.suit if turned_card else None
    res = AuctionResult("belote")
    taken = False
    i = 0
    idx = 0
    while i < len(toks):
        tok = toks[i]
        u = tok.upper()
        i += 1
        seat = idx % 4
        rnd = 1 if idx < 4 else 2
        kind = CallKind.UNKNOWN
        suit: Suit | None = None
        shown = tok
        if u in _PASS:
            kind = CallKind.PASS
        elif u in _TAKE:
            kind = CallKind.TAKE
            if i < len(toks) and toks[i].upper() not in _PASS | _TAKE:
                den = parse_denomination(toks[i])
                if isinstance(den, Suit):
                    suit = den
                    shown = f"{tok} {toks[i]}"
                    i += 1
        idx += 1
        ok_msg = T("accepté", "accepted")
        reason: T | None = None
        if kind is CallKind.UNKNOWN:
            reason = T(f"appel inconnu « {tok} » (attendu : passe / prends [couleur])",
                       f"unknown call '{tok}' (expected: pass / take [suit])")
        elif taken:
            reason = T("quelqu'un a déjà pris : la prise est terminée", "someone already took: taking is over")
        elif idx > 8:
            reason = T("plus de deux tours : la donne aurait dû être redistribuée",
                       "more than two rounds: the deal should have been redealt")
        elif kind is CallKind.TAKE and rnd == 1 and suit is not None and turned_suit is not None \
                and suit != turned_suit:
            reason = T(f"au premier tour on ne peut prendre qu'à {turned_suit.label().fr} (couleur retournée)",
                       f"in the first round only the turned suit ({turned_suit.en}) may be taken")
        elif kind is CallKind.TAKE and rnd == 2 and suit is None:
            reason = T("au second tour il faut nommer une couleur", "in the second round a suit must be named")
        elif kind is CallKind.TAKE and rnd == 2 and suit == turned_suit:
            reason = T("au second tour la couleur retournée est exclue",
                       "in the second round the turned suit is excluded")
        accepted = reason is None
        if accepted and kind is CallKind.TAKE:
            taken = True
            res.taker = names[seat]
            trump = suit if suit is not None else turned_suit
            res.trump = trump.en if trump is not None else None
            res.contract = f"{'round 1' if rnd == 1 else 'round 2'}: {res.trump or 'turned suit'}"
        res.calls.append(CallReport(idx, names[seat], shown, kind, 200 if accepted else None,
                                    "OK" if accepted else "IRREGULAR", ok_msg if accepted else reason, accepted))
    accepted_calls = [c for c in res.calls if c.accepted]
    res.ended = taken or len(accepted_calls) >= 8
    res.passed_out = not taken and len(accepted_calls) >= 8
    return res
