"""The score sheet: a game written down hand by hand at a real table, scored (the ``riichi sheet`` command's
library half, and the club and tournament pages' too).

>>> game = SheetGame(hands=(SheetHand.ron(2, SheetWin(1, han=4, fu=30), riichi=(2,)),
...                         SheetHand.draw(tenpai=(1, 2), riichi=(1,))))
>>> [h.deltas for h in score_sheet(game).hands]
[(0, 8700, -7700, 0), (-1500, 1500, 1500, -1500)]

:mod:`riichi.sheet.model` holds the values, :mod:`riichi.sheet.score` the scoring, :mod:`riichi.sheet.records`
the sheet of a game record replayed by the engine; :mod:`riichi.formats.sheet` reads and writes the JSON of the
score-sheet contract.
"""

from __future__ import annotations

from riichi.game.progress import EndReason, HandFrame
from riichi.sheet.model import (
    FinalScoresGame,
    HandKind,
    SheetGame,
    SheetHand,
    SheetHandResult,
    SheetResult,
    SheetWin,
    SheetWinResult,
)
from riichi.sheet.score import score_final, score_sheet

__all__ = [
    "EndReason",
    "FinalScoresGame",
    "HandFrame",
    "HandKind",
    "SheetGame",
    "SheetHand",
    "SheetHandResult",
    "SheetResult",
    "SheetWin",
    "SheetWinResult",
    "score_final",
    "score_sheet",
]
