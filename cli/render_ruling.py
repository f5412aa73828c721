"""Rich rendering of ruling trees: a question with its choices, the final outcome panel,
the whole tree, the topic list, and a law's entry."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from arbitre.rulings.i18n import T

if TYPE_CHECKING:  # annotations only: `ruling list` and `law` render without pydantic (a walk: the runtime trees)
    from rich.panel import Panel  # imported where a panel is drawn (`ruling list` draws none)

    from arbitre.rulings.trees.runtime import Tree
    from arbitre.rulings.trees.walk import Topic, Walk

ROLE = {
    "offender": ("le fautif", "the offender"), "offender_partner": ("le partenaire du fautif", "the offender's partner"),
    "offender_lho": ("l'adversaire de gauche du fautif", "the offender's LHO"),
    "offender_rho": ("l'adversaire de droite du fautif", "the offender's RHO"),
    "offending_side": ("le camp fautif", "the offending side"),
    "non_offending_side": ("le camp non fautif", "the non-offending side"), "declarer": ("le déclarant", "declarer"),
    "dummy": ("le mort", "dummy"), "defenders": ("les défenseurs", "the defenders"), "director": ("l'arbitre", "the director"),
    "everyone": ("tous", "everyone"),
}
SCOPE = {
    "next_turn": ("à son prochain tour", "at the next turn"), "rest_of_auction": ("jusqu'à la fin des annonces", "for the rest of the auction"),
    "once": ("une fois", "once"), "until_condition": ("jusqu'à la condition indiquée", "until the stated condition"),
}
ACTION = {
    "pass": ("doit passer", "must pass"), "call_as_wished": ("déclare librement", "may call as they wish"),
    "may_not_double_or_redouble": ("ne peut ni contrer ni surcontrer", "may not double or redouble"),
    "may_not_call": ("ne peut pas déclarer", "may not call"),
}
W = {
    "rectification": ("Rectification", "Rectification"), "laws": ("Lois", "Laws"),
    "auction": ("Obligations pendant les annonces", "Auction obligations"),
    "lead": ("Restrictions d'attaque", "Lead restrictions"), "penalty": ("Cartes pénalisées", "Penalty cards"),
    "tricks": ("Levées transférées", "Tricks transferred"), "options": ("Options", "Options"),
    "judgement": ("Jugement de l'arbitre (à apprécier)", "Director's judgement (to weigh)"),
    "adjust": ("L'arbitre peut attribuer une marque ajustée (Loi 12C)", "The director may award an adjusted score (Law 12C)"),
    "adjust_game": ("L'arbitre peut ajuster la marque de la donne", "The director may adjust the deal's score"),
    "articles": ("Articles", "Articles"),
    "flags": ("Attention", "Caution"), "chooses": ("choisit", "chooses"), "ruling": ("Décision", "Ruling"),
    "major": ("principale", "major"), "minor": ("secondaire", "minor"),
    "major_or_minor": ("principale ou secondaire selon la Loi 50", "major or minor, per Law 50"),
    "information": ("Information (à annoncer, Loi 16C)", "Information (to announce, Law 16C)"),
    "unauthorised": ("non autorisée pour", "unauthorised to"), "authorised": ("autorisée pour", "authorised to"),
    "procedural": ("Pénalité de procédure possible", "Possible procedural penalty"),
    "adjustment": ("Marque ajustée", "Adjusted score"), "reminders": ("Rappels (cartes pénalisées)", "Reminders (penalty cards)"),
    "then": ("La suite relève d'une autre loi", "What follows falls under another law"),
    "adjust_walk": ("démarche : Loi 12C", "walk: Law 12C"),
    "sources_disagree": ("sources en désaccord", "sources disagree"), "unsure": ("à vérifier", "unsure"),
    "variant": ("variante", "variant"), "regulation": ("règlement", "regulation"),
    "none": ("aucune", "none"), "auto": ("rempli d'après les annonces", "filled in from the auction"), "known": ("déjà établi", "already known"),
    "setting": ("réglage de variante", "variant setting"),
    "back": ("b = retour, r = recommencer, q = quitter", "b = back, r = restart, q = quit"),
}


def _w(key: str, lang: str) -> str:
    return T(*W[key]).get(lang)


_COLON = T("\u00a0:", ":")  # French puts a (non-breaking) space before a colon


def _c(lang: str) -> str:
    """A colon as each language writes it (French puts a space before it)."""
    return _COLON.get(lang)


def _r(table: dict, key: str, lang: str) -> str:
    return T(*table.get(key, (key, key))).get(lang)


def _txt(doc: dict[str, str] | None, lang: str) -> str:
    """A ``{"fr", "en"}`` text of an outcome document in ``lang``, escaped."""
    return escape(doc[lang]) if doc else ""


def outcome_panel(heading: T | None, outcome: dict[str, Any], lang: str, title: str | None = None,
                  flags: Sequence[dict[str, Any]] = (), game: str = "bridge") -> Panel:
    """The panel of one ruling: ``outcome`` is the outcome's JSON document (what a walk's
    ``--json`` gives and the ruling log stores), so a stored ruling is shown without
    rebuilding the tree's models; ``heading`` is the outcome node's title, ``flags`` its flags.
    ``game``: outside bridge the references are the rules' articles and no bridge law (12C, 16C)
    is named."""
    bridge = game == "bridge"
    from arbitre.rulings.trees.reminders import reminders_for

    o = outcome
    parts: list[str] = []
    if heading:
        parts.append(f"[bold]{escape(heading.get(lang))}[/]")
    parts.append(f"[bold]{_w('rectification', lang)}{_c(lang)}[/] {_txt(o['rectification'], lang)}")
    if o.get("laws"):
        parts.append(f"[bold]{_w('laws' if bridge else 'articles', lang)}{_c(lang)}[/] {', '.join(o['laws'])}")
    if o.get("auction_obligations"):
        parts.append(f"[bold]{_w('auction', lang)}{_c(lang)}[/]")
        for a in o["auction_obligations"]:
            note = f" — {_txt(a['note'], lang)}" if a.get("note") else ""
            parts.append(f"  • {_r(ROLE, a['who'], lang)} {_r(ACTION, a.get('action', 'pass'), lang)} "
                         f"{_r(SCOPE, a['scope'], lang)}{note}")
    if o.get("lead_restrictions"):
        parts.append(f"[bold]{_w('lead', lang)}{_c(lang)}[/]")
        for lr in o["lead_restrictions"]:
            parts.append(f"  • [{lr['law']}] {_txt(lr['text'], lang)} ({_r(ROLE, lr.get('chooser', 'declarer'), lang)} "
                         f"{_w('chooses', lang)})")
    cards = o.get("penalty_cards") or []
    if cards:
        parts.append(f"[bold]{_w('penalty', lang)}{_c(lang)}[/]")
        for p in cards:
            parts.append(f"  • {_w(p['kind'], lang)} — {_r(ROLE, p['holder'], lang)}{_c(lang)} {_txt(p['text'], lang)}")
    if o.get("tricks_transferred") is not None:
        t = o["tricks_transferred"]
        parts.append(f"[bold]{_w('tricks', lang)}{_c(lang)}[/] {t['count']} ({t['rule']}) — {_txt(t['text'], lang)}")
    if o.get("options"):
        parts.append(f"[bold]{_w('options', lang)}{_c(lang)}[/]")
        for op in o["options"]:
            parts.append(f"  • {_r(ROLE, op.get('holder', 'non_offending_side'), lang)}{_c(lang)} {_txt(op['text'], lang)}")
    if o.get("judgement"):
        parts.append(f"[bold yellow]{_w('judgement', lang)}{_c(lang)}[/]")
        for j in o["judgement"]:
            parts.append(f"  • [{j['law']}]")
            for item in j["weigh"]:
                parts.append(f"      – {_txt(item, lang)}")
    notes = reminders_for(p["kind"] for p in cards)
    if notes:
        parts.append(f"[bold]{_w('reminders', lang)}{_c(lang)}[/]")
        parts += [f"  • {escape(n.get(lang))}" for n in notes]
    if o.get("information"):
        parts.append(f"[bold cyan]{_w('information', lang)}{_c(lang)}[/]")
        for i in o["information"]:
            whom = []
            if i.get("unauthorised_to"):
                whom.append(f"{_w('unauthorised', lang)} {', '.join(_r(ROLE, r, lang) for r in i['unauthorised_to'])}")
            if i.get("authorised_to"):
                whom.append(f"{_w('authorised', lang)} {', '.join(_r(ROLE, r, lang) for r in i['authorised_to'])}")
            tail = f" — {(' ; ' if lang == 'fr' else '; ').join(whom)}" if whom else ""
            parts.append(f"  • [{i.get('law', '16C')}] {_txt(i['about'], lang)}{tail}")
    if o.get("procedural_penalty") is not None:
        pp = o["procedural_penalty"]
        parts.append(f"[bold]{_w('procedural', lang)} ({pp.get('law', '90B')}){_c(lang)}[/] {_txt(pp['text'], lang)}")
    if o.get("adjustment") is not None:
        adj = o["adjustment"]
        walk = f" ({_w('adjust_walk', lang)})" if adj.get("walk") else ""
        parts.append(f"[yellow]{_w('adjustment', lang)} ({adj['law']}){_c(lang)}[/] {_txt(adj['text'], lang)}{walk}")
    elif o.get("score_adjustment_possible"):
        parts.append(f"[yellow]{_w('adjust' if bridge else 'adjust_game', lang)}[/]")
    if o.get("then") is not None:
        parts.append(f"[bold cyan]{_w('then', lang)}{_c(lang)}[/] {_txt(o['then']['text'], lang)}")
    for f in flags:
        parts.append(f"[magenta]{_w('flags', lang)} ({_w(f['kind'], lang)}){_c(lang)}[/] {_txt(f['note'], lang)}")
    from rich.panel import Panel

    return Panel("\n".join(parts), title=title or _w("ruling", lang), border_style="green")


def outcome_panels(walk: Walk, lang: str) -> list[Panel]:
    """One panel per outcome reached, in order: a walk that crossed laws shows each step's ruling."""
    panels = []
    for tree, node in walk.outcomes:
        assert node.outcome is not None
        panels.append(outcome_panel(node.title, node.outcome.model_dump(mode="json"), lang,
                                    title=getattr(tree.title, lang), flags=[f.model_dump(mode="json") for f in node.flags],
                                    game=walk.forest.game))
    return panels


def question(walk: Walk, lang: str, console: Console) -> None:
    node = walk.node
    word = ("Loi", "Law") if walk.forest.game == "bridge" else ("Article", "Article")
    laws = f" [dim]({T(*word).get(lang)} {', '.join(node.laws)})[/]" if node.laws else ""
    console.print(f"\n[bold]{escape(getattr(node.question, lang))}[/]{laws}")
    if node.help:
        console.print(f"[dim]{escape(getattr(node.help, lang))}[/]")
    for f in node.flags:
        console.print(f"[magenta]{_w('flags', lang)} ({_w(f.kind, lang)}){_c(lang)}[/] {escape(getattr(f.note, lang))}")
    for i, a in enumerate(walk.choices, start=1):  # by number: the answer codes (for --answer) are in --show
        console.print(f"  {i}. {escape(getattr(a.label, lang))}")
        if a.help:
            console.print(f"     [dim]{escape(getattr(a.help, lang))}[/]")
    console.print(f"[dim]{_w('back', lang)}[/]")


def auto_steps(walk: Walk, lang: str, console: Console) -> None:
    for s in walk.path:
        if s.auto and s.code is not None:
            tree = walk.forest.trees[s.tree]
            node = next(n for n in tree.nodes if n.id == s.node)
            label = next((a.label for a in node.answers if a.code == s.code), None)
            if node.question is None or label is None:  # an outcome the walk went on from
                continue
            why = ("setting" if node.fact and node.fact.startswith("variant.")
                   else "auto" if node.fact and node.fact in walk.base_facts else "known")
            console.print(f"[dim]✓ {escape(getattr(node.question, lang))} → {escape(getattr(label, lang))} "
                          f"({_w(why, lang)})[/]")


def show_tree(tree: Tree, lang: str, console: Console) -> None:
    nodes = {n.id: n for n in tree.nodes}
    from rich.tree import Tree as RichTree

    root = RichTree(f"[bold]{escape(getattr(tree.title, lang))}[/] ({tree.slug}; " + ", ".join(map(str, tree.laws)) + ")")

    def add(parent, node_id: str, depth: int) -> None:
        n = nodes[node_id]
        if n.outcome is not None:
            title = getattr(n.title, lang) if n.title else n.id
            leaf = parent.add(f"[green]■ {escape(title)}[/] [dim]({n.id})[/]: {escape(getattr(n.outcome.rectification, lang))}")
            if n.outcome.then is not None:
                to = n.outcome.then.to
                leaf.add(f"→ [cyan]{escape(_tree_title(to, lang) if to.startswith('@') else to)}[/]")
            return
        branch = parent.add(f"[bold]? {escape(getattr(n.question, lang))}[/] [dim]({n.id})[/]")
        for a in n.answers:
            sub = branch.add(f"{escape(getattr(a.label, lang))} [dim]({a.code})[/]"
                             + (f"\n[dim]{escape(getattr(a.help, lang))}[/]" if a.help else ""))
            if a.next.startswith("@"):
                sub.add(f"→ [cyan]{escape(_tree_title(a.next, lang))}[/]")
            elif depth < 40:
                add(sub, a.next, depth + 1)

    add(root, tree.root, 0)
    console.print(root)


_TITLES: dict[str, tuple[str, str]] = {}


def _tree_title(target: str, lang: str) -> str:
    """A jump target (``@slug`` or ``@slug/node``) as the director reads it: the tree's title."""
    slug = target[1:].partition("/")[0]
    fr, en = _TITLES.get(slug, (slug, slug))
    return fr if lang == "fr" else en


def remember_titles(trees: list[Tree]) -> None:
    """Let the renderer name other trees by title (never by slug)."""
    _TITLES.update({t.slug: (t.title.fr, t.title.en) for t in trees})


def mermaid(tree: Tree, lang: str) -> str:
    lines = ["flowchart TD"]
    for n in tree.nodes:
        text = getattr(n.question, lang) if n.question else (getattr(n.title, lang) if n.title else
                                                             getattr(n.outcome.rectification, lang))  # type: ignore[union-attr]
        text = text.replace('"', "'")
        nid = n.id.replace("-", "_")
        lines.append(f'    {nid}{{"{text}"}}' if n.question else f'    {nid}["{text}"]')
        for a in n.answers:
            target = (a.next[1:].replace("-", "_").replace("/", "__") + "_tree" if a.next.startswith("@")
                      else a.next.replace("-", "_"))
            if a.next.startswith("@"):
                lines.append(f'    {target}[["{_tree_title(a.next, lang)}"]]')
            lines.append(f'    {nid} -->|"{getattr(a.label, lang).replace(chr(34), "")}"| {target}')
    return "\n".join(lines) + "\n"


def topics(trees: Sequence[Topic], lang: str, console: Console) -> None:
    t = Table(title=T("Sujets d'arbitrage", "Ruling topics").get(lang))
    for c in (("Sujet", "Topic"), ("Lois", "Laws"), ("Français", "French"), ("Anglais", "English"), ("Alias", "Aliases")):
        t.add_column(T(*c).get(lang), overflow="fold", no_wrap=c[1] in ("Topic", "Laws"))  # identifiers
    from rich.text import Text

    for tree in sorted(trees, key=lambda t: (min(t.laws), t.slug)):  # plain Text cells: never markup, no parsing
        t.add_row(Text(tree.slug), Text(", ".join(map(str, tree.laws))), Text(tree.title.fr), Text(tree.title.en),
                  Text(", ".join(tree.aliases)))
    console.print(t)


def logged_walk(steps: list[dict], lang: str, console: Console, game: str = "bridge") -> None:
    """A recorded walk (the log's ``steps``), as the director saw it: each tree entered, each
    question with its answer, and one panel per outcome, intermediate ones included."""
    for s in steps:
        if s["kind"] == "tree":
            console.print(f"[bold cyan]{escape(s['title'][lang])}[/]")
        elif s["kind"] == "question":
            how = f" [dim]({_w('known', lang)})[/]" if s["auto"] else ""
            console.print(f"  {escape(s['question'][lang])} → [bold]{escape(s['label'][lang])}[/]{how}")
        else:
            heading = T(s["title"]["fr"], s["title"]["en"]) if s.get("title") else None
            title = T("Décision", "Ruling") if s["then"] is None else T("Décision intermédiaire", "Intermediate ruling")
            console.print(outcome_panel(heading, s["outcome"], lang, title=title.get(lang), flags=s.get("flags", []),
                                        game=game))
