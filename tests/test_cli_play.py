"""``riichi play``: self-play from the command line, reproducible from its seed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riichi.cli import main
from riichi.formats.mjai import read_mjai
from riichi.game.events import GameEnd
from riichi.game.game import Game
from riichi.rules import TENHOU


def _summary(capsys: pytest.CaptureFixture[str], *args: str) -> dict:  # type: ignore[type-arg]
    assert main(["play", *args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    out.pop("seconds")  # the only field that depends on the clock
    return out  # type: ignore[no-any-return]


def test_the_same_seed_plays_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    first = _summary(capsys, "--games", "2", "--seed", "7", "--players", "random,tsumogiri,efficient,efficient")
    again = _summary(capsys, "--games", "2", "--seed", "7", "--players", "random,tsumogiri,efficient,efficient")
    assert first == again
    other = _summary(capsys, "--games", "2", "--seed", "8", "--players", "random,tsumogiri,efficient,efficient")
    assert other != first
    assert first["games"] == 2 and first["hands"] >= 8  # noqa: PLR2004 - a hanchan has at least eight hands
    seats = first["seats"]
    assert [sum(s["placements"]) for s in seats] == [2, 2, 2, 2]
    assert abs(sum(s["average_points"] for s in seats)) < 0.05  # noqa: PLR2004 - uma and oka sum to zero


def test_the_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--games", "1", "--seed", "1", "--rules", "wrc"]) == 0
    out = capsys.readouterr().out
    assert "1 games" in out and "under wrc" in out and "yaku per win" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "random,random"], "four"),
    (["--players", "random,random,random,genius"], "unknown player 'genius'"),
    (["--rules", "nosuch"], "nosuch"),
    (["--games", "0"], "at least 1"),
])
def test_bad_usage(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert main(["play", *args]) == 2  # noqa: PLR2004
    assert message in capsys.readouterr().err


def test_saved_games_are_mjai_that_replays_to_the_same_results(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # Each saved game is mjai JSON lines (red fives as 5mr, hora and ryukyoku with deltas); read back and
    # applied to a fresh Game, it gives the same score changes hand by hand and ends where the game ended;
    # saving is reproducible.
    assert main(["play", "--games", "2", "--seed", "3", "--save", str(tmp_path / "a"), "--format", "mjai"]) == 0
    assert main(["play", "--games", "2", "--seed", "3", "--save", str(tmp_path / "b")]) == 0
    capsys.readouterr()
    files = sorted((tmp_path / "a").iterdir())
    assert [f.name for f in files] == ["game-0000.mjson", "game-0001.mjson"]
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert text == (tmp_path / "b" / f.name).read_text(encoding="utf-8")
        lines = [json.loads(line) for line in text.splitlines()]
        assert lines[0]["type"] == "start_game" and lines[-1]["type"] == "end_game"
        assert all("deltas" in line for line in lines if line["type"] in ("hora", "ryukyoku"))
        record = read_mjai(text)
        assert record.errors == ()
        game = Game(TENHOU)
        for hand in record.hands:
            for event in hand.events:
                game.apply(event)  # type: ignore[arg-type]
            result = game.hand_result
            assert result is not None and hand.stated.deltas == result.deltas
        assert game.is_over
        game.apply(GameEnd())


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6", "mjlog"])
def test_three_player_games_play_and_save_in_every_format(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         fmt: str) -> None:
    # Under tenhou-sanma three efficient players sit down by default; each saved game, read back in its
    # format, replays with every hand matching the results written beside it and the same final scores.
    from riichi.formats.detect import read_record  # noqa: PLC0415
    from riichi.replay import replay_game  # noqa: PLC0415

    summary = _summary(capsys, "--games", "1", "--seed", "5", "--rules", "tenhou-sanma")
    assert summary["rules"] == "tenhou-sanma" and len(summary["seats"]) == 3  # noqa: PLR2004
    assert [len(s["placements"]) for s in summary["seats"]] == [3, 3, 3]
    assert main(["play", "--games", "1", "--seed", "5", "--rules", "tenhou-sanma", "--save", str(tmp_path),
                 "--format", fmt]) == 0
    capsys.readouterr()
    (saved,) = tmp_path.iterdir()
    out = list(replay_game(read_record(saved.read_bytes(), fmt, name=saved.name), file=saved.name))
    assert [o for o in out if o["type"] == "error"] == []
    assert all(o["matches_log"] is True and len(o["deltas"]) == 3 for o in out if o["type"] == "kyoku")  # noqa: PLR2004
    assert out[-1]["type"] == "game_end" and out[-1]["matches_log"] is True


def test_three_player_rules_take_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--rules", "tenhou-sanma", "--players", "random,random,random,random"]) == 2  # noqa: PLR2004
    assert "three of" in capsys.readouterr().err


def test_the_text_summary_says_its_units(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # issue 30: "avg points -5.7" named no unit. One game, so points/game is that game's final points: the
    # saved record's end_game points (thousands, after uma and oka, as the rules pay them), seat by seat.
    assert main(["play", "--games", "1", "--seed", "1", "--save", str(tmp_path), "--format", "mjai"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    header = lines[1].split()
    assert header[header.index("points/game") - 2:header.index("points/game") + 1] == ["avg", "place", "points/game"]
    shown = [float(line.split()[-3]) for line in lines[2:6]]  # the column before win rate and deal-in rate
    (saved,) = tmp_path.iterdir()
    end = json.loads(saved.read_text(encoding="utf-8").splitlines()[-1])
    assert end["type"] == "end_game" and shown == end["points"]
    assert "points/game the average final points of a game\n     (thousands, after uma and oka)" in out
    assert out.count("key:") == 1


def test_the_text_summary_columns_fit_the_longest_player_name(capsys: pytest.CaptureFixture[str]) -> None:
    # A seated mjai bot is named by its command ("mjai:riichi bot efficient", 25 characters): the placements
    # and rates must still stand under their headings, every row as long as the header and each number
    # ending where its heading ends.
    assert main(["play", "--games", "1", "--seed", "2", "--seat", "1=mjai:riichi bot efficient"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header, rows = lines[1], lines[2:6]
    assert "mjai:riichi bot efficient" in rows[1]
    for heading in ("1st", "4th", "avg place", "points/game", "deal-in rate"):
        end = header.index(heading) + len(heading)
        assert all(row[end - 1] != " " and (end == len(row) or row[end] == " ") for row in rows), heading
    assert {len(row) for row in rows} == {len(header)}
