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
one; in a Solo the second player asks the other opponent's leave to discard
eight or nine cards, and discards at most seven when refused); nine tricks, the Main leading first, the winner leading the next; before
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
from itertools import starmap
from typing import Any

from arbitre.rulings.tresillo.auction import MORE, AuctionState, Call, Kind, speakers_of
from arbitre.rulings.tresillo.cards import HAND, SUIT_CODES, SUITS, TALON, suit_of, to_json
from arbitre.rulings.tresillo.exchange import SOLO_FREE_DISCARD, leave_needed, opponents_of
from arbitre.rulings.tresillo.play import (
    TriompheRule,
    by_suit,
    legal_rule,
    winner_rule,
)
from arbitre.rulings.tresillo.players import Player, Table
from arbitre.rulings.tresillo.scoring import DEFAULT_OPTIONS, Options, settle
from arbitre.rulings.tresillo.trumps import EFF_SUIT

_DECK = tuple(range(40))
_NO_ARGS = ((),) * 40
_SPEAKERS = {(d, n): speakers_of(d, n) for n in (3, 4) for d in range(1, n + 1)}
_SEATS = {3: (1, 2, 3), 4: (1, 2, 3, 4)}
_FAVOUR_KINDS = tuple(int(k) for k in Kind if k.is_favour)  # ints: hashing or naming an enum member is slow
_RETOURNE = int(Kind.RETOURNE)
_PLAIN_TRUMPS = [[s for s in SUITS if s != favour] for favour in SUITS]
"""The trumps a Jeu simple or a Solo may name, by favour suit (players must not modify the list)."""


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
    # (seat, discard, draw, permission): permission is None, or (asked_of, granted) when the second player
    # of a Solo asked the other opponent to discard eight or nine cards
    exchanges: list[tuple[int, list[int], list[int], tuple[int, bool] | None]] = field(default_factory=list)
    tricks: list[tuple[int, tuple[int, ...], int]] = field(default_factory=list)  # (leader, cards in play order, winner)
    surrender: tuple[int, str, int | None] | None = None  # (before_trick, response, defender)
    chelem: bool | None = None
    tricks_won: dict[int, int] = field(default_factory=dict)
    outcome: str = "redeal"
    payments: dict[int, int] = field(default_factory=dict)

    def plays(self, leader: int, cards: Sequence[int]) -> list[tuple[int, int]]:
        """``(seat, card)`` of a trick led by ``leader``: the active seats (the hands' keys, in playing order)
        from the leader on."""
        seats = list(self.hands)
        at = seats.index(leader)
        return list(zip(seats[at:] + seats[:at], cards, strict=False))

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
            "exchanges": [_exchange_json(*e) for e in self.exchanges],
            "tricks": [{"leader": lead, "cards": [{"seat": s, "card": to_json(c)} for s, c in self.plays(lead, cards)],
                        "winner": win} for lead, cards, win in self.tricks],
            "surrender": surrender,
            "chelem": None if self.chelem is None else {"attempted": self.chelem},
            "result": {"tricks": {str(s): n for s, n in self.tricks_won.items()}, "outcome": self.outcome,
                       "payments": {str(s): v for s, v in self.payments.items()}},
        }


def _exchange_json(seat: int, discard: list[int], draw: list[int],
                   permission: tuple[int, bool] | None) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "discard": [to_json(c) for c in discard], "draw": [to_json(c) for c in draw]}
    if permission is not None:  # only on the exchange that asked (older records have no such field)
        out["permission"] = {"asked_of": permission[0], "granted": permission[1]}
    return out


def _trump_for(kind: Kind, favour: int, talon: Sequence[int], hand: Sequence[int], player: Player,
               table: Table) -> int:
    if kind in _FAVOUR_KINDS:
        return favour
    if kind == _RETOURNE:
        return suit_of(talon[0])
    return player.choose_trump(hand, _PLAIN_TRUMPS[favour], table)


def play_coup(players: Sequence[Player], rng: random.Random, *, number: int = 1, dealer: int = 4,
              favour: int = 3, stake: int = 10, options: Options = DEFAULT_OPTIONS,
              rule: TriompheRule = TriompheRule.SEED) -> CoupLog:
    """Play one coup. ``players[i]`` sits at seat ``i + 1``; 4 players (dealer sits out) or 3."""
    n = len(players)
    speakers = _SPEAKERS[dealer, n]
    main, second, third = speakers
    rand = rng.random
    keys = list(starmap(rand, _NO_ARGS))  # 40 calls of rand(), one key per card
    deck = sorted(_DECK, key=keys.__getitem__)  # a uniform shuffle: the deck ordered by its 40 random keys
    hands = {main: deck[:9], second: deck[9:18], third: deck[18:27]}
    talon = deck[27:]  # never modified: the log shares it
    # what every player sees of the play, updated by the engine as it goes: the cards on the table
    # (leader first), the seats in playing order from the leader, the finished tricks, the tricks won
    trick: list[int] = []
    order: list[int] = []
    won = {main: 0, second: 0, third: 0}
    log = CoupLog(number, dealer, {main: deck[:9], second: deck[9:18], third: deck[18:27]}, talon, None)
    shared = (trick, order, log.tricks, won)
    if n == 4:
        log.dealer_bet = bet = players[dealer - 1].dealer_bet(Table(dealer, favour, None, None, 0, shared))
    else:
        bet = None
    tables = {main: Table(main, favour, None, None, 0, shared), second: Table(second, favour, None, None, 0, shared),
              third: Table(third, favour, None, None, 0, shared)}
    state = AuctionState(speakers)
    auction, options_now, record = log.auction, state.legal_calls, state.record
    # by turn (the index into speakers): the seat, its player's bid method, its hand, its table
    bidders = ((main, players[main - 1].bid, hands[main], tables[main]),
               (second, players[second - 1].bid, hands[second], tables[second]),
               (third, players[third - 1].bid, hands[third], tables[third]))
    while not state.over:
        seat, bid, hand, table = bidders[state.turn]
        call = bid(hand, state, table, options_now())
        record(call, seat)
        auction.append((seat, call))
    if state.redeal or state.holder is None or state.high is None:
        log.payments = settle(_SEATS[n], speakers, None, None, won).payments  # a redeal
        return log
    joueur, kind = state.holder, state.high
    solo, retourne = kind >= 4, kind == 3  # Kind.is_solo, Kind.RETOURNE (int comparisons: enums are slow)
    trump = _trump_for(kind, favour, talon, hands[joueur], players[joueur - 1], tables[joueur])
    log.contract = (joueur, kind, trump)
    for t in tables.values():
        t.joueur, t.kind, t.trump = joueur, kind, trump

    # -- exchanges ---------------------------------------------------------------------
    defenders = opponents_of(speakers, joueur)
    top = 0
    for seat in (defenders if solo else (joueur, *defenders)):
        least = 1 if (retourne and seat == joueur) else 0
        most = TALON - top if top > TALON - HAND else HAND  # what is left in the talon, at most a hand
        if most < least:
            continue
        player = players[seat - 1]
        discard = list(player.discard(hands[seat], most, least, tables[seat]))  # the log keeps it
        permission = None
        other = leave_needed(kind, seat, len(discard), defenders) if solo else None
        if other is not None:  # the second player of a Solo asks; refused, he discards at most seven
            granted = bool(players[other - 1].permit(hands[other], len(discard), tables[other]))
            permission = (other, granted)
            if not granted:
                discard = list(player.discard(hands[seat], SOLO_FREE_DISCARD, least, tables[seat]))
        if not discard and permission is None:
            continue
        k = len(discard)
        draw = talon[top:top + k]
        top += k
        hand = hands[seat]  # the engine's own copy (the log keeps the cards dealt)
        for card in discard:
            hand.remove(card)
        hand += draw
        log.exchanges.append((seat, discard, draw, permission))

    # -- play ------------------------------------------------------------------------------
    eff = EFF_SUIT[trump]
    legal, win = legal_rule(trump, rule), winner_rule(trump)
    # per seat, what the card loop needs, bound once (the hot path): the hand, its split by suit, the
    # player's play method, the table
    h = hands[main]
    a = (h, by_suit(h, trump), players[main - 1].play, tables[main])
    h = hands[second]
    b = (h, by_suit(h, trump), players[second - 1].play, tables[second])
    h = hands[third]
    c = (h, by_suit(h, trump), players[third - 1].play, tables[third])
    # from each leader on: the three seats, then each one's hand, its split by suit, play method and table
    rotation = {main: ((main, second, third), *a, *b, *c), second: ((second, third, main), *b, *c, *a),
                third: ((third, main, second), *c, *a, *b)}
    tricks_log = log.tricks
    leader = main
    seats, h0, split0, play0, t0, h1, split1, play1, t1, h2, split2, play2, t2 = rotation[leader]
    order[:] = seats
    surrender: tuple[int, str, int | None] | None = None
    chelem: bool | None = None
    defender: int | None = None
    j_hand, j_table, j_player = hands[joueur], tables[joueur], players[joueur - 1]
    may_surrender = not solo
    for k in range(1, 10):
        if may_surrender and k <= 4 and j_player.surrender(j_hand, j_table):
            may_surrender = False
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
        # the three cards, written out (the hot path): the leader may play any card, the two others
        # choose among the legal cards; players never modify the lists they are shown
        led = play0(h0, h0, t0)
        h0.remove(led)
        split0[eff[led]].remove(led)
        trick.append(led)
        c1 = play1(h1, legal(h1, split1, led), t1)
        h1.remove(c1)
        split1[eff[c1]].remove(c1)
        trick.append(c1)
        c2 = play2(h2, legal(h2, split2, led), t2)
        h2.remove(c2)
        split2[eff[c2]].remove(c2)
        trick.append(c2)
        winner = seats[win(led, c1, c2)]
        won[winner] += 1
        tricks_log.append((leader, (led, c1, c2), winner))
        trick.clear()
        if winner != leader:
            leader = winner
            seats, h0, split0, play0, t0, h1, split1, play1, t1, h2, split2, play2, t2 = rotation[leader]
            order[:] = seats
        if surrender is None:
            if k == 5 and won[joueur] == 5:
                chelem = j_player.chelem(j_hand, j_table)
                if not chelem:
                    break
            elif k > 5 and chelem and winner != joueur:
                break
    log.surrender, log.chelem = surrender, chelem
    log.tricks_won = won
    s = settle(_SEATS[n], speakers, joueur, kind, won,
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
