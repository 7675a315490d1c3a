"""Small values of a hand in play: its phase, a river tile, an accepted win."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from riichi import Hand, Score, WinContext
from riichi.frozen import Frozen
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


@dataclass(init=False, slots=True, unsafe_hash=True)
class RiverTile(Frozen):
    """A discard as the river shows it. A record (see :mod:`riichi.frozen`): one is made at every discard, and
    a written ``__init__`` compiles to native code where the one the ``dataclasses`` module makes for a
    frozen dataclass stays Python (a tenth of a compiled decision went to making these and the events)."""

    tile: Final[Tile]
    tsumogiri: Final[bool]
    #: The riichi declaration tile (turned sideways).
    riichi: Final[bool]
    #: Taken by another seat's call (it leaves the river, but still counts for furiten and nagashi).
    called: Final[bool]

    def __init__(self, tile: Tile, tsumogiri: bool = False, riichi: bool = False, called: bool = False) -> None:  # noqa: FBT001, FBT002
        self.tile = tile
        self.tsumogiri = tsumogiri
        self.riichi = riichi
        self.called = called

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


