"""Standings from the score sheet's JSON: totals, penalties, places, rates; every bad field named with its game."""

from __future__ import annotations

import pytest

from riichi.errors import TournamentError
from riichi.tournament.standings import Penalty, played_game, standings

# the score-sheet contract's example game (SCORESHEET.md), its hands as written
GAME = {"rules": "tenhou", "names": ["A", "B", "C", "D"], "hands": [
    {"result": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}], "riichi": [2], "calls": [0, 3]},
    {"result": "draw", "tenpai": [1, 2], "riichi": [1]},
    {"result": "tsumo", "wins": [{"winner": 1, "han": 2, "fu": 30}]},
    {"result": "ron", "from": 0, "wins": [{"winner": 1, "yakuman": 1, "pao": 3},
                                           {"winner": 2, "han": 3, "fu": 40}]}]}
# and the contract's example result's final fields
RESULT = {"over": True, "final_scores": [20100, 35800, 5200, 38900], "final_points": [-20.0, 16.0, -45.0, 49.0],
          "placements": [3, 2, 4, 1], "hands": []}


def test_one_game() -> None:
    rows = standings([played_game(GAME, RESULT, label="g1")])
    assert [(r.place, r.player, r.total) for r in rows] == [(1, "D", 49.0), (2, "B", 16.0), (3, "A", -20.0),
                                                           (4, "C", -45.0)]
    b = rows[1]
    # B won hands 0, 2 and 3 of 4, declared riichi in hand 1, dealt in nowhere
    assert (b.hands, b.wins, b.riichi, b.deal_ins) == (4, 3, 1, 0)
    assert (b.win_rate, b.riichi_rate, b.deal_in_rate) == (0.75, 0.25, 0.0)
    # C dealt into hand 0 and won hand 3; A dealt into hand 3 (a double ron counts one deal-in)
    c, a = rows[3], rows[2]
    assert (c.wins, c.deal_ins, a.deal_ins) == (1, 1, 1)
    # calls are listed only in hand 0: A and D called there, so each called in 1 of 1 listed hand
    assert (a.call_rate, rows[0].call_rate, b.call_rate) == (1.0, 1.0, 0.0)
    assert b.placements == (0, 1, 0, 0) and b.average_placement == 2.0


def test_games_and_penalties_add_up() -> None:
    g1 = played_game(GAME, RESULT, label="g1")
    swapped = {**RESULT, "final_points": [30.0, 10.0, -10.0, -30.0], "placements": [1, 2, 3, 4]}
    g2 = played_game({"names": ["D", "C", "B", "A"]}, swapped, label="g2")
    rows = standings([g1, g2], [Penalty("D", -20.0, "late"), Penalty("C", 5.0)])
    by = {r.player: r for r in rows}
    # D: 49 + 30 − 20 = 59; B: 16 − 10 = 6; C: −45 + 10 + 5 = −30; A: −20 − 30 = −50
    assert [(r.player, r.total) for r in rows] == [("D", 59.0), ("B", 6.0), ("C", -30.0), ("A", -50.0)]
    assert (by["D"].points, by["D"].penalties, by["D"].games) == (79.0, -20.0, 2)
    # the second game wrote no hands: rates count the first game's 4 hands only
    assert by["B"].hands == 4


def test_equal_totals_share_a_place() -> None:
    tied = {**RESULT, "final_points": [10.0, 10.0, -10.0, -10.0], "placements": [1, 2, 3, 4]}
    rows = standings([played_game({"names": ["A", "B", "C", "D"]}, tied, label="g")])
    # equal totals share the place; the one with more first places is listed first
    assert [(r.place, r.player) for r in rows] == [(1, "A"), (1, "B"), (3, "C"), (3, "D")]


def test_three_player_game() -> None:
    result = {"final_points": [35.0, -5.0, -30.0], "final_scores": [45000, 30000, 30000], "placements": [1, 2, 3]}
    rows = standings([played_game({"names": ["X", "Y", "Z"]}, result, label="sanma")])
    assert [r.placements for r in rows] == [(1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0)]


@pytest.mark.parametrize(("game", "result", "message"), [
    ({}, RESULT, "g: names: the players' names by seat are needed"),
    ({"names": ["A", "B", "C", "A"]}, RESULT, "g: names: A sits twice"),
    ({"names": ["A", "B", "C", "D"]}, {**RESULT, "over": False}, "g: the game is not over"),
    ({"names": ["A", "B", "C", "D"]}, {**RESULT, "final_points": [1, 2, 3]}, "g: final_points: one number a"),
    ({"names": ["A", "B", "C", "D"]}, {**RESULT, "final_points": [1, 2, 3, float("nan")]}, "final_points: numbers"),
    ({"names": ["A", "B", "C", "D"]}, {**RESULT, "placements": [1, 1, 2, 3]}, "placements: 1 to 4, each once or shared"),
    ({"names": ["A", "B", "C", "D"], "hands": [{"result": "ron", "wins": [{"winner": 1}]}]}, RESULT,
     r"g: hands\[0\]: from: the discarder's seat"),
    ({"names": ["A", "B", "C", "D"], "hands": [{"result": "tsumo", "wins": [{"winner": 4}]}]}, RESULT,
     r"g: hands\[0\]: wins: each with a winner"),
    ({"names": ["A", "B", "C", "D"], "hands": [{"result": "draw", "riichi": [1], "calls": ["x"]}]}, RESULT,
     r"g: hands\[0\]: calls: seats 0 to 3"),
])
def test_bad_games_are_named(game: dict[str, object], result: dict[str, object], message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        played_game(game, result, label="g")


def test_penalty_for_a_stranger_is_refused() -> None:
    with pytest.raises(TournamentError, match="penalty: player 'Q' played no game"):
        standings([played_game(GAME, RESULT, label="g")], [Penalty("Q", -5.0)])
