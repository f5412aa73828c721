"""The host's duties for its deal: deck, deal, auction, tricks, reveal, score, cut, token, results.

What: one coroutine per action the host of the deal sends, gathered in
:data:`DUTIES`. The host shuffles deal 1 (later deals: the gathered tricks
as cut), commits to the deck and deals each seat its cards privately
(``/recevoir_main``); asks each seat for its signed bid in turn
(``/demander_enchere``) and publishes them, then deals the second round;
announces each trick; reveals the deck and salt; scores the deal; cuts the
gathered tricks; passes the host token; at the end publishes the results
and ends the game. Every payload it computes is the one every other peer
computes too (:mod:`arbitre.p2p.verdicts`).

The faults ``wrong_winner`` and ``bad_reveal`` make a dishonest host for the
attack tests: it sends a wrong trick winner, or a deck that does not open its
commitment, without checking them itself.

Why: the seed's sequence diagram gives these steps to the host of the deal,
a role that goes round the table with ``JETON_HOTE``.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from arbitre.p2p import deck as deckmod
from arbitre.p2p import protocol as P
from arbitre.p2p.bids import TAKE, bid_order
from arbitre.rulings.belote.cards import DECK

if TYPE_CHECKING:
    from arbitre.p2p.peer import Peer


async def _deal_to_each(peer: Peer, payload_of: Callable[[int], dict[str, Any]]) -> None:
    """Send each seat its ``MAIN`` message (stop if the game ends meanwhile, say a seat is absent)."""
    for seat in peer.state.roster:
        await peer.private(seat, P.MAIN, "/recevoir_main", payload_of(seat.seat))
        if peer.state.status != P.PLAYING:
            return


async def commit_and_deal(peer: Peer) -> None:
    """``ENGAGEMENT_PAQUET``, then the first round of the deal (5 cards each and the turned card)."""
    d = peer.state.current_deal()
    if d.expected_deck is not None:
        pack = list(d.expected_deck)
    else:  # the first deal (or after a deal that could not be gathered): shuffle
        pack = list(DECK)
        peer.rng("shuffle", d.number).shuffle(pack)
    salt = deckmod.new_salt()
    peer.secret = (pack, salt)
    await peer.publish(P.ENGAGEMENT_PAQUET, {"deal": d.number, "commitment": deckmod.commit(pack, salt)})
    lay = deckmod.layout(pack, d.dealer)
    await _deal_to_each(peer, lambda s: {"deal": d.number, "first": [c.short() for c in lay.first[s]],
                                         "turned": lay.turned.short()})


async def run_auction(peer: Peer) -> None:
    """Ask each seat for its signed bid in turn, publish ``RESULTAT_ENCHERES``, deal the second round."""
    state = peer.state
    d = state.current_deal()
    assert peer.secret is not None
    bids: list[dict[str, Any]] = []
    taker = trump = None
    for rnd, seat_no in bid_order(d.dealer):
        seat = state.roster[seat_no]
        if seat.name == peer.name:
            bid = peer.my_bid(rnd, bids)
        else:
            ans = await peer.private(seat, P.DEMANDE_ENCHERE, "/demander_enchere",
                                     {"deal": d.number, "round": rnd, "bids": bids})
            if ans is None or await peer.disputed_by(seat, ans, state.seq + 1):
                return
            bid = ans.json()
        bids.append(bid)
        if bid.get("bid") == TAKE:
            taker, trump = seat, bid.get("couleur")
            break
    await peer.publish(P.RESULTAT_ENCHERES, {"deal": d.number, "bids": bids,
                                             "taker": taker.name if taker else None, "trump": trump})
    if d.taker is None or d.trump is None:
        return
    lay = deckmod.layout(peer.secret[0], d.dealer, d.taker, d.trump)
    await _deal_to_each(peer, lambda s: {"deal": d.number, "second": [c.short() for c in lay.second[s]]})


async def announce_trick(peer: Peer) -> None:
    """``REMPORTE_PLI`` (fault ``wrong_winner``: another player named, unchecked)."""
    payload = peer.state.trick_result()
    if peer.fault == "wrong_winner":
        others = [s.name for s in peer.state.roster if s.name != payload["winner"]]
        await peer.publish(P.REMPORTE_PLI, {**payload, "winner": others[0]}, cheat=True)
        return
    await peer.publish(P.REMPORTE_PLI, payload)


async def reveal(peer: Peer) -> None:
    """``REVELER_PAQUET``: the deck and salt committed to (fault ``bad_reveal``: two cards swapped, unchecked)."""
    assert peer.secret is not None
    pack, salt = peer.secret
    shown = list(pack)
    if peer.fault == "bad_reveal":
        shown[30], shown[31] = shown[31], shown[30]
    await peer.publish(P.REVELER_PAQUET, {"deal": peer.state.current_deal().number,
                                          "deck": [c.short() for c in shown], "salt": salt},
                       cheat=peer.fault == "bad_reveal")


async def score(peer: Peer) -> None:
    await peer.publish(P.POINTS, peer.state.points_result())


async def cut(peer: Peer) -> None:
    """``COUPER_PAQUET`` at a drawn position leaving at least :data:`~arbitre.p2p.deck.CUT_MIN` cards a packet."""
    pos = peer.rng("cut", peer.state.current_deal().number).randint(deckmod.CUT_MIN, 32 - deckmod.CUT_MIN)
    await peer.publish(P.COUPER_PAQUET, {"position": pos})


async def pass_token(peer: Peer) -> None:
    await peer.publish(P.JETON_HOTE, {"to": peer.state.next_host().name})


async def results(peer: Peer) -> None:
    await peer.publish(P.RESULTATS, peer.state.final_results())


async def end(peer: Peer) -> None:
    await peer.publish(P.FIN_PARTIE, {})


DUTIES: dict[str, Callable[[Peer], Awaitable[None]]] = {
    P.ENGAGEMENT_PAQUET: commit_and_deal,
    P.RESULTAT_ENCHERES: run_auction,
    P.REMPORTE_PLI: announce_trick,
    P.REVELER_PAQUET: reveal,
    P.POINTS: score,
    P.COUPER_PAQUET: cut,
    P.JETON_HOTE: pass_token,
    P.RESULTATS: results,
    P.FIN_PARTIE: end,
}
"""The host's action for each type it sends."""
