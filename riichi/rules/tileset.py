"""The tiles in play under a rule set: the one place that knows which tiles a game has.

Four players play all 136 tiles. Three players (sanma) play 108: the man tiles 2m to 8m are out of the
game (riichi.wiki, "Sanma": "typically the manzu tiles from 2-man to 8-man are removed"; tenhou.net's
three-player games), so a ``1m`` dora indicator makes ``9m`` the dora and ``9m`` makes ``1m``. The red
fives are the rule set's ``aka`` (3: one a suit; 4: a second red 5p) less those of a suit's five that is
out of the game.

>>> four, three = tile_set(4, 3), tile_set(3, 3)
>>> len(four.tiles), len(three.tiles), three.reds
(136, 108, (Tile.parse('0p'), Tile.parse('0s')))
>>> three.in_play(Tile.parse("5m")), three.in_play(Tile.parse("9m")), four.in_play(Tile.parse("5m"))
(False, True, True)
>>> three.dora_after(Tile.parse("1m")), three.dora_after(Tile.parse("9m")), four.dora_after(Tile.parse("1m"))
(Tile.parse('9m'), Tile.parse('1m'), Tile.parse('2m'))
>>> sum(three.copies), three.copies[Tile.parse("2m").kind], three.copies[Tile.parse("1z").kind]
(108, 0, 4)

A rule set gives its own: ``TENHOU_SANMA.tiles`` (:attr:`riichi.rules.RuleSet.tiles`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from riichi.errors import UnknownRulesError
from riichi.frozen import Frozen
from riichi.tiles import KIND_COUNT, Tile

__all__ = ["SANMA_REMOVED", "TileSet", "tile_set"]

#: The kinds out of the game with three players: 2m to 8m.
SANMA_REMOVED: Final = frozenset(range(1, 8))


@dataclass(frozen=True, slots=True)
class TileSet(Frozen):
    """The tiles of one game: which kinds, how many of each, which red fives."""

    #: How many play (3 or 4).
    players: int
    #: Copies of each kind 0..33 in the set (4, or 0 for a kind out of the game).
    copies: tuple[int, ...]
    #: The red fives in the set (each replaces a plain five of its kind).
    reds: tuple[Tile, ...]
    #: The dora of each indicator kind 0..33 (a kind).
    dora_kinds: tuple[int, ...]

    @property
    def size(self) -> int:
        """How many tiles the set has (136 or 108)."""
        return sum(self.copies)

    @property
    def kinds(self) -> tuple[int, ...]:
        """The kinds in play, in order."""
        return tuple(k for k in range(KIND_COUNT) if self.copies[k])

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile of the set in kind order, each red five in place of a plain five of its kind."""
        out = [Tile.from_kind(k) for k in range(KIND_COUNT) for _ in range(self.copies[k])]
        for red in self.reds:
            out[out.index(Tile.from_kind(red.kind))] = red
        return tuple(sorted(out, key=lambda t: (t.kind, t.is_red)))

    def in_play(self, tile: Tile) -> bool:
        """Whether a tile (a red five: its kind) is in the set."""
        return self.copies[tile.kind] > 0

    def dora_after(self, indicator: Tile) -> Tile:
        """The dora an indicator shows: the next tile of its suit in play, winds and dragons in their cycles."""
        return Tile.from_kind(self.dora_kinds[indicator.kind])


def tile_set(players: int, aka: int) -> TileSet:
    """The tiles in play for ``players`` (3 or 4) and ``aka`` red fives (0..4); one shared value each."""
    key = (players, aka)
    found = _SETS.get(key)
    if found is None:
        if players not in (3, 4) or not 0 <= aka <= 4:  # noqa: PLR2004
            raise UnknownRulesError(f"a tile set is for 3 or 4 players with 0 to 4 red fives, not {players} "
                                    f"players and {aka} red fives")
        found = _make(players, aka)
        _SETS[key] = found
    return found


_SETS: dict[tuple[int, int], TileSet] = {}


def _make(players: int, aka: int) -> TileSet:
    removed = SANMA_REMOVED if players == 3 else frozenset()  # noqa: PLR2004
    copies = tuple(0 if k in removed else 4 for k in range(KIND_COUNT))
    reds = tuple(r for r in (Tile.M0, Tile.P0, Tile.S0, Tile.P0)[:aka] if copies[r.kind])
    dora = []
    for k in range(KIND_COUNT):
        after = Tile.from_kind(k).dora_after().kind
        while not copies[after]:  # skip the kinds out of the game: 1m -> 9m
            after = Tile.from_kind(after).dora_after().kind
        dora.append(after)
    return TileSet(players, copies, reds, tuple(dora))
