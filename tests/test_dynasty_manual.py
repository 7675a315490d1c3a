"""The Shanghai: Dynasty manual's rules under the ``dynasty`` preset.

Unless stated the winner is South (non-dealer) in the East round; a ron is dealt
in by West. Values: base = fu * 2^(han+2); non-dealer ron 4 * base, each rounded
up to 100; a yakuman is 32000 for a non-dealer ron (the Multiple yakuman page's table).
"""

from __future__ import annotations

from typing import Any

import pytest

from riichi.formats.interchange import meld_object as meld, score_case
from riichi.rules import resolve_rules

DORA_NAMES = {"dora", "aka_dora", "ura_dora"}


def case(hand: str, win: str, *melds: str, rules: Any = "dynasty", **situation: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"hand": hand, "win": win, "melds": [meld(m) for m in melds], "rules": rules,
                           "seat_wind": "S", "round_wind": "E"}
    out.update(situation)
    if not out.get("tsumo"):
        out.setdefault("discarder", "W")
    return out


def ok(c: dict[str, Any]) -> dict:
    result = score_case(c)
    assert result["ok"], result
    return result


def yaku_of(result: dict) -> dict[str, int]:
    return {y["name"]: y["han"] for y in result["yaku"] if y["name"] not in DORA_NAMES}


def test_quadruple_yakuman_example() -> None:
    # The Shanghai: Dynasty manual: "All Winds & Dragons -- Yakuman, Big Three Dragons -- Yakuman, Waiting for the
    # pair -- Double Yakuman, Total = Quadruple Yakuman". The hand of the Multiple yakuman page's last example:
    # East triplet, Haku Hatsu Chun triplets, ron on the North pair.
    result = ok(case("11144555666777z", "4z"))
    assert {y["name"]: y["multiplier"] for y in result["yakuman"]} == {
        "tsuuiisou": 1, "daisangen": 1, "suuankou_tanki": 2}
    assert result["yakuman_total"] == 4
    assert result["points"] == 4 * 32000


def test_six_yakuman_stay_below_the_cap_of_seven() -> None:
    # "The ultimate score is Yakuman Times Seven." Four concealed wind kans and a Haku pair,
    # ron on the pair: daisuushii (double, the Shanghai: Dynasty manual "Double Yakuman") + tsuuiisou + suukantsu
    # + suuankou tanki (double) = 6, under the cap of 7.
    result = ok(case("55z", "5z", "ankan:1111z", "ankan:2222z", "ankan:3333z", "ankan:4444z"))
    assert {y["name"]: y["multiplier"] for y in result["yakuman"]} == {
        "daisuushii": 2, "tsuuiisou": 1, "suukantsu": 1, "suuankou_tanki": 2}
    assert result["yakuman_total"] == 6
    assert result["points"] == 6 * 32000


def test_seven_is_the_maximum() -> None:
    # The same hand won by the dealer's first self-draw (tenhou) would be 7, "the ultimate
    # score". A concealed kan before the first draw voids tenhou (the WRC Riichi Rules 2015), so a scorer may
    # refuse the case as inconsistent; if it scores it, the total is seven, not more.
    result = score_case(case("55z", "5z", "ankan:1111z", "ankan:2222z", "ankan:3333z", "ankan:4444z",
                             seat_wind="E", tsumo=True, tenhou=True))
    if result["ok"]:
        assert result["yakuman_total"] == 7
        assert result["points"] == 7 * 48000
    else:
        assert result["error"]["code"] == "inconsistent_situation"


def test_the_dynasty_cap_is_seven() -> None:
    # "The ultimate score is Yakuman Times Seven" (checklist item 68: dynasty 7).
    assert resolve_rules("dynasty").scoring.max_yakuman == 7


def test_the_cap_applies_through_max_yakuman() -> None:
    # Lowering the cap shows it is applied: the quadruple hand capped at 3.
    result = ok(case("11144555666777z", "4z", rules={"preset": "dynasty", "max_yakuman": 3}))
    assert result["yakuman_total"] == 3
    assert result["points"] == 3 * 32000


def test_sanshoku_doukou_is_three_han() -> None:
    # The Shanghai: Dynasty manual: "Three Similar Pungs (San shoku dokou) - Exposed - 3 Fan". The WRC Riichi Rules 2015's example
    # with 222m called: West wins by ron on 9p (78p two-sided), South pair is no value for West.
    # Fu 20 + 4 (222s) + 4 (222p) + 2 (open 222m) = 30. 3 han 30 fu: 4 * 960 = 3840 -> 3900.
    result = ok(case("222789p222s22z", "9p", "pon:222m@N", seat_wind="W", discarder="N"))
    assert yaku_of(result) == {"sanshoku_doukou": 3}
    assert result["fu"] == 30
    assert result["points"] == 3900


def test_iisou_suushun_is_five_han() -> None:
    # The Shanghai: Dynasty manual: "Four Identical Chows (Yonjun, Iisou suu shun) - Exposed - 5 Fan ... (hand does
    # not earn an extra yaku for kongs)". 123m called (chi from East, South's left) plus
    # 111222333m and a 44p pair, ron on 4p (tanki). Read as runs: four 123m = iisou suushun 5.
    # (Read as 111 222 333: sanrenkou 2 + sanankou 2 = 4, less.) 5 han: mangan 8000.
    result = ok(case("111222333m44p", "4p", "chi:123m@E"))
    assert yaku_of(result) == {"iisou_suushun": 5}
    assert result["yakuman"] == []
    assert result["points"] == 8000


def test_sanrenkou_or_iisou_sanjun_never_both() -> None:
    # The Shanghai: Dynasty manual: sanrenkou and iisou sanjun are "effectively the same ... player is scored only
    # for the one yaku, not both". 111222333m concealed, 456p called (chi from East), 99s pair,
    # ron on 9s (tanki): as triplets sanrenkou 2 + sanankou 2 = 4 han; as runs iisou sanjun 2
    # (iipeikou needs a closed hand). Fu of the triplet reading: 20 + 8 (111m) + 4 + 4 + 2 tanki
    # = 38 -> 40; 4 han 40 fu: base 2560 -> mangan 8000.
    result = ok(case("111222333m99s", "9s", "chi:456p@E"))
    yaku = yaku_of(result)
    assert not ("sanrenkou" in yaku and "iisou_sanjun" in yaku)
    assert yaku == {"sanrenkou": 2, "sanankou": 2}
    assert result["points"] == 8000


def test_a_called_run_makes_it_iisou_sanjun() -> None:
    # The Shanghai: Dynasty manual: "if one of the Chows is melded, then obviously the hand cannot be regarded as
    # Sequential Pungs". 123m called (chi from East) + 112233m + 456p + 99s, ron on 6p (45p
    # two-sided): iisou sanjun 2 only; open, no fu: 20 -> 30. 2 han 30 fu: 1920 -> 2000.
    result = ok(case("112233m456p99s", "6p", "chi:123m@E"))
    assert yaku_of(result) == {"iisou_sanjun": 2}
    assert result["points"] == 2000


@pytest.mark.parametrize("suit", ["p", "s", "m"])
def test_daisharin_in_any_suit(suit: str) -> None:
    # The Shanghai: Dynasty manual: "Pure Sequential Simple Pairs (Dai sharin) - Concealed - Yakuman. Pairs of twos
    # through eights in one suit." Any suit in this game; ron on the 2 (a yakuman: 32000).
    result = ok(case(f"22334455667788{suit}", f"2{suit}"))
    names = {y["name"] for y in result["yakuman"]}
    assert len(names) == 1
    assert names <= {"daisharin", "daichikurin", "daisuurin"}
    assert result["yakuman_total"] == 1
    assert result["points"] == 32000


def test_no_ordinary_chankan() -> None:
    # The Shanghai: Dynasty manual: kokushi "is the only hand with which Robbing the Kong is allowed". An ordinary
    # hand flagged chankan is either refused or scored without chankan.
    result = score_case(case("45667899s345p678m", "6m", chankan=True))
    if result["ok"]:
        assert "chankan" not in yaku_of(result)
    else:
        assert result["error"]["code"] == "inconsistent_situation"


def test_kokushi_may_rob_a_kan() -> None:
    # "Any tile may be taken by Robbing the Kong (not only the duplicate)": the WRC Riichi Rules 2015's kokushi
    # hand won on 1m robbed from West's kan.
    result = ok(case("19m19p119s1234567z", "1m", chankan=True))
    assert {y["name"] for y in result["yakuman"]} == {"kokushi"}
    assert result["points"] == 32000


def test_rinshan_after_an_open_kan_is_paid_by_the_kan_tile_discarder() -> None:
    # The Shanghai: Dynasty manual: "In the case of a thrown tile resulting in a Kong which leads to a Rinchan
    # Kaihou, the thrower of the Kong tile ... pays for all." South has 111s 345s 678s 99s and
    # called 2222s from West's discard, then wins on the replacement tile 6s. Open chinitsu 5
    # + rinshan 1 = 6 han: haneman, 12000 in all (3000 + 3000 + 6000 on an ordinary tsumo),
    # paid here by West alone.
    result = ok(case("111345678s99s", "6s", "minkan:2222s@W", tsumo=True, rinshan=True))
    assert yaku_of(result) == {"chinitsu": 5, "rinshan": 1}
    assert {s: a for s, a in result["payments"].items() if a} == {"W": 12000}
    assert result["deltas"] == {"E": 0, "S": 12000, "W": -12000, "N": 0}


def test_rinshan_after_an_added_kan_is_an_ordinary_tsumo() -> None:
    # The liability is for "a thrown tile resulting in a Kong": a pon upgraded from one's own
    # draw (shouminkan) was not thrown into a kan, so everyone pays a normal tsumo:
    # haneman 6000 from the dealer, 3000 from each other player.
    result = ok(case("111345678s99s", "6s", "shouminkan:2222s@W", tsumo=True, rinshan=True))
    assert {s: a for s, a in result["payments"].items() if a} == {"E": 6000, "W": 3000, "N": 3000}


def test_no_rinshan_liability_under_wrc() -> None:
    # the rule-set survey §1f: WRC has no liability for a rinshan win after a daiminkan (2014 errata).
    result = ok(case("111345678s99s", "6s", "minkan:2222s@W", rules="wrc", tsumo=True, rinshan=True))
    assert {s: a for s, a in result["payments"].items() if a} == {"E": 6000, "W": 3000, "N": 3000}


def test_pinfu_tsumo_is_twenty_fu() -> None:
    # The Shanghai: Dynasty manual on pinfu: "If Pinfu is self-picked, the player gets the extra fan ... for Tsumo
    # On Concealed Hand but does NOT get the extra 2 points for self-pick." The WRC Riichi Rules 2015's pinfu
    # hand by tsumo on 6m: pinfu 1 + menzen tsumo 1, 20 fu: base 320, 700 / 400 / 400.
    result = ok(case("45667899s345p678m", "6m", tsumo=True))
    assert yaku_of(result) == {"pinfu": 1, "menzen_tsumo": 1}
    assert result["fu"] == 20
    assert result["payments"] == {"E": 700, "W": 400, "N": 400}
