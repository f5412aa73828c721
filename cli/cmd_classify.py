"""`arbitre classify`: read auctions (typed, PBN, LIN, files or stdin), classify, render.

Reading goes on past a bad input: each unreadable source is reported on stderr (and in
the JSON document's ``errors``), every readable auction gets its result. A folder stands
for the .pbn and .lin files under it. Files and stdin are read by streaming and ``--json``
is written as it goes, so memory stays flat whatever the input size. ``--summary`` gives
one line per board through the readers' fast lanes instead of a table per auction.
Exit code: 0 clean, 1 irregularities or dirty records found, 2 some input unreadable.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from arbitre.cli import exitcodes
from arbitre.cli.common import DbOpt, JsonOpt, Lang, LangOpt, game_option, out, path_kind
from arbitre.cli.output import note, print_error

_PATH_SUFFIXES = (".pbn", ".lin", ".txt", ".json")
_PATH_PREFIXES = ("./", "../", "/", "~")
_FOLDER_SUFFIXES = (".pbn", ".lin")


def _sources(inputs: list[str]) -> list[tuple[str, str | Path]]:
    """Split arguments into files, folders (their .pbn/.lin files, sorted), stdin and typed
    auctions (consecutive words joined).

    Only an existing file or folder, ``-``, or an argument that looks like a path (it ends
    in .pbn, .lin, .txt or .json, or starts with ./, ../, / or ~) is a path: anything else
    is typed calls, so a long auction or a call with a slash is never read as a file name.
    """
    sources: list[tuple[str, str | Path]] = []
    words: list[str] = []
    seen: set[object] = set()  # the files (and stdin) already listed: each is read once

    def once(kind: str, value: str | Path) -> bool:
        """Is ``value`` met for the first time? (else a note says it is read once)"""
        try:
            key: object = value if kind == "stdin" else (kind, Path(value).resolve())
        except (OSError, RuntimeError):
            key = (kind, value)
        if key in seen:
            from arbitre.rulings.i18n import T

            note(T(f"{value} : donné deux fois, lu une fois", f"{value}: given twice, read once"))
            return False
        seen.add(key)
        return True

    def add(kind: str, value: str | Path) -> None:
        if once(kind, value):
            sources.append((kind, value))

    def flush() -> None:
        if words:
            sources.append(("text", " ".join(words)))
            words.clear()

    for arg in inputs:
        if not arg.strip():
            from arbitre.cli.common import fail

            fail("an empty argument is neither an auction nor a file")
        p = Path(arg).expanduser() if arg.startswith("~") else Path(arg)
        is_dir, is_file = path_kind(p) if arg != "-" else (False, False)
        if arg == "-":
            flush()
            add("stdin", "-")
        elif is_dir:
            flush()
            if not once("dir", p):
                continue
            files = sorted(f for f in p.rglob("*") if f.suffix.lower() in _FOLDER_SUFFIXES and f.is_file())
            if files:
                for f in files:
                    add("file", f)
            else:
                sources.append(("empty-dir", p))
        elif is_file or arg.lower().endswith(_PATH_SUFFIXES) or arg.startswith(_PATH_PREFIXES):
            # a missing path is reported as a file that cannot be read
            flush()
            add("file", p)
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
        starts: Annotated[str, typer.Option("--auction-starts", help="dealer | first-bid: read the auctions of files as starting at the dealer's call (default) or at the opening bid (passes before it left out).")] = "dealer",
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
        if starts not in ("dealer", "first-bid"):
            from arbitre.cli.common import fail

            fail(T(f"--auction-starts : dealer ou first-bid, pas {starts!r}",
                   f"--auction-starts: dealer or first-bid, not {starts!r}"))
        try:
            seat = Seat.parse(dealer) if dealer is not None else None
        except InputError as e:  # name the option: "unknown seat ''" alone does not say where
            from arbitre.cli.common import fail

            fail(T(f"--dealer {dealer!r} : {e.message.fr}", f"--dealer {dealer!r}: {e.message.en}"))
        sources = _sources(inputs)
        from arbitre.cli.common import connect
        from arbitre.kb.access import load_irregularity_kinds, load_machine
        from arbitre.rulings.bridge.reading import no_auction_label, report

        conn = connect(db)
        machine, kinds = load_machine(conn), load_irregularity_kinds(conn)
        if summary:
            raise typer.Exit(_summaries(sources, seat, machine, kinds, lang.value, as_json, starts))
        irregular, errors, skipped = [], [], []
        findings = False
        stream = _JsonStream(sys.stdout) if as_json else None
        console = None if as_json else out()
        if stream is not None:
            stream.open("auctions", {"game": "bridge"})
        for kind, value in sources:
            bad_lines: list[InputError] = []  # a typed text goes on past an unreadable line
            try:
                for b in _boards(kind, value, seat, fast=False, errors=bad_lines, starts=starts):
                    r = report(b, machine, kinds)
                    if r is None:
                        skipped.append(_no_auction(b))
                        note(no_auction_label(b))
                        continue
                    findings = findings or bool(r.irregularities or r.problems or r.agrees_with_record is False)
                    if r.irregularities and rule:
                        irregular.append(r)
                    b.release()  # the report says all: a 100,000-call auction need not stay in memory
                    if stream is not None:
                        stream.item(_report_json(r))
                    else:
                        from arbitre.cli.render_classify import render

                        assert console is not None
                        render(r, lang.value, console)
                        console.print()
            except InputError as e:
                errors.append(_input_error(e, kind, value, lang.value))
            errors.extend(_input_error(e, kind, value, lang.value) for e in bad_lines)
        if stream is not None:
            rest: dict = {"errors": errors, "without_auction": skipped}
            if rule:
                from arbitre.cli.cmd_ruling import irregularity_walks, walk_json

                rest["rulings"] = [{"board": r.board, "source": r.source, "irregularity": irr.index, "kind": irr.kind,
                                    **walk_json(w)} for r, irr, w in irregularity_walks(irregular, db, answer or [])]
            stream.close(rest)
        if rule and not as_json:
            from arbitre.cli.cmd_ruling import open_irregularities

            open_irregularities(irregular, db, lang.value, answer or [])
        code = exitcodes.OK
        if skipped or findings:
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


def _boards(kind: str, value, seat, *, fast: bool, errors: list | None = None, starts: str = "dealer"):
    """The boards of one source, read by streaming (files and stdin) in the lane asked for; a
    file's auctions that all leave out the passes before the opening bid are said so once
    (or read from the opening bid with ``--auction-starts first-bid``)."""
    from arbitre.rulings.bridge.auction_start import starts as file_starts
    from arbitre.rulings.bridge.reading import iter_path, iter_stream, iter_text

    if kind == "empty-dir":
        raise _empty_dir(value)
    if kind == "file":
        return file_starts(_not_empty(iter_path(value, seat, fast=fast, errors=errors), errors, str(value)), starts)
    if kind == "stdin":
        return file_starts(_not_empty(iter_stream(sys.stdin.buffer, "<stdin>", seat, fast=fast, errors=errors), errors),
                           starts)
    return iter_text(str(value), "<typed>", seat, fmt="text")


def _not_empty(boards, errors: list | None, source: str = "<stdin>"):
    """The boards of stdin or of a file; an InputError when it held nothing at all to read (an
    empty file or blank input is bad input, never an empty success that prints nothing)."""
    from arbitre.rulings.errors import InputError
    from arbitre.rulings.i18n import T

    count = 0
    for b in boards:
        count += 1
        yield b
    if count == 0 and not errors:
        if source == "<stdin>":
            raise InputError(T("l'entrée standard est vide (aucune enchère)", "standard input is empty (no auction)"),
                             source=source)
        raise InputError(T("rien à classer : ni enchère ni donne dans ce fichier",
                           "nothing to classify: no auction and no board in this file"), source=source)


def _report_json(r) -> dict:
    from arbitre.rulings.bridge.report import report_json

    return report_json(r, lazy=True)  # written by the indented encoder of output.write_json


class _JsonStream:
    """One JSON document written as it goes: the same text as ``print_json`` of the whole
    document (indent 2), with one list written item by item, so memory stays flat."""

    def __init__(self, fp) -> None:
        self.fp = fp
        self.count = 0

    def _pair(self, key: str, value) -> None:
        """``"key": value`` at the document's first level (the value's inner lines indented)."""
        from arbitre.cli.output import write_json

        self._key(key)
        write_json(value, self.fp, "  ")

    def _key(self, key: str) -> None:
        import json

        self.fp.write(f"  {json.dumps(key, ensure_ascii=False)}: ")

    def open(self, key: str, head: dict) -> None:
        self.fp.write("{\n")
        for k, v in head.items():
            self._pair(k, v)
            self.fp.write(",\n")
        self._key(key)
        self.fp.write("[")

    def item(self, value) -> None:
        from arbitre.cli.output import write_json

        self.fp.write(("," if self.count else "") + "\n    ")
        write_json(value, self.fp, "    ")
        self.count += 1

    def close(self, rest: dict) -> None:
        self.fp.write("\n  ]" if self.count else "]")
        for k, v in rest.items():
            self.fp.write(",\n")
            self._pair(k, v)
        self.fp.write("\n}\n")


def _empty_dir(path: Path):
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


def _summaries(sources, seat, machine, kinds, lang: str, as_json: bool, starts: str = "dealer") -> int:
    """``--summary``: scan every source (the readers' fast lanes), one line (or JSON object) per board."""
    from arbitre.cli.render_summary import render, to_json
    from arbitre.rulings.bridge.summary import summarize
    from arbitre.rulings.errors import InputError

    summaries, errors = [], []
    stream = _JsonStream(sys.stdout) if as_json else None
    count = _Totals()
    if stream is not None:
        stream.open("boards", {})
    for kind, value in sources:
        bad_lines: list[InputError] = []  # a typed text goes on past an unreadable line
        try:
            for b in _boards(kind, value, seat, fast=True, errors=bad_lines, starts=starts):
                s = summarize(b, machine, kinds)
                count.add(s)
                if stream is not None:
                    stream.item(to_json(s, kinds))
                else:
                    summaries.append(s)
        except InputError as e:
            errors.append(_input_error(e, kind, value, lang))
        errors.extend(_input_error(e, kind, value, lang) for e in bad_lines)
    if stream is not None:
        stream.close({"totals": count.totals, "errors": errors})
    elif summaries:  # nothing read: the errors on stderr say why, stdout stays empty
        render(summaries, kinds, lang, out())
    code = exitcodes.OK
    if count.findings:
        code = exitcodes.FINDINGS
    if errors:
        code = exitcodes.BAD_INPUT
    return code


class _Totals:
    """The totals of the summary, counted as the boards go by."""

    def __init__(self) -> None:
        from arbitre.cli.render_summary import totals

        self.totals = totals([])
        self._one = totals

    def add(self, s) -> None:
        for key, n in self._one([s]).items():
            self.totals[key] += n

    @property
    def findings(self) -> bool:
        return bool(self.totals["with_findings"] or self.totals["no_auction"])
