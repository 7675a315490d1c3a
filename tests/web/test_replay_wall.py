"""The replay page shows the wall of a Tenhou record rebuilt from its seed: the live wall still to come and
the dead wall (replacement tiles, dora indicators with the ura under each), in headless Chromium. The game is
``tests/data/games/logs/2010081709gm-00a9-0000-fe3371ad.xml``: East draws 2s first, then discards 4z, which
North pons; East 1's dora indicator is 6m (truth.jsonl, written from the record)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("RIICHI_CHROMIUM", "/usr/bin/chromium"))
if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}; install it and a Japanese font with: "
                "sh .ci/browser.sh", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect

from tests.conftest import SCREENSHOTS
from tests.web.test_e2e import base_url, browser, watch_console  # noqa: F401 - the fixtures, shared
from tests.web.test_replay_page import MJLOG, TENHOU6, open_file


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:  # noqa: F811 - the shared browser
    context = browser.new_context(viewport={"width": 1280, "height": 1100})
    pg = context.new_page()
    errors = watch_console(pg)
    yield pg
    context.close()
    assert errors == [], f"errors in the browser console: {errors}"


def _live(page: Page) -> list[str]:
    return page.locator("#wall-view .live-wall svg.t").evaluate_all("ts => ts.map(t => t.getAttribute('aria-label'))")


def test_the_wall_still_to_come(page: Page, base_url: str) -> None:  # noqa: F811
    open_file(page, base_url, MJLOG)
    expect(page.locator("#wall-view")).to_be_visible()
    expect(page.locator("#wall-view .live-wall b")).to_have_text("Still to come (70)")
    assert _live(page)[0] == "2s"  # East's first draw
    pairs = page.locator("#wall-view .pair")
    expect(pairs).to_have_count(5)
    expect(page.locator("#wall-view .pair.revealed")).to_have_count(1)
    expect(pairs.first.locator("svg.t").first).to_have_attribute("aria-label", "6m")
    expect(page.locator("#wall-view .rinshan svg.t")).to_have_count(4)  # replacement tiles
    after = _live(page)[1:]
    page.keyboard.press("ArrowRight")  # East draws 2s
    expect(page.locator("#wall-view .live-wall b")).to_have_text("Still to come (69)")
    assert _live(page) == after
    page.screenshot(path=str(SCREENSHOTS / "replay-wall.png"), full_page=True)


def test_no_wall_without_a_seed(page: Page, base_url: str) -> None:  # noqa: F811
    open_file(page, base_url, TENHOU6)  # tenhou.net/6 JSON carries no seed
    expect(page.locator("#wall-view")).to_be_hidden()
