"""`arbitre classify --summary`: one line per board, for a scorer with a folder of files.

The summaries come from :mod:`arbitre.rulings.bridge.summary` (same classification as the
full reports; clean boards from the readers' fast lanes, without building them). This module only turns them into a Rich table or a
JSON-ready dict; ``arbitre classify FILE`` without ``--summary`` gives a board's details.
"""
from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from arbitre.cli.output import plural
from arbitre.cli.render_classify import contract_label
from arbitre.rulings.bridge.marks import FINDINGS
from arbitre.rulings.bridge.records import problem_kind
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.bridge.summary import SEATS, STRAINS, Summary
from arbitre.rulings.i18n import T

_W = {
    "title": ("Résumé : une ligne par donne", "Summary: one line per board"),
    "source": ("Source", "Source"), "board": ("Donne", "Board"), "dealer": ("Donneur", "Dealer"),
    "states": ("États pos1-pos4", "States pos1-pos4"), "contract": ("Contrat", "Contract"),
    "record": ("Relevé", "Record"), "findings": ("Constats", "Findings"),
    "room": ("Salle", "Room"), "vul": ("Vuln.", "Vul."), "result": ("Résultat", "Result"), "score": ("Marque", "Score"),
    "passed_out": ("passée", "passed out"), "unfinished": ("en cours", "unfinished"),
    "no_auction": ("pas d'enchères", "no auction"),
    "totals": (("{n} {boards} : {clean} sans constat, {findings} avec {with_findings}, {disagree} en désaccord avec "
                "le relevé, {none} sans enchères{none_found}."),
               ("{n} {boards}: {clean} without findings, {findings} with findings, {disagree} disagreeing with the "
                "record, {none} without an auction{none_found}.")),
    "none_found": (" (dont {n} avec {with_findings})", " ({n} of them with findings)"),
    "details": ("Détail d'une donne : arbitre classify FICHIER (sans --summary).",
                "Details of a board: arbitre classify FILE (without --summary)."),
}


_BOARD, _BOARDS = T("donne", "board"), T("donnes", "boards")
_ONE_FINDING, _FINDINGS_MANY = T("constat", "finding"), T("constats", "findings")  # "avec constat(s)"; English keeps "with findings"


def w(key: str, lang: str) -> str:
    return T(*_W[key]).get(lang)


def contract_text(s: Summary, lang: str) -> str:
    """The contract as the director reads it (``4♥X Sud``-like in the chosen language)."""
    if s.contract is None:
        if not s.has_auction:
            return w("no_auction", lang)
        return w("passed_out", lang) if s.passed_out else "—"
    level, strain, doubled, declarer = s.contract
    text = f"{contract_label(level, STRAINS[strain], doubled, lang)} {Seat[SEATS[declarer]].render(lang)}"
    return text if s.complete else f"{text} ({w('unfinished', lang)})"


def findings(s: Summary, kinds: dict, lang: str) -> list[str]:
    """Irregularities (with their law) then record problems (short names of their codes)."""
    found = []
    for i, kind in enumerate(s.irregularities):
        k = kinds.get(kind)
        found.append(f"{getattr(k.label, lang)} (L{_route(s, i, k)[0]})" if k else kind)
    for code in record_problems(s, kinds):
        found.append(problem_label(code, lang))
    return found


def _route(s: Summary, i: int, k: Any) -> tuple[str, str]:
    """Law and tree of the summary's ``i``-th irregularity: as the classification routed it
    (Law 28B for a call out of rotation the player in turn called over), else its kind's."""
    return s.routes[i] if s.routes else (k.law, k.tree)


def problem_label(code: str, lang: str) -> str:
    """A record problem's short name, with its law when it has one: ``revoke recorded (L64)``."""
    law = FINDINGS[code][1] if code in FINDINGS else None
    text = problem_kind(code).get(lang)
    return f"{text} (L{law})" if law else text


def record_problems(s: Summary, kinds: dict) -> list[str]:
    """The record's own defects: the board's problem codes minus the engine irregularities
    (those are listed as irregularities, as in the full report)."""
    return [code for code in s.problems if code not in kinds]


def totals(summaries: list[Summary]) -> dict:
    return {
        "boards": len(summaries),
        "clean": sum(1 for s in summaries if s.has_auction and s.is_clean),
        "with_findings": sum(1 for s in summaries if s.has_auction and not s.is_clean),
        "disagree_with_record": sum(1 for s in summaries if s.agrees is False),
        "no_auction": sum(1 for s in summaries if not s.has_auction),
    }


def to_json(s: Summary, kinds: dict) -> dict:
    """One board as a JSON object (English codes; labels in both languages)."""
    contract = None
    if s.contract is not None:
        level, strain, doubled, declarer = s.contract
        contract = {"level": level, "strain": STRAINS[strain], "doubled": doubled, "declarer": SEATS[declarer],
                    "text": s.contract_text()}
    irregularities = []
    for i, kind in enumerate(s.irregularities):
        k = kinds.get(kind)
        law, tree = _route(s, i, k) if k else (None, None)
        irregularities.append({"kind": kind, "law": law, "tree": tree,
                               "label": {"fr": k.label.fr, "en": k.label.en} if k else None})
    return {
        "source": s.source, "line": s.line, "index": s.index, "board": s.board, "format": s.format,
        "dealer": None if s.dealer is None else SEATS[s.dealer], "calls": s.call_texts(),
        "states": list(s.states), "db_classes": list(s.db_classes), "complete": s.complete,
        "passed_out": s.passed_out, "turn": None if s.turn is None else SEATS[s.turn], "contract": contract,
        "room": s.room, "vulnerability": s.vulnerability, "recorded_contract": s.recorded,
        "recorded_declarer": s.recorded_declarer, "recorded_result": s.result, "recorded_score": s.score, "agrees_with_record": s.agrees,
        "problems": record_problems(s, kinds),
        "laws": {code: FINDINGS[code][1] for code in record_problems(s, kinds) if code in FINDINGS and FINDINGS[code][1]},
        "irregularities": irregularities,
    }


def _dealer(s: Summary, lang: str) -> str:
    """The dealer the auction starts from, else the one the record names (a record without an auction)."""
    seat = s.dealer if s.dealer is not None else s.dealer_tag
    return "—" if seat is None else Seat[SEATS[seat]].render(lang)


_VUL = {"None": ("personne", "none"), "NS": ("NS", "NS"), "EW": ("EO", "EW"), "All": ("tous", "all")}


def vulnerability_text(vul: str | None, lang: str) -> str:
    if vul is None:
        return "—"
    pair = _VUL.get(vul)
    return vul if pair is None else pair[0 if lang == "fr" else 1]


def _short(source: str) -> str:
    """A source as the table shows it: relative to the working folder when under it, else its name
    (the JSON document keeps the path as given)."""
    from pathlib import Path

    if source.startswith("<"):
        return source
    p = Path(source)
    try:
        return str(p.resolve().relative_to(Path.cwd()))
    except ValueError:
        return p.name


def _where(source: str, line: int | None) -> str:
    """``file:line`` of a record, the way editors and ``grep -n`` name a place (an auction typed
    on the command line has no line to name)."""
    return source if line is None or source == "<typed>" else f"{source}:{line}"


def render(summaries: list[Summary], kinds: dict, lang: str, console: Console) -> None:
    table = Table(title=w("title", lang), title_justify="left")
    # the scorer's columns only when some record gives them (a folder of bare auctions keeps a narrow table)
    has = {key: any(getattr(s, attr) for s in summaries)
           for key, attr in (("room", "room"), ("vul", "vulnerability"), ("result", "result"), ("score", "score"))}
    keys = [k for k in ("source", "board", "room", "dealer", "vul", "states", "contract", "record", "result", "score",
                        "findings") if has.get(k, True)]
    for key in keys:
        table.add_column(w(key, lang), overflow="fold", no_wrap=key in ("board", "dealer", "states", "vul"))
    shown: dict[str, str] = {}  # source -> how the table shows it (one path lookup per file, not per board)
    for s in summaries:
        if s.source not in shown:
            shown[s.source] = _short(s.source)
        record = ""
        if s.recorded is not None:
            record = escape(s.recorded)
            if s.recorded_declarer and s.format == "pbn":  # LIN's rs| already names the declarer
                record += " " + escape(s.recorded_declarer)
            if s.agrees is not None:
                record += " ✓" if s.agrees else " [bold red]✗[/]"
        found = findings(s, kinds, lang)
        cells = {
            "source": escape(_where(shown[s.source], s.line)), "board": escape(s.board or "—"),
            "room": escape(s.room or ""),
            "dealer": _dealer(s, lang),
            "vul": escape(vulnerability_text(s.vulnerability, lang)),
            "states": " ".join(st or "·" for st in s.states if st) or "—",
            "contract": escape(contract_text(s, lang)), "record": record, "result": escape(s.result or ""),
            "score": escape(s.score or ""), "findings": "[yellow]" + escape("; ".join(found)) + "[/]" if found else "",
        }
        table.add_row(*(cells[k] for k in keys))
    console.print(table)
    t = totals(summaries)
    # a record without an auction may still have findings (a revoke marked in its play...): say how many
    none_found = sum(1 for s in summaries if not s.has_auction and s.problems)
    console.print(w("totals", lang).format(
        none_found=w("none_found", lang).format(
            n=none_found, with_findings=plural(none_found, _ONE_FINDING, _FINDINGS_MANY, lang)) if none_found else "",
        n=t["boards"], boards=plural(t["boards"], _BOARD, _BOARDS, lang), clean=t["clean"], findings=t["with_findings"],
        with_findings=plural(t["with_findings"], _ONE_FINDING, _FINDINGS_MANY, lang), disagree=t["disagree_with_record"],
        none=t["no_auction"]))
    console.print(f"[dim]{w('details', lang)}[/]")
