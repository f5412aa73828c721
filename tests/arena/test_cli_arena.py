"""`arbitre belote play` and `arbitre belote gym` as a user runs them (real processes for the error paths)."""
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitre.cli import exitcodes
from arbitre.cli.belote import app

runner = CliRunner(mix_stderr=False) if "mix_stderr" in CliRunner.__init__.__code__.co_varnames else CliRunner()
ARBITRE = str(Path(sys.executable).with_name("arbitre"))

BAD_PLAYERS = '''
from arbitre.arena.player import BasePlayer

class Cheater(BasePlayer):
    """Plays a card that is not legal as soon as it can (otherwise the first legal one)."""
    def bid(self, obs):
        return None
    def play(self, obs):
        from arbitre.rulings.belote.cards import DECK
        bad = obs.hand & ~obs.legal
        card = bad if bad else obs.legal
        return DECK[(card & -card).bit_length() - 1]

class Crasher(BasePlayer):
    def bid(self, obs):
        return None
    def play(self, obs):
        if obs.trick_number == 7 and obs.hand >> 31 & 1:  # holds the ace of spades late in the deal
            raise KeyError("no idea")
        return obs.legal_cards[0]
'''


def _run(args, tmp_path, **env):
    (tmp_path / "badplayers.py").write_text(BAD_PLAYERS)
    full_env = {**os.environ, "PYTHONPATH": str(tmp_path), **env}
    return subprocess.run([ARBITRE, "belote", *args], capture_output=True, text=True, env=full_env, timeout=120, check=False)


def test_play_prints_every_deal_and_the_winner():
    result = runner.invoke(app, ["play", "--players", "memory,simple,memory,simple", "--seed", "3", "--json"])
    assert result.exit_code == exitcodes.OK
    doc = json.loads(result.stdout)
    assert doc["winner"] in ("A", "B") and max(doc["totals"].values()) >= 501
    assert [d["number"] for d in doc["deals"]] == list(range(1, len(doc["deals"]) + 1))
    assert doc["deals"][-1]["totals"] == doc["totals"]
    text = runner.invoke(app, ["play", "--players", "memory,simple,memory,simple", "--seed", "3", "--lang", "fr"])
    assert "Vainqueur : équipe" in text.stdout and "Atout" in text.stdout


def test_play_record_is_clean_and_the_same_for_the_same_seed(tmp_path):
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    for path in paths:
        r = runner.invoke(app, ["play", "--players", "simple,random,memory,random", "--seed", "12", "--target", "301",
                                "--record", str(path)])
        assert r.exit_code == 0
    assert paths[0].read_bytes() == paths[1].read_bytes()
    check = runner.invoke(app, ["check", str(paths[0]), "--json"])
    assert check.exit_code == 0 and json.loads(check.stdout)["clean"] is True


def test_gym_json_has_the_documented_keys_and_is_the_same_on_two_workers():
    args = ["gym", "--team-a", "memory", "--team-b", "simple", "--deals", "60", "--seed", "5", "--json"]
    one = json.loads(runner.invoke(app, [*args, "--workers", "1"]).stdout)
    two = json.loads(runner.invoke(app, [*args, "--workers", "2"]).stdout)
    for doc in (one, two):
        assert doc["deals"] == 60 and doc["duplicate"] is True and doc["plays"] == 120
        for team in ("A", "B"):
            assert {"player", "mean_points", "ci95", "deals_won", "taking_rate", "success_rate",
                    "decision_time"} <= set(doc["teams"][team])
        assert {"mean", "ci95", "p_value"} <= set(doc["difference"])
        assert doc["deals_per_second"] > 0
    assert one["teams"]["A"]["player"] == "memory"
    for key in ("difference", "void_deals", "plays"):
        assert one[key] == two[key]
    for team in ("A", "B"):
        for key in ("mean_points", "ci95", "deals_won", "taking_rate", "success_rate"):
            assert one["teams"][team][key] == two["teams"][team][key]
    single = json.loads(runner.invoke(app, [*args, "--workers", "1", "--no-duplicate"]).stdout)
    assert single["duplicate"] is False and single["plays"] == 60


def test_gym_mixed_team_and_user_player(tmp_path):
    r = _run(["gym", "--team-a", "memory,simple", "--team-b", "badplayers:Crasher", "--deals", "40", "--workers", "1",
              "--json"], tmp_path)
    assert r.returncode == 2
    doc = json.loads(r.stdout)  # the partial result, one document, with the error in it
    assert doc["partial"] is True and doc["teams"]["A"]["player"] == "memory,simple"
    assert "Crasher" in r.stderr and "KeyError" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_gym_illegal_card_names_the_card_deal_and_trick_and_prints_the_partial_result(tmp_path):
    r = _run(["gym", "--team-a", "simple", "--team-b", "badplayers:Cheater", "--deals", "20", "--workers", "1"],
             tmp_path)
    assert r.returncode == 2
    line = r.stderr.strip().splitlines()[-1]
    assert "badplayers:Cheater" in line and "is not a legal card" in line and ", trick " in line and "deal " in line
    assert "PARTIAL RESULT" in r.stdout or "Difference" not in r.stdout


@pytest.mark.parametrize("args, culprit", [
    (["--team-a", "nobody", "--team-b", "simple"], "unknown player 'nobody'"),
    (["--team-a", "no_such_module_xyz:P", "--team-b", "simple"], "module no_such_module_xyz cannot be imported"),
    (["--team-a", "simple", "--team-b", "simple", "--cluster", "tcp://127.0.0.1:9"], "--cluster tcp://127.0.0.1:9"),
])
def test_gym_bad_input_is_one_line_and_exit_2(tmp_path, args, culprit):
    r = _run(["gym", *args, "--deals", "2", "--workers", "1"], tmp_path)
    if "--cluster" in args and "needs Dask" in r.stderr:
        pytest.skip("Dask distributed is not installed (optional extra arbitre[cluster])")
    assert r.returncode == 2, r.stderr
    assert culprit in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr


def test_play_unknown_player_exit_2():
    r = runner.invoke(app, ["play", "--players", "simple,simple,simple"])
    assert r.exit_code == 2


def test_gym_save_and_history(tmp_path):
    db = tmp_path / "kb.sqlite"
    r = runner.invoke(app, ["gym", "--team-a", "simple", "--team-b", "random", "--deals", "10", "--workers", "1",
                            "--save", "--db", str(db), "--json"])
    assert r.exit_code == 0
    saved = json.loads(r.stdout)["saved_id"]
    row = sqlite3.connect(db).execute("SELECT team_a, team_b, deals, duplicate, seed FROM gym_runs WHERE id = ?",
                                      (saved,)).fetchone()
    assert row == ("simple", "random", 10, 1, 0)
    h = runner.invoke(app, ["gym", "--history", "--db", str(db), "--json"])
    runs = json.loads(h.stdout)["runs"]
    assert runs[0]["id"] == saved and runs[0]["results"]["deals"] == 10
    text = runner.invoke(app, ["gym", "--history", "--db", str(db)])
    assert "simple" in text.stdout and "random" in text.stdout


def test_gym_plot_writes_a_png_or_says_how_to_install(tmp_path):
    out = tmp_path / "gym.png"
    r = runner.invoke(app, ["gym", "--team-a", "simple", "--team-b", "random", "--deals", "20", "--workers", "1",
                            "--plot", str(out)])
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert r.exit_code == 2 and "pip install 'arbitre[plot]'" in (r.stderr or r.output)
        return
    assert r.exit_code == 0 and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_missing_matplotlib_message(monkeypatch, tmp_path):
    import builtins

    from arbitre.arena.plot import plot_report
    from arbitre.rulings.errors import InputError

    real = builtins.__import__

    def no_mpl(name, *a, **k):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_mpl)
    with pytest.raises(InputError) as info:
        plot_report({}, tmp_path / "x.png")
    assert "pip install 'arbitre[plot]'" in info.value.render("en")


def test_gym_partial_result_on_two_workers(tmp_path):
    r = _run(["gym", "--team-a", "simple", "--team-b", "badplayers:Crasher", "--deals", "40", "--workers", "2",
              "--json"], tmp_path)
    assert r.returncode == 2
    doc = json.loads(r.stdout)
    assert doc["partial"] is True and 0 < doc["deals"] < 40 and "error" in doc
    assert "KeyError" in r.stderr and "Traceback" not in r.stderr


def test_gym_in_french_writes_numbers_the_french_way():
    """Decimal comma, a narrow no-break space before % and between thousands, bounds split by ' ; '."""
    r = runner.invoke(app, ["gym", "--team-a", "simple", "--team-b", "random", "--deals", "600", "--workers", "1",
                            "--seed", "2", "--lang", "fr"])
    assert r.exit_code == 0, r.output
    assert "1\u202f200 donnes jouées en" in r.stdout, r.stdout
    line = next(x for x in r.stdout.splitlines() if x.startswith("Différence A - B"))
    assert "." not in line.replace("p = ", ""), line  # every decimal takes the comma
    assert " ; " in line and "," in line, line
    assert "\u202f%" in r.stdout
    en = runner.invoke(app, ["gym", "--team-a", "simple", "--team-b", "random", "--deals", "600", "--workers", "1",
                             "--seed", "2"])
    assert "1,200 deals played in" in " ".join(en.stdout.split())
