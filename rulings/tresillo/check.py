"""Referee a recorded tresillo game: find every inconsistency, each pointing at coup, trick and card.

What: :func:`check_game` replays every coup of a :class:`~.record.GameRecord`
and reports a :class:`Finding` for each inconsistency:

* the table: coup numbers, the dealer's rotation, a dealer's bet at three;
* the deal: hands of the wrong seats or sizes, a talon of the wrong size,
  cards dealt twice or missing;
* the auction: a call out of turn, an illegal call (a "je joue" after an
  announce, a kind not higher than the one before, a bid after passing, a call
  after the end), an auction that does not end, a contract that differs from
  the auction, a trump the kind does not allow;
* the exchanges: out of order, a discard not held, a draw that is not the
  next cards of the talon or not as many as the discard, a Joueur exchanging in
  a Solo, a Retourne whose Joueur does not take the turned card; in a Solo, the
  second player discarding eight or nine cards without the other opponent's
  leave (or after a refusal), a leave asked of the wrong seat or recorded where
  none is asked;
* the play: wrong leader, a card out of turn, a card not held or played
  twice, a **renonce** (a failure to follow suit, or a Triomphe withheld when
  a higher Triomphe led forced it), a wrong trick winner, a wrong number of
  cards or tricks;
* surrender and Chelem: a surrender in a Solo or after the fourth trick, a
  defended Retourne, a defender who is not an opponent, a Chelem choice
  missing or out of place;
* the result: tricks, outcome and payments that differ from the recomputed
  ones, payments not summing to 0.

Each renonce points to the ruling tree ``renonce`` (``arbitre ruling renonce
--game tresillo``). The recomputed payments of every coup and the running
totals (the score sheet) come with the report.

Why: the checker never stops at the first problem and never raises on a
consistent-but-wrong record; rendering is the CLI's business.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from arbitre.rulings.i18n import T
from arbitre.rulings.tresillo.auction import Call, Kind, run_auction, speakers_of
from arbitre.rulings.tresillo.cards import DECK, SUIT_EN, SUIT_FR, label, short, suit_of
from arbitre.rulings.tresillo.exchange import leave_needed, opponents_of
from arbitre.rulings.tresillo.play import (
    Obligation,
    TriompheRule,
    broken_obligation,
    trick_winner,
)
from arbitre.rulings.tresillo.record_plain import Coup, Exchange, GameRecord, plain
from arbitre.rulings.tresillo.scoring import (
    DEFAULT_OPTIONS,
    OUTCOME_LABELS,
    Options,
    settle,
)
from arbitre.rulings.tresillo.sheet import ScoreSheet

if TYPE_CHECKING:
    from arbitre.rulings.tresillo import record


@dataclass
class Finding:
    """One inconsistency: what kind, where (coup, trick, card, seat) and the bilingual message."""

    kind: str
    coup: int
    message: T
    trick: int | None = None
    card: int | None = None
    seat: int | None = None
    obligation: Obligation | None = None
    tree: str | None = None  # the ruling tree to open (arbitre ruling TREE --game tresillo)
    exchange: int | None = None  # the exchange (1-based, in the coup's order) the finding is about

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "coup": self.coup, "trick": self.trick, "exchange": self.exchange,
                "card": short(self.card) if self.card is not None else None,
                "card_label": label(self.card).as_dict() if self.card is not None else None,
                "seat": self.seat, "obligation": self.obligation.value if self.obligation else None,
                "tree": self.tree, "message": self.message.as_dict()}


@dataclass
class CoupReport:
    number: int
    outcome: str
    recorded_outcome: str
    payments: dict[int, int]
    recorded_payments: dict[int, int]

    def to_dict(self) -> dict[str, Any]:
        return {"coup": self.number, "outcome": self.outcome, "recorded_outcome": self.recorded_outcome,
                "outcome_label": OUTCOME_LABELS.get(self.outcome, T(self.outcome, self.outcome)).as_dict(),
                "payments": {str(k): v for k, v in self.payments.items()},
                "recorded_payments": {str(k): v for k, v in self.recorded_payments.items()}}


@dataclass
class CheckReport:
    players: list[str]
    findings: list[Finding] = field(default_factory=list)
    coups: list[CoupReport] = field(default_factory=list)
    sheet: ScoreSheet | None = None

    @property
    def clean(self) -> bool:
        return not self.findings

    def to_dict(self) -> dict[str, Any]:
        return {"game": "tresillo", "clean": self.clean, "players": self.players,
                "findings": [f.to_dict() for f in self.findings],
                "coups": [c.to_dict() for c in self.coups],
                "score_sheet": self.sheet.to_dict() if self.sheet else None}


def _c(card: int) -> T:
    return label(card)


class _Coup:
    """The checking of one coup; findings go to ``out``."""

    def __init__(self, game: GameRecord, coup: Coup, out: list[Finding], options: Options, rule: TriompheRule):
        self.game, self.coup, self.out, self.options, self.rule = game, coup, out, options, rule
        self.n = coup.number
        self.seats = list(range(1, len(game.players) + 1))

    def add(self, kind: str, fr: str, en: str, **where: Any) -> None:
        self.out.append(Finding(kind, self.n, T(fr, en), **where))

    # -- the deal --------------------------------------------------------------------------
    def deal(self, speakers: list[int]) -> dict[int, list[int]]:
        coup = self.coup
        hands: dict[int, list[int]] = {}
        for seat in sorted(coup.hands):
            if seat not in speakers:
                what = "le donneur" if seat == coup.dealer else f"le siège {seat}"
                what_en = "the dealer" if seat == coup.dealer else f"seat {seat}"
                self.add("hand_seat", f"une main est donnée à {what}, qui ne joue pas ce coup",
                         f"a hand is given to {what_en}, who does not play this coup", seat=seat)
        for seat in speakers:
            hand = list(coup.hands.get(seat, []))
            hands[seat] = hand
            if len(hand) != 9:
                self.add("hand_size", f"le siège {seat} reçoit {len(hand)} cartes au lieu de 9",
                         f"seat {seat} is dealt {len(hand)} cards instead of 9", seat=seat)
        if len(coup.talon) != 13:
            self.add("talon_size", f"le talon a {len(coup.talon)} cartes au lieu de 13",
                     f"the talon has {len(coup.talon)} cards instead of 13")
        counts = Counter(c for h in hands.values() for c in h)
        counts.update(coup.talon)
        for card, k in sorted(counts.items()):
            if k > 1:
                self.add("duplicate_card", f"{_c(card).fr} apparaît {k} fois dans la donne",
                         f"{_c(card).en} appears {k} times in the deal", card=card)
        for card in DECK:
            if card not in counts:
                self.add("missing_card", f"{_c(card).fr} manque à la donne", f"{_c(card).en} is missing from the deal",
                         card=card)
        return hands

    # -- the auction and the contract -----------------------------------------------------------
    def auction(self, speakers: list[int]) -> tuple[int | None, Kind | None, int | None]:
        coup = self.coup
        calls = [(a.seat, Call(a.call, a.kind)) for a in coup.auction]
        result = run_auction(calls, speakers)
        for ruling in result.illegal:
            msg = ruling.message or T("", "")
            self.add("illegal_call", f"enchères, appel {ruling.index} ({ruling.call.label().fr}, siège {ruling.seat}) : "
                     f"{msg.fr}", f"auction, call {ruling.index} ({ruling.call.label().en}, seat {ruling.seat}): "
                     f"{msg.en}", seat=ruling.seat)
        if not result.ended:
            self.add("auction_incomplete", "les enchères ne sont pas terminées (il faut deux « passe » après la "
                     "dernière annonce, ou trois au premier tour)", "the auction is not over (two passes are needed "
                     "after the last announce, or three in the first round)")
        contract = coup.contract
        if result.redeal or not result.ended:
            if contract is not None and result.redeal:
                self.add("contract_mismatch", "un contrat est enregistré alors que tous ont passé (on redonne)",
                         "a contract is recorded although everyone passed (redeal)")
            if contract is None:
                return None, None, None
        elif contract is None:
            won = result.kind.label() if result.kind else T("?", "?")
            self.add("contract_mismatch", f"aucun contrat enregistré ; les enchères donnent {won.fr} au siège "
                     f"{result.joueur}", f"no contract recorded; the auction gives {won.en} to seat {result.joueur}")
            return None, None, None
        elif result.kind is not None and (contract.player != result.joueur or contract.kind != result.kind):
            self.add("contract_mismatch", f"contrat enregistré : {contract.kind.label().fr} par le siège "
                     f"{contract.player} ; les enchères donnent {result.kind.label().fr} au siège {result.joueur}",
                     f"recorded contract: {contract.kind.label().en} by seat {contract.player}; the auction "
                     f"gives {result.kind.label().en} to seat {result.joueur}", seat=contract.player)
        if contract.player not in speakers:
            self.add("contract_mismatch", f"le Joueur enregistré (siège {contract.player}) ne joue pas ce coup",
                     f"the recorded Joueur (seat {contract.player}) does not play this coup", seat=contract.player)
            return None, None, None
        self.trump_rule(contract.kind, contract.trump)
        return contract.player, contract.kind, contract.trump

    def trump_rule(self, kind: Kind, trump: int) -> None:
        favour = self.game.favour_suit
        fr_s, en_s = SUIT_FR[trump], SUIT_EN[trump]
        if kind.is_favour and trump != favour:
            self.add("wrong_trump", f"{kind.label().fr} : l'atout doit être la couleur de faveur "
                     f"({SUIT_FR[favour]}), pas {fr_s}", f"{kind.label().en}: trumps must be the favour suit "
                     f"({SUIT_EN[favour]}), not {en_s}")
        elif kind in (Kind.SIMPLE, Kind.SOLO) and trump == favour:
            self.add("wrong_trump", f"{kind.label().fr} dans la couleur de faveur ({fr_s}) : c'est un jeu en "
                     f"couleur de faveur", f"{kind.label().en} in the favour suit ({en_s}): that is a favour kind")
        elif kind is Kind.RETOURNE and self.coup.talon and suit_of(self.coup.talon[0]) != trump:
            top = self.coup.talon[0]
            self.add("wrong_trump", f"Retourne : l'atout est la couleur de la carte retournée ({_c(top).fr}), "
                     f"pas {fr_s}", f"Retourne: trumps are the suit of the turned card ({_c(top).en}), not {en_s}",
                     card=top)

    # -- the exchanges ---------------------------------------------------------------------------
    def exchanges(self, hands: dict[int, list[int]], speakers: list[int], joueur: int, kind: Kind) -> None:
        coup = self.coup
        defenders = list(opponents_of(speakers, joueur))
        talon, top = coup.talon, 0
        seen: set[int] = set()
        order = [e.seat for e in coup.exchanges if e.seat in speakers]
        if kind.is_solo and joueur in order:
            self.add("solo_exchange", f"le Joueur (siège {joueur}) écarte dans un Solo, où il joue avec ses cartes",
                     f"the Joueur (seat {joueur}) exchanges in a Solo, where he plays the cards dealt", seat=joueur)
        elif joueur in order and order[0] != joueur:
            self.add("exchange_order", "le Joueur écarte le premier, avant les deux autres",
                     "the Joueur exchanges first, before the two others", seat=joueur)
        if kind.is_solo:
            others = [s for s in order if s != joueur]
            if len(others) == 2 and others != defenders:
                self.add("exchange_order", f"dans un Solo les adversaires écartent dans l'ordre du jeu : siège "
                         f"{defenders[0]} puis {defenders[1]}", f"in a Solo the opponents exchange in playing order: "
                         f"seat {defenders[0]} then {defenders[1]}", seat=others[0])
        if kind is Kind.RETOURNE and not any(e.seat == joueur and e.discard for e in coup.exchanges):
            top_card = talon[0] if talon else None
            self.add("retourne_turned_card", "Retourne : le Joueur prend la carte retournée et écarte au moins une "
                     "carte", "Retourne: the Joueur takes the turned card and discards at least one card",
                     seat=joueur, card=top_card)
        for x, e in enumerate(coup.exchanges, start=1):
            seat = e.seat
            if seat not in speakers:
                self.add("exchange_seat", f"le siège {seat} ne joue pas ce coup et ne peut pas écarter",
                         f"seat {seat} does not play this coup and cannot exchange", seat=seat, exchange=x)
                continue
            if seat in seen:
                self.add("exchange_twice", f"le siège {seat} écarte deux fois", f"seat {seat} exchanges twice",
                         seat=seat, exchange=x)
            seen.add(seat)
            self.permission(x, e, kind, defenders)
            hand = hands[seat]
            for card in e.discard:
                if card not in hand:
                    self.add("discard_not_held", f"le siège {seat} écarte {_c(card).fr}, qu'il n'a pas",
                             f"seat {seat} discards {_c(card).en}, which he does not hold", seat=seat, card=card,
                             exchange=x)
            if len(e.draw) != len(e.discard):
                self.add("draw_count", f"le siège {seat} écarte {len(e.discard)} cartes et en tire {len(e.draw)}",
                         f"seat {seat} discards {len(e.discard)} cards and draws {len(e.draw)}", seat=seat,
                         exchange=x)
            expected = list(talon[top:top + len(e.draw)])
            if top + len(e.draw) > len(talon):
                self.add("talon_exhausted", f"le siège {seat} tire {len(e.draw)} cartes, il n'en reste que "
                         f"{len(talon) - top} au talon", f"seat {seat} draws {len(e.draw)} cards, only "
                         f"{len(talon) - top} are left in the talon", seat=seat, exchange=x)
            for got, want in zip(e.draw, expected, strict=False):
                if got != want:
                    self.add("draw_not_talon", f"le siège {seat} tire {_c(got).fr} ; la carte suivante du talon est "
                             f"{_c(want).fr}", f"seat {seat} draws {_c(got).en}; the next card of the talon is "
                             f"{_c(want).en}", seat=seat, card=got, exchange=x)
                    break
            top += len(e.draw)
            hand[:] = [c for c in hand if c not in e.discard] + list(e.draw)

    def permission(self, x: int, e: Exchange, kind: Kind, opponents: list[int]) -> None:
        """The second player of a Solo asks the other opponent's leave to discard eight or nine cards."""
        seat, n, asked = e.seat, len(e.discard), e.permission
        where = (f"écart {x} (siège {seat})", f"exchange {x} (seat {seat})")
        first, other = opponents
        if asked is not None and (not kind.is_solo or seat != first):
            self.add("permission_unexpected", f"{where[0]} : une autorisation d'écarter est enregistrée, mais seul le "
                     f"deuxième joueur d'un Solo (siège {first}) la demande, pour écarter huit ou neuf cartes",
                     f"{where[1]}: a leave to discard is recorded, but only the second player of a Solo (seat "
                     f"{first}) asks for one, to discard eight or nine cards", seat=seat, exchange=x)
            return
        if asked is not None and asked.asked_of != other:
            self.add("permission_seat", f"{where[0]} : l'autorisation est demandée au siège {asked.asked_of} ; "
                     f"elle se demande à l'autre adversaire, le siège {other}", f"{where[1]}: the leave is asked of "
                     f"seat {asked.asked_of}; it is asked of the other opponent, seat {other}", seat=seat,
                     exchange=x)
            return
        if leave_needed(kind, seat, n, opponents) is None:
            return
        if asked is None:
            self.add("solo_discard_permission", f"{where[0]} : en Solo, le deuxième joueur écarte {n} cartes sans "
                     f"l'autorisation de l'autre adversaire (siège {other}) ; pour huit ou neuf cartes, il doit la "
                     f"lui demander", f"{where[1]}: in a Solo the second player discards {n} cards without the "
                     f"other opponent's leave (seat {other}); for eight or nine cards he must ask for it",
                     seat=seat, exchange=x)
        elif not asked.granted:
            self.add("solo_discard_refused", f"{where[0]} : le siège {other} a refusé l'autorisation, mais le siège "
                     f"{seat} écarte {n} cartes (sept au plus après un refus)", f"{where[1]}: seat {other} refused "
                     f"the leave, but seat {seat} discards {n} cards (seven at most after a refusal)", seat=seat,
                     exchange=x)

    # -- the play --------------------------------------------------------------------------------
    def play(self, hands: dict[int, list[int]], speakers: list[int], joueur: int, kind: Kind,
             trump: int) -> tuple[dict[int, int], str | None, int | None, bool | None]:
        coup = self.coup
        won = {s: 0 for s in speakers}
        expected_leader = speakers[0]
        played: dict[int, int] = {}
        sur = coup.surrender
        surrender, defender = None, None
        if sur is not None:
            surrender, defender = self.surrender_rules(sur, speakers, joueur, kind)
        stop_after: int | None = None
        if sur is not None and (surrender == "accept"):
            stop_after = max(sur.before_trick - 1, 0)
        for k, trick in enumerate(coup.tricks, start=1):
            if trick.leader != expected_leader:
                why = "la Main" if k == 1 else f"le gagnant du pli {k - 1}"
                why_en = "the Main" if k == 1 else f"the winner of trick {k - 1}"
                self.add("wrong_leader", f"pli {k} : entame enregistrée au siège {trick.leader}, elle revenait au "
                         f"siège {expected_leader} ({why})", f"trick {k}: lead recorded for seat {trick.leader}, it "
                         f"belonged to seat {expected_leader} ({why_en})", trick=k, seat=trick.leader)
            if len(trick.cards) != 3:
                self.add("trick_size", f"le pli {k} a {len(trick.cards)} cartes au lieu de 3",
                         f"trick {k} has {len(trick.cards)} cards instead of 3", trick=k)
            if not trick.cards:
                continue
            if trick.cards[0].seat != trick.leader:
                self.add("wrong_leader", f"pli {k} : la première carte est du siège {trick.cards[0].seat}, l'entame "
                         f"enregistrée du siège {trick.leader}", f"trick {k}: the first card is seat "
                         f"{trick.cards[0].seat}'s, the recorded lead seat {trick.leader}'s", trick=k,
                         seat=trick.cards[0].seat)
            on_table: list[int] = []
            seats: list[int] = []
            nxt = trick.cards[0].seat
            for pc in trick.cards:
                seat, card = pc.seat, pc.card
                if seat != nxt and nxt in speakers:
                    self.add("out_of_turn", f"pli {k} : le siège {seat} joue {_c(card).fr} à la place du siège {nxt}",
                             f"trick {k}: seat {seat} plays {_c(card).en} in seat {nxt}'s turn", trick=k, card=card,
                             seat=seat, tree="carte-jouee-hors-tour")
                hand = hands.get(seat)
                if card in played:
                    self.add("duplicate_card", f"pli {k} : le siège {seat} joue {_c(card).fr}, déjà jouée au pli "
                             f"{played[card]}", f"trick {k}: seat {seat} plays {_c(card).en}, already played in trick "
                             f"{played[card]}", trick=k, card=card, seat=seat)
                elif hand is None or card not in hand:
                    self.add("card_not_held", f"pli {k} : le siège {seat} joue {_c(card).fr}, qu'il n'a pas",
                             f"trick {k}: seat {seat} plays {_c(card).en}, which he does not hold", trick=k,
                             card=card, seat=seat)
                else:
                    broken = broken_obligation(hand, on_table, trump, card, self.rule)
                    if broken is not None:
                        self.add("renonce", f"renonce au pli {k} : le siège {seat} joue {_c(card).fr} alors qu'il "
                                 f"devait {broken.label().fr}", f"renonce in trick {k}: seat {seat} plays "
                                 f"{_c(card).en} but had to {broken.label().en}", trick=k, card=card, seat=seat,
                                 obligation=broken, tree="renonce")
                    hand.remove(card)
                played.setdefault(card, k)
                on_table.append(card)
                seats.append(seat)
                if seat in speakers:
                    nxt = speakers[(speakers.index(seat) + 1) % 3]
            win = seats[trick_winner(on_table, trump)]
            if trick.winner != win:
                self.add("wrong_winner", f"pli {k} : gagnant enregistré siège {trick.winner}, mais le siège {win} le "
                         f"remporte avec {_c(on_table[seats.index(win)]).fr}", f"trick {k}: recorded winner seat "
                         f"{trick.winner}, but seat {win} wins it with {_c(on_table[seats.index(win)]).en}",
                         trick=k, seat=trick.winner, card=on_table[seats.index(win)])
            if win in won:
                won[win] += 1
            expected_leader = win
        chelem = self.chelem_rules(won, speakers, joueur, sur)
        # how many tricks the coup must have
        n = len(coup.tricks)
        if stop_after is not None:
            expected_n = stop_after
        elif sur is None and coup.chelem is not None and not coup.chelem.attempted:
            expected_n = 5
        elif sur is None and coup.chelem is not None and coup.chelem.attempted:
            first_lost = next((k for k, t in enumerate(coup.tricks, 1) if k > 5 and t.winner != joueur), None)
            expected_n = first_lost or 9
        else:
            expected_n = 9
        if n != expected_n:
            self.add("trick_count", f"{n} plis enregistrés ; ce coup en compte {expected_n}",
                     f"{n} tricks recorded; this coup has {expected_n}")
        return won, surrender, defender, chelem

    def surrender_rules(self, sur: Any, speakers: list[int], joueur: int, kind: Kind) -> tuple[str | None, int | None]:
        if kind.is_solo:
            self.add("surrender_solo", "renonce (« je renonce ») dans un Solo : le Solo se joue toujours jusqu'au bout",
                     "surrender in a Solo: a Solo is always played to the end", seat=joueur)
        if not 1 <= sur.before_trick <= 4:
            self.add("late_surrender", f"renonce avant le pli {sur.before_trick} : elle n'est permise qu'avant de "
                     "jouer au quatrième pli", f"surrender before trick {sur.before_trick}: it is only allowed "
                     "before playing to the fourth trick", seat=joueur, trick=sur.before_trick)
        if sur.before_trick - 1 > len(self.coup.tricks):
            self.add("trick_count", f"renonce avant le pli {sur.before_trick}, mais seuls {len(self.coup.tricks)} "
                     "plis sont enregistrés", f"surrender before trick {sur.before_trick}, but only "
                     f"{len(self.coup.tricks)} tricks are recorded")
        if sur.response == "defend":
            if kind is Kind.RETOURNE:
                self.add("retourne_defended", "une Retourne abandonnée ne se défend pas : c'est une Puesta",
                         "a surrendered Retourne cannot be defended: it is a Puesta", seat=sur.defender)
                return "accept", None
            if sur.defender is None or sur.defender == joueur or sur.defender not in speakers:
                self.add("defender_seat", f"le défenseur (siège {sur.defender}) doit être un adversaire du Joueur",
                         f"the defender (seat {sur.defender}) must be one of the Joueur's opponents",
                         seat=sur.defender)
                return "accept", None
            return "defend", sur.defender
        return "accept", None

    def chelem_rules(self, won: dict[int, int], speakers: list[int], joueur: int, sur: Any) -> bool | None:
        coup = self.coup
        first_five = len(coup.tricks) >= 5 and all(t.winner == joueur for t in coup.tricks[:5])
        if sur is None and first_five and coup.chelem is None:
            self.add("chelem_missing", "le Joueur a fait les cinq premiers plis : son choix de tenter le Chelem "
                     "(chelem.attempted) manque", "the Joueur won the first five tricks: his Chelem choice "
                     "(chelem.attempted) is missing", seat=joueur)
        if coup.chelem is not None and (sur is not None or not first_five):
            self.add("chelem_unexpected", "choix du Chelem enregistré alors que le Joueur n'a pas fait les cinq "
                     "premiers plis", "a Chelem choice is recorded although the Joueur did not win the first five "
                     "tricks", seat=joueur)
            return None
        return coup.chelem.attempted if coup.chelem is not None else None

    # -- the result ------------------------------------------------------------------------------
    def result(self, speakers: list[int], won: dict[int, int], joueur: int | None, kind: Kind | None,
               surrender: str | None, defender: int | None, chelem: bool | None) -> CoupReport:
        coup, res = self.coup, self.coup.result
        four = len(self.seats) == 4
        settlement = settle(self.seats, speakers, joueur, kind, won, surrender=surrender, defender=defender,
                            chelem_attempted=chelem, dealer=coup.dealer if four else None, bet=coup.dealer_bet,
                            stake=self.game.dealer_stake, options=self.options)
        if joueur is not None:
            recorded = {s: res.tricks.get(s, 0) for s in speakers}
            if recorded != won or any(s not in speakers for s in res.tricks):
                self.add("result_tricks", "plis enregistrés " + _counts(res.tricks) + ", recomptés " + _counts(won),
                         "recorded tricks " + _counts(res.tricks) + ", recounted " + _counts(won))
        if res.outcome != settlement.outcome:
            lab = OUTCOME_LABELS.get(settlement.outcome, T(settlement.outcome, settlement.outcome))
            self.add("wrong_outcome", f"résultat enregistré « {res.outcome} », recalculé « {settlement.outcome} » "
                     f"({lab.fr})", f"recorded outcome '{res.outcome}', recomputed '{settlement.outcome}' ({lab.en})")
        if sum(res.payments.values()) != 0:
            self.add("payments_sum", f"les paiements enregistrés font {sum(res.payments.values())} au lieu de 0",
                     f"the recorded payments sum to {sum(res.payments.values())} instead of 0")
        recorded_pay = {s: res.payments.get(s, 0) for s in self.seats}
        if recorded_pay != settlement.payments or any(s not in self.seats for s in res.payments):
            self.add("wrong_payments", "paiements enregistrés " + _counts(res.payments) + ", recalculés "
                     + _counts(settlement.payments), "recorded payments " + _counts(res.payments) + ", recomputed "
                     + _counts(settlement.payments))
        return CoupReport(self.n, settlement.outcome, res.outcome, settlement.payments, recorded_pay)

    # -- the whole coup --------------------------------------------------------------------------
    def run(self) -> CoupReport:
        coup = self.coup
        players = len(self.seats)
        if coup.dealer not in self.seats:
            self.add("dealer_seat", f"donneur au siège {coup.dealer} : la table n'a que {players} sièges",
                     f"dealer at seat {coup.dealer}: the table has only {players} seats", seat=coup.dealer)
            return CoupReport(self.n, "?", coup.result.outcome, {}, dict(coup.result.payments))
        if players == 3 and coup.dealer_bet is not None:
            self.add("dealer_bet_three", "pas de mise du donneur à trois joueurs : le donneur joue",
                     "no dealer's bet at three players: the dealer plays", seat=coup.dealer)
        speakers = speakers_of(coup.dealer, players)
        hands = self.deal(speakers)
        joueur, kind, trump = self.auction(speakers)
        won: dict[int, int] = {s: 0 for s in speakers}
        surrender = defender = chelem = None
        if joueur is None or kind is None or trump is None:
            if coup.exchanges or coup.tricks:
                self.add("play_without_contract", "échanges ou plis enregistrés sans contrat",
                         "exchanges or tricks recorded without a contract")
        else:
            self.exchanges(hands, speakers, joueur, kind)
            won, surrender, defender, chelem = self.play(hands, speakers, joueur, kind, trump)
        return self.result(speakers, won, joueur, kind, surrender, defender, chelem)


def _counts(d: dict[int, int]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in sorted(d.items())) + "}"


def check_game(game: GameRecord | record.GameRecord, options: Options = DEFAULT_OPTIONS,
               rule: TriompheRule = TriompheRule.SEED) -> CheckReport:
    """Check every coup of ``game`` (plain, or as the schema validated it); the report holds
    every finding and the recomputed score sheet."""
    game = plain(game)
    report = CheckReport(list(game.players))
    n = len(game.players)
    previous: int | None = None
    for i, coup in enumerate(game.coups, start=1):
        if coup.number != i:
            report.findings.append(Finding("coup_number", coup.number, T(
                f"coup numéro {coup.number} à la place {i}", f"coup number {coup.number} in position {i}")))
        if previous is not None and 1 <= previous <= n and coup.dealer != previous % n + 1:
            report.findings.append(Finding("dealer_rotation", coup.number, T(
                f"donneur au siège {coup.dealer} ; après le siège {previous}, la donne passe au siège "
                f"{previous % n + 1} (sens inverse des aiguilles d'une montre)",
                f"dealer at seat {coup.dealer}; after seat {previous} the deal passes to seat {previous % n + 1} "
                f"(counterclockwise)"), seat=coup.dealer))
        previous = coup.dealer
        report.coups.append(_Coup(game, coup, report.findings, options, rule).run())
    report.sheet = ScoreSheet.from_payments(list(game.players), [(c.number, c.outcome, c.payments)
                                                                  for c in report.coups])
    return report
