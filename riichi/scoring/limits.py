"""Base points and limits: what a hand of so many han and fu is worth before anyone pays.

>>> base_points(4, 30, kiriage=False), base_points(4, 30, kiriage=True)
((1920, None), (2000, <Limit.MANGAN: 'mangan'>))
>>> ron_payment(1920, dealer=False), tsumo_payments(1920, dealer=False)
(7700, (3900, 2000))
>>> limit_base(8)
(4000, <Limit.BAIMAN: 'baiman'>)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from riichi.rules.options import Kazoe

if TYPE_CHECKING:
    from riichi.rules import ScoringRules

__all__ = [
    "Limit",
    "base_points",
    "counted_base",
    "hand_value",
    "limit_base",
    "ron_payment",
    "round_up_100",
    "tsumo_payments",
    "yakuman_base",
]


class Limit(enum.Enum):
    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    KAZOE_YAKUMAN = "kazoe_yakuman"
    YAKUMAN = "yakuman"


def round_up_100(points: int) -> int:
    return -(-points // 100) * 100


def base_points(han: int, fu: int, *, kiriage: bool) -> tuple[int, Limit | None]:
    """Basic points of a hand of at most 4 han: fu x 2^(han+2), capped at mangan (2000)."""
    base = fu * (1 << (han + 2))
    if base >= 2000 or (kiriage and base == 1920):
        return 2000, Limit.MANGAN
    return base, None


def limit_base(han: int) -> tuple[int, Limit]:
    """Basic points of a limit hand of 5 to 12 han (13+ is the caller's kazoe rule)."""
    if han <= 5:
        return 2000, Limit.MANGAN
    if han <= 7:
        return 3000, Limit.HANEMAN
    if han <= 10:
        return 4000, Limit.BAIMAN
    return 6000, Limit.SANBAIMAN


def ron_payment(base: int, *, dealer: bool) -> int:
    """What the discarder pays (without honba)."""
    return round_up_100(base * (6 if dealer else 4))


def tsumo_payments(base: int, *, dealer: bool) -> tuple[int, int]:
    """(the dealer's share, each non-dealer's share) on a tsumo; a dealer winner gets equal shares."""
    if dealer:
        each = round_up_100(base * 2)
        return each, each
    return round_up_100(base * 2), round_up_100(base)


def hand_value(base: int, *, dealer: bool, tsumo: bool) -> int:
    """The hand's value without honba and sticks: the ron payment or the sum of tsumo shares."""
    if not tsumo:
        return ron_payment(base, dealer=dealer)
    d, n = tsumo_payments(base, dealer=dealer)
    return 3 * d if dealer else d + 2 * n


def counted_base(han: int, fu: int, rules: ScoringRules) -> tuple[int, Limit | None, int]:
    """Basic points, limit and counted yakuman (0, or the kazoe multiple) of a hand of ``han`` han (every dora
    counted) and ``fu`` fu under ``rules``: kiriage, the limits from 5 han, and 13 han or more as the rules'
    ``kazoe`` and ``max_yakuman`` say. ``fu`` is not read from 5 han up.

    >>> from riichi.rules import TENHOU, WRC
    >>> counted_base(4, 30, TENHOU.scoring), counted_base(4, 30, WRC.scoring)
    ((1920, None, 0), (2000, <Limit.MANGAN: 'mangan'>, 0))
    >>> counted_base(13, 0, TENHOU.scoring), counted_base(13, 0, WRC.scoring)
    ((8000, <Limit.KAZOE_YAKUMAN: 'kazoe_yakuman'>, 1), (6000, <Limit.SANBAIMAN: 'sanbaiman'>, 0))
    """
    if han >= 13 and rules.kazoe is not Kazoe.SANBAIMAN:  # noqa: PLR2004 - counted yakuman
        total = han // 13 if rules.kazoe is Kazoe.MULTIPLE else 1
        if rules.max_yakuman is not None:
            total = min(total, rules.max_yakuman)
        return 8000 * total, Limit.KAZOE_YAKUMAN, total
    if han >= 5:  # noqa: PLR2004
        base, limit = limit_base(min(han, 12))
        return base, limit, 0
    base, kiriage_limit = base_points(han, fu, kiriage=rules.kiriage)
    return base, kiriage_limit, 0


def yakuman_base(total: int) -> int:
    """Basic points of ``total`` yakuman (as paid, after the rules' stacking and cap)."""
    return 8000 * total
