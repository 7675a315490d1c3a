"""The yaku table: one row per yaku, with its han, its predicate and its gating.

A row says what a yaku is worth closed and open (``han_open == 0``: closed
only), whether it is a yakuman (and its multiple under full scoring), which
rule switch enables it, and which yaku it replaces when both are present.
Adding a local yaku is one row here and one predicate.

>>> YAKU["chinitsu"].han_closed, YAKU["chinitsu"].han_open
(6, 5)
>>> YAKU["kokushi_13"].yakuman, YAKU["kokushi_13"].supersedes
(2, ('kokushi',))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from riichi.reading import HandFacts, Reading
from riichi.rules import Renhou, RuleSet
from riichi.yaku import local, standard, yakuman

__all__ = ["YAKU", "YakuRow"]

Predicate = Callable[[Reading, HandFacts], bool]
Gate = Callable[[RuleSet], bool]


@dataclass(frozen=True, slots=True)
class YakuRow:
    """One yaku (or yakuman) and what it is worth."""

    name: str
    check: Predicate
    #: Han when closed; for a yakuman 0.
    han_closed: int = 0
    #: Han when open; 0 = closed only.
    han_open: int = 0
    #: For a yakuman, its multiple under full scoring (1, or 2 for a double form); 0 otherwise.
    yakuman: int = 0
    #: Whether the predicate depends on the reading (else it is checked once per hand).
    per_reading: bool = False
    #: When given, the rule set must allow the yaku.
    gate: Gate | None = None
    #: Yaku this one replaces when both hold.
    supersedes: tuple[str, ...] = ()
    #: Name of a RuleSet field that gives the han instead (closed and open alike).
    han_from_rules: str | None = None

    def han(self, *, closed: bool, rules: RuleSet) -> int:
        """Han of this yaku in a closed or open hand under ``rules`` (0: not available)."""
        if self.han_from_rules:
            value = getattr(rules, self.han_from_rules)
            return int(value)
        return self.han_closed if closed else self.han_open


def _local(name: str) -> Gate:
    return lambda rules: rules.has(name)


def _y(name: str, check: Predicate, closed: int, opened: int, **kw: object) -> YakuRow:
    return YakuRow(name, check, closed, opened, **kw)  # type: ignore[arg-type]


def _ym(name: str, check: Predicate, multiple: int = 1, **kw: object) -> YakuRow:
    return YakuRow(name, check, 0, 0, multiple, **kw)  # type: ignore[arg-type]


_ROWS: Final = (
    # situation
    _y("riichi", standard.riichi, 1, 0, supersedes=()),
    _y("double_riichi", standard.double_riichi, 2, 0, supersedes=("riichi",)),
    _y("open_riichi", local.open_riichi, 1, 0, gate=_local("open_riichi")),
    _y("ippatsu", standard.ippatsu, 1, 0),
    _y("menzen_tsumo", standard.menzen_tsumo, 1, 0),
    _y("haitei", standard.haitei, 1, 1),
    _y("houtei", standard.houtei, 1, 1),
    _y("rinshan", standard.rinshan, 1, 1),
    _y("chankan", standard.chankan, 1, 1, gate=lambda rules: rules.chankan),
    _y("renhou", standard.renhou, 4, 0, gate=lambda rules: rules.renhou is Renhou.YAKU),
    # tiles
    _y("tanyao", standard.tanyao, 1, 1),
    _y("haku", standard.haku, 1, 1),
    _y("hatsu", standard.hatsu, 1, 1),
    _y("chun", standard.chun, 1, 1),
    _y("seat_wind", standard.seat_wind, 1, 1),
    _y("round_wind", standard.round_wind, 1, 1),
    _y("honitsu", standard.honitsu, 3, 2),
    _y("chinitsu", standard.chinitsu, 6, 5),
    _y("honroutou", standard.honroutou, 2, 2),
    _y("shousangen", standard.shousangen, 2, 2),
    _y("sankantsu", standard.sankantsu, 2, 2),
    # shape
    _y("pinfu", standard.pinfu, 1, 0, per_reading=True),
    _y("chiitoitsu", standard.chiitoitsu, 2, 0, per_reading=True),
    _y("iipeikou", standard.iipeikou, 1, 0, per_reading=True),
    _y("ryanpeikou", standard.ryanpeikou, 3, 0, per_reading=True, supersedes=("iipeikou",)),
    _y("sanshoku", standard.sanshoku, 2, 1, per_reading=True),
    _y("ittsu", standard.ittsu, 2, 1, per_reading=True),
    _y("chanta", standard.chanta, 2, 1, per_reading=True),
    _y("junchan", standard.junchan, 3, 2, per_reading=True),
    _y("toitoi", standard.toitoi, 2, 2, per_reading=True),
    _y("sanankou", standard.sanankou, 2, 2, per_reading=True),
    _y("sanshoku_doukou", standard.sanshoku_doukou, 2, 2, per_reading=True,
       han_from_rules="sanshoku_doukou_han"),
    # local yaku
    _y("sanrenkou", local.sanrenkou, 2, 2, per_reading=True, gate=_local("sanrenkou")),
    _y("iisou_sanjun", local.iisou_sanjun, 2, 2, per_reading=True, gate=_local("iisou_sanjun"),
       supersedes=("iipeikou",)),
    _y("iisou_suushun", local.iisou_suushun, 5, 5, per_reading=True,
       gate=lambda rules: rules.has("iisou_suushun") and not rules.iisou_suushun_yakuman,
       supersedes=("iipeikou", "ryanpeikou", "iisou_sanjun")),
)

_YAKUMAN_ROWS: Final = (
    _ym("kokushi", yakuman.kokushi, per_reading=True),
    _ym("kokushi_13", yakuman.kokushi_13, 2, per_reading=True, supersedes=("kokushi",)),
    _ym("chuuren", yakuman.chuuren),
    _ym("junsei_chuuren", yakuman.junsei_chuuren, 2, supersedes=("chuuren",)),
    _ym("suuankou", yakuman.suuankou, per_reading=True),
    _ym("suuankou_tanki", yakuman.suuankou_tanki, 2, per_reading=True, supersedes=("suuankou",)),
    _ym("daisangen", yakuman.daisangen),
    _ym("shousuushii", yakuman.shousuushii),
    _ym("daisuushii", yakuman.daisuushii, 2),
    _ym("tsuuiisou", yakuman.tsuuiisou),
    _ym("ryuuiisou", yakuman.ryuuiisou),
    _ym("chinroutou", yakuman.chinroutou),
    _ym("suukantsu", yakuman.suukantsu),
    _ym("tenhou", yakuman.tenhou),
    _ym("chiihou", yakuman.chiihou),
    _ym("renhou", yakuman.renhou, gate=lambda rules: rules.renhou is Renhou.YAKUMAN),
    # local yakuman
    _ym("daisharin", local.daisharin, per_reading=True, gate=_local("daisharin")),
    _ym("daichikurin", local.daichikurin, per_reading=True, gate=_local("daichikurin")),
    _ym("daisuurin", local.daisuurin, per_reading=True, gate=_local("daisuurin")),
    _ym("daichisei", local.daichisei, 2, per_reading=True, gate=_local("daichisei"),
        supersedes=("tsuuiisou",)),
    _ym("suurenkou", local.suurenkou, per_reading=True, gate=_local("suurenkou")),
    _ym("iisou_suushun", local.iisou_suushun, per_reading=True,
        gate=lambda rules: rules.has("iisou_suushun") and rules.iisou_suushun_yakuman),
    _ym("shiisan_puutaa", local.shiisan_puutaa, per_reading=True, gate=_local("shiisan_puutaa")),
    _ym("paarenchan", local.paarenchan, gate=_local("paarenchan")),
    _ym("open_riichi", local.open_riichi_deal_in, gate=_local("open_riichi")),
)

#: Regular yaku rows, in the order results list them.
YAKU_ROWS: Final = _ROWS
#: Yakuman rows.
YAKUMAN_ROWS: Final = _YAKUMAN_ROWS
#: Every row by name (a yakuman that is also a local yaku, like iisou_suushun, maps to the yakuman row).
YAKU: Final[Mapping[str, YakuRow]] = {row.name: row for row in (*_ROWS, *_YAKUMAN_ROWS)}
