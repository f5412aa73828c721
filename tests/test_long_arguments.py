"""An argument too long to be a file name (found by tests/test_fuzz_mutation.py): ``classify
--game coinche`` and ``belote classify`` asked the system whether it was a file, and the
system's "File name too long" ended in an internal error (exit 70). Every classifier now asks
through :func:`arbitre.cli.common.path_kind`, for which such a name is no file: the argument
is an auction and its call is refused by name."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from arbitre.cli.app import app

runner = CliRunner()
LONG = "8" + "x" * 5000


@pytest.mark.parametrize("command", [["classify", "--game", "coinche"], ["belote", "classify"],
                                     ["belote", "classify", "--game", "belote"], ["classify"],
                                     ["tresillo", "classify"]])
def test_a_very_long_argument_is_an_unreadable_call(command):
    r = runner.invoke(app, [*command, LONG, "--json"])
    assert r.exit_code in (1, 2), r.output[-500:]
    assert "internal error" not in r.output
    assert LONG in r.output
