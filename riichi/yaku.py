"""The yaku: one :class:`Yaku` member for every yaku, yakuman and dora entry a result can list.

A member's value is its romaji name, the name the interchange format and the
CLI write. Each member knows its kanji, an English gloss, its han closed and
open as usually played, its multiple when it is a yakuman, and its ids in
Tenhou's and Mahjong Soul's game records. What a rule set makes of a yaku
(whether it is played, a different han, a yakuman form) lives in the scoring
table, :mod:`riichi.scoring.yaku.table`.

>>> Yaku.parse("chinitsu")
Yaku.parse('chinitsu')
>>> y = Yaku.CHINITSU
>>> str(y), y.kanji, y.english, y.han_closed, y.han_open
('chinitsu', '清一色', 'full flush', 6, 5)
>>> Yaku.KOKUSHI_13.yakuman, Yaku.KOKUSHI_13.tenhou_ids, Yaku.KOKUSHI_13.majsoul_id
(2, (48,), 49)
>>> Yaku.from_tenhou_id(11), Yaku.from_tenhou_id(52)
(Yaku.parse('seat_wind'), Yaku.parse('dora'))
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from riichi.errors import NotationError
from riichi.frozen import Frozen

__all__ = ["Yaku", "YakuInfo"]


class Yaku(enum.Enum):
    """A yaku, yakuman or dora entry, by its romaji (interchange) name."""

    # yaku of the situation
    RIICHI = "riichi"
    DOUBLE_RIICHI = "double_riichi"
    OPEN_RIICHI = "open_riichi"
    IPPATSU = "ippatsu"
    MENZEN_TSUMO = "menzen_tsumo"
    HAITEI = "haitei"
    HOUTEI = "houtei"
    RINSHAN = "rinshan"
    CHANKAN = "chankan"
    RENHOU = "renhou"
    NAGASHI_MANGAN = "nagashi_mangan"
    # yaku of the tiles
    TANYAO = "tanyao"
    HAKU = "haku"
    HATSU = "hatsu"
    CHUN = "chun"
    SEAT_WIND = "seat_wind"
    ROUND_WIND = "round_wind"
    HONITSU = "honitsu"
    CHINITSU = "chinitsu"
    HONROUTOU = "honroutou"
    SHOUSANGEN = "shousangen"
    SANKANTSU = "sankantsu"
    # yaku of the shape
    PINFU = "pinfu"
    CHIITOITSU = "chiitoitsu"
    IIPEIKOU = "iipeikou"
    RYANPEIKOU = "ryanpeikou"
    SANSHOKU = "sanshoku"
    ITTSU = "ittsu"
    CHANTA = "chanta"
    JUNCHAN = "junchan"
    TOITOI = "toitoi"
    SANANKOU = "sanankou"
    SANSHOKU_DOUKOU = "sanshoku_doukou"
    # local yaku
    SANRENKOU = "sanrenkou"
    IISOU_SANJUN = "iisou_sanjun"
    IISOU_SUUSHUN = "iisou_suushun"
    # yakuman
    KOKUSHI = "kokushi"
    KOKUSHI_13 = "kokushi_13"
    CHUUREN = "chuuren"
    JUNSEI_CHUUREN = "junsei_chuuren"
    SUUANKOU = "suuankou"
    SUUANKOU_TANKI = "suuankou_tanki"
    DAISANGEN = "daisangen"
    SHOUSUUSHII = "shousuushii"
    DAISUUSHII = "daisuushii"
    TSUUIISOU = "tsuuiisou"
    RYUUIISOU = "ryuuiisou"
    CHINROUTOU = "chinroutou"
    SUUKANTSU = "suukantsu"
    TENHOU = "tenhou"
    CHIIHOU = "chiihou"
    # local yakuman
    DAISHARIN = "daisharin"
    DAICHIKURIN = "daichikurin"
    DAISUURIN = "daisuurin"
    DAICHISEI = "daichisei"
    SUURENKOU = "suurenkou"
    SHIISAN_PUUTAA = "shiisan_puutaa"
    PAARENCHAN = "paarenchan"
    # dora: han by count, never a yaku on their own
    DORA = "dora"
    AKA_DORA = "aka_dora"
    URA_DORA = "ura_dora"
    #: Norths set aside (kita) under three-player rules: a han each.
    NUKIDORA = "nukidora"

    #: A member hashes by identity, as it compares (each member is the one object of its name). Enum's own
    #: hash is Python code hashing the name, run for every set and dict look-up of a yaku, compiled or not.
    __hash__ = object.__hash__

    @classmethod
    def parse(cls, name: str) -> Yaku:
        """The member of a romaji name (``"chinitsu"``); a precise error for an unknown one."""
        try:
            return cls(name)
        except ValueError:
            raise NotationError(f"{name!r} is not a yaku name (e.g. riichi, tanyao, kokushi_13)",
                                name, (0, len(name))) from None

    @classmethod
    def from_tenhou_id(cls, tenhou_id: int) -> Yaku:
        """The member of a yaku id in Tenhou's game records (0..54)."""
        found = _BY_TENHOU_ID.get(tenhou_id)
        if found is None:
            raise ValueError(f"{tenhou_id} is not a Tenhou yaku id (0..54)")
        return found

    @classmethod
    def from_majsoul_id(cls, majsoul_id: int) -> Yaku:
        """The member of a fan id in Mahjong Soul's game records."""
        found = _BY_MAJSOUL_ID.get(majsoul_id)
        if found is None:
            raise ValueError(f"{majsoul_id} is not a Mahjong Soul fan id this library knows")
        return found

    @property
    def info(self) -> YakuInfo:
        return _INFO[self]

    @property
    def kanji(self) -> str:
        return _INFO[self].kanji

    @property
    def english(self) -> str:
        """An English gloss for players who do not read romaji."""
        return _INFO[self].english

    @property
    def han_closed(self) -> int:
        """Han in a closed hand as usually played (0 for a yakuman or a dora entry)."""
        return _INFO[self].han_closed

    @property
    def han_open(self) -> int:
        """Han in an open hand (0: closed only)."""
        return _INFO[self].han_open

    @property
    def yakuman(self) -> int:
        """The multiple as a yakuman (1, or 2 for a double form) under full scoring; 0 if never a yakuman."""
        return _INFO[self].yakuman

    @property
    def is_yakuman(self) -> bool:
        """Only ever a yakuman (renhou, open riichi and iisou suushun are also regular yaku under some rules)."""
        return _INFO[self].yakuman > 0 and _INFO[self].han_closed == 0

    @property
    def is_local(self) -> bool:
        """A local yaku, scored only where a rule set lists it (:attr:`riichi.rules.ScoringRules.local_yaku`)."""
        return _INFO[self].local

    @property
    def has_pao(self) -> bool:
        """A yakuman whose feeder a rule set may hold liable (pao; :attr:`riichi.rules.ScoringRules.pao`)."""
        return _INFO[self].pao

    @property
    def is_dora(self) -> bool:
        return self in (Yaku.DORA, Yaku.AKA_DORA, Yaku.URA_DORA, Yaku.NUKIDORA)

    @property
    def tenhou_ids(self) -> tuple[int, ...]:
        """Ids in Tenhou's records; the winds have one per wind (East, South, West, North)."""
        return _INFO[self].tenhou_ids

    @property
    def majsoul_id(self) -> int | None:
        """Fan id in Mahjong Soul's records (None: Mahjong Soul does not have it)."""
        return _INFO[self].majsoul_id

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Yaku.parse('{self.value}')"


@dataclass(frozen=True, slots=True)
class YakuInfo(Frozen):
    """What a yaku is, whatever the rules."""

    kanji: str
    english: str
    han_closed: int
    han_open: int
    #: Its multiple as a yakuman under full scoring (0: not a yakuman).
    yakuman: int
    tenhou_ids: tuple[int, ...]
    majsoul_id: int | None
    #: A local yaku: scored only where a rule set lists it among its local yaku.
    local: bool = False
    #: A yakuman whose feeder a rule set may hold liable (pao): the player who discarded the tile that
    #: completed its last called set pays for it.
    pao: bool = False


def _i(kanji: str, english: str, closed: int, opened: int, yakuman: int, tenhou: tuple[int, ...],  # noqa: PLR0913
       majsoul: int | None, *, local: bool = False, pao: bool = False) -> YakuInfo:
    return YakuInfo(kanji, english, closed, opened, yakuman, tenhou, majsoul, local, pao)


# Tenhou ids: the yaku numbering of Tenhou's mjlog records (0..54, with a seat-wind and a round-wind id per
# wind); the test suite checks every id against the real Tenhou records of the test data.
# Mahjong Soul ids: the fan ids of Mahjong Soul's game data (``fan`` table), as listed by public log tools,
# e.g. github.com/firedial/til mahjangAllYaku/yaku.py (ids 1..50); the local yaku (51..64) as listed in the
# MAJSOUL_YAKU table of public Mahjong Soul log converters. None where Mahjong Soul has no such fan.
_INFO: Final[dict[Yaku, YakuInfo]] = {
    Yaku.RIICHI: _i("立直", "ready hand", 1, 0, 0, (1,), 2),
    Yaku.DOUBLE_RIICHI: _i("両立直", "double ready hand", 2, 0, 0, (21,), 18),
    Yaku.OPEN_RIICHI: _i("オープン立直", "open ready hand", 1, 0, 1, (), None, local=True),
    Yaku.IPPATSU: _i("一発", "one shot", 1, 0, 0, (2,), 30),
    Yaku.MENZEN_TSUMO: _i("門前清自摸和", "fully concealed self-draw", 1, 0, 0, (0,), 1),
    Yaku.HAITEI: _i("海底摸月", "last tile from the wall", 1, 1, 0, (5,), 5),
    Yaku.HOUTEI: _i("河底撈魚", "last discard", 1, 1, 0, (6,), 6),
    Yaku.RINSHAN: _i("嶺上開花", "win on a kan's replacement tile", 1, 1, 0, (4,), 4),
    Yaku.CHANKAN: _i("槍槓", "robbing a kan", 1, 1, 0, (3,), 3),
    Yaku.RENHOU: _i("人和", "blessing of man", 4, 0, 1, (36,), 59),
    Yaku.NAGASHI_MANGAN: _i("流し満貫", "mangan at a draw", 5, 5, 0, (), None),
    Yaku.TANYAO: _i("断幺九", "all simples", 1, 1, 0, (8,), 12),
    Yaku.HAKU: _i("役牌 白", "white dragon", 1, 1, 0, (18,), 7),
    Yaku.HATSU: _i("役牌 發", "green dragon", 1, 1, 0, (19,), 8),
    Yaku.CHUN: _i("役牌 中", "red dragon", 1, 1, 0, (20,), 9),
    Yaku.SEAT_WIND: _i("自風牌", "seat wind", 1, 1, 0, (10, 11, 12, 13), 10),
    Yaku.ROUND_WIND: _i("場風牌", "round wind", 1, 1, 0, (14, 15, 16, 17), 11),
    Yaku.HONITSU: _i("混一色", "half flush", 3, 2, 0, (34,), 27),
    Yaku.CHINITSU: _i("清一色", "full flush", 6, 5, 0, (35,), 29),
    Yaku.HONROUTOU: _i("混老頭", "all terminals and honours", 2, 2, 0, (31,), 24),
    Yaku.SHOUSANGEN: _i("小三元", "little three dragons", 2, 2, 0, (30,), 23),
    Yaku.SANKANTSU: _i("三槓子", "three kans", 2, 2, 0, (27,), 20),
    Yaku.PINFU: _i("平和", "no-points hand", 1, 0, 0, (7,), 14),
    Yaku.CHIITOITSU: _i("七対子", "seven pairs", 2, 0, 0, (22,), 25),
    Yaku.IIPEIKOU: _i("一盃口", "pure double sequence", 1, 0, 0, (9,), 13),
    Yaku.RYANPEIKOU: _i("二盃口", "twice pure double sequence", 3, 0, 0, (32,), 28),
    Yaku.SANSHOKU: _i("三色同順", "mixed triple sequence", 2, 1, 0, (25,), 17),
    Yaku.ITTSU: _i("一気通貫", "pure straight", 2, 1, 0, (24,), 16),
    Yaku.CHANTA: _i("混全帯幺九", "outside hand", 2, 1, 0, (23,), 15),
    Yaku.JUNCHAN: _i("純全帯幺九", "terminals in all sets", 3, 2, 0, (33,), 26),
    Yaku.TOITOI: _i("対々和", "all triplets", 2, 2, 0, (28,), 21),
    Yaku.SANANKOU: _i("三暗刻", "three concealed triplets", 2, 2, 0, (29,), 22),
    Yaku.SANSHOKU_DOUKOU: _i("三色同刻", "triple triplets", 2, 2, 0, (26,), 19),
    Yaku.SANRENKOU: _i("三連刻", "three consecutive triplets", 2, 2, 0, (), 55, local=True),
    Yaku.IISOU_SANJUN: _i("一色三順", "three identical sequences", 2, 2, 0, (), 56, local=True),
    Yaku.IISOU_SUUSHUN: _i("一色四順", "four identical sequences", 5, 5, 1, (), None, local=True),
    Yaku.KOKUSHI: _i("国士無双", "thirteen orphans", 0, 0, 1, (47,), 42),
    Yaku.KOKUSHI_13: _i("国士無双十三面", "thirteen orphans, 13-sided wait", 0, 0, 2, (48,), 49),
    Yaku.CHUUREN: _i("九蓮宝燈", "nine gates", 0, 0, 1, (45,), 45),
    Yaku.JUNSEI_CHUUREN: _i("純正九蓮宝燈", "pure nine gates, 9-sided wait", 0, 0, 2, (46,), 47),
    Yaku.SUUANKOU: _i("四暗刻", "four concealed triplets", 0, 0, 1, (40,), 38),
    Yaku.SUUANKOU_TANKI: _i("四暗刻単騎", "four concealed triplets, single wait", 0, 0, 2, (41,), 48),
    Yaku.DAISANGEN: _i("大三元", "big three dragons", 0, 0, 1, (39,), 37, pao=True),
    Yaku.SHOUSUUSHII: _i("小四喜", "little four winds", 0, 0, 1, (50,), 43),
    Yaku.DAISUUSHII: _i("大四喜", "big four winds", 0, 0, 2, (49,), 50, pao=True),
    Yaku.TSUUIISOU: _i("字一色", "all honours", 0, 0, 1, (42,), 39),
    Yaku.RYUUIISOU: _i("緑一色", "all green", 0, 0, 1, (43,), 40),
    Yaku.CHINROUTOU: _i("清老頭", "all terminals", 0, 0, 1, (44,), 41),
    Yaku.SUUKANTSU: _i("四槓子", "four kans", 0, 0, 1, (51,), 44, pao=True),
    Yaku.TENHOU: _i("天和", "blessing of heaven", 0, 0, 1, (37,), 35),
    Yaku.CHIIHOU: _i("地和", "blessing of earth", 0, 0, 1, (38,), 36),
    Yaku.DAISHARIN: _i("大車輪", "big wheels", 0, 0, 1, (), 60, local=True),
    Yaku.DAICHIKURIN: _i("大竹林", "bamboo forest", 0, 0, 1, (), 61, local=True),
    Yaku.DAISUURIN: _i("大数隣", "numerous neighbours", 0, 0, 1, (), 62, local=True),
    Yaku.DAICHISEI: _i("大七星", "big seven stars", 0, 0, 2, (), 64, local=True),
    Yaku.SUURENKOU: _i("四連刻", "four consecutive triplets", 0, 0, 1, (), None, local=True),
    Yaku.SHIISAN_PUUTAA: _i("十三不塔", "thirteen unrelated tiles", 0, 0, 1, (), None, local=True),
    Yaku.PAARENCHAN: _i("八連荘", "eight consecutive wins", 0, 0, 1, (), 46, local=True),
    Yaku.DORA: _i("ドラ", "dora", 0, 0, 0, (52,), 31),
    Yaku.AKA_DORA: _i("赤ドラ", "red fives", 0, 0, 0, (54,), 32),
    Yaku.URA_DORA: _i("裏ドラ", "ura dora", 0, 0, 0, (53,), 33),
    # Tenhou counts set-aside Norths into its dora (id 52) and has no id of their own; Mahjong Soul's fan 34
    # (拔北宝牌, the three-player north dora: the id four-player fan lists skip between ura dora and tenhou).
    Yaku.NUKIDORA: _i("抜きドラ", "Norths set aside", 0, 0, 0, (), 34),
}

_BY_TENHOU_ID: Final = {i: yaku for yaku, info in _INFO.items() for i in info.tenhou_ids}
_BY_MAJSOUL_ID: Final = {info.majsoul_id: yaku for yaku, info in _INFO.items() if info.majsoul_id is not None}
