"""The engine: deal, auction, exchanges, play, surrender and defence, Chelem, settlement.

What: :func:`play_coup` plays one coup between :class:`~.players.Player`
objects and returns a :class:`CoupLog` (the record's coup, see README "The
tresillo record"); :func:`play_game` plays several coups with the dealer
rotating and returns the whole record as a JSON-ready dict, which
``arbitre tresillo check`` finds clean.

The flow, as the rulebook gives it: the dealer (four players: he sits out)
deals nine cards to each active player and leaves thirteen in the talon; the
Main (the dealer's right) speaks first; if all pass, the coup is void and the
deal passes on; the Joueur names trumps (Jeu simple and Solo: any suit but the
favour suit; favour kinds: the favour suit; Retourne: the suit of the talon's
top card); exchanges: the Joueur first (not in a Solo), then the two others,
each drawing from the top of the talon as many cards as he discarded (the
Retourne's turned card is the Joueur's first draw, so he discards at least
one); nine tricks, the Main leading first, the winner leading the next; before
the fourth trick the Joueur of a Jeu or Retourne may surrender; after winning
the first five tricks the Joueur chooses to stop or to go for the Chelem (then
play stops at the first trick an opponent takes).

Why: ``arbitre tresillo play``, the property tests and the benchmark all play
through this one engine.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from arbitre.rulings.tresillo.auction import MORE, AuctionState, Call, Kind, speakers_of
from arbitre.rulings.tresillo.cards import SUIT_CODES, SUITS, suit_of, to_json
from arbitre.rulings.tresillo.play import (
    TriompheRule,
    by_suit,
    legal_from,
    trick_winner,
)
from arbitre.rulings.tresillo.players import Player, Table
from arbitre.rulings.tresillo.scoring import DEFAULT_OPTIONS, Options, settle
from arbitre.rulings.tresillo.trumps import EFF_SUIT

HAND, TALON = 9, 13
_DECK = tuple(range(40))
_RETOURNE = Kind.RETOURNE
_SPEAKERS = {(d, n): speakers_of(d, n) for n in (3, 4) for d in range(1, n + 1)}


@dataclass(slots=True)
class CoupLog:
    """One coup as played (cards as ints, seats 1-based); ``to_json`` gives the record form."""

    number: int
    dealer: int
    hands: dict[int, list[int]]
    talon: list[int]
    dealer_bet: str | None
    auction: list[tuple[int, Call]] = field(default_factory=list)
    contract: tuple[int, Kind, int] | None = None  # (player, kind, trump)
    exchanges: list[tuple[int, list[int], list[int]]] = field(default_factory=list)
    tricks: list[tuple[int, list[tuple[int, int]], int]] = field(default_factory=list)  # (leader, plays, winner)
    surrender: tuple[int, str, int | None] | None = None  # (before_trick, response, defender)
    chelem: bool | None = None
    tricks_won: dict[int, int] = field(default_factory=dict)
    outcome: str = "redeal"
    payments: dict[int, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        contract = None
        if self.contract is not None:
            player, kind, trump = self.contract
            contract = {"player": player, "kind": kind.code, "trump": SUIT_CODES[trump]}
        surrender = None
        if self.surrender is not None:
            surrender = {"before_trick": self.surrender[0], "response": self.surrender[1],
                         "defender": self.surrender[2]}
        return {
            "number": self.number, "dealer": self.dealer,
            "hands": {str(s): [to_json(c) for c in h] for s, h in self.hands.items()},
            "talon": [to_json(c) for c in self.talon],
            "dealer_bet": self.dealer_bet,
            "auction": [{"seat": s, **c.to_json()} for s, c in self.auction],
            "contract": contract,
            "exchanges": [{"seat": s, "discard": [to_json(c) for c in d], "draw": [to_json(c) for c in w]}
                          for s, d, w in self.exchanges],
            "tricks": [{"leader": lead, "cards": [{"seat": s, "card": to_json(c)} for s, c in plays],
                        "winner": win} for lead, plays, win in self.tricks],
            "surrender": surrender,
            "chelem": None if self.chelem is None else {"attempted": self.chelem},
            "result": {"tricks": {str(s): n for s, n in self.tricks_won.items()}, "outcome": self.outcome,
                       "payments": {str(s): v for s, v in self.payments.items()}},
        }


def _trump_for(kind: Kind, favour: int, talon: Sequence[int], hand: Sequence[int], player: Player,
               table: Table) -> int:
    if kind.is_favour:
        return favour
    if kind is Kind.RETOURNE:
        return suit_of(talon[0])
    return player.choose_trump(hand, [s for s in SUITS if s != favour], table)


def play_coup(players: Sequence[Player], rng: random.Random, *, number: int = 1, dealer: int = 4,
              favour: int = 3, stake: int = 10, options: Options = DEFAULT_OPTIONS,
              rule: TriompheRule = TriompheRule.SEED) -> CoupLog:
    """Play one coup. ``players[i]`` sits at seat ``i + 1``; 4 players (dealer sits out) or 3."""
    n = len(players)
    seats = list(range(1, n + 1))
    speakers = _SPEAKERS[dealer, n]
    rand = rng.random
    deck = sorted(_DECK, key=lambda _: rand())  # a uniform shuffle, 5x faster than rng.shuffle
    hands = {s: deck[HAND * i:HAND * i + HAND] for i, s in enumerate(speakers)}
    talon = deck[3 * HAND:]
    bet = players[dealer - 1].dealer_bet(Table(seat=dealer, favour=favour)) if n == 4 else None
    log = CoupLog(number, dealer, {s: list(h) for s, h in hands.items()}, list(talon), bet)

    state = AuctionState(speakers)
    tables = {s: Table(seat=s, favour=favour) for s in speakers}
    while not state.over:
        seat = state.expected
        call = players[seat - 1].bid(hands[seat], state, tables[seat], state.legal_calls())
        state.apply(call, seat)
        log.auction.append((seat, call))
    if state.redeal or state.holder is None or state.high is None:
        log.payments = settle(seats, speakers, None, None, {}).payments
        return log
    joueur, kind = state.holder, state.high
    solo, retourne = kind.is_solo, kind is _RETOURNE
    trump = _trump_for(kind, favour, talon, hands[joueur], players[joueur - 1], tables[joueur])
    log.contract = (joueur, kind, trump)
    for t in tables.values():
        t.joueur, t.kind, t.trump = joueur, kind, trump

    # -- exchanges ---------------------------------------------------------------------
    at = speakers.index(joueur)
    defenders = [speakers[(at + 1) % 3], speakers[(at + 2) % 3]]
    order = defenders if solo else [joueur, *defenders]
    top = 0
    for seat in order:
        least = 1 if (seat == joueur and retourne) else 0
        most = min(TALON - top, HAND)
        if most < least:
            continue
        discard = players[seat - 1].discard(hands[seat], most, least, tables[seat])
        if not discard:
            continue
        draw = talon[top:top + len(discard)]
        top += len(discard)
        hand = [c for c in hands[seat] if c not in discard]
        hand.extend(draw)
        hands[seat] = hand
        log.exchanges.append((seat, list(discard), list(draw)))

    # -- play ------------------------------------------------------------------------------
    won = {s: 0 for s in speakers}
    played: set[int] = set()
    trick: list[int] = []  # the cards on the table, leader first (one list, shown to every player)
    trick_seats: list[int] = []
    for t in tables.values():
        t.played, t.tricks_won, t.trick, t.trick_seats = played, won, trick, trick_seats
    eff = EFF_SUIT[trump]
    # per seat, what the card loop needs, bound once (the hot path): hand, its split by suit, the player
    seat_state = {s: (s, hands[s], by_suit(hands[s], trump), players[s - 1].play, tables[s]) for s in speakers}
    rotation = {s: (seat_state[s], seat_state[speakers[(i + 1) % 3]], seat_state[speakers[(i + 2) % 3]])
                for i, s in enumerate(speakers)}
    tricks_log = log.tricks
    leader = speakers[0]
    surrender: tuple[int, str, int | None] | None = None
    chelem: bool | None = None
    defender: int | None = None
    for k in range(1, 10):
        if k <= 4 and not solo and surrender is None and players[joueur - 1].surrender(hands[joueur],
                                                                                      tables[joueur]):
            if retourne:
                surrender = (k, "accept", None)
                break
            for opp in defenders:
                if players[opp - 1].defend(hands[opp], tables[opp]):
                    defender = opp
                    break
            surrender = (k, "defend" if defender else "accept", defender)
            if defender is None:
                break
            for t in tables.values():
                t.joueur = defender
        trick.clear()
        trick_seats.clear()
        for seat, hand, split, play, table in rotation[leader]:
            # the leader may play any card; players never modify the lists they are shown
            c = play(hand, legal_from(hand, split, trick[0], trump, rule) if trick else hand, table)
            hand.remove(c)
            split[eff[c]].remove(c)
            trick.append(c)
            trick_seats.append(seat)
        winner = trick_seats[trick_winner(trick, trump)]
        played.update(trick)
        won[winner] += 1
        tricks_log.append((leader, list(zip(trick_seats, trick, strict=False)), winner))
        leader = winner
        if surrender is None:
            if k == 5 and won[joueur] == 5:
                chelem = players[joueur - 1].chelem(hands[joueur], tables[joueur])
                if not chelem:
                    break
            elif k > 5 and chelem and winner != joueur:
                break
    log.surrender, log.chelem = surrender, chelem
    log.tricks_won = won
    s = settle(seats, speakers, joueur, kind, won,
               surrender=surrender[1] if surrender else None, defender=defender,
               chelem_attempted=chelem, dealer=dealer if n == 4 else None, bet=bet, stake=stake,
               options=options)
    log.outcome, log.payments = s.outcome, s.payments
    return log


def play_game(players: Sequence[Player], names: Sequence[str], rng: random.Random, *, coups: int = 1,
              first_dealer: int | None = None, favour: int = 3, stake: int = 10,
              options: Options = DEFAULT_OPTIONS) -> dict[str, Any]:
    """Play ``coups`` coups (the dealer moving one seat in playing order each coup); the record as a dict."""
    n = len(players)
    dealer = first_dealer or n
    logs = []
    for number in range(1, coups + 1):
        logs.append(play_coup(players, rng, number=number, dealer=dealer, favour=favour, stake=stake,
                              options=options).to_json())
        dealer = dealer % n + 1
    return {"game": "tresillo", "players": list(names), "favour_suit": SUIT_CODES[favour],
            "dealer_stake": stake, "coups": logs}


__all__ = ["MORE", "CoupLog", "play_coup", "play_game"]
