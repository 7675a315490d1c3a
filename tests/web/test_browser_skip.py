"""Without a browser the end-to-end tests skip, and the reason is the one command that installs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INSTALL = "sh .ci/browser.sh"


def test_missing_chromium_skips_with_the_install_command(tmp_path: Path) -> None:
    env = {**os.environ, "RIICHI_CHROMIUM": str(tmp_path / "no-chromium")}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                           "tests/web/test_e2e.py"], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=False, timeout=120)
    # 5: pytest collected no test, the module skipped as a whole (and none failed)
    assert done.returncode == 5, done.stdout + done.stderr
    assert "skipped" in done.stdout and "failed" not in done.stdout
    assert f"install it and a Japanese font with: {INSTALL}" in done.stdout


def test_the_readme_and_the_script_name_the_same_command() -> None:
    assert (ROOT / ".ci" / "browser.sh").exists()
    assert f"`{INSTALL}` installs both" in (ROOT / "README.md").read_text()
