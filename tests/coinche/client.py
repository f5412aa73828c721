"""A scripted coinche client for the tests and the benchmark: real sockets, every wait bounded."""
from __future__ import annotations

import asyncio
import time

from arbitre.rulings.belote.cards import Card
from arbitre.rulings.belote.coinche import Denomination, legal_cards
from arbitre.rulings.belote.coinche_auction import parse_denomination
from arbitre.server.protocol import read_card

TIMEOUT = 10.0


def parse_cards(text: str) -> list[Card]:
    cards = []
    for part in text.split(","):
        read = read_card(part.split())
        if read.card is not None:
            cards.append(read.card)
    return cards


class Player:
    """One connection: a reader task files events (6xx) into state and replies into a queue."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.replies: asyncio.Queue[str | None] = asyncio.Queue()
        self.events: list[str] = []
        self.hand: list[Card] = []
        self.turn: str | None = None
        self.denomination: Denomination | None = None
        self.closed = False
        self.latencies: list[float] = []
        self.task = asyncio.ensure_future(self._pump())

    @classmethod
    async def connect(cls, port: int) -> Player:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), TIMEOUT)
        return cls(reader, writer)

    async def _pump(self) -> None:
        try:
            while True:
                raw = await self.reader.readline()
                if not raw:
                    break
                line = raw.decode("utf-8").rstrip("\r\n")
                if line[:1] == "6":
                    self._event(line)
                else:
                    await self.replies.put(line)
        except (ConnectionError, OSError):
            pass
        finally:
            self.closed = True
            await self.replies.put(None)

    def _event(self, line: str) -> None:
        self.events.append(line)
        code, _, text = line.partition(" ")
        if code == "610":
            self.hand = parse_cards(text.split(":", 1)[1])
        elif code == "620":
            self.turn = text
        elif code == "622" and text.startswith("contract "):
            self.denomination = parse_denomination(text.split()[2])

    async def send(self, line: str | bytes) -> None:
        self.writer.write(line if isinstance(line, bytes) else line.encode("utf-8") + b"\n")
        await self.writer.drain()

    async def cmd(self, line: str | bytes) -> str:
        """Send one line and return its reply (events read meanwhile are filed)."""
        start = time.perf_counter()
        await self.send(line)
        reply = await asyncio.wait_for(self.replies.get(), TIMEOUT)
        self.latencies.append(time.perf_counter() - start)
        assert reply is not None, f"connection closed after {line!r}"
        return reply

    async def code(self, line: str | bytes) -> int:
        return int((await self.cmd(line))[:3])

    async def wait_event(self, prefix: str, timeout: float = TIMEOUT) -> str:
        deadline = time.monotonic() + timeout
        seen = 0
        while time.monotonic() < deadline:
            for line in self.events[seen:]:
                if line.startswith(prefix):
                    return line
            seen = len(self.events)
            await asyncio.sleep(0.005)
        raise AssertionError(f"no {prefix!r} event in {timeout} s; last events: {self.events[-5:]}")

    def trick(self) -> list[Card]:
        """The cards on the table, from the last 'your turn to play (…)' prompt."""
        assert self.turn is not None
        inside = self.turn[self.turn.index("(") + 1:self.turn.rindex(")")]
        return [] if inside == "you lead" else parse_cards(inside)

    def legal(self) -> list[Card]:
        assert self.denomination is not None
        return legal_cards(self.hand, self.trick(), self.denomination)

    async def play_legal(self) -> str:
        """Play the first legal card of the hand (as the referee's rule computes it)."""
        card = self.legal()[0]
        self.turn = None
        self.hand.remove(card)  # before the reply: the events after it may already bring the next deal's cards
        reply = await self.cmd(f"PLAY {card.protocol()}")
        if not reply.startswith("200"):
            self.hand.append(card)
        return reply

    async def close(self) -> None:
        self.writer.close()
        self.task.cancel()
        try:
            await asyncio.wait_for(self.writer.wait_closed(), TIMEOUT)
        except (TimeoutError, ConnectionError, OSError):
            pass


async def named_table(port: int, names: list[str]) -> list[Player]:
    """Connect and name len(names) players (in that order: seat 1, 2, …)."""
    players = []
    for name in names:
        p = await Player.connect(port)
        assert (await p.cmd(f"NAME {name}")).startswith("200")
        players.append(p)
    return players


async def whose_turn(players: list[Player], timeout: float = TIMEOUT, want: str = "your turn") -> Player:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for p in players:
            if p.turn is not None and p.turn.startswith(want):
                return p
        await asyncio.sleep(0.001)
    raise AssertionError("nobody was asked to move")


async def play_deal(players: list[Player], bid: bool = True) -> None:
    """Drive one whole deal: the first to speak bids 80 in the suit of its first card, others pass; play legal cards.

    It returns once every player has the deal's score (640); as that event may wait for the player's next
    write (the server's lazy events), the next deal may have begun meanwhile: a "no contract yet" prompt is
    always the first call of a deal."""
    deal_events = [len([e for e in p.events if e.startswith("640")]) for p in players]
    while True:
        if all(len([e for e in p.events if e.startswith("640")]) > n for p, n in zip(players, deal_events, strict=False)):
            return
        p = await whose_turn(players)
        prompt = p.turn or ""
        if "to bid" in prompt:
            p.turn = None
            call = f"CONTRACT 80 {p.hand[0].suit.en}" if bid and "no contract yet" in prompt else "PASS"
            assert (await p.cmd(call)).startswith("200")
        else:
            assert (await p.play_legal()).startswith("200")


async def pass_and_play_until(p: Player, prefix: str) -> None:
    """One person against bots: pass every bid and play legal cards until an event starting with ``prefix``;
    every reply must be the protocol's 200 for the command (``PASS_OKAY``, ``TURN_OKAY``)."""
    while not any(e.startswith(prefix) for e in p.events):
        await whose_turn([p])
        if "to bid" in (p.turn or ""):
            p.turn = None
            assert (await p.cmd("PASS")) == "200 You passed your turn."
        else:
            reply = await p.play_legal()
            assert reply == "200 your turn has been taken into account.", reply
