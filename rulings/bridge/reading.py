"""Read any supported input into boards: typed text, PBN or LIN (sniffed), and
classify them. This is the library entry point the CLI and the benchmark call."""
from __future__ import annotations

from pathlib import Path

from arbitre.rulings.bridge.classify import classify
from arbitre.rulings.bridge.report import AuctionReport, Label
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T


def decode(data: bytes) -> str:
    """UTF-8 (with or without BOM), else Latin-1 (BBO's LIN files): never fails."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_text(text: str, source: str, dealer: Seat | None = None, fmt: str | None = None,
              errors: list[InputError] | None = None) -> list:
    """The boards of ``text`` in its (sniffed) format. ``errors``: see :func:`textauction.loads`
    (a typed text goes on past an unreadable line)."""
    from arbitre.rulings.bridge import textauction

    fmt = fmt or textauction.sniff(text)
    if fmt == "pbn":
        from arbitre.rulings.bridge import pbn

        return pbn.loads(text, source=source)
    if fmt == "lin":
        from arbitre.rulings.bridge import lin

        return lin.loads(text, source=source)
    return textauction.loads(text, dealer=dealer, source=source, errors=errors)


def read_file_text(path: Path) -> str:
    """A file's text (see :func:`decode`); an :class:`InputError` naming the file if unreadable."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise InputError(T("fichier illisible : {e}", "cannot read file: {e}").format(e=e.strerror), source=str(path)) from None
    return decode(data)


def read_path(path: Path, dealer: Seat | None = None, errors: list[InputError] | None = None) -> list:
    return read_text(read_file_text(path), str(path), dealer, errors=errors)


def report(board, machine, kinds) -> AuctionReport | None:
    """The classification of one board (None when the record has no auction at all)."""
    if board.auction is None:
        return None
    rec = board.recorded
    return classify(
        board.auction, machine, kinds, source=board.source, board=board.board,
        problems=[T(p.fr, p.en) for p in board.problems if not _is_engine_problem(p)],
        recorded_contract=str(rec) if rec is not None else None,
        agrees=board.agrees,
    )


def _is_engine_problem(p) -> bool:
    """Engine irregularities are reported as irregularities, not as record problems."""
    from arbitre.rulings.bridge.auction import Kind

    return p.code in {k.value for k in Kind}


def no_auction_label(board) -> Label:
    return Label(fr=f"{board.source} donne {board.board or board.index + 1} : pas d'enchères",
                 en=f"{board.source} board {board.board or board.index + 1}: no auction")
