"""The documentation site's generated pages (scripts/docs_pages.py) and its configuration.

The site itself is built by the README's Tests block (``mkdocs build --strict``);
these tests check that the generated pages say what the code says.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from riichi.rules import PRESETS
from riichi.scoring.yaku.table import YAKU_ROWS, YAKUMAN_ROWS

ROOT = Path(__file__).resolve().parents[1]


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


pages = load("docs_pages")


def test_rule_sets_page_has_every_preset_and_its_description() -> None:
    page = pages.rule_sets_page()
    for name, rules in PRESETS.items():
        assert f"### `{name}`\n\n{rules.description}\n" in page
    # the kiriage row as the presets have it: wrc, mleague and full round up (docs/rules.md says the same),
    # and neither three-player preset does (Tenhou's three-player games pay 4 han 30 fu as 7,700); riichicity (third
    # column) does not, as its unconfirmed defaults are Tenhou's
    row = next(line for line in page.splitlines() if line.startswith("| `kiriage` |"))
    assert row.split(" | ")[1:] == ["no", "no", "no", "yes", "no", "no", "yes", "no", "yes", "no", "no", "no |"]


def test_yaku_page_has_every_row_of_the_yaku_table() -> None:
    page = pages.yaku_page()
    names = re.findall(r"^\| `([a-z_0-9]+)` \|", page, flags=re.MULTILINE)
    assert names == [row.yaku.value for row in (*YAKU_ROWS, *YAKUMAN_ROWS)]
    lines = {line.name: line for line in pages.yaku_lines()}
    # chinitsu: 6 han closed, 5 open (the standard lists); kokushi_13 a double yakuman where paid double
    assert lines["chinitsu"].value == "6 han, open 5"
    assert lines["kokushi_13"].value == "double yakuman"
    # sanshoku doukou is 3 han only under the Shanghai: Dynasty rules
    assert lines["sanshoku_doukou"].value == "2 or 3 han (switch `sanshoku_doukou_han`)"
    # paarenchan is a local yakuman that only the full preset plays
    assert lines["paarenchan"].presets == "full"
    assert lines["pinfu"].presets == "all"


def test_cli_page_has_every_commands_help() -> None:
    page = pages.cli_page()
    for command in ("score", "analyze", "rules", "serve"):
        assert f"## `riichi {command}`" in page
        assert f"usage: riichi {command} [-h]" in page
    assert "--compare" in pages.cli_help(("score",))


def test_every_page_in_the_nav_exists() -> None:
    config = (ROOT / "mkdocs.yml").read_text()
    nav = config[config.index("\nnav:"):]
    listed = re.findall(r":\s+([\w/.-]+\.md)$", nav, flags=re.MULTILINE)
    assert "reference/api.md" in listed
    for page in listed:
        assert (ROOT / "docs" / page).exists() or page in pages.PAGES, page
    # every hand-written page is in the nav, so none is built without a way to reach it
    written = {p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md")}
    assert written <= set(listed)


def test_doctest_examples_are_fenced_for_markdown() -> None:
    pytest.importorskip("griffe", reason="needs the docs extra: pip install -e '.[docs]'")
    fences = load("docs_griffe")
    text = "Reads a hand.\n\n    >>> Hand.parse('11z')\n    [1, 2]\n\nAfter."
    assert fences.fence_examples(text) == (
        "Reads a hand.\n\n    ```pycon\n    >>> Hand.parse('11z')\n    [1, 2]\n    ```\n\nAfter.")
