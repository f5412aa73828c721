"""Fuzzing every command (issue 9 section 6): generated typed auctions, PBN and LIN files,
belote records, coinche lines, ruling answers and db arguments never give a traceback, exit
only with documented codes, and every error message names its input.

The suite runs a bounded number of examples per target (fast); the long campaign is
``python3 dev.py fuzz`` (``ARBITRE_FUZZ_EXAMPLES``, 2,000 per target by default), with the
structured mutations of tests/test_fuzz_mutation.py.
"""
from __future__ import annotations

import json
import os
import string
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from arbitre.cli import exitcodes
from arbitre.cli.app import app

runner = CliRunner()
EXAMPLES = int(os.environ.get("ARBITRE_FUZZ_EXAMPLES", "15"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 50,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])
ALLOWED = {exitcodes.OK, exitcodes.FINDINGS, exitcodes.BAD_INPUT, exitcodes.KB_ERROR}

CALLS = ["P", "Pass", "passe", "X", "XX", "Dbl", "Contre", "1C", "1♣", "2D", "3H", "4S", "5NT", "7N", "8H", "9S", "1SA",
         "2Pique", "3Tr", "1P", "12H", "0S", "N:", "E:", "S:", "W:", "O:", "1C!", "#", ",", "[/]", "é", "\t",
         # seat-tagged calls and the director's marks: the rectification paths (Laws 27-32, 28A, 37)
         "N:1S", "E:1H", "S:P", "W:2D", "E:X", "S:XX", "N:P", "W:P", "TD", "NC", "comparable", "Dealer: N"]
COINCHE = ["P", "passe", "X", "XX", "coinche", "surcoinche", "80H", "90S", "100D", "110C", "120NT", "160H", "170S",
           "capot", "générale", "80Co", "90Pi", "take", "prends", "8H:", "T", "[/]", "80", "H"]
noise = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12)
words = st.lists(st.one_of(st.sampled_from(CALLS), noise), min_size=1, max_size=14)


def check(args: list[str], names: list[str], input: str | bytes | None = None):
    """Run ``arbitre args``; assert the exit code is documented, there is no traceback, and an
    error names one of ``names`` (the input's source, a token of it, or the option)."""
    r = runner.invoke(app, args, input=input, env={"COLUMNS": "100"})
    out = r.stdout + r.stderr
    assert r.exit_code in ALLOWED, (args, r.exit_code, out[-2000:])
    assert "Traceback" not in out and "internal error" not in out, (args, out[-2000:])
    if r.exit_code == exitcodes.BAD_INPUT:
        assert r.stderr.strip(), (args, "exit 2 without a message")
        first = r.stderr.strip().splitlines()[-1]
        hay = r.stderr
        shown = [n for n in names if n] + [repr(n)[1:-1] for n in names if n]  # as given, or escaped
        usage = "No such option: " in hay and any(n.startswith(hay.split("No such option: ")[1].split()[0])
                                                    for n in names if n)
        assert any(n in hay for n in shown) or usage or "<typed>" in hay or "<stdin>" in hay, (args, first, names)
    return r


@FUZZ
@given(words=words, dealer=st.sampled_from([None, "N", "E", "S", "W", "O", "x", ""]),
       json_=st.booleans(), rule=st.booleans())
def test_typed_auctions(words, dealer, json_, rule):
    text = " ".join(words)
    args = ["classify", text] + (["--dealer", dealer] if dealer is not None else [])
    args += ["--json"] if json_ else []
    args += ["--rule"] if rule else []
    r = check(args, [*words, "--dealer", "argument", "--rule", "--answer"])
    if json_ and r.exit_code in (0, 1, 2) and r.stdout.strip():
        json.loads(r.stdout)  # one document


PBN_TAGS = ["Event", "Board", "Dealer", "Vulnerable", "Deal", "Contract", "Declarer", "Result", "Auction", "Note",
            "Play", "North", "Site"]
pbn_line = st.one_of(
    st.builds(lambda t, v: f'[{t} "{v}"]', st.sampled_from(PBN_TAGS), st.one_of(st.sampled_from(
        ["N", "E", "S", "W", "1", "4HX", "3NT", "N:AKQ.J.T9.8 - - -", "#", ""]), noise)),
    st.builds(" ".join, st.lists(st.sampled_from(["1H", "Pass", "X", "AP", "=1=", "*", "-", "+", "^R", "2NT"]),
                                 max_size=8)),
    st.sampled_from(["", "{ comment", "}", "% export", "*", "[Auction \"N\"]", ";"]),
    noise,
)
LIN_KEYS = ["pn", "md", "sv", "ah", "mb", "an", "pc", "mc", "qx", "rs", "st", "nt", "pg", "vg", "bn", "zz"]
lin_part = st.builds(lambda k, v: f"{k}|{v}|", st.sampled_from(LIN_KEYS), st.one_of(
    st.sampled_from(["1", "3S", "p", "d", "r", "1C!", "SAKQHJT", "o1", "P", "4N", "x"]), noise))


@FUZZ
@given(lines=st.lists(pbn_line, max_size=25), summary=st.booleans(), json_=st.booleans())
def test_pbn_files(tmp_path_factory, lines, summary, json_):
    path = tmp_path_factory.mktemp("pbn") / "fuzz.pbn"
    path.write_text("\n".join(lines), encoding="utf-8")
    args = ["classify", str(path)] + (["--summary"] if summary else []) + (["--json"] if json_ else [])
    check(args, [path.name])


@FUZZ
@given(parts=st.lists(lin_part, max_size=40), summary=st.booleans(), raw=st.binary(max_size=40))
def test_lin_files(tmp_path_factory, parts, summary, raw):
    path = tmp_path_factory.mktemp("lin") / "fuzz.lin"
    path.write_bytes("".join(parts).encode("utf-8") + raw)
    check(["classify", str(path)] + (["--summary"] if summary else []), [path.name])


@FUZZ
@given(data=st.binary(max_size=200))
def test_stdin_bytes(data):
    check(["classify", "-"], ["<stdin>", "standard input"], input=data)


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=False), noise,
              st.sampled_from(["7C", "AS", "JH", "10D", "equipe_A", "J1", "[/]", "renonce"])),
    lambda children: st.one_of(st.lists(children, max_size=5),
                               st.dictionaries(st.sampled_from(["joueurs", "equipes", "manches", "plis", "cartes",
                                                                "nom", "position", "id_joueur", "contrat", "atout",
                                                                "preneur", "score_total", "distribution"]) | noise,
                                               children, max_size=5)),
    max_leaves=30)


@FUZZ
@given(doc=json_values, mangle=st.booleans())
def test_belote_records(tmp_path_factory, doc, mangle):
    path = tmp_path_factory.mktemp("belote") / "record.json"
    text = json.dumps(doc)
    path.write_text(text[: len(text) // 2] if mangle else text, encoding="utf-8")
    check(["belote", "check", str(path)], [path.name, "record.json"])


@FUZZ
@given(words=st.lists(st.one_of(st.sampled_from(COINCHE), noise), min_size=1, max_size=12),
       game=st.sampled_from(["coinche", "belote"]), via_belote=st.booleans())
def test_coinche_and_belote_lines(words, game, via_belote):
    text = " ".join(words)
    args = (["belote", "classify", text, "--game", game] if via_belote else ["classify", "--game", game, text])
    check(args, [*words, "argument", "auction", "enchère"])


TOPICS = ["renonce", "revoke", "27", "64", "enchere-insuffisante", "list", "zz", "", "[/]"]


@FUZZ
@given(topic=st.sampled_from(TOPICS) | noise, answers=st.lists(st.builds(lambda k, v: f"{k}={v}", noise | st.sampled_from(
    ["is-revoke", "established", "in-rotation", "accepted"]), noise | st.sampled_from(["yes", "no", "1"])), max_size=4),
       game=st.sampled_from(["bridge", "belote", "coinche", "chess"]), json_=st.booleans(), raw=st.binary(max_size=30))
def test_ruling_answers(tmp_path_factory, topic, answers, game, json_, raw):
    args = ["ruling", topic, "--game", game] + [a for x in answers for a in ("--answer", x)]
    args += ["--json"] if json_ else []
    check(args, [topic, *answers, *(x.split("=")[0] for x in answers), "--game", "--answer", "answer", "topic",
                 "question"],
          input="q\n")
    path = tmp_path_factory.mktemp("answers") / "answers.txt"
    path.write_bytes(raw)
    check(["ruling", "renonce", "--answers", str(path), "--json"], [path.name, "answers", "--answers", "question"])


db_word = noise | st.sampled_from(["position_states", "laws", "ruling_log", "games", "sqlite_master", "[/]"])


@FUZZ
@given(table=db_word, where=st.lists(st.builds(lambda c, v: f"{c}={v}", noise | st.sampled_from(["code", "game"]),
                                               noise), max_size=2),
       limit=st.one_of(st.none(), st.integers(-5, 2**70)), query=noise | st.sampled_from(
           ["SELECT 1", "SELECT * FROM laws", "DELETE FROM laws", "PRAGMA user_version=3", "SELECT '[/]'", ";", ""]),
       entry=st.integers(-2**70, 2**70))
def test_db_arguments(table, where, limit, query, entry):
    args = ["db", "show", table] + [a for w in where for a in ("--where", w)]
    args += ["--limit", str(limit)] if limit is not None else []
    check(args, [table, *where, str(limit), "--where", "--limit", "table"])
    check(["db", "sql", query], [query, "query", "SQL", "sql"])
    check(["log", "show", str(entry)], [str(entry), "entry"])


def test_the_long_campaign_is_documented():
    dev = (Path(__file__).resolve().parents[1] / "dev.py").read_text(encoding="utf-8")
    assert "fuzz" in dev and "ARBITRE_FUZZ_EXAMPLES" in dev
    assert set(string.digits) & set(str(EXAMPLES))
