"""The pages in Japanese: the catalogue holds a translation of every message the pages show, the language is
chosen from the browser or the address, and (in Chromium) no English is left in the visible text of any
page in Japanese, names of people and notation aside.

The messages are listed by the same code as ``scripts/i18n_catalogue.py`` (the pages' ``t("...")`` and
``N_("...")`` calls, their HTML text, the names the pages show from the library's data).
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from fastapi.testclient import TestClient

from riichi.web.app import create_app
from riichi.web.i18n import catalogue, choose_language, translate

ROOT = Path(__file__).resolve().parents[2]


def catalogue_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_catalogue", ROOT / "scripts" / "i18n_catalogue.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["i18n_catalogue"] = module
    spec.loader.exec_module(module)
    return module


def test_every_message_of_the_pages_has_its_japanese() -> None:
    script = catalogue_script()
    listed = [*script.data_messages(), *script.messages()]
    # The listing finds the pages' text: a label of each page, a message built in a script, a data name.
    for text in ("Winning tile", "Open a game record", "Your seat", "{han} han {fu} fu", "Skip", "kuitan"):
        assert text in listed
    assert script.missing("ja") == []
    ja = catalogue("ja")
    assert all(ja.get(text) for text in listed)


def test_the_error_codes_listed_do_not_depend_on_the_modules_imported() -> None:
    # The environments' invalid_action error is defined in riichi.rl: a run of the whole suite imports it, a run of
    # the catalogue script alone did not, so the script dropped its sentence from the catalogue and the whole
    # suite then found it missing. Listed in a fresh interpreter that imports no riichi.rl, it is there.
    import subprocess  # noqa: PLC0415

    probe = ("import importlib.util, sys; spec = importlib.util.spec_from_file_location('c', sys.argv[1]); "
             "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); "
             "print('riichi.rl' in sys.modules, 'invalid_action' in m.error_codes())")
    out = subprocess.run([sys.executable, "-c", probe, str(ROOT / "scripts" / "i18n_catalogue.py")],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["False", "True"]


def test_the_catalogue_is_read_with_babel_and_fills_values() -> None:
    assert translate("ja", "{han} han {fu} fu", han=4, fu=30) == "4翻30符"
    assert translate("en", "{han} han {fu} fu", han=4, fu=30) == "4 han 30 fu"
    assert translate("ja", "a message nobody wrote") == "a message nobody wrote"
    assert catalogue("en") == {} and catalogue("xx") == {}


@pytest.mark.parametrize(("asked", "accept", "chosen"), [
    (None, "ja,en-US;q=0.9,en;q=0.8", "ja"),
    (None, "en-US,en;q=0.9,ja;q=0.8", "en"),
    (None, "fr-FR, ja-JP;q=0.5", "ja"),  # French has no catalogue: the next language the browser takes
    (None, "ja;q=0, en", "en"),  # q=0: not acceptable
    (None, None, "en"),
    ("ja", "en", "ja"),  # the switch (or ?lang=) wins over the browser
    ("en", "ja", "en"),
    ("ja_JP", None, "ja"),
    ("xx", "fr", "en"),
])
def test_the_language_from_the_browser_or_the_switch(asked: str | None, accept: str | None, chosen: str) -> None:
    assert choose_language(asked, accept) == chosen


def test_the_catalogue_and_the_yaku_over_http() -> None:
    client = TestClient(create_app())
    answer = client.get("/api/i18n", headers={"Accept-Language": "ja-JP,ja;q=0.9"}).json()
    assert answer["lang"] == "ja" and answer["messages"]["Winning tile"] == "和了牌"
    assert answer["languages"] == {"en": "English", "ja": "日本語"}
    assert client.get("/api/i18n?lang=en", headers={"Accept-Language": "ja"}).json()["messages"] == {}
    # The yaku in Japanese are the library's own kanji.
    kanji = client.get("/api/yaku?lang=ja").json()
    assert kanji["riichi"] == "立直" and kanji["pinfu"] == "平和" and kanji["tanyao"] == "断幺九"


# -- in the browser ---------------------------------------------------------------------------------------

#: Latin words that may stay in Japanese text: the notation and the names of formats and protocols.
ALLOWED = {"riichi", "API", "HTTP", "OpenAPI", "mjai", "mjlog", "JSON", "XML", "gzip", "base64url", "tenhou", "net",
           "Enter", "Space", "Home", "End", "pon", "chi", "kan", "ankan", "minkan", "shouminkan", "kakan",
           "ron", "tsumo",  # the engine's action notation ("win 4z ron<2"), as "pon 5m<3"
           "mjloggm", "ver", "title", "log",  # the records' own syntax, in the paste box's example
           # names the rule sets' descriptions cite: rule books, their bodies, sites and a library
           "wiki", "WRC", "EMA", "Pantheon", "Dynasty", "mahjongsoul", "info", "mahjong", "portal", "com"}
#: A word of two Latin letters or more that is not tile notation (5m, 234p, 0s) nor a meld in notation.
_WORD = re.compile(r"[A-Za-z][A-Za-z]+")

VISIBLE_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, svg, code, .no-translate, [hidden], [lang=en]")) continue;
    if (parent.closest("option") && !parent.closest("select").checkVisibility()) continue;
    if (!parent.checkVisibility() && !parent.closest("option")) continue;
    const text = node.nodeValue.trim();
    if (text) out.push(text);
  }
  for (const e of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
    if (e.closest(".no-translate, svg")) continue;
    for (const a of ["title", "aria-label", "placeholder"]) if (e.getAttribute(a)) out.push(e.getAttribute(a));
  }
  out.push(document.title);
  return out;
}"""


def english_left(texts: list[str], names: set[str]) -> list[str]:
    """The texts with a Latin word that is no notation, no allowed name and no player's name."""
    out = []
    for text in texts:
        words = [w for w in _WORD.findall(text) if w not in ALLOWED and w not in names]
        if words:
            out.append(f"{text!r} ({', '.join(words)})")
    return out
