"""Folders and globs with links to folders (issue 35): a recursive glob went through a link to the folder itself
41 times (until the system's limit on links in a path), and with two such links never ended, in ``riichi replay``
and ``riichi stats``. ``**`` now goes into folders only, never through a link, as the folder walk already did;
a link to a folder is read when it is named."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from riichi.replay.sources import expand_paths
from tests.conftest import riichi_command, riichi_env

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "tests" / "data" / "games" / "logs" / "2010091009gm-00a9-0000-83af2648.xml"  # 8 hands

links = pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="links to folders as POSIX has them")


def _looped(folder: Path) -> Path:
    """logs/a.xml, logs/deep/b.xml, a link to logs inside logs and one to the folder above inside deep."""
    logs = folder / "logs"
    (logs / "deep").mkdir(parents=True)
    shutil.copy(GAME, logs / "a.xml")
    shutil.copy(GAME, logs / "deep" / "b.xml")
    (logs / "self").symlink_to(".")
    (logs / "deep" / "up").symlink_to("..")
    return logs


@links
def test_a_glob_through_a_link_to_its_own_folder_names_each_file_once(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(GAME, logs / "a.xml")
    (logs / "self").symlink_to(".")
    assert list(expand_paths([str(logs / "**" / "*.xml")])) == [str(logs / "a.xml")]  # was 41 times
    assert list(expand_paths([str(logs)])) == [str(logs / "a.xml")]


@links
def test_globs_match_as_glob_does_without_following_links_down(tmp_path: Path) -> None:
    logs = _looped(tmp_path)
    (logs / ".hidden.xml").write_text("", encoding="utf-8")
    expected = [str(logs / "a.xml"), str(logs / "deep" / "b.xml")]
    assert list(expand_paths([str(logs / "**" / "*.xml")])) == expected
    assert list(expand_paths([str(logs / "**")])) == expected
    assert list(expand_paths([str(logs / "**" / "**" / "*.xml")])) == expected
    assert list(expand_paths([str(logs / "*.xml")])) == [str(logs / "a.xml")]  # a dot name is not matched by *
    assert list(expand_paths([str(logs / ".*.xml")])) == [str(logs / ".hidden.xml")]
    # a link named in the pattern is a folder like any other: one level, no loop
    assert list(expand_paths([str(logs / "self" / "*.xml")])) == [str(logs / "self" / "a.xml")]
    # relative patterns give relative names
    old = Path.cwd()
    os.chdir(tmp_path)
    try:
        assert list(expand_paths(["logs/**/*.xml"])) == [os.path.join("logs", "a.xml"),
                                                           os.path.join("logs", "deep", "b.xml")]
    finally:
        os.chdir(old)


@links
@pytest.mark.parametrize("command", ["replay", "stats"])
def test_two_link_loops_end_and_each_game_is_replayed_once(tmp_path: Path, command: str) -> None:
    logs = _looped(tmp_path)
    pattern = str(logs / "**" / "*.xml")
    args = ["replay", "--jsonl", pattern] if command == "replay" else [
        "stats", pattern, "--out", str(tmp_path / "tables"), "--no-report", "--workers", "1"]
    done = subprocess.run(riichi_command(*args), cwd=ROOT, env=riichi_env(), capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    if command == "replay":
        ends = [json.loads(line)["file"] for line in done.stdout.splitlines() if '"game_end"' in line]
        assert ends == [str(logs / "a.xml"), str(logs / "deep" / "b.xml")]
    else:  # the same record twice: one replayed, one known by its content
        assert "2 records: 1 replayed, 1 already in" in done.stdout
