"""Belote players and the arena where they play: observations, the player interface, the
registry of players, the engine that plays complete deals and games with them, game
records, and the gym that measures one team against another.

The referee library (:mod:`arbitre.rulings.belote`) owns the rules; everything here
calls its kernels (``legal_mask``, ``winner_pos``, ``mask_points``, ``hand_announces``,
``score_deal``) and never restates a rule. Heavy parts (the gym, plotting, the cluster)
are imported only when used.
"""
from __future__ import annotations

from arbitre.arena.observation import Observation
from arbitre.arena.player import BasePlayer, Player

__all__ = ["BasePlayer", "Observation", "Player"]
