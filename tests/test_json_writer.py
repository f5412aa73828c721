"""The streamed ``--json`` writer: the same text as ``json.dumps(indent=2)``, chunk by chunk."""
from __future__ import annotations

import io
import json

from arbitre.cli.output import write_json
from arbitre.rulings.bridge import textauction
from arbitre.rulings.bridge.reading import report
from arbitre.rulings.bridge.report import report_json


def _dumps(value, prefix: str = "") -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, default=str).replace("\n", "\n" + prefix)


def test_write_json_is_json_dumps_across_chunk_boundaries():
    doc = {"é": [{"n": i, "s": "a\nb", "l": [1, [2, {}]], "t": None} for i in range(3000)], "empty": []}
    for prefix in ("", "    "):
        fp = io.StringIO()
        write_json(doc, fp, prefix)
        assert fp.getvalue() == _dumps(doc, prefix)


def test_lazy_report_writes_the_same_document(kb):
    from arbitre.kb.access import load_irregularity_kinds, load_machine

    machine, kinds = load_machine(kb), load_irregularity_kinds(kb)
    text = "Dealer: N E:P TD N:1C S:1H W:P N:P E:2C " + " ".join(["P"] * 40)  # irregularities, calls after the close
    (board,) = textauction.loads(text)
    r = report(board, machine, kinds)
    assert r is not None and len(r.irregularities) > 30
    fp = io.StringIO()
    write_json(report_json(r, lazy=True), fp, "    ")
    assert fp.getvalue() == _dumps(report_json(r), "    ")
    assert json.loads(fp.getvalue())["calls"][2]["call"] == "1H"
