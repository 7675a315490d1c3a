"""The package type-checks under ``mypy --strict`` (it ships ``py.typed``)."""

from __future__ import annotations

from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "riichi"


def test_the_package_type_checks_strictly(tmp_path: Path) -> None:
    api = pytest.importorskip("mypy.api")
    stdout, stderr, status = api.run(["--strict", "--cache-dir", str(tmp_path), str(PACKAGE)])
    assert status == 0, stdout + stderr
    assert (PACKAGE / "py.typed").exists()


def test_no_unused_names_or_syntax_errors() -> None:
    # pyflakes' checks (unused imports and variables, undefined names) over the package, tests, benchmarks.
    import shutil
    import subprocess
    import sys

    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (it comes with the test extra)")
    root = PACKAGE.parent
    done = subprocess.run([ruff, "check", "--no-cache", "--select", "F,E9", "riichi", "tests", "benchmarks"],
                          cwd=root, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
