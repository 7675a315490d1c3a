"""Riichi City's codes in its game records: tiles as integers, the actions, the event types, the yaku.

The format is not published. What is here was worked out from a real record (every tile the record deals and
draws is in the wall it states, so each tile code is confirmed by the wall's text) and from what public
tools that read the format describe: the Kandora tournament tools (Mystouille/kandora-tournaments, its Riichi
City replay adapter and record models; Mystouille/kandora-core, its ``YakuType``) and the Riichi City bridge
of the Akagi assistant (shinkuan/Akagi, its action codes).

A tile is one integer: a suited tile its suit in the high nibble (0 pinzu, 1 souzu, 2 manzu) and its number in
the low one, 256 added for a red five; an honour ``16 * (3 + k) + 1`` for the k-th of East, South, West, North,
haku, hatsu, chun (49, 65, 81, 97, 113, 129, 145):

>>> tile_of(34), tile_of(17), tile_of(5), tile_of(49), tile_of(145), tile_of(293)
(Tile.parse('2m'), Tile.parse('1s'), Tile.parse('5p'), Tile.parse('1z'), Tile.parse('7z'), Tile.parse('0m'))
>>> tile_of(10)
Traceback (most recent call last):
  ...
ValueError: 10 is not a Riichi City tile code
"""

from __future__ import annotations

from typing import Final

from riichi.tiles import Tile, Wind
from riichi.yaku import Yaku

__all__ = [
    "ACTIONS",
    "CHI_ACTIONS",
    "EVENT_TYPES",
    "FANG_TYPES",
    "YAKUMAN_FANG_TYPES",
    "tile_of",
    "wind_of",
]

_SUITS: Final = ("p", "s", "m")
_RED: Final = 256


def _codes() -> dict[int, Tile]:
    codes: dict[int, Tile] = {}
    for suit, letter in enumerate(_SUITS):
        for number in range(1, 10):
            codes[16 * suit + number] = Tile.parse(f"{number}{letter}")
        codes[_RED + 16 * suit + 5] = Tile.parse(f"0{letter}")
    for k in range(7):
        codes[16 * (3 + k) + 1] = Tile.parse(f"{k + 1}z")
    return codes


_CODES: Final = _codes()


def tile_of(code: int) -> Tile:
    """The tile of a Riichi City tile code; ``ValueError`` naming the code for anything else."""
    tile = _CODES.get(code) if type(code) is int else None
    if tile is None:
        raise ValueError(f"{code!r} is not a Riichi City tile code")
    return tile


def wind_of(code: int) -> Wind:
    """The round wind of ``quan_feng``, written as a wind tile's code (49 East, 65 South, ...).

    >>> wind_of(65)
    Wind.parse('S')
    """
    tile = tile_of(code)
    text = str(tile)
    if not text.endswith("z") or text[0] not in "1234":
        raise ValueError(f"{code} is not a wind ({tile})")
    return Wind(int(text[0]) - 1)


#: The event types of ``handEventRecord`` (``eventType``), as the Kandora record models name them; 8 (a riichi
#: accepted: it follows the riichi discard, and never one that is won on) as the real record shows.
EVENT_TYPES: Final = {
    1: "deal",  # one a seat: its hand (the dealer's 14), the dealer, the dora indicator, the round, the scores
    2: "draw",  # in_card, or 0 where the seat takes no tile (the dealer's first turn, a turn after a call)
    3: "offer",  # the calls another seat may make on a discard: nothing happens
    4: "action",  # a discard, a call, a kan, a win declared
    5: "hand_end",  # the results: end_type, win_info, user_profit
    6: "game_end",  # the final scores and points
    7: "dora",  # a kan's new dora indicator
    8: "riichi_accepted",
    11: "tenpai",  # the waits a seat now has: nothing happens
}

#: The actions of an ``action`` event (``action``), as the Kandora record models and the Akagi bridge name them.
ACTIONS: Final = {
    2: "chi", 3: "chi", 4: "chi",  # the called tile lowest, in the middle, highest
    5: "pon",
    6: "minkan",  # an open kan on a discard
    7: "ron",
    8: "ankan",
    9: "kan",  # an added kan (shouminkan), or (as one tool reads it) an open kan: what the hand holds tells
    10: "tsumo",
    11: "discard",
    12: "abort",  # a seat declares an abortive draw (kyuushu kyuuhai)
    13: "kita",  # a North set aside (three players)
}
CHI_ACTIONS: Final = frozenset({2, 3, 4})

#: Riichi City's yaku ids (``fang_type``), as kandora-core's ``YakuType`` numbers them (the real record's
#: wins confirm 0, 1, 2, 7, 9, 13, 14, 22, 23, 27 and 49). None: no yaku of this library's (open riichi's
#: deal-in, 54, is a payment rule).
FANG_TYPES: Final[dict[int, Yaku | None]] = {
    0: Yaku.RIICHI, 1: Yaku.MENZEN_TSUMO, 2: Yaku.IPPATSU, 3: Yaku.RINSHAN, 4: Yaku.HAITEI, 5: Yaku.HOUTEI,
    6: Yaku.CHANKAN, 7: Yaku.CHUN, 8: Yaku.HATSU, 9: Yaku.HAKU, 10: Yaku.ROUND_WIND, 11: Yaku.SEAT_WIND,
    12: Yaku.IIPEIKOU, 13: Yaku.PINFU, 14: Yaku.TANYAO, 15: Yaku.DOUBLE_RIICHI, 16: Yaku.TOITOI,
    17: Yaku.CHIITOITSU, 18: Yaku.SANANKOU, 19: Yaku.SANKANTSU, 20: Yaku.HONROUTOU, 21: Yaku.CHANTA,
    22: Yaku.ITTSU, 23: Yaku.SANSHOKU, 24: Yaku.SHOUSANGEN, 25: Yaku.SANSHOKU_DOUKOU, 26: Yaku.JUNCHAN,
    27: Yaku.HONITSU, 28: Yaku.RYANPEIKOU, 29: Yaku.CHINITSU, 30: Yaku.NAGASHI_MANGAN, 31: Yaku.TENHOU,
    32: Yaku.CHIIHOU, 33: Yaku.RENHOU, 34: Yaku.KOKUSHI, 35: Yaku.KOKUSHI_13, 36: Yaku.CHUUREN,
    37: Yaku.JUNSEI_CHUUREN, 38: Yaku.SUUANKOU, 39: Yaku.SUUANKOU_TANKI, 40: Yaku.SUUKANTSU, 41: Yaku.CHINROUTOU,
    42: Yaku.TSUUIISOU, 43: Yaku.DAISUUSHII, 44: Yaku.SHOUSUUSHII, 45: Yaku.DAISANGEN, 46: Yaku.RYUUIISOU,
    47: Yaku.RYUUIISOU, 48: Yaku.PAARENCHAN, 49: Yaku.AKA_DORA, 50: Yaku.DORA, 51: Yaku.URA_DORA,
    52: Yaku.OPEN_RIICHI, 53: Yaku.OPEN_RIICHI, 54: None, 55: Yaku.NUKIDORA,
}
#: The yakuman among them (31..48; 47 is ryuuiisou without hatsu, 48 paarenchan).
YAKUMAN_FANG_TYPES: Final = frozenset(range(31, 49))
