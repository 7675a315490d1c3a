"""The names tenhou.net/6 records give yaku, limits, draws and rooms: Tenhou's own, and those of Mahjong Soul's
converters.

Tenhou's viewer writes Tenhou's names (``立直``, ``場風 東``: :data:`TENHOU_YAKU`, by Tenhou yaku id).
Converters of Mahjong Soul games (tensoul and the tools built on it) write Soul's own names, from Soul's
fan table: in Japanese (``役牌:場風牌``, ``ダブル立直``, the Japanese client's names) or in English
(``Riichi``, ``Prevalent Wind``, the English client's). :func:`yaku_by_name` knows all three; a name it
does not know is shown as the record's text beside the engine's value, never a stop (the reader's job).

Sources: Tenhou's names as its viewer writes them (the real tenhou.net/6 records of the test data); Soul's
fan names by fan id as public converters list them (the fan map of tensoul's ``data.json``, e.g. the
``yaku_names`` tables of projects built on it: 7 ``役牌 白``, 10 ``役牌:自風牌``, 11 ``役牌:場風牌``, 18
``ダブル立直``...); the English names as Mahjong Soul's English client shows them. Both spellings of
么/幺 (断么九, 混全帯么九) occur in Soul's tables and are read.

>>> yaku_by_name("役牌:場風牌"), yaku_by_name("Riichi"), yaku_by_name("場風 南")
(Yaku.parse('round_wind'), Yaku.parse('riichi'), Yaku.parse('round_wind'))
>>> yaku_by_name("Tsubame Gaeshi") is None
True
"""

from __future__ import annotations

from typing import Final

from riichi.game.events import DrawKind
from riichi.yaku import Yaku

__all__ = ["DRAW_NAMES", "DRAW_TEXT", "LIMIT_NAMES", "LIMIT_READ", "SOUL_ROOMS_JP", "TENHOU_YAKU", "is_soul_room",
           "soul_lobby", "yaku_by_name"]

#: Tenhou's names of the yaku, by Tenhou yaku id (0..54), as its viewer writes them.
TENHOU_YAKU: Final = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻",
    "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色", "人和",
    "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈",
    "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)

#: Limits as Tenhou writes them (mangan ... yakuman).
LIMIT_NAMES: Final = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman",
                      "役満": "yakuman", "数え役満": "yakuman"}
#: Limits as converters of Mahjong Soul games also write them (tensoul: romaji, English, kiriage).
LIMIT_READ: Final = {**LIMIT_NAMES, "切り上げ満貫": "mangan", "mangan": "mangan", "kiriage mangan": "mangan",
                     "rounded mangan": "mangan", "haneman": "haneman", "baiman": "baiman", "sanbaiman": "sanbaiman",
                     "yakuman": "yakuman", "kazoe yakuman": "yakuman", "counted yakuman": "yakuman"}
DRAW_NAMES: Final = {
    "流局": DrawKind.EXHAUSTIVE, "全員聴牌": DrawKind.EXHAUSTIVE, "全員不聴": DrawKind.EXHAUSTIVE,
    "流し満貫": DrawKind.NAGASHI_MANGAN, "九種九牌": DrawKind.KYUUSHU_KYUUHAI, "四家立直": DrawKind.SUUCHA_RIICHI,
    "三家和了": DrawKind.SANCHAHOU, "四槓散了": DrawKind.SUUKAIKAN, "四風連打": DrawKind.SUUFON_RENDA,
    # as converters of Mahjong Soul games write them (tensoul: Japanese, romaji, English)
    "四開槓": DrawKind.SUUKAIKAN, "三家和": DrawKind.SANCHAHOU, "Ryuukyoku": DrawKind.EXHAUSTIVE,
    "Exhaustive Draw": DrawKind.EXHAUSTIVE, "Nagashi Mangan": DrawKind.NAGASHI_MANGAN,
    "Mangan at Draw": DrawKind.NAGASHI_MANGAN, "Kyuushu Kyuuhai": DrawKind.KYUUSHU_KYUUHAI,
    "Nine Terminal Abortion": DrawKind.KYUUSHU_KYUUHAI, "Suufon Renda": DrawKind.SUUFON_RENDA,
    "Four Wind Abortion": DrawKind.SUUFON_RENDA, "Suucha Riichi": DrawKind.SUUCHA_RIICHI,
    "Four Riichi Abortion": DrawKind.SUUCHA_RIICHI, "Suukaikan": DrawKind.SUUKAIKAN,
    "Four Kan Abortion": DrawKind.SUUKAIKAN, "Sanchahou": DrawKind.SANCHAHOU, "Three Ron Abortion": DrawKind.SANCHAHOU,
}
DRAW_TEXT: Final = {DrawKind.EXHAUSTIVE: "流局", DrawKind.NAGASHI_MANGAN: "流し満貫", DrawKind.KYUUSHU_KYUUHAI: "九種九牌",
                    DrawKind.SUUCHA_RIICHI: "四家立直", DrawKind.SANCHAHOU: "三家和了", DrawKind.SUUKAIKAN: "四槓散了",
                    DrawKind.SUUFON_RENDA: "四風連打"}

#: Soul's Japanese names where they differ from Tenhou's (by fan: 7..11, 18, 49, the 么 spellings).
_SOUL_JAPANESE: Final = {
    "役牌:自風牌": Yaku.SEAT_WIND, "役牌:場風牌": Yaku.ROUND_WIND, "役牌:白": Yaku.HAKU, "役牌:發": Yaku.HATSU,
    "役牌:中": Yaku.CHUN, "役牌白": Yaku.HAKU, "役牌發": Yaku.HATSU, "役牌中": Yaku.CHUN,
    "ダブル立直": Yaku.DOUBLE_RIICHI, "断么九": Yaku.TANYAO, "混全帯么九": Yaku.CHANTA, "純全帯么九": Yaku.JUNCHAN,
    "搶槓": Yaku.CHANKAN, "国士無双十三面": Yaku.KOKUSHI_13, "国士無双十三面待ち": Yaku.KOKUSHI_13,
    "国士無双１３面待ち": Yaku.KOKUSHI_13, "四暗刻単騎待ち": Yaku.SUUANKOU_TANKI, "純正九蓮宝燈": Yaku.JUNSEI_CHUUREN,
}

#: Soul's English client's names.
_SOUL_ENGLISH: Final = {
    "Fully Concealed Hand": Yaku.MENZEN_TSUMO, "Riichi": Yaku.RIICHI, "Robbing a Kan": Yaku.CHANKAN,
    "After a Kan": Yaku.RINSHAN, "Under the Sea": Yaku.HAITEI, "Under the River": Yaku.HOUTEI,
    "White Dragon": Yaku.HAKU, "Green Dragon": Yaku.HATSU, "Red Dragon": Yaku.CHUN, "Seat Wind": Yaku.SEAT_WIND,
    "Prevalent Wind": Yaku.ROUND_WIND, "All Simples": Yaku.TANYAO, "Pure Double Sequence": Yaku.IIPEIKOU,
    "Pinfu": Yaku.PINFU, "Half Outside Hand": Yaku.CHANTA, "Pure Straight": Yaku.ITTSU,
    "Mixed Triple Sequence": Yaku.SANSHOKU, "Double Riichi": Yaku.DOUBLE_RIICHI, "Triple Triplets": Yaku.SANSHOKU_DOUKOU,
    "Three Quads": Yaku.SANKANTSU, "All Triplets": Yaku.TOITOI, "Three Concealed Triplets": Yaku.SANANKOU,
    "Little Three Dragons": Yaku.SHOUSANGEN, "All Terminals and Honors": Yaku.HONROUTOU, "Seven Pairs": Yaku.CHIITOITSU,
    "Fully Outside Hand": Yaku.JUNCHAN, "Half Flush": Yaku.HONITSU, "Twice Pure Double Sequence": Yaku.RYANPEIKOU,
    "Full Flush": Yaku.CHINITSU, "Ippatsu": Yaku.IPPATSU, "Dora": Yaku.DORA, "Red Five": Yaku.AKA_DORA,
    "Red Fives": Yaku.AKA_DORA, "Ura Dora": Yaku.URA_DORA, "Blessing of Heaven": Yaku.TENHOU,
    "Blessing of Earth": Yaku.CHIIHOU, "Big Three Dragons": Yaku.DAISANGEN, "Four Concealed Triplets": Yaku.SUUANKOU,
    "All Honors": Yaku.TSUUIISOU, "All Green": Yaku.RYUUIISOU, "All Terminals": Yaku.CHINROUTOU,
    "Thirteen Orphans": Yaku.KOKUSHI, "Four Little Winds": Yaku.SHOUSUUSHII, "Four Quads": Yaku.SUUKANTSU,
    "Nine Gates": Yaku.CHUUREN, "True Nine Gates": Yaku.JUNSEI_CHUUREN,
    "Single-wait Four Concealed Triplets": Yaku.SUUANKOU_TANKI, "13-wait Thirteen Orphans": Yaku.KOKUSHI_13,
    "Four Big Winds": Yaku.DAISUUSHII, "Blessing of Man": Yaku.RENHOU,
}

_BY_NAME: Final = {**{name: Yaku.from_tenhou_id(i) for i, name in enumerate(TENHOU_YAKU)}, **_SOUL_JAPANESE,
                   **{name.lower(): yaku for name, yaku in _SOUL_ENGLISH.items()}}

#: Mahjong Soul's rooms as its Japanese client names them, by the English name; and its other lobbies.
SOUL_ROOMS_JP: Final = {"Bronze Room": "銅の間", "Silver Room": "銀の間", "Gold Room": "金の間", "Jade Room": "玉の間",
                        "Throne Room": "王座の間", "Friendly match": "友人戦", "Tournament match": "大会戦"}
_SOUL_ROOM_WORDS: Final = (*SOUL_ROOMS_JP.values(), *SOUL_ROOMS_JP, "之間", "Friendly", "Tournament", "雀魂")


def yaku_by_name(name: str) -> Yaku | None:
    """The yaku a tenhou.net/6 record names (Tenhou's, or Soul's Japanese or English name); None if unknown."""
    return _BY_NAME.get(name) or _BY_NAME.get(name.strip().lower())


def is_soul_room(disp: str) -> bool:
    """Whether a record's rule text (``rule.disp``) names one of Mahjong Soul's rooms or lobbies."""
    return any(word in disp for word in _SOUL_ROOM_WORDS)


def soul_lobby(room: str) -> str:
    """The Japanese name of the Soul room a room text names (``Jade Room, South`` or ``玉の間南喰赤``: 玉の間).

    >>> soul_lobby("Jade Room, South"), soul_lobby("玉の間南喰赤"), soul_lobby("")
    ('玉の間', '玉の間', '雀魂')
    """
    for english, japanese in SOUL_ROOMS_JP.items():
        if english in room or japanese in room:
            return japanese
    return "雀魂"
