"""Playing a game: events, the wall, the state of a hand and of a game, players."""

from __future__ import annotations
