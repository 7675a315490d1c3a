"""Batches never lose a line silently (issue 24): killing one worker of ``riichi score --jsonl --workers 2``
ended the run with a ``BrokenProcessPool`` traceback after 83,456 of 400,000 lines. A worker that dies is now
replaced and the chunks it held are answered again; a chunk that kills its workers every time stops the command
with one line naming the first line not answered, and exit status 1."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from riichi.cli.batch import ATTEMPTS, CHUNK_LINES, WorkerLost, answer_lines, in_order
from riichi.formats.interchange import score_line
from tests.conftest import riichi_command, riichi_env

ROOT = Path(__file__).resolve().parents[1]
WINS = Path(__file__).parent / "data" / "tenhou" / "wins.jsonl"
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="workers are forked, and killed, on Linux")


def die_once_on_seven(marker: str, item: int) -> int:
    """``item * 10``; the first worker to meet item 7 dies (SIGKILL), as one killed from outside does."""
    if item == 7 and not os.path.exists(marker):  # noqa: PLR2004
        Path(marker).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return item * 10


def always_die_on_seven(item: int) -> int:
    if item == 7:  # noqa: PLR2004
        os.kill(os.getpid(), signal.SIGKILL)
    return item * 10


def test_a_worker_that_dies_is_replaced_and_its_item_answered_again(tmp_path: Path) -> None:
    from functools import partial

    results = list(in_order(partial(die_once_on_seven, str(tmp_path / "died")), range(20), 2))
    assert (tmp_path / "died").exists()  # a worker did die
    assert results == [i * 10 for i in range(20)]


def test_an_item_that_kills_every_worker_stops_with_the_item_named() -> None:
    answered: list[int] = []
    with pytest.raises(WorkerLost) as lost:
        answered.extend(in_order(always_die_on_seven, range(20), 2))
    assert lost.value.item == 7
    assert answered == [i * 10 for i in range(7)]  # everything before it, in order


def kill_on_case_300(line: bytes) -> dict[str, object]:
    """Score a line; the line whose id is 300 kills the worker answering it, every time."""
    if b'"id": 300,' in line:
        os.kill(os.getpid(), signal.SIGKILL)
    return score_line(line)


def _cases(n: int) -> bytes:
    with WINS.open(encoding="utf-8") as f:
        cases = [json.loads(line)["case"] for line, _ in zip(f, range(n))]
    return b"".join(json.dumps({**case, "id": i}).encode() + b"\n" for i, case in enumerate(cases))


def test_the_stream_stops_with_one_line_naming_the_lines_not_answered() -> None:
    out, err = io.BytesIO(), io.StringIO()
    status = answer_lines(io.BytesIO(_cases(3 * CHUNK_LINES)), out, err, kill_on_case_300, command="score",
                          noun="case", workers=2)
    assert status == 1
    # case 300 is line 301, in the second chunk (lines 257-512): the first chunk's answers are all written
    assert [json.loads(line)["id"] for line in out.getvalue().splitlines()] == list(range(CHUNK_LINES))
    assert err.getvalue() == (f"riichi score: error (worker_lost): worker processes died {ATTEMPTS} times answering "
                              "lines 257-512; lines 257 and after were not answered (256 cases answered before "
                              "them)\n")


def _children(pid: int) -> list[int]:
    return [int(c) for task in Path(f"/proc/{pid}/task").iterdir() for c in (task / "children").read_text().split()]


def test_killing_a_worker_of_a_running_score_stream_loses_no_line() -> None:
    # The run, smaller: a worker of `riichi score --jsonl --workers 2` is killed from outside while the
    # stream runs; every line is still answered, in order, and the command ends well.
    data = _cases(1536)
    run = subprocess.Popen(riichi_command("score", "--jsonl", "--workers", "2"), cwd=ROOT, env=riichi_env(),
                           stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert run.stdin is not None
    half = data.index(b"\n", len(data) // 2) + 1
    run.stdin.write(data[:half])
    run.stdin.flush()
    deadline = time.monotonic() + 60
    while not (workers := _children(run.pid)):
        assert time.monotonic() < deadline, "no worker started"
        time.sleep(0.01)
    os.kill(workers[0], signal.SIGKILL)
    out, err = run.communicate(data[half:], timeout=300)  # the rest, while the answers are read
    assert run.returncode == 0, err.decode()
    assert [json.loads(line)["id"] for line in out.splitlines()] == list(range(1536))
    assert err.decode().strip().endswith("1,536 cases, 0 errors")
