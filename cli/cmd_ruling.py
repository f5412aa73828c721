"""`arbitre ruling`, `arbitre law`: walk the Laws' decision trees (the log is in cmd_log.py).

The walk itself is :class:`arbitre.rulings.trees.walk.Walk` (pure); this module only
prompts, renders, and stores a finished walk in the ruling log when asked.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from arbitre.cli import exitcodes
from arbitre.cli.common import DbOpt, JsonOpt, Lang, LangOpt, err, escape, fail, game_option, out, print_json
from arbitre.rulings.digits import is_number
from arbitre.rulings.i18n import T

RulingGameOpt = game_option("ruling", "bridge")  # games with ruling trees (from the registry)
LawGameOpt = game_option("law", "bridge")


def _check_variants(forest, variants: dict[str, str]) -> None:
    """Every --variant names a variant of some tree and one of its choices."""
    from arbitre.rulings.errors import InputError
    from arbitre.rulings.i18n import T

    known = {v.key: v for t in forest.trees.values() for v in t.variants}
    for key, value in variants.items():
        if key not in known:
            raise InputError(T("--variant : clé inconnue {k!r} ; clés : {v}", "--variant: unknown key {k!r}; keys: {v}")
                             .format(k=key, v=", ".join(sorted(known)) or "—"), token=key)
        codes = [c.code for c in known[key].choices]
        if value not in codes:
            raise InputError(T("--variant {k} : choix inconnu {c!r} ; choix : {v}",
                               "--variant {k}: unknown choice {c!r}; choices: {v}")
                             .format(k=key, c=value, v=", ".join(codes)), token=value)


def _outcome_doc(tree, node) -> dict:
    from arbitre.rulings.trees.reminders import reminders_for  # not trees.model: no pydantic on a walk

    return {
        "node": f"{tree.slug}/{node.id}",
        "title": node.title.model_dump() if node.title else None,
        "outcome": node.outcome.model_dump(mode="json"),
        "penalty_card_reminders": [r.model_dump() for r in reminders_for(c.kind for c in node.outcome.penalty_cards)],
        "flags": [f.model_dump() for f in node.flags],
    }


def question_doc(walk) -> dict:
    """The pending question, with everything the director needs to answer it (no prompt needed)."""
    node = walk.node
    return {
        "node": walk.slug,
        "text": node.question.model_dump(),
        "help": node.help.model_dump() if node.help else None,
        "laws": list(node.laws),
        "flags": [f.model_dump() for f in node.flags],
        "answers": [{"code": a.code, "label": a.label.model_dump(), "help": a.help.model_dump() if a.help else None}
                    for a in walk.choices],
    }


def walk_json(walk) -> dict:
    doc = {
        "game": walk.forest.game, "topic": walk.start.slug, "done": walk.done,
        "path": [{"tree": s.tree, "node": s.node, "answer": s.code, "auto": s.auto} for s in walk.path],
        "facts": walk.facts,
    }
    if walk.done:
        final = _outcome_doc(walk.tree, walk.node)
        doc["outcome_node"] = walk.slug
        doc["title"] = final["title"]
        doc["outcome"] = final["outcome"]
        doc["penalty_card_reminders"] = final["penalty_card_reminders"]
        doc["flags"] = final["flags"]
        doc["outcomes"] = [_outcome_doc(t, n) for t, n in walk.outcomes]
        doc["adjustment_walk"] = walk.adjustment_walk
    else:
        doc["question"] = question_doc(walk)
        doc["outcomes"] = [_outcome_doc(t, n) for t, n in walk.outcomes]
    return doc


def _unanswered(walk, lang: str) -> str:
    node = walk.node
    text = getattr(node.question, lang)
    choices = "; ".join(f"{a.code} = {getattr(a.label, lang)}" for a in walk.choices)
    head = T("question sans réponse", "unanswered question").get(lang)
    give = T("donnez --answer", "give --answer").get(lang)
    return f"{head} {walk.slug}: {text} [{choices}] ({give} {node.id}=CODE)"


def interact(walk, lang: str, console, read: Callable[[], str | None]) -> bool:
    """Prompt until an outcome is reached; False when the director quits."""
    from arbitre.cli.render_ruling import auto_steps, question

    auto_steps(walk, lang, console)
    while not walk.done:
        question(walk, lang, console)
        line = read()
        if line is None:
            fail(_unanswered(walk, lang))
        choice = line.strip().casefold()
        if choice in ("q", "quit", "quitter"):
            return False
        if choice in ("b", "back", "retour"):
            walk.back()
            continue
        if choice in ("r", "restart", "recommencer"):
            walk.restart()
            auto_steps(walk, lang, console)
            continue
        if is_number(choice) and 1 <= int(choice) <= len(walk.choices):
            choice = walk.choices[int(choice) - 1].code
        from arbitre.rulings.errors import InputError

        try:
            walk.answer(choice)
        except InputError as e:
            err().print(f"[red]{e.render(lang)}[/]")
    return True


def _stdin_reader() -> Callable[[], str | None]:
    def read() -> str | None:
        try:
            sys.stdout.write("> ")
            sys.stdout.flush()
            line = sys.stdin.readline()
        except KeyboardInterrupt:
            return "q"
        return line if line else None

    return read


def _interactive(walk, lang: str) -> bool:
    """Prompt to an outcome, show it; then offer the adjusted-score walk (Law 12C) when it applies."""
    from arbitre.cli.render_ruling import outcome_panels

    console, read, shown = out(), _stdin_reader(), 0
    while True:
        if not interact(walk, lang, console, read):
            return False
        panels = outcome_panels(walk, lang)
        for panel in panels[shown:]:
            console.print(panel)
        shown = len(panels)
        if walk.adjustment_walk is None:
            return True
        console.print("a = " + T("examiner maintenant la marque ajustée (Loi 12C) ; Entrée = terminer",
                                 "assess the adjusted score now (Law 12C); Enter = finish").get(lang))
        line = read()
        if line is None or line.strip().casefold() not in ("a", "adjust", "ajuster"):
            return True
        walk.follow_adjustment()


def run_walk(walk, *, lang: str, as_json: bool, record: dict | None, db_path: Path, scripted: bool = False) -> int:
    """Drive a walk (scripted or interactive), render it, maybe record it; the exit code.

    A scripted run (``--json``, ``--answer``, ``--answers``) never reads stdin: stopping on a
    question is an error (exit 2) that states the question and its answers."""
    from arbitre.cli.render_ruling import outcome_panels

    if as_json or scripted:
        if not walk.done:
            if as_json:
                print_json(walk_json(walk))
            fail(_unanswered(walk, lang))
        if not as_json:
            from arbitre.cli.render_ruling import auto_steps

            auto_steps(walk, lang, out())
            for panel in outcome_panels(walk, lang):
                out().print(panel)
    elif not _interactive(walk, lang):
        err().print(T("aucune décision", "no ruling given").get(lang))
        return exitcodes.OK
    log_id = None
    if record is not None:
        from arbitre.kb.bootstrap import current_revision
        from arbitre.kb.log import record as store

        log_id = store(db_path, walk, lang=lang, revision=current_revision(db_path) or "", **record)
    if as_json:
        doc = walk_json(walk)
        if log_id is not None:
            doc["log_id"] = log_id
        print_json(doc)
    elif log_id is not None:
        err().print(T(f"enregistré au journal, n° {log_id}", f"recorded in the log as entry {log_id}").get(lang))
    return exitcodes.OK


def forest_for(db: Path | None, game: str):
    from arbitre.cli.common import connect
    from arbitre.kb.trees import load_forest

    return load_forest(connect(db), game)


def topics_for(db: Path | None, game: str):
    """The topics of ``game`` without their trees (no pydantic: `ruling list|search`, `law`)."""
    from arbitre.cli.common import connect
    from arbitre.kb.trees import load_topics

    return load_topics(connect(db), game)


def register(app: typer.Typer) -> None:
    @app.command()
    def ruling(
        topic: Annotated[str, typer.Argument(help="A topic or alias (renonce, revoke, 64, insufficient-bid...), `list`, or `search`.")],
        words: Annotated[list[str] | None, typer.Argument(help="With `search`: the words to look for (French or English).", show_default=False)] = None,
        answer: Annotated[list[str] | None, typer.Option("--answer", "-a", help="NODE=CODE, answers a question (repeatable).")] = None,
        answers_file: Annotated[Path | None, typer.Option("--answers", help="A file of NODE=CODE lines.")] = None,
        variant: Annotated[list[str] | None, typer.Option("--variant", help="KEY=CHOICE, e.g. law26b=fr-print or law50d2=fiche.")] = None,
        show: Annotated[bool, typer.Option("--show", help="Print the whole tree.")] = False,
        graph: Annotated[bool, typer.Option("--graph", help="Print the tree as a Mermaid flowchart.")] = False,
        record: Annotated[bool, typer.Option("--record", help="Store the ruling in the log.")] = False,
        event: Annotated[str | None, typer.Option(help="Event name, for --record.")] = None,
        board: Annotated[str | None, typer.Option(help="Board number, for --record.")] = None,
        table: Annotated[str | None, typer.Option(help="Table number, for --record.")] = None,
        called_by: Annotated[str | None, typer.Option("--called-by", help="Who called the director, for --record.")] = None,
        game: RulingGameOpt = "bridge",  # type: ignore[valid-type]
        lang: LangOpt = Lang.en,
        db: DbOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Walk the decision tree of a Law to the rectification (or `list` or `search` the topics).

        Interactive: numbered choices, b back, r restart, q quit.

        Scripted (never reads stdin; an unanswered question exits 2 and names it):
        arbitre ruling revoke --answer established=yes --answer ... --json

        Examples: arbitre ruling list ; arbitre ruling search hésitation ; arbitre ruling renonce --lang fr ;
        arbitre ruling 27 --show ; arbitre ruling 26 --variant law26b=fr-print --answer offender-side=defending
        --answer comparable=no
        """
        from arbitre.kb.paths import db_path

        name = topic.strip().casefold()
        if words and name not in ("search", "chercher", "recherche"):
            extra = " ".join(words)
            fail(T(f"mots en trop : {extra} (pour chercher : arbitre ruling search MOTS)",
                   f"unexpected words: {extra} (to search: arbitre ruling search WORDS)"))
        if name in ("search", "chercher", "recherche"):
            if not words:
                fail(T("arbitre ruling search MOTS…", "arbitre ruling search WORDS…"))
            from arbitre.rulings.trees.walk import search

            found = search(topics_for(db, game), list(words))
            if as_json:
                print_json([{"slug": t.slug, "laws": t.laws, "title": t.title.model_dump(), "aliases": t.aliases}
                            for t in found])
            elif found:
                from arbitre.cli.render_ruling import topics

                topics(found, lang.value, out())
            else:
                err().print(escape(T("aucun sujet pour : ", "no topic for: ").get(lang.value) + " ".join(words)))
            return
        if name in ("list", "liste"):
            trees = topics_for(db, game)
            if as_json:
                print_json([{"slug": t.slug, "laws": t.laws, "title": t.title.model_dump(), "aliases": t.aliases}
                            for t in trees])
            else:
                from arbitre.cli.render_ruling import topics

                topics(trees, lang.value, out())
            return
        forest = forest_for(db, game)
        tree = forest.find(topic)
        if show or graph:
            from arbitre.cli.render_ruling import mermaid, remember_titles, show_tree

            remember_titles(list(forest.trees.values()))

            if graph:
                typer.echo(mermaid(tree, lang.value), nl=False)
            elif as_json:
                print_json(tree.model_dump(mode="json"))
            else:
                show_tree(tree, lang.value, out())
            return
        from arbitre.rulings.trees.answers import Answers, parse_pairs

        answers = Answers()
        answers.add_options(list(answer or []))
        if answers_file is not None:
            answers.add_file(answers_file)
        answers.check(forest)
        variants = parse_pairs(list(variant or []), "--variant")
        _check_variants(forest, variants)
        from arbitre.rulings.trees.walk import Walk

        walk = Walk(forest, tree.slug, answers=answers.given, variants=variants)
        rec = {"event": event, "board": board, "table": table, "called_by": called_by} if record else None
        scripted = bool(answer) or answers_file is not None
        raise typer.Exit(run_walk(walk, lang=lang.value, as_json=as_json, record=rec, db_path=db_path(db),
                                  scripted=scripted))

    @app.command()
    def law(
        number: Annotated[int, typer.Argument(help="The law's number.")],
        game: LawGameOpt = "bridge",  # type: ignore[valid-type]
        lang: LangOpt = Lang.en,
        db: DbOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Show a law's catalogue entry and the ruling trees that use it.

        Example: arbitre law 64 --lang fr
        """
        from arbitre.cli.common import connect
        from arbitre.kb.trees import law_docs, trees_citing

        conn = connect(db)
        entry = next(iter(law_docs(conn, game, number)), None)
        if entry is None:
            fail(T(f"loi {number} absente du catalogue ({game})", f"law {number} is not in the {game} catalogue"))
        trees = trees_citing(conn, game, number)
        if as_json:
            print_json({**entry, "trees": trees})
            return
        from rich.markup import escape
        from rich.panel import Panel

        ln = lang.value
        body = [f"[bold]{escape(entry['title'][ln])}[/]", escape(entry["summary"][ln])]
        from arbitre.cli.render_ruling import W

        for f in entry["flags"]:
            kind = T(*W[f["kind"]]).get(ln)
            body.append(f"[magenta]{kind}{T(' :', ':').get(ln)}[/] {escape(f['note'][ln])}")
        by_slug = {t.slug: t for t in topics_for(db, game)}
        titles = [by_slug[slug].title.get(ln) for slug in trees if slug in by_slug]
        body.append(T("Sujets : ", "Topics: ").get(ln) + escape("; ".join(titles) or "—"))
        out().print(Panel("\n".join(body), title=T("Loi ", "Law ").get(ln) + str(number)))


app = typer.Typer()


def irregularity_walks(reports, db: Path | None, answers: list[str]):
    """One walk per irregularity that names a tree, with the auction's facts filled in."""
    from arbitre.rulings.bridge.report import ruling_facts
    from arbitre.rulings.trees.answers import Answers
    from arbitre.rulings.trees.walk import Walk

    forest = forest_for(db, "bridge")
    given = Answers()
    given.add_options(answers)
    given.check(forest)
    for r in reports:
        for irr in r.irregularities:
            if irr.tree in forest.trees:
                yield r, irr, Walk(forest, irr.tree, facts=ruling_facts(r, irr), answers=given.given)


def open_irregularities(reports, db: Path | None, lang: str, answers: list[str]) -> None:
    """`classify --rule`: walk each irregularity's tree; only what the auction cannot tell is asked."""
    from rich.rule import Rule

    from arbitre.kb.paths import db_path
    from arbitre.rulings.bridge.seats import Seat

    console = out()
    for _r, irr, walk in irregularity_walks(reports, db, answers):
        seat = Seat[irr.seat].render_of
        head = T(f"Arbitrage : {irr.label.fr} (Loi {irr.law}), déclaration n° {irr.index + 1} {seat('fr')}",
                 f"Ruling: {irr.label.en} (Law {irr.law}), call #{irr.index + 1} by {seat('en')}")
        console.print(Rule(escape(head.get(lang))))
        run_walk(walk, lang=lang, as_json=False, record=None, db_path=db_path(db))


register(app)
