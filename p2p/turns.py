"""The turn loop of a peer: act when the next action is mine, watch for a silent seat otherwise.

What: :func:`drive` runs for the whole game. When the next action expected
(:meth:`~arbitre.p2p.state.PeerGame.expected`) is this peer's it acts: its
card (:func:`play_card`, the arena player decides) or one of the host's
duties (:data:`arbitre.p2p.host.DUTIES`). When someone else is expected and
nothing has happened for :data:`~arbitre.p2p.protocol.STALL_TIMEOUT`, it
probes that seat and announces ``ABANDON`` if the seat does not answer.

Why: the peer acts on its own copy of the game, never on a server's
say-so; its own actions go through its own referee first
(:meth:`arbitre.p2p.peer.Peer.publish`), and an action of its own that its
referee refuses stops the game ``disputed``; so does its own player failing
(an exception, a card that is not legal: ``player_error``), rather than leaving
the others waiting for a card that never comes.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from arbitre.p2p import brain, host
from arbitre.p2p import protocol as P
from arbitre.p2p.protocol import Refusal
from arbitre.p2p.timing import CLOCK
from arbitre.rulings.errors import InputError

if TYPE_CHECKING:
    from arbitre.p2p.peer import Peer


async def play_card(peer: Peer) -> None:
    """``JOUER_CARTE``: my player's card (fault ``renonce``: an illegal card whenever I hold one)."""
    state = peer.state
    d = state.current_deal()
    assert d.turned is not None and d.trump is not None
    hand = state.my_hand()
    legal = state.my_legal()
    illegal = [c for c in hand if c not in legal]
    if peer.fault == "renonce" and illegal:
        card = illegal[0]
    else:
        obs = brain.observation(state.seat, d.dealer, hand, d.turned, brain.bids_as_calls(d.bids, state.roster),
                                d.taker, d.trump, d.tricks, d.current, d.leader(), state.totals, state.target)
        try:
            with CLOCK.measure("engine"):
                card = brain.choose_card(peer.player, obs)
        except InputError as err:  # my player failed: the game stops disputed (drive)
            raise peer.player_fault(err, d.number, len(d.tricks) + 1) from None
    await peer.publish(P.JOUER_CARTE, {"card": card.short()})


ACTS: dict[str, Callable[[Peer], Awaitable[None]]] = {P.JOUER_CARTE: play_card, **host.DUTIES}
"""What this peer does when the next action expected is its own, by action type."""


def my_move(peer: Peer) -> str | None:
    """The type of the action expected from me now, or ``None`` (someone else's, or my hand is incomplete)."""
    want = peer.state.expected()
    if want is None or want[1] != peer.state.seat:
        return None
    if want[0] == P.JOUER_CARTE and (not peer.state.hand_complete() or peer.fault == "stall"):
        return None
    return want[0]


async def drive(peer: Peer) -> None:
    """Act whenever the next action is mine; watch for a silent seat otherwise."""
    while True:
        async with peer.cond:
            try:
                await asyncio.wait_for(peer.cond.wait_for(
                    lambda: peer.state.status != P.PLAYING or my_move(peer) is not None), peer.stall_timeout)
            except TimeoutError:
                pass
            if peer.state.status != P.PLAYING:
                return
            move = my_move(peer)
        if move is None:
            if time.monotonic() - peer.last_change >= peer.stall_timeout:
                await check_silent(peer)
            continue
        try:
            await ACTS[move](peer)
        except Refusal as refusal:  # my own action refused by my own referee: a fault, stop disputed
            await peer.dispute(refusal)


async def check_silent(peer: Peer) -> None:
    """The seat expected to act has been silent too long: probe it, and announce it absent if it does not answer."""
    want = peer.state.expected()
    if want is None:
        return
    seat = peer.state.roster[want[1]]
    if seat.name != peer.name and not await peer.outbox.probe(seat.url):
        await peer.abandon(seat, f"no {want[0]} for {peer.stall_timeout:g} s and no answer to a probe")
    peer.last_change = time.monotonic()
