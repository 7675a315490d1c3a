"""The Japanese Mahjong yaku encyclopedia: dora, exclusions, rule switches and the
local yaku it describes.

Unless stated the winner is South (non-dealer) in the East round under ``tenhou``;
a ron is dealt in by North. base = fu * 2^(han+2); non-dealer ron 4 * base,
rounded up to 100; a yakuman is 32000 for a non-dealer ron.
"""

from __future__ import annotations

from typing import Any

import pytest

from riichi.formats.interchange import meld_object as meld, score_case

DORA_NAMES = {"dora", "aka_dora", "ura_dora"}

# Closed pinfu hand: 123m 456p 11p 345s 789s, won on 3s (45s two-sided): pinfu only, 30 fu.
PINFU = "123m456p11p345789s"
# 123m 456p 789s Haku triplet East pair, won on 1m (23m two-sided): haku only.
# Held once: 1m; the East pair twice; Haku three times.
HAKU_HAND = "123m456p789s11555z"


def case(hand: str, win: str, *melds: str, rules: Any = "tenhou", **situation: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"hand": hand, "win": win, "melds": [meld(m) for m in melds], "rules": rules,
                           "seat_wind": "S", "round_wind": "E"}
    out.update(situation)
    if not out.get("tsumo"):
        out.setdefault("discarder", "N")
    return out


def run(hand: str, win: str, *melds: str, **kw: Any) -> dict:
    result = score_case(case(hand, win, *melds, **kw))
    assert result["ok"], result
    return result


def yaku_of(result: dict) -> dict[str, int]:
    return {y["name"]: y["han"] for y in result["yaku"] if y["name"] not in DORA_NAMES}


def dora_of(result: dict) -> dict[str, int]:
    return {y["name"]: y["han"] for y in result["yaku"] if y["name"] in DORA_NAMES}


# --- dora ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("indicator", "count"), [
    ("9m", 1),  # 9 wraps to 1: the single 1m
    ("4z", 2),  # North wraps to East: the East pair
    ("7z", 3),  # Chun wraps to Haku: the Haku triplet ("White becomes the first")
    ("4z7z", 5),  # indicators add up
    ("7z7z", 6),  # "as many han as the number of its corresponding dora indicator tiles"
    ("3z", 0),  # West -> North: none held; no dora entry at all
])
def test_dora_indicator_wrap(indicator: str, count: int) -> None:
    # The yaku encyclopedia: "its succeeding tile is recognized as dora ... if an indicator is a Green
    # dragon, Red dragons are counted as dora tiles (take notice of the Japanese order of
    # dragons, in which White becomes the first)"; numbers and winds wrap (checklist item 3).
    result = run(HAKU_HAND, "1m", dora=indicator)
    assert yaku_of(result) == {"haku": 1}
    assert dora_of(result) == ({"dora": count} if count else {})
    assert result["han"] == 1 + count


def test_hatsu_indicates_chun() -> None:
    # The yaku encyclopedia's own example: a Green dragon indicator makes Red dragons dora. The WRC Riichi Rules 2015's yakuhai
    # hand 345p 789p 123m 88m + Chun triplet, ron on 3p: chun 1 + 3 dora.
    result = run("345789p12388m777z", "3p", dora="6z")
    assert dora_of(result) == {"dora": 3}
    assert result["han"] == 4


def test_dora_are_not_yaku() -> None:
    # The yaku encyclopedia: "having it without yaku does not meet the 1-yaku requirement". 123m 567p 22s
    # + chi 345s and 678s (from East), ron on 1m: open, a terminal, no yaku; 3 dora do not help.
    result = score_case(case("123m567p22s", "1m", "chi:345s@E", "chi:678s@E", dora="1s"))
    assert result["ok"] is False
    assert result["error"]["code"] == "no_yaku"


def test_ura_dora_only_for_riichi() -> None:
    # The yaku encyclopedia: ura-dora are opened "when a player goes out with declaration of richi".
    # Ura indicator 6s -> the single 7s. With riichi: riichi 1 + pinfu 1 + ura 1 = 3 han
    # 30 fu: 4 * 960 = 3840 -> 3900. Without riichi: pinfu alone, 1000.
    with_riichi = run(PINFU, "3s", riichi=True, ura="6s")
    assert dora_of(with_riichi) == {"ura_dora": 1}
    assert with_riichi["points"] == 3900
    without = run(PINFU, "3s", ura="6s")
    assert dora_of(without) == {}
    assert without["han"] == 1
    assert without["points"] == 1000


def test_red_fives_count_in_melds() -> None:
    # Red fives (INTERCHANGE `0m 0p 0s`, tenhou plays three) are one dora each wherever they
    # are. 234m 567p 22s + chi 3s4s red-5s and chi 678s from East, ron on 5p: kuitan 1 +
    # aka 1 = 2 han, open 30 fu: 4 * 480 = 1920 -> 2000.
    result = run("234m567p22s", "5p", "chi:340s@E", "chi:678s@E")
    assert dora_of(result) == {"aka_dora": 1}
    assert result["points"] == 2000
    # A pon with the red 5p: 234m 22s 678s + pon 5p 5p red-5p (from West) + chi 345s,
    # ron on 2m (34m): tanyao 1 + aka 1, fu 20 + 2 (open simple pon) = 22 -> 30: 2000.
    pon = run("234m22678s", "2m", "pon:055p@W", "chi:345s@E")
    assert dora_of(pon) == {"aka_dora": 1}
    assert pon["points"] == 2000


# --- exclusions ----------------------------------------------------------------------------


def test_ryanpeikou_beats_chiitoitsu_and_replaces_iipeikou() -> None:
    # The yaku encyclopedia: "The hand of ryanpeikou does not count seven pairs." 234m 234m 567p 567p 99s,
    # ron on 2m (34m two-sided): ryanpeikou 3 + pinfu 1; no chiitoitsu, no iipeikou.
    result = run("223344m556677p99s", "2m")
    yaku = yaku_of(result)
    assert yaku == {"ryanpeikou": 3, "pinfu": 1}


def test_chiitoitsu_never_has_iipeikou() -> None:
    # The yaku encyclopedia: seven pairs "does not count iipeikou which has three pairs". 11 22 33 m 44 99 p
    # East Chun pairs, ron on 7z: the 112233m part reads as runs only inside a seven-pairs hand.
    result = run("112233m4499p1177z", "7z")
    assert yaku_of(result) == {"chiitoitsu": 2}


def test_seven_pairs_must_be_different() -> None:
    # The yaku encyclopedia: "if a hand contains four red dragons, they may not be split into two pairs".
    # 1111m 22p 33p 44s 55s 66s has no other reading: not a winning hand.
    result = score_case(case("1111m2233p445566s", "6s"))
    assert result["ok"] is False
    assert result["error"]["code"] == "not_winning"


def test_chinitsu_replaces_honitsu() -> None:
    # 111p 234p 567p 888p 99p, ron on 2p: chinitsu 6, no honitsu (the WRC Riichi Rules 2015's example).
    assert "honitsu" not in yaku_of(run("11123456788899p", "2p"))


def test_junchan_replaces_chanta() -> None:
    # 123m 789m 999s 11p + chi 789p (from East), ron on 1m (23m): junchan (open 2), no chanta.
    result = run("123789m11p999s", "1m", "chi:789p@E")
    assert yaku_of(result) == {"junchan": 2}


def test_honroutou_never_with_chanta() -> None:
    # The yaku encyclopedia: honroutou is "all triplets and quads, or seven pairs"; it has no run, so never
    # chanta. 111m 999p 111s East triplet + Chun pair, with 111s called (pon from West); ron on
    # 9p (shanpon): toitoi 2 + honroutou 2 + round wind 1 = 5 han, mangan 8000.
    result = run("111m999p11177z", "9p", "pon:111s@W")
    assert yaku_of(result) == {"toitoi": 2, "honroutou": 2, "round_wind": 1}
    assert result["points"] == 8000


# --- switches described by the yaku encyclopedia --------------------------------------------------------


def test_pinfu_tsumo_nashi_value() -> None:
    # The yaku encyclopedia: under "pinfu-tsumo nashi" "no-points hand is not counted and the hand has one
    # han with 22 fu (rounded up to 30 fu)": 1 han 30 fu tsumo, 300 / 500.
    result = run(PINFU, "3s", rules={"preset": "tenhou", "pinfu_tsumo": False}, tsumo=True)
    assert yaku_of(result) == {"menzen_tsumo": 1}
    assert result["fu"] == 30


def test_double_riichi_is_two_han_in_total() -> None:
    # The yaku encyclopedia (and the EMA 2008 rules): double riichi "for two han instead of one". Pinfu ron with double
    # riichi: 3 han 30 fu = 3900 (checklist item 15: the listing may differ, the total not).
    result = run(PINFU, "3s", double_riichi=True)
    assert result["han"] == 3
    assert result["points"] == 3900


def test_open_riichi_adds_one_han() -> None:
    # The yaku encyclopedia: revealed ready hand "1 + ready hands": riichi + open riichi + pinfu = 3 han.
    # The discarder was in riichi ("had no choice"), so the hand pays normally: 3900.
    result = run(PINFU, "3s", rules="full", open_riichi=True, discarder_riichi=True)
    assert result["han"] == 3
    assert result["points"] == 3900


def test_dealing_into_open_riichi_pays_a_yakuman() -> None:
    # The yaku encyclopedia: "Yakuman is awarded to winning it on a discard unless the discarder already
    # declared ready and had no choice of discarding": non-dealer ron 32000.
    result = run(PINFU, "3s", rules="full", open_riichi=True, discarder_riichi=False)
    assert result["points"] == 32000


def test_nagashi_mangan_paid_as_a_mangan_tsumo() -> None:
    # The yaku encyclopedia: "In most cases the value is considered mangan. As for the payment, the hand is
    # regarded as a winning by self-drawn": non-dealer 4000 from the dealer, 2000 from others;
    # dealer 4000 from each.
    nd = score_case({"nagashi_mangan": True, "seat_wind": "S", "rules": "tenhou"})
    assert nd["ok"], nd
    assert nd["payments"] == {"E": 4000, "W": 2000, "N": 2000}
    assert nd["points"] == 8000
    dealer = score_case({"nagashi_mangan": True, "seat_wind": "E", "rules": "tenhou"})
    assert dealer["payments"] == {"S": 4000, "W": 4000, "N": 4000}


# --- yakuman of the yaku encyclopedia -------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "multiplier"), [("tenhou", 1), ("full", 2), ("mahjongsoul", 2)])
def test_kokushi_thirteen_sided(rules: str, multiplier: int) -> None:
    # The yaku encyclopedia: "If the winning tile was for your pair (namely a thirteen way wait), it is
    # worth two yakuman". The 13 kinds once each, won on 1m which pairs the 1m.
    result = run("119m19p19s1234567z", "1m", rules=rules)
    assert {y["name"]: y["multiplier"] for y in result["yakuman"]} == {"kokushi_13": multiplier}
    assert result["points"] == 32000 * multiplier


@pytest.mark.parametrize(("rules", "multiplier"), [("tenhou", 1), ("full", 2)])
def test_junsei_chuuren(rules: str, multiplier: int) -> None:
    # The yaku encyclopedia: "Worth two yakuman if the hand was waiting on nine different tiles ... if it had
    # 1-1-1-2-3-4-5-6-7-8-9-9-9": 1112345678999m won on 5m.
    result = run("11123455678999m", "5m", rules=rules)
    assert {y["name"]: y["multiplier"] for y in result["yakuman"]} == {"junsei_chuuren": multiplier}
    assert result["points"] == 32000 * multiplier


def test_suuankou_shanpon_ron_is_not_suuankou() -> None:
    # The yaku encyclopedia: "If the hand has two pairs left when the hand is ready, then it can only qualify
    # as a yakuman hand if the tile is drawn off the wall." 111m 222p 333s 777s 99s by ron on 7s:
    # toitoi 2 + sanankou 2 = 4 han; fu 20 + 10 + 8 + 4 + 4 + 2 (777s by ron: open) = 48 -> 50:
    # base 3200 -> mangan 8000.
    result = run("111m222p33377799s", "7s")
    assert result["yakuman"] == []
    assert yaku_of(result) == {"toitoi": 2, "sanankou": 2}
    assert result["points"] == 8000
    tsumo = run("111m222p33377799s", "7s", tsumo=True)
    assert {y["name"] for y in tsumo["yakuman"]} == {"suuankou"}


@pytest.mark.parametrize(("rules", "names", "points"), [
    ("full", {"daichisei"}, 64000),  # "Big seven stars ... Double limit"
    ("tenhou", {"tsuuiisou"}, 32000),  # without daichisei: all honours (checklist item 52)
])
def test_daichisei(rules: str, names: set[str], points: int) -> None:
    result = run("11223344556677z", "7z", rules=rules)
    assert {y["name"] for y in result["yakuman"]} == names
    assert result["points"] == points


def test_daisharin_in_every_suit_under_full() -> None:
    # The yaku encyclopedia: daisharin "is often recognized only if it is made by a suit of pinzu", the sou and man
    # forms being daichikurin and daisuurin; full plays every local yaku (the interchange contract:
    # "every local yaku ... on"; the rule-set survey §1i, checklist item 57), so all three are yakuman there:
    # a non-dealer's ron on a yakuman pays 32000.
    for hand, win, name in (("22334455667788p", "2p", "daisharin"), ("22334455667788s", "2s", "daichikurin"),
                            ("22334455667788m", "2m", "daisuurin")):
        result = run(hand, win, rules="full")
        assert {y["name"] for y in result["yakuman"]} == {name}
        assert result["points"] == 32000


def test_daisharin_without_the_yakuman() -> None:
    # The yaku encyclopedia: "Some rules do not apply yakuman to the hand, in which case it has 11 han
    # (chin'itsu, ryanpeikō, tan'yao, and pinfu)". Tenhou, ron on 2p: read 234 234 55 678 678,
    # 2p on the two-sided 34p: 6 + 3 + 1 + 1 = 11 han, sanbaiman 24000. The sou version under
    # WRC (no local yaku) is the same.
    for hand, win, rules in (("22334455667788p", "2p", "tenhou"), ("22334455667788s", "2s", "wrc")):
        result = run(hand, win, rules=rules)
        assert result["yakuman"] == []
        assert yaku_of(result) == {"chinitsu": 6, "ryanpeikou": 3, "tanyao": 1, "pinfu": 1}
        assert result["points"] == 24000


def test_sanrenkou_local_yaku() -> None:
    # The yaku encyclopedia: "Three chained triplets ... three number triplets or quads in one suit with
    # successive numbers ... 2 ... Closed/Open ... often optional". 222m and 333m called (pon
    # from West and North), 444m 678p 99s concealed, ron on 9s (tanki). Full: sanrenkou 2;
    # fu 20 + 2 + 2 + 4 + 2 (tanki) = 30; 2 han 30 fu: 2000. Tenhou has no such yaku: no_yaku.
    result = run("444m678p99s", "9s", "pon:222m@W", "pon:333m@N", rules="full")
    assert yaku_of(result) == {"sanrenkou": 2}
    assert result["points"] == 2000
    without = score_case(case("444m678p99s", "9s", "pon:222m@W", "pon:333m@N"))
    assert without["error"]["code"] == "no_yaku"


def test_suurenkou_local_yakuman() -> None:
    # The yaku encyclopedia: "Four chained triplets ... Limit ... Closed/Open". 222m 333m 444m called, 555m
    # and 99s concealed, ron on 9s: 32000 under full.
    result = run("555m99s", "9s", "pon:222m@W", "pon:333m@N", "pon:444m@W", rules="full")
    assert {y["name"] for y in result["yakuman"]} == {"suurenkou"}
    assert result["points"] == 32000


def test_paarenchan() -> None:
    # The yaku encyclopedia: "A player wins eight times consecutively ... Limit ... Dealer only". Full rules;
    # the dealer's pinfu ron on the eighth straight win: one yakuman, 48000 from the discarder.
    result = run(PINFU, "3s", rules="full", seat_wind="E", paarenchan=True)
    assert {y["name"] for y in result["yakuman"]} == {"paarenchan"}
    assert result["points"] == 48000


def test_renhou_yakuman_under_full() -> None:
    # The yaku encyclopedia: hand of man "automatically becomes a yakuman hand"; full plays it so.
    result = run(PINFU, "3s", rules="full", renhou=True, discarder="E")
    assert {y["name"] for y in result["yakuman"]} == {"renhou"}
    assert result["points"] == 32000


# --- kuisagari, luck yaku, reading choice ----------------------------------------------------


def test_kuisagari_yaku_lose_one_han_when_open() -> None:
    # The yaku encyclopedia: sanshoku, ittsu, chanta "2 Closed, 1 Open". Each hand is open with no fu:
    # 20 -> 30 fu (ittsu's hand has a closed Chun triplet: 20 + 8 = 28 -> 30).
    # Sanshoku: 123m 123p + chi 123s (from East) + pon 555p + Chun pair, ron on 1m: 1 han, 1000.
    sanshoku = run("123m123p77z", "1m", "chi:123s@E", "pon:555p@W")
    assert yaku_of(sanshoku) == {"sanshoku": 1}
    assert sanshoku["points"] == 1000
    # Ittsu: 123m 456m + chi 789m + 99p + Chun triplet, ron on 1m: ittsu 1 + chun 1 = 2 han
    # 30 fu: 4 * 480 = 1920 -> 2000.
    ittsu = run("123456m99p777z", "1m", "chi:789m@E")
    assert yaku_of(ittsu) == {"ittsu": 1, "chun": 1}
    assert ittsu["points"] == 2000
    # Chanta: 123m 999p East pair 789s + chi 123p, ron on 1m: 1 han; fu 20 + 8 (concealed
    # 999p) + 2 (East pair = round wind) = 30: 1000.
    chanta = run("123m999p11z789s", "1m", "chi:123p@E")
    assert yaku_of(chanta) == {"chanta": 1}
    assert chanta["fu"] == 30
    assert chanta["points"] == 1000


def test_haitei_and_houtei() -> None:
    # The yaku encyclopedia: haitei "If the last self-drawn tile ... completes that player's hand" and houtei
    # on the last discard, 1 han each. Pinfu hand: haitei + menzen tsumo + pinfu = 3 han 20 fu
    # (700 / 1300); houtei + pinfu = 2 han 30 fu (2000).
    haitei = run(PINFU, "3s", tsumo=True, haitei=True)
    assert yaku_of(haitei) == {"haitei": 1, "menzen_tsumo": 1, "pinfu": 1}
    assert haitei["payments"] == {"E": 1300, "W": 700, "N": 700}
    houtei = run(PINFU, "3s", houtei=True)
    assert yaku_of(houtei) == {"houtei": 1, "pinfu": 1}
    assert houtei["points"] == 2000


def test_the_best_wait_reading_is_used() -> None:
    # the rule-set survey §3 fu rule 6: "When a tile can be read as different waits, the highest-scoring
    # reading is used." 123m 345m 678p 789s 99p won on 3m: 3m completes 12m (edge wait, no
    # pinfu, no yaku) or 45m (two-sided): pinfu, 30 fu, 1000.
    result = run("123345m678p99p789s", "3m")
    assert yaku_of(result) == {"pinfu": 1}
    assert result["points"] == 1000


def test_sanankou_takes_the_reading_that_keeps_the_triplet_concealed() -> None:
    # The yaku encyclopedia "Three concealed triplets ... formed without calling on any tiles"; a triplet
    # finished by a discard counts as melded (the yaku encyclopedia's overview). 3333m 45m 111p 999s 77s won
    # by ron on 3m: read 333m + 345m (3m on the two-sided 45m), the 333m stays concealed, so
    # sanankou 2; fu 20 + 10 + 4 + 8 + 8 = 50; 2 han 50 fu: 4 * 800 = 3200.
    result = run("333345m111p77999s", "3m")
    assert yaku_of(result) == {"sanankou": 2}
    assert result["fu"] == 50
    assert result["points"] == 3200
