"""The EMA 2008 rules (yaku, fu and point tables): every cell of its four point tables and its
limit table, under ``ema2008`` (the EMA 2008 rules' own rule set: no kiriage, 13+ han = yakuman).

Each cell is reached with a real hand: a base hand of known fu and a few han, plus
dora indicators that each point at a tile held exactly once (one han each), so han
can be raised without changing fu. Every base hand is closed, won on a two-sided
wait or as noted, and has no yaku beyond those named. Fu are worked out beside
each hand; the expected payments are the tables' cells themselves.

The same cells are also checked through :mod:`riichi.scoring.limits`, the public points
functions.
"""

from __future__ import annotations

from typing import Any

import pytest

from riichi.formats.interchange import score_case
from riichi.scoring.limits import base_points, limit_base, ron_payment, tsumo_payments

# The EMA 2008 rules tables, transcribed: {fu: (1 han, 2 han, 3 han, 4 han)}; None = blank cell.
DEALER_TSUMO = {  # each of the three others pays
    20: (None, 700, 1300, 2600),
    25: (None, None, 1600, 3200),
    30: (500, 1000, 2000, 3900),
    40: (700, 1300, 2600, 4000),
    50: (800, 1600, 3200, 4000),
    60: (1000, 2000, 3900, 4000),
    70: (1200, 2300, 4000, 4000),
}
DEALER_RON = {
    25: (None, 2400, 4800, 9600),
    30: (1500, 2900, 5800, 11600),
    40: (2000, 3900, 7700, 12000),
    50: (2400, 4800, 9600, 12000),
    60: (2900, 5800, 11600, 12000),
    70: (3400, 6800, 12000, 12000),
}
# "Others Tsumo": (each non-dealer pays, the dealer pays)
NONDEALER_TSUMO = {
    20: (None, (400, 700), (700, 1300), (1300, 2600)),
    25: (None, None, (800, 1600), (1600, 3200)),
    30: ((300, 500), (500, 1000), (1000, 2000), (2000, 3900)),
    40: ((400, 700), (700, 1300), (1300, 2600), (2000, 4000)),
    50: ((400, 800), (800, 1600), (1600, 3200), (2000, 4000)),
    60: ((500, 1000), (1000, 2000), (2000, 3900), (2000, 4000)),
    70: ((600, 1200), (1200, 2300), (2000, 4000), (2000, 4000)),
}
NONDEALER_RON = {
    25: (None, 1600, 3200, 6400),
    30: (1000, 2000, 3900, 7700),
    40: (1300, 2600, 5200, 8000),
    50: (1600, 3200, 6400, 8000),
    60: (2000, 3900, 7700, 8000),
    70: (2300, 4500, 8000, 8000),
}
# Limit hands: (name, han values, dealer tsumo each, (non-dealer tsumo: others, dealer))
LIMITS = [
    ("mangan", (5,), 4000, (2000, 4000)),
    ("haneman", (6, 7), 6000, (3000, 6000)),
    ("baiman", (8, 9, 10), 8000, (4000, 8000)),
    ("sanbaiman", (11, 12), 12000, (6000, 12000)),
    ("kazoe_yakuman", (13,), 16000, (8000, 16000)),
]

# Base hands, all closed, win tile 2s completing 234s on the two-sided 34s wait unless noted.
#  ron uses riichi as the one yaku (riichi 1 han, +10 fu closed ron); tsumo uses menzen tsumo
#  alone (+2 fu). Indicators "1s2s3s" point at 2s, 3s, 4s, held once each: +1 han apiece.
H_PINFU = ("123m456p11p345789s", "3s", "678s")  # pinfu: 45s two-sided, 1p pair; 6s7s8s -> 7s8s9s
H_A = ("111m456p99p234678s", "2s", "123s")  # closed 111m: 8
H_B = ("456p99p234678s ankan:3333m", "2s", "123s")  # concealed kan of simples: 16
H_C = ("111p99m234678s ankan:3333m", "2s", "123s")  # 16 + closed 111p 8 = 24
H_D = ("456p99p234678s ankan:1111m", "2s", "123s")  # concealed kan of terminals: 32
H_E = ("44999p234678s ankan:1111m", "2s", "123s")  # 32 + closed 999p 8 = 40
# The WRC Riichi Rules 2015's chiitoitsu example: 55s 88s 77p 11m East Hatsu Chun pairs, won on 5s.
H_CHIITOI = ("5588s77p11m116677z", "5s", "")

# Ron: fu -> (hand, extra flags for 1 han); closed ron fu = 20 + 10 + sets.
RON_HANDS = {
    25: H_CHIITOI,  # chiitoitsu: 25 exactly, 2 han
    30: H_PINFU,  # pinfu ron: 30, 1 han (pinfu)
    40: H_A,  # riichi: 20 + 10 + 8 = 38 -> 40
    50: H_B,  # riichi: 20 + 10 + 16 = 46 -> 50
    60: H_C,  # riichi: 20 + 10 + 24 = 54 -> 60
    70: H_D,  # riichi: 20 + 10 + 32 = 62 -> 70
}
# Tsumo: fu -> hand; closed tsumo fu = 20 + 2 + sets (pinfu tsumo: 20).
TSUMO_HANDS = {
    20: H_PINFU,  # pinfu + menzen tsumo: 20 fu, 2 han
    25: H_CHIITOI,  # chiitoitsu + menzen tsumo: 25 fu, 3 han
    30: H_A,  # menzen tsumo: 20 + 2 + 8 = 30
    40: H_B,  # 20 + 2 + 16 = 38 -> 40
    50: H_C,  # 20 + 2 + 24 = 46 -> 50
    60: H_D,  # 20 + 2 + 32 = 54 -> 60
    70: H_E,  # 20 + 2 + 40 = 62 -> 70
}


def build_case(base: tuple[str, str, str], han: int, *, tsumo: bool, dealer: bool) -> dict[str, Any]:
    """A case of exactly ``han`` han on ``base`` (see the notes on the base hands)."""
    text, win, indicators = base
    concealed, *meld_words = text.split(" ")
    melds = []
    for word in meld_words:
        kind, _, tiles = word.partition(":")
        melds.append({"type": kind, "tiles": tiles})
    case: dict[str, Any] = {"hand": concealed, "win": win, "melds": melds, "tsumo": tsumo,
                            "seat_wind": "E" if dealer else "S", "round_wind": "E", "rules": "ema2008"}
    if not tsumo:
        case["discarder"] = "N"
    if base is H_CHIITOI:
        # chiitoitsu 2 (+1 menzen tsumo); each pair would take 2 dora per indicator, so the
        # extra han come from riichi and ippatsu instead.
        extra = han - (3 if tsumo else 2)
        assert 0 <= extra <= 2
        case["riichi"] = extra >= 1
        case["ippatsu"] = extra >= 2
        return case
    if base is H_PINFU:
        own = 2 if tsumo else 1  # pinfu (+ menzen tsumo)
    else:
        own = 1  # menzen tsumo, or riichi on ron
        case["riichi"] = not tsumo
    extra = han - own
    assert 0 <= extra <= 3
    # "123s" -> the first `extra` indicators of that suit, e.g. "12s"
    case["dora"] = indicators[:extra] + indicators[-1] if extra else ""
    return case


def _cells(table: dict[int, tuple]) -> list[tuple[int, int, Any]]:
    return [(fu, han + 1, cell) for fu, row in table.items() for han, cell in enumerate(row) if cell is not None]


def _scored(case: dict[str, Any], fu: int, han: int) -> dict:
    result = score_case(case)
    assert result["ok"], result
    assert (result["han"], result["fu"]) == (han, fu), result["yaku"]
    return result


@pytest.mark.parametrize(("fu", "han", "each"), _cells(DEALER_TSUMO))
def test_dealer_tsumo_cell(fu: int, han: int, each: int) -> None:
    result = _scored(build_case(TSUMO_HANDS[fu], han, tsumo=True, dealer=True), fu, han)
    assert result["payments"] == {"S": each, "W": each, "N": each}
    assert result["points"] == 3 * each


@pytest.mark.parametrize(("fu", "han", "amount"), _cells(DEALER_RON))
def test_dealer_ron_cell(fu: int, han: int, amount: int) -> None:
    result = _scored(build_case(RON_HANDS[fu], han, tsumo=False, dealer=True), fu, han)
    assert result["points"] == amount
    assert {s: a for s, a in result["payments"].items() if a} == {"N": amount}


@pytest.mark.parametrize(("fu", "han", "pair"), _cells(NONDEALER_TSUMO))
def test_nondealer_tsumo_cell(fu: int, han: int, pair: tuple[int, int]) -> None:
    others, dealer = pair
    result = _scored(build_case(TSUMO_HANDS[fu], han, tsumo=True, dealer=False), fu, han)
    assert result["payments"] == {"E": dealer, "W": others, "N": others}
    assert result["points"] == dealer + 2 * others


@pytest.mark.parametrize(("fu", "han", "amount"), _cells(NONDEALER_RON))
def test_nondealer_ron_cell(fu: int, han: int, amount: int) -> None:
    result = _scored(build_case(RON_HANDS[fu], han, tsumo=False, dealer=False), fu, han)
    assert result["points"] == amount
    assert {s: a for s, a in result["payments"].items() if a} == {"N": amount}


# Limit hands. H_HONITSU: chiitoitsu of 11p 44p 77p 99p East South West: honitsu 3 +
# chiitoitsu 2 = 5 han on ron. H_CHINITSU: chiitoitsu 11 22 44 55 77 88 99 p (it has no
# reading as four sets and a pair): chinitsu 6 + chiitoitsu 2 = 8 han on ron.
H_HONITSU = "11447799p112233z"
H_CHINITSU = "11224455778899p"
# han -> (hand, tsumo?, riichi?, ippatsu?, dora indicators). Menzen tsumo +1, riichi +1,
# ippatsu +1; indicator 1p points at the 2p pair: +2.
LIMIT_HANDS = {
    5: (H_A[0], True, True, False, "9m"),  # menzen tsumo 1 + riichi 1 + 9m -> the 111m triplet 3
    6: (H_HONITSU, True, False, False, ""),
    7: (H_HONITSU, True, True, False, ""),
    8: (H_HONITSU, True, True, True, ""),
    9: (H_CHINITSU, True, False, False, ""),
    10: (H_CHINITSU, True, True, False, ""),
    11: (H_CHINITSU, True, True, True, ""),
    12: (H_CHINITSU, True, True, False, "1p"),
    13: (H_CHINITSU, True, True, True, "1p"),
}
LIMIT_RON_HANDS = {  # ron (no menzen tsumo) variants for the ron values
    5: (H_HONITSU, False, False, False, ""),
    6: (H_HONITSU, False, True, False, ""),
    7: (H_HONITSU, False, True, True, ""),
    8: (H_CHINITSU, False, False, False, ""),
    9: (H_CHINITSU, False, True, False, ""),
    10: (H_CHINITSU, False, True, True, ""),
    11: (H_CHINITSU, False, True, False, "1p"),
    12: (H_CHINITSU, False, True, True, "1p"),
    13: (H_CHINITSU, False, True, False, "1p3p"),  # 8 + 1 + 2 + 2 (3p -> the 4p pair)
}


def _limit_case(spec: tuple[str, bool, bool, bool, str], *, dealer: bool) -> dict[str, Any]:
    hand, tsumo, riichi, ippatsu, dora = spec
    win = {H_HONITSU: "1z", H_CHINITSU: "9p", H_A[0]: "2s"}[hand]
    case: dict[str, Any] = {"hand": hand, "win": win, "tsumo": tsumo, "riichi": riichi, "ippatsu": ippatsu,
                            "dora": dora, "seat_wind": "E" if dealer else "S", "round_wind": "E",
                            "rules": "ema2008"}
    if not tsumo:
        case["discarder"] = "N"
    return case


LIMIT_CELLS = [(name, han, each, pair) for name, hans, each, pair in LIMITS for han in hans]


@pytest.mark.parametrize(("name", "han", "each", "pair"), LIMIT_CELLS)
def test_limit_tsumo(name: str, han: int, each: int, pair: tuple[int, int]) -> None:
    dealer = score_case(_limit_case(LIMIT_HANDS[han], dealer=True))
    assert dealer["ok"], dealer
    assert dealer["han"] == han
    assert dealer["limit"] == name
    assert dealer["payments"] == {"S": each, "W": each, "N": each}
    nondealer = score_case(_limit_case(LIMIT_HANDS[han], dealer=False))
    assert nondealer["ok"], nondealer
    others, from_dealer = pair
    assert nondealer["payments"] == {"E": from_dealer, "W": others, "N": others}


@pytest.mark.parametrize(("name", "han", "each", "pair"), LIMIT_CELLS)
def test_limit_ron_is_the_sum_of_the_shares(name: str, han: int, each: int, pair: tuple[int, int]) -> None:
    # Ron values are not tabled; a ron takes what the three tsumo shares add up to
    # (dealer 3 x each; non-dealer dealer share + 2 x other share), e.g. mangan 12000 / 8000.
    dealer = score_case(_limit_case(LIMIT_RON_HANDS[han], dealer=True))
    assert dealer["ok"], dealer
    assert (dealer["han"], dealer["limit"]) == (han, name)
    assert dealer["points"] == 3 * each
    nondealer = score_case(_limit_case(LIMIT_RON_HANDS[han], dealer=False))
    assert nondealer["ok"], nondealer
    assert nondealer["points"] == pair[1] + 2 * pair[0]


def test_thirteen_han_is_a_counted_yakuman() -> None:
    # The EMA 2008 rules' "Yakuman 13+" row: a 13-han hand without a yakuman pays as one yakuman.
    result = score_case(_limit_case(LIMIT_HANDS[13], dealer=False))
    assert result["ok"], result
    assert result["yakuman"] == []
    assert result["yakuman_total"] == 1
    assert result["points"] == 32000


# --- the same tables through the public points functions --------------------------------


def _base(han: int, fu: int) -> int:
    return base_points(han, fu, kiriage=False)[0]


@pytest.mark.parametrize(("fu", "han", "each"), _cells(DEALER_TSUMO))
def test_points_dealer_tsumo(fu: int, han: int, each: int) -> None:
    assert tsumo_payments(_base(han, fu), dealer=True) == (each, each)


@pytest.mark.parametrize(("fu", "han", "amount"), _cells(DEALER_RON))
def test_points_dealer_ron(fu: int, han: int, amount: int) -> None:
    assert ron_payment(_base(han, fu), dealer=True) == amount


@pytest.mark.parametrize(("fu", "han", "pair"), _cells(NONDEALER_TSUMO))
def test_points_nondealer_tsumo(fu: int, han: int, pair: tuple[int, int]) -> None:
    others, dealer = pair
    assert tsumo_payments(_base(han, fu), dealer=False) == (dealer, others)


@pytest.mark.parametrize(("fu", "han", "amount"), _cells(NONDEALER_RON))
def test_points_nondealer_ron(fu: int, han: int, amount: int) -> None:
    assert ron_payment(_base(han, fu), dealer=False) == amount


@pytest.mark.parametrize(("name", "han", "each", "pair"), [c for c in LIMIT_CELLS if c[1] <= 12])
def test_points_limits(name: str, han: int, each: int, pair: tuple[int, int]) -> None:
    base, limit = limit_base(han)
    assert limit.value == name
    assert tsumo_payments(base, dealer=True) == (each, each)
    assert tsumo_payments(base, dealer=False) == (pair[1], pair[0])


# --- the EMA 2008 rules' yaku list under ema2008 --------------------------------------------------------


@pytest.mark.parametrize(("hand", "win", "name"), [
    # "Big Four Winds DAI SUUSHII ... Double yakuman": 22s + four wind triplets, ron on 1z.
    ("22s111222333444z", "1z", "daisuushii"),
    # "Thirteen orphans ... +1 yakuman: Thirteen-sided wait": all 13 kinds once, won on 1m.
    ("119m19p19s1234567z", "1m", "kokushi_13"),
    # "Four concealed pons SUU ANKOU ... +1 yakuman: Unique wait": 111p 888p 444m East triplet,
    # ron on the Chun pair.
    ("111888p444m11177z", "7z", "suuankou_tanki"),
])
def test_double_yakuman_of_seed_004(hand: str, win: str, name: str) -> None:
    result = score_case({"hand": hand, "win": win, "seat_wind": "S", "discarder": "W", "rules": "ema2008"})
    assert result["ok"], result
    assert result["yakuman"] == [{"name": name, "multiplier": 2}]
    assert result["points"] == 64000


def test_nine_sided_chuuren_is_a_double_under_ema2008() -> None:
    # "Nine gates ... 1112345678999 + one duplicate ... +1 yakuman: Nine-sided wait": 2 yakuman.
    result = score_case({"hand": "11123455678999m", "win": "5m", "seat_wind": "S", "discarder": "W",
                         "rules": "ema2008"})
    assert result["yakuman"] == [{"name": "junsei_chuuren", "multiplier": 2}]
    assert result["points"] == 64000


def test_renhou_is_a_yakuman_under_ema2008() -> None:
    # The EMA 2008 rules' yakuman list: "Blessing of man RENHOU Ron on first round".
    result = score_case({"hand": "123m456p11p345789s", "win": "3s", "seat_wind": "S", "discarder": "E",
                         "renhou": True, "rules": "ema2008"})
    assert result["ok"], result
    assert [y["name"] for y in result["yakuman"]] == ["renhou"]
    assert result["points"] == 32000


def test_nagashi_mangan_under_ema2008() -> None:
    # The EMA 2008 rules lists nagashi mangan; paid as a mangan (checklist's decision): non-dealer
    # 4000 from the dealer and 2000 from each other player.
    result = score_case({"nagashi_mangan": True, "seat_wind": "W", "rules": "ema2008"})
    assert result["ok"], result
    assert result["payments"] == {"E": 4000, "S": 2000, "N": 2000}


def test_open_pinfu_fu_item() -> None:
    # The EMA 2008 rules' fu table: "Open pinfu 2". 234m 567p 22s + chi 345s and 678s (from East), ron on
    # 5p: 20 + 2 = 22 -> 30 fu.
    result = score_case({"hand": "234m567p22s", "win": "5p", "seat_wind": "S", "discarder": "N",
                         "melds": [{"type": "chi", "tiles": "345s", "from": "E"},
                                   {"type": "chi", "tiles": "678s", "from": "E"}], "rules": "ema2008"})
    assert result["ok"], result
    assert sorted(item["fu"] for item in result["fu_details"]) == [2, 20]
    assert result["fu"] == 30


def test_a_dealer_mangan_tsumo_with_honba_and_a_stick() -> None:
    # The EMA 2008 rules' limit table: a dealer's mangan tsumo is 4000 from each; one honba adds 100 to each
    # share and the stick on the table goes to the winner.
    from riichi.rules import EMA2008
    from riichi.scoring.settlement import Payment, settle_win
    from riichi.tiles import Wind

    dealer = settle_win(2000, winner=Wind.EAST, discarder=None, honba=1, sticks=1, rules=EMA2008.game)
    assert dealer.payments == (Payment(Wind.SOUTH, 4100), Payment(Wind.WEST, 4100), Payment(Wind.NORTH, 4100))
    assert dealer.deltas == (12000 + 300 + 1000, -4100, -4100, -4100)
