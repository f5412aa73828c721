"""Helpers: play records with the engine, find coups and tricks with a given feature."""
from __future__ import annotations

import copy
import json
import random

from arbitre.rulings.tresillo.game import play_game
from arbitre.rulings.tresillo.players import RandomPlayer, SimplePlayer


def record(seed: int, kind: str = "simple", coups: int = 6, players: int = 4) -> dict:
    rng = random.Random(seed)
    table = [(SimplePlayer if kind == "simple" else RandomPlayer)(random.Random(rng.random())) for _ in range(players)]
    return play_game(table, [f"P{i}" for i in range(1, players + 1)], rng, coups=coups)


def find(predicate, kind: str = "simple", seeds: range = range(200), **kw) -> tuple[dict, int]:
    """A fresh record and the index of its first coup satisfying ``predicate(coup)``."""
    for seed in seeds:
        rec = record(seed, kind, **kw)
        for i, coup in enumerate(rec["coups"]):
            if predicate(coup):
                return copy.deepcopy(rec), i
    raise AssertionError("no coup found")


def dump(rec: dict) -> str:
    return json.dumps(rec, ensure_ascii=False)
