"""The base of riichi's values: they copy and pickle through their constructor.

riichi's values come in two kinds, both immutable and compared and hashed by their fields:

* **Frozen dataclasses** (``@dataclass(frozen=True, slots=True)``): the rules, the yaku table's rows,
  the waits and shanten of the analysis. Assigning a field raises ``FrozenInstanceError``.
* **Records**: the values scoring makes for every hand (a :class:`~riichi.hand.Hand` and its melds, a
  :class:`~riichi.scoring.context.WinContext`, a :class:`~riichi.scoring.result.Score` and its payments,
  deltas and fu items). They are ``@dataclass(init=False, slots=True, unsafe_hash=True)`` classes whose
  fields are ``Final`` and whose ``__init__`` is written out, checking and normalising what it is given.
  Their immutability is the type checker's: ``score.han = 3`` is an error under mypy (a ``Final``
  field), and nothing in riichi assigns one. They are records because of the compiled build: mypyc
  compiles a written ``__init__`` to native code that stores each field directly, where the
  ``__init__`` the ``dataclasses`` module generates stays a Python function that sets each field of a
  frozen value through ``object.__setattr__``. For a :class:`~riichi.scoring.result.Score` that was
  about 26,000 machine instructions a hand, a fifth of all the scoring.

Every value of either kind in the compiled core derives from :class:`Frozen` (the game engine's
positions and events aside: a position copies itself). ``copy.copy``,
``copy.deepcopy`` and ``pickle`` then rebuild a value by calling its class with its fields, in field
order, so a copy is checked as the original was. The compiled build needs this: a class compiled with
mypyc restores a copy by assigning its attributes one by one, which a frozen dataclass refuses, and
creates an instance by calling its ``__init__``, which a record's required fields refuse.

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
    """A value (frozen dataclass or record) that copies and pickles as ``type(value)(*fields)``."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[object, ...]]:
        return type(self), tuple([getattr(self, f.name) for f in fields(self)])  # type: ignore[arg-type]
