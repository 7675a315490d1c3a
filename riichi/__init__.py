"""riichi: Japanese (riichi) mahjong in Python.

>>> from riichi import Hand, WinContext, score
>>> s = score(Hand.parse("234m456p678s44433z"), WinContext.parse_kwargs(win="3z", tsumo=True, seat_wind="S"))
>>> s.han, s.fu, s.points
(1, 40, 1500)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riichi.scoring.context import WinContext
from riichi.errors import (
    ImpossibleTilesError,
    InconsistentSituationError,
    InvalidCaseError,
    NotationError,
    NotWinningError,
    NoYakuError,
    RiichiError,
    UnknownRulesError,
    WrongTileCountError,
)
from riichi.hand import Hand, Meld, MeldType
from riichi.scoring.limits import Limit
from riichi.rules import PRESETS, RuleSet, resolve_rules
from riichi.scoring.scorer import Score, score
from riichi.tiles import Tile, Wind
from riichi.yaku import Yaku

if TYPE_CHECKING:
    from riichi.shapes.shanten import Shanten

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "Hand",
    "ImpossibleTilesError",
    "InconsistentSituationError",
    "InvalidCaseError",
    "Limit",
    "Meld",
    "MeldType",
    "NoYakuError",
    "NotWinningError",
    "NotationError",
    "RiichiError",
    "RuleSet",
    "Score",
    "Shanten",
    "Tile",
    "UnknownRulesError",
    "Wind",
    "WinContext",
    "WrongTileCountError",
    "Yaku",
    "resolve_rules",
    "score",
]


def __getattr__(name: str) -> object:
    """``Shanten`` is imported on first use (PEP 562): scoring never needs :mod:`riichi.shapes.shanten`."""
    if name == "Shanten":
        from riichi.shapes.shanten import Shanten  # noqa: PLC0415 - deferred to keep ``import riichi`` cheap

        globals()["Shanten"] = Shanten
        return Shanten
    raise AttributeError(f"module 'riichi' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
