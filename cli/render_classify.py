"""Rich rendering of classification reports (the CLI's only job: show them)."""
from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from arbitre.cli.output import number
from arbitre.rulings.bridge.calls import Call
from arbitre.rulings.bridge.report import AuctionReport, IrregularityReport
from arbitre.rulings.bridge.seats import Seat
from arbitre.rulings.i18n import T

_W = {
    "seat": ("Siège", "Seat"), "pos": ("Pos.", "Pos."), "state": ("État", "State"), "meaning": ("Signification", "Meaning"),
    "db": ("Classe BD", "DB class"), "calls": ("Déclarations", "Calls"), "contract": ("Contrat", "Contract"),
    "declarer": ("déclarant", "declarer"), "passed_out": ("Donne passée (aucun contrat)", "Passed out (no contract)"),
    "incomplete": ("Enchères en cours ; au tour", "Auction not finished; turn of"),
    "irregularities": ("Irrégularités", "Irregularities"), "law": ("Loi", "Law"), "call": ("Déclaration", "Call"),
    "offender": ("Fautif", "Offender"), "status": ("Statut", "Status"), "ruling": ("Arbitrage", "Ruling"),
    "none": ("Aucune irrégularité", "No irregularity"), "dealer": ("donneur", "dealer"),
    "record": ("Le relevé indique", "The record says"), "agrees": ("concorde", "agrees"),
    "disagrees": ("NE CONCORDE PAS", "DOES NOT AGREE"), "problems": ("Relevé défectueux", "Dirty record"),
}
_STATUS = {
    "pending": ("en attente", "pending"), "accepted": ("acceptée", "accepted"), "cancelled": ("annulée", "cancelled"),
    "stands": ("maintenue", "stands"),
}


_CANCELLED = T("annulée", "cancelled")
_NOTHING = T("", "")
_AFTER = {  # what followed a call out of rotation that LHO did not accept (fact other_caller)
    "correct-player-called": T(" ; le joueur dont c'était le tour a déclaré avant l'arbitrage : déclaration hors tour "
                               "annulée sans rectification (Loi 28B)",
                               "; the player whose turn it was called before any ruling: the call out of rotation "
                               "is cancelled without rectification (Law 28B)"),
    "director-called": T(" ; l'arbitre a été appelé : déclaration annulée (Loi 29B)",
                         "; the Director was called: the call is cancelled (Law 29B)"),
}
_RULED = {"comparable": T("jugée comparable (Loi 23A)", "ruled comparable (Law 23A)"),
          "not-comparable": T("jugée non comparable (Loi 23A)", "ruled not comparable (Law 23A)")}
_COLON = T("\u00a0:", ":")  # French puts a (non-breaking) space before a colon


def w(key: str, lang: str) -> str:
    return T(*_W[key]).get(lang)


def _call(text: str, lang: str) -> str:
    return Call.parse(text).render(lang)


def contract_label(level: int, strain: str, doubled: int, lang: str) -> str:
    """A contract as the director reads it: ``4♥X`` (English) or ``4♥X``/``3SA`` (French)."""
    return Call.parse(f"{level}{strain}").render(lang) + "X" * doubled


AFTER_CLOSE_SHOWN = 4
"""Calls after the close shown one by one; a longer run is summed up in one line per seat and one
row (a record that goes on past its close may hold 100,000 calls: the table stays readable and
quick to draw; ``--json`` keeps every call and every irregularity)."""


def _count(n: int, lang: str) -> str:
    """A count with its thousands separated as the language writes them (12,345 / 12 345)."""
    return number(n, ",", lang)


def _after_close_run(report: AuctionReport) -> list[IrregularityReport]:
    """The calls after the close when there are more than :data:`AFTER_CLOSE_SHOWN` of them, else []."""
    run = [i for i in report.irregularities if i.kind == "call-after-close"]
    return run if len(run) > AFTER_CLOSE_SHOWN else []


def _after_close_row(run: list[IrregularityReport], lang: str) -> tuple[str, str, str, str, str]:
    """One row of the irregularities table for a long run of calls after the close."""
    first, last, n = run[0].index + 1, run[-1].index + 1, len(run)
    seats = ", ".join(Seat[x].render(lang) for x in dict.fromkeys(i.seat for i in run))
    count = _count(n, lang)
    detail = getattr(run[0].label, lang) + T(
        f" — {count} déclarations après la clôture, de la n° {first} à la n° {last} ; chacune dans --json",
        f" — {count} calls after the close, #{first} to #{last}; each one in --json").get(lang)
    return (run[0].law, f"#{first}–#{last} ({count})", seats,
            T(*_STATUS.get(run[0].status, (run[0].status, run[0].status))).get(lang),
            escape(detail) + f"\n[dim]arbitre ruling {run[0].tree}[/]")


def render(report: AuctionReport, lang: str, console: Console) -> None:
    board = T(f"donne {report.board}", f"board {report.board}").get(lang) if report.board else None
    head = " · ".join(x for x in (report.source, board) if x)
    dealer = Seat[report.dealer].render(lang)
    title = f"{head} — {w('dealer', lang)} {dealer}" if head else f"{w('dealer', lang).capitalize()} {dealer}"
    table = Table(title=escape(title), title_justify="left")
    for key in ("seat", "pos", "state", "meaning", "db", "calls"):
        table.add_column(w(key, lang), overflow="fold", no_wrap=key in ("pos", "state", "db"))  # identifiers
    run = _after_close_run(report)
    summed = {i.index for i in run}
    for s in report.seats:
        calls = []
        hidden = 0
        for c in report.calls:
            if c.seat == s.seat and c.index in summed:
                hidden += 1
            elif c.seat == s.seat:
                txt = _call(c.call, lang) + ("!" if c.alert else "")
                # a cancelled call is struck through, and said so in words for plain text and screen readers
                calls.append(escape(txt) if c.effective else f"[strike]{escape(txt)}[/] ({_CANCELLED.get(lang)})")
        if hidden:
            calls.append(T(f"+ {_count(hidden, 'fr')} après la clôture (annulées)",
                           f"+ {_count(hidden, 'en')} after the close (cancelled)").get(lang))
        table.add_row(
            Seat[s.seat].render(lang), f"pos{s.position}", s.state or "—",
            escape(getattr(s.state_label, lang)) if s.state_label else "", s.db_class or "", " ".join(calls),
        )
    console.print(table)
    if report.contract:
        contract = report.contract
        text = contract_label(contract.level, contract.strain, contract.doubled, lang)
        prefix = w("contract", lang) if report.complete else w("contract", lang) + " (?)"
        colon = _COLON.get(lang)
        console.print(f"{prefix}{colon} [bold]{escape(text)}[/], {w('declarer', lang)} "
                      f"{Seat[contract.declarer].render(lang)}")
    elif report.passed_out:
        console.print(w("passed_out", lang))
    if not report.complete and report.turn:
        console.print(f"{w('incomplete', lang)} {Seat[report.turn].render_of(lang)}")
    if report.recorded_contract is not None and report.agrees_with_record is not None:
        verdict = w("agrees", lang) if report.agrees_with_record else f"[bold red]{w('disagrees', lang)}[/]"
        console.print(f"{w('record', lang)}{_COLON.get(lang)} {escape(report.recorded_contract)} — {verdict}")
    for p in report.problems:
        console.print(f"[yellow]{w('problems', lang)}{_COLON.get(lang)}[/] {escape(getattr(p, lang))}")
    if not report.irregularities:
        console.print(f"[green]{w('none', lang)}[/]")
        return
    it = Table(title=w("irregularities", lang), title_justify="left")
    for key in ("law", "call", "offender", "status", "ruling"):
        it.add_column(w(key, lang), overflow="fold")
    for i in report.irregularities:
        if i.index in summed:
            if i is run[0]:
                it.add_row(*_after_close_row(run, lang))
            continue
        detail = getattr(i.label, lang)
        if i.params.get("lowest_sufficient_same_strain"):
            lowest = _call(i.params["lowest_sufficient_same_strain"], lang)
            detail += T(f" (plus petite enchère suffisante : {lowest})", f" (lowest sufficient bid: {lowest})").get(lang)
        if i.facts.get("turn_of"):
            rel = {"rho": ("adversaire de droite", "RHO"), "partner": ("partenaire", "partner"),
                   "lho": ("adversaire de gauche", "LHO")}[i.facts["turn_of"]]
            whose = Seat[i.params["whose_turn"]].render(lang)
            detail += T(f" — au tour de son {rel[0]} ({whose})", f" — at {rel[1]}'s turn ({whose})").get(lang)
        detail += _AFTER.get(i.facts.get("other_caller", ""), _NOTHING).get(lang)
        if i.params.get("deemed_pass"):  # Law 28A: RHO had to pass
            rho, n, law = Seat[i.params["deemed_pass"]].render(lang), i.params["rho_obligation_call"], \
                i.params["rho_obligation_law"]
            detail += T(f" ; {rho} était tenu de passer (Loi {law}, après la déclaration n° {n}) : la déclaration est "
                        f"considérée comme faite à son tour et {rho} comme ayant passé (Loi 28A)",
                        f"; {rho} was required to pass (Law {law}, after call #{n}): the call counts as made in "
                        f"rotation and {rho} as having passed (Law 28A)").get(lang)
        if i.params.get("replaced_by"):  # the director's ruling on the replacement call (Law 23A)
            r, ruled = i.params["replaced_by"], _RULED[i.params.get("replacement_ruling", "")]
            detail += T(f" ; remplacée par la déclaration n° {r}, {ruled.fr}", f"; replaced by call #{r}, {ruled.en}"
                        ).get(lang)
        if i.params.get("obligation_law"):
            n, law = i.params["obligation_call"], i.params["obligation_law"]
            replacement = i.params.get("replacement_call")
            if replacement:  # the partner's forced pass after a replacement ruled not comparable
                detail += T(f" — tenu de passer (Loi {law} : la déclaration n° {n} a été remplacée par la n° {replacement}, "
                            "jugée non comparable)",
                            f" — required to pass (Law {law}: call #{n} was replaced by call #{replacement}, ruled not "
                            "comparable)").get(lang)
            else:
                detail += T(f" — tenu de passer (Loi {law}, après la déclaration n° {n})",
                            f" — required to pass (Law {law}, after call #{n})").get(lang)
        it.add_row(
            i.law, f"#{i.index + 1} {_call(i.call, lang)}", Seat[i.seat].render(lang),
            T(*_STATUS.get(i.status, (i.status, i.status))).get(lang),
            escape(detail) + f"\n[dim]arbitre ruling {i.tree}[/]",
        )
    console.print(it)
