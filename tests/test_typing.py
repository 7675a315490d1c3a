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
