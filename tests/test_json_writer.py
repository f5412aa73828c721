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


# The writer no longer uses the stdlib's indented encoder (too slow for a 93 MB document): it
# must still give json.dumps's text for anything a command may hand it.

from enum import Enum, IntEnum  # noqa: E402

import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from arbitre.rulings.bridge.report import _Items  # noqa: E402
from arbitre.rulings.i18n import T  # noqa: E402


class _Colour(str, Enum):
    RED = "red"


class _Level(IntEnum):
    ONE = 1


class _Opaque:
    def __str__(self) -> str:
        return 'opaque "object"\n'


_plain_values = (st.none() | st.booleans() | st.integers() | st.floats() | st.text()
                 | st.sampled_from([_Colour.RED, _Level.ONE, _Opaque(), T("é%s", "e%d"), float("nan"), "%", "%%s"]))
_keys = st.text(max_size=4) | st.sampled_from(["a", "b", "%s", "%"]) | st.integers() | st.floats() | st.booleans() | st.none()


def _values(depth: int = 0):
    if depth >= 3:
        return _plain_values
    inner = _values(depth + 1)
    same_keys = st.lists(st.fixed_dictionaries({"a": inner, "b": inner, "%s": inner}), max_size=6)
    return (_plain_values
            | st.lists(inner, max_size=5)
            | st.lists(inner, max_size=3).map(tuple)
            | st.dictionaries(_keys, inner, max_size=4)
            | same_keys  # runs of dicts with the same keys, their columns plain, flat dicts or anything
            | same_keys.map(_Items))


@settings(max_examples=300, deadline=None)
@given(_values(), st.sampled_from(["", "    "]))
def test_write_json_is_json_dumps_for_any_value(value, prefix):
    fp = io.StringIO()
    write_json(value, fp, prefix)
    assert fp.getvalue() == _dumps(value, prefix)


def test_runs_of_dicts_longer_than_a_batch_keep_their_order_and_text():
    rows = [{"i": i, "s": "x" * (i % 3), "f": {"n": i, "t": "}\n{"}, "l": None if i % 7 else [i]}
            for i in range(1000)]
    rows[500] = {"i": 0}  # another shape in the middle of a run
    rows.insert(600, [])
    for prefix in ("", "  "):
        fp = io.StringIO()
        write_json({"rows": rows}, fp, prefix)
        assert fp.getvalue() == _dumps({"rows": rows}, prefix)


def test_a_circular_structure_is_refused_as_json_refuses_it():
    loop: list = []
    loop.append({"x": loop})
    for value in (loop, {"a": [loop]}):
        with pytest.raises(ValueError, match="Circular reference"):
            write_json(value, io.StringIO())
    with pytest.raises(TypeError, match="keys must be str"):
        write_json({(1, 2): 3}, io.StringIO())
