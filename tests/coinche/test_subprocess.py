"""`arbitre coinche serve` as a real process, driven by netcat when it is installed."""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ARBITRE = Path(sys.executable).with_name("arbitre")


@pytest.fixture
def server(tmp_path):
    """Start `arbitre coinche serve --port 0 --bots 3`; yield its port; stop it."""
    if not ARBITRE.exists():
        pytest.skip(f"the arbitre command is not installed beside {sys.executable}")
    proc = subprocess.Popen([str(ARBITRE), "coinche", "serve", "--port", "0", "--bots", "3", "--seed", "4",
                             "--record-dir", str(tmp_path / "deals"), "--target", "150"],
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "ARBITRE_LANG": "en"})
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()  # "coinche server listening on 127.0.0.1:PORT"
        match = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        assert match, line
        threading.Thread(target=proc.stderr.read, daemon=True).start()  # departures are logged there
        yield int(match.group(1))
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C: the server stops
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_netcat_plays_against_three_bots(server):
    nc = shutil.which("nc")
    if nc is None:
        pytest.skip("netcat (nc) is not installed: apt-get install netcat-openbsd to run this test")
    script = "NAME netcat\nHAND\nMSG hello bots\nLAST\nbanana\nQUIT\n"
    done = subprocess.run([nc, "127.0.0.1", str(server)], input=script, capture_output=True, text=True, timeout=20, check=False)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("600 welcome")
    replies = [line for line in lines if not line.startswith("6")]
    assert replies[0] == "200 Nickname changed"
    assert replies[1].startswith("200 There is your hand: ")
    assert replies[2] == "200 message sent."
    assert replies[3] in ("423 the last trick is not available yet.",) or replies[3].startswith("200 last trick")
    assert replies[4] == "400 Invalid command"
    assert lines[-1] == "690 goodbye"
    assert any(line.startswith("610 your cards: ") for line in lines)


def test_a_real_process_serves_a_whole_game_to_one_scripted_client(server, tmp_path):
    import asyncio

    from .client import Player, pass_and_play_until

    async def body():
        p = await Player.connect(server)
        await p.cmd("NAME script")
        await pass_and_play_until(p, "641")
        await p.close()

    asyncio.run(asyncio.wait_for(body(), 60))
    records = list((tmp_path / "deals").glob("*.json"))
    assert records, "--record-dir wrote no deal"
