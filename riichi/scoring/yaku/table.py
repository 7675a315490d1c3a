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

from riichi.scoring.reading import Feature as F  # noqa: N817 - rows read as F.CLOSED | F.TSUMO
from riichi.scoring.reading import HandFacts, Reading
from riichi.rules import Renhou, ScoringRules
from riichi.scoring.yaku import local, standard, yakuman

__all__ = ["GLOSSES", "YAKU", "YakuRow"]

Predicate = Callable[[Reading, HandFacts], bool]
Gate = Callable[[ScoringRules], bool]


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
    #: Name of a ScoringRules field that gives the han instead (closed and open alike).
    han_from_rules: str | None = None
    #: :class:`~riichi.scoring.reading.Feature` bits the hand (and, for a per-reading row, the reading's shape)
    #: must have for the predicate to hold: a cheap filter so that most predicates are never called
    #: (the tests check each predicate implies them).
    needs: int = 0
    #: The yaku's name in English, for players who do not read romaji.
    english: str = ""
    #: The needs bits are the whole condition: the yaku holds exactly when the hand has them, so the
    #: evaluator need not call the predicate (the tests check the two agree).
    exact: bool = False

    def han(self, *, closed: bool, rules: ScoringRules) -> int:
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
    _y("riichi", standard.riichi, 1, 0, needs=F.RIICHI, english="ready hand"),
    _y("double_riichi", standard.double_riichi, 2, 0, supersedes=("riichi",), needs=F.DOUBLE_RIICHI,
       exact=True, english="double ready hand"),
    _y("open_riichi", local.open_riichi, 1, 0, gate=_local("open_riichi"), needs=F.OPEN_RIICHI,
       exact=True, english="open ready hand"),
    _y("ippatsu", standard.ippatsu, 1, 0, needs=F.IPPATSU, english="one shot"),
    _y("menzen_tsumo", standard.menzen_tsumo, 1, 0, needs=F.CLOSED | F.TSUMO, exact=True,
       english="fully concealed self-draw"),
    _y("haitei", standard.haitei, 1, 1, needs=F.HAITEI, exact=True, english="last tile from the wall"),
    _y("houtei", standard.houtei, 1, 1, needs=F.HOUTEI, exact=True, english="last discard"),
    _y("rinshan", standard.rinshan, 1, 1, needs=F.RINSHAN, exact=True, english="win on a kan's replacement tile"),
    _y("chankan", standard.chankan, 1, 1, gate=lambda rules: rules.chankan, needs=F.CHANKAN,
       exact=True, english="robbing a kan"),
    _y("renhou", standard.renhou, 4, 0, gate=lambda rules: rules.renhou is Renhou.YAKU, needs=F.RENHOU,
       exact=True, english="blessing of man"),
    # tiles
    _y("tanyao", standard.tanyao, 1, 1, needs=F.SIMPLES_ONLY, english="all simples"),
    _y("haku", standard.haku, 1, 1, needs=F.HAKU3, exact=True, english="white dragon"),
    _y("hatsu", standard.hatsu, 1, 1, needs=F.HATSU3, exact=True, english="green dragon"),
    _y("chun", standard.chun, 1, 1, needs=F.CHUN3, exact=True, english="red dragon"),
    _y("seat_wind", standard.seat_wind, 1, 1, needs=F.SEAT3, exact=True, english="seat wind"),
    _y("round_wind", standard.round_wind, 1, 1, needs=F.ROUND3, exact=True, english="round wind"),
    _y("honitsu", standard.honitsu, 3, 2, needs=F.ONE_SUIT | F.HONORS, exact=True, english="half flush"),
    _y("chinitsu", standard.chinitsu, 6, 5, needs=F.ONE_SUIT | F.NO_HONORS, exact=True, english="full flush"),
    _y("honroutou", standard.honroutou, 2, 2, needs=F.NO_SIMPLES | F.HONORS | F.TERMINALS,
       exact=True, english="all terminals and honours"),
    _y("shousangen", standard.shousangen, 2, 2, needs=F.DRAGONS8, english="little three dragons"),
    _y("sankantsu", standard.sankantsu, 2, 2, needs=F.KANS3, english="three kans"),
    # shape
    _y("pinfu", standard.pinfu, 1, 0, per_reading=True, needs=F.CLOSED | F.NO_TRIPLETS | F.RYANMEN,
       english="no-points hand"),
    _y("chiitoitsu", standard.chiitoitsu, 2, 0, per_reading=True, needs=F.CLOSED | F.CHIITOITSU, english="seven pairs"),
    _y("iipeikou", standard.iipeikou, 1, 0, per_reading=True, needs=F.CLOSED | F.RUNS2, english="pure double sequence"),
    _y("ryanpeikou", standard.ryanpeikou, 3, 0, per_reading=True, supersedes=("iipeikou",), needs=F.CLOSED | F.RUNS4,
       english="twice pure double sequence"),
    _y("sanshoku", standard.sanshoku, 2, 1, per_reading=True, needs=F.THREE_SUITS | F.RUNS3,
       english="mixed triple sequence"),
    _y("ittsu", standard.ittsu, 2, 1, per_reading=True, needs=F.RUNS3, english="pure straight"),
    _y("chanta", standard.chanta, 2, 1, per_reading=True, needs=F.HONORS | F.TERMINALS | F.RUNS1,
       english="outside hand"),
    _y("junchan", standard.junchan, 3, 2, per_reading=True, needs=F.NO_HONORS | F.TERMINALS | F.RUNS1,
       english="terminals in all sets"),
    _y("toitoi", standard.toitoi, 2, 2, per_reading=True, needs=F.NO_RUNS, english="all triplets"),
    _y("sanankou", standard.sanankou, 2, 2, per_reading=True, needs=F.ANKOU3, english="three concealed triplets"),
    _y("sanshoku_doukou", standard.sanshoku_doukou, 2, 2, per_reading=True,
       han_from_rules="sanshoku_doukou_han", needs=F.THREE_SUITS | F.TRIPLETS3, english="triple triplets"),
    # local yaku
    _y("sanrenkou", local.sanrenkou, 2, 2, per_reading=True, gate=_local("sanrenkou"), needs=F.TRIPLETS3,
       english="three consecutive triplets"),
    _y("iisou_sanjun", local.iisou_sanjun, 2, 2, per_reading=True, gate=_local("iisou_sanjun"), needs=F.RUNS3,
       supersedes=("iipeikou",), english="three identical sequences"),
    _y("iisou_suushun", local.iisou_suushun, 5, 5, per_reading=True, needs=F.RUNS4,
       gate=lambda rules: rules.has("iisou_suushun") and not rules.iisou_suushun_yakuman,
       supersedes=("iipeikou", "ryanpeikou", "iisou_sanjun"), english="four identical sequences"),
)

_YAKUMAN_ROWS: Final = (
    _ym("kokushi", yakuman.kokushi, per_reading=True,
        needs=F.CLOSED | F.HONORS | F.TERMINALS | F.NO_SIMPLES | F.KOKUSHI,
        english="thirteen orphans"),
    _ym("kokushi_13", yakuman.kokushi_13, 2, per_reading=True, supersedes=("kokushi",),
        needs=F.CLOSED | F.HONORS | F.TERMINALS | F.NO_SIMPLES | F.KOKUSHI, english="thirteen orphans, 13-sided wait"),
    _ym("chuuren", yakuman.chuuren, needs=F.CLOSED | F.ONE_SUIT | F.NO_HONORS, english="nine gates"),
    _ym("junsei_chuuren", yakuman.junsei_chuuren, 2, supersedes=("chuuren",),
        needs=F.CLOSED | F.ONE_SUIT | F.NO_HONORS, english="pure nine gates, 9-sided wait"),
    _ym("suuankou", yakuman.suuankou, per_reading=True, needs=F.CLOSED | F.ANKOU4, english="four concealed triplets"),
    _ym("suuankou_tanki", yakuman.suuankou_tanki, 2, per_reading=True, supersedes=("suuankou",),
        needs=F.CLOSED | F.ANKOU4 | F.TANKI, english="four concealed triplets, single wait"),
    _ym("daisangen", yakuman.daisangen, needs=F.DRAGONS8, english="big three dragons"),
    _ym("shousuushii", yakuman.shousuushii, needs=F.WINDS11, english="little four winds"),
    _ym("daisuushii", yakuman.daisuushii, 2, needs=F.WINDS11, english="big four winds"),
    _ym("tsuuiisou", yakuman.tsuuiisou, needs=F.NO_SUITS, english="all honours"),
    _ym("ryuuiisou", yakuman.ryuuiisou, needs=F.GREEN, english="all green"),
    _ym("chinroutou", yakuman.chinroutou, needs=F.NO_SIMPLES | F.NO_HONORS, english="all terminals"),
    _ym("suukantsu", yakuman.suukantsu, needs=F.KANS4, english="four kans"),
    _ym("tenhou", yakuman.tenhou, needs=F.TENHOU, english="blessing of heaven"),
    _ym("chiihou", yakuman.chiihou, needs=F.CHIIHOU, english="blessing of earth"),
    _ym("renhou", yakuman.renhou, gate=lambda rules: rules.renhou is Renhou.YAKUMAN, needs=F.RENHOU,
        english="blessing of man"),
    # local yakuman
    _ym("daisharin", local.daisharin, per_reading=True, gate=_local("daisharin"),
        needs=F.CLOSED | F.SIMPLES_ONLY | F.ONE_SUIT | F.CHIITOITSU, english="big wheels"),
    _ym("daichikurin", local.daichikurin, per_reading=True, gate=_local("daichikurin"),
        needs=F.CLOSED | F.SIMPLES_ONLY | F.ONE_SUIT | F.CHIITOITSU, english="bamboo forest"),
    _ym("daisuurin", local.daisuurin, per_reading=True, gate=_local("daisuurin"),
        needs=F.CLOSED | F.SIMPLES_ONLY | F.ONE_SUIT | F.CHIITOITSU, english="numerous neighbours"),
    _ym("daichisei", local.daichisei, 2, per_reading=True, gate=_local("daichisei"),
        supersedes=("tsuuiisou",), needs=F.CLOSED | F.NO_SUITS | F.CHIITOITSU, english="big seven stars"),
    _ym("suurenkou", local.suurenkou, per_reading=True, gate=_local("suurenkou"), needs=F.TRIPLETS4,
        english="four consecutive triplets"),
    _ym("iisou_suushun", local.iisou_suushun, per_reading=True, needs=F.RUNS4,
        gate=lambda rules: rules.has("iisou_suushun") and rules.iisou_suushun_yakuman,
            english="four identical sequences"),
    _ym("shiisan_puutaa", local.shiisan_puutaa, per_reading=True, gate=_local("shiisan_puutaa"),
        needs=F.CLOSED | F.SHIISAN_PUUTAA, english="thirteen unrelated tiles"),
    _ym("paarenchan", local.paarenchan, gate=_local("paarenchan"), needs=F.PAARENCHAN,
        english="eight consecutive wins"),
    _ym("open_riichi", local.open_riichi_deal_in, gate=_local("open_riichi"), needs=F.OPEN_RIICHI | F.RON,
        english="open ready hand"),
)

#: Regular yaku rows, in the order results list them.
YAKU_ROWS: Final = _ROWS
#: Yakuman rows.
YAKUMAN_ROWS: Final = _YAKUMAN_ROWS
#: English for every name a result can list: the yaku and yakuman, and the dora entries.
GLOSSES: Final[Mapping[str, str]] = {
    **{row.name: row.english for row in (*_ROWS, *_YAKUMAN_ROWS)},
    "dora": "dora", "aka_dora": "red fives", "ura_dora": "ura dora", "nagashi_mangan": "mangan at a draw",
}
#: Every row by name (a yakuman that is also a local yaku, like iisou_suushun, maps to the yakuman row).
YAKU: Final[Mapping[str, YakuRow]] = {row.name: row for row in (*_ROWS, *_YAKUMAN_ROWS)}
