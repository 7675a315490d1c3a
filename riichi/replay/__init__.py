"""Replaying real game records through the engine (the ``riichi replay`` command's library half).

>>> from riichi.formats.detect import read_record
>>> from pathlib import Path
>>> path = Path("tests/data/games/logs/2010081709gm-00a9-0000-fe3371ad.xml")
>>> out = list(replay_game(read_record(path.read_bytes(), name=path.name), file=path.name))
>>> [o["matches_log"] for o in out].count(True), out[-1]["type"], out[-1]["final_scores"]
(16, 'game_end', [20100, 35800, 5200, 38900])
"""

from __future__ import annotations

from riichi.replay.run import error_object, kyoku_object, replay_game
from riichi.replay.sources import expand_paths, replay_paths

__all__ = ["error_object", "expand_paths", "kyoku_object", "replay_game", "replay_paths"]
