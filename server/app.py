"""The coinche table server on asyncio (a protocol per connection): connections, names, tables, faults.

What: :class:`CoincheServer` accepts TCP clients, reads UTF-8 lines ending in ``\\n`` or
``\\r\\n`` (at most :data:`~arbitre.server.protocol.MAX_LINE` bytes), requires ``NAME`` first,
seats every four named clients (fewer with ``bots``) at a new :class:`~arbitre.server.table.Table`
and routes game commands to it. Every command gets exactly one reply line.

Faults, each answered without disturbing anybody else:

* a line too long, not UTF-8, holding control characters, or empty: ``400`` with the reason;
* a client that does not read: its pending output is bounded (:attr:`ServerOptions.max_buffer`
  bytes); past it the connection is dropped, as if it had left;
* end of input (a half-closed socket), a reset, or ``QUIT``: the player leaves; at a table the
  others get ``660`` and the table waits :attr:`ServerOptions.grace` seconds for a client
  sending ``NAME`` with the same name (it gets its seat and cards back, ``662``); after that a
  bot takes the seat (``661``). A table with nobody but bots left is closed;
* an unexpected error while handling a line is logged on stderr and answered ``400``: the
  server and the other tables go on.
"""
from __future__ import annotations

import asyncio
import itertools
import re
import sys
import traceback
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from arbitre.rulings.belote.coinche import CoincheVariants
from arbitre.rulings.belote.coinche_auction import (
    BIDDING_OKAY,
    COINCHE_OKAY,
    INVALID_COMMAND,
    PASS_OKAY,
    SURCOINCHE_OKAY,
    AuctionVariants,
)
from arbitre.rulings.i18n import T
from arbitre.server.protocol import (
    ERR_COULDNOTSEND,
    ERR_EMPTYHAND,
    ERR_EMPTYTEXT,
    ERR_NAME_FIRST,
    ERR_NAMEALREADYINUSE,
    ERR_NOTSEATED,
    EV_CLOSING,
    EV_WAITING,
    EV_WELCOME,
    MAX_LINE,
    NICKNAME_CHANGED,
    TURN_OKAY,
    err_nickname,
    invalid,
    split_command,
    valid_name,
)
from arbitre.server.table import Seat, Table, TableOptions

GAME_COMMANDS = {"CONTRACT", "CONTRAT", "PASS", "PASSE", "COINCHE", "SURCOINCHE", "PLAY", "LAST", "HAND"}
KNOWN = GAME_COMMANDS | {"NAME", "MSG", "QUIT"}
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f]")  # control characters but the tab: binary data


@dataclass(frozen=True)
class ServerOptions:
    bots: int = 0  # seats per table given to bots (0..3)
    target: int = 1000
    lang: str = "en"
    grace: float = 30.0  # seconds a table waits for a player who left
    max_buffer: int = 256 * 1024  # bytes of unsent output a client may hold
    auction: AuctionVariants = field(default_factory=AuctionVariants)
    scoring: CoincheVariants = field(default_factory=CoincheVariants)
    record_dir: Path | None = None
    seed: int | None = None


COMMON_REPLIES = (TURN_OKAY, PASS_OKAY, BIDDING_OKAY, COINCHE_OKAY, SURCOINCHE_OKAY, NICKNAME_CHANGED)
"""The replies to most commands (game commands, NAME): their lines are made once per server (looked up by the
identity of these module-level objects, which live as long as the server)."""

LAZY_EVENTS = frozenset({"601", "602", "610", "611", "621", "622", "630", "631", "640", "641", "642", "650"})
"""Events that ask nothing of the player (seated, waiting for players, their cards and a deal begins, another
player's call or card, the bidding is over, a trick or a deal is scored, a game is over or starts, a chat
line): they may wait up to :data:`LAZY_DELAY` to leave in the same write as the next reply or "your turn" (620)
of that player. Their order is kept, so a player's cards always come before the 620 that asks them to bid.
Why 601, 602 and 610 too: when many players arrive at once, every arrival wrote "waiting" to everyone in the
lobby and every table wrote "seated" and four hands at once, about six writes per table on top of the replies;
those bursts made the slowest replies of the 100-table benchmark (its p99)."""
START_WAIT = 0.1
START_BATCH = 8
"""A table just formed deals its first hand once a turn of the loop brings no NAME, at most :data:`START_WAIT`
seconds later, :data:`START_BATCH` tables at a time (:meth:`CoincheServer._start_pending`)."""
LAZY_DELAY = 0.05
LAZY_BATCH = 32
"""Most lazy writes :meth:`Outbox._tick` makes before it lets the loop read input again."""


class Outbox:
    """When the server writes: one write per client at the end of each batch of input, lazy events later.

    Why: a write to a socket is the costliest step of a command (a system call, and a wake-up of the
    client); a command causes lines for the four players of a table, but only the player who sent it and
    the player whose turn comes next are waiting for something. The others' lines (:data:`LAZY_EVENTS`)
    wait at most :data:`LAZY_DELAY` seconds, usually leaving earlier with that player's next urgent line.
    """

    def __init__(self) -> None:
        self.due: list[Client] = []  # clients with a line to write at the end of this batch
        self.lazy: deque[tuple[float, int, Client]] = deque()  # (deadline, turn, client) holding lazy lines only
        self.timer: asyncio.TimerHandle | None = None
        self.loop: asyncio.AbstractEventLoop | None = None  # the running loop, known at the first lazy line

    def later(self, client: Client) -> None:
        """``client`` holds lazy lines only: write them :data:`LAZY_DELAY` from now unless something urgent comes."""
        loop = self.loop
        if loop is None:
            loop = self.loop = asyncio.get_running_loop()
        client.lazy_turn += 1
        deadline = loop.time() + LAZY_DELAY
        self.lazy.append((deadline, client.lazy_turn, client))
        if self.timer is None:
            self.timer = loop.call_at(deadline, self._tick)

    def flush(self) -> None:
        """Write the lines queued by the input just handled: one write per client."""
        while self.due:
            batch, self.due = self.due, []
            for client in batch:
                client.flush()

    def _tick(self) -> None:
        """Write the lazy lines whose time is up (those of a client written since are gone already), at most
        :data:`LAZY_BATCH` writes at a time: when many are due together, the commands that arrived meanwhile
        are read and answered between two batches instead of waiting behind them all."""
        self.timer = None
        lazy = self.lazy
        loop = asyncio.get_running_loop()
        now = loop.time()
        writes = 0
        while lazy and lazy[0][0] <= now:
            if writes >= LAZY_BATCH:
                self.timer = loop.call_at(now, self._tick)  # after the next poll for input
                return
            _, turn, client = lazy.popleft()
            if client.lazy and client.lazy_turn == turn:
                client.flush()
                writes += 1
        if lazy:
            self.timer = loop.call_at(lazy[0][0], self._tick)


@dataclass(eq=False, slots=True)
class Client:
    """One connection; its output is buffered and written once per batch of input (see :meth:`flush`)."""

    transport: asyncio.Transport
    max_buffer: int
    outbox: Outbox  # the server's write scheduler
    name: str | None = None
    table: Table | None = None
    seat: int | None = None
    closed: bool = False
    lines: int = field(default=0)
    quiet: bool = False  # a command of this client is being handled: its lines wait for the reply (see reply())
    out: list[str] = field(default_factory=list)  # lines waiting for the next write
    due: bool = False  # in the outbox's list to write at the end of this batch
    lazy: bool = False  # holding lazy lines only (LAZY_EVENTS), in the outbox's queue
    lazy_turn: int = 0  # which of the client's entries in that queue is the live one
    drop_reason: T | None = None  # why the server dropped the connection, if it did

    def send(self, line: str) -> None:
        """Queue a line: a reply or a line that asks something of the player leaves at the end of this batch
        of input (:meth:`Outbox.flush`); an event of :data:`LAZY_EVENTS` may wait :data:`LAZY_DELAY` seconds
        for one, so that it shares its write."""
        if self.closed:
            return
        self.out.append(line)
        if self.due or self.quiet:
            return
        if line[:3] in LAZY_EVENTS:
            if not self.lazy:
                self.lazy = True
                self.outbox.later(self)
        else:
            self.due = True
            self.outbox.due.append(self)

    def reply(self, line: str, mark: int) -> None:
        """The reply to the command handled while :attr:`quiet`, put before the lines that command caused
        (queued from index ``mark`` on): a reply always comes before the events of its own command."""
        self.quiet = False
        if self.closed:
            return
        self.out.insert(mark, line)
        if not self.due:
            self.due = True
            self.outbox.due.append(self)

    def flush(self, last: bool = False) -> None:
        """Write the queued lines (``last``: even though the connection is being closed, e.g. after QUIT)."""
        self.due = self.lazy = False
        out = self.out
        if (self.closed and not last) or not out:
            out.clear()
            return
        out.append("")
        data = "\n".join(out).encode("utf-8")
        out.clear()
        transport = self.transport
        if transport.is_closing():
            self.closed = True
            return
        transport.write(data)
        if transport.get_write_buffer_size() > self.max_buffer:  # it does not read: drop it
            self.closed = True
            self.drop_reason = T("le joueur ne lisait plus ses messages", "the player stopped reading")
            transport.abort()


class Connection(asyncio.Protocol):
    """The protocol of one TCP connection: bytes in, lines to :meth:`CoincheServer.line`, replies out.

    Why a protocol and not streams: a command is handled as soon as its bytes arrive and its
    output (the reply, and the events it caused at the table) leaves at once, one write per
    client, without the extra event-loop turns a reader coroutine costs.
    """

    def __init__(self, server: CoincheServer) -> None:
        self.server = server
        self.buf = bytearray()
        self.discarding = False  # inside a line already refused as too long
        self.client: Client | None = None
        self.gone = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        srv = self.server  # uvloop's transports are not asyncio.Transport subclasses: no isinstance check
        self.client = Client(cast(asyncio.Transport, transport), srv.options.max_buffer, srv.outbox)
        srv.connections.add(self)
        self.client.send(srv.welcome)
        srv.flush()

    def data_received(self, data: bytes) -> None:
        client, srv = self.client, self.server
        assert client is not None
        buf = self.buf
        end = data.find(b"\n")
        if end >= 0 and end == len(data) - 1 and not buf and not self.discarding and end <= MAX_LINE:
            # the usual case, one whole line, read without the buffer (the loop below does the same)
            if not client.closed:
                raw = data[:-1]
                if not srv.line(client, raw[:-1] if raw.endswith(b"\r") else raw):
                    srv.flush()
                    self._leave(T("le joueur a quitté (QUIT)", "the player quit (QUIT)"))
                    return
            srv.outbox.flush()
            return
        buf += data
        quit_ = False
        while not client.closed:
            end = buf.find(b"\n")
            if end < 0:
                if len(buf) > MAX_LINE:
                    if not self.discarding:  # one 400 per line, however long
                        client.send(srv._400(T("ligne trop longue (plus de 4 Ko)", "line too long (over 4 KB)")))
                    buf.clear()
                    self.discarding = True
                break
            raw = bytes(buf[:end])
            del buf[:end + 1]
            if self.discarding:  # the end of a line already refused as too long
                self.discarding = False
                continue
            if raw.endswith(b"\r"):
                raw = raw[:-1]
            if len(raw) > MAX_LINE:
                client.send(srv._400(T("ligne trop longue (plus de 4 Ko)", "line too long (over 4 KB)")))
                continue
            if not srv.line(client, raw):
                quit_ = True
                break
        srv.flush()
        if quit_:
            self._leave(T("le joueur a quitté (QUIT)", "the player quit (QUIT)"))

    def eof_received(self) -> bool:
        """End of input (a half-closed socket): the player leaves; the connection is closed."""
        self._leave(T("connexion fermée par le joueur", "the player closed the connection"))
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._leave(T("connexion perdue", "connection lost") if exc is not None
                    else T("connexion fermée", "connection closed"))

    def _leave(self, why: T) -> None:
        if self.gone or self.client is None:
            return
        self.gone = True
        client, srv = self.client, self.server
        srv.connections.discard(self)
        if srv.stopping:  # the server is shutting down: nobody is waited for any more
            return
        try:
            srv.gone(client, client.drop_reason or why)
            client.flush(last=True)
            srv.flush()
            client.transport.close()
        except Exception:  # noqa: BLE001 - a bug must not take the server down
            traceback.print_exc(file=sys.stderr)


class CoincheServer:
    """The lobby and the tables; one instance per listening socket."""

    def __init__(self, options: ServerOptions = ServerOptions()) -> None:
        self.options = options
        self.lang = options.lang
        self.clients: dict[str, Client] = {}  # connected, named
        self.connections: set[Connection] = set()  # every open connection, named or not (see shutdown)
        self.stopping = False
        self.lobby: list[Client] = []
        self.tables: dict[int, Table] = {}
        self.absent: dict[str, tuple[Table, int, asyncio.TimerHandle]] = {}
        self.numbers = itertools.count(1)
        self.seeds = itertools.count(options.seed or 0)
        self.server: asyncio.base_events.Server | None = None
        self.outbox = Outbox()
        self.unstarted: dict[int, tuple[Table, float]] = {}  # formed, first deal not dealt: (table, start by)
        self.arrivals = 0  # NAMEs handled so far: see _start_pending
        self.starter: asyncio.Handle | None = None  # _start_pending, scheduled
        self.starter_arrivals = 0  # self.arrivals when _start_pending was scheduled
        self.reply_lines = {id(r): r.line(self.lang) for r in COMMON_REPLIES}  # see COMMON_REPLIES
        self.waiting: dict[int, str] = {}  # "602 waiting for N more player(s)" by N, made once
        self.welcome = f"{EV_WELCOME} " + self.t(T("bienvenue à la table de coinche : envoyez NAME <pseudo>",
                                                   "welcome to the coinche table: send NAME <nick>"))

    def t(self, text: T) -> str:
        return text.get(self.lang)

    async def start(self, host: str = "127.0.0.1", port: int = 4242) -> asyncio.base_events.Server:
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: Connection(self), host, port)
        return self.server

    def flush(self) -> None:
        """Write the output queued by the input just handled (:meth:`Outbox.flush`)."""
        self.outbox.flush()

    def _400(self, why: T) -> str:
        return invalid(why).line(self.lang)

    def line(self, client: Client, raw: bytes) -> bool:
        """Handle one line; False when the client quits."""
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            client.send(self._400(T("ce n'est pas du texte UTF-8", "not UTF-8 text")))
            return True
        if not text.isprintable() and _CONTROL.search(text):
            client.send(self._400(T("caractères de contrôle (données binaires)", "control characters (binary data)")))
            return True
        verb, args = split_command(text)
        if not verb:
            client.send(self._400(T("ligne vide", "empty line")))
            return True
        client.lines += 1
        if self.unstarted and client.table is not None and client.table.number in self.unstarted:
            self._start(client.table)  # before any command of one of its players
        mark = len(client.out)
        client.quiet = True  # the lines this command causes for its own client wait for the reply
        try:
            reply, keep = self._dispatch(client, verb, args, text)
        except Exception:  # noqa: BLE001 - a bug must not take the server down
            traceback.print_exc(file=sys.stderr)
            reply, keep = self._400(T("erreur interne du serveur", "internal server error")), True
        client.reply(reply, mark)  # the reply first, then the events the command caused
        return keep

    def _dispatch(self, client: Client, verb: str, args: list[str], text: str) -> tuple[str, bool]:
        """The reply line to one command, and False when the client quits."""
        lang = self.lang
        table, seat = client.table, client.seat
        if verb in GAME_COMMANDS and table is not None and seat is not None and client.name is not None:
            reply = table.command(seat, verb, args)  # the usual case (the checks below, in short)
            line = self.reply_lines.get(id(reply))
            return (reply.line(lang) if line is None else line), True
        if verb not in KNOWN:
            return INVALID_COMMAND.line(lang), True
        if verb == "QUIT":
            return f"{EV_CLOSING} " + self.t(T("au revoir", "goodbye")), False
        if verb == "NAME":
            return self._name(client, args), True
        if client.name is None:
            return ERR_NAME_FIRST.line(lang), True
        if verb == "MSG":
            parts = text.split(None, 1)
            message = parts[1].strip() if len(parts) > 1 else ""
            if not message:
                return ERR_EMPTYTEXT.line(lang), True
            if table is None or seat is None:
                return ERR_COULDNOTSEND.line(lang), True
            return table.chat(seat, message).line(lang), True
        if table is None or seat is None:
            return (ERR_EMPTYHAND if verb == "HAND" else ERR_NOTSEATED).line(lang), True
        return table.command(seat, verb, args).line(lang), True

    # -- names and seats --------------------------------------------------------------
    def _name(self, client: Client, args: list[str]) -> str:
        self.arrivals += 1
        nick = " ".join(args)
        if len(args) != 1 or not valid_name(nick):
            return err_nickname(nick).line(self.lang)
        key = nick.lower()
        holder = self.clients.get(key)
        if holder is not None and holder is not client:
            return ERR_NAMEALREADYINUSE.line(self.lang)
        if client.name is not None:  # a change of name: not to the name of a seat that is waiting for its player
            table = client.table  # to come back, nor of another seat of the table (a bot's): two players one name
            if key in self.absent or (table is not None and any(
                    s.name.lower() == key for i, s in enumerate(table.seats) if i != client.seat)):
                return ERR_NAMEALREADYINUSE.line(self.lang)
            self.clients.pop(client.name.lower(), None)
            if client.table is not None and client.seat is not None:
                client.table.rename(client.seat, nick)  # the others are told (601 again)
            client.name = nick
            self.clients[key] = client
            return self.reply_lines[id(NICKNAME_CHANGED)]
        client.name = nick
        self.clients[key] = client
        if key in self.absent:  # back within the grace time: the same seat
            table, seat, timer = self.absent.pop(key)
            timer.cancel()
            if table.number in self.unstarted:  # left and came back before the first deal: deal it now
                self._start(table)
            self._seat(client, table, seat)
            table.come_back(seat, client.send)
        else:
            self.lobby.append(client)
            self._form_tables()
        return self.reply_lines[id(NICKNAME_CHANGED)]

    def _seat(self, client: Client, table: Table, seat: int, names: str | None = None) -> None:
        """Seat ``client`` (601 with the four players, ``names`` when the caller has them listed already)."""
        client.table, client.seat = table, seat
        client.send(table.seated_line(seat, names))

    def _form_tables(self) -> None:
        people = 4 - self.options.bots
        while len(self.lobby) >= people:
            group, self.lobby = self.lobby[:people], self.lobby[people:]
            number = next(self.numbers)
            seats = [Seat(c.name or "?", sink=c.send) for c in group]
            seats += [Seat(f"bot{number}x{i + 1}", bot=True) for i in range(self.options.bots)]
            options = TableOptions(self.options.target, self.lang, self.options.auction, self.options.scoring,
                                   self.options.record_dir, next(self.seeds) if self.options.seed is not None else None)
            table = Table(number, seats, options)
            self.tables[number] = table
            names = table.players()
            for seat, client in enumerate(group):
                self._seat(client, table, seat, names)
            loop = asyncio.get_running_loop()
            self.unstarted[number] = (table, loop.time() + START_WAIT)
            if self.starter is None:
                self.starter, self.starter_arrivals = loop.call_soon(self._start_pending), self.arrivals
        self._tell_lobby()

    def _tell_lobby(self) -> None:
        """``602 waiting for N more player(s)`` to everyone in the lobby (when it grows, and when one leaves)."""
        if self.lobby:
            missing = 4 - self.options.bots - len(self.lobby)
            waiting = self.waiting.get(missing)
            if waiting is None:
                waiting = self.waiting[missing] = f"{EV_WAITING} " + self.t(T(
                    f"en attente de {missing} joueur(s) de plus", f"waiting for {missing} more player(s)"))
            for client in self.lobby:
                client.send(waiting)

    def _start_pending(self) -> None:
        """Deal the first hand at the tables just formed, :data:`START_BATCH` at a time, once a turn of the loop
        brought no NAME (or :data:`START_WAIT` after a table formed, whichever comes first; and before the next
        command of one of its players: :meth:`line`).

        Why: when many players arrive together, each table's start (shuffle, deal, four hands) would otherwise
        hold up the replies to the NAMEs still waiting to be read; the commands waiting are answered first, and the
        table's events still follow the reply to the NAME that completed it."""
        self.starter = None
        if not self.unstarted:
            return
        loop = asyncio.get_running_loop()
        oldest = next(iter(self.unstarted.values()))[1]
        if self.arrivals != self.starter_arrivals and loop.time() < oldest:  # players are arriving: answer them first
            self.starter, self.starter_arrivals = loop.call_soon(self._start_pending), self.arrivals
            return
        for table, _ in list(self.unstarted.values())[:START_BATCH]:
            self._start(table)
        if self.unstarted:
            self.starter, self.starter_arrivals = loop.call_soon(self._start_pending), self.arrivals

    def _start(self, table: Table) -> None:
        """Deal the first hand at a table just formed (see :meth:`_start_pending`)."""
        if self.unstarted.pop(table.number, None) is None:
            return
        try:
            table.start()
        except Exception:  # noqa: BLE001 - a bug must not take the server down
            traceback.print_exc(file=sys.stderr)
        finally:
            self.flush()

    def shutdown(self) -> None:
        """The server stops (Ctrl-C): every client is told (``690``) and its connection closed, its output sent."""
        self.stopping = True
        line = f"{EV_CLOSING} " + self.t(T("le serveur s'arrête", "the server is shutting down"))
        for conn in list(self.connections):
            client = conn.client
            if client is None or client.closed:
                continue
            client.send(line)
            client.flush(last=True)
            client.closed = True
            client.transport.close()
        self.connections.clear()

    def gone(self, client: Client, why: T) -> None:
        client.closed = True
        if client.name is not None:
            print(self.t(T(f"serveur de coinche : {client.name} est parti : {why.fr}",
                           f"coinche server: {client.name} left: {why.en}")), file=sys.stderr, flush=True)
        if client in self.lobby:
            self.lobby.remove(client)
            self._tell_lobby()  # one more player is missing now
        if client.name is not None and self.clients.get(client.name.lower()) is client:
            del self.clients[client.name.lower()]
        table, seat = client.table, client.seat
        if table is None or seat is None or client.name is None or table.number not in self.tables:
            return
        grace = self.options.grace
        table.leave(seat, T(f"{client.name} est parti ({why.fr}) : la table l'attend {grace:g} s",
                            f"{client.name} left ({why.en}): the table waits {grace:g} s for them"))
        timer = asyncio.get_running_loop().call_later(grace, self._replace, client.name.lower())
        self.absent[client.name.lower()] = (table, seat, timer)

    def _replace(self, key: str) -> None:
        entry = self.absent.pop(key, None)
        if entry is None:
            return
        table, seat, _ = entry
        try:
            if not any(table.seats[s].present and not table.seats[s].bot for s in range(4)) and not any(
                    t is table for t, _, _ in self.absent.values()):
                del self.tables[table.number]  # nobody but bots left: close the table
                return
            table.bot_takes(seat)
        except Exception:  # noqa: BLE001
            traceback.print_exc(file=sys.stderr)
        finally:
            self.flush()


def run(host: str, port: int, options: ServerOptions) -> None:
    """Run the server until interrupted, on uvloop when it is installed (the ``server`` extra), else asyncio's loop."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(serve(host, port, options))
    else:
        uvloop.run(serve(host, port, options))


async def serve(host: str, port: int, options: ServerOptions, ready: asyncio.Event | None = None) -> None:
    """Run the server until cancelled; print the address it listens on (stderr)."""
    srv = CoincheServer(options)
    server = await srv.start(host, port)
    addr = server.sockets[0].getsockname()
    print(srv.t(T(f"serveur de coinche à l'écoute sur {addr[0]}:{addr[1]}",
                  f"coinche server listening on {addr[0]}:{addr[1]}")), file=sys.stderr, flush=True)
    if ready is not None:
        ready.set()
    async with server:
        try:
            await server.serve_forever()
        finally:  # cancelled (Ctrl-C) or failing: the clients hear it from the server, not from a dead socket
            srv.shutdown()
