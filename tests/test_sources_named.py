"""User-facing text names its sources by title and edition, never by a file the user does not have.

The project was specified in documents kept outside the repository (numbered seed texts, a rule-set
survey, a checklist, the interchange and replay contracts); a user has none of them. The interchange
format is documented inside the project (docs/interchange.md).
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from riichi.cli import main
from riichi.rules import PRESETS

ROOT = Path(__file__).resolve().parents[1]
#: Internal file names: "seed 003", "seeds 001 and 002", the survey, the checklist, the contracts, the folder.
INTERNAL = re.compile(r"\b[Ss]eeds? 0\d\d|\b[Ss]eeds? 00\d|\bseed text|RULESETS|INTERCHANGE\.md|REPLAY\.md|STYLE\.md|CHECKLIST"
                      r"|\.\./shared|/work/shared|\bshared/(?:data|seeds)|/path/to/shared")
#: Each preset's source, by title and edition, as its description and docs/rules.md name it.
SOURCES = {
    "tenhou": "tenhou.net",
    "mahjongsoul": "Mahjong Soul",
    "riichicity": "Riichi City page",
    "wrc": "WRC Riichi Rules 2015",
    "ema": "EMA Riichi Competition Rules 2016",
    "ema2008": "EMA Riichi Competition Rules 2008",
    "mleague": "M.League official competition rules",
    "jpml": "JPML official (A) rules",
    "full": "no rule book",
    "dynasty": "Shanghai: Dynasty manual",
    "tenhou-sanma": "three-player ranked rules",
    "mahjongsoul-sanma": "three-player ranked rules",
}


def user_facing_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "mkdocs.yml"]
    files += sorted((ROOT / "docs").rglob("*.md"))
    files += sorted((ROOT / "riichi").rglob("*.py"))  # docstrings and comments: the API reference shows them
    files += sorted((ROOT / "riichi" / "web" / "static").glob("*.*"))
    # the tests, benchmarks and scripts cite their sources by title too (these checks spell the patterns out)
    checks = {ROOT / "tests" / "test_sources_named.py", ROOT / "tests" / "rules" / "test_presets.py"}
    for folder in ("tests", "benchmarks", "scripts", "fuzz"):
        files += sorted(f for f in (ROOT / folder).rglob("*.py") if f not in checks)
    return [f for f in files if f.suffix in {".md", ".py", ".yml", ".js", ".html", ".css"}]


def test_no_file_names_an_internal_document() -> None:
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in user_facing_files()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if INTERNAL.search(line)]
    assert found == []


def test_rule_set_descriptions_name_their_sources_by_title() -> None:
    for name, rules in PRESETS.items():
        assert not INTERNAL.search(rules.description), name
    # every preset names its source by title and edition, in its description and in the docs' table of sources
    assert set(SOURCES) == set(PRESETS)
    rules_page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for name, title in SOURCES.items():
        assert title in PRESETS[name].description, name
        row = next(line for line in rules_page.splitlines() if line.startswith(f"| `{name}` | "))
        assert title in row, name


def test_riichi_rules_output_names_no_internal_file() -> None:
    for args in (["rules"], ["rules", "wrc"], ["rules", "tenhou", "ema2008"]):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            assert main(args) == 0
        assert not INTERNAL.search(buffer.getvalue()), args


def test_the_web_api_names_no_internal_file() -> None:
    pytest.importorskip("fastapi", reason="needs the web extra")
    from fastapi.testclient import TestClient  # noqa: PLC0415

    from riichi.web.app import create_app  # noqa: PLC0415

    client = TestClient(create_app())
    for path in ("/api/rules", "/openapi.json", "/"):
        response = client.get(path)
        assert response.status_code == 200
        assert not INTERNAL.search(response.text), path
