"""Every error code of the interchange format (docs/interchange.md, "On failure"), and that score_case never raises.

The base case is a valid closed pinfu hand (123m 456p 11p 345s 789s won on 3s by South,
ron from North) so that each test changes exactly one thing.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi.formats.interchange import score_case
from tests.conftest import riichi_command, riichi_env

VALID: dict[str, Any] = {"hand": "123m456p11p345789s", "win": "3s", "seat_wind": "S", "discarder": "N"}


def error(**changes: Any) -> dict[str, Any]:
    case = {**VALID, **changes}
    case = {k: v for k, v in case.items() if v is not _DROP}
    result = score_case(case)
    assert result["ok"] is False, result
    assert set(result["error"]) == {"code", "message"}
    assert isinstance(result["error"]["message"], str)
    assert result["error"]["message"]
    return result["error"]


_DROP = object()


def caret_points_at(message: str, bad: str) -> bool:
    """The message shows a source line and a caret line whose first ^ is under ``bad``."""
    lines = message.split("\n")
    for i, line in enumerate(lines[1:], start=1):
        if "^" in line:
            col = line.index("^")
            source = lines[i - 1]
            return source[col:col + len(bad)] == bad
    return False


def test_the_base_case_is_valid() -> None:
    assert score_case(VALID)["ok"] is True


# --- invalid_case ------------------------------------------------------------------------


@pytest.mark.parametrize("changes", [
    {"hand": 123},  # wrong type
    {"hand": _DROP},  # required field missing
    {"win": _DROP},
    {"win": 3},
    {"win": ["3s"]},  # an unhashable value is a wrong type too, never an internal error
    {"win": {"tile": "3s"}},
    {"dora": [1]},  # a list of indicators holds tile strings
    {"seat_wind": ["S"]},
    {"tsumo": "yes"},
    {"riichi": 1},
    {"seat_wind": "X"},  # unknown seat
    {"round_wind": "east"},
    {"discarder": "Q"},
    {"honba": "2"},
    {"honba": 1.5},
    {"riichi_sticks": -1},
    {"melds": "pon:555z"},  # melds must be a list of objects
    {"melds": [{"type": "kong", "tiles": "1111m"}]},  # unknown meld type
    {"melds": [{"tiles": "111m"}]},  # meld type missing
    {"dora": 5},
    {"rules": 7},
    {"win": "9m"},  # the winning tile is one of the tiles in `hand`
])
def test_invalid_case(changes: dict[str, Any]) -> None:
    assert error(**changes)["code"] == "invalid_case"


def test_a_meld_read_before_is_still_checked_field_by_field() -> None:
    # Melds already read are reused; a later meld with the same type, tiles and seat but a stray
    # field, or a value of another type, must still be refused rather than match the earlier one.
    pon = {"type": "pon", "tiles": "555z", "from": "W"}
    hand = {"hand": "123m456p11p345s", "win": "3s", "seat_wind": "S", "discarder": "N"}
    assert score_case({**hand, "melds": [pon]})["ok"] is True
    for bad in ({**pon, "note": 1}, {**pon, "from": ["W"]}, {**pon, "from": "w"}, ["pon", "555z"]):
        result = score_case({**hand, "melds": [bad]})
        assert result["ok"] is False and result["error"]["code"] == "invalid_case", (bad, result)


def test_not_an_object() -> None:
    for case in (None, [1, 2], "hand", 42):
        result = score_case(case)  # type: ignore[arg-type]
        assert result["ok"] is False
        assert result["error"]["code"] == "invalid_case"


def test_id_is_echoed_on_errors() -> None:
    result = score_case({**VALID, "id": {"n": 7}, "tsumo": "yes"})
    assert result["id"] == {"n": 7}
    assert result["ok"] is False


# --- invalid_notation: the message points at the bad text --------------------------------


@pytest.mark.parametrize(("field", "value", "bad"), [
    ("hand", "123x456p11p345789s", "x"),
    ("hand", "123m456p11p345789", "345789"),  # digits without a suit letter
    ("hand", "123m456p11p3457898z", "8"),  # there is no 8z
    ("dora", "8z", "8"),
    ("ura", "1m2k", "k"),
    ("win", "0z", "0"),
])
def test_invalid_notation_with_caret(field: str, value: str, bad: str) -> None:
    err = error(**{field: value})
    assert err["code"] == "invalid_notation"
    assert value in err["message"]
    assert caret_points_at(err["message"], bad), err["message"]


def test_invalid_meld_notation() -> None:
    # A pon of 123m is not three identical tiles.
    err = error(hand="456p11p345789s", win="3s", melds=[{"type": "pon", "tiles": "123m", "from": "W"}])
    assert err["code"] == "invalid_notation"
    assert "123m" in err["message"]


# --- impossible_tiles --------------------------------------------------------------------


def test_five_copies_in_the_hand_and_an_indicator() -> None:
    # Exactly 14 tiles with four 3s held and a fifth shown as an indicator.
    err = error(hand="123m456p11p333345s", win="3s", dora="3s")
    assert err["code"] == "impossible_tiles"
    assert "3s" in err["message"]


def test_five_copies_across_hand_and_melds() -> None:
    # The 11p pair in the hand plus a pon of 111p: five 1p.
    err = error(hand="123m11p345789s", win="3s", melds=[{"type": "pon", "tiles": "111p", "from": "W"}])
    assert err["code"] == "impossible_tiles"


def test_five_copies_across_melds_and_indicators() -> None:
    # ankan 5555z + indicator 5z = five Haku.
    err = error(hand="123m456p11p789s", win="3m", melds=[{"type": "ankan", "tiles": "5555z"}], dora="5z")
    assert err["code"] == "impossible_tiles"


def test_too_many_red_fives() -> None:
    # `aka` 3 = one red five per suit: two red 5m are impossible.
    err = error(hand="005m456p11p345789s", win="3s", rules={"preset": "tenhou", "aka": 3})
    assert err["code"] == "impossible_tiles"
    # `aka` 0: no red five at all (wrc plays none).
    err = error(hand="123m406p11p345789s", win="3s", rules={"preset": "tenhou", "aka": 0})
    assert err["code"] == "impossible_tiles"
    err = error(hand="123m406p11p345789s", win="3s", rules="wrc")
    assert err["code"] == "impossible_tiles"


def test_red_five_in_a_meld_counts_against_aka() -> None:
    err = error(hand="123m456p11p789s", win="3m", melds=[{"type": "chi", "tiles": "340s", "from": "E"}],
                rules={"preset": "tenhou", "aka": 0})
    assert err["code"] == "impossible_tiles"


# --- wrong_tile_count --------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "melds"), [
    ("123m456p11p34789s", []),  # 13 tiles
    ("123m456p11p3345789s", []),  # 15 tiles
    ("123m456p11p345789s", [{"type": "pon", "tiles": "777z", "from": "W"}]),  # 14 + a set
    ("123m456p11p3s", [{"type": "chi", "tiles": "789s", "from": "E"}]),  # 8 + 3
])
def test_wrong_tile_count(hand: str, melds: list[dict[str, Any]]) -> None:
    assert error(hand=hand, melds=melds)["code"] == "wrong_tile_count"


# --- not_winning, no_yaku ----------------------------------------------------------------


def test_not_winning() -> None:
    assert error(hand="123456789m12345p", win="1p")["code"] == "not_winning"
    # Seven pairs need seven different pairs.
    assert error(hand="1111m2233p445566s", win="6s")["code"] == "not_winning"


def test_no_yaku() -> None:
    # Open hand with a terminal and only runs: no yaku; a dora indicator does not help.
    err = error(hand="123m567p22s", win="1m", melds=[{"type": "chi", "tiles": "345s", "from": "E"},
                                                      {"type": "chi", "tiles": "678s", "from": "E"}],
                dora="1s")
    assert err["code"] == "no_yaku"
    # Closed ron, no riichi, kanchan wait, terminals: 123m 456p 11p 345s 7_9s won on 8s.
    assert error(hand="123m456p11p345789s", win="8s")["code"] == "no_yaku"


# --- inconsistent_situation --------------------------------------------------------------

KAN_HAND = {"hand": "123456p678m33z", "win": "1p", "melds": [{"type": "minkan", "tiles": "7777s", "from": "W"}]}


@pytest.mark.parametrize("changes", [
    pytest.param({"ippatsu": True}, id="ippatsu_without_riichi"),
    pytest.param({"tsumo": True, "discarder": _DROP, "rinshan": True}, id="rinshan_without_kan"),
    pytest.param({"tsumo": True, "discarder": _DROP, "chankan": True}, id="chankan_by_tsumo"),
    pytest.param({"haitei": True}, id="haitei_by_ron"),
    pytest.param({"tsumo": True, "discarder": _DROP, "houtei": True}, id="houtei_by_tsumo"),
    pytest.param({"tsumo": True, "discarder": _DROP, "tenhou": True}, id="tenhou_for_non_dealer"),
    pytest.param({"seat_wind": "E", "tenhou": True}, id="tenhou_by_ron"),
    pytest.param({"seat_wind": "E", "tsumo": True, "discarder": _DROP, "chiihou": True}, id="chiihou_for_dealer"),
    pytest.param({"seat_wind": "E", "discarder": "S", "renhou": True}, id="renhou_for_dealer"),
    pytest.param({"discarder": "S"}, id="winner_deals_in"),
    pytest.param({**KAN_HAND, "double_riichi": True}, id="double_riichi_open_hand"),
    pytest.param({**KAN_HAND, "riichi": True}, id="riichi_open_hand"),
    pytest.param({**KAN_HAND, "tsumo": True, "discarder": _DROP, "rinshan": True, "haitei": True},
                 id="rinshan_and_haitei"),
])
def test_inconsistent_situation(changes: dict[str, Any]) -> None:
    assert error(**changes)["code"] == "inconsistent_situation"


def test_a_situation_the_rules_do_not_pay_is_scored_without_its_yaku() -> None:
    # The flags say what happened; the rule set says what it is worth. JPML plays no ippatsu and no ura
    # dora (the rule-set survey §1a), so a riichi win in the first go-around is riichi + pinfu there:
    # 2 han 30 fu, non-dealer ron 30*2^4*4 = 1920 -> 2000. Tenhou adds ippatsu: 3 han, 3840 -> 3900.
    case = {**VALID, "riichi": True, "ippatsu": True, "ura": "1m"}  # 1m indicates 2m, held once
    jpml = score_case({**case, "rules": "jpml"})
    assert [y["name"] for y in jpml["yaku"]] == ["riichi", "pinfu"]
    assert jpml["points"] == 2000
    tenhou = score_case({**case, "rules": "tenhou"})
    assert [y["name"] for y in tenhou["yaku"]] == ["riichi", "ippatsu", "pinfu", "ura_dora"]
    assert tenhou["points"] == 7700  # 4 han 30 fu: 30*2^6*4 = 7680 -> 7700


# --- unknown_rules -----------------------------------------------------------------------


@pytest.mark.parametrize("rules", [
    "nope",
    "TENHOU-ish",
    {"preset": "nope"},
    {"preset": "tenhou", "bogus_switch": True},
    {"preset": "tenhou", "kazoe": "lots"},
    {"preset": "tenhou", "multiple_yakuman": "double"},
    {"preset": "tenhou", "renhou": "sometimes"},
    {"preset": "tenhou", "aka": 9},
    {"preset": "tenhou", "kuitan": "yes"},
])
def test_unknown_rules(rules: Any) -> None:
    assert error(rules=rules)["code"] == "unknown_rules"


@pytest.mark.parametrize("preset", ["tenhou", "mahjongsoul", "wrc", "ema", "ema2008", "mleague", "jpml",
                                    "full", "dynasty"])
def test_every_required_preset_exists(preset: str) -> None:
    # The interchange format (docs/interchange.md): "Preset names that must exist".
    assert score_case({**VALID, "rules": preset})["ok"] is True
    assert score_case({**VALID, "rules": {"preset": preset}})["ok"] is True


@pytest.mark.parametrize(("key", "value"), [("kuitan", False), ("aka", 0), ("kiriage", True),
                                            ("kazoe", "sanbaiman"), ("multiple_yakuman", "single"),
                                            ("max_yakuman", 2), ("renhou", "mangan"), ("local_yaku", True),
                                            ("local_yaku", ["sanrenkou"])])
def test_every_required_override_exists(key: str, value: Any) -> None:
    # The interchange format (docs/interchange.md): "Override keys that must exist".
    assert score_case({**VALID, "rules": {"preset": "tenhou", key: value}})["ok"] is True


# --- never raises; invalid_json through the CLI ------------------------------------------


@pytest.mark.parametrize("case", [
    {}, {"hand": None}, {"hand": "", "win": ""}, {"hand": "1m", "win": "1m"},
    {"hand": "123m456p11p345789s", "win": "3s", "melds": [None]},
    {"hand": "123m456p11p345789s", "win": "3s", "melds": [{"type": "pon"}]},
    {"hand": "123m456p11p345789s", "win": "3s", "rules": {"preset": None}},
    {"hand": "123m456p11p345789s", "win": "3s", "rules": {}},
    {"nagashi_mangan": "yes"},
    {"hand": "9" * 5000 + "m", "win": "9m"},
])
def test_score_case_never_raises(case: dict[str, Any]) -> None:
    result = score_case(case)
    assert isinstance(result, dict)
    if not result["ok"]:
        assert result["error"]["code"] in {"invalid_case", "invalid_notation", "impossible_tiles",
                                           "wrong_tile_count", "not_winning", "no_yaku",
                                           "inconsistent_situation", "unknown_rules"}


def test_invalid_json_line_in_the_batch() -> None:
    # The interchange format (docs/interchange.md): "one result for every input line, whatever the line holds"; a malformed
    # line is `invalid_json` and the other lines are still scored, in order.
    lines = [json.dumps({**VALID, "id": 1}), "{not json", json.dumps({**VALID, "id": 3})]
    proc = subprocess.run(riichi_command("score", "--jsonl"), input="\n".join(lines) + "\n", env=riichi_env(),
                          capture_output=True, text=True, timeout=120, check=False)
    out = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    assert len(out) == 3
    assert (out[0]["id"], out[0]["ok"]) == (1, True)
    assert out[1]["ok"] is False
    assert out[1]["error"]["code"] == "invalid_json"
    assert (out[2]["id"], out[2]["ok"]) == (3, True)


def test_a_number_too_long_to_read_is_invalid_json_and_the_batch_goes_on() -> None:
    # A 5,000-digit integer is longer than any number the reader takes (100 characters): the line gets
    # `invalid_json` saying so, and the next line is still scored.
    lines = [json.dumps({**VALID, "id": 1, "honba": 0}).replace('"honba": 0', '"honba": ' + "9" * 5000),
             json.dumps({**VALID, "id": 2})]
    proc = subprocess.run(riichi_command("score", "--jsonl"), input="\n".join(lines) + "\n", env=riichi_env(),
                          capture_output=True, text=True, timeout=120, check=False)
    out = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    assert proc.returncode == 0, proc.stderr
    assert [r["ok"] for r in out] == [False, True]
    assert out[0]["error"]["code"] == "invalid_json"
    assert "a number of 5,000 characters" in out[0]["error"]["message"]


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6)
_FIELDS = ("hand", "melds", "win", "discarder", "seat_wind", "round_wind", "dora", "ura", "honba",
           "riichi_sticks", "rules", "tsumo", "riichi", "ippatsu", "nagashi_mangan")


@settings(max_examples=400, deadline=None)
@given(field=st.sampled_from(_FIELDS), value=_JSON_VALUES)
def test_any_json_value_in_any_field_gets_a_named_error(field: str, value: object) -> None:
    # Whatever JSON puts in a field (lists and objects included), the result is a score or a precise
    # error code, never an internal error: the quick paths of the case reader must fall back cleanly.
    result = score_case({"hand": "123m456p11p345789s", "win": "3s", "seat_wind": "S", "discarder": "N",
                         field: value})
    assert result["ok"] or result["error"]["code"] != "internal_error", result


@pytest.mark.parametrize(("field", "value", "wanted"), [
    ("win", "7s", "a Tile"), ("tsumo", 1, "True or False"), ("riichi", [1], "True or False"),
    ("seat_wind", "S", "a Wind"), ("discarder", 3, "a Wind or None"), ("dora", ["1m"], "a tuple of Tiles"),
    ("honba", 1.0, "a whole number"),
])
def test_typed_context_names_a_wrong_type_at_construction(field: str, value: object, wanted: str) -> None:
    # The typed API checks its values when the context is made, naming the field and what it needs, instead
    # of failing deep inside scoring (or reading 1 as true).
    from riichi.scoring.context import WinContext
    from riichi.tiles import Tile

    values: dict[str, object] = {"win": Tile.parse("3z"), field: value}
    with pytest.raises(TypeError, match=f"WinContext.{field} must be {wanted}.*, not the {type(value).__name__}"):
        WinContext(**values)  # type: ignore[arg-type]


class _FailingCase(dict):  # type: ignore[type-arg]
    """A case whose reading fails with an error no reader expects (a mapping that breaks when its keys are
    read, as the reader does to refuse an unknown field; compiled code reads a dict's items directly, but
    iterates a dict subclass as Python does)."""

    def __iter__(self) -> Iterator[str]:
        raise RuntimeError("the case broke")


def test_an_unexpected_failure_is_an_internal_error_result_not_a_crash() -> None:
    # The interchange contract (docs/interchange.md, "On failure"): whatever happens, score_case answers with
    # an error object. In the compiled build an unexpected exception once escaped as a TypeError, because the
    # handler's name was also the RiichiError handler's, and compiled code keeps one type per name.
    result = score_case(_FailingCase(VALID, id=7))
    assert result == {"id": 7, "ok": False,
                      "error": {"code": "internal_error", "message": "internal error (RuntimeError: the case broke)"}}


def test_the_errors_module_imports_nothing_of_riichi() -> None:
    # riichi.errors is the lowest floor: every module imports it. It imported the bots' FaultKind (for a type
    # annotation), which closed a circle of 31 modules through the import graph; FaultKind now lives beside
    # BotFault, and the bots' protocol module gives the same class.
    import ast  # noqa: PLC0415

    from riichi import errors  # noqa: PLC0415
    from riichi.bots import protocol  # noqa: PLC0415

    tree = ast.parse(Path(errors.__file__).read_text(encoding="utf-8"))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert [m for m in imported if m == "riichi" or m.startswith("riichi.")] == []
    assert protocol.FaultKind is errors.FaultKind and errors.BotFault(errors.FaultKind.LATE, "x").kind.value == "late"
