"""The club pages in Japanese: every English text of the pages (static/strings.js) has its translation in the
Japanese catalogue (locale/ja/LC_MESSAGES/club.po), and GET /club/api/i18n serves it by the browser's language."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fastapi.testclient import TestClient

from riichi.club.app import catalogue, create_app

STRINGS = Path(__file__).resolve().parents[2] / "riichi" / "club" / "static" / "strings.js"


def _english() -> dict[str, str]:
    return {k: json.loads(v) for k, v in re.findall(r'^  (\w+): ("(?:[^"\\]|\\.)*"),$', STRINGS.read_text(), re.MULTILINE)}


def test_every_text_has_its_japanese() -> None:
    english = _english()
    assert len(english) > 50
    ja = catalogue("ja")
    missing = sorted(text for text in english.values() if text not in ja)
    assert missing == []
    # Words of the game in the Japanese every scorekeeper knows (the glossary's terms).
    assert [ja[english[k]] for k in ("ron", "tsumo", "riichi", "tenpai", "honba", "dealer")] == [
        "ロン", "ツモ", "立直", "聴牌", "本場", "親"]


def test_the_catalogue_follows_the_browser(tmp_path: Path) -> None:
    client = TestClient(create_app(str(tmp_path / "club.db")))
    answer = client.get("/club/api/i18n", headers={"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}).json()
    assert answer["lang"] == "ja" and answer["messages"]["Standings"] == "順位表"
    assert client.get("/club/api/i18n?lang=en").json() == {"lang": "en", "languages": answer["languages"],
                                                            "messages": {}}
