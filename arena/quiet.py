"""Keep what players print off standard output: it goes to standard error.

What: :func:`players_print_to_stderr`, a context in which ``print`` (anything written to
``sys.stdout``) goes to ``sys.stderr``; :func:`stdout_to_stderr` does the same for the rest of a
process (a gym worker, whose standard output nobody reads).

Why: a player's author debugs with ``print``. Standard output carries the data (``--json`` prints
exactly one JSON document there, a table otherwise), so a player's lines would corrupt it; on
standard error they are still seen.
"""
from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator


@contextlib.contextmanager
def players_print_to_stderr() -> Iterator[None]:
    """While players are built and asked (a game, a gym run in this process), their prints go to stderr."""
    with contextlib.redirect_stdout(sys.stderr):
        yield


def stdout_to_stderr() -> None:
    """From now on in this process (a gym worker), what is written to ``sys.stdout`` goes to stderr."""
    sys.stdout = sys.stderr
