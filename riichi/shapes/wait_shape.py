"""How a winning tile completes a hand: the one vocabulary of wait shapes.

A *wait* is a tile that completes a tenpai hand (:class:`riichi.shapes.waits.Wait`);
its *shape* is how it completes it in one reading. Scoring reads the shape of
the winning tile in each reading (fu, pinfu, suuankou tanki, kokushi's
thirteen-sided wait) and the waits finder lists every shape of every wait:
both use this enum.
"""

from __future__ import annotations

import enum

__all__ = ["WaitShape"]


class WaitShape(enum.Enum):
    """How a winning tile completes the hand in one reading."""

    RYANMEN = "ryanmen"  #: two-sided run wait (``34`` waiting on 2 or 5)
    KANCHAN = "kanchan"  #: closed run wait (``46`` waiting on 5)
    PENCHAN = "penchan"  #: edge run wait (``12`` waiting on 3, ``89`` on 7)
    SHANPON = "shanpon"  #: one of two pairs becomes a triplet
    TANKI = "tanki"  #: a single tile waits for its pair (seven pairs too)
    KOKUSHI = "kokushi"  #: thirteen orphans waiting on the one missing kind
    KOKUSHI_13 = "kokushi_13"  #: thirteen orphans with all thirteen kinds: a thirteen-sided wait
