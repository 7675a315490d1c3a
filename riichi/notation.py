"""MPSZ notation for runs of tiles.

Digits are followed by their suit letter: ``m`` man, ``p`` pin, ``s`` sou,
``z`` honours (1z..7z = East, South, West, North, Haku, Hatsu, Chun); ``0m``,
``0p``, ``0s`` are red fives. Several suits follow each other:
``"123m406p11z"`` is 1m 2m 3m 4p red-5p 6p East East.

>>> parse_tiles("123m406p11z")
(Tile.parse('1m'), Tile.parse('2m'), Tile.parse('3m'), Tile.parse('4p'), Tile.parse('0p'), Tile.parse('6p'), Tile.parse('1z'), Tile.parse('1z'))
>>> format_tiles(parse_tiles("5m0m11z2m"))
'205m11z'
>>> parse_tiles("12m8z")
Traceback (most recent call last):
...
riichi.errors.NotationError: there is no honour tile 8z (honours are 1z..7z)
  12m8z
     ^
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from riichi.errors import NotationError
from riichi.tiles import KIND_OF, ORDER_KEY, SUITS, Tile, sort_tiles

__all__ = ["format_tiles", "parse_sorted", "parse_tiles", "sort_key"]

#: The suit (0-3 for m, p, s, z) of each suit letter's character code.
_SUIT_OF_CODE: Final[dict[int, int]] = {ord(letter): suit for suit, letter in enumerate(SUITS)}
#: The tile a digit (0-9) and a suit letter write, at ``10 * suit + digit``; None where there is no such tile.
_TILE_AT: Final[tuple[Tile | None, ...]] = tuple(
    next((t for t in Tile if str(t) == f"{digit}{suit}"), None) for suit in SUITS for digit in range(10))


def parse_tiles(text: str, *, offset: int = 0, source: str | None = None) -> tuple[Tile, ...]:
    """Parse a run of MPSZ tiles; errors point at the offending characters.

    ``offset`` and ``source`` let a caller report positions inside a larger text.
    """
    if not isinstance(text, str):
        raise TypeError(f"tiles are written as MPSZ text, not as a {type(text).__name__}")
    src = text if source is None else source
    tiles: list[Tile] = []
    # Read character codes (the bytes of ASCII text) rather than characters: compiled, each character taken
    # from a str is a new string object, a code is a plain integer. Tiles are written in ASCII, so the text is
    # read up to its first other character, which is then the problem.
    end = len(text) if text.isascii() else next(i for i, ch in enumerate(text) if not ch.isascii())
    codes = text[:end].encode("ascii")
    digits = -1  # where the digits waiting for their suit letter start (-1: none waiting)
    for i, code in enumerate(codes):
        if 48 <= code <= 57:  # noqa: PLR2004 - a digit, "0" to "9"
            if digits < 0:
                digits = i
            continue
        suit = _SUIT_OF_CODE.get(code, -1)
        if suit < 0:
            raise _unexpected(text[i], src, offset + i)
        if digits < 0:
            raise NotationError(f"suit letter '{text[i]}' has no digits before it", src, (offset + i, offset + i + 1))
        for p in range(digits, i):
            tile = _TILE_AT[10 * suit + codes[p] - 48]
            if tile is None:
                if suit == 3:  # noqa: PLR2004 - z
                    what = "red fives exist only in m, p and s" if text[p] == "0" else "honours are 1z..7z"
                    raise NotationError(f"there is no honour tile {text[p]}z ({what})", src,
                                        (offset + p, offset + p + 1))
                raise NotationError(f"there is no tile {text[p]}{text[i]}", src, (offset + p, offset + p + 1))
            tiles.append(tile)
        digits = -1
    if end < len(text):
        raise _unexpected(text[end], src, offset + end)
    if digits >= 0:
        raise NotationError("digits without a suit letter after them", src, (offset + digits, offset + end))
    return tuple(tiles)


def _unexpected(ch: str, source: str, at: int) -> NotationError:
    if ch in "MPSZ":
        hint = f" (suits are lower case: did you mean {ch.lower()!r}?)"
    else:
        hint = " (suits are m, p, s, z)" if ch.isalpha() else ""
    return NotationError(f"unexpected character {ch!r}{hint}", source, (at, at + 1))


def parse_sorted(text: str) -> tuple[Tile, ...]:
    """The tiles of ``text`` in canonical order (:func:`sort_key`), as a hand keeps its concealed tiles.

    >>> format_tiles(parse_sorted("406p123m"), sort=False)
    '123m406p'
    """
    return tuple(sort_tiles(parse_tiles(text)))


def sort_key(tile: Tile) -> int:
    """Canonical order: by suit (m, p, s, z), then number; a red five just before a plain five."""
    return ORDER_KEY[tile]


def format_tiles(tiles: Iterable[int], *, sort: bool = True) -> str:
    """Canonical MPSZ text of some tiles: ``'123m406p11z'``.

    With ``sort=False`` the given order is kept (the suit letter is written
    each time the suit changes). A tile is taken as the small integer it is (an
    IntEnum), which compiled code indexes the tables with natively.
    """
    seq = sort_tiles(tiles) if sort else tiles
    out: list[str] = []
    suit = -1
    for t in seq:
        k = KIND_OF[t]
        s = k // 9
        if s != suit:
            if suit >= 0:
                out.append(SUITS[suit])
            suit = s
        out.append(_DIGIT[t])
    if suit >= 0:
        out.append(SUITS[suit])
    return "".join(out)


_DIGIT: Final = tuple(str(k % 9 + 1) for k in range(34)) + ("0", "0", "0")
