"""The batch writes each result as one line of strict JSON text: the result object, nothing else.

``riichi score --jsonl`` writes ``score_line_json(line)``; docs/interchange.md fixes the result object and
RFC 8259 the text: no NaN or Infinity, valid UTF-8, one line. These tests read every written line
back with the standard reader told to refuse NaN and Infinity, and compare it with the result
object ``score_line`` gives, on every real Tenhou win, on generated wins of every kind, on liability
and nagashi results, on errors, and on ids of any JSON value.
"""

from __future__ import annotations

import json
from typing import Any, NoReturn

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.generate import win_cases
from riichi.formats.interchange import score_line, score_line_json
from tests.conftest import TENHOU_WINS

_TENHOU = TENHOU_WINS


def _no_constant(name: str) -> NoReturn:
    raise AssertionError(f"{name} written: not RFC 8259 JSON")


def same_text(line: str) -> str:
    text = score_line_json(line)
    text.encode("utf-8")  # valid UTF-8: no lone surrogate
    assert "\n" not in text
    assert json.loads(text, parse_constant=_no_constant) == score_line(line)
    return text


def test_every_tenhou_win_is_written_as_its_result_object() -> None:
    if not _TENHOU.exists():
        pytest.skip("the shared Tenhou dev set is not beside the repository")
    lines = [json.dumps(json.loads(row)["case"]) for row in _TENHOU.read_text().splitlines()]
    assert len(lines) == 1536
    for line in lines:
        assert json.loads(same_text(line))["ok"]


def test_generated_wins_are_written_as_their_result_objects() -> None:
    # Closed and open hands, every kind of kan, seven pairs, thirteen orphans, red fives, ura dora,
    # honba and sticks, tsumo and ron (benchmarks/generate.py).
    for case in win_cases(seed=3, n=1500):
        same_text(json.dumps(case))


@pytest.mark.parametrize("case", [
    # Tenhou: the feeder of the third dragon set pays the whole tsumo and the honba (pao): "liable": "W".
    {"hand": "234m99p", "win": "4m", "tsumo": True, "seat_wind": "S", "honba": 2, "riichi_sticks": 1,
     "melds": [{"type": "pon", "tiles": "555z", "from": "W"}, {"type": "pon", "tiles": "666z", "from": "N"},
               {"type": "pon", "tiles": "777z", "from": "W"}]},
    # Nagashi mangan has its own result object, no hand.
    {"nagashi_mangan": True, "seat_wind": "S"},
    # A ron with no discarder given: no deltas.
    {"hand": "234m456p678s44433z", "win": "3z", "seat_wind": "S", "riichi": True},
    # A yakuman (daisangen, closed) with a multiple listed.
    {"hand": "555666777z123m99p", "win": "9p", "tsumo": True, "rules": "mahjongsoul"},
])
def test_special_results_are_written_as_their_objects(case: dict[str, Any]) -> None:
    text = same_text(json.dumps({"id": "special", **case}))
    assert json.loads(text)["ok"]


def test_liable_seat_is_written() -> None:
    case = {"hand": "234m99p", "win": "4m", "tsumo": True, "seat_wind": "S",
            "melds": [{"type": "pon", "tiles": "555z", "from": "W"}, {"type": "pon", "tiles": "666z", "from": "N"},
                      {"type": "pon", "tiles": "777z", "from": "W"}]}
    assert json.loads(same_text(json.dumps(case)))["liable"] == "W"


@pytest.mark.parametrize("line", [
    "", "   \n", "{", "[1, 2]", '"hand"', '{"hand": "123m4x", "win": "1m"}', '{"hand": "123m", "win": "1m"}',
    '{"id": 3, "hand": "234m456p678s44433z", "win": "3z", "rules": "nosuch"}',
])
def test_errors_are_written_as_their_objects(line: str) -> None:
    assert not json.loads(same_text(line))["ok"]


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(case_id=_JSON_VALUES)
def test_any_id_is_written_as_the_encoder_writes_it(case_id: object) -> None:
    # The id is echoed whatever JSON value it is: quotes, backslashes, control characters and
    # non-ASCII text in strings, big integers, floats, nested values.
    line = json.dumps({"id": case_id, "hand": "234m456p678s44433z", "win": "3z", "tsumo": True, "seat_wind": "S"})
    assert json.loads(same_text(line))["id"] == case_id


@pytest.mark.parametrize("case", [
    {"hand": "234m456p678s44433z", "win": "3z", "tsumo": True, "seat_wind": "S", "dora": "1m", "honba": 2},
    {"hand": "234m456p678s44433z", "win": "3z", "discarder": "W", "round_wind": "S", "double_riichi": True,
     "ippatsu": True, "ura": "5s7z", "riichi_sticks": 3, "discarder_riichi": True},
    {"hand": "234m456p678s44433z", "win": "3z", "tsumo": True, "open_riichi": True, "haitei": True,
     "tenhou": False, "renhou": None},
])
def test_case_fields_land_in_their_context_fields(case: dict[str, Any]) -> None:
    # The reader's context is the one the keyword constructor builds from the same values
    # (double and open riichi imply riichi).
    from riichi.formats.interchange import case_to_hand
    from riichi.scoring.context import SITUATION_FLAGS, WinContext

    _, ctx = case_to_hand(case)
    flags = {k: bool(v) for k, v in case.items() if k in SITUATION_FLAGS and isinstance(v, bool | None)}
    flags["riichi"] = bool(case.get("riichi") or case.get("double_riichi") or case.get("open_riichi"))
    expected = WinContext.parse_kwargs(win=case["win"], dora=case.get("dora", ""), ura=case.get("ura", ""),
                                       seat_wind=case.get("seat_wind", "E"), round_wind=case.get("round_wind", "E"),
                                       discarder=case.get("discarder"), honba=case.get("honba", 0),
                                       riichi_sticks=case.get("riichi_sticks", 0), **flags)
    assert ctx == expected
