"""Derive the defective sample game from the clean one arbitre wrote (``arbitre belote play
--seed 7 --record``): a handful of defects, each the kind a scorer meets, planted by hand-made
rules so the checker's answer is known. Run it to rewrite the shipped file:

    python3 tests/belote/defective_sample.py
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "belote" / "samples"
CLEAN, DEFECTIVE = SAMPLES / "clean-game.json", SAMPLES / "defective-game.json"

PLANTED = {
    # deal -> defect kinds the checker must report there (0: the game's totals)
    1: ["announce_repeated"],
    2: ["wrong_winner"],
    3: ["trick_number"],
    4: ["score_mismatch"],
    6: ["deal_number"],  # deal 5 of the record, numbered 6
    0: ["team_total"],
}


def make(clean: dict[str, Any]) -> dict[str, Any]:
    doc = copy.deepcopy(clean)
    deals = doc["manches"]
    # deal 1: the same announce claimed twice (counted once by the table, twice by the scorer)
    first = deals[0]["resultat_manche"]
    claim = first["annonces"][0]
    first["annonces"].append(dict(claim))
    # deal 2: the last trick credited to the wrong player
    last = deals[1]["plis"][7]
    last["vainqueur_id"] = next(p["joueur_id"] for p in last["cartes_jouees"] if p["joueur_id"] != last["vainqueur_id"])
    # deal 3: two tricks numbered alike
    deals[2]["plis"][3]["numero_pli"] = 3
    # deal 4: 10 points too many for the takers (and so the team total)
    deals[3]["resultat_manche"]["score_equipe_prenante"] += 10
    # deal 5: numbered 6
    deals[4]["numero_manche"] = 6
    return doc


if __name__ == "__main__":
    clean = json.loads(CLEAN.read_text(encoding="utf-8"))
    DEFECTIVE.write_text(json.dumps(make(clean), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(DEFECTIVE)
