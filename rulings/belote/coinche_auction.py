"""The coinche auction as the table protocol (seed 003) writes it, and the belote taking rounds.

What:

* :class:`CoincheAuction` is the one auction engine: the classifier below and the
  table server (:mod:`arbitre.server`) both submit calls to it. Each call gets the
  protocol's numeric reply (200 when fine; 431-436 for CONTRACT, 441-444 for
  COINCHE, 451-453 for SURCOINCHE, 423 out of turn, 400 an unknown command).
* :func:`read_calls` reads a written auction: the protocol's own syntax
  (``CONTRACT 80 Hearts``, ``CONTRACT capot Spades``, ``CONTRACT generale TA``,
  ``COINCHE``, ``SURCOINCHE``, ``PASS``) and the short forms (``80H``, ``80Co``,
  ``90Pi``, ``100 Tr``, ``110♦``, ``capot Pi``, ``X``, ``XX``, ``P``).
* :func:`classify_coinche` classifies one auction; :func:`classify_lines` a text
  of one auction per line, each result with its line number.
* :func:`classify_belote_taking` reads the two belote taking rounds.

The protocol's choices where the seed is silent or ambiguous (README, "Coinche
table protocol"; every one is tested):

* **A refused call does not use up the turn**: the same player speaks again, as
  at the table server. Seats are numbered from the first caller (1..4); seats
  1-3 and 2-4 are partners.
* **The end** (seed: "all four players pass, or the other three pass after a bid,
  or a capot bid, or a surcoinche"): four passes with no bid; three passes in a
  row after the last bid; a capot or générale bid; a surcoinche. A coinche ends
  it "except if the opposite team surcoinches": the turn goes on and the
  auction closes after three passes following the coinche, that is once both
  players of the contracting side declined to surcoinche; meanwhile a bid gets
  431 and another coinche 442.
* **The specific code wins**: for a bid, 431 (over) → 435 (option unreadable) →
  432 (< 80) → 433 (> 160) → 436 (suit) → 434 (not above the current
  contract) → the optional 10-point step (435, variant ``bid_step``; the seed
  states no step, so by default any value 80..160 is a bid).
* **"Bidding over" has three codes**: 431 for CONTRACT (and for PASS, which has
  no error code of its own), 441 for COINCHE, 451 for SURCOINCHE.
* 444 is given to a player coinching his own side's contract; a surcoinche by
  the coinching side has no code of its own and gets 453 with its own text.
* A command that is no call at all (``banana``) is 400, INVALID_COMMAND.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from arbitre.rulings.belote.cards import SUIT_WORDS, Card, Suit, parse_card
from arbitre.rulings.belote.coinche import (
    CAPOT_VALUE,
    GENERALE_VALUE,
    MAX_BID,
    MIN_BID,
    Contract,
    Denomination,
    Level,
    NoTrump,
    may_coinche,
    may_surcoinche,
)
from arbitre.rulings.calls import CallKind as CallKind  # the shared vocabulary (re-exported)
from arbitre.rulings.digits import is_number
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T


@dataclass(frozen=True)
class Reply:
    """A protocol numeric reply: code, symbolic name, bilingual text; ``ok`` when the call was counted."""

    code: int
    name: str
    text: T
    ok: bool = False

    def line(self, lang: str) -> str:
        """The reply as the server sends it: ``432 the minimum bidding value is 80.``"""
        return f"{self.code} {self.text.get(lang)}"


def make_reply(code: int, name: str, en: str, fr: str, ok: bool = False) -> Reply:
    """A reply from its code, symbolic name, English and French texts (the server's replies use it too)."""
    return Reply(code, name, T(fr, en), ok)


_r = make_reply


BIDDING_OKAY = _r(200, "BIDDING_OKAY", "bidding okay.", "enchère acceptée.", True)
COINCHE_OKAY = _r(200, "COINCHE_OKAY", "Coinche has been counted", "la coinche est enregistrée", True)
SURCOINCHE_OKAY = _r(200, "SURCOINCHE_OKAY", "Surcoinche has been counted", "la surcoinche est enregistrée", True)
PASS_OKAY = _r(200, "PASS_OKAY", "You passed your turn.", "vous avez passé votre tour.", True)
INVALID_COMMAND = _r(400, "INVALID_COMMAND", "Invalid command", "commande invalide")
ERR_WRONGTURN = _r(423, "ERR_WRONGTURN", "please wait for your turn.", "attendez votre tour, s'il vous plaît.")
ERR_BIDDINGOVER = _r(431, "ERR_BIDDINGOVER", "the bidding step is over.", "les enchères sont terminées.")
ERR_LOWBIDDING = _r(432, "ERR_LOWBIDDING", "the minimum bidding value is 80.", "l'enchère minimale est 80.")
ERR_HIGHBIDDING = _r(433, "ERR_HIGHBIDDING", "the maximum bidding value is 160.", "l'enchère maximale est 160.")
ERR_C_BIDDINGOVER = _r(441, "ERR_BIDDINGOVER", "the bidding step is over.", "les enchères sont terminées.")
ERR_ALREADYCOINCHE = _r(442, "ERR_ALREADYCOINCHE", "a player already coinched", "un joueur a déjà coinché")
ERR_IMPOSSIBLECOINCHE = _r(443, "ERR_IMPOSSIBLECOINCHE", "coinche cannot be announced until a contract is made.",
                           "impossible de coincher avant qu'un contrat soit annoncé.")
ERR_SELFCOINCHE = _r(444, "ERR_SELFCOINCHE", "you cannot coinche a contract you or your partner made",
                     "vous ne pouvez pas coincher un contrat de votre camp")
ERR_S_BIDDINGOVER = _r(451, "ERR_BIDDINGOVER", "the bidding step is over.", "les enchères sont terminées.")
ERR_ALREADYSURCOINCHE = _r(452, "ERR_ALREADYSURCOINCHE", "a player already surcoinched",
                           "un joueur a déjà surcoinché")
ERR_IMPOSSIBLESURCOINCHE = _r(453, "ERR_IMPOSSIBLESURCOINCHE", "surcoinche cannot be announced until coinche is.",
                              "impossible de surcoincher sans coinche préalable.")
ERR_SURCOINCHE_SIDE = _r(453, "ERR_IMPOSSIBLESURCOINCHE", "only the side that made the contract may surcoinche.",
                         "seul le camp qui a fait le contrat peut surcoincher.")


def contract_label(contract: Contract) -> T:
    """``90 Spades`` / ``90 Pique``; ``capot TA``; ``generale SA`` / ``générale SA``."""
    den = contract.denomination
    fr_den, en_den = (den.value, den.value) if isinstance(den, NoTrump) else (den.label().fr, den.en)
    if contract.level is Level.POINTS:
        return T(f"{contract.value} {fr_den}", f"{contract.value} {en_den}")
    level = T("capot", "capot") if contract.level is Level.CAPOT else T("générale", "generale")
    return T(f"{level.fr} {fr_den}", f"{level.en} {en_den}")


def err_nextlow(contract: Contract) -> Reply:
    label = contract_label(contract)
    return _r(434, "ERR_NEXTLOWBIDDING", f"a player already bidded {label.en}", f"un joueur a déjà annoncé {label.fr}")


def err_option(option: str) -> Reply:
    shown = option or "(none)"
    return _r(435, "ERR_INVALIDOPTION", f"{shown} is not a valid option.",
              f"{option or '(rien)'} n'est pas une option valide.")


def err_step(option: str, step: int) -> Reply:
    return _r(435, "ERR_INVALIDOPTION", f"{option} is not a valid option (bids go by {step}).",
              f"{option} n'est pas une option valide (les enchères vont de {step} en {step}).")


def err_suit(suit: str) -> Reply:
    return _r(436, "ERR_INVALIDCARDSUIT", f"{suit or '(none)'} does not exist.",
              f"la couleur {suit or '(aucune)'} n'existe pas.")


# -- reading calls -------------------------------------------------------------------

_PASS = {"P", "PASS", "PASSE", "PASSO"}
_COINCHE = {"X", "COINCHE", "CONTRE"}
_SURCOINCHE = {"XX", "SURCOINCHE", "SURCONTRE"}
_CONTRACT = {"CONTRACT", "CONTRAT"}
_LEVELS = {"CAPOT": Level.CAPOT, "GENERALE": Level.GENERALE}
_BID_RE = re.compile(r"^(\d+)([^\d_].*)?$")  # the value, then the suit: "1_000H" is not 1 + "_000H"
_BID_START = re.compile(r"^\d")  # a bid, well formed or not (its option is judged: 435 names it)
_FRENCH_SUITS = {"COEUR": Suit.HEARTS, "CARREAU": Suit.DIAMONDS, "TREFLE": Suit.CLUBS, "PIQUE": Suit.SPADES}


def _fold(word: str) -> str:
    """Upper case without the French accents and ligature (``Cœur`` → ``COEUR``)."""
    return (word.strip().upper().replace("Œ", "OE").replace("É", "E").replace("È", "E").replace("Ê", "E")
            .replace("♡", "♥").replace("♢", "♦"))


def parse_denomination(word: str) -> Denomination | None:
    """A suit, TA or SA in English or French, by letter, symbol, word, or a French word cut to 2+ letters."""
    u = _fold(word)
    if u in ("TA", "ALLTRUMPS", "ALLTRUMP", "TOUTATOUT", "TOUT-ATOUT"):
        return NoTrump.TA
    if u in ("SA", "NT", "NOTRUMP", "NOTRUMPS", "SANSATOUT", "SANS-ATOUT"):
        return NoTrump.SA
    if u in SUIT_WORDS:
        return SUIT_WORDS[u]
    if len(u) >= 2:
        for name, suit in _FRENCH_SUITS.items():
            if name.startswith(u):
                return suit
    return None


@dataclass(frozen=True)
class Call:
    """One call as written: its kind, and for a bid the option (``80``, ``capot``) and the suit word."""

    text: str
    kind: CallKind
    option: str = ""
    suit_text: str = ""


def _level_word(tok: str) -> bool:
    """``capot``, ``générale``, or either with its suit glued on (``capotPi``)."""
    u = _fold(tok)
    return any(u.startswith(level) for level in _LEVELS)


def _starts_call(tok: str) -> bool:
    u = _fold(tok)
    return (u in _PASS or u in _COINCHE or u in _SURCOINCHE or u in _CONTRACT or _level_word(tok)
            or bool(_BID_START.match(tok)))


def bid_call(args: Sequence[str], text: str | None = None) -> Call:
    """A CONTRACT call from its parameters: ``["80", "Hearts"]``, ``["80H"]``, ``["capot", "Pi"]``."""
    option = args[0] if args else ""
    suit = " ".join(args[1:])
    m = _BID_RE.match(option)
    if m and m.group(2) and not suit:
        option, suit = m.group(1), m.group(2)
    else:
        for level in _LEVELS:  # "capotS", "generaleTA"
            if _fold(option).startswith(level) and len(option) > len(level) and not suit:
                option, suit = option[:len(level)], option[len(level):]
    return Call(text if text is not None else " ".join(args), CallKind.BID, option, suit)


def command_call(command: str, args: Sequence[str]) -> Call:
    """A call from a protocol command line split into words (``PASS``, ``CONTRACT 80 Hearts``…)."""
    u = _fold(command)
    text = " ".join([command, *args])
    if u in _CONTRACT:
        return bid_call(args, text)
    if args:  # PASS, COINCHE and SURCOINCHE take no parameter
        return Call(text, CallKind.UNKNOWN, text)
    if u in _PASS:
        return Call(text, CallKind.PASS)
    if u in _COINCHE:
        return Call(text, CallKind.DOUBLE)
    if u in _SURCOINCHE:
        return Call(text, CallKind.REDOUBLE)
    return Call(text, CallKind.UNKNOWN, command)


def read_calls(text: str) -> list[Call]:
    """Split a written auction into calls; multi-word calls (``CONTRACT 80 Hearts``, ``capot Pi``) are joined.

    A bid takes the next word as its suit only when that word starts no call, so
    ``capot PASS`` is a capot with no suit (436) followed by a pass.
    """
    toks = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    calls: list[Call] = []
    i = 0
    while i < len(toks):
        tok = toks[i]
        u = _fold(tok)
        i += 1
        if u in _PASS:
            calls.append(Call(tok, CallKind.PASS))
        elif u in _COINCHE:
            calls.append(Call(tok, CallKind.DOUBLE))
        elif u in _SURCOINCHE:
            calls.append(Call(tok, CallKind.REDOUBLE))
        elif u in _CONTRACT or _level_word(tok) or _BID_START.match(tok):
            words = [tok]
            if u in _CONTRACT:
                words = [tok]
                if i < len(toks) and _fold(toks[i]) not in _PASS | _COINCHE | _SURCOINCHE | _CONTRACT:
                    words.append(toks[i])
                    i += 1
            head = words[-1]
            has_suit = bool(_BID_RE.match(head) and _BID_RE.match(head).group(2))  # type: ignore[union-attr]
            has_suit = has_suit or any(_fold(head).startswith(lv) and len(head) > len(lv) for lv in _LEVELS)
            if not has_suit and i < len(toks) and not _starts_call(toks[i]):
                words.append(toks[i])
                i += 1
            args = words[1:] if u in _CONTRACT else words
            calls.append(bid_call(args, " ".join(words)))
        else:
            calls.append(Call(tok, CallKind.UNKNOWN, tok))
    return calls


# -- the engine -----------------------------------------------------------------------

@dataclass(frozen=True)
class AuctionVariants:
    """Rules the seed leaves open. ``bid_step``: bids must be a multiple of it (0: any value, the default)."""

    bid_step: int = 0


class CoincheAuction:
    """The state of a coinche auction; :meth:`submit` judges a call and applies it when it is counted.

    Seats are 0..3 in speaking order (seat 0 speaks first). ``turn`` is the seat
    to speak; a refused call changes nothing, not even the turn.
    """

    def __init__(self, variants: AuctionVariants = AuctionVariants()) -> None:
        self.variants = variants
        self.turn = 0
        self.contract: Contract | None = None
        self.contract_seat: int | None = None
        self.level = 0  # 0 none, 1 coinche, 2 surcoinche
        self.coinche_seat: int | None = None
        self.surcoinche_seat: int | None = None
        self.passes = 0
        self.over = False
        self.passed_out = False
        self.note: T | None = None  # why the last counted call ended the auction, if it did

    def judge(self, call: Call, seat: int | None = None) -> Reply:
        """The reply ``call`` gets from ``seat`` (default: the seat whose turn it is), without applying it."""
        reply, _ = self._judge(call, self.turn if seat is None else seat)
        return reply

    def submit(self, call: Call, seat: int | None = None) -> Reply:
        """Judge ``call`` and, when it is counted (``reply.ok``), apply it and pass the turn on."""
        seat = self.turn if seat is None else seat
        reply, new = self._judge(call, seat)
        if reply.ok:
            self._apply(call, seat, new)
        return reply

    def _judge(self, call: Call, seat: int) -> tuple[Reply, Contract | None]:
        kind = call.kind
        if kind is CallKind.UNKNOWN:
            return INVALID_COMMAND, None
        if self.over:
            over = {CallKind.DOUBLE: ERR_C_BIDDINGOVER, CallKind.REDOUBLE: ERR_S_BIDDINGOVER}
            if kind is CallKind.DOUBLE and self.level >= 1:
                return ERR_ALREADYCOINCHE, None
            if kind is CallKind.REDOUBLE and self.level >= 2:
                return ERR_ALREADYSURCOINCHE, None
            return over.get(kind, ERR_BIDDINGOVER), None
        if seat != self.turn:
            return ERR_WRONGTURN, None
        if kind is CallKind.PASS:
            return PASS_OKAY, None
        if kind is CallKind.BID:
            return self._judge_bid(call)
        if kind is CallKind.DOUBLE:
            if self.level >= 1:
                return ERR_ALREADYCOINCHE, None
            if self.contract is None:
                return ERR_IMPOSSIBLECOINCHE, None
            if not may_coinche(seat, self.contract_seat, self.level):
                return ERR_SELFCOINCHE, None
            return COINCHE_OKAY, None
        if self.level == 0:
            return ERR_IMPOSSIBLESURCOINCHE, None
        if not may_surcoinche(seat, self.contract_seat, self.level):
            return ERR_SURCOINCHE_SIDE, None
        return SURCOINCHE_OKAY, None

    def _judge_bid(self, call: Call) -> tuple[Reply, Contract | None]:
        if self.level > 0:
            return ERR_BIDDINGOVER, None
        option = _fold(call.option)
        level = _LEVELS.get(option)
        if level is None and not is_number(option):
            return err_option(call.option), None
        value = int(option) if level is None else (CAPOT_VALUE if level is Level.CAPOT else GENERALE_VALUE)
        if level is None and value < MIN_BID:
            return ERR_LOWBIDDING, None
        if level is None and value > MAX_BID:
            return ERR_HIGHBIDDING, None
        den = parse_denomination(call.suit_text) if call.suit_text else None
        if den is None:
            return err_suit(call.suit_text), None
        new = Contract(level or Level.POINTS, value, den)
        if self.contract is not None and new.rank <= self.contract.rank:
            return err_nextlow(self.contract), None
        step = self.variants.bid_step
        if level is None and step and value % step:
            return err_step(call.option, step), None
        return BIDDING_OKAY, new

    def _apply(self, call: Call, seat: int, new: Contract | None) -> None:
        self.note = None
        if call.kind is CallKind.PASS:
            self.passes += 1
            if self.contract is None and self.passes == 4:
                self.over = self.passed_out = True
                self.note = T("quatre passes : on redistribue", "four passes: redeal")
            elif self.contract is not None and self.passes == 3:
                self.over = True
                self.note = (T("le camp du contrat ne surcoinche pas", "the contracting side did not surcoinche")
                             if self.level else T("trois passes après l'enchère", "three passes after the bid"))
        elif call.kind is CallKind.BID:
            assert new is not None
            self.contract, self.contract_seat, self.passes = new, seat, 0
            if new.level is not Level.POINTS:
                self.over = True
                self.note = T("un capot (ou une générale) clôt les enchères", "a capot (or générale) ends the bidding")
        elif call.kind is CallKind.DOUBLE:
            self.level, self.coinche_seat, self.passes = 1, seat, 0
        elif call.kind is CallKind.REDOUBLE:
            self.level, self.surcoinche_seat, self.over = 2, seat, True
            self.note = T("la surcoinche clôt les enchères", "a surcoinche ends the bidding")
        self.turn = (seat + 1) % 4


# -- classification --------------------------------------------------------------------

@dataclass
class CallReport:
    """One call of the auction and the reply it gets; ``accepted`` is False for a refused call."""

    index: int
    seat: str
    text: str
    kind: CallKind
    code: int | None
    name: str
    message: T
    accepted: bool
    note: T | None = None

    def to_dict(self, game: str = "coinche") -> dict[str, Any]:
        """The call's JSON document; ``kind`` is written in ``game``'s words (``coinche``)."""
        from arbitre.rulings.games import get

        return {"index": self.index, "seat": self.seat, "call": self.text, "kind": get(game).call_word(self.kind),
                "code": self.code, "name": self.name, "message": self.message.as_dict(),
                "accepted": self.accepted, "note": self.note.as_dict() if self.note else None}


@dataclass
class AuctionResult:
    """Outcome of an auction: who takes, what, how doubled, and every call's reply."""

    game: str  # "coinche" or "belote"
    calls: list[CallReport] = field(default_factory=list)
    taker: str | None = None
    contract: str | None = None
    contract_label: T | None = None
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
        return {"game": self.game, "taker": self.taker, "contract": self.contract,
                "contract_label": self.contract_label.as_dict() if self.contract_label else None,
                "trump": self.trump, "coinche_level": self.coinche_level, "coinched_by": self.coinched_by,
                "surcoinched_by": self.surcoinched_by, "ended": self.ended, "passed_out": self.passed_out,
                "irregular_count": len(self.irregular), "calls": [c.to_dict(self.game) for c in self.calls]}


def _seat_names(players: Sequence[str] | None) -> list[str]:
    names = list(players) if players else ["1", "2", "3", "4"]
    if len(names) != 4:
        raise InputError(T("il faut 4 joueurs", "four players are needed"))
    return names


def result_of(auction: CoincheAuction, names: Sequence[str], calls: list[CallReport]) -> AuctionResult:
    """The :class:`AuctionResult` of an auction's state (also used for the server's deal records)."""
    res = AuctionResult("coinche", calls)
    if auction.contract is not None:
        res.taker = names[auction.contract_seat or 0]
        res.contract = auction.contract.text()
        res.contract_label = contract_label(auction.contract)
        den = auction.contract.denomination
        res.trump = den.value if isinstance(den, NoTrump) else den.en
    res.coinche_level = auction.level
    res.coinched_by = names[auction.coinche_seat] if auction.coinche_seat is not None else None
    res.surcoinched_by = names[auction.surcoinche_seat] if auction.surcoinche_seat is not None else None
    res.ended, res.passed_out = auction.over, auction.passed_out
    return res


def classify_coinche(text: str, players: Sequence[str] | None = None,
                     variants: AuctionVariants = AuctionVariants()) -> AuctionResult:
    """Classify a coinche auction; every call gets its protocol reply (see the module docstring)."""
    names = _seat_names(players)
    calls = read_calls(text)
    if not calls:
        raise InputError(T("enchères vides", "empty auction"), token=text)
    auction = CoincheAuction(variants)
    reports: list[CallReport] = []
    for idx, call in enumerate(calls):
        seat = auction.turn
        reply = auction.submit(call)
        note = auction.note if reply.ok else None
        reports.append(CallReport(idx + 1, names[seat], call.text, call.kind, reply.code, reply.name,
                                  reply.text, reply.ok, note))
    return result_of(auction, names, reports)


@dataclass
class LineResult:
    """The auction of one line of a text: its result, or why it could not be read."""

    source: str
    line: int
    result: AuctionResult | None = None
    error: InputError | None = None

    def to_dict(self) -> dict[str, Any]:
        if self.error is not None:
            return {"source": self.source, "line": self.line, "error": self.error.message.as_dict(),
                    "token": self.error.token}
        assert self.result is not None
        return {"source": self.source, "line": self.line, **self.result.to_dict()}


def classify_lines(lines: Iterable[str], game: str = "coinche", source: str = "<stdin>",
                   variants: AuctionVariants = AuctionVariants()) -> list[LineResult]:
    """Classify one auction per line (blank lines and ``#`` comments skipped), numbering lines from 1.

    ``game`` is ``coinche`` or ``belote`` (a belote line may start with the turned
    card: ``8H: pass take``). A line that cannot be read gets its error and the
    reading goes on.
    """
    out: list[LineResult] = []
    for number, raw in enumerate(lines, start=1):
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            result = (classify_coinche(text, variants=variants) if game == "coinche"
                      else classify_belote_taking(text))
        except InputError as err:
            err.line, err.source = number, source
            out.append(LineResult(source, number, error=err))
            continue
        out.append(LineResult(source, number, result))
    return out


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
                                    "OK" if accepted else "IRREGULAR", reason if reason is not None else ok_msg, accepted))
    accepted_calls = [c for c in res.calls if c.accepted]
    res.ended = taken or len(accepted_calls) >= 8
    res.passed_out = not taken and len(accepted_calls) >= 8
    return res
