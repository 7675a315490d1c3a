"""The expected values as JSON (the contract's request and result), on the command line and at POST /api/analyze.

The numbers are the worked values of the project's expected-value contract (EV.md, "Worked values").
"""

from __future__ import annotations

import json

import pytest

from riichi.cli import main
from riichi.formats.analysis import analyze_case, analyze_line

#: The contract's first worked value: South seat, indicator 4m, discard 1z into a riichi on 5s (one red) and 8s.
REQUEST: dict[str, object] = {"hand": "234678m34599p67s1z", "seat_wind": "S", "dora": ["4m"], "visible": "4m",
                              "rules": "tenhou", "ev": {"model": "peer", "first_turn": 17, "last_turn": 18}}


def test_request_and_result_follow_the_contract() -> None:
    out = analyze_case(REQUEST)
    assert out["ok"] is True
    ev = out["ev"]
    assert isinstance(ev, dict)
    assert (ev["model"], ev["first_turn"], ev["last_turn"], ev["unseen"]) == ("peer", 17, 18, 121)
    first = ev["discards"][0]
    assert first["tile"] == "1z"
    assert first["win"] == [8 / 104, 0.0]
    assert abs(first["value"][0] - 310.2113795295614) < 1e-9
    assert first["tenpai"] == [1.0, 1.0]
    # strict JSON: the line written reads back the same
    assert json.loads(json.dumps(out, allow_nan=False)) == out


def test_thirteen_tiles_have_a_null_tile() -> None:
    out = analyze_case({**REQUEST, "hand": "234678m34599p67s", "visible": "4m1z"})
    assert [d["tile"] for d in out["ev"]["discards"]] == [None]  # type: ignore[index]


@pytest.mark.parametrize(("ev", "words"), [
    ({"turns": 3}, "unknown key 'turns'"),
    ({"model": "monte-carlo"}, "'ev.model' is one of peer"),
    ({"first_turn": "1"}, "'ev.first_turn' is a whole number"),
    ({"max_seconds": 0}, "'ev.max_seconds'"),
    ("peer", "'ev' is an object"),
])
def test_bad_ev_options_are_invalid_case(ev: object, words: str) -> None:
    out = analyze_case({**REQUEST, "ev": ev})
    assert out["ok"] is False
    assert out["error"]["code"] == "invalid_case"  # type: ignore[index]
    assert words in out["error"]["message"]  # type: ignore[index]


def test_turns_beyond_the_wall_are_an_error() -> None:
    out = analyze_case({**REQUEST, "ev": {"first_turn": 1, "last_turn": 121}})
    assert out["error"]["code"] == "inconsistent_situation"  # type: ignore[index]
    assert "beyond the wall" in out["error"]["message"]  # type: ignore[index]


def test_out_of_budget_is_too_complex_with_the_rest_of_the_analysis() -> None:
    # a 3-shanten hand needs thousands of states; ten are not enough
    out = analyze_case({"hand": "234578m1689p357s1z", "ev": {"max_states": 10}})
    assert out["ok"] is False
    assert out["error"]["code"] == "too_complex"  # type: ignore[index]
    assert "10 states" in out["error"]["message"]  # type: ignore[index]
    assert out["shanten"] == 3 and out["discards"]  # the rest of the analysis is given


def test_the_caller_caps_the_budget() -> None:
    # the server's cap wins over what the request asks for
    out = analyze_case({"hand": "234578m1689p357s1z", "ev": {"max_states": 10_000_000}}, max_ev_states=10)
    assert out["error"]["code"] == "too_complex"  # type: ignore[index]


def test_jsonl_line() -> None:
    out = analyze_line(json.dumps(REQUEST))
    assert out["ev"]["discards"][0]["win"][0] == 8 / 104  # type: ignore[index]


def test_cli_ev_table(capsys: pytest.CaptureFixture[str]) -> None:
    # the contract's third worked value: tenpai 18.22 %, win 0.33 %, 31.0 points for 1z; 12.5 points for 2z
    assert main(["analyze", "234678m3459p57s12z", "--ev", "--ev-model", "peer", "--turn", "16", "--dora", "1z", "--visible", "1z"]) == 0
    out = capsys.readouterr().out
    assert "turn 16 of 18, 121 tiles unseen" in out
    assert "1z           18.22    0.33             31.0" in out
    assert "2z           16.48    0.29             12.5" in out


def test_api_analyze_ev() -> None:
    from fastapi.testclient import TestClient  # noqa: PLC0415

    from riichi.web.app import create_app  # noqa: PLC0415

    with TestClient(create_app(), raise_server_exceptions=False) as client:
        body = client.post("/api/analyze", json=REQUEST).json()
        assert body["ev"]["discards"][0]["win"][0] == 8 / 104
        refused = client.post("/api/analyze", json={"hand": "234578m1689p357s1z", "ev": {"max_states": 10}})
        assert refused.status_code == 200  # the rest of the analysis is the answer
        assert refused.json()["error"]["code"] == "too_complex"
        assert refused.json()["shanten"] == 3


@pytest.mark.parametrize(("model", "seat", "last"), [
    # EV.md: "Defaults are the project's (the peer model uses 1 and 18)"
    ("peer", "W", 18),
    # the table model's default is the seat's last draw of the whole wall: 136 - 14 dead - 52 dealt = 70
    # draws, East first, so East and South draw 18 tiles, West and North 17
    ("table", "E", 18), ("table", "S", 18), ("table", "W", 17), ("table", "N", 17),
])
def test_the_default_last_turn(model: str, seat: str, last: int) -> None:
    for ev in ({"model": model, "first_turn": 16}, {"model": model, "first_turn": 16, "last_turn": None}):
        out = analyze_case({**REQUEST, "seat_wind": seat, "ev": ev})
        assert out["ok"] is True, out
        got = out["ev"]
        assert isinstance(got, dict)
        assert got["last_turn"] == last
        assert all(len(d["win"]) == last - 16 + 1 for d in got["discards"])
