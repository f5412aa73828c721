#!/usr/bin/env python3
"""Set up a local virtual environment (once) and run arbitre or its tests in it.

    python3 dev.py classify "1H P 2C X P P P" --dealer S   # any arbitre command
    python3 dev.py test                                     # the quick test suite (-m "not slow")
    python3 dev.py test --all                               # every test, the slow ones too (CI)
    python3 dev.py lint                                     # ruff + mypy (strict on rulings/), as CI runs it
    python3 dev.py fuzz                                     # the long fuzz campaign (minutes)
    python3 dev.py bench                                    # the benchmarks

Needs only Python >= 3.11. The environment lives in .venv/ and is rebuilt when
pyproject.toml changes.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("ARBITRE_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")


def _stamp(extras: str) -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()


def setup(extras: str = "test") -> None:
    stamp_file = VENV / f".arbitre-{extras}"
    if stamp_file.exists() and stamp_file.read_text() == _stamp(extras):
        return
    if not PY.exists():
        print(f"creating {VENV} ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print(f"installing arbitre[{extras}] into {VENV} ...", file=sys.stderr)
    pip = [str(PY), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "-e", f"{ROOT}[{extras}]"], check=True)
    stamp_file.write_text(_stamp(extras))


LINT_SRC = VENV / "lint-src"
PACKAGES = ("kb", "migrations", "rulings", "cli", "data", "arena", "p2p", "server")


def lint(argv: list[str]) -> int:
    """ruff on the whole tree, then mypy on the installed layout (arbitre.<package>):
    strict on arbitre.rulings, the default checks elsewhere (see [tool.mypy] in pyproject.toml)."""
    setup("lint,p2p")  # p2p: mypy reads the types of fastapi, httpx and PyNaCl (p2p/ is strict)
    root = LINT_SRC / "arbitre"
    root.mkdir(parents=True, exist_ok=True)
    for name in (*PACKAGES, "__main__.py"):
        link, target = root / name, ROOT / ("entry" if name == "__main__.py" else "") / name
        if not link.is_symlink():
            link.symlink_to(target)
    ruff = subprocess.call([str(PY), "-m", "ruff", "check", *argv, str(ROOT)], cwd=ROOT)
    mypy = subprocess.call([str(PY), "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                            "-p", "arbitre.rulings", "-p", "arbitre.cli", "-p", "arbitre.kb",
                            "-p", "arbitre.arena", "-p", "arbitre.p2p", "-p", "arbitre.server"],
                           cwd=LINT_SRC, env={**os.environ, "MYPYPATH": str(LINT_SRC)})
    return ruff or mypy


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv[0] == "test":
        setup("test")
        args = argv[1:]
        if "--all" in args:  # every test: CI
            args.remove("--all")
        elif "-m" not in args:  # the quick suite: the slow tests are for CI and `--all`
            args = ["-m", "not slow", *args]
        return subprocess.call([str(PY), "-m", "pytest", *args], cwd=ROOT)
    if argv[0] == "lint":
        return lint(argv[1:])
    if argv[0] == "fuzz":
        setup("test")
        env = {**os.environ, "ARBITRE_FUZZ_EXAMPLES": os.environ.get("ARBITRE_FUZZ_EXAMPLES", "2000")}
        return subprocess.call([str(PY), "-m", "pytest", "-q", "-p", "no:randomly", "tests/test_fuzz.py",
                                "tests/test_fuzz_mutation.py", *argv[1:]],
                               cwd=ROOT, env=env)
    if argv[0] == "bench":
        setup("bench")
        return subprocess.call([str(PY), str(ROOT / "benchmarks" / "run.py"), *argv[1:]], cwd=ROOT)
    setup("test")
    return subprocess.call([str(BIN / "arbitre"), *argv])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
