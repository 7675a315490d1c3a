"""Kept tables: values worked out once per key, for keys that recur far more often than they are new.

Scoring meets the same suit patterns, tile groups, payments and texts again and again; each is
worked out the first time it is met and looked up after that. A :class:`Kept` table is a dict
that makes a missing value with its function; it holds at most ``bound`` entries and starts
afresh when full, so a stream of any length keeps bounded memory. Keys are parts of a hand or its
situation (a suit's counts, a group of tiles, base points and seats), never a whole hand.

>>> squares = Kept(lambda n: n * n, bound=2)
>>> squares[3], squares[4], len(squares)
(9, 16, 2)
>>> squares[5], len(squares)  # full: started afresh
(25, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["Kept"]

_K = TypeVar("_K")
_V = TypeVar("_V")


class Kept(dict[_K, _V]):
    """A dict whose missing values ``make(key)`` works out and keeps, up to ``bound`` entries."""

    __slots__ = ("_bound", "_make")

    def __init__(self, make: Callable[[_K], _V], *, bound: int) -> None:
        super().__init__()
        self._make = make
        self._bound = bound

    def __missing__(self, key: _K) -> _V:
        if len(self) >= self._bound:
            self.clear()
        value = self[key] = self._make(key)
        return value
