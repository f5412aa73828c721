"""The README's promises, held: its shell examples run as written (each with the exit code its
comment gives), and the contracts it makes about reading (issue 8 section 6)."""
from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitre.cli import exitcodes
from arbitre.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BIN = Path(sys.executable).parent
runner = CliRunner()

_NOT_EXAMPLES = ("python3 dev.py test", "python3 dev.py bench", "python3 dev.py lint", "python3 dev.py fuzz")
_ELSEWHERE = ("belote peer ", "coinche serve", "myplayers:")
"""Examples run by their own tests: servers that run until stopped (tests/p2p, tests/coinche, as
real processes) and the player written in the README (tests/arena/test_readme_player.py)."""


def shell_examples() -> list[str]:
    """Every line of the README's ``sh`` blocks (``python3 dev.py CMD`` read as ``arbitre CMD``;
    the lines that set up or run the test suite and benchmarks are not examples)."""
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        for line in block.splitlines():
            line = line.strip()
            if not line or line.startswith(_NOT_EXAMPLES) or any(s in line for s in _ELSEWHERE):
                continue
            lines.append(line.replace("python3 dev.py ", "arbitre ", 1))
    return lines


EXAMPLES = shell_examples()


def test_the_readme_has_examples():
    assert len(EXAMPLES) >= 15
    assert sum("# exit" in line for line in EXAMPLES) >= 15


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    """A temporary HOME and working folder, its own knowledge base, `arbitre` on the PATH;
    the examples run in order in it (the log example reads what the ruling example stored)."""
    home = tmp_path_factory.mktemp("readme")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARBITRE_")}
    env.update(HOME=str(home), ARBITRE_DB=str(home / "kb.sqlite"), PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}",
               COLUMNS="120")
    return home, env


@pytest.mark.parametrize("line", EXAMPLES)
def test_readme_example_runs(line, sandbox):
    home, env = sandbox
    command, _, comment = line.partition("  #")
    expected = re.match(r"\s*exit (\d+)", comment)
    command = command.strip()
    if command.startswith("arbitre ") and not set(command) & set("|<>;&$`"):
        code, stdout, stderr = _in_process(shlex.split(command)[1:], home, env)  # the same command, faster
    else:  # shell features: a real shell, `arbitre` from the environment's PATH
        command = command.replace("python -m arbitre", f"{shlex.quote(sys.executable)} -m arbitre")
        r = subprocess.run(["bash", "-c", command], cwd=home, env=env, capture_output=True, text=True, timeout=120,
                           stdin=subprocess.DEVNULL)
        code, stdout, stderr = r.returncode, r.stdout, r.stderr
    assert "Traceback" not in stderr and "internal error" not in stderr, stderr
    if expected:
        assert code == int(expected.group(1)), (command, code, stderr[-1500:])
    else:
        assert code == 0, (command, stderr[-1500:])
    for quoted in re.findall(r'"([^"]+)"', comment):  # what the comment says the output shows
        assert quoted in stdout + stderr, (command, quoted)


def _in_process(args: list[str], home: Path, env: dict[str, str]) -> tuple[int, str, str]:
    """``arbitre args`` run in this process (CliRunner) in ``home`` with the sandbox's variables."""
    previous = Path.cwd()
    os.chdir(home)
    try:
        r = runner.invoke(app, args, env={k: env[k] for k in ("HOME", "ARBITRE_DB", "COLUMNS")}, input="")
    finally:
        os.chdir(previous)
    return r.exit_code, r.stdout, r.stderr


# --- the contracts of issue 8 section 6 ------------------------------------------------


def test_typed_file_with_one_bad_line_classifies_every_good_line(tmp_path):
    path = tmp_path / "night.txt"
    path.write_text("1H P P P\n# a comment\n1S P 2Q P\nP 1NT P 3NT P P P\n", encoding="utf-8")
    r = runner.invoke(app, ["classify", str(path), "--json"])
    assert r.exit_code == exitcodes.BAD_INPUT
    doc = json.loads(r.stdout)
    assert [a["contract"]["text"] for a in doc["auctions"]] == ["1H N", "3NT E"]
    (error,) = doc["errors"]
    assert (error["line"], error["column"], error["token"]) == (3, 6, "2Q")
    assert f"{path}:3:6:" in r.stderr and "2Q" in r.stderr
    table = runner.invoke(app, ["classify", str(path)], env={"COLUMNS": "150"})
    assert table.exit_code == exitcodes.BAD_INPUT and table.stdout.count("dealer North") == 2


def test_empty_auction_is_a_usage_error(tmp_path, monkeypatch):
    (tmp_path / "a.pbn").write_text('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1H Pass Pass Pass\n')
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["classify", ""])
    assert r.exit_code == exitcodes.BAD_INPUT and r.stdout == "" and "empty" in r.stderr


def test_a_cancelled_call_is_marked_in_plain_text():
    en = runner.invoke(app, ["classify", "N:1S S:P E:P"], env={"COLUMNS": "150"})
    fr = runner.invoke(app, ["classify", "N:1S S:P E:P", "--lang", "fr"], env={"COLUMNS": "150"})
    assert "Pass (cancelled)" in en.stdout and "Passe (annulée)" in fr.stdout
    assert "\x1b" not in en.stdout  # plain text when piped: the words carry the mark, not the strike-through


def test_rule_fills_the_facts_the_auction_gives():
    """Out of rotation: whose turn it was and what the auction shows are answered, not asked."""
    r = runner.invoke(app, ["classify", "N:1S S:P E:P", "--rule", "--json"])
    (ruling,) = json.loads(r.stdout)["rulings"]
    auto = {step["node"]: step["answer"] for step in ruling["path"] if step["auto"]}
    assert auto, ruling
    asked = ruling.get("question", {}).get("node", "")
    assert asked not in {f"{ruling['topic']}/{n}" for n in auto}


def test_rule_fills_in_rotation_for_an_insufficient_bid():
    r = runner.invoke(app, ["classify", "N:1S E:1H", "--rule", "--json"])
    (ruling,) = json.loads(r.stdout)["rulings"]
    assert any(step["auto"] and step["node"] == "in-rotation" and step["answer"] == "yes"
               for step in ruling["path"]), ruling
    assert ruling["question"]["node"] == "enchere-insuffisante/accepted"  # in rotation: now, does LHO accept it?


def test_rule_fills_in_rotation_for_an_inadmissible_double():
    """A double of partner's bid at one's own turn: the Law 36 tree is told it was in rotation."""
    r = runner.invoke(app, ["classify", "N:1S E:P S:X", "--rule", "--json",
                            "--answer", "discovered=during-auction", "--answer", "lho-called=no"])
    rulings = json.loads(r.stdout)["rulings"]
    (ruling,) = [x for x in rulings if x["topic"] == "contre-inadmissible"]
    auto = {step["node"]: step["answer"] for step in ruling["path"] if step["auto"]}
    assert auto.get("in-rotation") == "yes", ruling


def test_rule_fills_inadmissible_for_a_double_out_of_rotation():
    """Out of rotation, the Law 32 tree asks whether the double would be inadmissible even in rotation:
    West doubling North's 1S at South's turn would not; North doubling his own 1S at South's turn would."""
    ok = runner.invoke(app, ["classify", "N:1S E:P W:X", "--rule", "--json"])
    bad = runner.invoke(app, ["classify", "N:1S E:P N:X", "--rule", "--json"])

    def auto(doc: str) -> dict:
        (ruling,) = [x for x in json.loads(doc)["rulings"] if x["topic"] == "contre-hors-tour"]
        return {step["node"]: step["answer"] for step in ruling["path"] if step["auto"]}

    assert auto(ok.stdout).get("inadmissible") == "no"
    assert auto(bad.stdout).get("inadmissible") == "yes"
