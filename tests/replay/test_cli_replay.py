"""``riichi replay`` as the replay contract describes it: JSON lines, the table, exit status 0 / 1 / 2,
folders and globs, errors that never stop the other files, and --write."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from riichi.cli import main
from tests.conftest import riichi_command, riichi_env

GAMES = Path(__file__).parent.parent / "data" / "games"
GAME = GAMES / "logs" / "2010091009gm-00a9-0000-83af2648.xml"  # 8 hands: a double ron, a yakuman, a bust


def _lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def test_jsonl_matches_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--jsonl", str(GAME)]) == 0
    out = _lines(capsys.readouterr().out)
    assert [o["type"] for o in out] == ["kyoku"] * 8 + ["game_end"]
    assert all(o["matches_log"] is True for o in out)
    assert out[7]["wins"][0]["yakuman"] == [{"name": "daisangen", "multiplier": 1}] and out[7]["game_over"] is True


def test_a_difference_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    altered = tmp_path / GAME.name
    altered.write_text(GAME.read_text(encoding="utf8").replace('ten="30,7700,0"', 'ten="30,8000,0"', 1),
                       encoding="utf8")
    assert main(["replay", "--jsonl", str(altered)]) == 1
    out = _lines(capsys.readouterr().out)
    assert [o["mismatches"] for o in out if o["matches_log"] is False] == [["wins[1].points"]]


def test_folder_with_an_unreadable_file_goes_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(GAME, tmp_path / "b.xml")
    (tmp_path / "a.xml").write_text("<mjloggm><GO type=\"169\"/><INIT seed=\"1\"/>", encoding="utf8")
    (tmp_path / "notes.md").write_text("not a record", encoding="utf8")  # not a record's suffix: skipped
    assert main(["replay", "--jsonl", str(tmp_path)]) == 1
    out = _lines(capsys.readouterr().out)
    assert out[0]["type"] == "error" and out[0]["file"].endswith("a.xml")
    assert "INIT seed has 1 values" in out[0]["error"]["message"]
    assert sum(o["type"] == "kyoku" for o in out) == 8 and out[-1]["type"] == "game_end"


def test_glob_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(GAMES / "logs" / "2010091009gm-*.xml")]) == 0
    text = capsys.readouterr().out
    assert "S2-0" in text and "daisangen" in text and text.rstrip().endswith("1 file, 8 hands, 0 differing, 0 errors")


def test_bad_usage_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--rules", "nope", str(GAME)]) == 2
    assert "--rules" in capsys.readouterr().err


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6", "mjlog"])
def test_write_then_replay(fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--write", fmt, "--out", str(tmp_path), str(GAME)]) == 0
    written = next(tmp_path.iterdir())
    capsys.readouterr()
    assert main(["replay", "--jsonl", str(GAME)]) == 0
    original = [o for o in _lines(capsys.readouterr().out) if o["type"] == "kyoku"]
    assert main(["replay", "--jsonl", str(written)]) == 0
    converted = [o for o in _lines(capsys.readouterr().out) if o["type"] == "kyoku"]
    keep = ("file", "log")
    assert [{k: v for k, v in o.items() if k not in keep} for o in converted] == [
        {k: v for k, v in o.items() if k not in keep} for o in original]


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6", "mjlog"])
def test_played_games_saved_in_each_format_replay_matching(fmt: str, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    # riichi play --save DIR --format F writes records that riichi replay replays with every hand matching.
    assert main(["play", "--games", "2", "--seed", "5", "--save", str(tmp_path), "--format", fmt]) == 0
    assert len(list(tmp_path.iterdir())) == 2
    capsys.readouterr()
    assert main(["replay", "--jsonl", str(tmp_path)]) == 0
    out = _lines(capsys.readouterr().out)
    assert sum(o["type"] == "game_end" for o in out) == 2
    assert all(o["matches_log"] is True for o in out if o["type"] == "kyoku")


def test_workers_write_what_one_process_writes(tmp_path: Path) -> None:
    # a dozen real games, one altered (exit status 1) and one unreadable (an error line), replayed in two worker
    # processes: the same lines in the same order (the files' name order) as one process writes
    for game in sorted((GAMES / "logs").glob("*.xml"))[:12]:
        shutil.copy(game, tmp_path / game.name)
    (tmp_path / "0-broken.xml").write_text("<mjloggm><GO type=\"169\"/><INIT seed=\"1\"/>", encoding="utf8")
    altered = tmp_path / GAME.name
    altered.write_text(GAME.read_text(encoding="utf8").replace('ten="30,7700,0"', 'ten="30,8000,0"', 1),
                       encoding="utf8")
    one = subprocess.run(riichi_command("replay", "--jsonl", str(tmp_path)), env=riichi_env(),
                         capture_output=True, check=False, timeout=600)
    two = subprocess.run(riichi_command("replay", "--jsonl", "--workers", "2", str(tmp_path)), env=riichi_env(),
                         capture_output=True, check=False, timeout=600)
    assert one.returncode == two.returncode == 1
    assert two.stdout == one.stdout
    out = _lines(two.stdout.decode())
    assert out[0]["type"] == "error" and out[0]["file"].endswith("0-broken.xml")
    assert sum(o["type"] == "game_end" for o in out) == 12
    assert [o["mismatches"] for o in out if o.get("matches_log") is False] == [["wins[1].points"]]


def test_a_missing_file_is_no_such_file_and_the_batch_goes_on(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    # issue 30: a name that matches nothing was `invalid_log` "cannot read the file: No such file or directory"
    missing = str(tmp_path / "nowhere.xml")
    assert main(["replay", "--jsonl", missing, str(GAME)]) == 1
    out = _lines(capsys.readouterr().out)
    assert out[0] == {"type": "error", "file": missing, "game": 0,
                      "error": {"code": "no_such_file", "message": "no such file"}}
    assert [o["type"] for o in out[1:]] == ["kyoku"] * 8 + ["game_end"]
    assert main(["replay", missing, str(GAME)]) == 1
    table = capsys.readouterr().out
    assert f"{missing}: error (no_such_file): no such file" in table and "2 files, 8 hands, 0 differing, 1 error" in table
    assert main(["replay", "--write", "mjai", "--out", str(tmp_path / "out"), missing, str(GAME)]) == 1
    assert f"riichi replay: {missing}: error (no_such_file): no such file" in capsys.readouterr().err
    assert (tmp_path / "out" / (GAME.name.split(".")[0] + ".mjson")).is_file()  # the other file is converted


def test_the_table_has_one_key_for_its_columns(capsys: pytest.CaptureFixture[str]) -> None:
    # issue 30: rows such as "3 ron<2 3h40 5200" were unexplained. The key's example is this record's first
    # hand: the JSON lines say seat 3 won by ron off seat 2 with 3 han 40 fu for 5200, deltas [0, 0, -5200, 5200].
    assert main(["replay", "--jsonl", str(GAME)]) == 0
    first = _lines(capsys.readouterr().out)[0]
    assert first["deltas"] == [0, 0, -5200, 5200]
    assert {k: first["wins"][0][k] for k in ("winner", "from", "han", "fu", "points")} == {
        "winner": 3, "from": 2, "han": 3, "fu": 40, "points": 5200}
    assert main(["replay", str(GAME), str(GAME)]) == 0
    text = capsys.readouterr().out
    assert "  E1-0   3 ron<2 3h40 5200 " in text and "[0, 0, -5200, 5200]" in text
    assert text.count("key:") == 1  # once for the two files, under the table, above the totals
    key = text[text.index("key:"):]
    assert "E1-0                 East 1, honba 0" in key
    assert "3 ron<2 3h40 5200    seat 3 wins by ron off seat 2 (tsumo: by self-draw) with 3 han 40 fu" in key
    assert "[0, 0, -5200, 5200]  each seat's score change, seat 0 first" in key
    assert key.splitlines()[-1] == "2 files, 16 hands, 0 differing, 0 errors"


def test_mjai_is_written_as_mjson_everywhere_and_jsonl_is_read_too(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # issue 30: play --save wrote .mjson and replay --write .jsonl. Both now write the suffix of the mjai
    # server's own logs (gimite/mjai names them .mjson); a folder's .jsonl files are still replayed.
    assert main(["play", "--games", "1", "--seed", "5", "--save", str(tmp_path / "played"), "--format", "mjai"]) == 0
    assert main(["replay", "--write", "mjai", "--out", str(tmp_path / "written"), str(GAME)]) == 0
    assert [p.name for p in (tmp_path / "played").iterdir()] == ["game-0000.mjson"]
    assert [p.name for p in (tmp_path / "written").iterdir()] == [GAME.name.split(".")[0] + ".mjson"]
    both = tmp_path / "both"
    both.mkdir()
    shutil.copy(tmp_path / "written" / (GAME.name.split(".")[0] + ".mjson"), both / "a.mjson")
    shutil.copy(tmp_path / "written" / (GAME.name.split(".")[0] + ".mjson"), both / "b.jsonl")
    capsys.readouterr()
    assert main(["replay", "--jsonl", str(both)]) == 0
    ends = [o for o in _lines(capsys.readouterr().out) if o["type"] == "game_end"]
    assert [Path(o["file"]).name for o in ends] == ["a.mjson", "b.jsonl"]


def test_messages_count_hands_and_events_from_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # issue 30: messages said "event 2 of hand 1" for the second hand's third event. The record as mjai, the
    # second hand's first discard changed to a tile the discarder does not hold: that hand's events are the deal,
    # the dealer's draw and this discard, so it is hand 2, event 3 in messages, and kyoku 1 in the JSON field.
    from riichi.formats.detect import read_record  # noqa: PLC0415
    from riichi.replay.convert import write_record  # noqa: PLC0415

    lines = write_record(read_record(GAME.read_bytes(), name=GAME.name), "mjai").splitlines()
    second = [i for i, line in enumerate(lines) if '"start_kyoku"' in line][1]
    assert '"tsumo"' in lines[second + 1] and '"dahai"' in lines[second + 2]
    lines[second + 2] = json.dumps({**json.loads(lines[second + 2]), "pai": "C"})
    path = tmp_path / "changed.mjson"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", "--jsonl", str(path)]) == 1
    [error] = [o for o in _lines(capsys.readouterr().out) if o["type"] == "error"]
    assert error["kyoku"] == 1 and error["error"]["code"] == "illegal_action"
    assert error["error"]["message"].startswith("hand 2, event 3 (discard 1 7z): ")
    assert main(["replay", str(path)]) == 1
    table = capsys.readouterr().out
    # the table names the hand once: the message starts with it
    assert f"{path}: error (illegal_action): hand 2, event 3 (discard 1 7z): " in table
    # A reader's error within a hand (the record cut inside its second hand, kyoku 1): the table puts the hand
    # before it, counted from 1 as the message counts it.
    text = GAME.read_text(encoding="utf-8")
    cut = tmp_path / "cut.xml"
    cut.write_text(text[:text.index("<INIT", text.index("<INIT") + 1) + 300], encoding="utf-8")
    assert main(["replay", str(cut)]) == 1
    assert re.search(rf"{re.escape(str(cut))} hand 2: error \(invalid_log\): event \d+: the record ends inside "
                     r"hand 2 \(no AGARI or RYUUKYOKU\)", capsys.readouterr().out)


def test_write_out_saves_each_file_whole_or_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A folder that cannot be made (a file stands in its place): one error line naming the file, exit 1, and no
    # file written; into a real folder the conversion is there whole, with no temporary file left beside it.
    game = str(GAMES / "logs" / "2010081709gm-00a9-0000-fe3371ad.xml")
    (tmp_path / "taken").write_text("a file, not a folder", encoding="utf-8")
    assert main(["replay", "--write", "mjai", "--out", str(tmp_path / "taken" / "out"), game]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "error (write_error): cannot write" in err[0] and "Not a directory" in err[0]
    assert main(["replay", "--write", "mjai", "--out", str(tmp_path / "out"), game]) == 0
    written = list((tmp_path / "out").iterdir())
    assert [p.name for p in written] == ["2010081709gm-00a9-0000-fe3371ad.mjson"]
    assert written[0].read_text(encoding="utf-8").splitlines()[-1].startswith('{"type":"end_game"')
