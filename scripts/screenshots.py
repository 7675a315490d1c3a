"""Renew the documentation's pictures (``docs/images``) from the browser tests' own page states.

The browser tests save a picture of each page they check into a temporary folder, so that running the
tests never changes a tracked file; this script runs them with ``RIICHI_SCREENSHOTS=docs/images``, so the
pictures the docs show are the pages the tests checked. It needs what the tests need (Chromium at
``/usr/bin/chromium``: ``sh .ci/browser.sh``)::

    python scripts/screenshots.py            # every browser test that saves a picture
    python scripts/screenshots.py -k replay  # only some (pytest's -k)
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules() -> list[str]:
    """The test modules that save pictures: those that use the tests' picture folder, ``SCREENSHOTS``."""
    return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("test_*.py")
                  if "SCREENSHOTS" in p.read_text(encoding="utf-8"))


def main(argv: list[str]) -> int:
    env = {**os.environ, "RIICHI_SCREENSHOTS": str(ROOT / "docs" / "images")}
    command = [sys.executable, "-m", "pytest", "-q", *modules(), *argv]
    return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
