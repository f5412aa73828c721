"""Locate and extract the seed 001 sample records at test time (never copied into the repo)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"
SEED_001 = SHARED / "seeds" / "001_38bd8502f38824d5.txt"


def seed_text() -> str:
    if not SEED_001.exists():
        pytest.skip("seed 001 is not available (../shared/seeds is absent in this checkout)")
    return SEED_001.read_text(encoding="utf-8")


def python_sample() -> str:
    """The JSON string of the seed's Python checker (``json_data = \"\"\"...\"\"\"``)."""
    match = re.search(r'json_data = """\n(.*?)\n"""', seed_text(), re.S)
    assert match, "the seed no longer contains json_data"
    return match.group(1)


def yaml_block_sample() -> str:
    """The record shown in the seed's ```yaml block (which is not valid JSON)."""
    match = re.search(r"```yaml\n(.*?)```", seed_text(), re.S)
    assert match, "the seed no longer contains the yaml block"
    return match.group(1)
