"""Covers: what one suit (or the honours) can contribute to a hand's sets and pair.

A cover is ten numbers: index ``2 * m + p`` is the most of the group's tiles
that fit inside ``m`` sets and ``p`` pairs (m 0..4, p 0..1), each set or pair
possibly still missing tiles. The cover of several groups together is the
best split of the sets and the pair among them (:func:`combine_covers`).
:mod:`riichi.shapes.shanten` turns covers into shanten; ``scripts/gen_shanten_table.py``
tabulates the cover of every suit pattern.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

__all__ = ["Cover", "combine_covers", "group_cover"]

#: A cover: index ``2 * m + p`` holds the most tiles that fit ``m`` sets and ``p`` pairs.
Cover = tuple[int, ...]

_SLOTS: Final = 10


def group_cover(counts: Sequence[int], *, honors: bool = False,
                memo: dict[tuple[int, ...], Cover] | None = None) -> Cover:
    """The cover of one suit's nine counts (or the honours' seven, without runs).

    >>> group_cover([1, 1, 0, 0, 0, 0, 0, 0, 2])[2:6]
    (2, 4, 4, 4)
    """
    return _cover(tuple(counts), honors, {} if memo is None else memo)


def _cover(v: tuple[int, ...], honors: bool, memo: dict[tuple[int, ...], Cover]) -> Cover:
    found = memo.get(v)
    if found is not None:
        return found
    size = len(v)
    i = 0
    while i < size and v[i] == 0:
        i += 1
    if i == size:
        result: Cover = (0,) * _SLOTS
        memo[v] = result
        return result
    # The lowest tile is either left out, or the lowest tile of a (partial) set or pair.
    rest = _minus(v, (i,))
    assert rest is not None  # v[i] > 0, so one copy can always be left out
    best = list(_cover(rest, honors, memo))
    shapes: list[tuple[int, ...]] = [(i,), (i, i), (i, i, i)]
    if not honors:
        if i + 1 < size:
            shapes.append((i, i + 1))
        if i + 2 < size:
            shapes += [(i, i + 2), (i, i + 1, i + 2)]
    for shape in shapes:
        rest = _minus(v, shape)
        if rest is None:
            continue
        sub = _cover(rest, honors, memo)
        n = len(shape)
        for slot in range(2, _SLOTS):
            value = sub[slot - 2] + n
            if value > best[slot]:
                best[slot] = value
    for shape in ((i,), (i, i)):
        rest = _minus(v, shape)
        if rest is None:
            continue
        sub = _cover(rest, honors, memo)
        n = len(shape)
        for m in range(5):
            value = sub[2 * m] + n
            if value > best[2 * m + 1]:
                best[2 * m + 1] = value
    result = tuple(best)
    memo[v] = result
    return result


def _minus(v: tuple[int, ...], shape: tuple[int, ...]) -> tuple[int, ...] | None:
    w = list(v)
    for k in shape:
        if w[k] == 0:
            return None
        w[k] -= 1
    return tuple(w)


def combine_covers(a: Cover, b: Cover) -> Cover:
    out: list[int] = []
    for m in range(5):
        best0 = best1 = 0
        for i in range(m + 1):
            j = 2 * (m - i)
            x = a[2 * i] + b[j]
            best0 = max(best0, x)
            best1 = max(best1, x, a[2 * i] + b[j + 1], a[2 * i + 1] + b[j])
        out += (best0, best1)
    return tuple(out)
