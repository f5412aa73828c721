"""A knowledge base is never left broken: concurrent first runs, SIGKILL and a full disk,
with `arbitre` run as real processes."""
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from kbproc import RECORD, run, start

from arbitre.kb.dbfile import APPLICATION_ID
from arbitre.kb.paths import migrations_dir
from arbitre.kb.revisions import head
from arbitre.kb.state import inspect

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and resource limits")
HEAD = head(migrations_dir())


def whole(path: Path) -> bool:
    """A complete KB: at head, marked, its content all there."""
    status = inspect(path)
    if status.state != "current":
        return False
    conn = sqlite3.connect(path)
    try:
        return (conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
                and conn.execute("SELECT count(*) FROM position_states").fetchone()[0] == 30
                and conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok")
    finally:
        conn.close()


def leftovers(folder: Path, name: str) -> list[str]:
    return sorted(f.name for f in folder.iterdir() if f.name not in (name, name + ".lock"))


@pytest.mark.slow
@pytest.mark.parametrize("round_no", range(3))
def test_eight_processes_on_a_fresh_db_all_succeed(tmp_path, round_no):
    p = tmp_path / "fresh.sqlite"
    procs = [start("classify", "1H P 2C X P P P", "--dealer", "S", "--json", db=p) for _ in range(8)]
    results = [(proc.wait(timeout=300), proc.stderr.read() if proc.stderr else "") for proc in procs]
    for proc in procs:
        proc.stdout.close()  # type: ignore[union-attr]
        proc.stderr.close()  # type: ignore[union-attr]
    assert [code for code, _ in results] == [0] * 8, results
    assert whole(p)
    assert leftovers(tmp_path, p.name) == []
    again = run("classify", "1H P 2C X P P P", "--dealer", "S", "--json", db=p)
    assert again.returncode == 0, again.stderr


def _wait_for(condition, proc: subprocess.Popen, limit: float = 120) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and proc.poll() is None:
        if condition():
            return True
        time.sleep(0.005)
    return False


def _kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    proc.stdout.close()  # type: ignore[union-attr]
    proc.stderr.close()  # type: ignore[union-attr]


@pytest.mark.slow
@pytest.mark.parametrize("after", [None, 0.0, 0.15, 0.4])
def test_sigkill_during_the_first_run_leaves_no_db_or_a_whole_one(tmp_path, after):
    """Killed before it starts building (None), or while the build is under way: no DB or a whole one."""
    p = tmp_path / "kb.sqlite"
    proc = start("db", "upgrade", db=p)
    if after is None:
        time.sleep(0.05)
    else:
        building = _wait_for(lambda: any(f.startswith(f".{p.name}.build-") for f in leftovers(tmp_path, p.name)),
                             proc)
        assert building, "the build finished before the test saw it start"
        time.sleep(after)
    _kill(proc)
    assert not p.exists() or whole(p), "a killed first run left a broken KB"
    r = run("states", "--json", db=p)
    assert r.returncode == 0, r.stderr
    assert whole(p) and leftovers(tmp_path, p.name) == []


@pytest.mark.slow
def test_sigkill_during_an_upgrade_in_place_rolls_it_back(tmp_path):
    """An upgrade of an existing KB is one transaction: killed, the file stays whole at its old revision."""
    from arbitre.kb import bootstrap

    rolled_back = 0
    for i, after in enumerate((0.0, 0.1, 0.3)):
        p = tmp_path / f"kb{i}.sqlite"
        bootstrap.upgrade(p, "0002")
        proc = start("db", "upgrade", db=p)
        _wait_for(lambda p=p: p.with_name(p.name + "-journal").exists(), proc)
        time.sleep(after)
        _kill(proc)
        status = inspect(p)
        assert status.state in ("behind", "current"), status
        conn = sqlite3.connect(p)
        states = conn.execute("SELECT count(*) FROM position_states").fetchone()[0]
        laws = conn.execute("SELECT count(*) FROM laws").fetchone()[0]
        conn.close()
        if status.revision == "0002":
            assert (states, laws) == (0, 0), "a killed upgrade left part of its content"
            rolled_back += 1
        else:
            assert status.revision == HEAD and states == 30 and laws > 0
        assert run("states", "--json", db=p).returncode == 0 and whole(p)
    assert rolled_back, "no kill landed inside the upgrade's transaction: the test proved nothing"


def _fsize_limit(limit: int):
    import resource

    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def test_file_size_limit_during_the_first_run_leaves_no_db(tmp_path):
    p = tmp_path / "kb.sqlite"
    r = run("states", "--json", db=p, preexec_fn=_fsize_limit(100_000))
    assert r.returncode == 3, r.stderr
    assert "nothing was written" in r.stderr and "Traceback" not in r.stderr
    assert not p.exists() and leftovers(tmp_path, p.name) == []
    assert run("states", "--json", db=p).returncode == 0 and whole(p)


def _entries(p: Path) -> int:
    conn = sqlite3.connect(p)
    try:
        return conn.execute("SELECT count(*) FROM ruling_log").fetchone()[0]
    finally:
        conn.close()


def test_file_size_limit_during_record_writes_no_partial_entry(kb_path, tmp_path):
    import shutil

    p = tmp_path / "kb.sqlite"
    shutil.copy(kb_path, p)
    assert run(*RECORD, "--event", "first", db=p).returncode == 0
    before = _entries(p)
    r = run(*RECORD, "--event", "E" * 100_000, db=p, preexec_fn=_fsize_limit(p.stat().st_size))
    assert r.returncode == 3, r.stderr
    assert "nothing was written" in r.stderr and "Traceback" not in r.stderr
    assert _entries(p) == before and whole(p)


@pytest.fixture()
def small_disk(tmp_path):
    """A real 1 MiB filesystem (tmpfs), so that the disk really fills up; skipped where it cannot be mounted."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    if os.geteuid() != 0 or not Path("/proc/filesystems").exists():
        pytest.skip("mounting a small tmpfs needs root")
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)], capture_output=True, check=False)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {r.stderr.decode(errors='replace').strip()}")
    try:
        yield mnt
    finally:
        if subprocess.run(["umount", str(mnt)], check=False).returncode != 0:
            subprocess.run(["umount", "-l", str(mnt)], check=True)


def _fill(folder: Path, leave: int) -> None:
    """Fill the filesystem of ``folder`` until ``leave`` bytes are free."""
    st = os.statvfs(folder)
    free = st.f_bavail * st.f_frsize
    with open(folder / "filler", "wb") as f:
        f.write(b"\0" * max(0, free - leave))


def test_a_full_disk_during_the_first_run_leaves_no_db(small_disk):
    _fill(small_disk, 200_000)
    p = small_disk / "kb.sqlite"
    r = run("states", "--json", db=p)
    assert r.returncode == 3, r.stderr
    assert "disk full" in r.stderr and "Traceback" not in r.stderr
    assert not p.exists()
    assert [f.name for f in small_disk.iterdir() if f.name.startswith(".")] == []


def test_a_full_disk_during_record_is_exit_3_without_a_partial_entry(kb_path, small_disk):
    import shutil

    p = small_disk / "kb.sqlite"
    shutil.copy(kb_path, p)
    assert run(*RECORD, "--event", "first", db=p).returncode == 0
    before = _entries(p)
    _fill(small_disk, 8_192)
    r = run(*RECORD, "--event", "E" * 100_000, db=p)
    assert r.returncode == 3, r.stderr
    assert "disk full" in r.stderr and "nothing was written" in r.stderr and "Traceback" not in r.stderr
    (small_disk / "filler").unlink()
    assert _entries(p) == before and whole(p)
