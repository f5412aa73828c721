"""The coinche table server on real sockets (127.0.0.1): a whole game, every reply code, the events."""
from __future__ import annotations

import json

from arbitre.rulings.belote.cards import DECK
from arbitre.server.app import ServerOptions

from .client import Player, named_table, play_deal, whose_turn

NAMES = ["alice", "bobby", "carol", "david"]


def test_a_whole_game_by_four_scripted_clients(served, tmp_path):
    async def body(port, srv):
        players = await named_table(port, NAMES)
        for p in players:
            await p.wait_event("601 table 1")
        for _ in range(30):
            if any(e.startswith("641") for e in players[0].events):
                break
            await play_deal(players)
        over = [await p.wait_event("641 game over") for p in players]
        assert len(set(over)) == 1  # everybody is told the same final scores
        totals = [int(w.rstrip(",;")) for w in over[0].split(";")[1].split()[1::2]]
        assert max(totals) >= 300 and totals[0] != totals[1]
        await players[0].wait_event("642 new game #2")  # the table starts again
        deals = len([e for e in players[0].events if e.startswith("640")])
        await players[0].wait_event(f"611 deal {deals + 1}")
        dealers = [e.split("dealer ")[1] for e in players[0].events if e.startswith("611")]
        assert dealers == [NAMES[i % 4] for i in range(deals + 1)]  # to the left every deal, across games too
        scores = [e for e in players[0].events if e.startswith("640")]
        assert len(scores) >= 2 and f"total {NAMES[0]}+{NAMES[2]}" in scores[-1]
        for p in players:
            await p.close()

    served(body, ServerOptions(target=300, seed=7, record_dir=tmp_path))
    records = sorted(tmp_path.glob("*.json"))
    assert records
    for path in records:
        doc = json.loads(path.read_text(encoding="utf-8"))
        deal = doc["manches"][0]
        assert len(deal["paquet_initial_ordonne"]) == 32 and len(deal["plis"]) == 8
        assert sum(deal["resultat_manche"]["points_cartes"].values()) == 162
        played = [c["carte"]["valeur"] + c["carte"]["couleur"] for t in deal["plis"] for c in t["cartes_jouees"]]
        assert len(set(played)) == 32
        assert deal["encheres"][0]["appel"].startswith("CONTRACT 80")


def test_every_numeric_reply_of_the_protocol(served):
    seen: set[int] = set()

    async def check(p: Player, line: str | bytes, code: int) -> str:
        reply = await p.cmd(line)
        assert reply[:3] == str(code), (line, reply)
        seen.add(code)
        return reply

    async def body(port, srv):
        lone = await Player.connect(port)
        await lone.wait_event("600")
        await check(lone, "HAND", 402)            # NAME first
        await check(lone, "NAME ab", 402)         # too short
        await check(lone, "NAME al!ce", 402)      # invalid character
        await check(lone, "banana", 400)
        await check(lone, "NAME zelda", 200)
        await check(lone, "HAND", 424)            # no cards yet: waiting for a table
        await check(lone, "MSG hello", 412)       # nobody to send it to
        await check(lone, "MSG", 411)
        await check(lone, "NAME zelda2", 200)     # a change of name
        players = await named_table(port, NAMES[:3])  # zelda2 + these three make table 1
        a, b, c, d = [lone, *players]              # seats 1-4; dealer seat 1, b speaks first
        await check(b, "NAME carol", 403)
        await b.wait_event("620 your turn to bid")
        await check(a, "CONTRACT 80 Hearts", 423)  # not a's turn
        await check(b, "CONTRACT 70 Hearts", 432)
        await check(b, "contract 170 hearts", 433)
        await check(b, "CONTRACT banana Hearts", 435)
        await check(b, "CONTRACT 80 Banana", 436)
        await check(b, "COINCHE", 443)
        await check(b, "SURCOINCHE", 453)
        await check(b, "PLAY 10 Hearts", 423)      # the card play has not started
        await check(b, "LAST", 423)                # no trick yet
        await check(b, "CONTRACT 90 Hearts", 200)
        await check(c, "CONTRACT 80 Spades", 434)
        await check(c, "PASS", 200)
        await check(d, "COINCHE", 444)             # d is the bidder's partner
        await check(d, "PASS", 200)
        await check(a, "COINCHE", 200)
        await check(b, "COINCHE", 442)
        await check(b, "SURCOINCHE", 200)          # ends the bidding
        await check(b, "SURCOINCHE", 452)
        await check(c, "CONTRACT 100 Clubs", 431)
        await check(a, "MSG good luck", 200)
        assert (await b.wait_event("650")) == "650 zelda2: good luck"
        hand = await check(a, "HAND", 200)
        assert hand.startswith("200 There is your hand: ") and len(hand.split(",")) == 8
        # the card play: b leads; provoke 421, 422 and 425 on the way
        illegal_seen = False
        for _ in range(32):
            p = await whose_turn([a, b, c, d], want="your turn to play")
            if 421 not in seen:
                await check(p, "PLAY 6 Hearts", 421)
                not_mine = next(card for card in DECK if card not in p.hand)
                await check(p, f"PLAY {not_mine.protocol()}", 422)
            if not illegal_seen and p.trick():
                bad = [card for card in p.hand if card not in p.legal()]
                if bad:
                    reply = await check(p, f"PLAY {bad[0].protocol()}", 425)
                    assert "you must" in reply
                    illegal_seen = True
            assert (await p.play_legal()).startswith("200")
        assert (await a.cmd("LAST")).startswith("200 last trick: ")
        score = await a.wait_event("640 deal 1")
        # 90 Hearts surcoinched: the winning side takes (160 + 90) x 4, the other nothing (a belote stays, 20)
        deal_points = sorted(int(w.rstrip(";,")) for w in score.split(";")[1].split()[1::2])
        assert deal_points[1] in (1000, 1020) and deal_points[0] in (0, 20), score
        # deal 2: dealer b, c speaks first; an auction closed by three passes
        await c.wait_event("620 your turn to bid")
        c.turn = d.turn = None
        await check(c, "CONTRACT 80 Hearts", 200)
        for p in (d, a, b):
            await check(p, "PASS", 200)
        await check(c, "COINCHE", 441)
        await check(c, "SURCOINCHE", 451)
        await check(c, "PASS", 431)
        assert illegal_seen
        for p in (a, b, c, d):
            await p.close()

    served(body, ServerOptions(seed=3))
    seed_codes = {200, 400, 402, 403, 411, 412, 421, 422, 423, 424, 431, 432, 433, 434, 435, 436,
                  441, 442, 443, 444, 451, 452, 453}
    assert seed_codes <= seen, seed_codes - seen


def test_french_texts_keep_the_codes(served):
    async def body(port, srv):
        p = await Player.connect(port)
        assert (await p.cmd("NAME alice")).startswith("200 pseudonyme changé")
        await p.wait_event("610 vos cartes : ")
        assert (await p.cmd("LAST")) == "423 le dernier pli n'est pas encore disponible."
        await p.close()

    served(body, ServerOptions(bots=3, lang="fr", seed=1))


def test_one_person_and_three_bots_play_a_whole_game(served):
    async def body(port, srv):
        p = await Player.connect(port)
        await p.cmd("NAME solo")
        while not any(e.startswith("641") for e in p.events):
            await whose_turn([p], timeout=10)
            if "to bid" in (p.turn or ""):
                p.turn = None
                assert (await p.cmd("PASS")).startswith("200")
            else:
                assert (await p.play_legal()).startswith("200")
        assert any("bids" in e for e in p.events if e.startswith("621"))  # the bots do bid
        await p.close()

    served(body, ServerOptions(bots=3, target=200, seed=5))


def test_events_for_players_not_to_move_arrive_within_the_lazy_delay_in_order(served):
    """A card event for a player who is not asked anything may wait (LAZY_DELAY) but arrives, in order."""
    import asyncio
    import time

    from arbitre.server.app import LAZY_DELAY

    async def body(port, srv):
        players = await named_table(port, NAMES)
        bidder = await whose_turn(players)
        bidder.turn = None
        assert (await bidder.cmd(f"CONTRACT 80 {bidder.hand[0].suit.en}")).startswith("200")
        for _ in range(3):
            p = await whose_turn(players)
            p.turn = None
            assert (await p.cmd("PASS")).startswith("200")
        leader = await whose_turn(players, want="your turn to play")
        assert (await leader.play_legal()).startswith("200")
        sent = time.monotonic()
        idle = players[(players.index(leader) + 2) % 4]  # neither the player who played nor the next one
        seen = await idle.wait_event(f"630 {NAMES[players.index(leader)]} plays", timeout=5)
        assert time.monotonic() - sent < LAZY_DELAY + 1.0  # bounded: the deadline, plus a loaded machine's slack
        codes = [e[:3] for e in idle.events]
        assert codes.index("622") < codes.index("630")  # the contract came before the first card, as it happened
        assert seen in idle.events
        await asyncio.sleep(0)
        for p in players:
            await p.close()

    served(body, ServerOptions(seed=3))



def test_a_command_sent_with_the_name_that_completes_a_table_finds_the_cards_dealt(served):
    """The new table deals after the replies of the same loop turn, but before its players' next command:
    ``NAME`` and ``HAND`` in one write get the hand, and the player's cards come before their first 620."""
    import asyncio

    async def body(port, srv):
        p = await Player.connect(port)
        await p.send(b"NAME piped\nHAND\n")
        assert (await asyncio.wait_for(p.replies.get(), 10)) == "200 Nickname changed"
        hand = await asyncio.wait_for(p.replies.get(), 10)
        assert hand is not None and hand.startswith("200 There is your hand: ") and hand.count(",") == 7
        await whose_turn([p])
        codes = [e[:3] for e in p.events]
        assert codes.index("610") < codes.index("620")
        await p.close()

    served(body, ServerOptions(bots=3, seed=2))


def test_forty_players_arriving_at_once_get_their_replies_then_ten_tables_deal(served):
    """40 NAMEs in one burst: each gets its reply before anything of its table; the ten tables (more than the
    server starts in one turn of its loop) all deal, one player of each asked to bid."""
    import asyncio

    async def body(port, srv):
        players = [await Player.connect(port) for _ in range(40)]
        for i, p in enumerate(players):  # no await between the writes: one burst
            p.writer.write(f"NAME burst{i:02d}\n".encode())
        for p in players:
            assert (await asyncio.wait_for(p.replies.get(), 10)) == "200 Nickname changed"
        for p in players:
            await p.wait_event("610 your cards: ")
            codes = [e[:3] for e in p.events]
            assert codes[0] == "600" and codes.index("601") < codes.index("610")
        tables: dict[str, list[Player]] = {}
        for p in players:
            seated = next(e for e in p.events if e.startswith("601"))
            tables.setdefault(seated.split(",")[0], []).append(p)
        assert len(tables) == 10 and all(len(t) == 4 for t in tables.values())
        for group in tables.values():
            first = await whose_turn(group, want="your turn to bid (no contract yet)")
            assert sum(p.turn is not None for p in group) == 1 and first in group
        assert not srv.unstarted
        for p in players:
            await p.close()

    served(body, ServerOptions(seed=4))
