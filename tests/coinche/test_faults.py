"""Faults at the coinche server: bad lines, half-closed sockets, clients that never read, leaving and coming back."""
from __future__ import annotations

import asyncio
import socket

from arbitre.server.app import ServerOptions

from .client import Player, named_table

NAMES = ["alice", "bobby", "carol", "david"]


def test_bad_lines_get_400_and_the_connection_goes_on(served):
    async def body(port, srv):
        p = await Player.connect(port)
        assert (await p.cmd(b"x" * 5000 + b"\n")).startswith("400 Invalid command: line too long")
        # a line longer than the read buffer, sent in pieces: one 400, then its tail is dropped
        await p.send(b"y" * 70_000)
        await p.send(b"y" * 70_000 + b"\n")
        assert (await asyncio.wait_for(p.replies.get(), 10)).startswith("400 Invalid command: line too long")
        assert (await p.cmd(b"\xff\xfe\x00junk\n")) == "400 Invalid command: not UTF-8 text"
        assert (await p.cmd(b"NA\x00ME\n")).startswith("400 Invalid command: control characters")
        assert (await p.cmd(b"\n")) == "400 Invalid command: empty line"
        assert (await p.cmd(b"   \r\n")) == "400 Invalid command: empty line"
        assert (await p.cmd(b"name Alice\r\n")).startswith("200")  # \r\n and any case
        assert p.replies.empty()  # exactly one reply per line
        await p.close()

    served(body, ServerOptions())


def test_a_half_closed_socket_leaves_and_a_bot_takes_the_seat(served):
    async def body(port, srv):
        players = await named_table(port, NAMES)
        players[2].writer.transport.write_eof()  # carol half-closes: she will send nothing more
        left = await players[0].wait_event("660 carol left")
        assert "waits 0.3 s" in left
        await players[0].wait_event("661 a bot takes carol's seat")
        assert (await players[1].cmd("HAND")).startswith("200")  # the table goes on
        for p in players:
            await p.close()

    served(body, ServerOptions(grace=0.3, seed=2))


def test_coming_back_with_the_same_name_gets_the_seat_back(served):
    async def body(port, srv):
        players = await named_table(port, NAMES)
        hand = await players[3].cmd("HAND")
        await players[3].close()
        await players[0].wait_event("660 david left")
        again = await Player.connect(port)
        assert (await again.cmd("NAME david")).startswith("200")
        await again.wait_event("601 table 1, seat 4")
        cards = await again.wait_event("610 your cards")
        assert cards.split(": ", 1)[1] == hand.split(": ", 1)[1]
        await players[0].wait_event("662 david is back")
        assert not any(e.startswith("661") for e in players[0].events)
        for p in [*players[:3], again]:
            await p.close()

    served(body, ServerOptions(grace=5, seed=2))


def test_quit_frees_the_seat_the_same_way(served):
    async def body(port, srv):
        players = await named_table(port, NAMES)
        await players[1].send("QUIT")  # QUIT has no numeric reply: the 690 event, then the server closes
        await players[1].wait_event("690 goodbye")
        await asyncio.wait_for(players[1].task, 5)
        await players[0].wait_event("660 bobby left (the player quit (QUIT))")
        await players[0].wait_event("661 a bot takes bobby's seat")
        again = await Player.connect(port)
        assert (await again.cmd("NAME bobby")).startswith("200")  # the name is free again
        await again.wait_event("602 waiting")
        for p in [players[0], players[2], players[3], again]:
            await p.close()

    served(body, ServerOptions(grace=0.2, seed=2))


def test_a_client_that_never_reads_is_dropped_and_nothing_else_is_disturbed(served, capfd):
    async def body(port, srv):
        others = await named_table(port, NAMES)  # table 1
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        await loop.sock_sendall(sock, b"NAME glutton\n")
        for _ in range(500):  # wait until the server knows the name
            if "glutton" in srv.clients:
                break
            await asyncio.sleep(0.01)
        assert "glutton" in srv.clients
        dropped = False
        for _ in range(2000):  # ask for its hand over and over and never read the answers
            try:
                await asyncio.wait_for(loop.sock_sendall(sock, b"HAND\n" * 1000), 2)
            except (TimeoutError, ConnectionError, OSError):
                dropped = True
                break
            if "glutton" not in srv.clients:
                dropped = True
                break
        assert dropped and "glutton" not in srv.clients
        capsys_text = capfd.readouterr().err
        assert "glutton left: the player stopped reading" in capsys_text
        sock.close()
        assert (await others[0].cmd("HAND")).startswith("200")
        assert (await others[1].cmd("MSG still here")).startswith("200")
        for p in others:
            await p.close()

    served(body, ServerOptions(max_buffer=16 * 1024, seed=2))


def test_more_clients_form_more_tables(served):
    async def body(port, srv):
        players = await named_table(port, [f"p{i:03d}" for i in range(9)])
        assert sorted(srv.tables) == [1, 2]
        await players[4].wait_event("601 table 2, seat 1")
        await players[8].wait_event("602 waiting for 3 more player(s)")
        assert (await players[8].cmd("PASS")).startswith("423")
        for p in players:
            await p.close()

    served(body, ServerOptions(seed=2))


def test_random_lines_get_one_known_reply_each_and_no_internal_error(served):
    import random

    words = ["NAME", "CONTRACT", "COINCHE", "SURCOINCHE", "PASS", "PLAY", "LAST", "HAND", "MSG", "capot", "80",
             "170", "Hearts", "TA", "SA", "10", "J", "Pique", "x", "é", "\t", "générale", "100", "Spades", "P"]
    known = {200, 400, 402, 403, 411, 412, 421, 422, 423, 424, 425, 431, 432, 433, 434, 435, 436,
             441, 442, 443, 444, 451, 452, 453}
    rng = random.Random(12)

    async def body(port, srv):
        players = await named_table(port, NAMES)
        for _ in range(150):
            for p in players:
                if rng.random() < 0.1:
                    line = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40))).replace(b"\n", b"") + b"\n"
                else:
                    line = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 4))).encode() + b"\n"
                if line.upper().startswith(b"QUIT") or line.upper().startswith(b"NAME"):
                    continue
                reply = await p.cmd(line)
                assert int(reply[:3]) in known, (line, reply)
                assert "internal" not in reply
        for p in players:
            assert (await p.cmd("HAND")).startswith(("200", "424"))
            await p.close()

    served(body, ServerOptions(seed=9))
