"""riichi/__init__.py: the names it exports (some on first use) and the command list.

What ``import riichi`` costs is a benchmark (``python -m benchmarks.run`` reports the import time and
the modules it loads), not a test."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess

import pytest

import riichi
from riichi.cli import main
from tests.conftest import python_command, riichi_env


def _fresh(code: str, stdin: str = "") -> dict[str, object]:
    """Run ``code`` in a new interpreter, with the riichi under test; it prints a JSON value as its last line."""
    proc = subprocess.run(python_command("-c", code), env=riichi_env(), input=stdin, capture_output=True, text=True,
                          check=True, timeout=60)
    value = json.loads(proc.stdout.splitlines()[-1])
    assert isinstance(value, dict)
    return value


def test_shanten_is_exported_on_first_use() -> None:
    out = _fresh("import json, sys, riichi\nbefore = 'riichi.shapes.shanten' in sys.modules\n"
                 "from riichi import Shanten\nimport riichi.shapes.shanten\n"
                 "print(json.dumps({'before': before, 'same': Shanten is riichi.shapes.shanten.Shanten,"
                 " 'listed': 'Shanten' in dir(riichi)}))")
    assert out == {"before": False, "same": True, "listed": True}


def test_every_exported_name_resolves() -> None:
    namespace: dict[str, object] = {}
    exec("from riichi import *", namespace)  # noqa: S102 - the star import is what is tested
    assert set(riichi.__all__) <= set(namespace)
    assert set(riichi.__all__) <= set(dir(riichi))
    assert str(namespace["Shanten"].of("1133557799m1p2p3p").combined) == "1"  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        riichi.nothing  # type: ignore[attr-defined]  # noqa: B018


@pytest.mark.parametrize("argv", [[], ["--help"]])
def test_the_command_list_still_names_every_command(argv: list[str]) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        main(argv)
    # a command's line is indented four spaces; a help wrapped under a long name ("standings") more
    listed = [line.split()[0] for line in out.getvalue().splitlines()
              if line.startswith("    ") and not line.startswith("     ")]
    assert listed == ["score", "rules", "analyze", "play", "replay", "sheet", "stats", "bot", "review", "seating",
                      "standings", "ratings", "club", "serve"]


def test_an_unknown_command_lists_every_command() -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit):
        main(["scor"])
    assert ("(choose from 'score', 'rules', 'analyze', 'play', 'replay', 'sheet', 'stats', 'bot', 'review', "
            "'seating', 'standings', 'ratings', 'club', 'serve')") in err.getvalue()


def test_the_readme_names_every_extra() -> None:
    # Each `pip install` recompiles the core, so the README's Quick start lists every extra in one table, for
    # users to name all they want in one command; an extra missing there is one a user would install twice.
    import re
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    extras = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    readme = (root / "README.md").read_text(encoding="utf-8")
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\| `([a-z]+)` \|", quick_start, flags=re.MULTILINE))
    assert listed == set(extras)
    assert "in one command" in quick_start
