"""The instruction-count benchmark's children run every engine on real cases (valgrind not needed)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from benchmarks.instructions import MODES
from tests.conftest import SHARED


@pytest.mark.parametrize("mode", MODES)
def test_each_child_scores_the_cases_it_is_given(mode: str) -> None:
    if mode == "mahjong":
        pytest.importorskip("mahjong")
    hands = SHARED / "data" / "bench" / "hands-2000.jsonl"
    cmd = [sys.executable, "-m", "benchmarks.instructions", "--child", mode, "--hands-file", str(hands),
           "--skip", "10", "--hands", "3", "--go"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
