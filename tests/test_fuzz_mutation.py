"""Structured fuzzing: mutate VALID inputs one field or token at a time (issue 9 section 6).

Why: random noise rarely reaches the checks behind a well-formed record, so a superscript
digit in a PBN auction (``$²``) went through ``isdigit`` to ``int`` and an internal error
(see test_unicode_digits.py). Here real records (tests/data/bridge, generated belote and
tresillo games, a few of ../shared/data/bridge when present) keep their shape and one token
becomes a tricky value: Unicode digits, signs, huge or negative numbers, ``1_000``, ``1e3``,
NUL, lone ``\\r``, a BOM, zero-width and right-to-left marks, combining marks, long tokens,
invalid UTF-8 bytes. Numeric command-line options, environment variables and the coinche
server's text protocol (a real process on 127.0.0.1) get the same values.

The quick suite runs a bounded number of examples (``ARBITRE_FUZZ_EXAMPLES``, 15 by
default); ``python3 dev.py fuzz`` runs the long campaign.
"""
from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from recorddiff import _paths as json_paths
from test_fuzz import EXAMPLES, FUZZ, check

HERE = Path(__file__).resolve().parent
SHARED = HERE.parent / ".." / "shared" / "data" / "bridge"
ARBITRE = Path(sys.executable).with_name("arbitre")

TRICKY = ["²", "٣", "①", "１", "１０", "Ⅻ", "+1", "-1", " 1", "1 ", "+ 1", "-0", "0", "00", "007", "10" * 15,
          str(10**30), "9999999999", "-9999999999", "", " ", "1_000", "1e3", "0x10", "1.5", "1,5", "½",
          "\x00", "1\x00", "\r", "1\r", "\ufeff", "1\ufeff", "\u200b", "1\u200b", "\u200f1", "1\u0301", "é",
          "e\u0301", "x" * 5000, "%", "{", "}", "{1", "%1", "#", "##", "\"", "[", "]", "\\", "|", ",", ";", "*",
          "=", "$", "^", "NaN", "inf", "-inf", "true", "null", "[]", "{}", "Ⅰ", "𝟙", "٠١"]
tricky = st.sampled_from(TRICKY)
TOKEN = re.compile(r"[0-9A-Za-z]+|[^\s0-9A-Za-z]")


def mutate(text: str, index: int, value: str, mode: str) -> str:
    """``text`` with one token (the ``index``-th, modulo) replaced by / prefixed / suffixed with ``value``."""
    spans = [m.span() for m in TOKEN.finditer(text)]
    if not spans:
        return value
    a, b = spans[index % len(spans)]
    new = {"replace": value, "before": value + text[a:b], "after": text[a:b] + value}[mode]
    return text[:a] + new + text[b:]


mutation = st.tuples(st.integers(0, 10**6), tricky, st.sampled_from(["replace", "replace", "before", "after"]))


def shared_records(folder: str, suffix: str, count: int = 3) -> list[Path]:
    where = SHARED / folder
    return sorted(where.glob(f"*{suffix}"))[:count] if where.is_dir() else []


BRIDGE = [HERE / "data" / "bridge" / "quirks.pbn", HERE / "data" / "bridge" / "quirks.lin"]


@FUZZ
@given(which=st.sampled_from(BRIDGE), mut=mutation, summary=st.booleans(), json_=st.booleans())
def test_mutated_bridge_records(tmp_path_factory, which, mut, summary, json_):
    path = tmp_path_factory.mktemp("bridge") / which.name
    path.write_text(mutate(which.read_text(encoding="utf-8"), *mut), encoding="utf-8")
    args = ["classify", str(path)] + (["--summary"] if summary else []) + (["--json"] if json_ else [])
    check(args, [path.name])


@FUZZ
@given(which=st.sampled_from(BRIDGE), at=st.integers(0, 10**6),
       raw=st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\r", b"\xef\xbb\xbf", b"\xc0\xaf"]))
def test_bridge_records_with_bad_bytes(tmp_path_factory, which, at, raw):
    data = which.read_bytes()
    at %= len(data)
    path = tmp_path_factory.mktemp("bytes") / which.name
    path.write_bytes(data[:at] + raw + data[at:])
    check(["classify", str(path)], [path.name])


def test_mutated_shared_records(tmp_path):
    """A few real records of ../shared, each token class mutated once (deterministic)."""
    count = 1 if EXAMPLES <= 50 else 3  # the quick suite takes one record of each kind
    records = shared_records("pbn", ".pbn", count) + shared_records("lin", ".lin", count)
    if not records:
        pytest.skip("../shared/data/bridge is absent in this checkout")
    for n, source in enumerate(records):
        text = source.read_text(encoding="utf-8", errors="replace")[:20000]
        for k, value in enumerate(TRICKY[:: max(1, len(TRICKY) // 12)]):
            path = tmp_path / f"{n}-{k}{source.suffix}"
            path.write_text(mutate(text, 7919 * (k + 1) + n, value, "replace"), encoding="utf-8")
            check(["classify", str(path), "--summary"], [path.name])


def _set(doc, path, value):
    if not path:
        return value
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


json_value = st.one_of(tricky, st.sampled_from([10**30, -1, 0, -(10**30), 1.5, 1e300, True, None, [], {}, 9999999999]))


@pytest.fixture(scope="module")
def game_records(tmp_path_factory):
    """One belote and one tresillo record written by the engines (valid by construction)."""
    from typer.testing import CliRunner

    from arbitre.cli.app import app
    where = tmp_path_factory.mktemp("games")
    runner = CliRunner()
    belote, tresillo = where / "belote.json", where / "tresillo.json"
    assert runner.invoke(app, ["belote", "play", "--seed", "3", "--target", "200", "--record", str(belote)]).exit_code == 0
    assert runner.invoke(app, ["tresillo", "play", "--seed", "3", "--coups", "2", "--record",
                               str(tresillo)]).exit_code == 0
    return {"belote": json.loads(belote.read_text(encoding="utf-8")),
            "tresillo": json.loads(tresillo.read_text(encoding="utf-8"))}


@FUZZ
@given(game=st.sampled_from(["belote", "tresillo"]), pick=st.integers(0, 10**6), value=json_value,
       as_key=st.booleans())
def test_mutated_game_records(tmp_path_factory, game_records, game, pick, value, as_key):
    doc = json.loads(json.dumps(game_records[game]))
    paths = [p for p in json_paths(doc) if p]
    path = paths[pick % len(paths)]
    if as_key and isinstance(path[-1], str) and isinstance(value, str):
        parent = _set(doc, (), doc)
        for key in path[:-1]:
            parent = parent[key]
        parent[value] = parent.pop(path[-1])
    else:
        doc = _set(doc, path, value)
    file = tmp_path_factory.mktemp(game) / "record.json"
    file.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    check([game, "check", str(file)], [file.name, "record.json"])


@FUZZ
@given(game=st.sampled_from(["belote", "tresillo"]), mut=mutation)
def test_mutated_game_record_text(tmp_path_factory, game_records, game, mut):
    file = tmp_path_factory.mktemp(game) / "record.json"
    file.write_text(mutate(json.dumps(game_records[game], ensure_ascii=False), *mut), encoding="utf-8")
    check([game, "check", str(file)], [file.name, "record.json"])


AUCTIONS = [(["classify", "--game", "coinche"], "80H 90 Pi X XX PASS PASS PASS"),
            (["classify", "--game", "coinche"], "CONTRACT 100 Hearts capot TA générale Co PASS"),
            (["belote", "classify", "--game", "belote"], "prends passe passe passe"),
            (["tresillo", "classify"], "passe, je joue, plus solo, passe, passe"),
            (["tresillo", "classify", "--three"], "je joue, plus solo, solo, passe"),
            (["classify"], "1C 1H 2NT X XX 3S P P P")]


@FUZZ
@given(which=st.sampled_from(AUCTIONS), mut=mutation, json_=st.booleans())
def test_mutated_auctions(which, mut, json_):
    base, text = which
    bad = mutate(text, *mut)
    if "\x00" in bad:
        return  # argv cannot hold NUL
    check([*base, bad] + (["--json"] if json_ else []), [bad, *re.split(r"[\s,;]+", bad), *bad.split(","), "argument"])


NUMERIC_OPTIONS = [
    (["belote", "play", "--target", "100"], ["--seed", "--target", "--budget"]),
    (["belote", "gym", "--team-a", "simple", "--team-b", "random", "--deals", "2", "--workers", "1"], ["--deals", "--workers", "--seed", "--budget"]),
    (["tresillo", "play", "--coups", "1"], ["--seed", "--coups", "--stake", "--retourne-value"]),
    (["db", "show", "laws"], ["--limit"]),
    (["classify", "1H P P P"], ["--dealer"]),
    (["tresillo", "classify", "passe, je joue, plus solo, passe, passe"], ["--dealer"]),
    (["tresillo", "play", "--coups", "1", "--players", "simple,simple,simple"], ["--seed", "--stake"]),
]


@FUZZ
@given(which=st.sampled_from(NUMERIC_OPTIONS), pick=st.integers(0, 10), value=tricky)
def test_numeric_options(which, pick, value):
    base, options = which
    option = options[pick % len(options)]
    if value.startswith("x" * 10) or "\x00" in value:
        return  # argv cannot hold NUL; a 5,000-character option is not worth playing a game for
    check([*base, option, value], [option, value, option.lstrip("-")])


@settings(FUZZ, max_examples=max(5, EXAMPLES // 3))  # a process each: a third of the examples
@given(name=st.sampled_from(["ARBITRE_LANG", "COLUMNS", "LINES", "ARBITRE_DB"]), value=tricky,
       args=st.sampled_from([["classify", "1H P P P"], ["ruling", "list"], ["db", "show", "laws", "--limit", "2"]]))
def test_environment(tmp_path_factory, name, value, args):
    if "\x00" in value:
        return  # an environment variable cannot hold NUL
    env = {**os.environ, name: value}
    where = tmp_path_factory.mktemp("env")  # ARBITRE_DB=1_000 is a file name: it is created there
    done = subprocess.run([str(ARBITRE), *args], capture_output=True, text=True, env=env, timeout=60, cwd=where,
                          stdin=subprocess.DEVNULL, check=False)
    out = done.stdout + done.stderr
    assert done.returncode in (0, 1, 2, 3), (name, value, args, done.returncode, out[-1500:])
    assert "Traceback" not in out and "internal error" not in out, (name, value, out[-1500:])


LINES = ["NAME fuzzer", "HAND", "LAST", "MSG hello", "CONTRACT 80 Hearts", "CONTRAT 90 Piques", "PASS", "COINCHE",
         "SURCOINCHE", "PLAY 10 Hearts", "PLAY A Spades", "PLAY 7 Trèfle"]


@pytest.fixture(scope="module")
def coinche_server(tmp_path_factory):
    if not ARBITRE.exists():
        pytest.skip(f"the arbitre command is not installed beside {sys.executable}")
    proc = subprocess.Popen([str(ARBITRE), "coinche", "serve", "--port", "0", "--bots", "3", "--seed", "4",
                             "--target", "2000"], stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "ARBITRE_LANG": "en"})
    try:
        assert proc.stderr is not None
        match = re.search(r"listening on 127\.0\.0\.1:(\d+)", proc.stderr.readline())
        assert match
        import threading
        threading.Thread(target=proc.stderr.read, daemon=True).start()
        yield proc, int(match.group(1))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _exchange(port: int, lines: list[bytes]) -> list[str]:
    """Send ``lines`` on a fresh connection; the replies (not events) until QUIT, bounded in time."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.settimeout(10)
        s.sendall(b"".join(line + b"\n" for line in lines) + b"QUIT\n")
        data, deadline = b"", time.monotonic() + 15
        while time.monotonic() < deadline:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        assert time.monotonic() < deadline, "the server did not close the connection after QUIT"
    return [ln for ln in data.decode("utf-8").splitlines() if not ln.startswith("6")]


@FUZZ
@given(line=st.sampled_from(LINES), mut=mutation, raw=st.sampled_from([None, b"\xff", b"\xc3", b"\x00", b"\r"]))
def test_mutated_protocol_lines(coinche_server, line, mut, raw):
    proc, port = coinche_server
    bad = mutate(line, *mut).replace("\n", " ").encode("utf-8")
    if raw is not None:
        bad = bad[: len(bad) // 2] + raw + bad[len(bad) // 2:]
    replies = _exchange(port, [b"NAME fuzzer", bad])
    assert proc.poll() is None, "the server stopped"
    assert replies and all(re.match(r"^[2-5]\d\d ", r) for r in replies), replies
    assert _exchange(port, [b"NAME again1"])[0].startswith("200"), "the server no longer serves"
