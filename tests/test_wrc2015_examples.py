"""The WRC Riichi Rules 2015 (WRC 2015 yaku list, ooyamaneko.net commentary): every example hand.

Each example is written in the seed as tile words ("1sou2sou3sou..."); here
it is converted to MPSZ. ``back`` pairs around two tiles mark a concealed kan
(``...back9man9manback`` = ``ankan 9999m``), four face-up equal tiles are an
open kan (we call it a ``minkan``), ``tenbo1000`` is the riichi stick. Where
the seed gives no winning tile or situation we choose one and say so; unless
stated the winner is South (a non-dealer) in the East round and a ron is
dealt in by West.

Expected values are computed by hand, with the standard formula
base = fu * 2^(han+2), non-dealer ron = 4 * base, dealer ron = 6 * base,
tsumo shares 2 * base (dealer) / 1 * base (others), each rounded up to 100.
The ``wrc`` preset is the WRC Riichi Rules 2015's rule set: kiriage, 13+ han = sanbaiman,
yakuman never stack, no double yakuman.
"""

from __future__ import annotations

from typing import Any

import pytest

from riichi.formats.interchange import meld_object as meld, score_case

DORA_NAMES = {"dora", "aka_dora", "ura_dora"}


def score(hand: str, win: str, *, melds: tuple[str, ...] = (), rules: Any = "wrc", **situation: Any) -> dict:
    case: dict[str, Any] = {"hand": hand, "win": win, "melds": [meld(m) for m in melds], "rules": rules}
    case.setdefault("seat_wind", "S")
    case.update(situation)
    if not case.get("tsumo") and "discarder" not in situation:
        case["discarder"] = "W"
    result = score_case(case)
    assert result["ok"], result
    return result


def yaku_of(result: dict) -> dict[str, int]:
    return {y["name"]: y["han"] for y in result["yaku"] if y["name"] not in DORA_NAMES}


def nonzero(payments: dict[str, int]) -> dict[str, int]:
    return {seat: amount for seat, amount in payments.items() if amount}


# (id, hand, win, melds, situation, yaku, fu, points, payments)
# fu None = not checked (limit hands); payments None = the ron discarder pays `points`.
REGULAR = [
    # 6.5.1 Riichi: 123s 777s 567m 8m + ankan 9999m, riichi stick shown, wins on 8m (tanki).
    # We choose ron. Fu: 20 + 10 closed ron + 4 closed 777s + 32 concealed kan of terminals
    # + 2 tanki = 68 -> 70. 1 han 70 fu: base 560, x4 = 2240 -> 2300 (the EMA 2008 rules table: 2300).
    ("riichi", "123777s56788m", "8m", ("ankan:9999m",), {"riichi": True},
     {"riichi": 1}, 70, 2300, None),
    # 6.5.1 Menzen tsumo: 234s 3456789p + ankan 3333m, "tsumo 6pin": 345p 66p 789p, tanki.
    # Fu: 20 + 2 tsumo + 16 concealed kan of simples + 2 tanki = 40. 1 han 40 fu, base 320:
    # dealer pays 640 -> 700, others 320 -> 400: 1500 in all.
    ("menzen_tsumo", "234s34566789p", "6p", ("ankan:3333m",), {"tsumo": True},
     {"menzen_tsumo": 1}, 40, 1500, {"E": 700, "W": 400, "N": 400}),
    # 6.5.1 Pinfu: 456s 678s 99s 345p 78m + 6m (two-sided). Ron: 30 fu 1 han = 4 * 240 -> 1000.
    ("pinfu", "45667899s345p678m", "6m", (), {},
     {"pinfu": 1}, 30, 1000, None),
    # 6.5.1 Iipeikou: 234s 234s 123m 555m 77m; we choose ron on 1m (23m two-sided).
    # Fu: 20 + 10 + 4 closed 555m = 34 -> 40. 1 han 40 fu: 4 * 320 = 1280 -> 1300.
    ("iipeikou", "234234s12355577m", "1m", (), {},
     {"iipeikou": 1}, 40, 1300, None),
    # 6.5.1 Tanyao: 345s 234p 567p 88p 678m; we choose ron on 6m (78m two-sided), which is
    # also pinfu. 2 han 30 fu: 4 * 480 = 1920 -> 2000.
    ("tanyao", "345s23456788p678m", "6m", (), {},
     {"tanyao": 1, "pinfu": 1}, 30, 2000, None),
    # The same tiles with 678m called as a chi from East (South's left): kuitan only,
    # an open hand without fu is 20 + 2 -> 30 fu. 1 han 30 fu: 4 * 240 = 960 -> 1000.
    ("tanyao_open", "345s23456788p", "3s", ("chi:678m@E",), {},
     {"tanyao": 1}, 30, 1000, None),
    # 6.5.1 Yakuhai: 345p 789p 123m 88m + Chun triplet; we choose ron on 3p (45p two-sided).
    # Fu: 20 + 10 + 8 closed honour triplet = 38 -> 40. 1 han 40 fu -> 1300.
    ("yakuhai_chun", "345789p12388m777z", "3p", (), {},
     {"chun": 1}, 40, 1300, None),
    # 6.5.1 Yakuhai with East: 789s 999s 345m 77m + East triplet "if the player is East, or if
    # the round wind is East". Ron on 3m. Fu: 20 + 10 + 8 (999s) + 8 (111z) = 46 -> 50.
    # Dealer in the East round: the double wind scores twice, 2 han 50 fu, 6 * 800 = 4800.
    ("yakuhai_double_east", "789999s34577m111z", "3m", (),
     {"seat_wind": "E", "round_wind": "E", "discarder": "S"},
     {"seat_wind": 1, "round_wind": 1}, 50, 4800, None),
    # South in the East round: round wind only, 1 han 50 fu: 4 * 400 = 1600.
    ("yakuhai_round_east", "789999s34577m111z", "3m", (), {"seat_wind": "S", "round_wind": "E"},
     {"round_wind": 1}, 50, 1600, None),
    # East (dealer) in the South round: seat wind only, 1 han 50 fu: 6 * 400 = 2400.
    ("yakuhai_seat_east", "789999s34577m111z", "3m", (),
     {"seat_wind": "E", "round_wind": "S", "discarder": "S"},
     {"seat_wind": 1}, 50, 2400, None),
    # 6.5.1 Rinshan: 23456p 678m West pair + kan 7777s, "rinshan 1pin". The kan is face up:
    # we call it an open kan from West. Rinshan "counts as self-draw; the two minipoints ...
    # are awarded": 20 + 2 + 8 open kan of simples = 30. 1 han 30 fu tsumo, base 240:
    # dealer 480 -> 500, others 240 -> 300 (WRC: no liability for the kan's discarder).
    ("rinshan", "123456p678m33z", "1p", ("minkan:7777s@W",), {"tsumo": True, "rinshan": True},
     {"rinshan": 1}, 30, 1100, {"E": 500, "W": 300, "N": 300}),
    # 6.5.2 Chiitoitsu: 55s 88s 77p 11m East Hatsu Chun pairs; ron on 5s.
    # Exactly 25 fu, 2 han: 4 * 25 * 16 = 1600.
    ("chiitoitsu", "5588s77p11m116677z", "5s", (), {},
     {"chiitoitsu": 2}, 25, 1600, None),
    # 6.5.2 Ittsu: 123456789p North pair 678s; we choose ron on 8s (67s two-sided), so also
    # pinfu (North is not South's value wind in the East round). 3 han 30 fu:
    # 4 * 960 = 3840 -> 3900 (kiriage applies only to 1920 base at 4h30f / 3h60f).
    ("ittsu", "123456789p44z678s", "8s", (), {},
     {"ittsu": 2, "pinfu": 1}, 30, 3900, None),
    # 6.5.2 Sanshoku: 123s 123p 123m 555p 77m; ron on 1s (23s two-sided).
    # Fu: 20 + 10 + 4 (555p) = 34 -> 40. 2 han 40 fu: 4 * 640 = 2560 -> 2600.
    ("sanshoku", "123s123555p12377m", "1s", (), {},
     {"sanshoku": 2}, 40, 2600, None),
    # 6.5.2 Chanta: 999s 123p East pair 789m North triplet; ron on 1p (23p two-sided).
    # Fu: 20 + 10 + 8 (999s) + 8 (444z) + 2 (East pair = round wind) = 48 -> 50.
    # 2 han 50 fu: 4 * 800 = 3200.
    ("chanta", "999s123p789m11444z", "1p", (), {},
     {"chanta": 2}, 50, 3200, None),
    # 6.5.2 Toitoi: 444s 777s Chun pair 666p + kan of West (face up: an open kan from West).
    # Ron on 4s (shanpon with 77z), so 444s is an open triplet and only two are concealed.
    # Fu: 20 + 2 (444s by ron) + 4 + 4 + 16 (open honour kan) + 2 (dragon pair) = 48 -> 50.
    # 2 han 50 fu: 3200.
    ("toitoi", "444777s666p77z", "4s", ("minkan:3333z@W",), {"discarder": "N"},
     {"toitoi": 2}, 50, 3200, None),
    # 6.5.2 Sanshoku doukou: 222s 222p 789p South pair 222m, all concealed as written;
    # West wins by ron on 9p (78p two-sided): three concealed triplets, so sanankou too.
    # 4 han, fu 20 + 10 + 4 + 4 + 4 = 42 -> 50: base 3200 > 2000, mangan 8000.
    ("sanshoku_doukou", "222789p222s22z222m", "9p", (), {"seat_wind": "W", "discarder": "N"},
     {"sanshoku_doukou": 2, "sanankou": 2}, None, 8000, None),
    # The same tiles with 222m called (pon from North): sanshoku doukou alone.
    # Fu: 20 + 4 + 4 + 2 (open 222m) = 30. 2 han 30 fu: 4 * 480 = 1920 -> 2000.
    ("sanshoku_doukou_open", "222789p222s22z", "9p", ("pon:222m@N",), {"seat_wind": "W", "discarder": "N"},
     {"sanshoku_doukou": 2}, 30, 2000, None),
    # 6.5.2 Sanankou: 888s 999s 88m 123m + ankan 1111p; ron on 1m (23m two-sided).
    # Fu: 20 + 10 + 4 (888s) + 8 (999s) + 32 (ankan 1p) = 74 -> 80.
    # 2 han 80 fu: 4 * 1280 = 5120 -> 5200.
    ("sanankou", "888999s88123m", "1m", ("ankan:1111p",), {},
     {"sanankou": 2}, 80, 5200, None),
    # 6.5.2 Sankantsu: 456p 33m + face-up kans 7777s and 3333p (open, from North and West)
    # + concealed Chun kan; ron on 4p (56p two-sided). Sankantsu 2 + chun 1 = 3 han;
    # fu 20 + 8 + 8 + 32 = 68 -> 70: base 70 * 32 = 2240 > 2000, mangan 8000.
    ("sankantsu", "456p33m", "4p", ("minkan:7777s@N", "minkan:3333p@W", "ankan:7777z"),
     {"discarder": "E"}, {"sankantsu": 2, "chun": 1}, None, 8000, None),
    # 6.5.2 Honroutou ("Also scores All Pungs"): 111s 999p North triplet Haku triplet Hatsu pair,
    # all concealed; ron on 1s (shanpon with 66z), so three concealed triplets remain:
    # honroutou 2 + toitoi 2 + sanankou 2 + haku 1 = 7 han, haneman 12000. Never chanta.
    ("honroutou_toitoi", "111s999p44455566z", "1s", (), {},
     {"honroutou": 2, "toitoi": 2, "sanankou": 2, "haku": 1}, None, 12000, None),
    # 6.5.2 Honroutou ("Also scores Seven Pairs"): 11s 99s 11p 99m East South Chun pairs;
    # ron on 7z. 4 han 25 fu: 4 * 25 * 64 = 6400 (the EMA 2008 rules table: 6400).
    ("honroutou_chiitoitsu", "1199s11p99m112277z", "7z", (), {},
     {"chiitoitsu": 2, "honroutou": 2}, 25, 6400, None),
    # 6.5.2 Shousangen: 678p 444m Hatsu triplet Haku pair Chun triplet; ron on 8p (67p).
    # Shousangen 2 + hatsu 1 + chun 1 ("add the two han for the individual pungs"), and the
    # three concealed triplets are sanankou 2: 6 han, haneman 12000.
    ("shousangen", "678p444m55666777z", "8p", (), {},
     {"shousangen": 2, "hatsu": 1, "chun": 1, "sanankou": 2}, None, 12000, None),
    # 6.5.3 Ryanpeikou: 567s 567s 345p 345p Chun pair; ron on 5s (67s two-sided).
    # Ryanpeikou (not chiitoitsu, not iipeikou). Fu 20 + 10 + 2 dragon pair = 32 -> 40.
    # 3 han 40 fu: 4 * 1280 = 5120 -> 5200.
    ("ryanpeikou", "567567s345345p77z", "5s", (), {},
     {"ryanpeikou": 3}, 40, 5200, None),
    # 6.5.3 Honitsu: 111m 456m 88m Haku triplet 222m, closed; ron on 4m (56m two-sided):
    # honitsu 3 + haku 1 + sanankou 2 (111m, 222m, 555z concealed) = 6 han, haneman 12000.
    ("honitsu", "11122245688m555z", "4m", (), {},
     {"honitsu": 3, "haku": 1, "sanankou": 2}, None, 12000, None),
    # The same tiles with 222m called (pon from North): "worth only two han if the hand is
    # open". Fu 20 + 8 (111m) + 8 (555z) + 2 (open 222m) = 38 -> 40; 3 han 40 fu -> 5200.
    ("honitsu_open", "11145688m555z", "4m", ("pon:222m@N",), {},
     {"honitsu": 2, "haku": 1}, 40, 5200, None),
    # 6.5.3 Junchan: 999s 123m 99m 789p + face-up kan 1111p (open, from West); ron on 1m.
    # Open, so "worth only two han". Fu 20 + 8 (999s) + 16 (open terminal kan) = 44 -> 50.
    # 2 han 50 fu: 3200. Never chanta.
    ("junchan", "999s12399m789p", "1m", ("minkan:1111p@W",), {"discarder": "N"},
     {"junchan": 2}, 50, 3200, None),
    # 6.5.5 Chinitsu: 234567p 99p 888p 111p; ron on 2p. Chinitsu 6 (the only reading is
    # 111 234 567 888 99, two concealed triplets, no pinfu): haneman 12000.
    ("chinitsu", "11123456788899p", "2p", (), {},
     {"chinitsu": 6}, None, 12000, None),
]


@pytest.mark.parametrize(("hand", "win", "melds", "situation", "yaku", "fu", "points", "payments"),
                         [pytest.param(*row[1:], id=row[0]) for row in REGULAR])
def test_regular_example(hand: str, win: str, melds: tuple[str, ...], situation: dict[str, Any],
                         yaku: dict[str, int], fu: int | None, points: int, payments: dict[str, int] | None) -> None:
    result = score(hand, win, melds=melds, **situation)
    assert yaku_of(result) == yaku
    assert result["han"] == sum(yaku.values())
    assert result["yakuman"] == []
    if fu is not None:
        assert result["fu"] == fu
    assert result["points"] == points
    if payments is None:
        discarder = situation.get("discarder", "W")
        payments = {discarder: points}
    assert nonzero(result["payments"]) == payments


def test_exclusions_in_the_examples() -> None:
    # 6.5.2/6.5.3: honroutou "does not combine with Outside Hand", junchan "does not combine
    # with Outside Hand", ryanpeikou "does not combine with Pure Double Chow", chinitsu
    # "does not combine with Half Flush".
    assert "chanta" not in yaku_of(score("111s999p44455566z", "1s"))
    assert "chanta" not in yaku_of(score("999s12399m789p", "1m", melds=("minkan:1111p@W",), discarder="N"))
    ryanpeikou = yaku_of(score("567567s345345p77z", "5s"))
    assert "iipeikou" not in ryanpeikou
    assert "chiitoitsu" not in ryanpeikou
    assert "honitsu" not in yaku_of(score("11123456788899p", "2p"))


def test_riichi_example_collects_the_stick() -> None:
    # The riichi example shows the 1000-point stick: collected by the winner on top of the
    # 2300 (riichi_sticks 1), and the discarder pays 2300 alone.
    result = score("123777s56788m", "8m", melds=("ankan:9999m",), riichi=True, riichi_sticks=1)
    assert result["points"] == 2300
    assert nonzero(result["payments"]) == {"W": 2300}
    assert result["deltas"]["S"] == 2300 + 1000
    assert result["deltas"]["W"] == -2300


# Yakuman examples: (id, hand, win, melds, situation, yakuman names)
# WRC: "Yakuman yaku are not cumulative", no double yakuman, so every hand is one yakuman:
# non-dealer ron 32000 from the discarder, non-dealer tsumo 16000 from the dealer and
# 8000 from each other player (the Multiple yakuman page's table).
YAKUMAN = [
    # 6.5.6 Kokushi: 1s 1s 9s 1p 9p 9m E S W N Hatsu Chun Haku + 1m; "it does not need to be
    # waiting on thirteen different tiles": the winning tile 1m, the pair 1s.
    ("kokushi", "19m19p119s1234567z", "1m", (), {}, {"kokushi"}),
    # 6.5.6 Chuuren: 1112456788999m + 3m (a kanchan, not the nine-sided wait).
    ("chuuren", "11123456788999m", "3m", (), {}, {"chuuren"}),
    # 6.5.6 Suuankou: 111p 888p 444m East triplet Chun pair; we choose tsumo on 4m (shanpon).
    ("suuankou", "111888p444m11177z", "4m", (), {"tsumo": True}, {"suuankou"}),
    # 6.5.6 Suuankou, second example: 666s 555m West North pairs + concealed Hatsu kan,
    # "tsumo west".
    ("suuankou_ankan", "666s555m33344z", "3z", ("ankan:6666z",), {"tsumo": True}, {"suuankou"}),
    # 6.5.6 Suukantsu: face-up kans 5555s 4444p 7777m (open: we say from West, North, East),
    # concealed North kan, East pair; we choose ron on 1z.
    ("suukantsu", "11z", "1z", ("minkan:5555s@W", "minkan:4444p@N", "minkan:7777m@E", "ankan:4444z"),
     {}, {"suukantsu"}),
    # 6.5.6 Ryuuiisou without hatsu: 234s 234s 44s 666s 888s; we choose ron on 8s (shanpon).
    ("ryuuiisou", "22334444666888s", "8s", (), {}, {"ryuuiisou"}),
    # 6.5.6 Ryuuiisou with hatsu: 222s 333s 88s Hatsu triplet 666s; ron on 6s (shanpon with 8s).
    ("ryuuiisou_hatsu", "22233366688s666z", "6s", (), {}, {"ryuuiisou"}),
    # 6.5.6 Chinroutou: 111m 11s 999s + face-up kan 9999m (open, from West) + concealed 1111p;
    # ron on 1s (tanki).
    ("chinroutou", "111m11999s", "1s", ("minkan:9999m@W", "ankan:1111p"), {"discarder": "N"}, {"chinroutou"}),
    # 6.5.6 Tsuuiisou: South West triplets, East pair, Haku Chun triplets; ron on 2z (shanpon).
    ("tsuuiisou", "11222333555777z", "2z", (), {}, {"tsuuiisou"}),
    # 6.5.6 Daisangen: 123p 66m Chun Haku triplets + concealed Hatsu kan; ron on 1p.
    ("daisangen", "123p66m555777z", "1p", ("ankan:6666z",), {}, {"daisangen"}),
    # 6.5.6 Shousuushii: 777m East West North triplets South pair; ron on 7m (shanpon).
    ("shousuushii", "777m11122333444z", "7m", (), {}, {"shousuushii"}),
    # 6.5.6 Daisuushii: 22s and four wind triplets; ron on 1z (shanpon). WRC scores it a
    # single yakuman ("every other competition rules score ... single yakuman").
    ("daisuushii", "22s111222333444z", "1z", (), {}, {"daisuushii"}),
]


@pytest.mark.parametrize(("hand", "win", "melds", "situation", "names"),
                         [pytest.param(*row[1:], id=row[0]) for row in YAKUMAN])
def test_yakuman_example(hand: str, win: str, melds: tuple[str, ...], situation: dict[str, Any],
                         names: set[str]) -> None:
    result = score(hand, win, melds=melds, **situation)
    assert {y["name"] for y in result["yakuman"]} == names
    assert all(y["multiplier"] == 1 for y in result["yakuman"])
    assert result["yakuman_total"] == 1
    assert result["limit"] == "yakuman"
    assert result["points"] == 32000
    if situation.get("tsumo"):
        assert nonzero(result["payments"]) == {"E": 16000, "W": 8000, "N": 8000}
    else:
        assert nonzero(result["payments"]) == {situation.get("discarder", "W"): 32000}


def test_suuankou_example_by_ron_on_a_triplet_is_not_suuankou() -> None:
    # 6.5.6: suuankou is completed "by self-draw or by claiming a tile to complete the pair".
    # The first example won by ron on 4m (shanpon) makes 444m open: toitoi 2 + sanankou 2 +
    # East triplet as round wind 1 = 5 han, mangan 8000.
    result = score("111888p444m11177z", "4m")
    assert result["yakuman"] == []
    assert yaku_of(result) == {"toitoi": 2, "sanankou": 2, "round_wind": 1}
    assert result["points"] == 8000


def test_suuankou_tanki_is_a_single_yakuman_under_wrc() -> None:
    # The first suuankou example by ron on the Chun pair (tanki): "claiming a tile to complete
    # the pair" keeps suuankou; WRC has no double yakuman.
    result = score("111888p444m11177z", "7z")
    assert {y["name"] for y in result["yakuman"]} == {"suuankou_tanki"}
    assert result["yakuman_total"] == 1
    assert result["points"] == 32000


def test_yakuman_do_not_stack_under_wrc() -> None:
    # "Yakuman yaku are not cumulative": the tsuuiisou example won by tsumo is also suuankou,
    # both listed, one paid (16000 + 8000 + 8000).
    result = score("11222333555777z", "2z", tsumo=True)
    assert {y["name"] for y in result["yakuman"]} == {"tsuuiisou", "suuankou"}
    assert result["yakuman_total"] == 1
    assert result["points"] == 32000


def test_chankan_is_scored_as_a_win_on_a_discard() -> None:
    # 6.5.1 Chankan "is scored as a win on a discard": a closed pinfu hand robbing 6m
    # keeps the 10 fu for a closed ron: pinfu 1 + chankan 1 = 2 han 30 fu,
    # 4 * 480 = 1920 -> 2000.
    result = score("45667899s345p678m", "6m", chankan=True)
    assert yaku_of(result) == {"pinfu": 1, "chankan": 1}
    assert result["fu"] == 30
    assert result["points"] == 2000


def test_haitei_and_rinshan_never_together() -> None:
    # 6.5.1 Haitei: "If the last tile of the wall is a replacement tile drawn after a kong,
    # only After a Kong will be scored." A case flagged with both either is refused as
    # inconsistent or scores rinshan without haitei.
    result = score_case({"hand": "123456p678m33z", "win": "1p", "melds": [meld("minkan:7777s@W")],
                         "tsumo": True, "rinshan": True, "haitei": True, "seat_wind": "S", "rules": "wrc"})
    if result["ok"]:
        assert "rinshan" in yaku_of(result)
        assert "haitei" not in yaku_of(result)
    else:
        assert result["error"]["code"] == "inconsistent_situation"


# Unrounded fu of some examples, worked out beside them in REGULAR: the fu_details items add up
# to these (INTERCHANGE: "items that add up to the unrounded fu").
RAW_FU = {"riichi": 68, "menzen_tsumo": 40, "iipeikou": 34, "yakuhai_chun": 38, "yakuhai_double_east": 46,
          "rinshan": 30, "sanshoku": 34, "chanta": 48, "toitoi": 48, "sanankou": 74, "honitsu_open": 38,
          "junchan": 44}


@pytest.mark.parametrize("name", list(RAW_FU))
def test_fu_details_add_up(name: str) -> None:
    row = next(r for r in REGULAR if r[0] == name)
    _, hand, win, melds, situation, *_ = row
    result = score(hand, win, melds=melds, **situation)
    assert sum(item["fu"] for item in result["fu_details"]) == RAW_FU[name]


@pytest.mark.parametrize(("hand", "win", "melds", "situation", "yaku"),
                         [pytest.param(*row[1:6], id=row[0]) for row in REGULAR])
def test_same_han_under_ema2008(hand: str, win: str, melds: tuple[str, ...], situation: dict[str, Any],
                                yaku: dict[str, int]) -> None:
    # The EMA 2008 rules' yaku list gives these yaku the same han as the WRC Riichi Rules 2015 (e.g. ittsu 2/1, honitsu
    # 3/2, chinitsu 6/5, sanshoku doukou 2), so every example has the same yaku under ema2008.
    result = score(hand, win, melds=melds, rules="ema2008", **situation)
    assert yaku_of(result) == yaku
