"""`arbitre classify`: read auctions (typed, PBN, LIN, files or stdin), classify, render.

Reading goes on past a bad input: each unreadable source is reported on stderr (and in
the JSON document's ``errors``), every readable auction gets its result. A folder stands
for the .pbn and .lin files under it. ``--summary`` gives one line per board through the
fast scanner (:mod:`arbitre.rulings.bridge.fastscan`) instead of a table per auction.
Exit code: 0 clean, 1 irregularities or dirty records found, 2 some input unreadable.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from arbitre.cli import exitcodes
from arbitre.cli.common import DbOpt, JsonOpt, Lang, LangOpt, game_option, out, print_json
from arbitre.cli.output import note, print_error

_FILE_SUFFIXES = (".pbn", ".lin", ".txt")
_FOLDER_SUFFIXES = (".pbn", ".lin")


def _sources(inputs: list[str]) -> list[tuple[str, str | Path]]:
    """Split arguments into files, folders (their .pbn/.lin files, sorted), stdin and typed
    auctions (consecutive words joined)."""
    sources: list[tuple[str, str | Path]] = []
    words: list[str] = []

    def flush() -> None:
        if words:
            sources.append(("text", " ".join(words)))
            words.clear()

    for arg in inputs:
        p = Path(arg)
        if arg == "-":
            flush()
            sources.append(("stdin", "-"))
        elif p.is_dir():
            flush()
            files = sorted(f for f in p.rglob("*") if f.suffix.lower() in _FOLDER_SUFFIXES and f.is_file())
            if files:
                sources.extend(("file", f) for f in files)
            else:
                sources.append(("empty-dir", p))
        elif p.is_file() or "/" in arg or "\\" in arg or (arg.lower().endswith(_FILE_SUFFIXES) and "." in arg[:-4]):
            # no call has a slash: a missing path is reported as a file that cannot be read
            flush()
            sources.append(("file", p))
        else:
            words.append(arg)
    flush()
    return sources


def register(app: typer.Typer) -> None:
    @app.command()
    def classify(
        inputs: Annotated[list[str], typer.Argument(
            help="An auction (\"1H P 2C X\", \"N:1H E:P S:2C\"), files (.pbn, .lin, .txt: one auction per line), folders (their .pbn and .lin files) or - for stdin.",
            show_default=False)],
        dealer: Annotated[str | None, typer.Option("--dealer", "-d", help="Dealer of a typed auction: N, E, S, W/O (default N).")] = None,
        game: game_option("classify", "bridge") = "bridge",  # type: ignore[valid-type]
        rule: Annotated[bool, typer.Option("--rule", help="Open the ruling of each irregularity, pre-filled from the auction.")] = False,
        answer: Annotated[list[str] | None, typer.Option("--answer", "-a", help="With --rule: NODE=CODE (repeatable).")] = None,
        summary: Annotated[bool, typer.Option("--summary", "-s", help="One line per board (fast scan of whole files) instead of a table per auction.")] = False,
        lang: LangOpt = Lang.en,
        db: DbOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Classify auctions: positional state and bidding-database class per seat, contract and declarer,
        and every irregularity with its law and the ruling to open.

        \b
        Examples:
          arbitre classify "1H P 2C X P P P" --dealer S
          arbitre classify "N:1H S:P E:P" --lang fr
          arbitre classify results.pbn match.lin --json
          arbitre classify season/ --summary
          arbitre classify "1S 1H" --rule
        """
        _refuse_blank(inputs)
        if game != "bridge":
            from arbitre.cli.cmd_games import classify_game

            raise typer.Exit(classify_game(game, inputs, lang.value, as_json))
        from arbitre.rulings.bridge.seats import Seat
        from arbitre.rulings.errors import InputError
        from arbitre.rulings.i18n import T

        if summary and rule:
            from arbitre.cli.common import fail

            fail(T("--rule ouvre les arbitrages à partir des rapports complets : ôtez --summary",
                   "--rule opens rulings from full reports: use it without --summary"))
        try:
            seat = Seat.parse(dealer) if dealer is not None else None
        except InputError as e:  # name the option: "unknown seat ''" alone does not say where
            from arbitre.cli.common import fail

            fail(T(f"--dealer {dealer!r} : {e.message.fr}", f"--dealer {dealer!r}: {e.message.en}"))
        sources = _sources(inputs)
        from arbitre.cli.common import connect
        from arbitre.kb.access import load_irregularity_kinds, load_machine
        from arbitre.rulings.bridge.reading import no_auction_label, read_path, read_text, report

        conn = connect(db)
        machine, kinds = load_machine(conn), load_irregularity_kinds(conn)
        if summary:
            raise typer.Exit(_summaries(sources, seat, machine, kinds, lang.value, as_json))
        reports, errors, skipped = [], [], []
        for kind, value in sources:
            bad_lines: list[InputError] = []  # a typed text goes on past an unreadable line
            try:
                if kind == "empty-dir":
                    raise _empty_dir(value)
                if kind == "file":
                    boards = read_path(value, seat, errors=bad_lines)  # type: ignore[arg-type]
                elif kind == "stdin":
                    boards = read_text(_stdin_text(), "<stdin>", seat, errors=bad_lines)
                else:
                    boards = read_text(str(value), "<typed>", seat, fmt="text")
            except InputError as e:
                errors.append(_input_error(e, kind, value, lang.value))
                continue
            errors.extend(_input_error(e, kind, value, lang.value) for e in bad_lines)
            for b in boards:
                r = report(b, machine, kinds)
                if r is None:
                    skipped.append(_no_auction(b))
                    note(no_auction_label(b))
                    continue
                reports.append(r)
        if as_json:
            from arbitre.rulings.bridge.report import ClassifyResult, to_json

            doc = to_json(ClassifyResult(auctions=reports, errors=errors, without_auction=skipped))
            if rule:
                from arbitre.cli.cmd_ruling import irregularity_walks, walk_json

                doc["rulings"] = [{"board": r.board, "source": r.source, "irregularity": irr.index, "kind": irr.kind,
                                   **walk_json(w)} for r, irr, w in irregularity_walks(reports, db, answer or [])]
            print_json(doc)
        else:
            from arbitre.cli.render_classify import render

            console = out()
            for r in reports:
                render(r, lang.value, console)
                console.print()
        if rule and not as_json:
            from arbitre.cli.cmd_ruling import open_irregularities

            open_irregularities(reports, db, lang.value, answer or [])
        code = exitcodes.OK
        if skipped or any(r.irregularities or r.problems or r.agrees_with_record is False for r in reports):
            code = exitcodes.FINDINGS
        if errors:
            code = exitcodes.BAD_INPUT
        raise typer.Exit(code)


def _refuse_blank(inputs: list[str]) -> None:
    """An empty or blank argument is a usage error, never the current folder or no auction."""
    from arbitre.cli.common import fail
    from arbitre.rulings.i18n import T

    for i, arg in enumerate(inputs, start=1):
        if not arg.strip():
            fail(T(f"l'argument n° {i} est vide : donnez des enchères, un fichier, un dossier ou - (entrée standard)",
                   f"argument {i} is empty: give an auction, a file, a folder or - (standard input)"))


def _empty_dir(path: str | Path):
    from arbitre.rulings.errors import InputError
    from arbitre.rulings.i18n import T

    return InputError(T("aucun fichier .pbn ou .lin dans ce dossier", "no .pbn or .lin file in this folder"),
                      source=str(path))


def _no_auction(board) -> dict:
    """A record without an auction, as the JSON document's ``without_auction`` list shows it."""
    from arbitre.rulings.bridge.reading import no_auction_label

    label = no_auction_label(board)
    return {"source": board.source, "line": board.line, "board": board.board, "index": board.index,
            "message": {"fr": label.fr, "en": label.en}}


def _input_error(e, kind: str, value, lang: str) -> dict:
    """Report an unreadable input on stderr; return it as the JSON document's ``errors`` list shows it."""
    print_error(e.render(lang), lang)
    return {"source": e.source or (str(value) if kind != "text" else "<typed>"), "line": e.line, "column": e.column,
            "token": e.token, "message": e.message.as_dict()}


def _stdin_text() -> str:
    from arbitre.rulings.bridge.reading import decode
    from arbitre.rulings.errors import InputError
    from arbitre.rulings.i18n import T

    text = decode(sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode())
    if not text.strip():
        raise InputError(T("l'entrée standard est vide", "standard input is empty"), source="<stdin>")
    return text


def _summaries(sources, seat, machine, kinds, lang: str, as_json: bool) -> int:
    """``--summary``: scan every source, print one line (or JSON object) per board."""
    from arbitre.cli.render_summary import render, to_json, totals
    from arbitre.rulings.bridge import fastscan, textauction
    from arbitre.rulings.bridge.reading import read_file_text, read_text, report
    from arbitre.rulings.errors import InputError

    summaries, errors = [], []
    for kind, value in sources:
        bad_lines: list[InputError] = []  # a typed text goes on past an unreadable line
        try:
            if kind == "empty-dir":
                raise _empty_dir(value)
            if kind == "text":
                text, source = str(value), "<typed>"
            elif kind == "stdin":
                text, source = _stdin_text(), "<stdin>"
            else:
                text, source = read_file_text(value), str(value)
            fmt = "text" if kind == "text" else textauction.sniff(text)
            if fmt in ("pbn", "lin"):
                summaries.extend(fastscan.scan_file(text, fmt, machine, kinds, source))
            else:  # auctions one per line: the typed reader (it knows --dealer), full reports summarised
                boards = read_text(text, source, seat, fmt=fmt, errors=None if kind == "text" else bad_lines)
                summaries.extend(fastscan.summary_of(b, report(b, machine, kinds)) for b in boards)
        except InputError as e:
            errors.append(_input_error(e, kind, value, lang))
        errors.extend(_input_error(e, kind, value, lang) for e in bad_lines)
    if as_json:
        print_json({"boards": [to_json(s, kinds) for s in summaries], "totals": totals(summaries), "errors": errors})
    elif summaries:  # nothing read: the errors on stderr say why, stdout stays empty
        render(summaries, kinds, lang, out())
    code = exitcodes.OK
    if any(not s.has_auction or not s.is_clean for s in summaries):
        code = exitcodes.FINDINGS
    if errors:
        code = exitcodes.BAD_INPUT
    return code
