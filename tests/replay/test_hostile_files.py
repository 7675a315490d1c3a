"""``riichi replay`` on files that are not records to read whole (issue 24): a link to ``/dev/zero`` grew to
gigabytes, a FIFO nobody writes to hung the command, a sparse file of 2 GB cost 2-4 GB of memory before its
error, and a record that raised (JSON nested 1,000 deep, a tile id of 2^62) stopped ``--workers 2`` with a
traceback, so the files after it were never replayed. Each is now an error line for its file, and the
batch goes on to the real game after it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from riichi.cli import main
from riichi.replay.sources import MAX_FILE, read_file
from tests.conftest import riichi_command, riichi_env

ROOT = Path(__file__).resolve().parents[2]
GAME = Path(__file__).parent.parent / "data" / "games" / "logs" / "2010091009gm-00a9-0000-83af2648.xml"  # 8 hands

needs_posix = pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
                                 reason="FIFOs and /dev/zero are POSIX")


def _hostile_folder(folder: Path) -> None:
    os.mkfifo(folder / "a-fifo.xml")
    (folder / "b-zero.xml").symlink_to("/dev/zero")
    with open(folder / "c-sparse.xml", "wb") as f:  # 2 GB that take no room on disk
        f.truncate(2 * 1024**3)
    (folder / "d-deep.json").write_text('{"log": ' + "[" * 1000 + "]" * 1000 + "}", encoding="utf8")
    (folder / "e-huge-id.xml").write_text('<mjloggm ver="2.3"><GO type="169"/><T4611686018427387904/>',
                                          encoding="utf8")
    shutil.copy(GAME, folder / "f-game.xml")


@needs_posix
@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_folder_of_hostile_files_gives_an_error_line_each_and_replays_the_game(tmp_path: Path,
                                                                                 workers: str) -> None:
    _hostile_folder(tmp_path)
    started = time.monotonic()
    done = subprocess.run(riichi_command("replay", "--jsonl", "--workers", workers, str(tmp_path)),
                          cwd=ROOT, env=riichi_env(), capture_output=True, text=True,
                          timeout=120, check=False)
    assert time.monotonic() - started < 60
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    errors = {Path(o["file"]).name: o["error"]["message"] for o in out if o["type"] == "error"}
    assert errors["a-fifo.xml"] == "cannot read the file: it is a FIFO (named pipe), not a regular file"
    assert errors["b-zero.xml"] == "cannot read the file: it is a character device, not a regular file"
    assert errors["c-sparse.xml"] == (f"cannot read the file: it is {2 * 1024**3:,} bytes long; "
                                      f"at most {MAX_FILE:,} are read")
    assert "nested more than 32 levels deep" in errors["d-deep.json"]
    assert "at most 9 digits" in errors["e-huge-id.xml"]
    game = [o for o in out if o["file"].endswith("f-game.xml")]
    assert [o["type"] for o in game] == ["kyoku"] * 8 + ["game_end"]


@needs_posix
def test_the_table_and_the_conversion_say_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(tmp_path / "pipe.xml")
    assert main(["replay", str(tmp_path / "pipe.xml"), str(GAME)]) == 1
    out = capsys.readouterr().out
    assert "pipe.xml: error (invalid_log): cannot read the file: it is a FIFO (named pipe), not a regular file" in out
    assert "1 file" not in out and "2 files, 8 hands" in out
    assert main(["replay", "--write", "mjai", "--out", str(tmp_path / "out"), str(tmp_path / "pipe.xml")]) == 1
    assert "it is a FIFO (named pipe), not a regular file" in capsys.readouterr().err


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "big.xml"
    path.write_bytes(b"x" * 101)
    with pytest.raises(OSError, match="it is 101 bytes long; at most 100 are read"):
        read_file(str(path), limit=100)
    assert read_file(str(path), limit=101) == b"x" * 101
