"""The one output layer and the registry of games, as a user meets them: every command has
the same options and help style, errors are localised and one line, exit codes are the
documented ones whatever goes wrong, tables stay readable on a narrow terminal."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from arbitre.cli import exitcodes
from arbitre.cli.app import app
from arbitre.rulings import games

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def run(*args: str, env: dict[str, str] | None = None, input: str | None = None):
    return runner.invoke(app, list(args), env=env, input=input)


def command_paths() -> list[tuple[str, ...]]:
    """Every leaf command of `arbitre`, found by walking the command tree (lazy ones loaded):
    a command added later is covered without touching this test."""
    root = typer.main.get_command(app)
    paths: list[tuple[str, ...]] = []

    def walk(group, prefix: tuple[str, ...]) -> None:
        for name in group.list_commands(None):
            cmd = group.get_command(None, name)
            if hasattr(cmd, "commands"):
                walk(cmd, (*prefix, name))
            else:
                paths.append((*prefix, name))

    walk(root, ())
    return paths


PATHS = command_paths()


def test_the_walk_finds_every_command():
    names = {" ".join(p) for p in PATHS}
    assert {"classify", "states", "ruling", "law", "db sql", "log list", "belote check", "belote classify"} <= names


_SERVERS = {"coinche serve", "belote peer"}
"""Servers that run until stopped: they print no document (their clients get JSON over the network)."""


@pytest.mark.parametrize("path", PATHS, ids=" ".join)
def test_every_command_has_lang_json_db_and_one_help_style_with_an_example(path):
    r = run(*path, "--help")
    assert r.exit_code == 0, r.output
    text = r.stdout
    assert "Example" in text, "help without an example"
    assert "--lang" in text and "--db" in text
    if " ".join(path) not in _SERVERS:
        assert "--json" in text
    assert "╭" not in text and "─" not in text  # one style: plain help, no Rich panels
    assert "--install-completion" not in text


@pytest.mark.parametrize("path", PATHS, ids=" ".join)
def test_unknown_arbitre_lang_is_refused_the_same_way_everywhere(path):
    r = run(*path, env={"ARBITRE_LANG": "xx"})
    assert r.exit_code == exitcodes.BAD_INPUT
    assert r.stderr.strip() == "error: ARBITRE_LANG='xx': unknown language (fr or en)"
    assert r.stdout == ""


def test_lang_option_is_checked_on_a_command_that_did_not_declare_it():
    r = run("db", "path", "--lang", "de")
    assert r.exit_code == exitcodes.BAD_INPUT and "'de'" in r.stderr and "Traceback" not in r.output


def test_error_prefix_is_localised():
    en = run("classify", "1H ZZ P")
    fr = run("classify", "1H ZZ P", "--lang", "fr")
    assert en.exit_code == fr.exit_code == exitcodes.BAD_INPUT
    assert en.stderr.startswith("error: ") and "ZZ" in en.stderr
    assert fr.stderr.startswith("erreur : ") and "ZZ" in fr.stderr


def test_usage_errors_are_localised_too():
    r = run("states", "--no-such-option", "--lang", "fr")
    assert r.exit_code == exitcodes.BAD_INPUT and "erreur : " in r.stderr


@pytest.mark.parametrize("args", [("classify", ""), ("classify", "   "), ("classify", "1H P", " ")])
def test_blank_input_is_a_usage_error_never_a_scan_of_the_folder(args, tmp_path, monkeypatch):
    (tmp_path / "x.pbn").write_text('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1H Pass Pass Pass\n')
    monkeypatch.chdir(tmp_path)
    r = run(*args)
    assert r.exit_code == exitcodes.BAD_INPUT
    assert "empty" in r.stderr and r.stdout == ""


def test_blank_stdin_is_a_usage_error():
    r = run("classify", "-", input="  \n\t\n")
    assert r.exit_code == exitcodes.BAD_INPUT and "standard input is empty" in r.stderr


def _boom(*_a, **_k):
    raise ZeroDivisionError("division by zero")


def test_internal_error_is_one_line_and_exit_70(monkeypatch):
    monkeypatch.setattr("arbitre.kb.access.load_machine", _boom)
    r = run("states")
    assert r.exit_code == exitcodes.INTERNAL
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "internal error (ZeroDivisionError)" in lines[0] and "please report" in lines[0]
    assert "Traceback" not in r.output


@pytest.mark.parametrize("how", ["--debug", "ARBITRE_DEBUG"])
def test_debug_shows_the_traceback(monkeypatch, how):
    monkeypatch.setattr("arbitre.kb.access.load_machine", _boom)
    r = run("states", "--debug") if how == "--debug" else run("states", env={"ARBITRE_DEBUG": "1"})
    assert r.exit_code == exitcodes.INTERNAL
    assert "Traceback" in r.stderr and "ZeroDivisionError" in r.stderr


def test_ctrl_c_exits_130_without_traceback(monkeypatch):
    def interrupt(*_a, **_k):
        raise KeyboardInterrupt

    monkeypatch.setattr("arbitre.kb.access.load_machine", interrupt)
    r = run("states")
    assert r.exit_code == exitcodes.INTERRUPTED and "Traceback" not in r.output


def test_documented_exit_codes_are_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for code in sorted(exitcodes.DOCUMENTED):
        assert f"| {code} |" in readme, code


def _arbitre(*args: str, **kw) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arbitre", *args], capture_output=True, text=True, timeout=60, **kw)


def test_version_and_python_dash_m():
    r = _arbitre("--version")
    assert r.returncode == 0 and r.stdout.startswith("arbitre ") and r.stdout.strip() != "arbitre"


def test_closed_pipe_exits_quietly():
    env = {**os.environ, "COLUMNS": "200"}
    r = subprocess.run(f"{sys.executable} -m arbitre states | head -1", shell=True, capture_output=True, text=True,
                       timeout=60, env=env, executable="/bin/bash")
    assert r.returncode == 0 and r.stderr == "", r.stderr
    r = subprocess.run(f"set -o pipefail; {sys.executable} -m arbitre db show position_states | head -1", shell=True,
                       capture_output=True, text=True, timeout=60, env=env, executable="/bin/bash")
    assert r.returncode == 0 and r.stderr == "", r.stderr


def test_help_does_not_import_the_sub_commands():
    code = ("import sys; from arbitre.cli.app import main; sys.argv = ['arbitre', '--help']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print([m for m in sys.modules if m.startswith(('arbitre.cli.cmd_', 'arbitre.cli.belote', 'sqlalchemy'))"
            " and m != 'arbitre.cli.cmd_classify'])")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.stdout.strip().splitlines()[-1] == "[]", r.stdout
    for name in ("belote", "db", "law", "log", "ruling", "states", "classify"):
        assert f"  {name} " in r.stdout


def test_narrow_terminal_gives_one_field_per_line():
    r = run("states", env={"COLUMNS": "20"})
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert "Code: DEsiREetIPpos4" in lines
    assert all(len(line) <= 20 or " " not in line.split(": ", 1)[-1] for line in lines)
    assert "┃" not in r.stdout


@pytest.mark.parametrize("args", [("states",), ("classify", "P 1H P 2C P P 1S P P P")])
def test_identifier_columns_never_wrap_at_80_columns(args):
    r = run(*args, env={"COLUMNS": "80"})
    assert r.exit_code in (0, 1)
    words = set(r.stdout.replace("│", " ").replace("┃", " ").split())
    for code in ("DEsiREetIPpos4", "intervenantpos4567bdsef", "repondantsiinterventionbdsef"):
        if args == ("states",) or code in "".join(r.stdout.split()):
            assert code in words, code


# --- the registry of games -------------------------------------------------------------


def test_every_game_option_comes_from_the_registry():
    for path, command in ((("classify",), "classify"), (("ruling",), "ruling"), (("law",), "law"),
                          (("belote", "classify"), "belote classify")):
        r = run(*path, "--help", env={"COLUMNS": "200"})
        for code in games.GAMES:
            assert (code in r.stdout.split("--game", 1)[1].split("\n")[0]) == (code in games.codes(command)), \
                (path, code)


def test_a_game_without_trees_is_not_offered_by_ruling(monkeypatch):
    demo = games.Game(code="demo", name=games.T("Démo", "Demo"), family="bridge", cards=games.Cards(52, games.T("", "")),
                      classifier="arbitre.rulings.bridge.reading:read_text", commands=frozenset({"classify"}))
    monkeypatch.setitem(games.GAMES, "demo", demo)
    no_trees = [g.code for g in games.GAMES.values() if not g.has_trees]
    assert no_trees
    for code in no_trees:
        r = run("ruling", "list", "--game", code)
        assert r.exit_code == exitcodes.BAD_INPUT and "--game" in r.stderr


def test_registry_agrees_with_the_knowledge_base(kb):
    with_trees = {g for (g,) in kb.execute("SELECT DISTINCT game FROM ruling_trees")}
    for g in games.GAMES.values():
        assert g.has_trees == (g.code in with_trees), g.code
        name = kb.execute("SELECT * FROM games WHERE code = ?", (g.code,)).fetchone()
        assert name is not None, g.code


def test_registry_callables_load_lazily_and_exist():
    code = "import sys; from arbitre.rulings import games; print([m for m in sys.modules if 'belote' in m])"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.stdout.strip() == "[]"
    for g in games.GAMES.values():
        for what in ("grammar", "classifier", "checker", "renderer", "call_kind", "contract"):
            if getattr(g, what) is not None:
                assert callable(g.load(what)), (g.code, what)


def test_a_game_offered_by_a_command_must_have_what_it_needs():
    with pytest.raises(ValueError, match="ruling needs has_trees"):  # checked when the entry is built
        games.Game(code="x", name=games.T("X", "X"), family="x", cards=games.Cards(40, games.T("a", "a")),
                   commands=frozenset({"ruling"}))


def test_unknown_game_names_the_known_ones():
    with pytest.raises(games.InputError) as e:
        games.get("chess")
    assert "chess" in e.value.render("en") and "bridge" in e.value.render("en")


def test_belote_classify_is_classify_dash_dash_game():
    a = run("belote", "classify", "80H P 90S X P P P", "--json")
    b = run("classify", "--game", "coinche", "80H P 90S X P P P", "--json")
    assert a.exit_code == b.exit_code and a.stdout == b.stdout and a.stdout.strip().startswith("{")


def test_an_empty_token_is_named_with_the_text_around_it():
    r = run("classify", "1H :P")
    assert r.exit_code == exitcodes.BAD_INPUT and "<typed>:1:4:" in r.stderr and "':P'" in r.stderr
