"""`arbitre ruling`, `law`, `log` and `classify --rule` through the CLI, as a director uses them."""
import csv
import io
import json

import pytest
from typer.testing import CliRunner

from arbitre.cli.app import app

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_list_has_every_topic_with_both_languages():
    topics = json.loads(run("ruling", "list", "--json").stdout)
    slugs = {t["slug"] for t in topics}
    for needed in ("passe-hors-tour", "enchere-hors-tour", "contre-hors-tour", "enchere-insuffisante", "renonce",
                   "renonce-consommee", "cartes-penalisees", "entame-hors-tour", "changement-de-declaration",
                   "declaration-retiree", "agrements", "jeu-premature", "cartes-simultanees", "carte-exposee-encheres",
                   "ecrans", "entame-hors-tour-ecrans", "declaration-comparable", "contre-inadmissible",
                   "enchere-superieure-a-sept", "declaration-apres-cloture", "acceptation-hors-tour",
                   "obligation-de-passer"):
        assert needed in slugs, needed
    for t in topics:
        assert t["title"]["fr"] and t["title"]["en"]


@pytest.mark.parametrize("alias,slug", [("renonce", "renonce"), ("revoke", "renonce"), ("64", "renonce-consommee"),
                                        ("enchere-insuffisante", "enchere-insuffisante"),
                                        ("insufficient-bid", "enchere-insuffisante"), ("27", "enchere-insuffisante"),
                                        ("REVOKE", "renonce")])
def test_aliases(alias, slug):
    doc = json.loads(run("ruling", alias, "--show", "--json").stdout)
    assert doc["slug"] == slug


def test_unknown_topic_is_a_clear_error():
    r = run("ruling", "nonsense")
    assert r.exit_code == 2 and "nonsense" in r.output and "ruling list" in r.output


def _first_question(topic):
    doc = json.loads(run("ruling", topic, "--show", "--json").stdout)
    nodes = {n["id"]: n for n in doc["nodes"]}
    return doc, nodes


def _walk_first_choices(topic):
    """Answer every question with its first choice: the scripted path and the typed input."""
    doc, nodes = _first_question(topic)
    node, answers = nodes[doc["root"]], []
    while node.get("question"):
        a = node["answers"][0]
        answers.append((node["id"], a["code"]))
        if a["next"].startswith("@"):
            break
        node = nodes[a["next"]]
    return answers, node


def test_interactive_walk_with_numbers_reaches_an_outcome_panel():
    answers, last = _walk_first_choices("renonce")
    r = run("ruling", "renonce", "--lang", "en", input="1\n" * len(answers))
    assert r.exit_code == 0, r.output
    assert "Rectification" in r.stdout
    assert last.get("outcome"), "the first choices lead to an outcome"
    assert last["title"]["en"] in r.stdout  # the panel shows the outcome reached, by its title
    assert "renonce/" not in r.stdout  # never an internal slug in what the director reads
    assert "b = back, r = restart, q = quit" in r.stdout


def test_interactive_back_and_restart_and_quit():
    answers, _ = _walk_first_choices("renonce-consommee")
    assert len(answers) >= 2
    # answer 1, go back, answer 1 again, restart, then quit
    r = run("ruling", "renonce-consommee", input="1\nb\n1\nr\nq\n")
    assert r.exit_code == 0
    doc, nodes = _first_question("renonce-consommee")
    root_q = nodes[doc["root"]]["question"]["en"]
    # the root question is shown at the start, after back and after restart
    assert r.stdout.count(root_q) == 3
    assert "no ruling given" in r.output


def test_unknown_typed_answer_is_reported_and_asked_again():
    answers, _ = _walk_first_choices("renonce")
    r = run("ruling", "renonce", input="zzz\n" + "1\n" * len(answers))
    assert r.exit_code == 0
    assert "unknown answer 'zzz'" in r.output


def test_end_of_input_before_a_ruling_is_an_error():
    r = run("ruling", "renonce", input="")
    assert r.exit_code == 2 and "--answer" in r.output


def test_scripted_walk_json_and_structured_outcome():
    answers, _last = _walk_first_choices("renonce-consommee")
    args = ["ruling", "64", "--json"] + [x for n, c in answers for x in ("--answer", f"{n}={c}")]
    r = run(*args)
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["done"] and doc["topic"] == "renonce-consommee"
    assert [p["answer"] for p in doc["path"][:-1]] == [c for _, c in answers]
    assert set(doc["outcome"]) >= {"rectification", "auction_obligations", "lead_restrictions", "penalty_cards",
                                   "tricks_transferred", "options", "judgement"}


def test_scripted_walk_missing_answers_names_the_question():
    r = run("ruling", "renonce-consommee", "--json")
    assert r.exit_code == 2
    doc = json.loads(r.stdout)
    assert doc["done"] is False and doc["question"]["answers"]
    r = run("ruling", "renonce", "--answer", "nosuchnode=yes")
    assert r.exit_code == 2 and "nosuchnode" in r.output
    r = run("ruling", "renonce", "--answer", "noequals")
    assert r.exit_code == 2 and "NODE=CODE" in r.output


def test_answers_file(tmp_path):
    answers, _ = _walk_first_choices("renonce-consommee")
    f = tmp_path / "answers.txt"
    f.write_text("# my answers\n" + "\n".join(f"{n}={c}" for n, c in answers) + "\n", encoding="utf-8")
    doc = json.loads(run("ruling", "renonce-consommee", "--answers", str(f), "--json").stdout)
    assert doc["done"]


@pytest.mark.parametrize("lang,words", [("en", "unknown node 'bogus-node'"), ("fr", "nœud inconnu 'bogus-node'")])
def test_answers_file_names_the_line_of_an_unknown_node(tmp_path, lang, words):
    f = tmp_path / "answers.txt"
    f.write_text("# my answers\nis-revoke=no\n\n  bogus-node = yes\n", encoding="utf-8")
    r = run("ruling", "revoke", "--answers", str(f), "--lang", lang)
    assert r.exit_code == 2
    assert f"{f}:4:3: {words}" in r.output and "--answer" not in r.output and "Traceback" not in r.output


@pytest.mark.parametrize("lang,words", [("en", "'noequals': expected NODE=CODE"), ("fr", "'noequals' : attendu NŒUD=CODE")])
def test_answers_file_names_the_line_of_a_malformed_answer(tmp_path, lang, words):
    f = tmp_path / "answers.txt"
    f.write_text("is-revoke=no\nnoequals\n", encoding="utf-8")
    r = run("ruling", "revoke", "--answers", str(f), "--lang", lang)
    assert r.exit_code == 2 and f"{f}:2:1: {words}" in r.output


def test_an_unknown_node_on_the_command_line_names_the_option(tmp_path):
    f = tmp_path / "answers.txt"
    f.write_text("bogus=yes\n", encoding="utf-8")
    r = run("ruling", "revoke", "--answer", "is-revoke=no", "--answers", str(f))
    assert r.exit_code == 2 and f"{f}:1:1: unknown node 'bogus'" in r.output  # the file's line is named
    r = run("ruling", "revoke", "--answer", "bogus=no")
    assert r.exit_code == 2 and "--answer: unknown node 'bogus'" in r.output
    r = run("classify", "1S 1H", "--rule", "--answer", "bogus=no", "--lang", "fr")
    assert r.exit_code == 2 and "--answer : nœud inconnu 'bogus'" in r.output


def test_graph_and_show():
    r = run("ruling", "renonce", "--graph")
    assert r.stdout.startswith("flowchart TD") and "-->" in r.stdout
    r = run("ruling", "renonce", "--show", "--lang", "fr")
    assert r.exit_code == 0 and "?" in r.stdout


def test_law_entry_lists_its_trees():
    doc = json.loads(run("law", "64", "--json").stdout)
    assert doc["number"] == 64 and "renonce-consommee" in doc["trees"]
    assert doc["title"]["fr"] and doc["title"]["en"]
    for n in range(23, 65):
        assert run("law", str(n), "--json").exit_code == 0, n
    r = run("law", "99")
    assert r.exit_code == 2 and "99" in r.output


def test_record_then_log_list_show_export(fresh_db, tmp_path):
    answers, _ = _walk_first_choices("renonce-consommee")
    args = ["ruling", "renonce-consommee", "--record", "--event", "Coupe de Paris", "--board", "12", "--table", "4",
            "--called-by", "E"] + [x for n, c in answers for x in ("--answer", f"{n}={c}")]
    r = run(*args)
    assert r.exit_code == 0 and "recorded in the log as entry 1" in r.output
    rows = json.loads(run("log", "list", "--json").stdout)
    assert len(rows) == 1 and rows[0]["event"] == "Coupe de Paris" and rows[0]["called_by"] == "E"
    shown = run("log", "show", "1")
    assert shown.exit_code == 0 and "Coupe de Paris" in shown.stdout
    out = tmp_path / "log.csv"
    assert run("log", "export", "--csv", "-o", str(out)).exit_code == 0
    (row,) = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert row["board"] == "12" and row["tree"] == "renonce-consommee"
    exported = json.loads(run("log", "export", "--json").stdout)
    assert exported[0]["outcome_node"].startswith("bridge:renonce-consommee/")
    assert run("log", "show", "42").exit_code == 2
    assert run("log", "export").exit_code == 2


def test_classify_rule_prefills_from_the_auction():
    r = run("classify", "1S 1H", "--dealer", "N", "--rule", "--json")
    doc = json.loads(r.stdout)
    (ruling,) = doc["rulings"]
    assert ruling["topic"] == "enchere-insuffisante" and ruling["kind"] == "insufficient-bid"
    irr = doc["auctions"][0]["irregularities"][0]
    assert irr["params"]["lowest_sufficient_same_strain"] == "2H"


def test_classify_rule_pass_out_of_rotation_facts_are_filled_in():
    r = run("classify", "N:1H S:P", "--rule", "--json")
    doc = json.loads(r.stdout)
    (ruling,) = doc["rulings"]
    assert ruling["topic"] == "passe-hors-tour"
    auto = [p for p in ruling["path"] if p["auto"]]
    assert auto, "the auction's facts should answer at least one question"


def test_classify_rule_interactive_asks_only_what_the_auction_cannot_tell():
    r = run("classify", "1S 1H", "--dealer", "N", "--rule", input="1\n" * 10)
    assert r.exit_code == 1  # irregular auction
    assert "Ruling: Insufficient bid (Law 27)" in r.stdout
    assert "filled in from the auction" in r.stdout or "Rectification" in r.stdout


# -- round 2 ------------------------------------------------------------------------------------------

def test_scripted_run_that_stops_on_a_question_exits_2_with_it_and_never_reads_stdin():
    r = run("ruling", "renonce", "--answer", "is-revoke=yes", input="1\n1\n1\n")
    assert r.exit_code == 2
    assert "> " not in r.stdout  # no prompt: stdin is never read
    assert "renonce/established" in r.stderr and "Has the revoke become established?" in r.stderr
    assert "by-lead-out-of-turn" in r.stderr and "--answer established=CODE" in r.stderr


def test_json_pending_question_lists_each_answer_with_its_label_and_the_help():
    r = run("ruling", "changement-de-declaration", "--answer", "partner-called=no", "--json")
    assert r.exit_code == 2
    q = json.loads(r.stdout)["question"]
    assert q["node"] == "changement-de-declaration/period-ended"
    assert "opening lead is faced" in q["help"]["en"] and "entame" in q["help"]["fr"]
    assert [a["code"] for a in q["answers"]] == ["yes", "no"]
    assert all(a["label"]["fr"] and a["label"]["en"] for a in q["answers"])


def test_one_walk_across_laws_lists_every_outcome_in_json_and_in_the_panels():
    args = ["ruling", "24", "--answer", "partner-could-see=yes", "--answer", "which-cards=honour-or-premature-lead",
            "--answer", "offender-side=defending", "--answer", "major-next=partner-to-lead"]
    doc = json.loads(run(*args, "--json").stdout)
    assert doc["done"] and [o["node"] for o in doc["outcomes"]] == [
        "carte-exposee-encheres/honour-or-lead", "cartes-penalisees/major-partner-leads"]
    assert doc["facts"]["card_rank"] == "honour-or-deliberate"
    assert any("50D2" in r["en"] for r in doc["penalty_card_reminders"])
    assert doc["outcomes"][0]["outcome"]["information"][0]["unauthorised_to"] == ["offending_side"]
    text = run(*args, "--lang", "fr").stdout
    assert "Carte exposée pendant les annonces (Loi 24)" in text and "Cartes pénalisées" in text
    assert "principale" in text and "majeure" not in text and "Restrictions d'attaque" in text
    assert "non autorisée pour le camp fautif" in text
    assert "carte-exposee-encheres" not in text and "cartes-penalisees/" not in text


def test_law_26_content_follows_a_non_comparable_replacement():
    doc = json.loads(run("ruling", "31", "--answer", "call-kind=bid", "--answer", "barred=no", "--answer", "accepted=no",
                         "--answer", "turn=partner", "--answer", "replacement-partner=no",
                         "--answer", "offender-side=defending", "--json").stdout)
    first, last = doc["outcomes"]
    assert "31B" in first["outcome"]["laws"]
    assert last["node"] == "declaration-retiree/prohibit-only"
    text = last["outcome"]["rectification"]["en"]
    for part in ("offender's partner", "declarer", "first turn to lead", "keeps the lead", "withdrawn call"):
        assert part in text, part


def test_interactive_walk_offers_the_adjusted_score_walk_after_an_adjustable_outcome():
    answers = "1\n" "1\n" "2\n" "1\n" "1\n" "1\n"  # to the hesitation adjustment
    r = run("ruling", "hesitation", input=answers + "a\n" "1\n" "1\n" "1\n" "2\n")
    assert r.exit_code == 0, r.output
    assert "assess the adjusted score now (Law 12C)" in r.stdout
    assert "Assigned adjusted score (Law 12C1(e))" in r.stdout
    declined = run("ruling", "hesitation", input=answers + "\n")
    assert declined.exit_code == 0 and "Assigned adjusted score" not in declined.stdout


def test_scripted_answers_for_the_12c_walk_continue_into_it():
    doc = json.loads(run("ruling", "73", "--json", *[x for a in (
        "source=partner-manner", "established=yes", "when=end-of-play", "suggested=yes", "logical-alternative=yes",
        "damaged=yes", "adj-result-possible=yes", "adj-damage=yes", "adj-own-error=no", "adj-several-results=yes")
        for x in ("--answer", a)]).stdout)
    assert doc["outcome_node"] == "marque-ajustee/adj-weighted"
    first = doc["outcomes"][0]["outcome"]
    assert first["adjustment"]["law"] == "16B3" and first["procedural_penalty"]["law"] == "90B"


@pytest.mark.parametrize("words,slug", [("hésitation", "information-non-autorisee"), ("HESITATION", "information-non-autorisee"),
                                        ("tempo", "information-non-autorisee"), ("claim", "revendication"),
                                        ("réclamation", "revendication"), ("mort", "droits-du-mort"),
                                        ("dummy", "droits-du-mort"), ("carte manquante", "nombre-de-cartes")])
def test_ruling_search_finds_topics_in_french_and_english(words, slug):
    r = run("ruling", "search", *words.split(), "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)[0]["slug"] == slug
    assert slug in run("ruling", "search", *words.split()).stdout


def test_ruling_search_with_nothing_found_and_stray_words():
    r = run("ruling", "search", "zzzz", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout) == []
    r = run("ruling", "renonce", "extra")
    assert r.exit_code == 2 and "search" in r.output


def _documented_variants():
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    helptext = run("ruling", "--help").stdout
    found = set(re.findall(r"--variant[ =](law[a-z0-9-]+=[a-z0-9-]+)", readme + helptext))  # ruling variants (the coinche server has its own)
    assert "law26b=fr-print" in found
    return sorted(found)


def test_every_documented_variant_example_is_accepted():
    trees = {t["slug"]: t for t in json.loads(run("ruling", "list", "--json").stdout)}
    for pair in _documented_variants():
        key = pair.split("=")[0]
        slug = next(s for s in trees if any(v["key"] == key for v in
                                            json.loads(run("ruling", s, "--show", "--json").stdout)["variants"]))
        r = run("ruling", slug, "--variant", pair, "--json")
        assert "--variant" not in r.output, (pair, r.output)
        assert r.exit_code in (0, 2), pair  # 2 only for the tree's own first question, never for the variant
    doc = json.loads(run("ruling", "26", "--variant", "law26b=fr-print", "--answer", "offender-side=defending",
                         "--answer", "comparable=no", "--json").stdout)
    assert doc["outcome_node"] == "declaration-retiree/require-or-prohibit"


def test_an_unknown_variant_key_or_choice_is_a_clear_error():
    r = run("ruling", "26", "--variant", "law26b=ffb")
    assert r.exit_code == 2 and "fr-print" in r.output
    r = run("ruling", "26", "--variant", "nosuch=x")
    assert r.exit_code == 2 and "law26b" in r.output


def test_flag_kinds_and_penalty_kinds_are_shown_with_labels_in_french():
    r = run("ruling", "cartes-penalisees", "--lang", "fr", "--answer", "situation=existing-penalty-card",
            "--answer", "existing-kind=one-minor")
    assert r.exit_code == 0
    assert "secondaire" in r.stdout and "mineure" not in r.stdout and "minor" not in r.stdout
    r = run("ruling", "26", "--lang", "fr", "--answer", "offender-side=defending", "--answer", "comparable=no",
            "--variant", "law26b=fr-print")
    assert "sources en désaccord" in r.stdout and "sources_disagree" not in r.stdout


@pytest.mark.parametrize("game,args", [
    ("tresillo", ["renonce", "--answer", "what-card=not-followed", "--answer", "when-found=later", "--answer", "who=opponent"]),
    ("tresillo", ["nombre-de-cartes-incorrect", "--answer", "declared=no", "--answer", "who=opponent"]),
])
def test_a_ruling_outside_bridge_names_its_articles_and_no_bridge_law(game, args):
    """A tresillo (or belote, coinche) ruling cites the rules' articles: a director must not read
    "Lois" or the bridge Law 12C on a tresillo table's ruling."""
    for lang, articles, adjust in (("fr", "Articles\u00a0:", "ajuster la marque"), ("en", "Articles:", "adjust the deal's score")):
        text = run("ruling", *args, "--game", game, "--lang", lang).stdout
        assert articles in text and adjust in text, text
        assert "12C" not in text and "Lois\u00a0:" not in text and "Laws:" not in text, text


def test_a_bridge_ruling_still_names_its_laws_and_law_12c():
    text = run("ruling", "revoke", "--answer", "is-revoke=yes", "--answer", "established=no",
               "--answer", "who-revoked=defender-hand").stdout
    assert "Laws:" in text and "12C" in text and "Articles" not in text


def test_the_interactive_walk_shows_labels_not_internal_codes():
    """A director answering by number reads the labels in his language: no answer code ("yes",
    "lowest-same-denomination") and no node id ("in-rotation") on the screen."""
    r = run("ruling", "27", "--lang", "fr", input="1\n2\n1\n")
    assert r.exit_code == 0 and "Oui : acceptée" in r.stdout and "Par quelle déclaration" in r.stdout
    for internal in ("(yes)", "(no)", "(lowest-same-denomination)", "(other)", "in-rotation", "enchere-insuffisante"):
        assert internal not in r.stdout, internal
