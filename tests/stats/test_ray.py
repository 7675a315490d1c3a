"""``--engine ray``: Ray Data in local mode (one Ray for the session) gives the same rows as the local engine."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="the Ray engine's tests need the ray extra: pip install '.[ray]'")

from riichi.stats import TABLES, build, connect

from .conftest import LOGS

#: A subset of the games, spread over the years, so that a Ray start-up and a run stay a few seconds.
FILES = [os.path.abspath(f) for f in sorted(LOGS.glob("*.xml"))[::25]]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    ray.data.DataContext.get_current().enable_progress_bars = False
    yield
    ray.shutdown()


def test_ray_gives_the_same_rows_as_the_local_engine(tmp_path: Path, local_ray: None) -> None:
    local = build(FILES, tmp_path / "local", workers=2)
    on_ray = build(FILES, tmp_path / "ray", engine="ray")
    assert (on_ray.engine, on_ray.replayed, on_ray.complete, on_ray.hands) == ("ray", 7, 7, local.hands)
    a, b = connect(tmp_path / "local"), connect(tmp_path / "ray")
    for table, columns in TABLES.items():
        names = ", ".join(f'"{n}"' for n, _ in columns)
        rows_a = sorted(map(repr, a.execute(f"SELECT {names} FROM {table}").fetchall()))
        rows_b = sorted(map(repr, b.execute(f"SELECT {names} FROM {table}").fetchall()))
        assert rows_a == rows_b, table
        assert a.execute(f"DESCRIBE {table}").fetchall() == b.execute(f"DESCRIBE {table}").fetchall(), table
    assert a.execute("SELECT count(*) FROM seat_kyoku").fetchall() == [(4 * local.hands,)]
    # incremental on Ray too: nothing replayed again, a copy met in the same run replayed once
    again = build([*FILES, FILES[0]], tmp_path / "ray", engine="ray")
    assert (again.records, again.replayed, again.skipped) == (8, 0, 8)
    # a file that is not there is listed in failures, as the local engine lists it
    missing = str(tmp_path / "missing.xml")
    gone = build([missing], tmp_path / "ray", engine="ray")
    assert (gone.records, gone.failed) == (1, 1)
    assert b.execute("SELECT count(*) FROM failures").fetchall() == [(0,)]  # b was opened before: its own files
    assert connect(tmp_path / "ray").execute("SELECT file, code FROM failures").fetchall() == [
        (missing, "no_such_file")]


def test_the_command_runs_on_ray(tmp_path: Path, local_ray: None, capsys: pytest.CaptureFixture[str]) -> None:
    from riichi.cli import main

    assert main(["stats", *FILES[:2], "--out", str(tmp_path / "t"), "--engine", "ray", "--no-report"]) == 0
    text = capsys.readouterr().out
    assert "2 records: 2 replayed, 0 already in" in text and "(2 to the end of the game" in text
    assert connect(tmp_path / "t").execute("SELECT count(*) FROM games").fetchall() == [(2,)]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs as POSIX has them")
def test_ray_refuses_what_riichi_replay_refuses_and_counts_a_game_once(tmp_path: Path, local_ray: None) -> None:
    # issue 35: a FIFO given to Ray's reader hung it; the same game as mjlog and as tenhou.net/6 counted twice
    from .conftest import GAMES

    os.mkfifo(tmp_path / "pipe.xml")
    xml_record = str(LOGS / "2019103023gm-00a9-0000-f90e0fe9.xml")
    json_record = str(GAMES / "tenhou6" / "2019103023gm-00a9-0000-f90e0fe9.json")
    result = build([xml_record, json_record, str(tmp_path / "pipe.xml")], tmp_path / "t", engine="ray")
    assert (result.records, result.replayed, result.skipped, result.complete, result.failed) == (3, 2, 1, 1, 1)
    con = connect(tmp_path / "t")
    # sorted here, not by the checkout's place beside the temporary folder
    assert sorted(con.execute("SELECT file, status FROM records").fetchall()) == sorted([
        (str(tmp_path / "pipe.xml"), "failed"), (xml_record, "complete"), (json_record, "duplicate")])
    assert con.execute("SELECT message FROM failures").fetchall() == [
        ("cannot read the file: it is a FIFO (named pipe), not a regular file",)]
    (games, hands), = con.execute("SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM kyoku)").fetchall()
    assert (games, hands) == (1, result.hands)
