"""Properties of scoring random hands through the interchange format (``tenhou`` rules).

Random complete hands never crash and are scored (or refused only for lacking a
yaku); their numbers agree with each other and with the standard formula of
the rule-set survey §3 (recomputed here from the result's han, fu and yakuman total);
payments add up to the value plus honba; every seat's change sums to the sticks
collected. Random non-hands are refused as ``not_winning``.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from riichi.formats.interchange import score_case
from riichi.notation import format_tiles, parse_tiles
from riichi.tiles import Tile
from tests.property.strategies import closed_fourteen, complete_cases, is_complete

ERROR_CODES = {"invalid_case", "invalid_notation", "impossible_tiles", "wrong_tile_count", "not_winning",
               "no_yaku", "inconsistent_situation", "unknown_rules"}
LIMITS = {None, "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman"}
SLOW = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def up100(x: int) -> int:
    return -(-x // 100) * 100


def expected_base(result: dict[str, Any]) -> tuple[int, str | None]:
    """Tenhou: no kiriage, 13+ han is one yakuman (the rule-set survey §3 'Basic points')."""
    han, fu = result["han"], result["fu"]
    if result["yakuman"]:
        return 8000 * result["yakuman_total"], "yakuman"
    if han >= 13:
        return 8000, "kazoe_yakuman"
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han == 5:
        return 2000, "mangan"
    base = fu * 2 ** (han + 2)
    return (2000, "mangan") if base >= 2000 else (base, None)


@SLOW
@given(complete_cases())
def test_complete_hands_score_consistently(case: dict[str, Any]) -> None:
    result = score_case(case)
    note = json.dumps(case)
    if not result["ok"]:
        assert result["error"]["code"] == "no_yaku", (note, result)
        return
    assert result["limit"] in LIMITS
    dealer = case["seat_wind"] == "E"
    tsumo = case["tsumo"]
    honba, sticks = case["honba"], case["riichi_sticks"]

    # han, fu and the yaku list agree
    if result["yakuman"]:
        assert (result["han"], result["fu"]) == (0, 0), note
        assert result["yakuman_total"] >= 1
    else:
        assert result["han"] == sum(y["han"] for y in result["yaku"]), note
        assert all(y["han"] > 0 for y in result["yaku"])
        assert any(y["name"] not in {"dora", "aka_dora", "ura_dora"} for y in result["yaku"]), note
        assert result["yakuman_total"] == (1 if result["han"] >= 13 else 0), note
        if result["fu"] != 25:
            raw = sum(item["fu"] for item in result["fu_details"])
            assert result["fu"] == -(-raw // 10) * 10, (note, result["fu_details"])
            assert result["fu"] >= 20
        if not case.get("riichi"):
            assert all(y["name"] != "ura_dora" for y in result["yaku"])

    # points from the standard formula
    base, limit = expected_base(result)
    assert result["limit"] == limit, note
    if tsumo:
        points = 3 * up100(2 * base) if dealer else up100(2 * base) + 2 * up100(base)
    else:
        points = up100((6 if dealer else 4) * base)
    assert result["points"] == points, note

    # payments add up to the value plus honba; nobody pays themselves
    payments = result["payments"]
    assert case["seat_wind"] not in payments or payments[case["seat_wind"]] == 0
    assert sum(payments.values()) == points + 300 * honba, note
    if not tsumo:
        liable = result.get("liable")
        assert set(k for k, v in payments.items() if v) <= {case["discarder"], liable}, note

    # deltas: everyone's change, sticks to the winner; they sum to the sticks on the table
    deltas = result["deltas"]
    assert set(deltas) == {"E", "S", "W", "N"}
    assert sum(deltas.values()) == 1000 * sticks, note
    assert deltas[case["seat_wind"]] == points + 300 * honba + 1000 * sticks
    for seat, amount in payments.items():
        if seat != case["seat_wind"]:
            assert deltas[seat] == -amount

    # the decomposition uses exactly the hand's tiles
    kinds = sorted(t.kind for t in parse_tiles(case["hand"]))
    kinds += [t.kind for m in case["melds"] for t in parse_tiles(m["tiles"])]
    shown = [t.kind for group in result["decomposition"] for t in parse_tiles(group)]
    assert sorted(shown) == sorted(kinds), (note, result["decomposition"])


@SLOW
@given(closed_fourteen(), st.data())
def test_non_hands_are_not_winning(kinds: list[int], data: st.DataObject) -> None:
    assume(not is_complete(kinds))
    win = data.draw(st.sampled_from(kinds))
    case = {"hand": format_tiles([Tile(k) for k in kinds]), "win": str(Tile(win)), "rules": "tenhou",
            "seat_wind": "S", "tsumo": data.draw(st.booleans()), "riichi": True}
    result = score_case(case)
    assert result["ok"] is False
    assert result["error"]["code"] == "not_winning", (case, result)


@SLOW
@given(complete_cases())
def test_complete_closed_hands_with_riichi_always_score(case: dict[str, Any]) -> None:
    # The converse: the same complete hands, every chi and pon taken back into the hand, won by
    # tsumo with riichi, always have a yaku and score; and our own completeness check agrees.
    assume(all("kan" not in m["type"] for m in case["melds"]))
    tiles = list(parse_tiles(case["hand"])) + [t for m in case["melds"] for t in parse_tiles(m["tiles"])]
    assert is_complete([t.kind for t in tiles])
    closed = {"hand": format_tiles(tiles), "win": case["win"], "rules": "tenhou", "seat_wind": case["seat_wind"],
              "tsumo": True, "riichi": True}
    result = score_case(closed)
    assert result["ok"], (closed, result)
    assert {"riichi", "menzen_tsumo"} <= {y["name"] for y in result["yaku"]} or result["yakuman"]


_JSONISH = st.recursive(st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=8)
                        | st.sampled_from(["123m456p11p345789s", "3s", "E", "S", "tenhou", "5555z", "pon", "chi"]),
                        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                     max_size=3),
                        max_leaves=8)
_FIELDS = ["id", "hand", "melds", "win", "tsumo", "discarder", "seat_wind", "round_wind", "riichi", "ippatsu",
           "rinshan", "chankan", "haitei", "houtei", "tenhou", "dora", "ura", "honba", "riichi_sticks", "rules",
           "nagashi_mangan", "double_riichi"]


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(_FIELDS), _JSONISH, max_size=8))
def test_garbage_never_raises(case: dict[str, Any]) -> None:
    result = score_case(case)
    assert result["ok"] in (True, False)
    if not result["ok"]:
        assert result["error"]["code"] in ERROR_CODES, result
    json.dumps(result)
