"""The README's "Writing a belote player" example runs as written: a game and a gym with it."""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"
ARBITRE = str(Path(sys.executable).with_name("arbitre"))


def _example() -> tuple[str, list[str]]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Writing a belote player", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"<!-- readme-player -->\n```python\n(.*?)```", section, re.DOTALL).group(1)
    commands = re.search(r"```sh\n(.*?)```", section, re.DOTALL).group(1).strip().splitlines()
    return code, commands


def test_readme_player_plays_a_game_and_a_gym(tmp_path):
    code, commands = _example()
    (tmp_path / "myplayers.py").write_text(code, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    assert len(commands) == 2
    for line in commands:
        args = line.split()
        assert args[0] == "PYTHONPATH=." and args[1] == "arbitre"
        args = [ARBITRE, *args[2:]]
        if "gym" in args:
            args[args.index("--deals") + 1] = "40"  # the README's size, made smaller for the test
            args += ["--workers", "1", "--json"]
        r = subprocess.run(args, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120, check=False)
        assert r.returncode == 0, r.stderr
        if "gym" in args:
            doc = json.loads(r.stdout)
            assert doc["teams"]["A"]["player"] == "myplayers:JackTaker" and doc["deals"] == 40
        else:
            assert "Winner: team" in r.stdout
