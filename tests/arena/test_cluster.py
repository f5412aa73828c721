"""The gym on a real local Dask cluster gives the same results as the process pool."""
import time

import pytest
from arbitre.arena.gym import DETERMINISTIC_KEYS, GymConfig, aggregate
from arbitre.arena.parallel import run

pytest.importorskip("distributed", reason="Dask distributed is the optional extra arbitre[cluster]")

pytestmark = pytest.mark.slow  # starting a local cluster takes several seconds on a shared machine


def test_local_cluster_equals_process_pool():
    cfg = GymConfig(("memory", "memory"), ("simple", "simple"), 40, seed=21)
    t0 = time.perf_counter()
    boards_c, err_c, sec_c, backend = run(cfg, workers=2, cluster="local")
    assert err_c is None and backend.startswith("dask local cluster")
    boards_p, err_p, sec_p, _ = run(cfg, workers=2)
    assert err_p is None
    a, b = aggregate(cfg, boards_c, sec_c), aggregate(cfg, boards_p, sec_p)
    for key in DETERMINISTIC_KEYS:
        assert a[key] == b[key], key
    for team in ("A", "B"):
        for key in ("mean_points", "ci95", "deals_won", "taking_rate", "success_rate"):
            assert a["teams"][team][key] == b["teams"][team][key]
    assert time.perf_counter() - t0 < 300
