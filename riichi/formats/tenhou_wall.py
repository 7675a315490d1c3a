"""The walls of a Tenhou game, rebuilt from the seed its record carries.

Tenhou's mjlog starts with ``<SHUFFLE seed="mt19937ar-sha512-n288-base64,...">``: the seed of the
game's random numbers. Tenhou published how its server turns that seed into every hand's wall (the
code on tenhou.net/stat/rand/ and in its blog, blog.tenhou.net/article/30503297.html, 2009; described
again in the documentation of the public ``tenhou-shuffle`` crate, docs.rs/tenhou-shuffle, and in
zenn.dev/zurukumo/articles/c293c42dc5cefc):

1. One Mersenne Twister (MT19937, Matsumoto and Nishimura's ``mt19937ar`` with its
   ``init_by_array``) is seeded once a game with the seed's 32-bit words: 624 words written in
   base64 (little-endian, ``mt19937ar-sha512-n288-base64,...``), or in older records' form
   ``mt19937ar-sha512-n288,XXXXXXXX,...`` as hexadecimal words (32 of them in real records).
2. Each hand takes the next 288 words of the generator, hashes each run of 32 (128 bytes,
   little-endian) with SHA-512 and joins the nine digests into 144 words ``rnd``.
3. The tiles ``0..n-1`` (``n`` = 136, or 108 with three players) are shuffled low to high: tile ``i``
   changes place with tile ``i + rnd[i] % (n - i)``.
4. The two dice are ``rnd[135] % 6 + 1`` and ``rnd[136] % 6 + 1``.

The shuffled array is dealt from its top: the deal and the draws take ``yama[n-1]``, ``yama[n-2]``,
and so on. Its bottom is the dead wall: the replacement tiles first, by pairs with the upper tile of
each pair drawn first (``yama[1]``, ``yama[0]``, ``yama[3]``, ``yama[2]``...; four with four players,
eight with three, whose Norths set aside draw there too), then the indicators by pairs, the dora
indicator the upper tile and its ura indicator under it (four players: dora ``yama[5]``, ura
``yama[4]``, the first kan's indicator ``yama[7]``...; three players: dora ``yama[9]``, ura
``yama[8]``...). Records in the older seed form lay every pair of the dead wall the other way round:
the dora indicator ``yama[4]`` over its ura ``yama[5]``, and the replacement tiles ``yama[0]``,
``yama[1]``, ``yama[2]``... (a houou game of 2009 whose seat adds a kan and draws ``yama[0]``). Where
Tenhou's description leaves the layout implicit, it is the one that rebuilds every tile of 175 real
four-player games (two of them with the older seed), a third older-seed game with a kan, and 70
three-player games, deal, draws,
replacement tiles, dora and ura indicators, and the dice that each ``INIT`` states.

>>> seed = TenhouSeed.parse("mt19937ar-sha512-n288," + ",".join(["0000002A"] * 32))
>>> hand = seed.walls(136)
>>> first = next(hand)
>>> sorted(first.ids) == list(range(136)), all(1 <= d <= 6 for d in first.dice)
(True, True)
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from riichi.frozen import Frozen

__all__ = ["MersenneTwister", "SeedError", "ShuffledWall", "TenhouSeed"]

_N: Final = 624
_M: Final = 397
_MATRIX_A: Final = 0x9908B0DF
_UPPER: Final = 0x80000000
_LOWER: Final = 0x7FFFFFFF
_MASK: Final = 0xFFFFFFFF

#: Words a hand takes from the generator, in runs of 32 hashed with SHA-512 (16 words a digest).
_WORDS_A_HAND: Final = 288
_RUN: Final = 32
#: The hand's words as little-endian bytes, and the joined digests read back as little-endian words.
_WORDS_PACKING: Final = struct.Struct(f"<{_WORDS_A_HAND}I")
_RND_PACKING: Final = struct.Struct(f"<{_WORDS_A_HAND // 2}I")

_FOUR_PLAYER_TILES: Final = 136
_THREE_PLAYER_TILES: Final = 108
_DEAD_WALL: Final = 14

_BASE64_PREFIX: Final = "mt19937ar-sha512-n288-base64,"
_HEX_PREFIX: Final = "mt19937ar-sha512-n288,"


def _sorted_ids(tiles: int) -> list[int]:
    """The set's ids in order: 0..135, or with three players 1m then 9m on (Tenhou's ids 0..3, 32..135)."""
    if tiles == _FOUR_PLAYER_TILES:
        return list(range(tiles))
    return [i if i < 4 else i + 28 for i in range(tiles)]  # noqa: PLR2004 - 2m..8m are ids 4..31


class SeedError(ValueError):
    """A ``SHUFFLE`` seed that cannot be read: the message says what is wrong with it."""


class MersenneTwister:
    """MT19937 as ``mt19937ar.c`` (2002) defines it: ``init_by_array`` and ``genrand_int32``.

    >>> mt = MersenneTwister([0x123, 0x234, 0x345, 0x456])  # the reference program's own seed
    >>> [mt.next_word() for _ in range(3)]  # the first words of its published output, mt19937ar.out
    [1067595299, 955945823, 477289528]
    """

    def __init__(self, key: list[int]) -> None:
        if not key:
            raise SeedError("an MT19937 seed needs at least one word")
        mt = [0] * _N
        mt[0] = 19650218
        for i in range(1, _N):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK
        i, j = 1, 0
        for _ in range(max(_N, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(_N - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000
        self._state = mt
        self._index = _N

    def _twist(self) -> None:
        mt = self._state
        for k in range(_N - _M):
            y = (mt[k] & _UPPER) | (mt[k + 1] & _LOWER)
            mt[k] = mt[k + _M] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        for k in range(_N - _M, _N - 1):
            y = (mt[k] & _UPPER) | (mt[k + 1] & _LOWER)
            mt[k] = mt[k + _M - _N] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        y = (mt[_N - 1] & _UPPER) | (mt[0] & _LOWER)
        mt[_N - 1] = mt[_M - 1] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        self._index = 0

    def next_word(self) -> int:
        """The next 32-bit output (``genrand_int32``)."""
        if self._index >= _N:
            self._twist()
        y = self._state[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def next_words(self, n: int) -> list[int]:
        """The next ``n`` outputs."""
        return [self.next_word() for _ in range(n)]


@dataclass(frozen=True, slots=True)
class ShuffledWall(Frozen):
    """One hand's shuffle: ``ids`` the tile ids in Tenhou's array order (dealt from the last), the dice
    (1..6 each), and whether the dead wall's indicator pairs lie in the older order.

    The ids are Tenhou's 136-ids (``4 * kind + copy``); a three-player wall's 108 skip 2m..8m (4..31).
    """

    ids: tuple[int, ...]
    dice: tuple[int, int]
    older_layout: bool = False

    @property
    def replacements(self) -> int:
        """Replacement tiles at the bottom of the array: 4 (kans), 8 with three players (kans and norths)."""
        return 4 if len(self.ids) == _FOUR_PLAYER_TILES else 8

    def live_id(self, n: int) -> int:
        """The ``n``-th tile taken from the live wall, the deal's first tile being 0."""
        return self.ids[len(self.ids) - 1 - n]

    def replacement_id(self, k: int) -> int:
        """The replacement tile of the ``k``-th kan (or North set aside): the pairs' upper tile first, which
        the older layout holds at the pair's even place (``ids[0]``, ``ids[1]``...)."""
        return self.ids[k if self.older_layout else k ^ 1]

    def dora_id(self, k: int) -> int:
        """The ``k``-th dora indicator (0: the first, then one per kan)."""
        return self.ids[self.replacements + 2 * k + (0 if self.older_layout else 1)]

    def ura_id(self, k: int) -> int:
        """The ura indicator paired with the ``k``-th dora indicator."""
        return self.ids[self.replacements + 2 * k + (1 if self.older_layout else 0)]

    def drawing_order(self) -> tuple[int, ...]:
        """The ids in drawing order, as the engine's wall holds a wall: the live wall from the top (deal,
        then draws), then the dead wall's 14: the replacement tiles, then dora indicators each followed by
        its ura indicator. With four players that is 4 replacements and all five indicator pairs; with
        three, 8 replacements and the first three pairs, the fourth and fifth pairs lying at the live
        wall's end (ids 14..17, positions 93..90), which the replacements drawn by then have cut off."""
        live = tuple(self.live_id(n) for n in range(len(self.ids) - _DEAD_WALL))
        dead = [self.replacement_id(k) for k in range(self.replacements)]
        k = 0
        while len(dead) < _DEAD_WALL:
            dead += (self.dora_id(k), self.ura_id(k))
            k += 1
        return live + tuple(dead)


@dataclass(frozen=True, slots=True)
class TenhouSeed(Frozen):
    """The words of a ``SHUFFLE`` seed and its form (``older``: the hexadecimal one)."""

    words: tuple[int, ...]
    older: bool = False

    @classmethod
    def parse(cls, text: str) -> TenhouSeed:
        """Read the ``seed`` attribute of ``SHUFFLE``; :class:`SeedError` names what is wrong."""
        if text.startswith(_BASE64_PREFIX):
            body = text[len(_BASE64_PREFIX):]
            try:
                raw = base64.b64decode(body, validate=True)
            except (binascii.Error, ValueError):
                raise SeedError("the seed's base64 text cannot be decoded") from None
            if len(raw) != 4 * _N:
                raise SeedError(f"the seed holds {len(raw)} bytes, not {4 * _N} (624 words)")
            return cls(tuple(int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)))
        if text.startswith(_HEX_PREFIX):
            parts = text[len(_HEX_PREFIX):].split(",")
            if not 1 <= len(parts) <= _N:
                raise SeedError(f"the seed has {len(parts)} words, not 1 to {_N}")
            words: list[int] = []
            for part in parts:
                if len(part) != 8 or any(c not in "0123456789abcdefABCDEF" for c in part):  # noqa: PLR2004
                    raise SeedError(f"{part[:12]!r} is not a word of eight hexadecimal digits")
                words.append(int(part, 16))
            return cls(tuple(words), older=True)
        kind = text.partition(",")[0]
        raise SeedError(f"unknown seed form {kind[:40]!r} (known: mt19937ar-sha512-n288 and its base64 form)")

    def walls(self, tiles: int = 136) -> Iterator[ShuffledWall]:
        """Every hand's shuffle in turn, endlessly (``tiles``: 136, or 108 in three-player games)."""
        if tiles not in (_FOUR_PLAYER_TILES, _THREE_PLAYER_TILES):
            raise SeedError(f"a Tenhou wall has 136 or 108 tiles, not {tiles}")
        mt = MersenneTwister(list(self.words))
        while True:
            source = _WORDS_PACKING.pack(*mt.next_words(_WORDS_A_HAND))
            digests = b"".join([hashlib.sha512(source[at:at + 4 * _RUN]).digest()
                                for at in range(0, len(source), 4 * _RUN)])
            rnd: tuple[int, ...] = _RND_PACKING.unpack(digests)
            yama = _sorted_ids(tiles)
            for i in range(tiles - 1):
                j = i + rnd[i] % (tiles - i)
                yama[i], yama[j] = yama[j], yama[i]
            yield ShuffledWall(tuple(yama), (rnd[135] % 6 + 1, rnd[136] % 6 + 1), older_layout=self.older)
