"""The table's deal records (--record-dir) and `belote check --game coinche`: clean when played by the rules."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from arbitre.cli import exitcodes
from arbitre.cli.app import app
from arbitre.rulings.belote.coinche_check import check_coinche, load_coinche_record
from arbitre.server import bots
from arbitre.server.table import Phase, Seat, Table, TableOptions

runner = CliRunner()


def play_table(tmp_path, seed: int, contract: str | None = None, deals: int = 1) -> list[dict]:
    """Play ``deals`` deals at a table of three bots and one scripted seat (seat 1, bidding ``contract``)."""
    seats = [Seat(f"bot{i}", bot=i != 1) for i in range(4)]
    table = Table(1, seats, TableOptions(seed=seed, record_dir=tmp_path, target=10_000))
    table.start()
    for _ in range(2000):
        if table.finished_deals >= deals:
            break
        assert table.to_move() == 1
        if table.phase is Phase.BIDDING:
            call = "PASS" if contract is None or table.auction.contract is not None else contract
            verb, *args = call.split()
            if not table.command(1, verb, args).ok:
                table.command(1, "PASS", [])
        else:
            assert table.auction.contract is not None
            assert table.auction.contract_seat is not None
            took = (table.first + table.auction.contract_seat) % 2 == 1
            card = bots.choose_card(table.hands[1], table.trick, table.auction.contract, took)
            assert table.command(1, "PLAY", card.protocol().split()).ok
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(tmp_path.glob("*.json"))]


@pytest.mark.parametrize("contract", [None, "CONTRACT 160 TA", "CONTRACT 150 SA", "CONTRACT capot Spades",
                                      "CONTRACT generale TA"])
def test_records_of_played_deals_check_clean(tmp_path, contract):
    docs = play_table(tmp_path, seed=11, contract=contract, deals=3)
    assert len(docs) >= 3
    for doc in docs:
        report = check_coinche(load_coinche_record(json.dumps(doc)))
        assert report.clean, [d.message.en for d in report.defects]
    if contract:
        assert any(doc["manches"][0]["encheres"][0]["appel"] == contract or
                   any(c["appel"] == contract for c in doc["manches"][0]["encheres"]) for doc in docs)


def test_the_checker_finds_what_was_changed(tmp_path):
    doc = play_table(tmp_path, seed=5, deals=1)[0]
    deal = doc["manches"][0]
    bad = json.loads(json.dumps(doc))
    bad["manches"][0]["resultat_manche"]["score_equipe_prenante"] += 10
    bad["manches"][0]["encheres"][0]["code"] = 432
    first, second = bad["manches"][0]["plis"][0]["cartes_jouees"][:2]
    first["carte"], second["carte"] = second["carte"], first["carte"]  # two players swap a card
    kinds = {d.kind.value for d in check_coinche(load_coinche_record(json.dumps(bad))).defects}
    assert {"score_mismatch", "contract_result", "card_not_held"} <= kinds
    assert deal["resultat_manche"]["score_equipe_prenante"] != bad["manches"][0]["resultat_manche"][
        "score_equipe_prenante"]


def test_belote_check_game_coinche_on_the_command_line(tmp_path):
    docs = play_table(tmp_path, seed=8, deals=1)
    path = min(tmp_path.glob("*.json"))
    r = runner.invoke(app, ["belote", "check", "--game", "coinche", str(path), "--json"])
    assert r.exit_code == exitcodes.OK, r.stdout
    assert json.loads(r.stdout)["clean"] is True
    doc = docs[0]
    doc["manches"][0]["contrat"]["valeur"] += 10
    path.write_text(json.dumps(doc), encoding="utf-8")
    r = runner.invoke(app, ["belote", "check", "--game", "coinche", str(path), "--lang", "en"],
                      env={"COLUMNS": "300"})
    assert r.exit_code == exitcodes.FINDINGS and "recorded contract" in r.stdout
    path.write_text("{}", encoding="utf-8")
    r = runner.invoke(app, ["belote", "check", "--game", "coinche", str(path)])
    assert r.exit_code == exitcodes.BAD_INPUT and "field" in r.stderr
