"""The end-to-end and import-time children of benchmarks.run read riichi's compiled bytecode, as after pip install."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.run import REPO, compiled_bytecode

PACKAGE = REPO / "riichi"


def _pycache_dirs() -> set[Path]:
    return set(PACKAGE.rglob("__pycache__"))


def test_children_load_riichi_from_bytecode_and_leave_the_tree_alone() -> None:
    import riichi

    if Path(riichi.__file__).resolve().parent != PACKAGE:
        pytest.skip("the benchmark's bytecode helper serves the source tree; this run imports an installed riichi")
    before = _pycache_dirs()
    with compiled_bytecode() as env:
        done = subprocess.run([sys.executable, "-v", "-c", "import riichi.formats.interchange"], env=env, cwd=REPO,
                              capture_output=True, text=True, timeout=120, check=True)
    # "-v" names where each module's code object came from: the .pyc, or the .py it compiled
    loaded = [line for line in done.stderr.splitlines()
              if line.startswith("# code object from") and str(PACKAGE) in line]
    assert {"__init__", "interchange", "decompose"} <= {Path(line.rstrip("'")).name.split(".")[0] for line in loaded}
    assert all(line.endswith(".pyc'") for line in loaded), loaded
    assert _pycache_dirs() == before
