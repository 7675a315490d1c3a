"""The base of riichi's frozen values: they copy and pickle through their constructor.

Every ``@dataclass(frozen=True, slots=True)`` value of the compiled core (a score, a rule set, a
payment) derives from :class:`Frozen`. ``copy.copy``, ``copy.deepcopy`` and ``pickle`` then rebuild a value by
calling its class with its fields, in field order, so a copy is checked as the original was. The
compiled build needs this: a class compiled with mypyc restores a copy by assigning its attributes one
by one, which a frozen dataclass refuses.

>>> import copy, pickle
>>> from riichi.scoring.fu import FuItem
>>> item = FuItem("tsumo", 2)
>>> copy.deepcopy(item) == item == pickle.loads(pickle.dumps(item))
True
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

__all__ = ["Frozen"]


class Frozen:
    """A frozen dataclass value that copies and pickles as ``type(value)(*fields)``."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[object, ...]]:
        return type(self), tuple([getattr(self, f.name) for f in fields(self)])  # type: ignore[arg-type]
