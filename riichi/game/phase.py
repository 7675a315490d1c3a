"""Small values of a hand in play: its phase, a river tile, an accepted win."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from riichi import Hand, Score, WinContext
from riichi.game.events import Win
from riichi.tiles import Tile

__all__ = ["Phase", "RiverTile", "WinRecord"]


class Phase(enum.Enum):
    """Whose move it is and of what kind."""

    DRAW = "draw"  #: ``turn`` draws (a replacement tile after a kan when ``needs_rinshan``)
    TURN = "turn"  #: ``turn`` holds a drawn hand: discard, tsumo, riichi, kan, kyuushu kyuuhai
    CALLS = "calls"  #: a discard is out: ron, pon, kan, chi, or the next draw
    KAN = "kan"  #: a kan was declared: chankan may rob it, else the replacement draw
    OVER = "over"  #: the hand has ended (a win or a drawn hand)

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


@dataclass(frozen=True, slots=True)
class RiverTile:
    """A discard as the river shows it."""

    tile: Tile
    tsumogiri: bool = False
    #: The riichi declaration tile (turned sideways).
    riichi: bool = False
    #: Taken by another seat's call (it leaves the river, but still counts for furiten and nagashi).
    called: bool = False

    def __str__(self) -> str:
        return f"{self.tile}{'*' if self.tsumogiri else ''}{'r' if self.riichi else ''}{'^' if self.called else ''}"


@dataclass(frozen=True, slots=True)
class WinRecord:
    """A win the round accepted: the event, the hand and context it was scored from, and the score."""

    event: Win
    hand: Hand
    context: WinContext
    #: The hand's value and payments without honba and sticks (the game settles those).
    score: Score


