"""The auction engine: holds an auction *with* its irregularities and reports them.

Nothing is refused. Each call is pushed with (optionally) the seat that made it; the
engine works out whose turn it was, whether the call was in rotation, sufficient and
admissible, and what it does to the contract. Irregular calls are reported as
:class:`Irregularity` records carrying *facts* (who offended, whose turn it was, ...)
that the ruling trees use to pre-answer their questions.

Conventions for a record that goes on after an irregularity (documented in the README):

* an insufficient bid that was not replaced stands (it was accepted, Law 27A) and the
  following bids are compared with it;
* a call out of rotation followed by a call from the offender's LHO was accepted
  (Law 29A) and the rotation goes on from it; followed by a call from the player whose
  turn it was, it was cancelled and is kept in the record without effect: when that
  player is an opponent of the offender, by Law 28B (no rectification; the report opens
  :data:`LAW_28B`), when he is the offender's partner, by Law 29B (Laws 30-32 rule it);
* :meth:`Auction.rectify` (``TD`` in a typed auction) records the director's call: an open
  call out of rotation is cancelled by him (Law 29B), and the forced pass of Law 30A is
  checked at the offender's next turn (Law 37); an insufficient bid just made is withdrawn
  when the next call is marked as its replacement (``comparable`` given to :meth:`Auction.push`);
* the director's ruling on a replacement call (``comparable=False``: not comparable, Law 23A)
  puts on the offender's partner the forced pass of Law 27B2 (whenever it is his turn), 30B1(b),
  31A2(b), 31B, 32A2(b) or 32B (at his next turn), checked like Law 30A's (Law 37);
* a call made at RHO's turn while RHO is obliged by one of those rectifications to pass is
  considered made in rotation (Law 28A): RHO's pass is deemed made (the record is not changed:
  :attr:`Auction.deemed_passes` says where), the call counts, and the report opens
  :data:`LAW_28A` with the status "stands". When that deemed pass would close the auction, the
  call is held as an ordinary call out of rotation instead (the tool's choice: Law 28A says
  nothing of a call the deemed pass would leave after the close);
* an inadmissible double or redouble (Law 36), a bid above seven (Law 38) and a call
  after the auction closed (Law 39) keep their place in the record, take their turn,
  and change nothing in the contract.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from arbitre.rulings.bridge import kernel
from arbitre.rulings.bridge.calls import Call, CallKind, Strain
from arbitre.rulings.bridge.seats import RELATION, Seat
from arbitre.rulings.irregularity import Status


class Kind(str, Enum):
    """Irregularity kinds the engine detects (their law and tree live in the KB); ``KIND_VALUE``
    gives their codes without the enum's slow attribute access (100,000-call auctions)."""

    INSUFFICIENT_BID = "insufficient-bid"
    INADMISSIBLE_DOUBLE = "inadmissible-double"
    BID_ABOVE_SEVEN = "bid-above-seven"
    CALL_AFTER_CLOSE = "call-after-close"
    PASS_OUT_OF_ROTATION = "pass-out-of-rotation"
    BID_OUT_OF_ROTATION = "bid-out-of-rotation"
    DOUBLE_OUT_OF_ROTATION = "double-out-of-rotation"
    OBLIGATION_TO_PASS_VIOLATED = "obligation-to-pass-violated"


LAW_28B = ("28B", "acceptation-hors-tour")
"""The law and tree a call out of rotation opens when the player whose turn it was, an opponent
of the offender, called before any ruling (Law 28B), instead of its kind's."""
LAW_28A = ("28A", "acceptation-hors-tour")
"""The law and tree a call at RHO's turn opens when RHO was obliged to pass (Law 28A: the call
is considered made in rotation)."""


@dataclass(slots=True)
class Irregularity:
    kind: Kind
    index: int  # position of the call in the record (0-based)
    seat: Seat
    call: Call
    facts: dict[str, str] = field(default_factory=dict)  # keys: rulings.trees.model.FACTS
    params: dict[str, str] = field(default_factory=dict)  # shown to the director
    status: Status = Status.PENDING
    law: str | None = None  # the law and tree to open when not those of the kind (LAW_28A, LAW_28B)
    tree: str | None = None


def _note_replacement(irr: Irregularity, entry: Entry, comparable: bool) -> None:
    """Tell the director, on the rectified call, which call replaced it and how he ruled it (the
    ruling tree's ``comparable`` question is then answered from the record)."""
    irr.params["replaced_by"] = str(entry.index + 1)
    irr.params["replaced_by_text"] = str(entry.call)
    irr.params["replacement_ruling"] = "comparable" if comparable else "not-comparable"
    irr.facts["comparable"] = "yes" if comparable else "no"  # the ruling trees' question (Law 23A)


def _replacement_kind(code: int, last: int, insufficient: int, comparable: bool) -> str | None:
    """What the call replacing an insufficient bid is, as the Law 27B tree asks it, when the record
    tells it: a double or redouble, another insufficient bid, or any other call (27B1(b)). A
    lowest sufficient bid in the insufficient bid's strain that the director ruled comparable may
    be 27B1(a)'s case (the denominations the bids specify decide): None, the director says. One
    he ruled not comparable is not (27B1(a) asks no comparability)."""
    if code in (kernel.DOUBLE, kernel.REDOUBLE):
        return "double-or-redouble"
    if code == kernel.PASS:
        return "other"
    if code <= last:
        return "another-insufficient"
    if comparable and code == kernel.lowest_sufficient(last, insufficient % 5):
        return None
    return "other"


@dataclass(slots=True)
class Entry:
    """One call as recorded, with what the engine made of it."""

    index: int
    call: Call
    seat: Seat  # who made it (given, or implied by rotation)
    expected: Seat  # whose turn it was
    effective: bool = True  # does it count for the contract and the rotation
    alert: bool = False
    note: str | None = None
    token: str | None = None
    column: int | None = None


@dataclass(slots=True)
class Obligation:
    """A seat's forced pass: the rectified call that created it, the law, and for how long."""

    source: Irregularity  # the rectified call (out of rotation, insufficient)
    law: str  # the paragraph that obliges: 30A, 27B2, 30B1(b), 31A2(b), 31B, 32A2(b), 32B
    whenever: bool = False  # True: whenever it is his turn (27B2); False: at his next turn only
    replacement: Entry | None = None  # the call ruled not comparable, when that created it


@dataclass(frozen=True)
class Contract:
    level: int
    strain: Strain
    doubled: int  # 0, 1 (X) or 2 (XX)
    declarer: Seat

    def render(self, lang: str = "en") -> str:
        x = "X" * self.doubled
        return f"{self.level}{self.strain.render(lang)}{x} {self.declarer.render(lang)}"

    def __str__(self) -> str:  # PBN/LIN-like: 4HX S
        return f"{self.level}{self.strain.name}{'X' * self.doubled} {self.declarer.name}"

    @staticmethod
    def of(compact: tuple[int, int, int, int] | None) -> Contract | None:
        """The contract of the kernel's ``(level, strain, doubled, declarer)`` (shared objects)."""
        if compact is None:
            return None
        hit = _CONTRACTS.get(compact)
        if hit is None:
            level, strain, doubled, declarer = compact
            hit = _CONTRACTS[compact] = Contract(level, Strain(strain), doubled, Seat(declarer))
        return hit


_CONTRACTS: dict[tuple[int, int, int, int], Contract] = {}
_NEXT = {seat: seat.next for seat in Seat}
_KIND_NAME = {kind: kind.value for kind in CallKind}
KIND_VALUE = {kind: kind.value for kind in Kind}
_OUT_OF_ROTATION = {kind: Kind.PASS_OUT_OF_ROTATION if kind is CallKind.PASS else Kind.BID_OUT_OF_ROTATION
                    if kind is CallKind.BID else Kind.DOUBLE_OUT_OF_ROTATION for kind in CallKind}
"""The irregularity kind of a call out of rotation, by the kind of call (a redouble counts as a double)."""
_AFTER_CLOSE = Kind.CALL_AFTER_CLOSE
_CANCELLED = Status.CANCELLED


class Auction:
    """An auction held as recorded; ``push``/``pop`` like a move stack."""

    def __init__(self, dealer: Seat = Seat.N, seat_tagged: bool = False) -> None:
        self.dealer = dealer
        self.seat_tagged = seat_tagged
        self.entries: list[Entry] = []
        self.irregularities: list[Irregularity] = []
        self._bidding = kernel.Bidding()
        self._turn = dealer
        self._pending: tuple[Entry, Irregularity, tuple[kernel.Bidding, Seat]] | None = None
        self._accept_at = -2  # index of the last call with an irregularity the next call may accept
        self._closed: dict[int, tuple[dict[str, str], dict[str, str]]] = {}  # call code * 4 + seat: see _after_close
        self._closed_at: int | None = None  # index of the first call after the close
        self._must_pass: dict[Seat, Obligation] = {}  # seat -> its forced pass (Law 37 if broken)
        self._replacing: dict[Seat, Irregularity] = {}  # offender -> his call out of rotation the director cancelled
        self._insufficient: tuple[Entry, Irregularity, kernel.Bidding] | None = None  # just before a TD mark
        self._before_insufficient: kernel.Bidding | None = None  # the state before the last insufficient bid
        self.rectified_at: list[int] = []  # the director was called before these calls (see rectify)
        self.rulings: dict[int, bool] = {}  # call index -> the director's ruling on it as a replacement (Law 23A)
        self.replaces: dict[int, int] = {}  # replacement call index -> the rectified call it replaces (ruled on)
        self.deemed_passes: dict[int, Seat] = {}  # call index -> the obliged RHO whose pass it implies (Law 28A)

    # -- history --------------------------------------------------------------------
    def push(self, call: Call, seat: Seat | None = None, *, alert: bool = False, note: str | None = None,
             token: str | None = None, column: int | None = None, comparable: bool | None = None) -> Entry:
        """Record a call. ``comparable`` is the director's ruling on it as a replacement call
        (Law 23A): True comparable, False not comparable, None not said (the record is silent)."""
        replaced = None
        if comparable is not None and self._insufficient is not None:  # only a marked call replaces it
            replaced, self._insufficient = self._insufficient, None
            if replaced[0].index != len(self.entries) - 1 or (seat is not None and seat != replaced[0].seat):
                replaced = None  # not right after it, or another player's: the record goes on as before
            else:
                self._withdraw(*replaced)
        if seat is not None:
            self.seat_tagged = True
            if self._pending is not None:
                self._resolve_pending(seat)
        expected = self._turn
        who = expected if seat is None else seat
        index = len(self.entries)
        closed = self._bidding.closed
        entry = Entry(index, call, who, expected, not closed, alert, note, token, column)  # positional: a hot path
        self.entries.append(entry)
        if self._accept_at == index - 1:
            self._mark_accepted_by(entry)
        if closed:  # a call after the close: shared facts (see _after_close)
            shared = self._closed.get(call.code * 4 + who)
            if shared is None:
                self._after_close(entry)
            else:
                self.irregularities.append(Irregularity(_AFTER_CLOSE, index, who, call, shared[0], shared[1],
                                                        _CANCELLED))
            return entry
        if comparable is not None:
            self.rulings[index] = comparable
        if self._must_pass and who in self._must_pass:
            obligation = self._must_pass[who]
            if not obligation.whenever:
                del self._must_pass[who]
            self._check_obligation(entry, obligation)
        if replaced is not None:
            self.replaces[index] = replaced[0].index
            _note_replacement(replaced[1], entry, comparable is True)
            kind_of = _replacement_kind(call.code, self._bidding.last, replaced[0].call.code, comparable is True)
            if kind_of is not None:
                replaced[1].facts["replacement"] = kind_of
            if comparable is False:
                law = "27B3" if call.code in (kernel.DOUBLE, kernel.REDOUBLE) else "27B2"
                self._must_pass[who.partner] = Obligation(replaced[1], law, True, entry)
        elif self._replacing and who in self._replacing:
            self._replaced(entry, self._replacing.pop(who), comparable)
        if who != expected and self._must_pass and self._deemed_in_rotation(entry):
            self._apply(entry)
            return entry
        if who != expected:
            snapshot = (self._bidding.copy(), self._turn)
            kind = _OUT_OF_ROTATION[call.kind]
            irr = self._report(kind, entry, facts={"turn_of": RELATION[expected.offset_from(who)]},
                               params={"whose_turn": expected.name})
            self._pending = (entry, irr, snapshot)
            self._apply(entry)
            if kind is Kind.DOUBLE_OUT_OF_ROTATION:  # the kernel just judged it as if in rotation
                last = self.irregularities[-1]
                irr.facts["inadmissible"] = "yes" if last.kind is Kind.INADMISSIBLE_DOUBLE and last.index == entry.index else "no"
            return entry
        self._apply(entry)
        return entry

    def pop(self) -> Entry:
        """Take back the last call (replays the rest)."""
        if not self.entries:
            raise IndexError("pop from an empty auction")
        last = self.entries[-1]
        kept = self.entries[:-1]
        tagged, rectified, rulings, replaces = self.seat_tagged, set(self.rectified_at), self.rulings, self.replaces
        self.__init__(self.dealer, tagged)  # type: ignore[misc]
        for e in kept:
            if e.index in rectified:
                self.rectify()
            self.push(e.call, e.seat if tagged or e.index in replaces else None, alert=e.alert, note=e.note,
                      token=e.token, column=e.column, comparable=rulings.get(e.index))
        if len(kept) in rectified:
            self.rectify()
        return last

    def rectify(self) -> None:
        """The director was called here, before the next call (a marker in a typed record).

        A call out of rotation still open is cancelled by the director (Law 29B: the turn goes
        back to the player whose turn it was), not by that player's call (Law 28B). The
        rectification that follows is Law 30, 31 or 32's; the one the auction alone can tell
        is Law 30A's: a pass at RHO's turn obliges the offender to pass at his next turn. The
        others hang on the director's judgement of the offender's replacement call (Law 23A):
        when the record gives it (``comparable`` of :meth:`push`), :meth:`_replaced` applies it.

        An insufficient bid in rotation that nobody called over yet (Law 27B) is withdrawn when
        the next call is marked as its replacement (see :meth:`push`)."""
        self.rectified_at.append(len(self.entries))
        if self._pending is None:
            last = self.entries[-1] if self.entries else None
            before = self._before_insufficient
            if last is not None and before is not None and last.seat == last.expected and last.effective:
                irr = self.irregularities[-1] if self.irregularities else None
                if irr is not None and irr.kind is Kind.INSUFFICIENT_BID and irr.index == last.index:
                    self._insufficient = (last, irr, before)
            return
        entry, irr, snapshot = self._pending
        self._pending = None
        irr.status = Status.CANCELLED
        entry.effective = False
        self._bidding, self._turn = snapshot
        irr.facts["accepted"] = "no"
        irr.facts["other_caller"] = "director-called"
        if irr.kind is Kind.PASS_OUT_OF_ROTATION and irr.facts.get("turn_of") == "rho":
            self._must_pass[entry.seat] = Obligation(irr, "30A")  # at his next turn
        else:
            self._replacing[entry.seat] = irr  # his next call replaces it (see _replaced)

    def _withdraw(self, entry: Entry, irr: Irregularity, before: kernel.Bidding) -> None:
        """An insufficient bid the director ruled on is withdrawn (Law 27B): the offender calls again."""
        entry.effective = False
        irr.status = Status.CANCELLED
        irr.facts["accepted"] = "no"
        self._bidding, self._turn = before, entry.seat
        self._accept_at = -2

    def _replaced(self, entry: Entry, irr: Irregularity, comparable: bool | None) -> None:
        """The offender's first call after the director cancelled his call out of rotation.

        It is the replacement the director rules on (Law 23A) on these paths of the 2017 Laws,
        whose forced pass falls on the offender's partner at his next turn when it is not
        comparable: 30B1(b) (a pass at partner's turn, or at LHO's turn before the offender's
        first call), 31A2(b) and 32A2(b) (at RHO's turn, RHO having bid, doubled or redoubled),
        31B (a bid at partner's turn, or at LHO's turn before the offender's first call) and 32B
        (a double or redouble at partner's turn). On the others the mark has nothing to rule:
        RHO passed (31A1, 32A1: the offender must repeat his call), a call at LHO's turn after the
        offender had called (changes of call, Law 25), an inadmissible double (Law 36)."""
        if comparable is None:
            return
        turn, first = irr.facts.get("turn_of"), not any(e.seat == irr.seat for e in self.entries[:irr.index])
        law = None
        if irr.kind is Kind.PASS_OUT_OF_ROTATION:
            law = "30B1(b)" if turn == "partner" or (turn == "lho" and first) else None
        elif irr.kind is Kind.BID_OUT_OF_ROTATION:
            if turn == "rho":
                law = "31A2(b)" if self._rho_called(irr, entry) else None
            elif turn == "partner" or first:
                law = "31B"
        elif irr.facts.get("inadmissible") != "yes":
            if turn == "rho":
                law = "32A2(b)" if self._rho_called(irr, entry) else None
            elif turn == "partner":
                law = "32B"
        if law is None:
            return
        self.replaces[entry.index] = irr.index
        _note_replacement(irr, entry, comparable)
        if comparable is False:
            self._must_pass[entry.seat.partner] = Obligation(irr, law, False, entry)

    def _rho_called(self, irr: Irregularity, entry: Entry) -> bool:
        """Did the player whose turn it was bid, double or redouble after the cancellation (31A2, 32A2)?"""
        rho = irr.seat.rho
        for e in self.entries[irr.index + 1:entry.index]:
            if e.seat == rho and e.effective:
                return e.call.code != kernel.PASS
        return False

    def _deemed_in_rotation(self, entry: Entry) -> bool:
        """Law 28A: a call at RHO's turn when RHO must pass is considered made in rotation.

        RHO's forced pass is deemed made (it satisfies an obligation for his next turn only; one
        that holds whenever it is his turn stays), the call is reported with the status "stands"
        and the facts that take the acceptance tree to its Law 28A outcome. False, and nothing
        done, when the call is not at RHO's turn, RHO is not obliged to pass, a call out of
        rotation is still open, or the deemed pass would close the auction (see the module
        docstring)."""
        obliged = entry.expected
        obligation = self._must_pass.get(obliged)
        st = self._bidding
        if obligation is None or entry.seat != obliged.lho or self._pending is not None:
            return False
        if st.passes + 1 >= 3 and (st.bids or st.passes + 1 >= 4):
            return False
        if not obligation.whenever:
            del self._must_pass[obliged]
        kind = _OUT_OF_ROTATION[entry.call.kind]
        source = obligation.source
        irr = self._report(kind, entry, status=Status.STANDS, facts={
            "turn_of": "rho", "accepted": "no", "other_caller": "rho-required-to-pass"},
            params={"whose_turn": obliged.name, "deemed_pass": obliged.name, "rho_obligation_law": obligation.law,
                    "rho_obligation_call": str(source.index + 1)})
        irr.law, irr.tree = LAW_28A
        st.step(kernel.PASS, obliged)  # RHO's pass, deemed made
        self.deemed_passes[entry.index] = obliged
        return True

    def _check_obligation(self, entry: Entry, obligation: Obligation) -> None:
        """A call by a seat obliged to pass: anything but a pass violates the obligation (Law 37)."""
        if entry.call.code == kernel.PASS:
            return
        source = obligation.source
        params = {"obligation_law": obligation.law, "obligation_call": str(source.index + 1),
                  "obligation_call_text": str(source.call)}
        if obligation.replacement is not None:
            params["replacement_call"] = str(obligation.replacement.index + 1)
            params["replacement_call_text"] = str(obligation.replacement.call)
        self._report(Kind.OBLIGATION_TO_PASS_VIOLATED, entry, facts={"inadmissible": "no"}, params=params)

    # -- rules ----------------------------------------------------------------------
    def _apply(self, entry: Entry) -> None:
        """Judge the call with the kernel and report what it finds."""
        st, call, who = self._bidding, entry.call, entry.seat
        calls, bids, last = st.calls, st.bids, st.last
        code = call.code
        if 5 <= code <= last:  # insufficient: keep the state before it (Law 27B may withdraw it)
            self._before_insufficient = st.copy()
        verdict = st.step(code, who)
        self._turn = _NEXT[who]
        if verdict is None:
            return
        if verdict == kernel.INSUFFICIENT:
            lowest = kernel.lowest_sufficient(last, call.code % 5)
            self._report(Kind.INSUFFICIENT_BID, entry, calls=calls, bids=bids, params={
                "insufficient_bid": str(call),
                "last_bid": kernel.text(last),
                "lowest_sufficient_same_strain": kernel.text(lowest) if lowest else "",
            })
            return
        entry.effective = False
        if verdict != kernel.ABOVE_SEVEN:
            for irr in reversed(self.irregularities):  # a violation of an obligation to pass by this call
                if irr.index != entry.index:
                    break
                if irr.kind is Kind.OBLIGATION_TO_PASS_VIOLATED:
                    irr.facts["inadmissible"] = "yes"
        if verdict == kernel.ABOVE_SEVEN:
            self._report(Kind.BID_ABOVE_SEVEN, entry, status=Status.CANCELLED, calls=calls, bids=bids)
        else:
            self._report(Kind.INADMISSIBLE_DOUBLE, entry, status=Status.CANCELLED, calls=calls, bids=bids,
                         facts={"inadmissible_kind": verdict})

    def _report(self, kind: Kind, entry: Entry, *, status: Status = Status.PENDING, facts: dict[str, str] | None = None,
                params: dict[str, str] | None = None, calls: int | None = None, bids: int | None = None) -> Irregularity:
        """Record an irregularity; ``calls``/``bids``: the counts before the call (default: now)."""
        st = self._bidding
        calls = st.calls if calls is None else calls
        bids = st.bids if bids is None else bids
        all_facts = {
            "call_kind": _KIND_NAME[entry.call.kind],
            "any_call_before": "yes" if calls else "no",
            "any_bid_before": "yes" if bids else "no",
        }
        if kind is not _AFTER_CLOSE:  # after the close there is no rotation (and those facts are shared)
            all_facts["in_rotation"] = "yes" if entry.seat == entry.expected else "no"
        if facts:
            all_facts.update(facts)
        all_params = {"offender": kernel.SEATS[entry.seat], "call": str(entry.call)}
        if params:
            all_params.update(params)
        irr = Irregularity(kind, entry.index, entry.seat, entry.call, all_facts, all_params, status)
        self.irregularities.append(irr)
        if kind is not _AFTER_CLOSE:  # the next call may accept it (see _mark_accepted_by)
            self._accept_at = entry.index
        return irr

    def _mark_accepted_by(self, entry: Entry) -> None:
        """A call by the offender's LHO right after an irregular call accepts it (facts only)."""
        previous = entry.index - 1
        for irr in reversed(self.irregularities):  # the previous call's are the last ones
            if irr.index != previous:
                break
            if irr.kind is not _AFTER_CLOSE and "accepted" not in irr.facts:
                accepted = entry.seat == irr.seat.lho
                irr.facts["accepted"] = "yes" if accepted else "no"
                if irr.status == Status.PENDING and accepted and irr.kind is Kind.INSUFFICIENT_BID:
                    irr.status = Status.ACCEPTED

    def _resolve_pending(self, seat: Seat) -> None:
        entry, irr, snapshot = self._pending  # type: ignore[misc]
        self._pending = None
        if seat == entry.seat.lho:
            irr.status = Status.ACCEPTED
        elif seat == entry.expected:
            irr.status = Status.CANCELLED
            entry.effective = False
            self._bidding, self._turn = snapshot
            # a cancelled call's own irregularities (insufficient, above seven...) have no effect either
            if seat != entry.seat.partner:  # an opponent called in turn before any ruling: Law 28B
                irr.facts["other_caller"] = "correct-player-called"
                irr.law, irr.tree = LAW_28B
        else:
            irr.status = Status.STANDS

    def _after_close(self, entry: Entry) -> None:
        """Report the first call after the close by this seat with this call. Its facts and params
        depend only on the call and the seat once the auction is closed, so they are built once
        and shared by the later ones (nothing changes them: an auction of 100,000 calls holds
        that many)."""
        if self._closed_at is None:
            self._closed_at = entry.index
        irr = self._report(Kind.CALL_AFTER_CLOSE, entry, status=Status.CANCELLED, facts=self._close_facts(entry.seat))
        self._closed[entry.call.code * 4 + entry.seat] = (irr.facts, irr.params)

    def _close_facts(self, who: Seat) -> dict[str, str]:
        c = self._bidding.contract()
        if c is None:
            return {"offender_side": "none"}
        return {"offender_side": "declaring" if who % 2 == c[3] % 2 else "defending"}

    # -- queries --------------------------------------------------------------------
    @property
    def turn(self) -> Seat | None:
        """Whose turn it is to call, or None when the auction is over."""
        return None if self._bidding.closed else self._turn

    @property
    def closed_at(self) -> int:
        """The index of the first call made after the auction closed (``len(entries)`` when none):
        every call from there on is a call after the close (Law 39)."""
        return len(self.entries) if self._closed_at is None else self._closed_at

    @property
    def is_complete(self) -> bool:
        return self._bidding.closed

    @property
    def bidding(self) -> kernel.Bidding:
        """The kernel's state of the effective calls (read-only for callers)."""
        return self._bidding

    @property
    def is_passed_out(self) -> bool:
        return self._bidding.passed_out

    @property
    def contract(self) -> Contract | None:
        """The contract the effective calls reach (final once ``is_complete``)."""
        return Contract.of(self._bidding.contract())

    @property
    def is_legal(self) -> bool:
        return not self.irregularities
