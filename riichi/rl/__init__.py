"""Reinforcement-learning environments (the ``rl`` extra: NumPy, Gymnasium, PettingZoo).

Importing this package registers the Gymnasium id ``riichi/Mahjong-v0`` (:class:`MahjongEnv`: one learning
seat against built-in or mjai players); :func:`aec_env` is a PettingZoo AEC environment with every seat an
agent, :func:`vector_env` many tables stepped in one process. :mod:`riichi.rl.encoding` documents the
observation and the action space.
"""

from __future__ import annotations

import gymnasium as gym

from riichi.rl.aec import MahjongAEC, aec_env
from riichi.rl.encoding import ACTIONS, PLANES, action_index, encode, legal_indices
from riichi.rl.env import MahjongEnv, vector_env

__all__ = ["ACTIONS", "PLANES", "MahjongAEC", "MahjongEnv", "action_index", "aec_env", "encode", "legal_indices",
           "vector_env"]

if "riichi/Mahjong-v0" not in gym.registry:
    gym.register(id="riichi/Mahjong-v0", entry_point="riichi.rl.env:MahjongEnv")
