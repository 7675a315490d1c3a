"""Shared test fixtures: where the tests' own data lives (``tests/data``, see its README), and how a test
starts the riichi it tests in another process."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import riichi

#: The test data kept in the repository.
DATA = Path(__file__).resolve().parent / "data"
#: Real Tenhou wins with the server's own result.
TENHOU_WINS = DATA / "tenhou" / "wins.jsonl"
#: The benchmark hands.
BENCH_HANDS = DATA / "bench" / "hands-2000.jsonl"
#: Real whole Tenhou games and what a replay must reproduce.
GAMES = DATA / "games"


def _screenshot_folder() -> Path:
    """Where the browser tests save their pictures: ``RIICHI_SCREENSHOTS`` when set (``scripts/screenshots.py``
    sets it to ``docs/images`` to renew the documentation's pictures), else a temporary folder, so that running
    the tests never changes a tracked file."""
    named = os.environ.get("RIICHI_SCREENSHOTS")
    folder = Path(named) if named else Path(tempfile.mkdtemp(prefix="riichi-screenshots-"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


#: The browser tests' pictures (see :func:`_screenshot_folder`).
SCREENSHOTS = _screenshot_folder()

#: The folder that holds the riichi this test process imported: site-packages for the installed build (what
#: CI tests), the checkout for a run on the sources.
RIICHI_HOME = Path(riichi.__file__).resolve().parent.parent


def python_command(*args: str) -> list[str]:
    """A Python command line whose ``import riichi`` finds the riichi under test, run with :func:`riichi_env`.

    ``-P`` keeps the current folder off the module path: ``python -m riichi`` (or ``-c``) started from the
    checkout would import the checkout's sources, the pure build, instead of the installed one."""
    return [sys.executable, "-P", *args]


def riichi_command(*args: str) -> list[str]:
    """``riichi ARGS`` as the riichi this test process imported (run it with :func:`riichi_env`)."""
    return python_command("-m", "riichi", *args)


def riichi_env(**extra: str) -> dict[str, str]:
    """This process's environment and ``extra``, with the folder of the riichi under test first on
    ``PYTHONPATH``: with :func:`riichi_command`, the same riichi runs in the other process."""
    path = os.pathsep.join(filter(None, [str(RIICHI_HOME), os.environ.get("PYTHONPATH")]))
    return {**os.environ, **extra, "PYTHONPATH": path}


def _changed_files(root: Path) -> dict[str, float] | None:
    """Tracked files that differ from the commit and untracked files not ignored, with their modification
    times; ``None`` outside a git checkout."""
    import subprocess  # noqa: PLC0415 - only for this check

    try:
        listed = subprocess.run(["git", "ls-files", "--modified", "--others", "--exclude-standard", "-z"],
                                cwd=root, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    names = [n for n in listed.decode("utf-8", "replace").split("\0") if n]
    return {n: (root / n).stat().st_mtime if (root / n).exists() else -1.0 for n in names}


_ROOT = Path(__file__).resolve().parents[1]
_BEFORE: dict[str, float] | None = None


def pytest_sessionstart(session: object) -> None:
    global _BEFORE  # noqa: PLW0603 - the session's one snapshot
    _BEFORE = _changed_files(_ROOT)


def pytest_sessionfinish(session: object, exitstatus: int) -> None:
    # Running the tests never changes the checkout: every file a test writes goes to a temporary folder.
    after = _changed_files(_ROOT)
    if _BEFORE is None or after is None or after == _BEFORE:
        return
    touched = sorted(n for n in after.keys() | _BEFORE.keys() if after.get(n) != _BEFORE.get(n))
    print(f"\nthe tests changed files of the checkout: {', '.join(touched)}")
    session.exitstatus = 1  # type: ignore[attr-defined]
