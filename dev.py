#!/usr/bin/env python3
"""Set up a local virtual environment (once) and run arbitre or its tests in it.

    python3 dev.py classify "1H P 2C X P P P" --dealer S   # any arbitre command
    python3 dev.py test                                     # the whole test suite
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
    if sys.version_info < (3, 11):
        sys.exit(f"arbitre needs Python 3.11 or newer (this is {sys.version.split()[0]})")
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


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv[0] == "test":
        setup("test")
        return subprocess.call([str(PY), "-m", "pytest", *argv[1:]], cwd=ROOT)
    if argv[0] == "bench":
        setup("bench")
        return subprocess.call([str(PY), str(ROOT / "benchmarks" / "run.py"), *argv[1:]], cwd=ROOT)
    setup("test")
    return subprocess.call([str(BIN / "arbitre"), *argv])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
