"""Shared test fixtures: where the project's shared data lives."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: ../shared beside the repository (CI puts it there); RIICHI_SHARED overrides.
SHARED = Path(os.environ.get("RIICHI_SHARED", Path(__file__).resolve().parents[2] / "shared"))


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.fail(f"the shared data folder is missing: {SHARED} (set RIICHI_SHARED)")
    return SHARED
