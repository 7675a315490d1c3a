"""Placement value in the analysis request and result (``scores``, ``round_number``; each ev discard's
``placement``), on the command line and at POST /api/analyze.

Final points are Tenhou's (its rules: return 30,000, uma +20/+10/-10/-20 thousand, oka 20 thousand to the top;
tenpai payments 3,000 in all, split on each side; in All Last a dealer tenpai at a draw in first place with
30,000 or more ends the game).
"""

from __future__ import annotations

import json
from math import comb

import pytest

from riichi.cli import main
from riichi.formats.analysis import analyze_case
from riichi.game import _placement_table as data

# South 4, the player the dealer (East) with 50,000, tenpai at its last draw (13 tiles, waiting on 2p and 1z);
# ron off, so that at its last turn the hand can no longer win.
REQUEST: dict[str, object] = {"hand": "123m22456p789s11z", "seat_wind": "E", "round_wind": "S", "round_number": 4,
                              "scores": [50000, 20000, 15000, 15000],
                              "ev": {"model": "table", "first_turn": 18, "last_turn": 18, "ron": False}}


def _worked_draw() -> float:
    # At its last turn the hand cannot win any more: it ends in a draw with the player tenpai. With k of the three
    # others tenpai too (each as often as at the games' draws, p), the player receives 3,000, 1,500, 1,000 or 0,
    # and, first with 30,000 or more and tenpai, the dealer ends the game (tenpai-yame): (score - 30,000 + 40,000)
    # / 1000 = 63.0, 61.5, 61.0, 60.0.
    p = data.DRAW_TENPAI[4]
    values = (63.0, 61.5, 61.0, 60.0)
    return sum(comb(3, k) * p ** k * (1 - p) ** (3 - k) * values[k] for k in range(4))


def test_placement_in_the_result() -> None:
    out = analyze_case(REQUEST)
    assert out["ok"] is True, out
    row = out["ev"]["discards"][0]  # type: ignore[index]
    assert row["tile"] is None
    assert row["win"] == [0.0] and row["tenpai"] == [1.0]
    assert row["placement"] == pytest.approx([_worked_draw()])
    assert json.loads(json.dumps(out, allow_nan=False)) == out


def test_placement_turn_by_turn_and_only_with_scores() -> None:
    request = {**REQUEST, "hand": "234678m3459p57s12z", "dora": "1z", "visible": "1z",
               "ev": {"first_turn": 6, "last_turn": 18}}  # the table model with ron
    out = analyze_case(request)
    plain = analyze_case({k: v for k, v in request.items() if k not in ("scores", "round_number")})
    for row, bare in zip(out["ev"]["discards"], plain["ev"]["discards"], strict=True):  # type: ignore[index]
        assert len(row["placement"]) == len(row["win"]) == 13  # noqa: PLR2004 - turns 6 to 18
        assert "placement" not in bare
        assert {k: v for k, v in row.items() if k != "placement"} == bare  # the contract's fields unchanged
        # 50,000 with a 20,000 lead in All Last: first place's 60 or more, whatever happens, is most likely
        assert all(30.0 < p < 110.0 for p in row["placement"])  # noqa: PLR2004


# docs/analysis.md's All Last example: South 4, the player South with 30,000, 1,000 behind the dealer's 31,000
# (the others 20,000 and 19,000). Either player's win takes first place, so the discard that wins most often
# is worth most, not the one worth most points.
ALL_LAST: dict[str, object] = {"hand": "2677m1358p134579s", "dora": "2z", "visible": "2z", "seat_wind": "S",
                               "round_wind": "S", "round_number": 4, "scores": [31000, 30000, 20000, 19000],
                               "ev": {"first_turn": 1}}


def _order(rows: list[dict[str, object]]) -> list[str]:
    return [str(d["tile"]) for d in rows]


def test_discards_best_first_by_placement() -> None:
    out = analyze_case(ALL_LAST)
    rows = out["ev"]["discards"]  # type: ignore[index]
    # the order is the placement's, level ones by the expected score
    keys = [(-d["placement"][0], -d["value"][0]) for d in rows]
    assert keys == sorted(keys)
    # it is not the points' order: the first by points wins less often than the first by placement
    plain = analyze_case({k: v for k, v in ALL_LAST.items() if k not in ("scores", "round_number")})
    by_points = plain["ev"]["discards"]  # type: ignore[index]
    assert _order(rows)[0] != _order(by_points)[0]
    assert rows[0]["win"][0] > by_points[0]["win"][0]
    assert sorted(_order(rows)) == sorted(_order(by_points))  # the same entries, reordered


def test_cli_and_api_order_by_placement(capsys: pytest.CaptureFixture[str]) -> None:
    from fastapi.testclient import TestClient  # noqa: PLC0415

    from riichi.web.app import create_app  # noqa: PLC0415

    order = _order(analyze_case(ALL_LAST)["ev"]["discards"])  # type: ignore[index]
    assert main(["analyze", "2677m1358p134579s", "--ev", "--dora", "2z", "--visible", "2z", "--seat", "S",
                 "--round", "S", "--round-number", "4", "--scores", "31000,30000,20000,19000"]) == 0
    lines = capsys.readouterr().out.split("expected score   placement\n")[1].splitlines()
    assert [line.split()[0] for line in lines[:len(order)]] == order
    with TestClient(create_app(), raise_server_exceptions=False) as client:
        body = client.post("/api/analyze", json=ALL_LAST).json()
    assert _order(body["ev"]["discards"]) == order


@pytest.mark.parametrize(("change", "code", "words"), [
    ({"scores": [50000, 20000, 15000]}, "invalid_case",
     "scores lists each seat's points, East first: 4 under tenhou, not 3"),
    ({"scores": [50000, 20000, 15000, 16000]}, "inconsistent_situation", "the scores sum to 101,000"),
    ({"scores": [49000, 20000, 15000, 15000]}, "inconsistent_situation", "4 x 25,000 = 100,000"),
    ({"scores": [49000, 20000, 15000, 15000], "riichi_sticks": 1}, None, ""),
    ({"scores": "50000 20000 15000 15000"}, "invalid_case", "'scores' is a list of whole numbers"),
    ({"scores": [True, 20000, 15000, 15000]}, "invalid_case", "'scores' is a list of whole numbers"),
    ({"round_number": 5}, "invalid_case", "'round_number' is a whole number from 1 to 4"),
    ({"rules": "tenhou-sanma", "seat_wind": "E", "scores": [35000, 35000, 35000], "round_number": 4,
      "hand": "123p22456p789s11z"}, "invalid_case",
     "round_number is the hand of the round, 1 to 3 under tenhou-sanma, not 4"),
])
def test_bad_scores(change: dict[str, object], code: str | None, words: str) -> None:
    out = analyze_case({**REQUEST, **change})
    if code is None:
        assert out["ok"] is True, out
        return
    assert out["ok"] is False
    assert out["error"]["code"] == code  # type: ignore[index]
    assert words in out["error"]["message"]  # type: ignore[index]


def test_scores_checked_without_ev() -> None:
    out = analyze_case({k: v for k, v in {**REQUEST, "scores": [1, 2, 3, 4]}.items() if k != "ev"})
    assert out["error"]["code"] == "inconsistent_situation"  # type: ignore[index]


def test_three_players() -> None:
    # tenhou-sanma, South 3, the dealer first with 50,000: tenpai at its last draw it ends the game (40,000 reached).
    # With the other two tenpai (k of them, each at the games' share p): +2,000, +1,000 or 0; first place is
    # (score - 40,000 + 35,000) / 1000: 47.0, 46.0, 45.0.
    out = analyze_case({**REQUEST, "rules": "tenhou-sanma", "hand": "123p22456p789s11z", "round_number": 3,
                        "scores": [50000, 30000, 25000]})
    p = data.DRAW_TENPAI[3]
    worked = sum(comb(2, k) * p ** k * (1 - p) ** (2 - k) * (47.0, 46.0, 45.0)[k] for k in range(3))
    assert out["ev"]["discards"][0]["placement"] == pytest.approx([worked])  # type: ignore[index]


def test_cli_placement_column(capsys: pytest.CaptureFixture[str]) -> None:
    # the peer model wins by tsumo only: at its last turn the hand cannot win any more
    assert main(["analyze", "123m22456p789s11z", "--ev", "--ev-model", "peer", "--turn", "18", "--last-turn", "18",
                 "--seat", "E", "--round", "S", "--round-number", "4", "--scores", "50000,20000,15000,15000"]) == 0
    out = capsys.readouterr().out
    assert "expected score   placement" in out
    assert f"(as is)     100.00    0.00              0.0   {_worked_draw():>+9.2f}" in out


def test_cli_bad_scores(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123m22456p789s11z", "--ev", "--scores", "50000,20000,15000"]) == 1
    assert "scores lists each seat's points, East first: 4 under tenhou, not 3" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["analyze", "123m22456p789s11z", "--ev", "--scores", "50k,20000"])
    assert e.value.code == 2  # noqa: PLR2004 - bad usage
    assert "scores are whole numbers separated by commas" in capsys.readouterr().err


def test_api_analyze_placement() -> None:
    from fastapi.testclient import TestClient  # noqa: PLC0415

    from riichi.web.app import create_app  # noqa: PLC0415

    with TestClient(create_app(), raise_server_exceptions=False) as client:
        body = client.post("/api/analyze", json=REQUEST).json()
        assert body["ev"]["discards"][0]["placement"] == pytest.approx([_worked_draw()])
        refused = client.post("/api/analyze", json={**REQUEST, "scores": [1, 2, 3, 4]})
        assert refused.status_code == 422  # noqa: PLR2004
        assert refused.json()["error"]["code"] == "inconsistent_situation"
