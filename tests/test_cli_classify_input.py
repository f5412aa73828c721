"""`arbitre classify` on hostile input: typed auctions are never file names, input is bounded
(a line or a record over 1 MiB is a clear error naming the line), and --json is streamed
as one document, the same text as the document built whole."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitre.cli.app import app
from arbitre.rulings.bridge.report import AuctionReport

runner = CliRunner()
QUIRKS = Path(__file__).resolve().parent / "data" / "bridge"


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_a_long_typed_auction_is_not_a_file_name():
    auction = " ".join(["1C", "P"] + ["P"] * 200)  # 404 bytes: more than a file name may hold
    r = run("classify", auction, "--json")
    assert r.exit_code == 1, r.output  # the passes after the close are findings, not a crash
    doc = json.loads(r.stdout)
    assert doc["errors"] == [] and len(doc["auctions"][0]["calls"]) == 202
    assert "too long" not in r.output


def test_a_call_with_a_slash_is_a_call_not_a_file():
    r = run("classify", "1H", "2H/3H")
    assert r.exit_code == 2
    assert "2H/3H" in r.stderr and "cannot read file" not in r.stderr


@pytest.mark.parametrize("arg", ["./nowhere", "nowhere.pbn", "missing.json", "~/no/such/file"])
def test_what_looks_like_a_path_is_a_path(arg):
    r = run("classify", arg)
    assert r.exit_code == 2 and "cannot read file" in r.stderr


def test_an_empty_argument_is_a_usage_error():
    r = run("classify", "")
    assert r.exit_code == 2 and "empty" in r.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_dev_zero_stops_at_once_naming_the_line():
    r = run("classify", "/dev/zero", "--json")
    assert r.exit_code == 2
    (e,) = json.loads(r.stdout)["errors"]
    assert e["line"] == 1 and "1 MiB" in e["message"]["en"] and "1 Mio" in e["message"]["fr"]


def test_a_line_over_the_cap_names_its_line_and_keeps_what_came_before(tmp_path):
    f = tmp_path / "big.pbn"
    good = (QUIRKS / "quirks.pbn").read_text(encoding="utf-8")
    f.write_text(good + "\n[Board \"9\"]\n" + "P " * 600_000 + "\n", encoding="utf-8")
    r = run("classify", str(f), "--json")
    assert r.exit_code == 2
    doc = json.loads(r.stdout)
    assert len(doc["auctions"]) == 7  # every auction before the long line
    (e,) = doc["errors"]
    assert e["line"] == good.count("\n") + 3 and e["source"] == str(f)


def test_a_pbn_record_over_the_cap_is_an_error(tmp_path):
    f = tmp_path / "norecord.pbn"
    f.write_text('[Board "1"]\n' + ("[Note \"1:x\"]\n" * 120_000), encoding="utf-8")  # 1.6 MB, no blank line
    r = run("classify", str(f), "--summary", "--json")
    assert r.exit_code == 2
    (e,) = json.loads(r.stdout)["errors"]
    assert e["line"] == 1 and "1 MiB" in e["message"]["en"]


def test_streamed_json_is_the_whole_document(tmp_path):
    from pydantic import TypeAdapter

    from arbitre.rulings.bridge.report import ClassifyResult, to_json

    args = [str(QUIRKS / "quirks.pbn"), str(QUIRKS / "quirks.lin"), "1S 1H", str(tmp_path / "none.lin")]
    r = run("classify", *args, "--json")
    assert r.exit_code == 2
    doc = json.loads(r.stdout)
    reports = TypeAdapter(list[AuctionReport]).validate_python(doc["auctions"])
    whole = to_json(ClassifyResult(auctions=reports, errors=doc["errors"], without_auction=doc["without_auction"]))
    assert r.stdout == json.dumps(whole, ensure_ascii=False, indent=2) + "\n"
    assert len(doc["auctions"]) == 7 + 7 + 1 and len(doc["without_auction"]) == 1 and len(doc["errors"]) == 1
    empty = run("classify", str(tmp_path / "none.lin"), "--json")
    assert empty.stdout == json.dumps({"game": "bridge", "auctions": [], "errors": json.loads(empty.stdout)["errors"],
                                       "without_auction": []}, ensure_ascii=False, indent=2) + "\n"


def test_streamed_summary_json_keeps_its_shape():
    r = run("classify", str(QUIRKS / "quirks.pbn"), "--summary", "--json")
    doc = json.loads(r.stdout)
    assert list(doc) == ["boards", "totals", "errors"] and len(doc["boards"]) == 8
    assert r.stdout == json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    # 2 of the 5 clean auctions carry a revoke and a hand played from the wrong side, marked in the file
    assert doc["totals"] == {"boards": 8, "clean": 3, "with_findings": 4, "disagree_with_record": 1, "no_auction": 1}
