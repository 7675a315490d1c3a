"""Predicates of the standard yaku: one small pure function per yaku.

Each takes the reading and the hand's facts and says whether the yaku is
there; its han live in :mod:`riichi.scoring.yaku.table`.
"""

from __future__ import annotations

from typing import Final

from riichi.scoring.reading import Form, HandFacts, Reading
from riichi.shapes.wait_shape import WaitShape
from riichi.tiles import DRAGON_KINDS, TERMINAL_HONOR_KINDS

_TERMINAL_HONOR: Final = frozenset(TERMINAL_HONOR_KINDS)


# -- situation ---------------------------------------------------------------

def riichi(r: Reading, f: HandFacts) -> bool:
    return f.ctx.riichi or f.ctx.open_riichi


def double_riichi(r: Reading, f: HandFacts) -> bool:
    return f.ctx.double_riichi


def ippatsu(r: Reading, f: HandFacts) -> bool:
    return f.ctx.ippatsu and f.rules.ippatsu


def menzen_tsumo(r: Reading, f: HandFacts) -> bool:
    return f.ctx.tsumo and f.closed


def haitei(r: Reading, f: HandFacts) -> bool:
    return f.ctx.haitei


def houtei(r: Reading, f: HandFacts) -> bool:
    return f.ctx.houtei


def rinshan(r: Reading, f: HandFacts) -> bool:
    return f.ctx.rinshan


def chankan(r: Reading, f: HandFacts) -> bool:
    return f.ctx.chankan


def renhou(r: Reading, f: HandFacts) -> bool:
    return f.ctx.renhou


# -- tiles -------------------------------------------------------------------

def tanyao(r: Reading, f: HandFacts) -> bool:
    return not f.honors and not f.terminals and (f.closed or f.rules.kuitan)


def haku(r: Reading, f: HandFacts) -> bool:
    return f.all_counts[31] >= 3


def hatsu(r: Reading, f: HandFacts) -> bool:
    return f.all_counts[32] >= 3


def chun(r: Reading, f: HandFacts) -> bool:
    return f.all_counts[33] >= 3


def seat_wind(r: Reading, f: HandFacts) -> bool:
    return f.all_counts[f.seat_wind_kind] >= 3


def round_wind(r: Reading, f: HandFacts) -> bool:
    return f.all_counts[f.round_wind_kind] >= 3


_ONE_SUIT: Final = frozenset({1, 2, 4})


def honitsu(r: Reading, f: HandFacts) -> bool:
    return f.suits in _ONE_SUIT and f.honors > 0


def chinitsu(r: Reading, f: HandFacts) -> bool:
    return f.suits in _ONE_SUIT and not f.honors


def honroutou(r: Reading, f: HandFacts) -> bool:
    return f.terminals > 0 and f.honors > 0 and f.terminals + f.honors == 14 + f.kans


def shousangen(r: Reading, f: HandFacts) -> bool:
    """Two of the dragons as sets and the third as the pair."""
    c = f.all_counts
    return sum(c[k] >= 3 for k in DRAGON_KINDS) == 2 and sum(c[k] == 2 for k in DRAGON_KINDS) == 1


def sankantsu(r: Reading, f: HandFacts) -> bool:
    return f.kans == 3


# -- shape -------------------------------------------------------------------

def chiitoitsu(r: Reading, f: HandFacts) -> bool:
    return r.form is Form.CHIITOITSU


def pinfu(r: Reading, f: HandFacts) -> bool:
    if r.form is not Form.STANDARD or not f.closed or r.triplets or r.wait_shape is not WaitShape.RYANMEN:
        return False
    if f.ctx.tsumo and not f.rules.pinfu_tsumo:
        return False
    p = r.pair
    return p < 31 and p != f.seat_wind_kind and p != f.round_wind_kind


def iipeikou(r: Reading, f: HandFacts) -> bool:
    runs = r.runs
    return f.closed and len(set(runs)) < len(runs)


def ryanpeikou(r: Reading, f: HandFacts) -> bool:
    runs = r.runs  # sorted
    if not f.closed or len(runs) != 4 or runs[0] != runs[1] or runs[2] != runs[3]:
        return False
    return runs[1] != runs[2] or f.rules.ryanpeikou_identical


def _in_three_suits(kinds: tuple[int, ...]) -> bool:
    """Some number starts a set in man, pin and sou alike (``kinds`` sorted, man first)."""
    if len(kinds) < 3:
        return False
    for k in kinds:
        if k >= 9:
            return False
        if k + 9 in kinds and k + 18 in kinds:
            return True
    return False


def sanshoku(r: Reading, f: HandFacts) -> bool:
    return _in_three_suits(r.runs)


def ittsu(r: Reading, f: HandFacts) -> bool:
    runs = r.runs
    if len(runs) < 3:
        return False
    for b in (0, 9, 18):
        if b in runs and b + 3 in runs and b + 6 in runs:
            return True
    return False


def _outside(r: Reading) -> bool:
    """Every set and the pair hold a terminal or an honour, with at least one run."""
    return (r.form is Form.STANDARD and bool(r.runs) and r.pair in _TERMINAL_HONOR
            and all(s % 9 in (0, 6) for s in r.runs) and all(k in _TERMINAL_HONOR for k in r.triplets))


def chanta(r: Reading, f: HandFacts) -> bool:
    return f.honors > 0 and _outside(r)


def junchan(r: Reading, f: HandFacts) -> bool:
    return not f.honors and _outside(r)


def toitoi(r: Reading, f: HandFacts) -> bool:
    return r.form is Form.STANDARD and not r.runs


def sanankou(r: Reading, f: HandFacts) -> bool:
    return r.concealed_triplets == 3


def sanshoku_doukou(r: Reading, f: HandFacts) -> bool:
    return _in_three_suits(r.triplets)
