"""The rule-set survey's worked numbers (§2 notes and §3 "classic tricky cases"), with real hands.

Unless stated the winner is South (non-dealer) in the East round; a ron is dealt
in by North. base = fu * 2^(han+2); non-dealer ron 4 * base, dealer ron 6 * base,
tsumo shares 2 * base / 1 * base, each rounded up to 100; honba +300 per ron,
+100 per tsumo payer.
"""

from __future__ import annotations

from typing import Any

import pytest

from riichi.formats.interchange import meld_object as meld, score_case

DORA_NAMES = {"dora", "aka_dora", "ura_dora"}

# Closed pinfu hand: 123m 456p 11p 345s 789s, won on 3s (45s two-sided); no tanyao (1m, 9s),
# no other yaku. Indicators 6s 7s 8s point at 7s 8s 9s, held once each.
PINFU = "123m456p11p345789s"
# Closed hand with a concealed terminal triplet: 111m 456p 99p 234s 678s, won on 2s (34s two-
# sided). Tsumo: 20 + 2 + 8 = 30 fu; ron: 20 + 10 + 8 = 38 -> 40. Indicators 1s 2s 3s: +1 each.
TRIPLET = "111m456p99p234678s"
# 111p 99m 234s 678s + concealed kan 3333m, won on 2s: ron 20 + 10 + 8 + 16 = 54 -> 60 fu.
SIXTY = "111p99m234678s"
# 456p 99p 234s 678s + concealed kan 1111m, won on 2s: ron 20 + 10 + 32 = 62 -> 70 fu.
SEVENTY = "456p99p234678s"
# Open all-simples hand: 234m 567p 22s + chi 345s and chi 678s from East, won on 5p (67p):
# kuitan, 20 fu raised to 30.
OPEN_TANYAO = "234m567p22s"
OPEN_TANYAO_MELDS = ["chi:345s@E", "chi:678s@E"]


def run(hand: str, win: str, *melds: str, rules: Any = "tenhou", **situation: Any) -> dict:
    case: dict[str, Any] = {"hand": hand, "win": win, "melds": [meld(m) for m in melds], "rules": rules,
                            "seat_wind": "S", "round_wind": "E"}
    case.update(situation)
    if not case.get("tsumo"):
        case.setdefault("discarder", "N")
    result = score_case(case)
    assert result["ok"], result
    return result


def yaku_of(result: dict) -> dict[str, int]:
    return {y["name"]: y["han"] for y in result["yaku"] if y["name"] not in DORA_NAMES}


def paid(result: dict) -> dict[str, int]:
    return {seat: amount for seat, amount in result["payments"].items() if amount}


# --- kiriage -------------------------------------------------------------------------------
# §2 "Kiriage mangan": base exactly 1920 (30 fu 4 han, 60 fu 3 han); nd ron 7700 -> 8000,
# d ron 11600 -> 12000, nd tsumo 2000/3900 -> 2000/4000, d tsumo 3900 all -> 4000 all.
# WRC and M-League round up; EMA, Tenhou, Mahjong Soul and JPML do not.

KIRIAGE = [("tenhou", False), ("mahjongsoul", False), ("ema", False), ("jpml", False),
           ("wrc", True), ("mleague", True), ({"preset": "tenhou", "kiriage": True}, True)]
# JPML plays no kan dora, so a case may show one indicator only; it then points at a pair
# (+2): 9p -> the 1p pair of PINFU, 8p -> the 9p pair of TRIPLET, 8m -> the 9m pair of SIXTY.
TWO_DORA = {"PINFU": ("67s", "9p"), "TRIPLET": ("12s", "8p"), "SIXTY": ("12s", "8m")}


def two_dora(rules: Any, hand: str) -> str:
    normal, single = TWO_DORA[hand]
    return single if rules == "jpml" else normal


@pytest.mark.parametrize(("rules", "kiriage"), KIRIAGE)
def test_kiriage_4_han_30_fu_ron(rules: Any, kiriage: bool) -> None:
    # riichi 1 + pinfu 1 + 2 dora (6s -> 7s, 7s -> 8s) = 4 han, pinfu ron 30 fu: base 1920.
    nd = run(PINFU, "3s", rules=rules, riichi=True, dora=two_dora(rules, "PINFU"))
    assert (nd["han"], nd["fu"]) == (4, 30)
    assert nd["points"] == (8000 if kiriage else 7700)
    dealer = run(PINFU, "3s", rules=rules, riichi=True, dora=two_dora(rules, "PINFU"), seat_wind="E")
    assert dealer["points"] == (12000 if kiriage else 11600)


@pytest.mark.parametrize(("rules", "kiriage"), KIRIAGE)
def test_kiriage_4_han_30_fu_tsumo(rules: Any, kiriage: bool) -> None:
    # menzen tsumo 1 + riichi 1 + 2 dora (1s -> 2s, 2s -> 3s), 20 + 2 + 8 = 30 fu.
    nd = run(TRIPLET, "2s", rules=rules, tsumo=True, riichi=True, dora=two_dora(rules, "TRIPLET"))
    assert (nd["han"], nd["fu"]) == (4, 30)
    assert nd["payments"] == ({"E": 4000, "W": 2000, "N": 2000} if kiriage else {"E": 3900, "W": 2000, "N": 2000})
    dealer = run(TRIPLET, "2s", rules=rules, tsumo=True, riichi=True, dora=two_dora(rules, "TRIPLET"),
                 seat_wind="E")
    each = 4000 if kiriage else 3900
    assert dealer["payments"] == {"S": each, "W": each, "N": each}


@pytest.mark.parametrize(("rules", "kiriage"), KIRIAGE)
def test_kiriage_3_han_60_fu(rules: Any, kiriage: bool) -> None:
    # riichi 1 + 2 dora (1s, 2s) on the 60-fu hand: base 60 * 32 = 1920.
    nd = run(SIXTY, "2s", "ankan:3333m", rules=rules, riichi=True, dora=two_dora(rules, "SIXTY"))
    assert (nd["han"], nd["fu"]) == (3, 60)
    assert nd["points"] == (8000 if kiriage else 7700)


def test_70_fu_3_han_is_mangan_anyway() -> None:
    # §3: "70 fu 3 han: base 2240 > 2000 -> mangan regardless of kiriage (nd 8000, d 12000)".
    # riichi 1 + 2 dora on the 70-fu hand.
    nd = run(SEVENTY, "2s", "ankan:1111m", riichi=True, dora="12s")
    assert (nd["han"], nd["fu"]) == (3, 70)
    assert nd["limit"] == "mangan"
    assert nd["points"] == 8000
    dealer = run(SEVENTY, "2s", "ankan:1111m", riichi=True, dora="12s", seat_wind="E")
    assert dealer["points"] == 12000


def test_40_fu_4_han_is_mangan() -> None:
    # §3: "40 fu 4 han: base 2560 -> mangan". riichi 1 + 3 dora (1s 2s 3s), ron 40 fu.
    result = run(TRIPLET, "2s", riichi=True, dora="123s")
    assert (result["han"], result["fu"]) == (4, 40)
    assert result["limit"] == "mangan"
    assert result["points"] == 8000


# --- kazoe ---------------------------------------------------------------------------------
# Chiitoitsu of 11 22 44 55 77 88 99 p (no reading as sets): chinitsu 6 + chiitoitsu 2 = 8,
# + riichi 1 + indicators 1p (-> the 2p pair) and 3p (-> the 4p pair), 2 each = 13 han.
KAZOE_HAND = "11224455778899p"


@pytest.mark.parametrize(("rules", "yakuman"), [
    ("tenhou", True), ("mahjongsoul", True), ("full", True),
    ("wrc", False), ("ema", False), ("mleague", False),
    ({"preset": "tenhou", "kazoe": "sanbaiman"}, False), ({"preset": "wrc", "kazoe": "yakuman"}, True),
])
def test_kazoe_yakuman_or_sanbaiman(rules: Any, yakuman: bool) -> None:
    # §2 "Kazoe yakuman": 13 han is 32000 (yakuman) or 24000 (sanbaiman) for a non-dealer ron.
    result = run(KAZOE_HAND, "9p", rules=rules, riichi=True, dora="13p")
    assert result["han"] == 13
    assert result["yakuman"] == []
    if yakuman:
        assert (result["limit"], result["points"], result["yakuman_total"]) == ("kazoe_yakuman", 32000, 1)
    else:
        assert (result["limit"], result["points"], result["yakuman_total"]) == ("sanbaiman", 24000, 0)


def test_kazoe_capped_under_jpml() -> None:
    # JPML A: "13+ han = sanbaiman" (the rule-set survey §1b). Without ippatsu and kan dora, 13 han come
    # from 22 33 44 55 66 77 88 p won by tsumo on 2p: read 234 234 55 678 678 with 2p on the
    # two-sided 34p: chinitsu 6 + ryanpeikou 3 + tanyao 1 + pinfu 1 + riichi 1 + menzen tsumo 1
    # = 13 han. Sanbaiman tsumo: 12000 from the dealer, 6000 from each other player.
    result = run("22334455667788p", "2p", rules="jpml", riichi=True, tsumo=True)
    assert result["han"] == 13
    assert result["limit"] == "sanbaiman"
    assert result["payments"] == {"E": 12000, "W": 6000, "N": 6000}


# --- renhou --------------------------------------------------------------------------------
# South wins on East's first discard. 234m 567p 345s 678s 88p won on 3s (45s two-sided):
# pinfu 1 + tanyao 1 + 2 dora (1m -> 2m, 2m -> 3m) = 4 han 30 fu (7700 without renhou).
RENHOU_HAND = "234m567p88p345678s"


@pytest.mark.parametrize(("option", "points", "han"), [
    ("none", 7700, 4),  # not recognised: the hand's own value
    ("mangan", 8000, None),  # a mangan (the hand is worth less)
    ("yaku", 16000, 8),  # a 4-han yaku: 4 + 4 = 8 han, baiman
    ("yakuman", 32000, 0),
])
def test_renhou_options(option: str, points: int, han: int | None) -> None:
    # §2 "Renhou": yakuman; fixed mangan; a 4-han yaku that combines with others; or not
    # recognised (the rule-set survey's example: mangan rules 8000, 4-han-yaku rules baiman 16000).
    result = run(RENHOU_HAND, "3s", rules={"preset": "tenhou", "renhou": option}, renhou=True, discarder="E",
                 dora="12m")
    assert result["points"] == points
    if han is not None:
        assert result["han"] == han
    if option == "yakuman":
        assert {y["name"] for y in result["yakuman"]} == {"renhou"}
    else:
        assert result["yakuman"] == []


def test_renhou_presets() -> None:
    # checklist item 78: full yakuman; wrc, ema mangan; tenhou none.
    assert run(RENHOU_HAND, "3s", rules="full", renhou=True, discarder="E")["points"] == 32000
    assert run(RENHOU_HAND, "3s", rules="wrc", renhou=True, discarder="E")["points"] == 8000
    assert run(RENHOU_HAND, "3s", rules="ema", renhou=True, discarder="E")["points"] == 8000
    # tenhou: pinfu + tanyao, 2 han 30 fu = 2000.
    assert run(RENHOU_HAND, "3s", rules="tenhou", renhou=True, discarder="E")["points"] == 2000


# --- fu cases --------------------------------------------------------------------------------


def test_pinfu_tsumo_twenty_fu() -> None:
    # §2 "Pinfu tsumo": pinfu and menzen tsumo both count, 20 fu: nd 400/700 (1500), d 700 all.
    nd = run(PINFU, "3s", tsumo=True)
    assert yaku_of(nd) == {"pinfu": 1, "menzen_tsumo": 1}
    assert nd["fu"] == 20
    assert nd["payments"] == {"E": 700, "W": 400, "N": 400}
    assert nd["points"] == 1500
    dealer = run(PINFU, "3s", tsumo=True, seat_wind="E")
    assert dealer["payments"] == {"S": 700, "W": 700, "N": 700}


def test_pinfu_tsumo_nashi() -> None:
    # §2: under "pinfu-tsumo nashi" the tsumo fu is added (22 -> 30) and pinfu is not
    # awarded: 1 han 30 fu = 300/500.
    result = run(PINFU, "3s", rules={"preset": "tenhou", "pinfu_tsumo": False}, tsumo=True)
    assert yaku_of(result) == {"menzen_tsumo": 1}
    assert result["fu"] == 30
    assert result["payments"] == {"E": 500, "W": 300, "N": 300}


def test_three_han_twenty_fu_tsumo() -> None:
    # §3: "3 han 20 fu tsumo: nd 700/1300, d 1300 all (e.g. pinfu tsumo + 1 dora)".
    nd = run(PINFU, "3s", tsumo=True, dora="6s")
    assert (nd["han"], nd["fu"]) == (3, 20)
    assert nd["payments"] == {"E": 1300, "W": 700, "N": 700}
    dealer = run(PINFU, "3s", tsumo=True, dora="6s", seat_wind="E")
    assert dealer["payments"] == {"S": 1300, "W": 1300, "N": 1300}


def test_open_pinfu_is_thirty_fu() -> None:
    # §3: "open tanyao, all sequences, ron on two-sided wait: 1 han 30 fu = nd 1000, d 1500".
    nd = run(OPEN_TANYAO, "5p", *OPEN_TANYAO_MELDS)
    assert yaku_of(nd) == {"tanyao": 1}
    assert nd["fu"] == 30
    assert nd["points"] == 1000
    dealer = run(OPEN_TANYAO, "5p", "chi:345s@N", "chi:678s@N", seat_wind="E", discarder="S")
    assert dealer["points"] == 1500


def test_open_hand_without_the_raise() -> None:
    # §2 "Open pinfu": "Without the raise it would be 1 han 20 fu = 700".
    result = run(OPEN_TANYAO, "5p", *OPEN_TANYAO_MELDS, rules={"preset": "tenhou", "open_pinfu_fu": False})
    assert result["fu"] == 20
    assert result["points"] == 700


def test_kuitan_switch() -> None:
    # §2 "Open tanyao (kuitan)": when off, tanyao needs a closed hand; the open all-simples
    # hand then has no yaku and cannot win.
    result = score_case({"hand": OPEN_TANYAO, "win": "5p", "melds": [meld(m) for m in OPEN_TANYAO_MELDS],
                         "seat_wind": "S", "discarder": "N", "rules": {"preset": "tenhou", "kuitan": False}})
    assert result["ok"] is False
    assert result["error"]["code"] == "no_yaku"
    # A closed tanyao still counts: 234m 567p 22s 345s 678s closed, ron on 5p: tanyao + pinfu.
    closed = run("234m567p22345678s", "5p", rules={"preset": "tenhou", "kuitan": False})
    assert yaku_of(closed) == {"tanyao": 1, "pinfu": 1}


# The WRC Riichi Rules 2015's chiitoitsu example: 55s 88s 77p 11m East Hatsu Chun pairs, won on 5s.
CHIITOI = "5588s77p11m116677z"


def test_chiitoitsu_twenty_five_fu() -> None:
    # §2 "Chiitoitsu 25 fu": 2 han nd ron 1600, d ron 2400; 3 han tsumo nd 800/1600,
    # d 1600 all; 4 han ron nd 6400 / d 9600. Never 30 fu.
    nd = run(CHIITOI, "5s")
    assert (nd["han"], nd["fu"], nd["points"]) == (2, 25, 1600)
    assert run(CHIITOI, "5s", seat_wind="E")["points"] == 2400
    tsumo = run(CHIITOI, "5s", tsumo=True)
    assert (tsumo["han"], tsumo["fu"]) == (3, 25)
    assert tsumo["payments"] == {"E": 1600, "W": 800, "N": 800}
    assert run(CHIITOI, "5s", tsumo=True, seat_wind="E")["payments"] == {"S": 1600, "W": 1600, "N": 1600}
    four = run(CHIITOI, "5s", riichi=True, ippatsu=True)
    assert (four["han"], four["fu"], four["points"]) == (4, 25, 6400)
    assert run(CHIITOI, "5s", riichi=True, ippatsu=True, seat_wind="E")["points"] == 9600


@pytest.mark.parametrize(("rules", "fu", "points"), [
    ("tenhou", 50, 2400), ("mahjongsoul", 50, 2400), ("full", 50, 2400),
    ("jpml", 40, 2000), ("mleague", 40, 2000),
    ({"preset": "tenhou", "double_wind_fu": 2}, 40, 2000),
])
def test_double_wind_pair(rules: Any, fu: int, points: int) -> None:
    # §2 "Double-wind pair": "dealer in East round, closed ron on a two-sided wait, riichi only,
    # with a concealed 999m triplet and an East pair: 20+10+8+2 = 40 fu -> 2000; with 4 fu:
    # 42 -> 50 fu -> 2400." Our hand: 999m 234p 678p 345s + East pair, ron on 3s (45s).
    result = run("999m234678p345s11z", "3s", rules=rules, riichi=True, seat_wind="E", round_wind="E",
                 discarder="S")
    assert yaku_of(result) == {"riichi": 1}
    assert result["fu"] == fu
    assert result["points"] == points


# §3 110 fu: "closed kans of 1m and 9p (64), daiminkan of 1s (16), one run such as 234m, dragon
# pair, tanki wait; only yaku sankantsu: 20+64+16+2+2 = 104 -> 110." 2 han 110 fu: nd ron 7100,
# d ron 10600, nd tsumo 1800/3600, d tsumo 3600 all.
KANS = ("ankan:1111m", "ankan:9999p", "minkan:1111s@W")


def test_110_fu_ron() -> None:
    nd = run("234m55z", "5z", *KANS)
    assert yaku_of(nd) == {"sankantsu": 2}
    assert (nd["han"], nd["fu"], nd["points"]) == (2, 110, 7100)
    dealer = run("234m55z", "5z", *KANS, seat_wind="E")
    assert dealer["points"] == 10600


def test_110_fu_tsumo() -> None:
    # By tsumo the open hand has 104 + 2 = 106 -> 110 fu still.
    nd = run("234m55z", "5z", *KANS, tsumo=True)
    assert (nd["han"], nd["fu"]) == (2, 110)
    assert nd["payments"] == {"E": 3600, "W": 1800, "N": 1800}
    dealer = run("234m55z", "5z", *KANS, tsumo=True, seat_wind="E")
    assert dealer["payments"] == {"S": 3600, "W": 3600, "N": 3600}


# --- honba and sticks ------------------------------------------------------------------------


def test_honba_on_ron() -> None:
    # §2 "Honba": "2 honba, nd 7700 ron -> 8300". 4 han 30 fu under tenhou (no kiriage).
    result = run(PINFU, "3s", riichi=True, dora="67s", honba=2)
    assert result["points"] == 7700
    assert paid(result) == {"N": 8300}


def test_honba_on_tsumo() -> None:
    # §2: "nd tsumo 2000/3900 -> 2200/4100" with 2 honba.
    result = run(TRIPLET, "2s", tsumo=True, riichi=True, dora="12s", honba=2)
    assert result["points"] == 7900
    assert result["payments"] == {"E": 4100, "W": 2200, "N": 2200}


def test_riichi_sticks_go_to_the_winner() -> None:
    # §3: "then honba ... and all riichi sticks on the table (1000 each) to the winner".
    # 7700 + 2 honba (600) + 3 sticks (3000): the winner gains 11300, the discarder loses 8300.
    result = run(PINFU, "3s", riichi=True, dora="67s", honba=2, riichi_sticks=3)
    assert result["deltas"] == {"E": 0, "S": 11300, "W": 0, "N": -8300}


# --- pao -------------------------------------------------------------------------------------
# South called Haku from West, Hatsu from North, then Chun from West: West fed the third
# dragon set. Concealed 234m 99p, won on 4m.
DAISANGEN_MELDS = ("pon:555z@W", "pon:666z@N", "pon:777z@W")


def test_pao_tenhou_ron_is_split() -> None:
    # §2 "Pao": "Ron by another player: feeder and discarder pay half each. Example (Tenhou,
    # nd daisangen, ron, no honba): discarder 16000 + feeder 16000."
    result = run("234m99p", "4m", *DAISANGEN_MELDS, discarder="E")
    assert {y["name"] for y in result["yakuman"]} == {"daisangen"}
    assert result["points"] == 32000
    assert paid(result) == {"E": 16000, "W": 16000}


def test_pao_tsumo_feeder_pays_all() -> None:
    # §2: "Tsumo: the feeder pays the whole hand."
    result = run("234m99p", "4m", *DAISANGEN_MELDS, tsumo=True)
    assert paid(result) == {"W": 32000}


def test_pao_honba_tenhou_via_feeder_ema_via_discarder() -> None:
    # §2: "who pays honba (EMA/JPML: discarder; Tenhou: via the feeder)". One honba (300).
    tenhou = run("234m99p", "4m", *DAISANGEN_MELDS, discarder="E", honba=1)
    assert paid(tenhou) == {"E": 16000, "W": 16300}
    ema = run("234m99p", "4m", *DAISANGEN_MELDS, rules="ema", discarder="E", honba=1)
    assert paid(ema) == {"E": 16300, "W": 16000}


def test_pao_scope_tenhou_vs_soul() -> None:
    # §2: "daisangen+tsuuiisou nd tsumo: Tenhou feeder pays 64000; Soul feeder pays 32000 and
    # the remaining 32000 is paid as a normal tsumo, 16000 by dealer and 8000 by each
    # non-dealer". Concealed East triplet + South pair, won on 2z by tsumo.
    tenhou = run("11122z", "2z", *DAISANGEN_MELDS, tsumo=True)
    assert {y["name"] for y in tenhou["yakuman"]} == {"daisangen", "tsuuiisou"}
    assert tenhou["points"] == 64000
    assert paid(tenhou) == {"W": 64000}
    soul = run("11122z", "2z", *DAISANGEN_MELDS, rules="mahjongsoul", tsumo=True)
    assert paid(soul) == {"E": 16000, "W": 32000 + 8000, "N": 8000}


def test_pao_feeder_deals_in() -> None:
    # When the feeder is also the discarder there is nobody to share with: West pays all 32000.
    result = run("234m99p", "4m", *DAISANGEN_MELDS, discarder="W")
    assert paid(result) == {"W": 32000}


# South called East from West, South from North, West from West and North from East: East
# fed the fourth wind set. 22s pair, won on 2s by tsumo: daisuushii.
DAISUUSHII_MELDS = ("pon:111z@W", "pon:222z@N", "pon:333z@W", "pon:444z@E")


def test_pao_daisuushii() -> None:
    # §1f: daisangen and daisuushii carry liability; tsumo: the feeder pays all. Tenhou: single
    # yakuman, 32000 from East. Mahjong Soul doubles daisuushii (§1b) and the feeder answers for
    # that yakuman's share, here the whole 64000.
    tenhou = run("22s", "2s", *DAISUUSHII_MELDS, tsumo=True)
    assert paid(tenhou) == {"E": 32000}
    soul = run("22s", "2s", *DAISUUSHII_MELDS, rules="mahjongsoul", tsumo=True)
    assert paid(soul) == {"E": 64000}


SUUKANTSU_MELDS = ("minkan:5555s@W", "minkan:4444p@N", "ankan:7777m", "minkan:2222m@E")


def test_pao_suukantsu_only_where_played() -> None:
    # §1f: M-League and JPML make the feeder of the fourth kan liable for suukantsu (M-League:
    # when the fourth kan is a daiminkan); Tenhou does not. South wins on the replacement tile
    # (East pair, tanki) after East's discard made the fourth kan.
    mleague = run("11z", "1z", *SUUKANTSU_MELDS, rules="mleague", tsumo=True, rinshan=True)
    assert paid(mleague) == {"E": 32000}
    tenhou = run("11z", "1z", *SUUKANTSU_MELDS, tsumo=True, rinshan=True)
    assert paid(tenhou) == {"E": 16000, "W": 8000, "N": 8000}


def test_pao_follows_the_order_of_the_melds() -> None:
    # INTERCHANGE: melds are listed "in the order they were made; liability depends on it".
    # Chun from West, Hatsu from North, then Haku from North: North fed the third set and
    # shares the ron with the discarder East.
    result = run("234m99p", "4m", "pon:777z@W", "pon:666z@N", "pon:555z@N", discarder="E")
    assert paid(result) == {"E": 16000, "N": 16000}


def test_pao_tsumo_with_honba_and_sticks() -> None:
    # Tenhou: the feeder pays the whole hand and the honba (2 x 300); the winner also takes
    # one stick: +33600 for South, -32600 for West.
    result = run("234m99p", "4m", *DAISANGEN_MELDS, tsumo=True, honba=2, riichi_sticks=1)
    assert paid(result) == {"W": 32600}
    assert result["deltas"] == {"E": 0, "S": 33600, "W": -32600, "N": 0}
