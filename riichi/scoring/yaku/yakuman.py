"""Predicates of the yakuman."""

from __future__ import annotations

from typing import Final

from riichi.scoring.reading import Form, HandFacts, Reading
from riichi.shapes.wait_shape import WaitShape
from riichi.tiles import DRAGON_KINDS, GREEN_KINDS, WIND_KINDS

_CHUUREN: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def kokushi(r: Reading, f: HandFacts) -> bool:
    return r.form is Form.KOKUSHI


def kokushi_13(r: Reading, f: HandFacts) -> bool:
    """Thirteen orphans on the thirteen-sided wait: the winning tile made the pair."""
    return r.wait_shape is WaitShape.KOKUSHI_13


def _chuuren_suit(f: HandFacts) -> int:
    """The suit base of a nine-gates shape, or -1."""
    if f.n_melds or f.honors or f.suits not in (1, 2, 4):
        return -1
    c = f.concealed_counts
    for base in (0, 9, 18):
        if sum(c[base:base + 9]) == 14:
            if all(c[base + i] >= _CHUUREN[i] for i in range(9)):
                return base
            return -1
    return -1


def chuuren(r: Reading, f: HandFacts) -> bool:
    return _chuuren_suit(f) >= 0


def junsei_chuuren(r: Reading, f: HandFacts) -> bool:
    """Nine gates on the nine-sided wait: 1112345678999 before the winning tile."""
    base = _chuuren_suit(f)
    if base < 0:
        return False
    c = f.concealed_counts
    return all(c[base + i] - (base + i == f.win_kind) == _CHUUREN[i] for i in range(9))


def suuankou(r: Reading, f: HandFacts) -> bool:
    return r.concealed_triplets == 4


def suuankou_tanki(r: Reading, f: HandFacts) -> bool:
    return r.concealed_triplets == 4 and r.wait_shape is WaitShape.TANKI


def daisangen(r: Reading, f: HandFacts) -> bool:
    c = f.all_counts
    return all(c[k] >= 3 for k in DRAGON_KINDS)


def shousuushii(r: Reading, f: HandFacts) -> bool:
    """Three of the winds as sets and the fourth as the pair."""
    c = f.all_counts
    return sum(c[k] >= 3 for k in WIND_KINDS) == 3 and sum(c[k] == 2 for k in WIND_KINDS) == 1


def daisuushii(r: Reading, f: HandFacts) -> bool:
    c = f.all_counts
    return all(c[k] >= 3 for k in WIND_KINDS)


def tsuuiisou(r: Reading, f: HandFacts) -> bool:
    return not f.suits


def chinroutou(r: Reading, f: HandFacts) -> bool:
    return f.terminals == 14 + f.kans


def ryuuiisou(r: Reading, f: HandFacts) -> bool:
    if f.suits not in (0, 4) or f.honors != f.all_counts[32]:
        return False
    c = f.all_counts
    if f.rules.ryuuiisou_needs_hatsu and not c[32]:
        return False
    return all(c[k] == 0 for k in range(18, 27) if k not in GREEN_KINDS)


def suukantsu(r: Reading, f: HandFacts) -> bool:
    return f.kans == 4


def tenhou(r: Reading, f: HandFacts) -> bool:
    return f.ctx.tenhou


def chiihou(r: Reading, f: HandFacts) -> bool:
    return f.ctx.chiihou


def renhou(r: Reading, f: HandFacts) -> bool:
    return f.ctx.renhou
