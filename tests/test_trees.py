"""Decision trees: validated in the seeded KB, identical to their authoring source, and
authoring mistakes reported with file and line."""
import json
import sqlite3
from pathlib import Path

import pytest

from arbitre.kb.trees import load_laws, load_trees
from arbitre.rulings.errors import InputError
from arbitre.rulings.trees.authoring import load_source, load_tree_file
from arbitre.rulings.trees.validate import validate
from arbitre.rulings.trees.walk import Forest, Walk

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("bridge", "belote", "coinche")


@pytest.mark.parametrize("game", GAMES)
def test_seeded_kb_trees_are_valid(kb_path, game):
    conn = sqlite3.connect(kb_path)
    trees, laws = load_trees(conn, game), load_laws(conn, game)
    assert trees and laws
    assert validate(trees, laws) == []


@pytest.mark.parametrize("game", GAMES)
def test_kb_trees_round_trip_to_the_authoring_source(kb_path, game):
    conn = sqlite3.connect(kb_path)
    from_kb = {t.slug: t for t in load_trees(conn, game)}
    from_yaml = {t.slug: t for t in load_source(ROOT / "data", game)[0]}
    assert from_kb == from_yaml


def test_catalogue_has_every_law_from_23_to_64_and_all_93(kb_path):
    numbers = {law.number for law in load_laws(sqlite3.connect(kb_path), "bridge")}
    assert set(range(23, 65)) <= numbers
    assert numbers == set(range(1, 94))


def test_every_irregularity_kind_opens_an_existing_tree(kb_path):
    conn = sqlite3.connect(kb_path)
    slugs = {t.slug for t in load_trees(conn, "bridge")}
    kinds = conn.execute("SELECT code, law, tree FROM irregularity_kinds").fetchall()
    from arbitre.rulings.bridge.auction import Kind

    assert {k for k, _, _ in kinds} == {k.value for k in Kind}
    for code, _law, tree in kinds:
        assert tree in slugs, code


def test_judgement_is_never_decided_a_judgement_outcome_lists_what_to_weigh(kb_path):
    for t in load_trees(sqlite3.connect(kb_path), "bridge"):
        for n in t.nodes:
            if n.outcome:
                for j in n.outcome.judgement:
                    assert j.weigh and all(w.fr and w.en for w in j.weigh)


def test_law_26b_variant_wbf_default_and_french_printing(kb_path):
    trees = load_trees(sqlite3.connect(kb_path), "bridge")
    variants = {v.key: v for t in trees for v in t.variants}
    assert "law26b" in variants
    v = variants["law26b"]
    assert v.default == "wbf" and len(v.choices) == 2


def _tree(tmp_path, text):
    p = tmp_path / "t.yaml"
    p.write_text(text, encoding="utf-8")
    return p


GOOD = """\
slug: demo
title: {fr: "Démo", en: "Demo"}
summary: {fr: "s", en: "s"}
laws: [30]
root: q
nodes:
  - id: q
    question: {fr: "Q ?", en: "Q?"}
    answers:
      - {code: "yes", label: {fr: "Oui", en: "Yes"}, next: a}
      - {code: "no", label: {fr: "Non", en: "No"}, next: b}
  - id: a
    outcome: {rectification: {fr: "A", en: "A"}}
  - id: b
    outcome: {rectification: {fr: "B", en: "B"}}
"""


def test_authoring_error_names_file_line_and_field(tmp_path):
    bad = GOOD.replace('{fr: "Oui", en: "Yes"}', '{fr: "Oui"}')
    with pytest.raises(InputError) as e:
        load_tree_file(_tree(tmp_path, bad))
    err = e.value
    assert err.source.endswith("t.yaml") and err.line == 10  # the answer missing its English label
    assert "en" in err.render("en") and "t.yaml:10" in err.render("en")


def test_yes_and_no_stay_strings_and_yaml_errors_have_a_line(tmp_path):
    assert [a.code for a in load_tree_file(_tree(tmp_path, GOOD)).nodes[0].answers] == ["yes", "no"]
    with pytest.raises(InputError) as e:
        load_tree_file(_tree(tmp_path, GOOD + "  - id: [unclosed\n"))
    assert e.value.line is not None


def test_structural_validation_finds_each_defect(tmp_path):
    tree = load_tree_file(_tree(tmp_path, GOOD))
    from arbitre.rulings.trees.model import Law

    law30 = Law.model_validate({"number": 30, "title": {"fr": "t", "en": "t"}, "summary": {"fr": "s", "en": "s"}})
    assert validate([tree], [law30]) == []
    assert any("absent from the bridge catalogue" in p for p in validate([tree], []))
    orphan = load_tree_file(_tree(tmp_path, GOOD + "  - id: c\n    outcome: {rectification: {fr: C, en: C}}\n"))
    assert any("unreachable" in p for p in validate([orphan], [law30]))
    cyc = load_tree_file(_tree(tmp_path, GOOD.replace("next: b}", "next: q}")))
    problems = validate([cyc], [law30])
    assert any("cycle" in p or "root has an incoming edge" in p for p in problems)
    dangling = load_tree_file(_tree(tmp_path, GOOD.replace("next: b}", "next: nowhere}")))
    assert any("unknown node" in p for p in validate([dangling], [law30]))
    with pytest.raises(InputError):  # one answer only is refused by the schema
        load_tree_file(_tree(tmp_path, GOOD.replace('      - {code: "no", label: {fr: "Non", en: "No"}, next: b}\n', "")))


def test_walk_engine_back_restart_path_and_facts(tmp_path):
    tree = load_tree_file(_tree(tmp_path, GOOD))
    forest = Forest.of("bridge", [tree])
    w = Walk(forest, "demo")
    assert not w.done and [a.code for a in w.choices] == ["yes", "no"]
    w.answer("yes")
    assert w.done and w.node.id == "a" and [s.node for s in w.path] == ["q", "a"]
    w.back()
    assert w.node.id == "q"
    w.answer("no")
    w.restart()
    assert w.node.id == "q" and len(w.path) == 1
    with pytest.raises(InputError):
        w.answer("maybe")
    auto = Walk(forest, "30", answers={"q": "no"})
    assert auto.done and auto.node.id == "b" and not auto.path[0].auto


# -- round 2: what every outcome must carry, and the Code's own words -----------------------------

def _bridge(kb_path):
    conn = sqlite3.connect(kb_path)
    return load_trees(conn, "bridge"), load_laws(conn, "bridge")


# Trees whose outcomes withdraw, cancel or change a call or a card (Laws 24-32, 36-39, 47, 53-58, 62):
# each outcome says for whom the information is (un)authorised, or states that nothing was withdrawn.
WITHDRAWING = {"carte-exposee-encheres", "changement-de-declaration", "declaration-retiree", "enchere-insuffisante",
               "acceptation-hors-tour", "passe-hors-tour", "enchere-hors-tour", "contre-hors-tour", "contre-inadmissible",
               "obligation-de-passer", "enchere-superieure-a-sept", "declaration-apres-cloture", "entame-hors-tour",
               "entame-hors-tour-ecrans", "jeu-premature", "cartes-simultanees", "renonce", "declaration-comparable"}


def test_every_withdrawn_call_or_card_outcome_announces_the_information(kb_path):
    trees, _ = _bridge(kb_path)
    assert WITHDRAWING <= {t.slug for t in trees}
    missing = [f"{t.slug}/{n.id}" for t in trees if t.slug in WITHDRAWING for n in t.nodes
               if n.outcome is not None and n.outcome.information is None]
    assert not missing, f"outcomes that do not say whose information the withdrawn action is: {missing}"
    # and where something was withdrawn (Law 16C cited), the entry names who may and may not use it
    for t in trees:
        for n in t.nodes:
            o = n.outcome
            if o is not None and any(r.startswith("16C") for r in o.laws) and t.slug in WITHDRAWING:
                assert o.information, f"{t.slug}/{n.id} cites 16C but announces nothing"


def test_every_possible_adjustment_names_its_law_and_opens_the_12c_walk(kb_path):
    trees, _ = _bridge(kb_path)
    slugs = {t.slug for t in trees}
    assert "marque-ajustee" in slugs
    for t in trees:
        for n in t.nodes:
            o = n.outcome
            if o is not None and o.score_adjustment_possible:
                assert o.adjustment is not None, f"{t.slug}/{n.id}: adjustment possible but no hint"
                assert o.adjustment.walk == "marque-ajustee", f"{t.slug}/{n.id}"


def test_misinformation_outcomes_carry_the_explainers_partner_duties_21b2_and_16c(kb_path):
    trees, _ = _bridge(kb_path)
    (agr,) = [t for t in trees if t.slug == "agrements"]
    for node_id in ("own-explanation", "declaring-corrects", "defending-corrects", "change-call", "adjust-score"):
        o = next(n for n in agr.nodes if n.id == node_id).outcome
        assert {"20F5", "75", "21B2", "16C"} <= set(o.laws), node_id
        assert any(i.law == "75" and i.unauthorised_to for i in o.information or []), node_id
        assert any(i.law == "16C" for i in o.information or []), node_id


def test_penalty_card_reminders_are_written_once_and_attached_to_every_penalty_card():
    from arbitre.rulings.trees.model import PenaltyCard, reminders

    def card(kind):
        return PenaltyCard.model_validate({"kind": kind, "holder": "offender", "text": {"fr": "c", "en": "c"}})

    major = [r.en for r in reminders([card("major")])]
    assert any("50D2" in r for r in major) and any("50E" in r for r in major) and any("face up" in r for r in major)
    minor = [r.en for r in reminders([card("minor")])]
    assert any("50C" in r for r in minor) and not any("50D2" in r for r in minor)
    assert reminders([card("none")]) == [] and reminders([]) == []
    assert all("principale" in r.fr or "secondaire" in r.fr or "50" in r.fr for r in reminders([card("major_or_minor")]))


def _texts(obj, where=""):
    """Every (where, French, English) text a director can read in a tree or law."""
    from pydantic import BaseModel

    from arbitre.rulings.trees.model import Text

    if isinstance(obj, Text):
        yield where, obj.fr, obj.en
    elif isinstance(obj, BaseModel):
        for name in type(obj).model_fields:
            yield from _texts(getattr(obj, name), f"{where}.{name}")
    elif isinstance(obj, (list, tuple)):
        for i, x in enumerate(obj):
            yield from _texts(x, f"{where}[{i}]")
    elif isinstance(obj, dict):
        for k, x in obj.items():
            yield from _texts(x, f"{where}.{k}")


def test_no_internal_names_in_anything_a_director_reads(kb_path):
    import re

    trees, laws = _bridge(kb_path)
    slugs = {t.slug for t in trees if "-" in t.slug}
    banned = re.compile(r"\.ya?ml\b|\bseed\b|\bgraine\b|\bslug\b|voir l'arbre|see the [\w -]+ tree|\(this tree\)|"
                        r"cet arbre\)", re.IGNORECASE)
    found = []
    for obj in [*trees, *laws]:
        for where, fr, en in _texts(obj, getattr(obj, "slug", str(getattr(obj, "number", "")))):
            for text in (fr, en):
                if banned.search(text) or any(s in text for s in slugs):
                    found.append(f"{where}: {text[:90]}")
    assert not found, "\n".join(found)


def test_french_follows_the_code_principale_secondaire_and_restrictions_d_attaque(kb_path):
    import re

    trees, laws = _bridge(kb_path)
    bad = re.compile(r"carte pénalisée (majeure|mineure)|\((majeure|mineure)\)|restrictions? d'entame", re.IGNORECASE)
    found = [f"{w}: {fr[:80]}" for obj in [*trees, *laws] for w, fr, _ in _texts(obj) if bad.search(fr)]
    assert not found, found
    from arbitre.cli.render_ruling import W

    assert W["major"][0] == "principale" and W["minor"][0] == "secondaire"
    assert W["lead"][0] == "Restrictions d'attaque"


def test_every_law_number_a_director_reads_is_in_the_catalogue(kb_path):
    import re

    trees, laws = _bridge(kb_path)
    numbers = {law.number for law in laws}
    cited = re.compile(r"\b(?:Lois?|Laws?)\s+(\d{1,3})(?:\s*(?:,|et|and|à|to|&)\s*(\d{1,3}))*")
    missing = []
    for t in trees:
        for where, fr, en in _texts(t, t.slug):
            for text in (fr, en):
                for m in cited.finditer(text):
                    for n in re.findall(r"\d{1,3}", m.group(0)):
                        if int(n) not in numbers:
                            missing.append(f"{where}: Law {n}")
        for n in t.nodes:
            refs = list(n.laws)
            if n.outcome:
                o = n.outcome
                refs += o.laws + [i.law for i in o.information or []]
                refs += [x.law for x in (o.adjustment, o.procedural_penalty) if x]
            for ref in refs:
                from arbitre.rulings.trees.model import law_number

                assert law_number(ref) in numbers, f"{t.slug}/{n.id}: {ref}"
    assert not missing, missing


def test_partners_turn_branches_cite_31b_and_32b_and_53b_is_the_proper_lead_clause(kb_path):
    trees, _ = _bridge(kb_path)
    by = {t.slug: {n.id: n for n in t.nodes} for t in trees}
    assert "31B" in by["enchere-hors-tour"]["not-comparable-partner"].outcome.laws
    assert "32B" in by["contre-hors-tour"]["not-comparable-partner"].outcome.laws
    assert "31B" not in by["enchere-hors-tour"]["not-comparable"].outcome.laws
    assert by["entame-hors-tour"]["proper-lead-53b"].outcome.laws[0] == "53B"
    assert by["entame-hors-tour"]["wrong-defender-played"].laws == ["53C"]


def test_continuations_carry_facts_so_nothing_is_asked_twice(kb_path):
    trees, _ = _bridge(kb_path)
    forest = Forest.of("bridge", trees)
    walk = Walk(forest, "passe-hors-tour", answers={"call-kind": "pass", "accepted": "no", "artificial": "yes",
                                                    "barred": "no"})
    # the call kind and the acceptance were answered once, in the pass tree; the bid tree asks the turn next
    assert walk.slug == "enchere-hors-tour/turn"
    auto = [s.node for s in walk.path if s.auto]
    assert auto == ["call-kind", "accepted"]
    walk.answer("rho")
    walk.answer("acted")
    walk.answer("no")  # not comparable: the walk goes on into Law 26
    assert walk.slug == "declaration-retiree/offender-side"
    walk.answer("defending")
    assert walk.done and walk.slug == "declaration-retiree/prohibit-only"
    assert [f"{t.slug}/{n.id}" for t, n in walk.outcomes] == ["enchere-hors-tour/not-comparable",
                                                             "declaration-retiree/prohibit-only"]
    walk.back()  # back from Law 26 returns to the question asked in it
    assert walk.slug == "declaration-retiree/offender-side"


def test_a_continued_ruling_resumes_the_pending_one(kb_path):
    trees, _ = _bridge(kb_path)
    forest = Forest.of("bridge", trees)
    walk = Walk(forest, "renonce", answers={"is-revoke": "yes", "established": "by-lead-out-of-turn",
                                            "misinformed-later": "no", "defender-lead-accepted": "yes"})
    # the lead out of turn is ruled, then the walk resumes with the established revoke
    assert walk.slug == "renonce-consommee/twelfth-trick"
    assert [n.id for _, n in walk.outcomes] == ["established-by-lead", "later-lead-accepted"]


def test_search_finds_topics_in_both_languages_without_accents_or_case(kb_path):
    from arbitre.rulings.trees.walk import search

    trees, _ = _bridge(kb_path)
    for words, slug in ((["hésitation"], "information-non-autorisee"), (["HESITATION"], "information-non-autorisee"),
                        (["tempo"], "information-non-autorisee"), (["claim"], "revendication"),
                        (["réclamation"], "revendication"), (["revendication"], "revendication"),
                        (["mort"], "droits-du-mort"), (["dummy"], "droits-du-mort"), (["Renonce"], "renonce"),
                        (["carte", "manquante"], "nombre-de-cartes"), (["marque", "ajustée"], "marque-ajustee"),
                        (["penalty", "card"], "cartes-penalisees")):
        found = [t.slug for t in search(trees, words)]
        assert found and found[0] == slug, (words, found[:3])
    assert search(trees, ["zzzz"]) == []


def test_no_outcome_ends_on_see_law_x_when_a_tree_for_law_x_exists(kb_path):
    import re

    trees, _ = _bridge(kb_path)
    with_tree = {n for t in trees for n in t.laws}
    pointer = re.compile(r"(?:see|falls under|voir|relève de)\s+(?:la\s+)?(?:Laws?|Lois?)\s+(\d+)", re.IGNORECASE)
    dead_ends = []
    for t in trees:
        for n in t.nodes:
            o = n.outcome
            if o is None or o.then is not None:
                continue
            for text in (o.rectification.fr, o.rectification.en):
                for m in pointer.finditer(text):
                    if int(m.group(1)) in with_tree and int(m.group(1)) not in t.laws:
                        dead_ends.append(f"{t.slug}/{n.id}: {m.group(0)}")
    assert not dead_ends, dead_ends


@pytest.mark.parametrize("game", GAMES)
def test_catalogue_rows_are_the_models_without_pydantic(kb_path, game):
    """`ruling list|search` and `law` read light rows (no pydantic at cold start): they must
    say what the validated models say, field for field."""
    from arbitre.kb.trees import law_docs, load_topics

    conn = sqlite3.connect(kb_path)
    trees, laws = load_trees(conn, game), load_laws(conn, game)
    topics = load_topics(conn, game)
    assert [(t.slug, t.laws, t.title, t.summary, t.aliases) for t in topics] == \
        [(t.slug, t.laws, t.title, t.summary, t.aliases) for t in trees]
    assert json.dumps(law_docs(conn, game)) == json.dumps([law.model_dump(mode="json") for law in laws])
    assert law_docs(conn, game, laws[-1].number) == [laws[-1].model_dump(mode="json")]
    assert law_docs(conn, game, 99999) == []
