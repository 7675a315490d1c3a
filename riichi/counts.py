"""Tile counts: the 34-int arrays the algorithms work on.

The public API speaks :class:`~riichi.tiles.Tile`; decomposition, shanten and
scoring work on a list of 34 counts (index = tile kind, red fives folded onto
the plain five) and count red fives separately.

>>> from riichi.notation import parse_tiles
>>> c = to_counts(parse_tiles("1123m0p"))
>>> c[0], c[1], c[2], c[13], sum(c), count_red(parse_tiles("1123m0p"))
(2, 1, 1, 1, 5, 1)
>>> from riichi.notation import format_tiles
>>> format_tiles(from_counts(c))  # back to tiles: the red five comes back plain
'1123m5p'

"""

from __future__ import annotations

from collections.abc import Iterable

from riichi.tiles import Tile

__all__ = ["count_red", "from_counts", "to_counts"]


def to_counts(tiles: Iterable[Tile]) -> list[int]:
    """A fresh list of 34 counts, one per tile kind."""
    counts = [0] * 34
    for t in tiles:
        counts[t.kind] += 1
    return counts


def count_red(tiles: Iterable[Tile]) -> int:
    """How many of the tiles are red fives."""
    return sum(1 for t in tiles if t >= 34)


def from_counts(counts: Iterable[int]) -> tuple[Tile, ...]:
    """Plain (non-red) tiles for a count array, in kind order."""
    return tuple(Tile(k) for k, n in enumerate(counts) for _ in range(n))
