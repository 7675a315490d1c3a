"""Tiles and winds.

A :class:`Tile` is a small integer (an :class:`enum.IntEnum`), so it is cheap to
store and can index tables directly. Values 0..33 are the 34 kinds: 1m..9m
(0..8), 1p..9p (9..17), 1s..9s (18..26), then East, South, West, North, Haku,
Hatsu, Chun (27..33). The red fives are 34 (0m), 35 (0p) and 36 (0s); their
:attr:`Tile.kind` is the plain five.

>>> Tile.parse("0p")
Tile.parse('0p')
>>> str(Tile.parse("7z")), Tile.parse("0p").kind
('7z', 13)
>>> Tile.parse("9m").dora_after(), Tile.parse("4z").dora_after(), Tile.parse("7z").dora_after()
(Tile.parse('1m'), Tile.parse('1z'), Tile.parse('5z'))
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

from riichi.errors import NotationError

__all__ = [
    "DRAGON_KINDS",
    "HONOR_KINDS",
    "KIND_OF",
    "ORDER_KEY",
    "KIND_COUNT",
    "SUITS",
    "TERMINAL_HONOR_KINDS",
    "Tile",
    "WINDS",
    "WIND_KINDS",
    "WIND_LETTERS",
    "Wind",
    "kind_name",
    "sort_tiles",
]

KIND_COUNT: Final = 34
SUITS: Final = "mpsz"
#: The 13 kinds of thirteen orphans: terminals and honours.
TERMINAL_HONOR_KINDS: Final[tuple[int, ...]] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
HONOR_KINDS: Final = tuple(range(27, 34))
#: The winds (East, South, West, North) and the dragons (Haku, Hatsu, Chun), by kind.
WIND_KINDS: Final[tuple[int, ...]] = (27, 28, 29, 30)
DRAGON_KINDS: Final[tuple[int, ...]] = (31, 32, 33)
#: The letter of each wind, East to North: ``WIND_LETTERS[wind]`` is ``str(wind)``.
WIND_LETTERS: Final = "ESWN"
#: Green tiles (ryuuiisou): 2s 3s 4s 6s 8s and Hatsu.
GREEN_KINDS: Final = frozenset({19, 20, 21, 23, 25, 32})

_RED_BASE: Final = 34


def kind_name(kind: int) -> str:
    """MPSZ text of a tile kind 0..33, e.g. ``kind_name(27) == '1z'``."""
    return _KIND_NAMES[kind]


_KIND_NAMES: Final[tuple[str, ...]] = tuple(f"{kind % 9 + 1}{SUITS[kind // 9]}" for kind in range(34))


class Tile(enum.IntEnum):
    """One tile: 34 kinds plus the three red fives (``0m``, ``0p``, ``0s``)."""

    M1 = 0
    M2 = 1
    M3 = 2
    M4 = 3
    M5 = 4
    M6 = 5
    M7 = 6
    M8 = 7
    M9 = 8
    P1 = 9
    P2 = 10
    P3 = 11
    P4 = 12
    P5 = 13
    P6 = 14
    P7 = 15
    P8 = 16
    P9 = 17
    S1 = 18
    S2 = 19
    S3 = 20
    S4 = 21
    S5 = 22
    S6 = 23
    S7 = 24
    S8 = 25
    S9 = 26
    EAST = 27
    SOUTH = 28
    WEST = 29
    NORTH = 30
    HAKU = 31
    HATSU = 32
    CHUN = 33
    M0 = 34
    P0 = 35
    S0 = 36

    # -- construction -------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse one tile in MPSZ notation (``"5m"``, ``"0p"``, ``"7z"``)."""
        tile = _BY_TEXT.get(text)
        if tile is None:
            raise NotationError(f"{text!r} is not a tile (write a digit then m, p, s or z, e.g. '5m', '0p', '7z')",
                                text, (0, len(text)))
        return tile

    @classmethod
    def from_kind(cls, kind: int, *, red: bool = False) -> Tile:
        """The tile of kind 0..33 (the red one for a five when ``red``)."""
        if red:
            if kind not in (4, 13, 22):
                raise ValueError(f"only fives of a suit can be red, not {kind_name(kind)}")
            return _TILES[_RED_BASE + kind // 9]
        return _TILES[kind]

    # -- properties (table look-ups) ----------------------------------------

    @property
    def kind(self) -> int:
        """0..33: the tile with red fives folded onto the plain five."""
        return _KIND[self]

    @property
    def suit(self) -> str:
        """``'m'``, ``'p'``, ``'s'`` or ``'z'`` (honours)."""
        return SUITS[_KIND[self] // 9]

    @property
    def number(self) -> int:
        """1..9 for suited tiles (a red five is 5), 1..7 for honours."""
        return _KIND[self] % 9 + 1

    @property
    def is_red(self) -> bool:
        return self >= _RED_BASE

    @property
    def is_honor(self) -> bool:
        return _KIND[self] >= 27

    @property
    def is_wind(self) -> bool:
        return 27 <= _KIND[self] <= 30

    @property
    def is_dragon(self) -> bool:
        return _KIND[self] >= 31

    @property
    def is_terminal(self) -> bool:
        """A 1 or a 9 of a suit (honours are not terminals)."""
        k = _KIND[self]
        return k < 27 and k % 9 in (0, 8)

    @property
    def is_terminal_or_honor(self) -> bool:
        return _KIND[self] in _TERMINAL_HONOR_SET

    @property
    def is_simple(self) -> bool:
        """2..8 of a suit."""
        return _KIND[self] not in _TERMINAL_HONOR_SET

    @property
    def is_green(self) -> bool:
        return _KIND[self] in GREEN_KINDS

    def dora_after(self) -> Tile:
        """The dora this tile indicates: the next tile of its suit or group.

        Numbers wrap 9 -> 1, winds East -> South -> West -> North -> East,
        dragons Haku -> Hatsu -> Chun -> Haku.
        """
        return _TILES[_DORA_NEXT[_KIND[self]]]

    # -- text ---------------------------------------------------------------

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Tile.parse('{_TEXT[self]}')"

    def __format__(self, spec: str) -> str:
        """Formatting uses the notation (``f"{tile:>3}"``), not the integer value."""
        return format(_TEXT[self], spec)

    def _svg(self) -> str:
        """The tile as an SVG picture (:func:`riichi.svg.tile`); notebooks call it as ``_repr_svg_``."""
        from riichi.svg import tile  # noqa: PLC0415 - svg imports this module

        return tile(self)


# Enum reserves _sunder_ names inside the class body, so the notebook hook is the method above, named here.
setattr(Tile, "_repr_svg_", Tile._svg)  # noqa: B010, SLF001


def _dora_next(kind: int) -> int:
    if kind < 27:
        return kind - 8 if kind % 9 == 8 else kind + 1
    if kind <= 30:
        return 27 if kind == 30 else kind + 1
    return 31 if kind == 33 else kind + 1


_TERMINAL_HONOR_SET: Final = frozenset(TERMINAL_HONOR_KINDS)
_TILES: Final = tuple(Tile)
_KIND: Final = tuple(range(34)) + (4, 13, 22)
#: Kind of each tile value, for hot loops: ``KIND_OF[tile]`` is ``tile.kind``.
KIND_OF: Final = _KIND
#: Canonical sort key of each tile value: by kind, a red five just before a plain five.
ORDER_KEY: Final = tuple(2 * k + 1 for k in range(34)) + (8, 26, 44)
_TEXT: Final = _KIND_NAMES + ("0m", "0p", "0s")
_BY_TEXT: Final = {text: _TILES[i] for i, text in enumerate(_TEXT)}
_DORA_NEXT: Final = tuple(_dora_next(k) for k in range(34))
#: The tile value of each sort key (no two tile values share a key).
_TILE_OF_KEY: Final[dict[int, Tile]] = {ORDER_KEY[t]: t for t in _TILES}


def sort_tiles(tiles: Iterable[int]) -> list[Tile]:
    """``tiles`` in canonical order: by kind, a red five just before a plain five (:data:`ORDER_KEY`).

    The tiles' keys are sorted as plain integers and each key is read back as its tile. A tile is taken as
    the small integer it is (an IntEnum), so compiled code indexes with it natively; a sort with a key
    function would call the key through Python for every tile.

    >>> sort_tiles([Tile.parse(text) for text in ("5p", "1z", "0p", "4m")])
    [Tile.parse('4m'), Tile.parse('0p'), Tile.parse('5p'), Tile.parse('1z')]
    """
    keys = [ORDER_KEY[t] for t in tiles]
    keys.sort()
    return [_TILE_OF_KEY[key] for key in keys]


class Wind(enum.IntEnum):
    """A seat or round wind; a seat is named by its wind this hand (``E`` = dealer)."""

    EAST = 0
    SOUTH = 1
    WEST = 2
    NORTH = 3

    @classmethod
    def parse(cls, text: str) -> Wind:
        """``"E"``, ``"S"``, ``"W"`` or ``"N"`` (also the tiles ``"1z"``..``"4z"``)."""
        wind = _WIND_BY_TEXT.get(text)
        if wind is None:
            raise NotationError(f"{text!r} is not a wind (write E, S, W or N)", text, (0, len(text)))
        return wind

    @property
    def tile(self) -> Tile:
        """The honour tile of this wind (East is ``1z``)."""
        return _TILES[27 + self]

    @property
    def next(self) -> Wind:
        """The seat to the right: the next in turn order."""
        return WINDS[(self + 1) % 4]

    @property
    def previous(self) -> Wind:
        """The seat to the left (kamicha), the only one a chi may be called from."""
        return WINDS[(self + 3) % 4]

    def __str__(self) -> str:
        return WIND_LETTERS[self]

    def __repr__(self) -> str:
        return f"Wind.parse('{WIND_LETTERS[self]}')"

    def __format__(self, spec: str) -> str:
        """Formatting uses the letter (``f"{wind}"`` is ``'E'``), not the integer value."""
        return format(WIND_LETTERS[self], spec)


#: The four winds in seat order, East (the dealer) first (iterating the enum itself runs Python code).
WINDS: Final = tuple(Wind)
_WIND_BY_TEXT: Final = {**{w: WINDS[i] for i, w in enumerate(WIND_LETTERS)},
                        **{f"{i + 1}z": WINDS[i] for i in range(4)}}
