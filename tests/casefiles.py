"""Read the plain-text ruling conformance cases (format: tests/cases/rulings/README.md)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

CASES_DIR = Path(__file__).parent / "cases" / "rulings"


@dataclass
class Case:
    title: str
    file: str
    line: int
    tree: str = ""
    game: str = "bridge"
    situation: str = ""
    auction: str = ""  # classification cases (tests/cases/classify): the typed auction
    answers: dict[str, str] = field(default_factory=dict)
    facts: dict[str, str] = field(default_factory=dict)
    expect: list[tuple[str, str]] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{Path(self.file).stem}:{self.line}:{self.title[:50]}"


def parse(path: Path) -> list[Case]:
    cases: list[Case] = []
    cur: Case | None = None
    last_key = None
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if raw[0].isspace() and cur is not None and last_key == "situation":
            cur.situation += " " + raw.strip()
            continue
        key, sep, value = raw.partition(":")
        if not sep:
            raise ValueError(f"{path}:{n}: expected 'key: value', got {raw!r}")
        key, value = key.strip(), value.strip()
        last_key = key
        if key == "case":
            cur = Case(value, str(path), n)
            cases.append(cur)
            continue
        if cur is None:
            raise ValueError(f"{path}:{n}: {key!r} before any 'case:'")
        if key == "tree":
            cur.tree = value
        elif key == "game":
            cur.game = value
        elif key == "situation":
            cur.situation = value
        elif key == "auction":
            cur.auction = value
        elif key in ("answer", "fact"):
            k, eq, v = value.partition("=")
            if not eq:
                raise ValueError(f"{path}:{n}: expected NODE=CODE, got {value!r}")
            (cur.answers if key == "answer" else cur.facts)[k.strip()] = v.strip()
        elif key == "expect" or key.startswith("expect "):
            cur.expect.append((key[len("expect"):].strip(), value))
        else:
            raise ValueError(f"{path}:{n}: unknown key {key!r}")
    return cases


def all_cases() -> list[Case]:
    out: list[Case] = []
    for p in sorted(CASES_DIR.glob("*.case")):
        out.extend(parse(p))
    return out
