"""``riichi sheet``: one result a line in order, an error line for each game refused (the batch goes on), exit
1 when any was; a table for one game; --from-record writes a record's sheet."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.conftest import riichi_command, riichi_env

DATA = Path(__file__).resolve().parents[1] / "data"
GOOD = {"rules": "tenhou", "hands": [{"result": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}],
                                      "riichi": [2]}]}
#: East 1 drawn with nobody tenpai (the deal passes: East 2, honba 1), then a winner who is the discarder.
IMPOSSIBLE = {"rules": "tenhou", "hands": [{"result": "draw"}, {"result": "ron", "from": 1,
                                                                 "wins": [{"winner": 1, "han": 1, "fu": 30}]}]}


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(riichi_command("sheet", *args), input=stdin, capture_output=True, text=True,
                          env=riichi_env(), timeout=120, check=False)


def test_every_line_is_answered_in_order_and_a_bad_one_does_not_stop_the_batch() -> None:
    lines = [json.dumps(GOOD), "{not json", json.dumps(IMPOSSIBLE), "", json.dumps({**GOOD, "hands": []}),
             json.dumps({"rules": "tenhou", "final_scores": [45000, 30000, 15000, 9000], "leftover_sticks": 1})]
    p = _run("--jsonl", stdin="\n".join(lines) + "\n")
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert p.returncode == 1 and len(out) == 6
    assert out[0]["hands"][0]["deltas"] == [0, 8700, -7700, 0]
    assert out[1]["error"]["code"] == "invalid_input" and "not valid JSON" in out[1]["error"]["message"]
    assert out[2]["error"] == {"code": "impossible_hand", "hand": 1, "field": "wins[0].winner",
                               "message": "hand 1 (E2-1), wins[0].winner: seat 1 is the discarder: nobody rons "
                                          "their own discard"}
    assert out[3]["error"]["code"] == "invalid_input"
    assert out[4]["hands"] == [] and out[4]["next"]["dealer"] == 0
    assert out[5]["final_points"] == [56.0, 10.0, -25.0, -41.0] and out[5]["end"] is None


def test_good_lines_exit_0() -> None:
    assert _run("--jsonl", stdin=json.dumps(GOOD) + "\n").returncode == 0


def test_one_game_as_a_table(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**GOOD, "names": ["Ann", "Bo", "Cy", "Di"]}), encoding="utf-8")
    p = _run(str(path))
    assert p.returncode == 0, p.stderr
    assert "Ann" in p.stdout and "+8,700" in p.stdout and "next: E2, seat 1 dealing" in p.stdout
    path.write_text(json.dumps(IMPOSSIBLE), encoding="utf-8")
    p = _run(str(path))
    assert p.returncode == 1 and "error (impossible_hand): hand 1 (E2-1), wins[0].winner" in p.stderr


def test_usage_errors_exit_2() -> None:
    assert _run().returncode == 2
    assert _run("--jsonl", "x.json").returncode == 2
    assert _run("--rules", "wrc", "x.json").returncode == 2


def test_from_record_writes_a_sheet_that_scores_as_the_record() -> None:
    log = DATA / "games" / "logs" / "2010081709gm-00a9-0000-fe3371ad.xml"
    p = _run("--from-record", str(log))
    assert p.returncode == 0, p.stderr
    sheet = json.loads(p.stdout)
    assert sheet["rules"] == {"preset": "tenhou", "final_rounding": "thousands"}  # a 2010 record: whole thousands
    assert sheet["hands"][0] == {"result": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}],
                                 "riichi": [2]}
    scored = _run("--jsonl", stdin=p.stdout)
    assert json.loads(scored.stdout)["final_scores"] == [20100, 35800, 5200, 38900]  # the record's own
    bad = _run("--from-record", str(log), str(DATA / "no-such-record.xml"))
    assert bad.returncode == 1 and len(bad.stdout.splitlines()) == 1 and "no-such-record.xml" in bad.stderr


def test_a_fault_nobody_foresaw_is_that_lines_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # The batch goes on past any failure: a scoring fault (forced here) is the line's error, named as such.
    from riichi.cli import sheet as cli_sheet

    def broken(game: object) -> object:
        raise TypeError("forced")

    good = cli_sheet.answer(json.dumps(GOOD))
    monkeypatch.setattr(cli_sheet, "score_sheet", broken)
    out = cli_sheet.answer(json.dumps(GOOD))
    assert out["error"]["code"] == "internal_error" and "TypeError: forced" in out["error"]["message"]
    assert "hands" in good


def test_the_table_keeps_its_columns_with_wide_names_and_a_double_ron(tmp_path: Path) -> None:
    # The score-sheet contract's example game (SCORESHEET.md): its last hand is a double ron, the longest result
    # cell ("ron 1:48000 yakuman, 2:5200", 27 characters), and the players here have Japanese names, two
    # terminal cells a character. Every row's columns must end where the header's names end.
    from riichi.cli.columns import cell_width

    game = {"rules": "tenhou", "names": ["反陽子さん", "B", "でこじ", "デジタル仙人"], "hands": [
        {"result": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}], "riichi": [2]},
        {"result": "draw", "tenpai": [1, 2], "riichi": [1]},
        {"result": "tsumo", "wins": [{"winner": 1, "han": 2, "fu": 30}]},
        {"result": "ron", "from": 0, "wins": [{"winner": 1, "yakuman": 1, "pao": 3},
                                              {"winner": 2, "han": 3, "fu": 40}]}]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    p = _run(str(path))
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert "ron 1:48000 yakuman, 2:5200" in p.stdout and "-29,200" in p.stdout
    assert len({cell_width(line) for line in lines if not line.startswith("(")}) == 1, p.stdout


def test_a_file_of_json_lines_given_as_one_game_points_at_jsonl(tmp_path: Path) -> None:
    # two games, one a line, are not one JSON value: the error says so and names the command that reads them
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(GOOD) + "\n" + json.dumps(GOOD) + "\n", encoding="utf-8")
    p = _run(str(path))
    assert p.returncode == 1 and "not valid JSON at line 2, column 1: Extra data" in p.stderr
    assert f"riichi sheet --jsonl < {path}" in p.stderr
