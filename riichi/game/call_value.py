"""Calls for value: whether the expert calls a pon or a chi, by what the hand can win called and left as it is.

A call is judged only where the hand called keeps a yaku it can see (:func:`open_yaku_han`: a value honour's
triplet, all simples where the rules play open tanyao, or one suit with or without honours) and comes a step
closer to tenpai. Then the two hands are compared as the expert's discards are (:mod:`riichi.game.expert`): the
chance of winning from the shanten and the live tiles that improve it, times a value. A closed hand is valued
as the riichi it will declare (the base and its dora, times 1.6); an open one by its yaku's han (one han about
half the base, two about the base, three or more 1.6 times it) and its dora. It calls when the called hand's
product is the larger; while a riichi threatens, only a call that leaves the hand tenpai.

>>> from riichi.notation import parse_tiles
>>> from riichi.rules import TENHOU
>>> from riichi.shapes.shanten import to_counts
>>> def han(tiles: str) -> int:  # a South seat in the East round
...     return open_yaku_han(to_counts(parse_tiles(tiles)), TENHOU, seat_wind=28, round_wind=27)
>>> han("234m567p88s555z"), han("234m567p88s222z"), han("234m567p888s44s"), han("123m567p88s333z")
(1, 1, 1, 0)
>>> han("123455m789m11z"), han("123455m789m111z"), han("19m567p88s3334z")
(2, 3, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from riichi.counts import to_counts
from riichi.game.events import Chi
from riichi.game.legal import kuikae_kinds
from riichi.shapes.shanten import (
    NO_TILE,
    shanten,
    shanten_after_discards,
    shanten_after_draws,
)
from riichi.tiles import KIND_OF

if TYPE_CHECKING:
    from riichi.game.events import Pon
    from riichi.game.players import SeatView
    from riichi.rules import RuleSet

__all__ = ["STEP_BACK", "WIN_CAP", "WIN_PER_STEP_TILE", "WIN_PER_WAIT", "CallJudgement", "judge_call", "keeps_yaku",
           "open_yaku_han", "turns_factor"]

# The tuples of floats below are annotated tuple[float, ...]: mypyc 1.19 reads a module's fixed-length tuple of
# floats wrongly in some functions ("value for final name ... was not set"; tests/test_build.py).
#: An open hand's value against the base (see the module description), by its yaku's han.
_OPEN_FACTOR: Final[tuple[float, ...]] = (0.0, 0.55, 1.0, 1.6)
#: A closed hand's value against the base: the riichi it will declare, with its ura dora.
_CLOSED_FACTOR: Final = 1.6
#: The chance of winning from tenpai by the live waits, at a full wall: each live wait adds this much (a riichi on
#: a two-sided wait of 8 tiles wins about half the time in Tenhou's statistics), capped; short of tenpai, each
#: live tile that takes a step. The expert judges its discards (riichi.game.expert) and its calls with these.
WIN_PER_WAIT: Final = 0.065
WIN_PER_STEP_TILE: Final = 0.03
WIN_CAP: Final = 0.85
#: The share of the tenpai chance one and two steps further back.
STEP_BACK: Final[tuple[float, ...]] = (1.0, 0.45, 0.15, 0.05, 0.02)
_DRAGONS: Final = (31, 32, 33)
_SIMPLES: Final = frozenset(k for k in range(27) if k % 9 not in (0, 8))


class CallJudgement:
    """A call as the expert judges it: the shanten and value of the hand left as it is and of the hand called
    (after its best discard), and whether to call."""

    __slots__ = ("call", "called_shanten", "called_win", "closed_shanten", "closed_win", "take")

    def __init__(self, call: Chi | Pon, closed_shanten: int, closed_win: float, called_shanten: int,
                 called_win: float, *, take: bool) -> None:
        self.call = call
        self.closed_shanten = closed_shanten
        self.closed_win = closed_win
        self.called_shanten = called_shanten
        self.called_win = called_win
        self.take = take

    def __repr__(self) -> str:
        return (f"<{self.call}: as it is shanten {self.closed_shanten} ({self.closed_win:.0f}), called shanten "
                f"{self.called_shanten} ({self.called_win:.0f}), {'call' if self.take else 'pass'}>")


def open_yaku_han(counts: list[int], rules: RuleSet, *, seat_wind: int, round_wind: int) -> int:
    """The han of the yaku an open hand of ``counts`` (its concealed tiles and its melds' tiles, by kind) holds
    whatever it draws: each value honour's triplet (a dragon, the seat and the round wind, a double wind twice),
    all simples (where the rules play open tanyao), a half flush (2) or a full flush (5)."""
    han = sum(1 for k in _DRAGONS if counts[k] >= 3)  # noqa: PLR2004
    if counts[seat_wind] >= 3:  # noqa: PLR2004
        han += 1
    if counts[round_wind] >= 3:  # noqa: PLR2004
        han += 1
    held = [k for k in range(34) if counts[k]]
    if rules.scoring.kuitan and held and all(k in _SIMPLES for k in held):
        han += 1
    suits = {k // 9 for k in held if k < 27}  # noqa: PLR2004
    if len(suits) == 1:
        han += 2 if any(k >= 27 for k in held) else 5  # noqa: PLR2004
    return han


def turns_factor(view: SeatView) -> float:
    """How much of a full hand's time is left: the seat's draws left (the live wall shared by the seats) over 12,
    at most 1."""
    return min(1.0, view.live_tiles_left / len(view.scores) / 12.0)


def _win(shanten_: int, useful: int, time_factor: float) -> float:
    per = WIN_PER_WAIT if shanten_ == 0 else WIN_PER_STEP_TILE
    return min(WIN_CAP, per * useful) * STEP_BACK[min(max(shanten_, 0), 4)] * time_factor


def _useful(counts: list[int], n_melds: int, shanten_: int, unseen: list[int]) -> int:
    after = shanten_after_draws(counts, n_melds=n_melds)
    return sum(unseen[k] for k in range(34) if after[k] != NO_TILE and after[k] < shanten_)


def judge_call(view: SeatView, call: Chi | Pon, *, base: float, dora: list[int], unseen: list[int],
               riichi_threat: bool) -> CallJudgement | None:
    """The call judged (the module description), or None where the hand called would hold no yaku it can see
    or come no closer to tenpai. ``base``: the hand's value without dora (by dealership); ``dora``: the dora
    each kind is worth; ``unseen``: the copies of each kind this seat cannot see."""
    counts = to_counts(view.hand)
    melds = view.melds(view.seat)
    n_melds = len(melds)
    meld_counts = to_counts(t for m in melds for t in m.tiles)
    seat_wind, round_wind = 27 + int(view.seat_wind), 27 + int(view.round_wind)
    after = list(counts)
    for t in call.own:
        after[KIND_OF[t]] -= 1
    with_meld = [meld_counts[k] + after[k] for k in range(34)]
    for t in call.tiles:
        with_meld[KIND_OF[t]] += 1
    forbidden = kuikae_kinds(view.rules.game.kuikae, call.tile, call.own, chi=isinstance(call, Chi))
    shanten_now = shanten(counts, n_melds=n_melds)
    by_discard = shanten_after_discards(after, n_melds=n_melds + 1)
    best: tuple[int, int] | None = None  # (shanten, kind) of the best discard that keeps a yaku
    for k in range(34):
        if not after[k] or k in forbidden or by_discard[k] == NO_TILE:
            continue
        with_meld[k] -= 1
        han = open_yaku_han(with_meld, view.rules, seat_wind=seat_wind, round_wind=round_wind)
        with_meld[k] += 1
        if han and (best is None or by_discard[k] < best[0]):
            best = (by_discard[k], k)
    if best is None or best[0] >= shanten_now or (riichi_threat and best[0] != 0):
        return None
    called_shanten, discard = best
    time_factor = turns_factor(view)
    closed = not any(m.is_open for m in melds)
    dora_now = sum(dora[k] * (counts[k] + meld_counts[k]) for k in range(34))
    if closed:
        factor_now = _CLOSED_FACTOR
    else:
        han_now = open_yaku_han([counts[k] + meld_counts[k] for k in range(34)], view.rules, seat_wind=seat_wind,
                                round_wind=round_wind)
        factor_now = _OPEN_FACTOR[min(han_now, 3)]
    value_now = base * (1.0 + 0.8 * min(dora_now, 6)) * factor_now
    closed_win = _win(shanten_now, _useful(counts, n_melds, shanten_now, unseen), time_factor) * value_now
    after[discard] -= 1
    with_meld[discard] -= 1
    han = open_yaku_han(with_meld, view.rules, seat_wind=seat_wind, round_wind=round_wind)
    dora_called = sum(dora[k] * with_meld[k] for k in range(34))
    value_called = base * (1.0 + 0.8 * min(dora_called, 6)) * _OPEN_FACTOR[min(han, 3)]
    useful = _useful(after, n_melds + 1, called_shanten, unseen)
    called_win = _win(called_shanten, useful, time_factor) * value_called
    return CallJudgement(call, shanten_now, closed_win, called_shanten, called_win, take=called_win > closed_win)


def keeps_yaku(view: SeatView, kind: int) -> bool:
    """Whether an open hand still holds a yaku it can see (:func:`open_yaku_han`) once it discards ``kind``."""
    counts = to_counts((*view.hand, *(t for m in view.melds(view.seat) for t in m.tiles)))
    counts[kind] -= 1
    return open_yaku_han(counts, view.rules, seat_wind=27 + int(view.seat_wind),
                         round_wind=27 + int(view.round_wind)) > 0

