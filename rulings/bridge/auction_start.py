"""Files whose auctions all start at the opening bid instead of the dealer's first call.

Some generators write an auction from the first bid on, leaving out the passes before it,
while the record still names the dealer: read from the dealer, every such auction puts the
opening bid in the dealer's seat, and every recorded contract seems to differ. A scorer does
not want thousands of "contract differs" lines for one cause: :func:`starts` looks at the
first boards of a file that have a recorded contract; when every one of them disagrees and
agrees once 1 to 3 passes are put before its first bid, the file gets one finding
(``auction-omits-passes``) on its first such board, and the boards the same reading
explains lose their ``contract-mismatch``. With ``mode="first-bid"`` (the CLI's
``--auction-starts first-bid``) those boards are read that way instead: the passes the
record's declarer implies are put back before the first bid.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from arbitre.rulings.bridge import kernel
from arbitre.rulings.bridge.auction import Contract
from arbitre.rulings.bridge.records import Board
from arbitre.rulings.i18n import T

__all__ = ["MODES", "SAMPLE", "passes_omitted", "starts"]

MODES = ("dealer", "first-bid")
SAMPLE = 8
"""How many boards with a recorded contract decide for the whole file."""


def passes_omitted(board: Board) -> int | None:
    """How many passes (1-3) put before the first call make the auction reach the record's
    contract, when it does not as written; None otherwise (or when it cannot be said)."""
    rec = board.recorded
    if rec is None or board.auction_dealer is None or board.irregularities or board.agrees is not False:
        return None
    codes = board.call_codes()
    if not codes or codes[0] == kernel.PASS:
        return None
    for k in (1, 2, 3):
        bidding = kernel.run([kernel.PASS] * k + codes, board.auction_dealer)
        if bidding is None or not bidding.closed:
            continue
        if rec.agrees_with(Contract.of(bidding.contract()), bidding.passed_out):
            return k
    return None


def _reread(board: Board, k: int) -> None:
    """Read ``board`` with ``k`` passes before its first call (the record's calls keep their order)."""
    codes = [kernel.PASS] * k + board.call_codes()
    dealer = board.auction_dealer
    assert dealer is not None
    board.codes, board.calls, board._auction = codes, [], None
    board._bidding = kernel.run(codes, dealer)
    board._turn = None
    _drop_mismatch(board)


def _drop_mismatch(board: Board) -> None:
    board.problems = [p for p in board.problems if p.code != "contract-mismatch"]


def starts(boards: Iterable[Board], mode: str = "dealer") -> Iterator[Board]:
    """The boards of one file, in order, with the file-level finding (see the module)."""
    if mode not in MODES:
        raise ValueError(mode)
    held: list[Board] = []
    judged: list[int | None] = []
    it = iter(boards)
    try:
        for board in it:
            held.append(board)
            if board.recorded is not None and board.auction_dealer is not None and board.agrees is not None:
                judged.append(passes_omitted(board))
                if len(judged) >= SAMPLE:
                    break
    except Exception:  # an unreadable file: the boards read before the error still go out, then the error
        yield from held
        raise
    omitted = len(judged) >= 2 and all(k is not None for k in judged)
    if not omitted:
        yield from held
        yield from it
        return
    first = True
    for board in _chain(held, it):
        k = passes_omitted(board)
        if k is None:
            yield board
            continue
        if mode == "first-bid":
            _reread(board, k)
        else:
            _drop_mismatch(board)
            if first:
                board.add_problem("auction-omits-passes", T(
                    "les enchères de ce fichier semblent omettre les passes avant l'ouverture : chaque contrat "
                    "relevé s'explique en les remettant (option --auction-starts first-bid)",
                    "auctions seem to omit the passes before the opening bid: every recorded contract follows "
                    "once they are put back (option --auction-starts first-bid)"), board.line)
                first = False
        yield board


def _chain(held: list[Board], rest: Iterator[Board]) -> Iterator[Board]:
    yield from held
    yield from rest
