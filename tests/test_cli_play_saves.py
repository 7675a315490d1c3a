"""``riichi play --save`` writes each game whole or not at all (issue 24): past a file-size limit or into a
folder it cannot make, the run stopped with a traceback and left a game file cut mid-line under its final name.
Now: one error line, exit status 1, and only complete games in the folder; Ctrl-C says how many were saved."""

from __future__ import annotations

import json
import resource
import signal
import subprocess
import time
from pathlib import Path

import pytest

from riichi.cli import main
from riichi.formats.mjai import read_mjai
from tests.conftest import riichi_command, riichi_env

ROOT = Path(__file__).resolve().parents[1]


def _play(*args: str, limit: int | None = None) -> subprocess.Popen[str]:
    def small_files() -> None:
        if limit is not None:  # as `ulimit -f`: a write past it fails with EFBIG (Python ignores SIGXFSZ)
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.Popen(riichi_command("play", "--seed", "3", *args), cwd=ROOT, env=riichi_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=small_files)


def _complete(folder: Path) -> list[str]:
    """The games of ``folder``, each checked complete: mjai from start_game to end_game that reads cleanly."""
    names = sorted(p.name for p in folder.iterdir())
    for name in names:
        text = (folder / name).read_text(encoding="utf-8")
        lines = [json.loads(line) for line in text.splitlines()]
        assert lines[0]["type"] == "start_game" and lines[-1]["type"] == "end_game", name
        assert read_mjai(text).errors == ()
    return names


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="file-size limits are POSIX")
def test_a_file_size_limit_is_one_error_line_and_no_cut_game(tmp_path: Path) -> None:
    # A saved game is tens of kilobytes: a limit of 4 KB stops the first.
    run = _play("--games", "3", "--save", str(tmp_path), limit=4096)
    out, err = run.communicate(timeout=120)
    assert run.returncode == 1
    assert err.splitlines() == [f"riichi play: error (write_error): cannot save game-0000.mjson into {tmp_path}: "
                                "File too large; no game saved"]
    assert list(tmp_path.iterdir()) == []  # neither the cut game nor its temporary file


def test_a_folder_that_cannot_be_made_is_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("a file, not a folder", encoding="utf-8")
    assert main(["play", "--games", "1", "--save", str(tmp_path / "file" / "games")]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"riichi play: error (write_error): cannot write into {tmp_path / 'file' / 'games'}: Not a directory"]


def test_ctrl_c_leaves_only_complete_games_and_says_how_many(tmp_path: Path) -> None:
    run = _play("--games", "500", "--save", str(tmp_path), "--players", "tsumogiri,tsumogiri,tsumogiri,tsumogiri")
    deadline = time.monotonic() + 60
    while len([p for p in tmp_path.iterdir() if not p.name.startswith(".")]) < 3:
        assert time.monotonic() < deadline and run.poll() is None, "no game saved"
        time.sleep(0.01)
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130
    saved = _complete(tmp_path)
    assert not any(name.startswith(".") for name in saved)  # no temporary file left
    assert saved == [f"game-{i:04d}.mjson" for i in range(len(saved))]
    assert err.splitlines()[-1] == f"riichi play: interrupted; {len(saved)} complete games saved"
