"""One rule for every benchmark: it times the installed riichi, not the checkout's sources, and says which.

Run from the checkout (``python -m benchmarks.X``), Python puts the checkout first on ``sys.path``, where
``import riichi`` would find the sources: the pure build, even beside an installed compiled one.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(code: str, cwd: Path, *flags: str) -> str:
    done = subprocess.run([sys.executable, *flags, "-c", code], cwd=cwd, capture_output=True, text=True,
                          check=True, timeout=120)
    return done.stdout.strip()


def test_a_benchmark_imports_the_riichi_that_is_installed(tmp_path: Path) -> None:
    # -P, from another folder: the riichi this environment has installed (compiled in CI, the sources in an
    # editable install); from the checkout, after importing the benchmarks, the same one.
    installed = _run("import riichi; print(riichi.__file__)", tmp_path, "-P")
    benchmarked = _run("import benchmarks, riichi; print(riichi.__file__)", ROOT)
    assert benchmarked == installed


def test_a_benchmark_names_its_build_first(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "benchmarks.selfplay", "--seconds", "0.1"], cwd=ROOT,
                         capture_output=True, text=True, check=True, timeout=300).stdout
    first = out.splitlines()[0]
    describe = _run("from riichi.build import describe; print(describe())", tmp_path, "-P")
    assert first.startswith(describe + ", ")
    assert ("the checkout's sources" in first) == (Path(_run("import riichi; print(riichi.__file__)", tmp_path,
                                                              "-P")).parent == ROOT / "riichi")
