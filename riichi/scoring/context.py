"""The situation of a win: how it was won, the winds, declarations, indicators, sticks.

:class:`WinContext` is everything about a win that is not the tiles themselves
and not the rules. It is an immutable value (a
named tuple: cheap to build, millions of times in a batch); change it with
``ctx._replace(tsumo=True)``.

>>> ctx = WinContext.parse_kwargs(win="3z", tsumo=True, seat_wind="S", dora="1m")
>>> ctx.win, ctx.seat_wind, ctx.dora
(Tile.parse('3z'), Wind.parse('S'), (Tile.parse('1m'),))
"""

from __future__ import annotations

from typing import NamedTuple

from riichi.notation import parse_tiles
from riichi.tiles import Tile, Wind

__all__ = ["WinContext"]


class WinContext(NamedTuple):
    """How a hand was won. Seats are named by their wind this hand (``EAST`` deals)."""

    #: The winning tile (one of the hand's tiles).
    win: Tile
    tsumo: bool = False
    #: On ron, the seat that dealt in (or whose kan was robbed).
    discarder: Wind | None = None
    #: On ron, whether the discarder had declared riichi (open riichi rules).
    discarder_riichi: bool = False
    seat_wind: Wind = Wind.EAST
    round_wind: Wind = Wind.EAST
    riichi: bool = False
    double_riichi: bool = False
    open_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    paarenchan: bool = False
    #: Dora indicators, kan dora included.
    dora: tuple[Tile, ...] = ()
    #: Ura-dora indicators (counted only for a riichi winner).
    ura: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind is Wind.EAST

    @property
    def in_riichi(self) -> bool:
        """Riichi, double riichi or open riichi was declared."""
        return self.riichi or self.double_riichi or self.open_riichi

    @classmethod
    def parse_kwargs(cls, *, win: str, dora: str = "", ura: str = "", seat_wind: str = "E",
                     round_wind: str = "E", discarder: str | None = None, **flags: bool | int) -> WinContext:
        """Build a context from notation strings (``win="0p"``, ``dora="3m7z"``, ``seat_wind="S"``)."""
        return cls(
            win=Tile.parse(win),
            dora=parse_tiles(dora),
            ura=parse_tiles(ura),
            seat_wind=Wind.parse(seat_wind),
            round_wind=Wind.parse(round_wind),
            discarder=Wind.parse(discarder) if discarder else None,
            **flags,  # type: ignore[arg-type]
        )
