"""`arbitre ruling`, `arbitre law`, `arbitre log`: walk the Laws' decision trees.

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
from arbitre.rulings.i18n import T

RulingGameOpt = game_option("ruling", "bridge")  # games with ruling trees (from the registry)
LawGameOpt = game_option("law", "bridge")


def _parse_pairs(items: list[str], what: str) -> dict[str, str]:
    from arbitre.rulings.errors import InputError
    from arbitre.rulings.i18n import T

    pairs = {}
    for item in items:
        k, eq, v = item.partition("=")
        if not eq or not k.strip() or not v.strip():
            raise InputError(T("{w} {i!r} : attendu NŒUD=CODE", "{w} {i!r}: expected NODE=CODE").format(w=what, i=item),
                             token=item)
        pairs[k.strip()] = v.strip()
    return pairs


def _check_answer_nodes(forest, answers: dict[str, str]) -> None:
    from arbitre.rulings.errors import InputError
    from arbitre.rulings.i18n import T

    known = {n.id for t in forest.trees.values() for n in t.nodes}
    known |= {f"{t.slug}/{n.id}" for t in forest.trees.values() for n in t.nodes}
    for k in answers:
        if k not in known:
            raise InputError(T("--answer : nœud inconnu {k!r}", "--answer: unknown node {k!r}").format(k=k), token=k)


def walk_json(walk) -> dict:
    doc = {
        "game": walk.forest.game, "topic": walk.start.slug, "done": walk.done,
        "path": [{"tree": s.tree, "node": s.node, "answer": s.code, "auto": s.auto} for s in walk.path],
    }
    if walk.done:
        doc["outcome_node"] = walk.slug
        doc["title"] = walk.node.title.model_dump() if walk.node.title else None
        doc["outcome"] = walk.outcome.model_dump(mode="json")
        doc["flags"] = [f.model_dump() for f in walk.node.flags]
    else:
        doc["question"] = {"node": walk.slug, "text": walk.node.question.model_dump(),
                           "answers": [a.code for a in walk.choices]}
    return doc


def interact(walk, lang: str, console, read: Callable[[], str | None]) -> bool:
    """Prompt until an outcome is reached; False when the director quits."""
    from arbitre.cli.render_ruling import auto_steps, question

    auto_steps(walk, lang, console)
    while not walk.done:
        question(walk, lang, console)
        line = read()
        if line is None:
            fail(T(f"pas de réponse à la question {walk.slug} (donnez --answer NŒUD=CODE)",
                   f"no answer for question {walk.slug} (give --answer NODE=CODE)"))
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
        if choice.isdigit() and 1 <= int(choice) <= len(walk.choices):
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


def run_walk(walk, *, lang: str, as_json: bool, record: dict | None, db_path: Path) -> int:
    """Drive a walk (scripted or interactive), render it, maybe record it; the exit code."""
    from arbitre.cli.render_ruling import outcome_panel

    if as_json:
        if not walk.done:
            print_json(walk_json(walk))
            codes = ", ".join(a.code for a in walk.choices)
            fail(T(f"question sans réponse : {walk.slug} ({codes})", f"unanswered question: {walk.slug} ({codes})"))
    else:
        console = out()
        if not interact(walk, lang, console, _stdin_reader()):
            err().print(T("aucune décision", "no ruling given").get(lang))
            return exitcodes.OK
        console.print(outcome_panel(walk.node, walk.outcome, lang, title=f"{walk.tree.slug}/{walk.node.id}"))
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


def register(app: typer.Typer) -> None:
    @app.command()
    def ruling(
        topic: Annotated[str, typer.Argument(help="A topic or alias (renonce, revoke, 64, insufficient-bid...) or `list`.")],
        answer: Annotated[list[str] | None, typer.Option("--answer", "-a", help="NODE=CODE, answers a question (repeatable).")] = None,
        answers_file: Annotated[Path | None, typer.Option("--answers", help="A file of NODE=CODE lines.")] = None,
        variant: Annotated[list[str] | None, typer.Option("--variant", help="KEY=CHOICE, e.g. law26b=fr-print.")] = None,
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
        """Walk the decision tree of a Law to the rectification (or `list` the topics).

        Interactive: numbered choices, b back, r restart, q quit.
        Scripted: arbitre ruling revoke --answer established=yes --answer ... --json
        Examples: arbitre ruling list ; arbitre ruling renonce --lang fr ; arbitre ruling 27 --show
        """
        from arbitre.kb.paths import db_path
        from arbitre.rulings.trees.walk import Walk

        forest = forest_for(db, game)
        if topic.strip().casefold() in ("list", "liste"):
            trees = list(forest.trees.values())
            if as_json:
                print_json([{"slug": t.slug, "laws": t.laws, "title": t.title.model_dump(), "aliases": t.aliases}
                            for t in trees])
            else:
                from arbitre.cli.render_ruling import topics

                topics(trees, lang.value, out())
            return
        tree = forest.find(topic)
        if show or graph:
            from arbitre.cli.render_ruling import mermaid, show_tree

            if graph:
                typer.echo(mermaid(tree, lang.value), nl=False)
            elif as_json:
                print_json(tree.model_dump(mode="json"))
            else:
                show_tree(tree, lang.value, out())
            return
        answers = _parse_pairs(list(answer or []), "--answer")
        if answers_file is not None:
            try:
                lines = answers_file.read_text(encoding="utf-8").splitlines()
            except OSError as e:
                fail(T(f"{answers_file} : fichier illisible ({e.strerror})", f"{answers_file}: cannot read file ({e.strerror})"))
            except UnicodeDecodeError as e:
                fail(T(f"{answers_file} : pas de l'UTF-8 (octet {e.start + 1})",
                       f"{answers_file}: not UTF-8 (byte {e.start + 1})"))
            answers.update(_parse_pairs([ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")],
                                        str(answers_file)))
        _check_answer_nodes(forest, answers)
        walk = Walk(forest, tree.slug, answers=answers, variants=_parse_pairs(list(variant or []), "--variant"))
        rec = {"event": event, "board": board, "table": table, "called_by": called_by} if record else None
        raise typer.Exit(run_walk(walk, lang=lang.value, as_json=as_json, record=rec, db_path=db_path(db)))

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
        from arbitre.kb.trees import load_laws, trees_citing

        conn = connect(db)
        entry = next((x for x in load_laws(conn, game) if x.number == number), None)
        if entry is None:
            fail(T(f"loi {number} absente du catalogue ({game})", f"law {number} is not in the {game} catalogue"))
        trees = trees_citing(conn, game, number)
        if as_json:
            print_json({**entry.model_dump(mode="json"), "trees": trees})
            return
        from rich.markup import escape
        from rich.panel import Panel

        ln = lang.value
        body = [f"[bold]{escape(getattr(entry.title, ln))}[/]", escape(getattr(entry.summary, ln))]
        for f in entry.flags:
            body.append(f"[magenta]{f.kind}:[/] {escape(getattr(f.note, ln))}")
        body.append(T("Arbres : ", "Trees: ").get(ln) + (", ".join(trees) or "—"))
        out().print(Panel("\n".join(body), title=T("Loi ", "Law ").get(ln) + str(number)))

    log_app = typer.Typer(help="The ruling log: rulings recorded with --record.\n\nExample: arbitre log list",
                          no_args_is_help=True)
    app.add_typer(log_app, name="log")

    @log_app.command("list")
    def log_list(db: DbOpt = None, as_json: JsonOpt = False) -> None:
        """List recorded rulings.\n\nExample: arbitre log list --json"""
        from arbitre.cli.common import connect
        from arbitre.cli.tables import render_rows
        from arbitre.kb.log import entries
        from arbitre.kb.paths import db_path

        connect(db).close()
        rows = entries(db_path(db))
        if as_json:
            print_json(rows)
            return
        cols = ["id", "created_at", "game", "tree", "event", "board", "table_no", "called_by", "outcome_node"]
        render_rows(cols, [tuple(r[c] for c in cols) for r in rows], False, title="log")

    @log_app.command("show")
    def log_show(entry_id: Annotated[int, typer.Argument(help="Entry number.")], lang: LangOpt = Lang.en,
                 db: DbOpt = None, as_json: JsonOpt = False) -> None:
        """Show one recorded ruling.\n\nExample: arbitre log show 1"""
        from arbitre.cli.common import connect
        from arbitre.kb.log import entry
        from arbitre.kb.paths import db_path

        connect(db).close()
        e = entry(db_path(db), entry_id)
        if as_json:
            print_json(e)
            return
        from arbitre.cli.render_ruling import outcome_panel
        from arbitre.rulings.trees.model import Node, Outcome

        o = dict(e["outcome"])
        title = o.pop("title", None)
        node = Node.model_validate({"id": e["outcome_node"].split("/")[-1], "title": title, "outcome": o})
        console = out()
        for k in ("id", "created_at", "game", "tree", "event", "board", "table_no", "called_by"):
            console.print(f"{k:10} {escape(e[k])}")
        for slug, code, auto in e["answers"]:
            console.print(escape(f"  {slug} = {code}{' (auto)' if auto else ''}"))
        console.print(outcome_panel(node, Outcome.model_validate(o), lang.value, title=e["outcome_node"]))

    @log_app.command("export")
    def log_export(
        csv: Annotated[bool, typer.Option("--csv", help="CSV, one row per entry.")] = False,
        as_json: JsonOpt = False,
        output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file (default stdout).")] = None,
        db: DbOpt = None,
    ) -> None:
        """Export the whole log as CSV or JSON.\n\nExample: arbitre log export --csv -o rulings.csv"""
        import csv as csvmod
        import io
        import json

        from arbitre.cli.common import connect
        from arbitre.kb.log import entries
        from arbitre.kb.paths import db_path

        if csv == as_json:
            fail(T("choisissez --csv ou --json", "choose one of --csv or --json"))
        connect(db).close()
        rows = entries(db_path(db))
        buf = io.StringIO()
        if as_json:
            buf.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
        else:
            cols = ["id", "created_at", "game", "tree", "event", "board", "table_no", "called_by", "lang",
                    "outcome_node", "answers", "path", "outcome", "kb_revision"]
            writer = csvmod.DictWriter(buf, fieldnames=cols)
            writer.writeheader()
            for r in rows:
                writer.writerow({c: json.dumps(r[c], ensure_ascii=False) if isinstance(r[c], (list, dict)) else r[c]
                                 for c in cols})
        if output:
            output.write_text(buf.getvalue(), encoding="utf-8")
            err().print(f"{len(rows)} → {output}")
        else:
            sys.stdout.write(buf.getvalue())


app = typer.Typer()


def irregularity_walks(reports, db: Path | None, answers: list[str]):
    """One walk per irregularity that names a tree, with the auction's facts filled in."""
    from arbitre.rulings.trees.walk import Walk

    forest = forest_for(db, "bridge")
    given = _parse_pairs(answers, "--answer")
    _check_answer_nodes(forest, given)
    for r in reports:
        for irr in r.irregularities:
            if irr.tree in forest.trees:
                yield r, irr, Walk(forest, irr.tree, facts=irr.facts, answers=given)


def open_irregularities(reports, db: Path | None, lang: str, answers: list[str]) -> None:
    """`classify --rule`: walk each irregularity's tree; only what the auction cannot tell is asked."""
    from rich.rule import Rule

    from arbitre.kb.paths import db_path

    console = out()
    for _r, irr, walk in irregularity_walks(reports, db, answers):
        head = T(f"Arbitrage : {irr.label.fr} (Loi {irr.law}), déclaration n° {irr.index + 1} de {irr.seat}",
                 f"Ruling: {irr.label.en} (Law {irr.law}), call #{irr.index + 1} by {irr.seat}")
        console.print(Rule(escape(head.get(lang))))
        run_walk(walk, lang=lang, as_json=False, record=None, db_path=db_path(db))


register(app)
