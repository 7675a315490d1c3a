"""Scoring a winning hand: its facts, readings, yaku, fu, limits and settlement.

:func:`score` is the one entry point; the modules below it are its steps.
"""

from __future__ import annotations

from riichi.scoring.context import WinContext
from riichi.scoring.scorer import Score, score

__all__ = ["Score", "WinContext", "score"]
