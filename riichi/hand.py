"""Melds and hands: frozen values written in MPSZ notation.

A hand is its concealed tiles followed by its melds, each meld a word
``TYPE:TILES`` with an optional ``@SEAT`` naming the seat the claimed tile
came from. Meld types are ``chi``, ``pon``, ``minkan`` (open kan on a
discard), ``shouminkan`` (a pon upgraded to a kan) and ``ankan`` (concealed
kan). Melds are listed in the order they were made.

>>> hand = Hand.parse("234m406p11z pon:777z@W ankan:1111s")
>>> hand
Hand.parse('234m406p11z pon:777z@W ankan:1111s')
>>> len(hand.concealed), hand.is_closed, hand.melds[0].from_seat
(8, False, Wind.parse('W'))
>>> Hand.parse("123m456p789s11z22z")
Hand.parse('123m456p789s1122z')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from riichi.errors import NotationError
from riichi.frozen import Frozen
from riichi.notation import format_tiles, parse_tiles
from riichi.tiles import KIND_OF, Tile, Wind, sort_tiles

__all__ = ["Hand", "Meld", "MeldType", "read_hand_words"]


class MeldType(enum.Enum):
    """How a set was called or declared."""

    CHI = "chi"
    PON = "pon"
    MINKAN = "minkan"  #: open kan on another player's discard (daiminkan)
    SHOUMINKAN = "shouminkan"  #: a pon upgraded with the fourth tile (kakan)
    ANKAN = "ankan"  #: concealed kan

    @property
    def is_kan(self) -> bool:
        return _is_kan(self)

    @property
    def is_open(self) -> bool:
        """Every meld but a concealed kan opens the hand."""
        return self is not MeldType.ANKAN

    @property
    def size(self) -> int:
        return 4 if _is_kan(self) else 3


def _is_kan(kind: MeldType) -> bool:
    """Minkan, shouminkan or ankan. A module function, which compiled code calls natively (an enum's
    properties run as Python), so :class:`Meld` and :func:`_meld_problem` ask it too."""
    return kind is not MeldType.CHI and kind is not MeldType.PON


@dataclass(init=False, slots=True, unsafe_hash=True)
class Meld(Frozen):
    """A called or declared set; ``from_seat`` is where the claimed tile came from."""

    type: Final[MeldType]
    #: The tiles in canonical order.
    tiles: Final[tuple[Tile, ...]]
    from_seat: Final[Wind | None]

    def __init__(self, type: MeldType, tiles: Iterable[Tile], from_seat: Wind | None = None) -> None:  # noqa: A002
        tiles = tuple(tiles)
        problem = _meld_problem(type, tiles)
        if problem:
            raise NotationError(f"{type.value} {format_tiles(tiles)}: {problem}")
        if type is MeldType.ANKAN and from_seat is not None:
            raise NotationError("a concealed kan (ankan) is not called from anyone")
        self.type = type
        self.tiles = tuple(sort_tiles(tiles))
        self.from_seat = from_seat

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Parse ``TYPE:TILES[@SEAT]``, e.g. ``"pon:555z@W"`` or ``"chi:340m"``."""
        return _parse_meld(text, 0, text)

    @property
    def kind(self) -> int:
        """Kind of the set's lowest tile (the start of a run)."""
        return KIND_OF[self.tiles[0]]

    @property
    def is_kan(self) -> bool:
        return _is_kan(self.type)

    @property
    def is_open(self) -> bool:
        return self.type is not MeldType.ANKAN

    def __str__(self) -> str:
        seat = f"@{self.from_seat}" if self.from_seat is not None else ""
        return f"{self.type.value}:{format_tiles(self.tiles)}{seat}"

    def __repr__(self) -> str:
        return f"Meld.parse('{self}')"

    def _repr_svg_(self) -> str:
        """Notebooks draw the meld, the called tile turned sideways."""
        from riichi.svg import meld  # noqa: PLC0415 - svg imports this module

        return meld(self)


def _meld_problem(kind: MeldType, tiles: tuple[int, ...]) -> str | None:
    size = 4 if _is_kan(kind) else 3
    if len(tiles) != size:
        return f"needs {size} tiles, not {len(tiles)}"
    if kind is MeldType.CHI:
        a, b, c = sorted([KIND_OF[t] for t in tiles])
        if a >= 27 or a % 9 > 6 or b != a + 1 or c != a + 2:
            return "a chi is three consecutive tiles of one suit"
    else:
        first = KIND_OF[tiles[0]]
        for t in tiles:
            if KIND_OF[t] != first:
                return f"a {kind.value} is {size} identical tiles"
    return None


#: Every tile by its value (the 34 kinds, then the red fives of man, pin and sou), and the kinds of the fives.
_TILES: Final = tuple(Tile)
_RED: Final = 34
_FIVES: Final = (4, 13, 22)

#: How hand notation marks the winning tile: ``win:2m``, the last word.
WIN_MARK: Final = "win:"


def _parse_win(word: str, offset: int, source: str) -> Tile:
    tiles = parse_tiles(word[len(WIN_MARK):], offset=offset + len(WIN_MARK), source=source)
    if len(tiles) != 1:
        raise NotationError("the winning tile is one tile, e.g. win:2m", source, (offset, offset + len(word)))
    return tiles[0]


def _parse_meld(word: str, offset: int, source: str) -> Meld:
    name, colon, rest = word.partition(":")
    if not colon:
        raise NotationError("a meld is written TYPE:TILES, e.g. pon:555z@W", source, (offset, offset + len(word)))
    try:
        kind = MeldType(name)
    except ValueError:
        raise NotationError(f"unknown meld type {name!r} (chi, pon, minkan, shouminkan, ankan)", source,
                            (offset, offset + len(name))) from None
    tiles_text, at, seat_text = rest.partition("@")
    tiles_at = offset + len(name) + 1
    tiles = parse_tiles(tiles_text, offset=tiles_at, source=source)
    seat = None
    if at:
        seat_at = tiles_at + len(tiles_text) + 1
        if seat_text not in ("E", "S", "W", "N"):
            raise NotationError("the seat after @ is E, S, W or N", source,
                                (seat_at, seat_at + max(1, len(seat_text))))
        seat = Wind.parse(seat_text)
    problem = _meld_problem(kind, tiles)
    if problem:
        raise NotationError(f"{name} {tiles_text}: {problem}", source, (tiles_at, tiles_at + len(tiles_text)))
    if kind is MeldType.ANKAN and seat is not None:
        raise NotationError("a concealed kan (ankan) is not called from anyone", source,
                            (offset, offset + len(word)))
    return Meld(kind, tiles, seat)


def read_hand_words(text: str) -> tuple[tuple[Tile, ...], tuple[Meld, ...], Tile | None]:
    """The words of hand notation, read in order: the concealed tiles as written (not sorted), the
    melds, and the winning tile of a last word ``win:TILE`` (``None`` when it is not written). Nothing
    is checked across words: :meth:`Hand.parse_with_win` also checks that the winning tile is one of
    the hand's; the command line first adds it to a hand written with thirteen tiles.

    >>> read_hand_words("406p11z pon:777z@W win:4p")
    ((Tile.parse('4p'), Tile.parse('0p'), Tile.parse('6p'), Tile.parse('1z'), Tile.parse('1z')), (Meld.parse('pon:777z@W'),), Tile.parse('4p'))
    """
    concealed: list[Tile] = []
    melds: list[Meld] = []
    win: Tile | None = None
    pos = 0
    for word in text.split(" "):
        if word:
            span = (pos, pos + len(word))
            if win is not None:
                raise NotationError("the winning tile (win:TILE) is the last word", text, span)
            if word.startswith(WIN_MARK):
                win = _parse_win(word, pos, text)
            elif ":" in word:
                melds.append(_parse_meld(word, pos, text))
            elif melds:
                raise NotationError("concealed tiles come before the melds", text, span)
            else:
                concealed.extend(parse_tiles(word, offset=pos, source=text))
        pos += len(word) + 1
    return tuple(concealed), tuple(melds), win


@dataclass(init=False, slots=True, unsafe_hash=True)
class Hand(Frozen):
    """Concealed tiles (sorted) and melds (in the order they were made)."""

    concealed: Final[tuple[Tile, ...]]
    melds: Final[tuple[Meld, ...]]

    def __init__(self, concealed: Iterable[Tile], melds: Iterable[Meld] = ()) -> None:
        self.concealed = tuple(sort_tiles(concealed))
        self.melds = tuple(melds)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Parse concealed tiles then melds, separated by spaces.

        A last word ``win:TILE`` marks the winning tile, as a score's reading line writes it: it must be one of
        the hand's tiles, and it is not part of the hand (:meth:`parse_with_win` returns it too).
        """
        return cls._parse_words(text)[0]

    @classmethod
    def parse_with_win(cls, text: str) -> tuple[Hand, Tile | None]:
        """Parse a hand written as a win: concealed tiles, melds, then the winning tile as a last word
        ``win:TILE`` (``None`` when it is not written). The tile is one of the hand's (the score's
        reading line writes hands this way, and the command line, the batch, the API and the page read
        them back).

        >>> Hand.parse_with_win("234m406p11z pon:777z@W chi:789s@N win:2m")
        (Hand.parse('234m406p11z pon:777z@W chi:789s@N'), Tile.parse('2m'))
        """
        return cls._parse_words(text)

    @classmethod
    def _parse_words(cls, text: str) -> tuple[Hand, Tile | None]:
        concealed, melds, win = read_hand_words(text)
        hand = cls(concealed, melds)
        if win is not None and KIND_OF[win] not in {KIND_OF[t] for t in hand.tiles}:
            start = text.rindex(WIN_MARK)
            raise NotationError(f"the winning tile {win} is not one of the hand's tiles", text,
                                (start, len(text.rstrip(" "))))
        return hand, win

    @classmethod
    def from_parts(cls, concealed: Iterable[Tile], melds: Iterable[Meld] = ()) -> Hand:
        """The same as ``Hand(concealed, melds)``, which takes any iterables too."""
        return cls(concealed, melds)

    @classmethod
    def from_counts(cls, counts: list[int], reds: list[int], melds: tuple[Meld, ...] = ()) -> Hand:
        """The hand of ``counts[k]`` concealed tiles of each kind k (0 to 33), ``reds[s]`` of the fives of man,
        pin and sou (s = 0, 1, 2) red, and ``melds``: the hands of the expected-value search, which counts.

        >>> Hand.from_counts([1, 1, 1] + [0] * 10 + [2] + [0] * 20, [0, 1, 0])
        Hand.parse('123m05p')
        """
        tiles: list[Tile] = []
        for kind in range(34):
            n = counts[kind]
            if not n:
                continue
            red = reds[kind // 9] if kind in _FIVES else 0
            if red:
                tiles += [_TILES[_RED + kind // 9]] * red
            tiles += [_TILES[kind]] * (n - red)
        return cls(tiles, melds)

    @property
    def is_closed(self) -> bool:
        """No chi, pon or open kan (a concealed kan keeps the hand closed)."""
        return not any(m.is_open for m in self.melds)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile, concealed and melded."""
        return self.concealed + tuple(t for m in self.melds for t in m.tiles)

    def __str__(self) -> str:
        return " ".join([format_tiles(self.concealed), *(str(m) for m in self.melds)])

    def __repr__(self) -> str:
        return f"Hand.parse('{self}')"

    def _repr_svg_(self) -> str:
        """Notebooks draw the hand."""
        from riichi.svg import hand  # noqa: PLC0415 - svg imports this module

        return hand(self)

