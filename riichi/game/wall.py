"""The wall: 136 tiles in drawing order, the last 14 being the dead wall.

A :class:`Wall` is a frozen value: its tiles in the order they are dealt and drawn. The live wall is
the first 122 tiles: 52 are dealt (four at a time, three times, then one each, the dealer first), the
other 70 are drawn in turn. The dead wall is the last 14: four replacement tiles (rinshan) for kans,
then five dora indicators, each with its ura indicator after it. Every kan takes a replacement tile,
and the live wall gives up its last tile to the dead wall, so each kan shortens the live wall by one.

>>> wall = Wall.shuffled(seed=7, aka=3)
>>> len(wall.tiles), sum(t.is_red for t in wall.tiles)
(136, 3)
>>> wall == Wall.shuffled(seed=7, aka=3)  # the same seed gives the same wall
True
>>> [len(h) for h in wall.hands(dealer=0)]
[13, 13, 13, 13]
>>> wall.live_tile(0) == wall.tiles[52]  # the dealer's first draw follows the deal
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from riichi.errors import IllegalActionError, ImpossibleTilesError
from riichi.notation import format_tiles
from riichi.tiles import Tile

__all__ = ["DEAD_WALL", "DEALT", "LIVE_DRAWS", "MAX_KANS", "Wall", "full_set"]

#: Tiles in a set, in the dead wall, dealt at the start, and drawn from the live wall when nobody kans.
TILES: Final = 136
DEAD_WALL: Final = 14
DEALT: Final = 52
LIVE_DRAWS: Final = TILES - DEAD_WALL - DEALT  # 70
#: Replacement tiles in the dead wall: a fifth kan is refused.
MAX_KANS: Final = 4
#: Dora indicators the dead wall holds (the first and one per kan).
MAX_INDICATORS: Final = 5

_RINSHAN_AT: Final = TILES - DEAD_WALL  # 122: the four replacement tiles
_DORA_AT: Final = _RINSHAN_AT + MAX_KANS  # 126: indicator k at 126 + 2k, its ura at 127 + 2k


def full_set(aka: int = 3) -> tuple[Tile, ...]:
    """The 136 tiles with ``aka`` red fives (0..4; 3 is one per suit, 4 adds a second red 5p)."""
    if not 0 <= aka <= 4:  # noqa: PLR2004
        raise ImpossibleTilesError(f"a set has 0 to 4 red fives, not {aka}")
    tiles = [Tile.from_kind(k) for k in range(34) for _ in range(4)]
    reds = (Tile.M0, Tile.P0, Tile.S0, Tile.P0)[:aka]
    for red in reds:
        tiles.remove(Tile.from_kind(red.kind))
        tiles.append(red)
    return tuple(tiles)


def _deal_places(dealer: int) -> list[list[int]]:
    """The wall positions of each seat's starting tiles: four each three times, then one each, dealer first."""
    places: list[list[int]] = [[], [], [], []]
    at = 0
    for size in (4, 4, 4, 1):
        for i in range(4):
            places[(dealer + i) % 4] += range(at, at + size)
            at += size
    return places


@dataclass(frozen=True, slots=True)
class Wall:
    """136 tiles in drawing order (see the module's description for the layout)."""

    tiles: tuple[Tile, ...]

    def __post_init__(self) -> None:
        tiles = tuple(self.tiles)
        object.__setattr__(self, "tiles", tiles)
        if len(tiles) != TILES:
            raise ImpossibleTilesError(f"a wall has {TILES} tiles, not {len(tiles)}")
        counts = [0] * 34
        for t in tiles:
            counts[t.kind] += 1
        wrong = [k for k, n in enumerate(counts) if n != 4]  # noqa: PLR2004
        if wrong:
            raise ImpossibleTilesError(f"a wall has four of each tile, but {format_tiles([Tile(wrong[0])])} "
                                       f"appears {counts[wrong[0]]} times")

    @classmethod
    def shuffled(cls, seed: int | random.Random, *, aka: int = 3) -> Wall:
        """A wall shuffled by ``random.Random(seed)`` (or the generator given): the same seed, the same wall."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        tiles = list(full_set(aka))
        rng.shuffle(tiles)
        return cls(tuple(tiles))

    @classmethod
    def arranged(cls, *, dealer: int = 0, hands: Mapping[int, str] | None = None, draws: str = "",
                 rinshan: str = "", dora: str = "", ura: str = "", aka: int = 3, seed: int = 0) -> Wall:
        """A wall with chosen tiles in chosen places, the rest of the set shuffled from ``seed`` around them.

        ``hands`` maps seats to starting hands (13 tiles each, MPSZ), ``draws`` lists the live-wall draws
        in order, ``rinshan`` the replacement tiles, ``dora`` and ``ura`` the indicators in order. For
        tests and worked examples:

        >>> wall = Wall.arranged(hands={0: "123456789m1122z"}, draws="3z", dora="1p")
        >>> wall.hands(0)[0][:3], wall.live_tile(0), wall.dora_indicator(0)
        ((Tile.parse('1m'), Tile.parse('2m'), Tile.parse('3m')), Tile.parse('3z'), Tile.parse('1p'))
        """
        from riichi.notation import parse_tiles  # noqa: PLC0415 - only the arranging reader needs it

        places: dict[int, Tile] = {}
        seat_places = _deal_places(dealer)
        for seat, text in (hands or {}).items():
            tiles = parse_tiles(text)
            if len(tiles) != 13:  # noqa: PLR2004
                raise ImpossibleTilesError(f"seat {seat}'s starting hand needs 13 tiles, not {len(tiles)}")
            places.update(zip(seat_places[seat], tiles, strict=True))
        for start, text, limit in ((DEALT, draws, LIVE_DRAWS), (_RINSHAN_AT, rinshan, MAX_KANS)):
            tiles = parse_tiles(text)
            if len(tiles) > limit:
                raise ImpossibleTilesError(f"at most {limit} tiles go there, not {len(tiles)}")
            places.update(zip(range(start, start + len(tiles)), tiles, strict=True))
        for offset, text in ((0, dora), (1, ura)):
            tiles = parse_tiles(text)
            if len(tiles) > MAX_INDICATORS:
                raise ImpossibleTilesError(f"the dead wall holds {MAX_INDICATORS} indicators of each kind")
            places.update({_DORA_AT + 2 * k + offset: t for k, t in enumerate(tiles)})
        rest = list(full_set(aka))
        for tile in places.values():
            if tile not in rest:
                raise ImpossibleTilesError(f"the arrangement uses more {tile} than the set has")
            rest.remove(tile)
        random.Random(seed).shuffle(rest)
        filler = iter(rest)
        return cls(tuple(places[i] if i in places else next(filler) for i in range(TILES)))

    @classmethod
    def parse(cls, text: str) -> Wall:
        """A wall written as 136 tiles in drawing order (MPSZ, unsorted)."""
        from riichi.notation import parse_tiles  # noqa: PLC0415 - only this reader needs it

        return cls(parse_tiles(text))

    def hands(self, dealer: int) -> tuple[tuple[Tile, ...], ...]:
        """The four starting hands by absolute seat: four tiles each three times, then one each, from the dealer."""
        return tuple(tuple(self.tiles[i] for i in places) for places in _deal_places(dealer))

    def live_tile(self, n: int) -> Tile:
        """The ``n``-th tile drawn from the live wall after the deal (0-based)."""
        if not 0 <= n < LIVE_DRAWS:
            raise IllegalActionError(f"the live wall has {LIVE_DRAWS} draws, not a draw number {n}", rule="wall")
        return self.tiles[DEALT + n]

    def rinshan(self, k: int) -> Tile:
        """The replacement tile of the ``k``-th kan (0-based); a fifth kan has none."""
        if not 0 <= k < MAX_KANS:
            raise IllegalActionError("the dead wall holds four replacement tiles: a fifth kan is refused",
                                     rule="fifth_kan")
        return self.tiles[_RINSHAN_AT + k]

    def dora_indicator(self, k: int) -> Tile:
        """The ``k``-th dora indicator (0: the first, then one per kan)."""
        if not 0 <= k < MAX_INDICATORS:
            raise IllegalActionError(f"the dead wall holds {MAX_INDICATORS} dora indicators", rule="wall")
        return self.tiles[_DORA_AT + 2 * k]

    def ura_indicator(self, k: int) -> Tile:
        """The ura dora indicator under the ``k``-th dora indicator."""
        if not 0 <= k < MAX_INDICATORS:
            raise IllegalActionError(f"the dead wall holds {MAX_INDICATORS} ura indicators", rule="wall")
        return self.tiles[_DORA_AT + 2 * k + 1]

    def __str__(self) -> str:
        return format_tiles(self.tiles, sort=False)

    def __repr__(self) -> str:
        return f"Wall.parse('{self}')"
