"""One coinche table: deal, auction, card play, scoring, until a team reaches the target.

What: :class:`Table` is the game, without any I/O. The network layer hands it the
commands of a seated player (:meth:`Table.command`) and gives it one ``sink`` per seat
(a function taking a line to send); bots play through the same path as people.

The game (choices documented in README "Coinche table protocol"):

* seats 0..3 around the table; seats 0 and 2 are one team, 1 and 3 the other;
* each deal: the pack is shuffled and cut, then dealt 3-2-3 from the dealer's left;
  the player on the dealer's left speaks first and leads the first trick; the dealer
  moves one seat on after every deal, a passed-out deal included;
* the auction is :class:`~arbitre.rulings.belote.coinche_auction.CoincheAuction`
  (the same engine as ``classify --game coinche``); the card play follows
  :func:`~arbitre.rulings.belote.coinche.legal_cards` (suit contracts: the belote rule;
  TA: follow and go higher; SA: follow);
* the deal (:func:`~arbitre.rulings.belote.coinche_deal.deal_323`), the obligation an
  illegal card breaks and the score of a deal
  (:func:`~arbitre.rulings.belote.coinche_deal.score_played_deal`: made or failed,
  coinche ×2, surcoinche × the variant's multiplier, capot and générale by their values,
  belote 20; no announces, the protocol has no command for them) are the rules module's,
  shared with the record checker;
* the game ends after the deal where a team reaches the target with more points than
  the other (equal scores at or above the target: one more deal); the final scores are
  sent and a new game starts at once with the same players.
"""
from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from arbitre.rulings.belote.cards import DECK, Card
from arbitre.rulings.belote.coinche import CoincheVariants, NoTrump, legal_mask_on_trick, trick_winner
from arbitre.rulings.belote.coinche_auction import (
    ERR_WRONGTURN,
    INVALID_COMMAND,
    AuctionVariants,
    Call,
    CallKind,
    CoincheAuction,
    Reply,
    command_call,
    contract_label,
)
from arbitre.rulings.belote.coinche_deal import (
    DealOutcome,
    deal_323,
    obligation_broken,
    score_played_deal,
)
from arbitre.rulings.belote.deal import cut, shuffle
from arbitre.rulings.i18n import T
from arbitre.server import bots
from arbitre.server.oserrors import os_reason
from arbitre.server.protocol import (
    ERR_EMPTYHAND,
    ERR_NOTPLAYING,
    ERR_NOTRICK,
    ERR_NOTRIGHTCARD,
    EV_AUCTION_END,
    EV_BACK,
    EV_BOT,
    EV_CALL,
    EV_CARD,
    EV_CARDS,
    EV_CHAT,
    EV_DEAL,
    EV_DEAL_SCORE,
    EV_GAME_OVER,
    EV_LEFT,
    EV_NEW_GAME,
    EV_SEATED,
    EV_TRICK,
    EV_TURN,
    MSG_OKAY,
    TURN_OKAY,
    card_text,
    card_texts,
    err_illegal,
    err_inexistant,
    hand_text,
    invalid,
    read_card,
)

Sink = Callable[[str], None]
_INDEX_OF_ID = {id(c): c.index for c in DECK}
"""Card index of each of the pack's 32 objects: a table's pack is always a permutation of :data:`DECK` (it
starts as ``list(DECK)``; shuffles and cuts move the same objects), so a deal reads its 32 indexes at a dict
lookup each."""
AUCTION_COMMANDS = {"CONTRACT", "CONTRAT", "PASS", "PASSE", "COINCHE", "SURCOINCHE"}
_PLAY_PROMPT = T("à vous de jouer ({})", "your turn to play ({})")
_YOU_LEAD = T("vous entamez", "you lead")
_LEVELS = (T("", ""), T(", coinché", ", coinched"), T(", surcoinché", ", surcoinched"))
"""What follows a contract's label by the auction's coinche level (0, 1, 2): the bidding prompt and its end."""


class Phase(str, Enum):
    BIDDING = "bidding"
    PLAYING = "playing"


@dataclass(frozen=True)
class TableOptions:
    target: int = 1000
    lang: str = "en"
    auction: AuctionVariants = field(default_factory=AuctionVariants)
    scoring: CoincheVariants = field(default_factory=CoincheVariants)
    record_dir: Path | None = None
    seed: int | None = None


@dataclass(slots=True)
class Seat:
    name: str
    bot: bool = False
    present: bool = True  # a person's connection is up (bots are always present)
    sink: Sink | None = None


@dataclass
class DealLog:
    """What a finished deal's record holds."""

    pack: list[Card]
    hands: list[list[Card]]
    calls: list[tuple[int, str, int]] = field(default_factory=list)  # seat, call, reply code
    tricks: list[tuple[int, list[Card], int]] = field(default_factory=list)  # leader, cards, winner


class Table:
    """A table of four seats playing coinche games one after the other."""

    def __init__(self, number: int, seats: list[Seat], options: TableOptions = TableOptions()) -> None:
        self.number = number
        self.seats = seats
        self.options = options
        self.lang = options.lang
        self.rng: random.Random | None = None  # seeded at the first deal (see _new_deal)
        self.pack = list(DECK)
        self.game_no = 0
        self.deal_no = 0
        self.dealer = 3
        self.scores = [0, 0]
        self.phase = Phase.BIDDING
        self.hands: list[list[Card]] = [[], [], [], []]
        self.masks = [0, 0, 0, 0]  # the hands as bitmasks of card indexes (the legality kernel's form)
        self.auction = CoincheAuction(options.auction)  # made again at every deal
        self.first = 0
        self.trick: list[Card] = []
        self.trick_idx: list[int] = []  # the trick's card indexes
        self.leader = 0
        self.last_trick: tuple[int, list[Card], int] | None = None
        self.log = DealLog([], [])
        self.finished_deals = 0
        self._card_names = card_texts(self.lang)
        self._play_prompt, self._you_lead = _PLAY_PROMPT.get(self.lang), _YOU_LEAD.get(self.lang)
        self._lines: dict[int, str] = {}  # event lines that depend on the seats' names only (see _card_line)
        self.bots = any(s.bot for s in seats)  # a bot may be to move after a command (see _run_bots)
        self._labelled: Any = None  # the contract whose label is self._label (see _contract_label)
        none = T("aucun contrat", "no contract yet")
        self._first_bid_prompt = f"{EV_TURN} " + T(f"à vous d'annoncer ({none.fr})",
                                                   f"your turn to bid ({none.en})").get(self.lang)
        self.hand_idx: list[list[int]] = [[], [], [], []]  # the deal's hands as sorted card indexes
        self._label = T("", "")

    # -- output ---------------------------------------------------------------------
    def _say(self, seat: int, code: int, text: T) -> None:
        sink = self.seats[seat].sink
        if sink is not None and self.seats[seat].present:
            sink(f"{code} {text.get(self.lang)}")

    def _say_line(self, seat: int, line: str) -> None:
        s = self.seats[seat]
        if s.sink is not None and s.present:
            s.sink(line)

    def _all(self, code: int, text: T, but: int | None = None) -> None:
        """One event to every seat (but ``but``): the line is built once for the table."""
        self._all_line(f"{code} {text.get(self.lang)}", but)

    def _all_line(self, line: str, but: int | None = None) -> None:
        for seat, s in enumerate(self.seats):
            if seat != but and s.present and s.sink is not None:
                s.sink(line)

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def rename(self, seat: int, name: str) -> None:
        """A seated player changed their name (NAME again): the cached lines that hold names are rebuilt, and
        the others read the four players again (601), else a new name would come out of nowhere."""
        self.seats[seat].name = name
        self._lines.clear()
        names = self.players()
        for other, s in enumerate(self.seats):
            if other != seat and s.present and s.sink is not None:
                s.sink(self.seated_line(other, names))

    def players(self) -> str:
        """The four players as 601 lists them: ``alice, bot1x1 (bot), …`` (``robot`` in French)."""
        bot = T(" (robot)", " (bot)").get(self.lang)
        return ", ".join([s.name + (bot if s.bot else "") for s in self.seats])

    def seated_line(self, seat: int, names: str | None = None) -> str:
        """``601 table <n>, seat <k>: <the four players>`` for ``seat`` (``names``: :meth:`players`, if known)."""
        if names is None:
            names = self.players()
        return f"{EV_SEATED} " + T(f"table {self.number}, place {seat + 1} : {names}",
                                   f"table {self.number}, seat {seat + 1}: {names}").get(self.lang)

    def _card_line(self, seat: int, index: int) -> str:
        """``630 <name> plays <card>``, built once per table, seat and card (until a change of name)."""
        key = seat * 32 + index
        line = self._lines.get(key)
        if line is None:
            text = card_text(DECK[index])
            line = self._lines[key] = f"{EV_CARD} " + T(f"{self.name(seat)} joue {text.fr}",
                                                        f"{self.name(seat)} plays {text.en}").get(self.lang)
        return line

    def _trick_line(self, winner: int, n: int) -> str:
        """``631 <name> wins trick <n>``, built once per table, seat and trick number."""
        key = 1000 + winner * 8 + n
        line = self._lines.get(key)
        if line is None:
            line = self._lines[key] = f"{EV_TRICK} " + T(f"{self.name(winner)} gagne le pli {n}",
                                                         f"{self.name(winner)} wins trick {n}").get(self.lang)
        return line

    def team_label(self, team: int) -> str:
        return f"{self.name(team)}+{self.name(team + 2)}"

    # -- flow -----------------------------------------------------------------------
    def start(self) -> None:
        """Start a game (scores at zero) and let the bots play until a person is to move."""
        self.start_next_game()
        self.bots = any(s.bot for s in self.seats)
        self._run_bots()

    def _new_deal(self) -> None:
        self.dealer = (self.dealer + 1) % 4
        self.deal_no += 1
        rng = self.rng
        if rng is None:  # seeded here rather than when the table forms: the NAME that completes it is answered first
            rng = self.rng = random.Random(self.options.seed)
        self.pack = cut(shuffle(self.pack, rng), rng)
        self.hands = deal_323(self.pack, self.dealer)
        index_of = _INDEX_OF_ID
        self.hand_idx = [sorted([index_of[id(c)] for c in hand]) for hand in self.hands]
        self.masks = [sum([1 << i for i in idx]) for idx in self.hand_idx]
        self.first = (self.dealer + 1) % 4
        self.auction = CoincheAuction(self.options.auction)
        self.phase = Phase.BIDDING
        self.trick, self.trick_idx = [], []  # the last trick stays available (LAST) until the next one is complete
        self.log = DealLog(list(self.pack), [list(h) for h in self.hands])
        self._all(EV_DEAL, T(f"donne {self.deal_no}, donneur {self.name(self.dealer)}",
                             f"deal {self.deal_no}, dealer {self.name(self.dealer)}"))
        for seat, s in enumerate(self.seats):
            if s.present and s.sink is not None:
                s.sink(self._hand_line(seat))
        self._prompt()

    def _contract_label(self) -> T:
        """The label of the current contract (:func:`contract_label`), made once per contract: the prompts
        after a bid, the auction's end and the deal's score all show it."""
        c = self.auction.contract
        assert c is not None
        if c is not self._labelled:
            self._labelled, self._label = c, contract_label(c)
        return self._label

    def to_move(self) -> int:
        if self.phase is Phase.BIDDING:
            return (self.first + self.auction.turn) % 4
        return (self.leader + len(self.trick)) % 4

    def _hand_line(self, seat: int) -> str:
        """``610 your cards: …``, sorted by suit then rank (as :func:`~arbitre.server.protocol.hand_text` does;
        from the deal's sorted card indexes when the hand is whole, the usual case)."""
        hand = self.hands[seat]
        if len(hand) == len(self.hand_idx[seat]):
            names = self._card_names
            cards = ", ".join([names[i] for i in self.hand_idx[seat]])
        else:
            cards = hand_text(hand, self.lang)
        return f"{EV_CARDS} " + T(f"vos cartes : {cards}", f"your cards: {cards}").get(self.lang)

    def _prompt(self) -> None:
        seat = self.to_move()
        if self.phase is Phase.BIDDING:
            if self.auction.contract is None:  # the same line at every deal's first call
                self._say_line(seat, self._first_bid_prompt)
                return
            # after a coinche the prompt says so: a bid is refused then (431), PASS or SURCOINCHE are left
            now, level = self._contract_label(), _LEVELS[self.auction.level]
            self._say(seat, EV_TURN, T(f"à vous d'annoncer ({now.fr}{level.fr})", f"your turn to bid ({now.en}{level.en})"))
        else:
            self._play_prompt_to(seat)

    def _play_prompt_to(self, seat: int) -> None:
        """``620 your turn to play (<the cards on the table>)`` to ``seat``, the player to move."""
        s = self.seats[seat]
        if s.sink is not None and s.present:
            names = self._card_names
            on = ", ".join([names[i] for i in self.trick_idx]) if self.trick_idx else self._you_lead
            s.sink(f"{EV_TURN} " + self._play_prompt.format(on))

    def _run_bots(self) -> None:
        """Let bots act while one is to move (bounded: a deal has at most a few hundred actions)."""
        for _ in range(10_000):
            seat = self.to_move()
            if not self.seats[seat].bot:
                return
            if self.phase is Phase.BIDDING:
                has_bid = any(s == seat and code == 200 and text.upper().startswith(("CONTRACT", "CONTRAT"))
                              for s, text, code in self.log.calls)
                call = bots.choose_call(self.hands[seat], self.auction, (seat - self.first) % 4, has_bid)
                if not self._call(seat, call).ok:  # a bot's call is always counted; pass if not
                    self._call(seat, Call("PASS", CallKind.PASS))
            else:
                assert self.auction.contract is not None and self.auction.contract_seat is not None
                took = (self.first + self.auction.contract_seat - seat) % 2 == 0
                self._play(seat, bots.choose_card(self.hands[seat], self.trick, self.auction.contract, took))

    # -- commands -------------------------------------------------------------------
    def command(self, seat: int, verb: str, args: list[str]) -> Reply:
        """A seated player's game command (auction, PLAY, LAST, HAND, MSG); the reply to send back."""
        if verb == "PLAY":
            reply = self._play_command(seat, args)
        elif verb in AUCTION_COMMANDS:
            call = command_call(verb, args)
            if call.kind is CallKind.UNKNOWN:  # PASS, COINCHE, SURCOINCHE with words after them: say so
                words = " ".join(args)
                return invalid(T(f"{verb} ne prend pas de paramètre ({words})",
                                 f"{verb} takes no parameter ({words})"))
            reply = self._call(seat, call)
        elif verb == "LAST":
            return self._last()
        elif verb == "HAND":
            return self.hand_reply(seat)
        else:
            return INVALID_COMMAND
        if reply.ok and self.bots:
            self._run_bots()
        return reply

    def hand_reply(self, seat: int) -> Reply:
        if not self.hands[seat]:
            return ERR_EMPTYHAND
        cards = T(hand_text(self.hands[seat], "fr"), hand_text(self.hands[seat], "en"))
        return Reply(200, "HAND_OKAY", T(f"voici votre main : {cards.fr}", f"There is your hand: {cards.en}"), True)

    def chat(self, seat: int, text: str) -> Reply:
        self._all(EV_CHAT, T(f"{self.name(seat)} : {text}", f"{self.name(seat)}: {text}"), but=seat)
        return MSG_OKAY

    def _last(self) -> Reply:
        if self.last_trick is None:
            return ERR_NOTRICK
        leader, cards, winner = self.last_trick
        shown = [f"{self.name((leader + i) % 4)} {card_text(c).en}" for i, c in enumerate(cards)]
        shown_fr = [f"{self.name((leader + i) % 4)} {card_text(c).fr}" for i, c in enumerate(cards)]
        return Reply(200, "LAST_OKAY", T(f"dernier pli : {', '.join(shown_fr)} ; gagné par {self.name(winner)}",
                                         f"last trick: {', '.join(shown)}; won by {self.name(winner)}"), True)

    def _call(self, seat: int, call: Call) -> Reply:
        auction_seat = (seat - self.first) % 4
        reply = self.auction.submit(call, seat=auction_seat)
        if not reply.ok:
            return reply
        self.log.calls.append((seat, call.text, reply.code))
        self._all(EV_CALL, self._call_text(seat, call), but=seat)
        if not self.auction.over:
            self._prompt()
        elif self.auction.passed_out:
            self._all(EV_AUCTION_END, T("quatre passes : on redistribue", "four passes: redeal"))
            self._new_deal()
        else:
            self._begin_play()
        return reply

    def _call_text(self, seat: int, call: Call) -> T:
        who = self.name(seat)
        if call.kind is CallKind.BID:
            c = self.auction.contract
            assert c is not None
            label = self._contract_label()
            return T(f"{who} annonce {label.fr}", f"{who} bids {label.en}")
        if call.kind is CallKind.DOUBLE:
            return T(f"{who} coinche", f"{who} coinches")
        if call.kind is CallKind.REDOUBLE:
            return T(f"{who} surcoinche", f"{who} surcoinches")
        return T(f"{who} passe", f"{who} passes")

    def _contract_line(self) -> str:
        """``622 contract <label> by <taker>[, coinched]``: what the bidding ended in (the card play's contract)."""
        assert self.auction.contract_seat is not None
        taker = (self.first + self.auction.contract_seat) % 4
        label, level = self._contract_label(), _LEVELS[self.auction.level]
        return f"{EV_AUCTION_END} " + T(f"contrat {label.fr} par {self.name(taker)}{level.fr}",
                                        f"contract {label.en} by {self.name(taker)}{level.en}").get(self.lang)

    def _begin_play(self) -> None:
        self._all_line(self._contract_line())
        self.phase = Phase.PLAYING
        self.leader = self.first
        self._prompt()

    def _play_command(self, seat: int, args: list[str]) -> Reply:
        if self.phase is not Phase.PLAYING:
            return ERR_NOTPLAYING
        if seat != (self.leader + len(self.trick)) % 4:
            return ERR_WRONGTURN
        read = read_card(args)
        if read.card is None:
            return err_inexistant(read.shown)
        index = read.card.index
        mask = self.masks[seat]
        if not mask >> index & 1:
            return ERR_NOTRIGHTCARD
        card = DECK[index]  # the pack's own object (the hands hold those)
        contract = self.auction.contract
        assert contract is not None
        trick = self.trick_idx
        if trick and not legal_mask_on_trick(mask, trick, contract.denomination) >> index & 1:
            broken = obligation_broken(self.hands[seat], self.trick, contract, card)  # which obligation
            if broken is not None:
                return err_illegal(card_text(card), broken.label())
        self._play(seat, card, index)
        return TURN_OKAY

    def _play(self, seat: int, card: Card, index: int | None = None) -> None:
        contract = self.auction.contract
        assert contract is not None
        if index is None:
            index = card.index
        hand = self.hands[seat]
        for i, held in enumerate(hand):  # by identity (the pack's objects), not by the cards' __eq__
            if held is card:
                del hand[i]
                break
        else:
            hand.remove(card)
        self.masks[seat] &= ~(1 << index)
        trick = self.trick
        trick.append(card)
        self.trick_idx.append(index)
        self._all_line(self._card_line(seat, index), but=seat)
        if len(trick) < 4:
            self._play_prompt_to((seat + 1) % 4)
            return
        winner = (self.leader + trick_winner(self.trick, contract.denomination)) % 4
        self.last_trick = (self.leader, self.trick, winner)
        self.log.tricks.append(self.last_trick)
        n = len(self.log.tricks)
        self._all_line(self._trick_line(winner, n))
        self.trick, self.trick_idx, self.leader = [], [], winner
        if n < 8:
            self._prompt()
        else:
            self._end_deal()

    # -- scoring --------------------------------------------------------------------
    def _end_deal(self) -> None:
        contract = self.auction.contract
        assert contract is not None and self.auction.contract_seat is not None
        bidder = (self.first + self.auction.contract_seat) % 4
        outcome = score_played_deal(contract, self.auction.level, bidder, self.log.hands, self.log.tricks,
                                    self.options.scoring)
        deal_pts = outcome.by_team()
        self.scores = [self.scores[0] + deal_pts[0], self.scores[1] + deal_pts[1]]
        label, level = self._contract_label(), _LEVELS[self.auction.level]
        verdict = T("réussi", "made") if outcome.made else T("chuté", "failed")
        sep = ", " if self.auction.level else " "  # "80 Hearts made", "80 Hearts, coinched, failed"
        a, b = self.team_label(0), self.team_label(1)
        cards = outcome.points  # what the score comes from: the card points (162 with the last trick's 10)
        belote = "" if outcome.belote_team is None else f", belote {self.team_label(outcome.belote_team)}"
        self._all(EV_DEAL_SCORE, T(
            f"donne {self.deal_no} : {label.fr}{level.fr}{sep}{verdict.fr} ; {a} {deal_pts[0]}, {b} {deal_pts[1]} ; "
            f"total {a} {self.scores[0]}, {b} {self.scores[1]} ; points des cartes {a} {cards[0]}, {b} {cards[1]}"
            f"{belote}",
            f"deal {self.deal_no}: {label.en}{level.en}{sep}{verdict.en}; {a} {deal_pts[0]}, {b} {deal_pts[1]}; "
            f"total {a} {self.scores[0]}, {b} {self.scores[1]}; card points {a} {cards[0]}, {b} {cards[1]}"
            f"{belote}"))
        self.finished_deals += 1
        if self.options.record_dir is not None:
            self._write_record(bidder, outcome)
        top = max(self.scores)
        if top >= self.options.target and self.scores[0] != self.scores[1]:
            win = 0 if self.scores[0] > self.scores[1] else 1
            self._all(EV_GAME_OVER, T(
                f"partie terminée : {self.team_label(win)} gagne ; {a} {self.scores[0]}, {b} {self.scores[1]}",
                f"game over: {self.team_label(win)} wins; {a} {self.scores[0]}, {b} {self.scores[1]}"))
            self.start_next_game()
        else:
            self._new_deal()

    def start_next_game(self) -> None:
        self.game_no += 1
        self.scores = [0, 0]
        self._all(EV_NEW_GAME, T(f"nouvelle partie n° {self.game_no} en {self.options.target} points",
                                 f"new game #{self.game_no} to {self.options.target} points"))
        self._new_deal()

    # -- records --------------------------------------------------------------------
    def record(self, bidder: int, outcome: DealOutcome) -> dict[str, Any]:
        """The finished deal in the belote record style, with the coinche auction (one deal per document)."""
        ids = [f"J{s + 1}" for s in range(4)]
        contract = self.auction.contract
        assert contract is not None
        den = contract.denomination
        taker_team = bidder % 2
        team_key = ("equipe_A", "equipe_B")
        return {
            "jeu": "coinche", "table": self.number, "partie": self.game_no,
            "joueurs": [{"id_joueur": ids[s], "nom": self.name(s), "position": s + 1} for s in range(4)],
            "equipes": {team_key[t]: {"joueurs": [ids[t], ids[t + 2]], "score_total": self.scores[t]}
                        for t in (0, 1)},
            "manches": [{
                "numero_manche": self.deal_no,
                "dealer_position": self.dealer + 1,
                "paquet_initial_ordonne": [c.to_fr_json() for c in self.log.pack],
                "distribution": {"mode": "3-2-3",
                                 "mains": {ids[s]: [c.to_fr_json() for c in self.log.hands[s]] for s in range(4)}},
                "encheres": [{"joueur_id": ids[s], "appel": text, "code": code} for s, text, code in self.log.calls],
                "contrat": {"preneur_id": ids[bidder], "equipe_prenante": team_key[taker_team],
                            "atout": den.value if isinstance(den, NoTrump) else den.fr,
                            "niveau": contract.level.value, "valeur": contract.value,
                            "coinche": self.auction.level},
                "plis": [{"numero_pli": i + 1, "meneur_id": ids[leader],
                          "cartes_jouees": [{"joueur_id": ids[(leader + k) % 4], "carte": c.to_fr_json()}
                                            for k, c in enumerate(cards)],
                          "vainqueur_id": ids[winner]} for i, (leader, cards, winner) in enumerate(self.log.tricks)],
                "resultat_manche": {"contrat_reussi": outcome.made, "score_equipe_prenante": outcome.score.taker,
                                    "score_equipe_defense": outcome.score.defence,
                                    "points_cartes": {team_key[t]: outcome.points[t] for t in (0, 1)},
                                    "belote": team_key[outcome.belote_team] if outcome.belote_team is not None
                                    else None},
            }],
        }

    def _write_record(self, bidder: int, outcome: DealOutcome) -> None:
        assert self.options.record_dir is not None
        doc = self.record(bidder, outcome)
        path = self.options.record_dir / f"table{self.number}-game{self.game_no}-deal{self.deal_no}.json"
        try:
            path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
        except OSError as err:  # the folder was removed, the disk is full…: said to the operator, the game goes on
            why = os_reason(err)
            print(T(f"serveur de coinche : donne non enregistrée dans {path} : {why.fr}",
                    f"coinche server: deal not recorded in {path}: {why.en}").get(self.lang), file=sys.stderr,
                  flush=True)

    # -- seats ----------------------------------------------------------------------
    def leave(self, seat: int, why: T) -> None:
        """A person's connection is gone: the table waits (their turn does not come up)."""
        self.seats[seat].present = False
        self.seats[seat].sink = None
        self._all(EV_LEFT, why)

    def come_back(self, seat: int, sink: Sink) -> None:
        s = self.seats[seat]
        s.present, s.sink = True, sink
        self._all(EV_BACK, T(f"{s.name} est de retour", f"{s.name} is back"), but=seat)
        sink(self._hand_line(seat))
        if self.phase is Phase.PLAYING:  # the trump and the takers, told once at the auction's end
            sink(self._contract_line())
        if self.to_move() == seat:
            self._prompt()

    def bot_takes(self, seat: int) -> None:
        s = self.seats[seat]
        s.bot, s.present, s.sink = True, True, None
        self.bots = True
        self._all(EV_BOT, T(f"un robot prend la place de {s.name}", f"a bot takes {s.name}'s seat"))
        self._run_bots()

