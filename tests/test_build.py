"""riichi.build: which build runs, and the list of what the compiled build leaves as Python."""

from __future__ import annotations

import fnmatch
import os
import tomllib
from pathlib import Path

import pytest

import riichi
from riichi.build import PROBE, describe, kind

ROOT = Path(__file__).resolve().parents[1]


def test_the_expected_build_runs() -> None:
    # CI installs the compiled build and sets RIICHI_EXPECT_BUILD=compiled, so that a build that
    # silently came out pure fails here; RIICHI_EXPECT_BUILD=pure checks the pure build the same way.
    expected = os.environ.get("RIICHI_EXPECT_BUILD")
    if expected is None:
        pytest.skip("RIICHI_EXPECT_BUILD is not set (CI sets it to the build it installed)")
    assert kind() == expected, describe()
    if expected == "compiled":  # the suite runs against the installed package, not the sources beside it
        assert Path(riichi.__file__).resolve().parent != ROOT / "riichi"


def test_describe_names_the_version_and_the_build() -> None:
    text = describe()
    assert text.startswith(f"riichi {riichi.__version__} (")
    assert ("compiled with mypyc" in text) == (kind() == "compiled")


def test_the_probe_is_compiled_in_the_compiled_build() -> None:
    # The module riichi.build inspects must be one setup.py compiles, or the answer would be wrong.
    exclude = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["riichi"]["mypyc"]["exclude"]
    probe = PROBE.replace(".", "/") + ".py"
    assert (ROOT / probe).exists()
    assert not any(fnmatch.fnmatch(probe, pattern) for pattern in exclude)
