"""riichi seating, riichi standings and riichi ratings from the command line (in this process)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riichi.cli import main


def _lines(path: Path, *objects: object) -> Path:
    path.write_text("".join(json.dumps(o) + "\n" for o in objects), encoding="utf-8")
    return path


def _result(label: str, names: list[str], points: list[float], places: list[int]) -> dict[str, object]:
    return {"label": label, "names": names, "final_points": points, "final_scores": [25000] * len(names),
            "placements": places, "over": True}


def test_seating_sixteen_players_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["seating", "--players", "16", "--rounds", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["repeated_pairs"], out["fewest_possible"], out["wind_excess"]) == (0, 0, 0)
    assert len(out["rounds"]) == 5 and all(len(r) == 4 for r in out["rounds"])


def test_seating_text_reports_repeats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["seating", "--players", "18", "--rounds", "2", "--seed", "5"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("Round 1\n  table   1  E ")
    assert "S1" in captured.out and "S2" in captured.out
    assert "18 players, 2 substitutes, 2 rounds: 0 repeated pairs" in captured.err


@pytest.mark.parametrize(("args", "message"), [
    (["seating"], "give --players and --rounds, or --fixed FILE"),
    (["seating", "--players", "16", "--rounds", "2", "--swiss", "x.csv"], "--swiss needs --fixed"),
    (["seating", "--players", "2", "--rounds", "2"], "players: 4 to"),
    (["seating", "--players", "16", "--rounds", "0"], "rounds: 1 to 50"),
    (["seating", "--fixed", "x.csv", "--rounds", "2"], "--fixed reads the players and rounds from its file"),
])
def test_seating_usage_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    # riichi seating --help: "Exit status: 0 done, 1 a file refused, 2 bad usage"; these name no file
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_swiss_from_the_standings_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seats = tmp_path / "seats.csv"
    seats.write_text("round,table,east,south,west,north\n1,1,A,B,C,D\n1,2,E,F,G,H\n", encoding="utf-8")
    games = _lines(tmp_path / "g.jsonl", _result("t1", ["A", "B", "C", "D"], [40, 10, -20, -30], [1, 2, 3, 4]),
                   _result("t2", ["E", "F", "G", "H"], [30, 20, -15, -35], [1, 2, 3, 4]))
    assert main(["standings", str(games), "--csv"]) == 0
    standings = tmp_path / "standings.csv"
    standings.write_text(capsys.readouterr().out, encoding="utf-8")
    assert standings.read_text(encoding="utf-8").splitlines()[1].startswith("1,A,40,")
    assert main(["seating", "--fixed", str(seats), "--swiss", str(standings), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # standings A 40, E 30, F 20, B 10, ...: round 2 keeps round 1's pairs apart where it can: two at each
    # table met before (see riichi.tournament.seating.swiss_round), 4 repeats in all
    assert len(out["rounds"]) == 2 and out["repeated_pairs"] == 4
    assert "A" in out["rounds"][1][0] and "E" in out["rounds"][1][0]


def test_standings_skip_bad_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = _lines(tmp_path / "g.jsonl", _result("t1", ["Ann Lee", "Bo Kim", "Cy Wu", "Di Ito"],
                                                 [-20.0, 16.0, -45.0, 49.0], [3, 2, 4, 1]),
                   {"penalty": {"player": "Di Ito", "points": -20, "reason": "late"}},
                   _result("t2", ["A"], [1.0], [1]), "not an object", {**_result("", ["A", "B", "C", "D"],
                                                                                   [1.0] * 4, [1, 2, 3, 4]),
                                                                        "over": False})
    (tmp_path / "g.jsonl").write_text((tmp_path / "g.jsonl").read_text() + "{broken\n", encoding="utf-8")
    players = tmp_path / "players.csv"
    players.write_text("name,last,first,ema,country\nBo Kim,Kim,Bo,12345678,KOR\n", encoding="utf-8")
    ema = tmp_path / "ema.csv"
    assert main(["standings", str(games), "--ema", str(ema), "--players", str(players)]) == 1
    captured = capsys.readouterr()
    assert "g.jsonl:3: t2: names: 3 or 4 names, not 1" in captured.err
    assert "g.jsonl:4: a line is a JSON object" in captured.err
    # a game without a label is named by its file and line once, not also as "line 5"
    assert "g.jsonl:5: the game is not over" in captured.err
    assert "g.jsonl:6:" in captured.err
    assert "1 game, 1 penalty, 4 players; 4 lines skipped" in captured.err
    # Di Ito 49 − 20 = 29, Bo Kim 16, Ann Lee −20, Cy Wu −45
    assert ema.read_text(encoding="utf-8").splitlines() == [
        "Place,Last name,First name,EMA number,Country,Points", "1,Ito,Di,,,29", "2,Kim,Bo,12345678,KOR,16",
        "3,Lee,Ann,,,-20", "4,Wu,Cy,,,-45"]


def test_standings_score_a_sheet_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Tenhou rules, 25,000 each: seat 1 rons a yakuman (32,000) off seat 2, who goes to −7,000 and the game
    # ends (bust). Final: 25,000 / 57,000 / −7,000 / 25,000; the tie between seats 0 and 3 goes to seat 0 (the
    # seat nearer the first dealer). Points (score − 30,000)/1000 + uma 20/10/−10/−20, oka 20 to the first:
    # seat 1 27 + 20 + 20 = 67, seat 0 −5 + 10 = 5, seat 3 −5 − 10 = −15, seat 2 −37 − 20 = −57
    game = {"label": "bust", "rules": "tenhou", "names": ["A", "B", "C", "D"],
            "hands": [{"result": "ron", "from": 2, "wins": [{"winner": 1, "yakuman": 1}], "calls": [1]}]}
    assert main(["standings", str(_lines(tmp_path / "g.jsonl", game)), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["player"], r["total"]) for r in rows] == [("B", 67.0), ("A", 5.0), ("D", -15.0), ("C", -57.0)]
    assert rows[0]["win_rate"] == 1.0 and rows[3]["deal_in_rate"] == 1.0 and rows[0]["call_rate"] == 1.0


def test_standings_name_a_game_the_sheet_refuses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a winner who is the discarder cannot be (SCORESHEET.md: impossible_hand); the other game still counts,
    # and a field the score sheet does not know is named as ignored
    bad = {"label": "R2T3", "rules": "tenhou", "names": ["A", "B", "C", "D"],
           "hands": [{"result": "ron", "from": 2, "wins": [{"winner": 2, "han": 1, "fu": 30}]}]}
    good = {"label": "R1T1", "rules": "tenhou", "names": ["A", "B", "C", "D"], "table": 1,
            "hands": [{"result": "ron", "from": 2, "wins": [{"winner": 1, "yakuman": 1}]}]}
    assert main(["standings", str(_lines(tmp_path / "g.jsonl", bad, good))]) == 1
    err = capsys.readouterr().err
    assert "skipped: " in err and "g.jsonl:1: R2T3: hand 0" in err and "wins[0].winner" in err
    assert "ignored: " in err and "g.jsonl:2: R1T1:" in err and "table" in err
    assert "1 game, 0 penalties, 4 players; 1 line skipped" in err


def test_ratings_tenhou(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = _lines(tmp_path / "g.jsonl", _result("1", ["A", "B", "C", "D"], [30, 10, -10, -30], [1, 2, 3, 4]),
                   _result("2", ["A", "B", "C", "E"], [30, 10, -10, -30], [4, 3, 2, 1]))
    assert main(["ratings", str(games), "--json"]) == 0
    rows = {r["player"]: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    # game 1 from R1500: +30, +10, −10, −30. Game 2, table average (1530 + 1510 + 1490 + 1500) / 4 = 1507.5:
    # A fourth, 1 game: 0.998 × (−30 + (1507.5 − 1530)/40) = 0.998 × −30.5625 = −30.501375
    assert rows["A"]["rating"] == pytest.approx(1530 - 30.501375)
    # E's first game, first: 1.0 × (30 + (1507.5 − 1500)/40) = 30.1875
    assert (rows["E"]["rating"], rows["E"]["games"]) == (pytest.approx(1530.1875), 1)


def test_ratings_mers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = _lines(tmp_path / "m.jsonl",
                     {"tournament": "a", "date": "2025-03-01", "weight": 1, "players": 11,
                      "results": [{"player": "X", "place": 1}, {"player": "Y", "place": 2}]},
                     {"tournament": "b", "date": "2025-04-01", "days": 2, "countries": 7, "players": 48,
                      "results": [{"player": "X", "place": 10}]},
                     {"tournament": "c", "date": "2025-04-01", "weight": 1, "results": [{"player": "X", "place": 3}]})
    assert main(["ratings", "--mers", str(results), "--on", "2025-06-01", "--json"]) == 1
    captured = capsys.readouterr()
    assert "m.jsonl:3: tournament 'c': results[0].place (X): 1 to 1, not 3" in captured.err
    rows = [json.loads(line) for line in captured.out.splitlines()]
    # X: 1000 (weight 1) and 10th of 48, 1000·38/47 = 808 (weight 2 days + 0.5 players + 0.5 countries = 3),
    # three missing results of 0 (weight 1): part A 3424 / 7 = 489.14, part B 3424 / 6 = 570.67, ranking 529.9
    assert rows[0] == {"player": "X", "ranking": 529.9, "part_a": 489.14, "part_b": 570.67, "results": 2}
    assert rows[1]["player"] == "Y" and rows[1]["ranking"] is None


def test_ratings_openskill(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("openskill")
    games = _lines(tmp_path / "g.jsonl", _result("1", ["A", "B", "C", "D"], [30, 10, -10, -30], [1, 2, 3, 4]))
    assert main(["ratings", str(games), "--system", "openskill", "--json"]) == 0
    assert [json.loads(line)["player"] for line in capsys.readouterr().out.splitlines()] == ["A", "B", "C", "D"]


def test_a_tie_split_by_the_rules_is_counted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # WRC rules split the uma of players tied in points (riichi sheet gives them one place: 2, 2, 4, 1);
    # WRC: 30,000 returned, uma 15/5/-5/-15, so the tied pair share (5 - 5) / 2 = 0 each: A and B 0.0,
    # C -10 - 15 = -25.0, D +10 + 15 = +25.0. The standings count both as second; Tenhou's R, which has no
    # ties, puts A (seat 0, nearer the first dealer) second and B third: from R1500, +30 / +10 / -10 / -30.
    tied = {"label": "T", "rules": "wrc", "names": ["A", "B", "C", "D"],
            "final_scores": [30000, 30000, 20000, 40000]}
    games = _lines(tmp_path / "g.jsonl", tied)
    assert main(["standings", str(games), "--json"]) == 0
    rows = {r["player"]: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    assert [rows[p]["total"] for p in "ABCD"] == [0.0, 0.0, -25.0, 25.0]
    assert rows["A"]["place"] == rows["B"]["place"] == 2
    assert main(["ratings", str(games), "--json"]) == 0
    rows = {r["player"]: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    assert [rows[p]["rating"] for p in "DABC"] == [1530.0, 1510.0, 1490.0, 1470.0]
    assert main(["ratings", str(games), "--system", "openskill", "--json"]) == 0
    rows = {r["player"]: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    assert rows["A"]["mu"] == rows["B"]["mu"]   # a tie in OpenSkill: equal ranks, equal updates


def test_a_penalty_for_a_name_no_game_has_is_its_lines_error(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    # a misspelt name in a penalty line used to end the command with no standings at all; "A bad line is named
    # on standard error and skipped" (riichi standings --help) holds for it too
    games = _lines(tmp_path / "g.jsonl", _result("t1", ["A", "B", "C", "D"], [30.0, 10.0, -10.0, -30.0],
                                                 [1, 2, 3, 4]),
                   {"penalty": {"player": "Bee", "points": -5}}, {"penalty": {"player": "B", "points": -5}})
    assert main(["standings", str(games), "--json"]) == 1
    captured = capsys.readouterr()
    assert "g.jsonl:2: penalty: player 'Bee' played no game" in captured.err
    rows = {r["player"]: r for r in map(json.loads, captured.out.splitlines())}
    assert rows["B"]["total"] == 5.0 and len(rows) == 4   # 10 - 5: the good penalty counts


def test_a_file_that_cannot_be_read_is_named_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nope.jsonl"
    assert main(["standings", str(missing)]) == 1
    captured = capsys.readouterr()
    assert f"{missing}: cannot be read (No such file or directory)" in captured.err
    assert captured.out == ""   # no empty table


def test_ratings_mers_as_text_names_what_is_missing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A tournament with its days but not its countries cannot be weighted (EMA's weight adds 0.5 or 1 for the
    # countries): the line names the missing field, where it said "weight, or days and countries to make it"
    # whichever was there. Y then has one result, too few to be ranked (two are needed): the text says so in
    # words, where it printed "ranking None".
    results = _lines(tmp_path / "m.jsonl",
                     {"tournament": "a", "date": "2025-03-01", "weight": 1, "players": 11,
                      "results": [{"player": "X", "place": 1}, {"player": "Y", "place": 2}]},
                     {"tournament": "b", "date": "2025-04-01", "days": 2, "players": 48,
                      "results": [{"player": "Y", "place": 10}]})
    assert main(["ratings", "--mers", str(results), "--on", "2025-06-01"]) == 1
    captured = capsys.readouterr()
    assert "m.jsonl:2: tournament 'b': countries: a whole number" in captured.err
    assert captured.out.splitlines() == ["player X  not ranked: fewer than two results that still count",
                                         "player Y  not ranked: fewer than two results that still count"]
