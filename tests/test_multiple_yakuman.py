"""The Multiple yakuman page (riichi.wiki, 2015): the four example hands under the three treatments.

The seed writes hands in the wiki's "machi" notation: ``pattern`` is the
concealed part (winning tile not included), ``tilewaits`` the winning tile,
``tiles called`` the melds, and ``wait status`` says ``Agari`` (we read: won
on a discard, ron) or ``Tsumo``. In ``tiles called``, ``0`` is a face-down
tile and ``'`` turns the tile before it sideways (the called tile):

* ``02203'33z`` = ``0220`` (face-down, South, South, face-down: a concealed
  kan of South) + ``3'33`` (a pon of West, one tile turned: called).
* ``03305'55z`` = a concealed kan of West + a pon of Haku.

The Multiple yakuman page's values: single cap 1/1/1/1, cumulative 1/2/2/3, full 2/2/2/4.
Payment (the Multiple yakuman page's table): one yakuman is 32000 from the discarder for a
non-dealer ron, 16000 from the dealer and 8000 from each other player for a
non-dealer tsumo; "point values are ... multiplied by the applied number of
yakuman in the hand". The winner here is South in the East round; West deals in.
"""

from __future__ import annotations

from typing import Any

import pytest

from riichi.formats.interchange import score_case

HANDS: dict[str, dict[str, Any]] = {
    # pattern 1p111444z, called 02203'33z, wait 1p, Agari: East and North triplets, South
    # concealed kan, West pon, 1p pair (tanki). Daisuushii (double in full scoring).
    "daisuushii": {"hand": "11p111444z", "win": "1p",
                   "melds": [{"type": "ankan", "tiles": "2222z"}, {"type": "pon", "tiles": "333z", "from": "N"}]},
    # pattern 1112444z, called 03305'55z, wait 2z, Agari: East, West (kan), North sets, South
    # pair: shousuushii; all honours: tsuuiisou.
    "shousuushii_tsuuiisou": {"hand": "11122444z", "win": "2z",
                              "melds": [{"type": "ankan", "tiles": "3333z"},
                                        {"type": "pon", "tiles": "555z", "from": "N"}]},
    # pattern 111m44s55566677z, wait 7z, Tsumo: four concealed triplets won by self-draw on a
    # shanpon (suuankou, not the tanki form) and all three dragons (daisangen).
    "suuankou_daisangen": {"hand": "111m44s555666777z", "win": "7z", "tsumo": True},
    # pattern 1114555666777z, wait 4z, Agari: four concealed triplets waiting on the North
    # pair (suuankou tanki, double in full scoring) + daisangen + tsuuiisou.
    "suuankou_tanki_daisangen_tsuuiisou": {"hand": "11144555666777z", "win": "4z"},
}

YAKUMAN = {
    "daisuushii": {"daisuushii"},
    "shousuushii_tsuuiisou": {"shousuushii", "tsuuiisou"},
    "suuankou_daisangen": {"suuankou", "daisangen"},
    "suuankou_tanki_daisangen_tsuuiisou": {"suuankou_tanki", "daisangen", "tsuuiisou"},
}

# The page's "Example value differences based on applied rules".
TOTALS = {
    "daisuushii": {"single": 1, "cumulative": 1, "full": 2},
    "shousuushii_tsuuiisou": {"single": 1, "cumulative": 2, "full": 2},
    "suuankou_daisangen": {"single": 1, "cumulative": 2, "full": 2},
    "suuankou_tanki_daisangen_tsuuiisou": {"single": 1, "cumulative": 3, "full": 4},
}


def run(name: str, rules: Any, **extra: Any) -> dict:
    case = {"seat_wind": "S", "round_wind": "E", **HANDS[name], "rules": rules, **extra}
    if not case.get("tsumo"):
        case.setdefault("discarder", "W")
    result = score_case(case)
    assert result["ok"], result
    return result


CELLS = [(name, treatment) for name in HANDS for treatment in ("single", "cumulative", "full")]


@pytest.mark.parametrize(("name", "treatment"), CELLS)
def test_treatment_total_and_points(name: str, treatment: str) -> None:
    result = run(name, {"preset": "tenhou", "multiple_yakuman": treatment})
    total = TOTALS[name][treatment]
    assert {y["name"] for y in result["yakuman"]} == YAKUMAN[name]
    assert result["yakuman_total"] == total
    assert result["limit"] == "yakuman"
    # Yakuman ignore han and fu (the Multiple yakuman page: "han from normal yaku and dora are not counted").
    assert result["han"] == 0
    assert result["fu"] == 0
    assert result["points"] == 32000 * total
    payments = {seat: amount for seat, amount in result["payments"].items() if amount}
    if HANDS[name].get("tsumo"):
        assert payments == {"E": 16000 * total, "W": 8000 * total, "N": 8000 * total}
    else:
        assert payments == {"W": 32000 * total}


@pytest.mark.parametrize("name", list(HANDS))
def test_multipliers_listed_under_full(name: str) -> None:
    # Full scoring: daisuushii and suuankou tanki are "worth double" on their own; the others 1.
    result = run(name, {"preset": "tenhou", "multiple_yakuman": "full"})
    doubles = {"daisuushii", "suuankou_tanki"}
    assert {y["name"]: y["multiplier"] for y in result["yakuman"]} == {
        n: (2 if n in doubles else 1) for n in YAKUMAN[name]}


def test_dealer_values_scale_too() -> None:
    # The Multiple yakuman page's table for the dealer: 48000 ron, 16000 from all on tsumo, times the multiple.
    # The triple hand under cumulative rules won by the dealer by ron: 3 x 48000.
    result = run("suuankou_tanki_daisangen_tsuuiisou", {"preset": "tenhou", "multiple_yakuman": "cumulative"},
                 seat_wind="E", discarder="W")
    assert result["points"] == 3 * 48000
    # The double hand (suuankou + daisangen) won by the dealer by tsumo: 2 x 16000 from each.
    result = run("suuankou_daisangen", {"preset": "tenhou", "multiple_yakuman": "cumulative"}, seat_wind="E")
    assert {s: a for s, a in result["payments"].items() if a} == {"S": 32000, "W": 32000, "N": 32000}


@pytest.mark.parametrize(("preset", "treatment"), [("wrc", "single"), ("tenhou", "cumulative"),
                                                   ("mahjongsoul", "full")])
def test_presets_use_the_treatment_of_the_checklist(preset: str, treatment: str) -> None:
    # checklist item 67: single wrc/ema, cumulative tenhou, full mahjongsoul.
    result = run("suuankou_tanki_daisangen_tsuuiisou", preset)
    assert result["yakuman_total"] == TOTALS["suuankou_tanki_daisangen_tsuuiisou"][treatment]


def test_kazoe_never_adds_to_a_real_yakuman() -> None:
    # "If ... the hand would also be a kazoe yakuman, no extra yakuman is added". Counted as
    # an ordinary hand the daisuushii example has toitoi 2 + sanankou 2 (East, North, the South
    # kan) + honroutou 2 + seat wind 1 + round wind 1 = 8 han; indicators 9p 9p (-> the 1p
    # pair, 2 x 2) and 1z (-> the South kan, 4) add 8 dora: 16 han >= 13. Still one yakuman.
    result = run("daisuushii", {"preset": "tenhou", "multiple_yakuman": "cumulative"}, dora="9p9p1z")
    assert result["yakuman_total"] == 1
    assert result["points"] == 32000


def test_dora_do_not_add_to_a_yakuman_hand() -> None:
    # The Multiple yakuman page: "han from normal yaku and dora are not counted" for regular yakuman.
    plain = run("shousuushii_tsuuiisou", {"preset": "tenhou", "multiple_yakuman": "cumulative"})
    with_dora = run("shousuushii_tsuuiisou", {"preset": "tenhou", "multiple_yakuman": "cumulative"}, dora="1z")
    assert with_dora["points"] == plain["points"] == 64000
