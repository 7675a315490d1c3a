"""riichi.formats.sheet: the score-sheet contract's JSON read strictly (every bad field named with its hand) and
written as the contract's result and error objects."""

from __future__ import annotations

import pytest

from riichi.errors import SheetError
from riichi.formats.sheet import (
    error_object,
    game_object,
    read_game,
    result_object,
    rules_spec,
)
from riichi.rules import TENHOU, WRC, resolve_rules
from riichi.sheet import FinalScoresGame, score_sheet

#: The score-sheet contract's own example game (docs/sheet.md shows it).
EXAMPLE = {"rules": "tenhou", "names": ["A", "B", "C", "D"], "hands": [
    {"result": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}], "riichi": [2]},
    {"result": "draw", "tenpai": [1, 2], "riichi": [1]},
    {"result": "tsumo", "wins": [{"winner": 1, "han": 2, "fu": 30}]},
    {"result": "ron", "from": 0, "wins": [{"winner": 1, "yakuman": 1, "pao": 3}, {"winner": 2, "han": 3, "fu": 40}]},
]}


def test_the_contracts_example() -> None:
    game, notes = read_game(EXAMPLE)
    assert notes == []
    out = result_object(score_sheet(game))  # type: ignore[arg-type]
    # Hand 0, as the contract shows it: 7,700 and the stick to seat 1.
    assert out["hands"][0] | {"result": None, "wins": None} == {
        "index": 0, "result": None, "round_wind": "E", "round_number": 1, "dealer": 0, "honba": 0,
        "riichi_sticks": 0, "scores_start": [25000, 25000, 25000, 25000], "deltas": [0, 8700, -7700, 0],
        "scores_end": [25000, 33700, 16300, 25000], "wins": None}
    assert out["hands"][0]["wins"] == [{"winner": 1, "points": 7700, "limit": None, "pao": None,
                                        "deltas": [0, 8700, -7700, 0]}]
    # Hand 1: seats 1 and 2 tenpai, 1,500 each from 0 and 3; seat 1's stick stays: East 2 (seat 1 dealing) again.
    assert out["hands"][1]["deltas"] == [-1500, 1500, 1500, -1500]
    # Hand 2: E2-1, the dealer (seat 1) tsumo 2 han 30 fu: 1,000 all + 100 a honba, and the stick.
    assert (out["hands"][2]["round_number"], out["hands"][2]["honba"], out["hands"][2]["riichi_sticks"]) == (2, 1, 1)
    assert out["hands"][2]["deltas"] == [-1100, 4300, -1100, -1100]
    # Hand 3, E2-2: seat 0 deals into the dealer's yakuman (48,000, seat 3 liable: half each, the liable seat
    # paying the honba under Tenhou) and seat 2's 3 han 40 fu (5,200). Seat 1 is first after the discarder.
    h = out["hands"][3]
    assert (h["round_number"], h["honba"]) == (2, 2)
    assert h["deltas"] == [-24000 - 5200, 48600, 5200, -24600]
    # Seat 0 (25,000 - 1,500 - 1,100 - 29,200) and seat 3 (25,000 - 1,500 - 1,100 - 24,600) are below zero: the
    # game ends there (Tenhou's bust). Final points: 87,100 -> 57.1 + 20 uma + 20 oka; 21,900 -> -8.1 + 10;
    # -2,200 -> -32.2 - 10; -6,800 -> -36.8 - 20.
    assert out["over"] and out["end"] == "bust" and out["next"] is None
    assert out["final_scores"] == [-6800, 87100, 21900, -2200]
    assert out["final_points"] == [-56.8, 97.1, 1.9, -42.2] and out["placements"] == [4, 1, 2, 3]
    assert out["names"] == ["A", "B", "C", "D"] and out["leftover_sticks"] == 0


@pytest.mark.parametrize(("obj", "hand", "field", "needle"), [
    ([], None, None, "a game is a JSON object"),
    ({"rules": "tenhoo"}, None, "rules", "did you mean 'tenhou'"),
    ({"hands": [{"result": "rons"}]}, 0, "result", '"rons" is no result'),  # quoted as JSON
    ({"hands": [{"result": "draw"}, {"result": "ron", "from": "2", "wins": []}]}, 1, "from",
     'the discarder\'s seat, not "2"'),  # the value as the sheet writes it, not Python's '2'
    ({"hands": [{"result": "tsumo", "wins": [{"winner": 1, "han": "4"}]}]}, 0, "wins[0].han",
     'a whole number, not "4"'),
    ({"hands": [{"result": "tsumo", "wins": [{"winner": 1, "han": 4, "fu": 30, "dora": 2}]}]}, 0, "dora",
     "no such field"),
    ({"hands": [{"result": "draw", "tenpai": [1], "from": 2}]}, 0, "from", "no such field"),
    ({"hands": [{"result": "abortive", "kind": "kyuushu"}]}, 0, "kind", '"kyuushu" is no abortive draw'),
    ({"hands": [{"result": "draw", "riichi": [True]}]}, 0, "riichi", "a list of whole numbers, not [true]"),
    ({"hands": [{"result": "chombo"}]}, 0, "seat", "the offender's seat, missing"),  # not "not None"
    ({"hands": [{}]}, 0, "result", "result: missing (one of ron, tsumo, draw, abortive, chombo)"),
    ({"final_scores": [25000, 25000], "hands": []}, None, "final_scores", "not both"),
    ({"names": ["A", 2, "C", "D"]}, None, "names", "a list of names"),
])
def test_bad_fields_are_named_with_their_hand(obj: object, hand: int | None, field: str | None, needle: str) -> None:
    with pytest.raises(SheetError) as caught:
        read_game(obj)
    assert (caught.value.hand, caught.value.field) == (hand, field)
    assert needle in str(caught.value)
    assert error_object(caught.value) == {"error": {"code": "invalid_input", "message": str(caught.value),
                                                    "hand": hand, "field": field}}


def test_a_lenient_reading_names_what_it_ignored() -> None:
    game, notes = read_game({"rules": "tenhou", "date": "2026-11-28", "hands": [
        {"result": "tsumo", "wins": [{"winner": 1, "han": 4, "fu": 30, "dora": 2}], "riichi": []}]}, strict=False)
    assert notes == ["date: unknown field ignored", "hand 0, wins[0].dora: unknown field ignored"]
    assert score_sheet(game).hands[0].deltas == (-3900, 7900, -2000, -2000)  # type: ignore[arg-type]


def test_final_scores_only_games_are_read() -> None:
    game, _ = read_game({"rules": "wrc", "final_scores": [40000, 30000, 30000, 20000], "chombo": [0]})
    assert game == FinalScoresGame(WRC, (40000, 30000, 30000, 20000), 0, (0,))
    assert read_game(game_object(game)) == (game, [])


def test_rules_are_written_as_their_preset_and_its_changes() -> None:
    assert rules_spec(TENHOU) == "tenhou"
    changed = resolve_rules({"preset": "wrc", "uma": [20000, 10000, -10000, -20000], "chombo_penalty": 10000})
    assert rules_spec(changed) == {"preset": "wrc", "uma": [20000, 10000, -10000, -20000], "chombo_penalty": 10000}
    assert resolve_rules(rules_spec(changed)) == changed  # type: ignore[arg-type]


def test_a_win_given_by_its_hand_goes_through_json() -> None:
    obj = {"rules": "tenhou", "hands": [{"result": "tsumo", "riichi": [], "wins": [
        {"winner": 0, "case": {"hand": "234m456p678s44433z", "win": "3z"}}]}]}
    game, _ = read_game(obj)
    assert game_object(game) == obj
    # The dealer's tsumo: menzen tsumo 1 han, 20 + 2 (tsumo) + 8 + 2 = 32, 40 fu: base 320, 700 all.
    assert score_sheet(game).hands[0].deltas == (2100, -700, -700, -700)  # type: ignore[arg-type]
    with pytest.raises(SheetError, match=r"a win case \(a JSON object\), not a string") as caught:
        read_game({"hands": [{"result": "tsumo", "wins": [{"winner": 0, "case": "234m"}]}]})
    assert caught.value.field == "wins[0].case"


def test_three_names_for_four_seats_are_counted_in_the_message() -> None:
    # A four-player game (Tenhou's rules) written with three names: the message counted them in Python's
    # spelling ("not ['A', 'B', 'C']"); it says how many there are.
    game, _ = read_game({"rules": "tenhou", "names": ["A", "B", "C"], "hands": []})
    with pytest.raises(SheetError) as caught:
        score_sheet(game)
    assert str(caught.value) == "names: one name a seat, 4 in all, not 3"
    assert caught.value.field == "names"
