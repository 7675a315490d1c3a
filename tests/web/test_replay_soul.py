"""A Mahjong Soul record in the replay page (headless Chromium), read like a Tenhou one.

The game is the real ranked game ``tests/data/soul/250918-8eb02a7e-...json`` as its client saved it. Its first
hand (East 1) ends with the dealer, seat 0 (Benoit), winning by tsumo: 4 han 30 fu, 3,900 from each player
(11,700), riichi, ippatsu, menzen tsumo and a dora, as the server recorded it; the game ends 10,100 / 43,400 /
20,900 / 25,600 with final points -29.9 / +33.4 / -9.1 / +5.6 (the record's head.result).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("RIICHI_CHROMIUM", "/usr/bin/chromium"))
if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}; install it and a Japanese font with: "
                "sh .ci/browser.sh", allow_module_level=True)

from playwright.sync_api import Page, expect

from tests.conftest import SCREENSHOTS
from tests.web.test_e2e import base_url, browser, page  # noqa: F401 - the fixtures, shared

SOUL = Path(__file__).resolve().parents[1] / "data" / "soul" / "250918-8eb02a7e-670e-4f11-bc3f-4ec2edf71dc2.json"
NAMES = ("Benoit", "空ーsora", "dg1", "闵行七小对")


def test_a_soul_game_shows_its_room_names_and_each_hand_beside_the_server(page: Page, base_url: str) -> None:  # noqa: F811
    page.goto(base_url + "/replay")
    expect(page.locator("#file")).to_be_enabled()  # the page is wired: the file is read
    page.set_input_files("#file", str(SOUL))
    expect(page.locator("#seats .seat")).to_have_count(4)
    expect(page.locator("#game-info")).to_have_text(
        "Mahjong Soul — Jade Room, South — rules: mahjongsoul — " + " · ".join(NAMES))
    expect(page.locator("#hand-select option")).to_have_count(11)
    expect(page.locator('.seat[data-seat="1"]')).to_contain_text(NAMES[1])
    page.keyboard.press("End")
    win = page.locator('#outcome .win[data-win="0"]')
    expect(win.locator(".points")).to_have_text("11,700")
    expect(win.locator(".headline")).to_have_text("4 han 30 fu")
    expect(win.locator('tr[data-field="wins[0].han"] td.record')).to_have_text("4")
    expect(win.locator('tr[data-field="wins[0].fu"] td.record')).to_have_text("30")
    expect(win.locator('tr[data-field="wins[0].points"] td.record')).to_have_text("11,700")
    expect(page.locator("#outcome tr.differs")).to_have_count(0)
    expect(page.locator("#outcome-verdict")).to_have_text("✓ Everything the record states matches the engine")
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    page.screenshot(path=str(SCREENSHOTS / "replay-soul.png"), full_page=True)
    # The last hand and the game's end: Soul's final points, as the server paid them.
    page.select_option("#hand-select", "10")
    page.keyboard.press("End")
    rows = page.locator("#game-end tr").all()
    finals = [("10,100", -29.9), ("43,400", 33.4), ("20,900", -9.1), ("25,600", 5.6)]
    for (score, points), row in zip(finals, rows[1:], strict=True):
        cells = row.locator("td").all_inner_texts()
        assert cells[0] == score and float(cells[1]) == points
    expect(page.locator("#game-end .verdict-line")).to_have_text("✓ The final scores and points match the record")


TOURNAMENT = SOUL.parent / "tenhou6" / "250118-02cb218e-pantheon.json"


def test_a_lobbys_own_uma_marks_the_points_that_differ_not_the_scores(page: Page, base_url: str) -> None:  # noqa: F811
    # A public tenhou.net/6 conversion of a Soul tournament game (tests/data/soul/tenhou6): every hand matches
    # and the final scores are the record's, 31,500 / 30,300 / 30,500 / 27,700 from a 30,000 start. Its lobby
    # paid uma +30/+10/-10/-30, which the converted file does not state, so the ranked rooms' uma +15/+5/-5/-15
    # gives 1.5 + 15 = 16.5, 0.3 - 5 = -4.7 (third), 0.5 + 5 = 5.5 (second) and -2.3 - 15 = -17.3 where the
    # record says 31.5 / -9.7 / 10.5 / -32.3: the points are marked as differing, the scores are not.
    page.goto(base_url + "/replay")
    expect(page.locator("#file")).to_be_enabled()  # the page is wired: the file is read
    page.set_input_files("#file", str(TOURNAMENT))
    expect(page.locator("#seats .seat")).to_have_count(4)
    last = page.locator("#hand-select option").count() - 1
    page.select_option("#hand-select", str(last))
    page.keyboard.press("End")
    engine = [("31,500", "16.5"), ("30,300", "-4.7"), ("30,500", "5.5"), ("27,700", "-17.3")]
    record = ["31,500 / 31.5", "30,300 / -9.7", "30,500 / 10.5", "27,700 / -32.3"]
    for seat, ((score, points), theirs) in enumerate(zip(engine, record, strict=True)):
        cells = page.locator(f'#game-end tr[data-seat="{seat}"] td')
        expect(cells).to_have_text([score, points, theirs])
        expect(cells.nth(0)).not_to_have_class("differs")
        expect(cells.nth(1)).to_have_class("differs")
    verdict = page.locator("#game-end .verdict-line")
    expect(verdict).to_have_text("✗ Differs from the record: final_points")
    expect(verdict).to_have_class("verdict-line differs")
