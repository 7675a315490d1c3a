"""JSON-lines streams on one core or several (``--jsonl --workers N``): the same answers, in input order."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from riichi.cli import EXIT_USAGE
from riichi.cli.batch import CHUNK_LINES, workers_arg
from riichi.formats.strict_json import MAX_TEXT
from tests.conftest import riichi_command, riichi_env

WINS = Path(__file__).parent / "data" / "tenhou" / "wins.jsonl"


def riichi(*args: str, data: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(riichi_command(*args), env=riichi_env(), input=data, capture_output=True, check=False,
                          timeout=300)


def real_cases(n: int) -> list[bytes]:
    """The first ``n`` real Tenhou wins, as win cases."""
    with WINS.open(encoding="utf-8") as f:
        return [json.dumps(json.loads(line)["case"], ensure_ascii=False).encode() for line, _ in zip(f, range(n))]


def test_workers_write_what_one_process_writes_byte_for_byte() -> None:
    # real wins across several chunks, with refused lines on both sides of chunk boundaries and a line longer
    # than the reader's limit: each answer is the line's own, and an error names its line number
    lines = real_cases(3 * CHUNK_LINES)
    bad = {CHUNK_LINES - 1: b"{not json", CHUNK_LINES: b'{"hand": "123m", "win": "1m"}', 2 * CHUNK_LINES: b"\xff",
           2 * CHUNK_LINES + 1: b'{"id": "' + b"x" * (MAX_TEXT + 10) + b'"}'}
    for index, line in bad.items():
        lines[index] = line
    data = b"\n".join(lines) + b"\n"
    one = riichi("score", "--jsonl", data=data)
    two = riichi("score", "--jsonl", "--workers", "2", data=data)
    assert one.returncode == two.returncode == 0
    assert two.stdout == one.stdout
    results = [json.loads(line) for line in two.stdout.splitlines()]
    assert len(results) == len(lines)
    assert [r["line"] for r in results if not r["ok"]] == [index + 1 for index in sorted(bad)]
    assert results[-1]["ok"] and results[0]["ok"]
    assert two.stderr.decode().strip() == f"{len(lines):,} cases, {len(bad)} errors"


def test_workers_answer_a_stream_shorter_than_a_chunk_and_an_empty_one() -> None:
    lines = real_cases(5)
    one = riichi("score", "--jsonl", data=b"\n".join(lines))  # the last line without its newline
    assert riichi("score", "--jsonl", "--workers", "3", data=b"\n".join(lines)).stdout == one.stdout
    assert len(one.stdout.splitlines()) == 5
    empty = riichi("score", "--jsonl", "--workers", "2", data=b"")
    assert empty.returncode == 0 and empty.stdout == b"" and empty.stderr.decode().strip() == "0 cases, 0 errors"


def test_analysis_answers_every_line_blank_ones_included_with_line_numbers() -> None:
    # issue 24: 4,959 of 50,000 lines (the blank ones) went unanswered, and errors carried no line number, so
    # the output could not be realigned with the input; now line n of the output answers line n of the input.
    requests = [json.dumps({"hand": hand}).encode() for hand in
                ("1133557799m1p2p3p", "123456789m1122p", "19m19p19s1234567z", "5m")] * 100
    data = b"\n\n".join(requests) + b"\n"  # a blank line between every two requests
    one = riichi("analyze", "--jsonl", data=data)
    two = riichi("analyze", "--jsonl", "--workers", "2", data=data)
    assert one.returncode == two.returncode == 0 and two.stdout == one.stdout
    results = [json.loads(line) for line in two.stdout.splitlines()]
    assert len(results) == 2 * len(requests) - 1
    blank = results[1::2]
    assert all(r["error"]["code"] == "invalid_json" for r in blank)
    assert [r["line"] for r in blank] == list(range(2, 2 * len(requests), 2))
    # "5m" is one tile, not 13 or 14: its error names its line (the 4th request, line 7, and every 8 after)
    short = [r for r in results[0::2] if not r["ok"]]
    assert [r["line"] for r in short] == list(range(7, 2 * len(requests), 8))
    assert all(r["error"]["code"] == "wrong_tile_count" for r in short)


def test_auto_is_one_worker_a_core() -> None:
    assert workers_arg("auto") == (os.cpu_count() or 1)
    assert workers_arg("3") == 3


@pytest.mark.parametrize("value", ["0", "-2", "two", "1.5", ""])
def test_a_worker_count_that_is_not_a_whole_number_from_one_is_a_usage_error(value: str) -> None:
    done = riichi("score", "--jsonl", "--workers", value, data=b"")
    assert done.returncode == EXIT_USAGE
    assert f"argument --workers: a worker count is a whole number from 1, or auto, not '{value}'" \
        in done.stderr.decode()


@pytest.mark.parametrize("command", [
    ("score", "234m456p678s44433z", "--win", "3z"),
    ("analyze", "1133557799m1p2p3p"),
    ("replay", str(Path(__file__).parent / "data" / "games" / "logs" / "2010091009gm-00a9-0000-83af2648.xml")),
])
def test_workers_without_jsonl_is_a_usage_error(command: tuple[str, ...]) -> None:
    done = riichi(*command, "--workers", "2", data=b"")
    assert done.returncode == EXIT_USAGE
    assert "error (usage): --workers goes with --jsonl" in done.stderr.decode()
