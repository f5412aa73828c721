"""Number options and arguments read ASCII digits only, across the whole CLI.

click reads an ``int`` with Python's ``int``, which also takes ``1_000``, Arabic-Indic digits
(``٣``), fullwidth digits and blanks: ``belote gym --deals 1_000 --seed ٣`` used to play 1,000
deals with seed 3 without a word. Every such value is now a usage error (exit 2) naming the
option and the value as typed, in the run's language; a sign is accepted only where the option
takes negatives (no minimum declared, like ``--seed``). Decimal options (``--timeout``,
``--grace``) likewise take ASCII digits and a decimal point: ``nan`` passed every range check."""
from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from arbitre.cli.app import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args), env={"COLUMNS": "200"})


@pytest.mark.parametrize(("args", "lang", "words"), [
    (["belote", "gym", "--deals", "1_000"], "en", "--deals: '1_000' is not a whole number (digits 0 to 9 only)"),
    (["belote", "gym", "--seed", "٣"], "fr", "--seed : '٣' n'est pas un nombre entier (chiffres 0 à 9, signe + ou - permis)"),
    (["belote", "gym", "--deals", "+5"], "en", "--deals: '+5' is not a whole number (digits 0 to 9 only)"),
    (["belote", "play", "--target", "1e3"], "fr", "--target : '1e3' n'est pas un nombre entier (chiffres 0 à 9 seulement)"),
    (["tresillo", "play", "--coups", "１"], "en", "--coups: '１' is not a whole number"),
    (["db", "show", "laws", "--limit", "²"], "en", "--limit: '²' is not a whole number"),
    (["db", "sql", "SELECT 1", "--max-rows", " 5"], "en", "--max-rows: ' 5' is not a whole number"),
    (["law", "٦٤"], "fr", "number : '٦٤' n'est pas un nombre entier"),
    (["log", "show", "٣"], "en", "entry_id: '٣' is not a whole number"),
    (["coinche", "serve", "--port", "4_242"], "en", "--port: '4_242' is not a whole number"),
    (["db", "sql", "SELECT 1", "--timeout", "nan"], "en",
     "--timeout: 'nan' is not a number (digits 0 to 9 and a decimal point only)"),
    (["db", "sql", "SELECT 1", "--timeout", "١"], "fr", "--timeout : '١' n'est pas un nombre (chiffres 0 à 9 et point décimal"),
    (["coinche", "serve", "--grace", "1e3"], "en", "--grace: '1e3' is not a number"),
])
def test_a_number_not_written_in_ascii_digits_is_a_usage_error(args, lang, words):
    r = run(*args, "--lang", lang)
    assert r.exit_code == 2, r.output
    assert words in r.stderr and ("erreur :" if lang == "fr" else "error:") in r.stderr
    assert "Usage:" in r.stderr and "Traceback" not in r.output
    assert not r.stdout  # nothing was played or printed


@pytest.mark.parametrize(("args", "lang", "words"), [
    (["belote", "gym", "--deals", "0"], "en", "--deals: 0 is not in the range x>=1"),
    (["coinche", "serve", "--port", "70000"], "fr", "--port : 70000 est hors de l'intervalle 0<=x<=65535"),
    (["db", "sql", "SELECT 1", "--timeout", "0"], "en", "--timeout: 0 is not in the range 0.001<=x<=86400"),
])
def test_a_number_out_of_range_is_said_in_the_run_language(args, lang, words):
    r = run(*args, "--lang", lang)
    assert r.exit_code == 2 and words in r.stderr


def test_plain_and_signed_numbers_still_work():
    r = run("tresillo", "play", "--seed", "-3", "--coups", "002", "--json")
    assert r.exit_code == 0, r.output
    assert run("tresillo", "play", "--seed", "+3", "--coups", "2", "--json").stdout == \
        run("tresillo", "play", "--seed", "3", "--coups", "2", "--json").stdout
    r = run("law", "64", "--json")
    assert r.exit_code == 0 and '"number": 64' in r.stdout
    for timeout in (".5", "2.", "10"):
        assert run("db", "sql", "SELECT 1", "--timeout", timeout, "--json").exit_code == 0, timeout


def test_is_decimal():
    from arbitre.rulings.digits import is_decimal

    for text in ("0", "12", "0.5", ".5", "3."):
        assert is_decimal(text) and is_decimal("-" + text, signed=True), text
    for text in ("", ".", "-1", "+1", "1_0", "١", "1e3", "nan", "inf", " 1", "1.2.3", "1,5", "１"):
        assert not is_decimal(text), text
    assert not is_decimal("--1", signed=True) and not is_decimal("-", signed=True)


def test_every_integer_parameter_of_every_command_is_checked():
    """The check is made once, by the root group, for every command: none escapes it."""
    from typer._click import Context
    from typer._click.types import FloatParamType, IntParamType

    from arbitre.cli import common

    root = typer.main.get_command(app)
    seen = []

    def walk(cmd):
        if hasattr(cmd, "commands"):
            for name in cmd.list_commands(Context(cmd)):
                walk(cmd.get_command(Context(cmd), name))
        for p in cmd.params:
            if isinstance(p.type, (IntParamType, FloatParamType)):
                seen.append((cmd.name, p.name))
                assert isinstance(p.type, (common._WholeNumber, common._WholeRange, common._Decimal,
                                           common._DecimalRange)), (cmd.name, p.name)

    walk(root)
    assert ("gym", "deals") in seen and ("gym", "seed") in seen and ("law", "number") in seen and len(seen) > 15
    assert ("sql", "timeout") in seen and ("serve", "grace") in seen
