"""The wall: 136 tiles in drawing order (108 with three players), the last 14 being the dead wall.

A :class:`Wall` is a frozen value: its tiles in the order they are dealt and drawn. The live wall is
the first 122 tiles: 52 are dealt (four at a time, three times, then one each, the dealer first), the
other 70 are drawn in turn. The dead wall is the last 14: four replacement tiles (rinshan) for kans,
then five dora indicators, each with its ura indicator after it. Every kan takes a replacement tile,
and the live wall gives up its last tile to the dead wall, so each kan shortens the live wall by one.

Three players play without 2m..8m: 108 tiles, 39 dealt, 55 drawn, a dead wall of 14. A North set
aside (kita) takes a replacement tile too and shortens the live wall by one, so a hand may take up to
eight (four kans, four Norths): the dead wall holds the eight replacement tiles, then the first three
indicator pairs; the fourth and fifth pairs lie at the live wall's end (the fourth its last two tiles,
the fifth the two before), which the replacements drawn by then have cut off. That is how Tenhou lays
its three-player walls (rebuilt from the seeds of 70 real games, :mod:`riichi.formats.tenhou_wall`).

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
from functools import cache
from typing import Final

from riichi.errors import IllegalActionError, ImpossibleTilesError
from riichi.notation import format_tiles
from riichi.rules.tileset import SANMA_REMOVED, tile_set
from riichi.tiles import Tile

__all__ = ["DEAD_WALL", "DEALT", "LIVE_DRAWS", "MAX_KANS", "MAX_REPLACEMENTS_SANMA", "Wall", "full_set", "live_draws"]

#: Tiles in a set, in the dead wall, dealt at the start, and drawn from the live wall when nobody kans.
TILES: Final = 136
DEAD_WALL: Final = 14
DEALT: Final = 52
LIVE_DRAWS: Final = TILES - DEAD_WALL - DEALT  # 70
#: Replacement tiles in the dead wall: a fifth kan is refused.
MAX_KANS: Final = 4
#: Dora indicators the dead wall holds (the first and one per kan).
MAX_INDICATORS: Final = 5
_SANMA_TILES: Final = 108

#: Replacement tiles a three-player hand may take: four kans and four Norths set aside.
MAX_REPLACEMENTS_SANMA: Final = 8


def _replacement_at(live_end: int, k: int) -> int:
    """Where the ``k``-th replacement tile is: the dead wall's first tiles, in order."""
    return live_end + k


def _indicator_at(players: int, live_end: int, k: int) -> int:
    """Where the ``k``-th dora indicator is (its ura indicator right after it): the dead wall's pairs after
    its replacement tiles, then (three players) pairs at the live wall's end, from its end backwards."""
    replacements = MAX_KANS if players == 4 else MAX_REPLACEMENTS_SANMA  # noqa: PLR2004
    pairs = (DEAD_WALL - replacements) // 2
    if k < pairs:
        return live_end + replacements + 2 * k
    return live_end - 2 * (k - pairs + 1)


def live_draws(players: int) -> int:
    """Tiles drawn from the live wall when nobody kans: 70 with four players, 55 with three."""
    return tile_set(players, 0).size - DEAD_WALL - 13 * players


@cache  # made once for each set: every hand's wall is a shuffle of it
def full_set(aka: int = 3, *, players: int = 4) -> tuple[Tile, ...]:
    """The 136 tiles with ``aka`` red fives (0..4; 3 is one per suit, 4 adds a second red 5p); with three
    players the 108 of the rules' tile set (2m..8m out, so no red 5m: ``aka`` 3 is a red 5p and a red 5s),
    in kind order with the red fives last (the order a seed shuffles)."""
    if not 0 <= aka <= 4:  # noqa: PLR2004
        raise ImpossibleTilesError(f"a set has 0 to 4 red fives, not {aka}")
    kinds = tile_set(players, aka)
    tiles = [Tile.from_kind(k) for k in range(34) for _ in range(kinds.copies[k])]
    for red in kinds.reds:
        tiles.remove(Tile.from_kind(red.kind))
        tiles.append(red)
    return tuple(tiles)


def _deal_places(dealer: int, players: int = 4) -> list[list[int]]:
    """The wall positions of each seat's starting tiles: four each three times, then one each, dealer first."""
    places: list[list[int]] = [[] for _ in range(players)]
    at = 0
    for size in (4, 4, 4, 1):
        for i in range(players):
            places[(dealer + i) % players] += range(at, at + size)
            at += size
    return places


@dataclass(frozen=True, slots=True)
class Wall:
    """136 tiles in drawing order, or 108 for three players (see the module's description for the layout)."""

    tiles: tuple[Tile, ...]

    def __post_init__(self) -> None:
        tiles = tuple(self.tiles)
        object.__setattr__(self, "tiles", tiles)
        if len(tiles) not in (TILES, _SANMA_TILES):
            raise ImpossibleTilesError(f"a wall has {TILES} tiles ({_SANMA_TILES} with three players), "
                                       f"not {len(tiles)}")
        counts = [0] * 34
        for t in tiles:
            counts[t.kind] += 1
        sanma = len(tiles) == _SANMA_TILES
        wrong = [k for k, n in enumerate(counts) if n != (0 if sanma and k in SANMA_REMOVED else 4)]
        if wrong:
            rule = "no 2m..8m and four of each other tile" if sanma else "four of each tile"
            raise ImpossibleTilesError(f"a wall has {rule}, but {format_tiles([Tile(wrong[0])])} "
                                       f"appears {counts[wrong[0]]} times")

    @property
    def players(self) -> int:
        """4, or 3 for a wall of 108 tiles."""
        return 3 if len(self.tiles) == _SANMA_TILES else 4

    @property
    def dealt(self) -> int:
        """Tiles dealt at the start: 13 a seat."""
        return 13 * self.players

    @property
    def live_end(self) -> int:
        """The position of the dead wall's first tile (the live wall ends before it)."""
        return len(self.tiles) - DEAD_WALL

    @property
    def max_replacements(self) -> int:
        """Replacement tiles a hand may take: four kans (and, with three players, four Norths)."""
        return MAX_KANS if self.players == 4 else MAX_REPLACEMENTS_SANMA  # noqa: PLR2004

    @classmethod
    def shuffled(cls, seed: int | random.Random, *, aka: int = 3, players: int = 4) -> Wall:
        """A wall shuffled by ``random.Random(seed)`` (or the generator given): the same seed, the same wall."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        tiles = list(full_set(aka, players=players))
        rng.shuffle(tiles)
        return cls(tuple(tiles))

    @classmethod
    def arranged(cls, *, dealer: int = 0, hands: Mapping[int, str] | None = None, draws: str = "",  # noqa: PLR0913
                 rinshan: str = "", dora: str = "", ura: str = "", aka: int = 3, seed: int = 0,
                 players: int = 4) -> Wall:
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
        seat_places = _deal_places(dealer, players)
        dealt = 13 * players
        total = len(full_set(0, players=players))
        live_end = total - DEAD_WALL
        for seat, text in (hands or {}).items():
            tiles = parse_tiles(text)
            if len(tiles) != 13:  # noqa: PLR2004
                raise ImpossibleTilesError(f"seat {seat}'s starting hand needs 13 tiles, not {len(tiles)}")
            places.update(zip(seat_places[seat], tiles, strict=True))
        for start, text, limit in ((dealt, draws, live_draws(players)), (live_end, rinshan, MAX_KANS)):
            tiles = parse_tiles(text)
            if len(tiles) > limit:
                raise ImpossibleTilesError(f"at most {limit} tiles go there, not {len(tiles)}")
            places.update(zip(range(start, start + len(tiles)), tiles, strict=True))
        for offset, text in ((0, dora), (1, ura)):
            tiles = parse_tiles(text)
            if len(tiles) > MAX_INDICATORS:
                raise ImpossibleTilesError(f"the dead wall holds {MAX_INDICATORS} indicators of each kind")
            places.update({_indicator_at(players, live_end, k) + offset: t for k, t in enumerate(tiles)})
        rest = list(full_set(aka, players=players))
        for tile in places.values():
            if tile not in rest:
                raise ImpossibleTilesError(f"the arrangement uses more {tile} than the set has")
            rest.remove(tile)
        random.Random(seed).shuffle(rest)
        filler = iter(rest)
        return cls(tuple(places[i] if i in places else next(filler) for i in range(total)))

    @classmethod
    def parse(cls, text: str) -> Wall:
        """A wall written as 136 tiles (or 108) in drawing order (MPSZ, unsorted)."""
        from riichi.notation import parse_tiles  # noqa: PLC0415 - only this reader needs it

        return cls(parse_tiles(text))

    def hands(self, dealer: int) -> tuple[tuple[Tile, ...], ...]:
        """The starting hands by absolute seat: four tiles each three times, then one each, from the dealer."""
        return tuple(tuple(self.tiles[i] for i in places) for places in _deal_places(dealer, self.players))

    def live_tile(self, n: int) -> Tile:
        """The ``n``-th tile drawn from the live wall after the deal (0-based)."""
        limit = self.live_end - self.dealt
        if not 0 <= n < limit:
            raise IllegalActionError(f"the live wall has {limit} draws, not a draw number {n}", rule="wall")
        return self.tiles[self.dealt + n]

    def rinshan_position(self, k: int) -> int:
        """Where the ``k``-th replacement tile is: the dead wall's first tiles (four; eight with three players)."""
        if not 0 <= k < self.max_replacements:
            if self.players == 4:  # noqa: PLR2004
                raise IllegalActionError("the dead wall holds four replacement tiles: a fifth kan is refused",
                                         rule="fifth_kan")
            raise IllegalActionError("a hand has eight replacement tiles: four kans and four Norths",
                                     rule="fifth_kan")
        return _replacement_at(self.live_end, k)

    def rinshan(self, k: int) -> Tile:
        """The replacement tile of the ``k``-th kan (0-based; a North set aside counts as one); a fifth kan
        has none."""
        return self.tiles[self.rinshan_position(k)]

    def dora_indicator(self, k: int) -> Tile:
        """The ``k``-th dora indicator (0: the first, then one per kan)."""
        if not 0 <= k < MAX_INDICATORS:
            raise IllegalActionError(f"the dead wall holds {MAX_INDICATORS} dora indicators", rule="wall")
        return self.tiles[_indicator_at(self.players, self.live_end, k)]

    def ura_indicator(self, k: int) -> Tile:
        """The ura dora indicator under the ``k``-th dora indicator."""
        if not 0 <= k < MAX_INDICATORS:
            raise IllegalActionError(f"the dead wall holds {MAX_INDICATORS} ura indicators", rule="wall")
        return self.tiles[_indicator_at(self.players, self.live_end, k) + 1]

    def __str__(self) -> str:
        return format_tiles(self.tiles, sort=False)

    def __repr__(self) -> str:
        return f"Wall.parse('{self}')"
