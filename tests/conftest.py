"""Shared test fixtures: where the tests' own data lives (``tests/data``, see its README), and how a test
starts the riichi it tests in another process."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from riichi.build import python_command, riichi_command, riichi_env

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

#: How a test starts the riichi under test in another process: the helpers every riichi process is started
#: with (the benchmarks' too), from :mod:`riichi.build`.
__all__ = ["BENCH_HANDS", "DATA", "GAMES", "SCREENSHOTS", "TENHOU_WINS", "python_command", "riichi_command",
           "riichi_env"]


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
