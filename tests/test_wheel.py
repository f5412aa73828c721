"""A non-editable install works from anywhere: migrations and all the CLI needs ship in the wheel."""
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_wheel_installs_and_classifies_from_outside_the_checkout(tmp_path):
    dist = tmp_path / "dist"
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(dist),
                            str(ROOT)], capture_output=True, text=True)
    if build.returncode != 0:
        # no setuptools in this environment: let pip isolate the build
        build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(dist), str(ROOT)],
                               capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-2000:]
    (wheel,) = dist.glob("arbitre-*.whl")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, system_site_packages=False).create(env_dir)
    py = env_dir / "bin" / "python"
    inst = subprocess.run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
                          capture_output=True, text=True)
    assert inst.returncode == 0, inst.stderr[-2000:]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITRE_", "PYTHON"))}
    env["ARBITRE_DB"] = str(tmp_path / "user.sqlite")
    r = subprocess.run([str(env_dir / "bin" / "arbitre"), "classify", "1H P 2C X P P P", "--dealer", "S", "--json"],
                       cwd=elsewhere, capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    (auction,) = doc["auctions"]
    assert auction["contract"]["text"] == "2CX N"
    assert [s["state"] for s in auction["seats"]] == ["Opos1", "IPpos2", "REadvpos3", "DEsiREetIPpos4"]
    # nothing was imported from the checkout
    r = subprocess.run([str(py), "-c", "import arbitre.kb, sys; print(arbitre.kb.__file__)"], cwd=elsewhere,
                       capture_output=True, text=True, env=env)
    assert str(env_dir) in r.stdout
    r = subprocess.run([str(env_dir / "bin" / "arbitre"), "ruling", "list", "--json"], cwd=elsewhere,
                       capture_output=True, text=True, env=env)
    assert r.returncode == 0 and len(json.loads(r.stdout)) >= 17
    # `python -m arbitre` is the command too (arbitre stays a namespace package)
    r = subprocess.run([str(py), "-m", "arbitre", "--version"], cwd=elsewhere, capture_output=True, text=True, env=env)
    assert r.returncode == 0 and r.stdout.startswith("arbitre "), r.stderr
