"""The replay page's review of a seat in a real headless Chromium at 1280 px: a built-in player's choice beside
the record's at each of the seat's decisions, agreement marked, and the agreement rate.

The records are riichi's own self-play (EfficientPlayer at every seat, as tests/bots/test_review.py makes its
game): reviewed by the efficient player, every decision agrees; reviewed by tsumogiri (which always discards the
tile it drew), the decisions where the efficient player kept its draw differ.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("RIICHI_CHROMIUM", "/usr/bin/chromium"))
if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}; install it and a Japanese font with: "
                "sh .ci/browser.sh", allow_module_level=True)

from playwright.sync_api import Page, expect

from riichi.bots.review import review_game
from riichi.cli import main
from riichi.formats.detect import read_record
from riichi.game.players import TsumogiriPlayer
from tests.web.test_e2e import base_url, browser, page  # noqa: F401 - the fixtures, shared


#: A real tonpuusen game from Tenhou (tests/data/games/logs), another record to open after the self-play.
EAST_ONLY_BUST = Path(__file__).resolve().parents[1] / "data" / "games" / "logs" / "h-c4737a27a354fef2.xml"


@pytest.fixture(scope="module")
def selfplay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("review-page")
    assert main(["play", "--games", "1", "--seed", "2", "--save", str(folder)]) == 0
    return folder / "game-0000.mjson"


def open_and_review(page: Page, base: str, record: Path, seat: int, player: str) -> None:  # noqa: F811 - the fixture passed on
    page.goto(base + "/replay")
    expect(page.locator("#file")).to_be_enabled()  # the page is wired: the file is read
    page.set_input_files("#file", str(record))
    expect(page.locator("#seats .seat")).to_have_count(4)
    expect(page.locator("#review-seat option")).to_have_count(4)
    page.select_option("#review-seat", str(seat))
    page.select_option("#review-player", player)
    page.click("#review-run")
    expect(page.locator("#review-summary")).to_contain_text(f"{player} agrees with seat {seat}")


def test_the_efficient_player_agrees_with_its_own_game(page: Page, base_url: str, selfplay: Path) -> None:  # noqa: F811
    open_and_review(page, base_url, selfplay, 1, "efficient")
    expect(page.locator("#review-summary")).to_contain_text("100.0%")
    rows = page.locator("#review-list li.review-choice")
    assert rows.count() > 0
    expect(page.locator("#review-list li.review-choice.differs")).to_have_count(0)
    # Clicking a decision steps to the table the seat faced, and says the two choices there agree.
    rows.first.click()
    expect(page.locator("#review-here")).to_contain_text("✓ agrees here: the record discard")
    expect(rows.first).to_have_class(re.compile(r"\bhere\b"))


def test_tsumogiri_disagreements_are_marked(page: Page, base_url: str, selfplay: Path, tmp_path: Path) -> None:  # noqa: F811
    expected = review_game(read_record(selfplay.read_bytes()), 0, TsumogiriPlayer())
    open_and_review(page, base_url, selfplay, 0, "tsumogiri")
    expect(page.locator("#review-summary")).to_contain_text(
        f"at {expected.agreements} of {expected.decisions} decisions: {100 * expected.rate:.1f}%")
    first_hand = [d for d in expected.disagreements if d.hand == 0]
    differs = page.locator("#review-list li.review-choice.differs")
    expect(differs).to_have_count(len(first_hand))
    differs.first.click()
    here = page.locator("#review-here")
    expect(here).to_contain_text("✗ differs here: the record")
    expect(here).to_contain_text(f"tsumogiri {first_hand[0].chosen.replace(' 0 ', ' ')}")
    turn = first_hand[0].event - 1  # the step before the recorded discard: the table the seat faced
    expect(page.locator("#step-label")).to_have_text(re.compile(rf"^turn {turn} /"))
    expect(differs.first.locator(".review-turn")).to_have_text(f"turn {turn}")
    page.screenshot(path=str(tmp_path / "review.png"), full_page=True)
    print(tmp_path / "review.png")  # noqa: T201 - where to look


def test_a_seat_reviewed_before_another_record_is_cleared(page: Page, base_url: str, selfplay: Path) -> None:  # noqa: F811
    open_and_review(page, base_url, selfplay, 2, "efficient")
    expect(page.locator("#file")).to_be_enabled()  # the page is wired: the file is read
    page.set_input_files("#file", str(EAST_ONLY_BUST))
    expect(page.locator("#game-info")).to_contain_text("Tenhou")
    expect(page.locator("#review-summary")).to_have_text("")
    expect(page.locator("#review-list")).to_be_hidden()
