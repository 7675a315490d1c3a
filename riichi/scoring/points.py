"""Base points, limits and who pays what.

>>> base_points(4, 30, kiriage=False), base_points(4, 30, kiriage=True)
((1920, None), (2000, <Limit.MANGAN: 'mangan'>))
>>> ron_payment(1920, dealer=False), tsumo_payments(1920, dealer=False)
(7700, (3900, 2000))
>>> limit_base(8)
(4000, <Limit.BAIMAN: 'baiman'>)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final, NamedTuple

from riichi.kept import Kept
from riichi.tiles import Wind

__all__ = [
    "Limit",
    "Liability",
    "Settlement",
    "base_points",
    "hand_value",
    "limit_base",
    "ron_payment",
    "round_up_100",
    "settle",
    "settle_plain",
    "tsumo_payments",
]


class Limit(enum.Enum):
    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    KAZOE_YAKUMAN = "kazoe_yakuman"
    YAKUMAN = "yakuman"


#: Limits read once (an Enum class attribute is slow on Python 3.11).
_MANGAN, _HANEMAN, _BAIMAN, _SANBAIMAN = Limit.MANGAN, Limit.HANEMAN, Limit.BAIMAN, Limit.SANBAIMAN


def round_up_100(points: int) -> int:
    return -(-points // 100) * 100


def base_points(han: int, fu: int, *, kiriage: bool) -> tuple[int, Limit | None]:
    """Basic points of a hand of at most 4 han: fu x 2^(han+2), capped at mangan (2000)."""
    base = fu * (1 << (han + 2))
    if base >= 2000 or (kiriage and base == 1920):
        return 2000, _MANGAN
    return base, None


def limit_base(han: int) -> tuple[int, Limit]:
    """Basic points of a limit hand of 5 to 12 han (13+ is the caller's kazoe rule)."""
    if han <= 5:
        return 2000, _MANGAN
    if han <= 7:
        return 3000, _HANEMAN
    if han <= 10:
        return 4000, _BAIMAN
    return 6000, _SANBAIMAN


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


@dataclass(frozen=True, slots=True)
class Liability:
    """A liable player (pao) and the basic points they answer for."""

    seat: Wind
    base: int
    #: The liable player pays the honba (else the discarder or the normal payers do).
    pays_honba: bool = True


class Settlement(NamedTuple):
    points: int
    payments: tuple[tuple[Wind, int], ...]
    deltas: tuple[tuple[Wind, int], ...]


def settle(base: int, *, winner: Wind, tsumo: bool, discarder: Wind | None, honba: int, sticks: int,
           liability: Liability | None = None) -> Settlement:
    """Who pays the winner what, honba and liability included, and every seat's change."""
    dealer = winner is _EAST
    pay = [0, 0, 0, 0]  # by seat value: what each seat pays
    paid = [False, False, False, False]

    def add(seat: Wind, amount: int) -> None:
        pay[seat] += amount
        paid[seat] = True

    others = [s for s in _WINDS if s is not winner]
    if liability is not None and liability.seat is not winner and (tsumo or liability.seat is not discarder):
        liable = liability.seat
        covered = liability.base
        rest = base - covered
        if tsumo:
            add(liable, ron_payment(covered, dealer=dealer))
            if rest:
                d, n = tsumo_payments(rest, dealer=dealer)
                for s in others:
                    add(s, d if (dealer or s is _EAST) else n)
            if liability.pays_honba or not rest:
                add(liable, 300 * honba)
            else:
                for s in others:
                    add(s, 100 * honba)
        else:
            assert discarder is not None
            half = ron_payment(covered, dealer=dealer) // 2
            add(liable, half)
            add(discarder, half)
            if rest:
                add(discarder, ron_payment(rest, dealer=dealer))
            add(liable if liability.pays_honba else discarder, 300 * honba)
        points = sum(pay) - 300 * honba
    elif tsumo:
        d, n = tsumo_payments(base, dealer=dealer)
        for s in others:
            add(s, (d if (dealer or s is _EAST) else n) + 100 * honba)
        points = 3 * d if dealer else d + 2 * n
    else:
        points = ron_payment(base, dealer=dealer)
        if discarder is not None:
            add(discarder, points + 300 * honba)
    payments = tuple([(s, pay[s]) for s in _WINDS if paid[s]])
    if not tsumo and discarder is None:
        return Settlement(points, payments, ())
    gain = sum(pay) + 1000 * sticks
    deltas = tuple([(s, gain if s is winner else -pay[s]) for s in _WINDS])
    return Settlement(points, payments, deltas)


def settle_plain(base: int, winner: Wind, tsumo: bool, discarder: Wind | None, honba: int,
                 sticks: int) -> Settlement:
    """:func:`settle` with no liable player, each situation worked out once.

    A settlement depends only on these six values, which take a few thousand combinations in
    play, so they are kept in a bounded table (keyed by the situation, not by the hand).
    """
    return _SETTLED[base, winner, tsumo, discarder, honba, sticks]


_SETTLED: Final = Kept[tuple[int, Wind, bool, Wind | None, int, int], Settlement](
    lambda key: settle(key[0], winner=key[1], tsumo=key[2], discarder=key[3], honba=key[4], sticks=key[5]),
    bound=8192)


_WINDS: Final = tuple(Wind)
_EAST: Final = Wind.EAST  #: read once (an Enum class attribute is slow on Python 3.11)
