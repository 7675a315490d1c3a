"""Damaged Riichi City records on the replay page, in English and Japanese, at a phone's width.

The record is the real hanchan of tests/data/riichicity (its seventh hand's wall hashes to
7f4c837c...e8acbd6, the handCardsSHA256 the record states). Damaged as a user's copy may be: the seventh hand's
digest with its last digit changed (a desync of that hand alone, the eight others replayed), and the record cut in
half (no JSON). In Japanese each error is the catalogue's sentence for its code, with the reader's own message
beside it in English, marked so (the library's messages are not translated): before, a Japanese page showed
nothing of what was wrong or where ("牌譜を読み取れません。" alone), or English for the codes the catalogue lacked.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("RIICHI_CHROMIUM", "/usr/bin/chromium"))
if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}; install it and a Japanese font with: "
                "sh .ci/browser.sh", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect

from tests.formats.test_riichicity import alter_first_draw
from tests.web.test_e2e import base_url, browser, watch_console  # noqa: F401 - the fixtures, shared

RECORD = Path(__file__).resolve().parents[1] / "data" / "riichicity" / "cknnf9eai08auidimj2g.json"
REAL = "7f4c837c2ba6ca6fa813d03ea8b24d58639f19b8dbc7c7d399582e437e8acbd6"
DAMAGED = REAL[:-1] + "0"


def _wrong_digest(tmp_path: Path) -> Path:
    obj = json.loads(RECORD.read_text(encoding="utf-8"))
    assert obj["handRecord"][6]["handCardsSHA256"] == REAL
    obj["handRecord"][6]["handCardsSHA256"] = DAMAGED
    path = tmp_path / "7.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return path


def _open(pg: Page, base: str, path: Path, lang: str) -> None:
    pg.goto(base + "/replay" + ("?lang=ja" if lang == "ja" else ""))
    expect(pg.locator("#file")).to_be_enabled()
    pg.set_input_files("#file", str(path))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_wrong_digest_names_the_hand_and_both_digests_in_either_language(
        browser: Browser, base_url: str, tmp_path: Path, lang: str) -> None:  # noqa: F811
    from tests.web.test_i18n import VISIBLE_TEXT, english_left

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        pg = context.new_page()
        _open(pg, base_url, _wrong_digest(tmp_path), lang)
        expect(pg.locator("#hand-select option")).to_have_count(8)  # the seventh hand alone is not replayed
        item = pg.locator("#record-errors li")
        expect(item).to_have_count(1)
        message = (f"hand 7: the wall's SHA-256 is {REAL}, not the {DAMAGED} the record states (handCardsSHA256)")
        if lang == "en":
            expect(item).to_have_text(f"desync: {message}")
        else:
            expect(item).to_contain_text("第7局: 牌譜の牌が牌山と一致しません")
            expect(item.locator(".error-detail")).to_have_text(message)
            expect(item.locator(".error-detail")).to_have_attribute("lang", "en")
            # nothing else in English: the players' names, the file's and the rule set's are names, not English
            assert english_left(pg.evaluate(VISIBLE_TEXT), {"shiro", "Benoit", "riichicity", "json"}) == []
        # the digests wrap: the page is no wider than the phone
        assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


def test_a_record_cut_in_half_says_where_in_japanese(browser: Browser, base_url: str, tmp_path: Path) -> None:  # noqa: F811
    path = tmp_path / "cut.json"
    data = RECORD.read_bytes()
    path.write_bytes(data[:len(data) // 2])
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        pg = context.new_page()
        _open(pg, base_url, path, "ja")
        expect(pg.locator("#load-error-message")).to_have_text("牌譜を読み取れません。")
        detail = pg.locator("#load-error-detail")
        expect(detail).to_have_attribute("lang", "en")
        expect(detail).to_contain_text("a Riichi City record, unreadable: not valid JSON at line ")
        expect(pg.locator("#game")).to_be_hidden()
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "✓ Every tile dealt, drawn and shown as dora is the one the record's wall gives"),
    ("ja", "✓ 配牌・ツモ・ドラ表示牌はすべて牌譜の牌山どおりです"),
])
def test_the_game_end_says_the_walls_were_verified(browser: Browser, base_url: str, tmp_path: Path,  # noqa: F811
                                                  lang: str, said: str) -> None:
    # The real record: every hand's wall hashes to its handCardsSHA256 and every tile follows it (the command's
    # game_end says "wall": "verified"); with the seventh hand's digest damaged that hand is not replayed, so no
    # wall is vouched for and the line is not shown.
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        pg = context.new_page()
        for path, verified in ((RECORD, True), (_wrong_digest(tmp_path), False)):
            _open(pg, base_url, path, lang)
            expect(pg.locator("#seats .seat")).to_have_count(4)
            pg.select_option("#hand-select", index=pg.locator("#hand-select option").count() - 1)
            pg.click("#last-step")
            expect(pg.locator("#game-end")).to_be_visible()
            if verified:
                expect(pg.locator("#wall-verified")).to_have_text(said)
            else:
                expect(pg.locator("#wall-verified")).to_have_count(0)
    finally:
        context.close()


def _noted_and_refused(tmp_path: Path) -> tuple[Path, int]:
    """The record with an event of an unknown type put in hand 2 (passed over, noted) and hand 2's first real
    draw after it altered (a desync): the hand the engine refuses part-way, and the altered event's number."""
    obj = json.loads(RECORD.read_text(encoding="utf-8"))
    events = obj["handRecord"][1]["handEventRecord"]
    events.insert(10, {"eventType": 42, "userId": events[9]["userId"], "data": "{}"})
    position, _ = alter_first_draw(events, 11)
    path = tmp_path / "2.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return path, position + 1


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refused_hand_shows_what_was_forgiven_in_it(browser: Browser, base_url: str, tmp_path: Path,  # noqa: F811
                                                     lang: str) -> None:
    # The refused hand has no result, and its note (kept on its error) was shown nowhere on the page. In
    # Japanese, the refusal names the record's event as the English message does ("hand 2, event N (draw ...)").
    path, event = _noted_and_refused(tmp_path)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        pg = context.new_page()
        _open(pg, base_url, path, lang)
        expect(pg.locator("#seats .seat")).to_have_count(4)
        pg.select_option("#hand-select", index=1)
        expect(pg.locator("#notes li")).to_have_text(["event 11: an event of the unknown eventType 42 was passed over"])
        item = pg.locator("#record-errors li")
        if lang == "en":
            expect(item).to_contain_text(f"desync: hand 2, event {event} (draw ")
        else:
            expect(item).to_contain_text(f"第2局・牌譜の{event}番目の項目: 牌譜の牌が牌山と一致しません")
    finally:
        context.close()
