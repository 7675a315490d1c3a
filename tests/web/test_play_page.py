"""The play page in a real headless Chromium: whole games played by clicking.

A scripted player clicks a legal tile or button of the page (a win whenever one is offered, else any of them
at random) until the game ends, under tenhou, wrc and tenhou-sanma, at 1280 and at 390 px wide. Every step
checks that the page's data holds no tile the seat may not see (the count of ``test_play_api``, against the
server's own position), that no request leaves the server, that nothing is wider than the window; the game's
end must show the final scores the server settled, adding up to the points the game started with. The
record downloaded from the page replays with every hand matching. The pictures of the documentation (a hand
in progress, a win, the game's end, in English and in Japanese) are taken along the way.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_e2e import ARGS, CHROMIUM, free_port, watch_console

import uvicorn
from playwright.sync_api import Browser, Page, expect, sync_playwright

from riichi.formats.detect import read_record
from riichi.replay.run import replay_game
from riichi.web import server as web_server
from riichi.web.app import create_app
from riichi.web.play import GameStore, PlayGame
from riichi.web.play_api import COOKIE
from tests.conftest import SCREENSHOTS
from tests.web.test_play_api import public_part, tiles_named, visible_to

START = {"tenhou": 25000, "wrc": 30000, "tenhou-sanma": 35000}


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, GameStore]]:
    app = create_app()
    port = free_port()
    server = uvicorn.Server(web_server.config("127.0.0.1", port, log_level="warning", app=app))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the web server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", app.state.play_games
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


class Session:
    """A browser context on the play page, watching its console and every request it makes."""

    def __init__(self, browser: Browser, base: str, width: int, lang: str = "en") -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True,
                                           locale="ja-JP" if lang == "ja" else "en-US")
        self.outside: list[str] = []
        self.context.route("**/*", self._route)
        self.base = base
        self.page = self.context.new_page()
        self.errors = watch_console(self.page)

    def _route(self, route: object) -> None:
        request = route.request  # type: ignore[attr-defined]
        if request.url.startswith(self.base + "/"):
            route.continue_()  # type: ignore[attr-defined]
        else:
            self.outside.append(request.url)
            route.abort()  # type: ignore[attr-defined]

    def close(self) -> None:
        self.context.close()


def game_of(session: Session, store: GameStore) -> PlayGame:
    token = next(c["value"] for c in session.context.cookies() if c["name"] == COOKIE)
    game = store.get(token)
    assert game is not None
    return game


def check_page_data(state: dict[str, object], game: PlayGame) -> None:
    """The page's data (what it was sent) names exactly the tiles the seat may see."""
    r = game.game.round
    assert str(game.setup.seed) not in str(state)
    if r is not None and state.get("table") is not None:
        assert tiles_named(public_part(state)) == visible_to(r, game.seat)


#: What the scripted player reads of the page at each step, in one call.
LOOK = """() => ({
  state: play.state,
  overlay: !document.getElementById("overlay").hidden,
  end: document.getElementById("game-end") !== null,
  win: document.querySelector("#ending .win") !== null,
  width: document.documentElement.scrollWidth,
  wins: document.querySelectorAll('#actions [data-kind="tsumo"], #actions [data-kind="ron"]').length,
  choices: document.querySelectorAll("#my-hand .tile-btn:enabled, #actions button").length,
  river: document.querySelectorAll("#my-river svg").length,
  // the hand on one row, and every tile and button inside the window
  rows: new Set([...document.querySelectorAll("#my-hand .tile-btn")].map((b) => b.offsetTop)).size,  // (a hovered tile rises)
  outside: [...document.querySelectorAll("#my-hand .tile-btn, #actions button, #overlay button, #overlay a")]
    .filter((b) => b.checkVisibility() && (b.getBoundingClientRect().left < 0 || b.getBoundingClientRect().right > innerWidth)).length,
})"""


def start(page: Page, base: str, rules: str, lang: str = "en", seat: str = "") -> None:
    page.goto(f"{base}/play" + ("?lang=ja" if lang == "ja" else ""))
    page.wait_for_selector("#setup:not([hidden])")
    page.select_option("#setup-rules", rules)
    page.select_option("#setup-seat", seat)  # "" (random), or the seat's number
    page.click("#start")
    page.wait_for_selector("#my-tiles")


def play_to_the_end(page: Page, game: PlayGame, rng: random.Random, shots: dict[str, Path] | None = None,
                    watch: Callable[[Page, dict[str, Any]], None] | None = None) -> int:
    """Click legal tiles and buttons until the game's end shows (``watch`` sees the page at each step); returns
    the clicks made."""
    clicks = 0
    window = page.viewport_size["width"]  # type: ignore[index]
    for _ in range(4000):
        look = page.evaluate(LOOK)
        check_page_data(look["state"], game)
        if watch is not None:
            watch(page, look)
        assert look["width"] <= window, f"the page is {look['width']} px wide"
        assert look["outside"] == 0, "a tile or a button lies outside the window"
        assert look["rows"] <= 1, "the hand does not fit on one row"
        if look["overlay"]:
            if look["end"]:
                if shots and "end" in shots:
                    page.screenshot(path=str(shots.pop("end")))
                return clicks
            if shots and "win" in shots and look["win"]:
                page.screenshot(path=str(shots.pop("win")))
            page.click("#next-hand")
            page.wait_for_function(f"() => !play.busy && play.state.acknowledged > {look['state']['acknowledged']}")
            continue
        if shots and "hand" in shots and look["river"] >= 6:
            page.screenshot(path=str(shots.pop("hand")))
        if look["wins"]:
            choices = page.locator('#actions [data-kind="tsumo"], #actions [data-kind="ron"]')
        else:
            choices = page.locator("#my-hand .tile-btn:enabled, #actions button")
        assert look["choices"], "the page offers nothing to do, yet the game waits for this seat"
        choices.nth(rng.randrange(look["wins"] or look["choices"])).click()
        page.wait_for_function(f"() => !play.busy && play.state.moves > {look['state']['moves']}")
        clicks += 1
    pytest.fail("the game did not end in 4000 clicks")


def final_scores(page: Page, players: int) -> dict[int, tuple[int, float]]:
    rows = page.locator("#game-end table.final tr[data-seat]")
    assert rows.count() == players
    out = {}
    for i in range(players):
        row = rows.nth(i)
        cells = row.locator("td.num")
        out[int(row.get_attribute("data-seat") or "")] = (int(cells.nth(0).inner_text().replace(",", "")),
                                                          float(cells.nth(1).inner_text()))
    return out


@pytest.mark.parametrize(("rules", "width", "seed"), [
    ("tenhou", 1280, 1), ("wrc", 1280, 2), ("tenhou-sanma", 1280, 3),
    ("tenhou", 390, 4), ("wrc", 390, 5), ("tenhou-sanma", 390, 6),
])
def test_a_whole_game_by_clicks(browser: Browser, served: tuple[str, GameStore], rules: str, width: int,
                                seed: int) -> None:
    base, store = served
    session = Session(browser, base, width)
    page = session.page
    try:
        start(page, base, rules)
        game = game_of(session, store)
        shots = None
        if width == 1280 and rules == "tenhou":
            shots = {"hand": SCREENSHOTS / "play-hand.png", "win": SCREENSHOTS / "play-win.png",
                     "end": SCREENSHOTS / "play-end.png"}
        if width == 390:
            # The keyboard plays too: the arrow keys choose a tile, Enter discards it; Space skips a call.
            moves = page.evaluate("play.state.moves")
            if page.locator("#my-hand .tile-btn:enabled").count():
                page.keyboard.press("ArrowRight")
                focused = page.evaluate("document.activeElement.dataset.tile")
                assert focused == page.locator("#my-hand .tile-btn:enabled").first.get_attribute("data-tile")
                page.keyboard.press("Enter")
            else:
                page.keyboard.press(" ")
            page.wait_for_function(f"() => !play.busy && play.state.moves > {moves}")
        play_to_the_end(page, game, random.Random(seed), shots, help_shot if shots else None)
        final = game.game.final
        players = game.game.players
        shown = final_scores(page, players)
        assert shown == {s: (final.scores[s], final.points[s]) for s in range(players)}
        total = sum(score for score, _ in shown.values())
        if rules == "wrc":  # riichi sticks left on the table at the end go to nobody
            assert total <= START[rules] * players and (START[rules] * players - total) % 1000 == 0
        else:
            assert total == START[rules] * players
        assert sorted(int(p) for p in page.locator("#game-end td.place").all_inner_texts()) == list(
            range(1, players + 1))
        assert session.outside == []
        assert session.errors == []
        if width == 390:
            # Every button of the game's end is on screen without sideways scrolling.
            for button in page.locator("#game-end button, #game-end a").all():
                box = button.bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        if rules == "tenhou" and width == 1280:
            check_the_record(page, game)
    finally:
        session.close()


def help_shot(page: Page, look: dict[str, Any]) -> None:
    """At the first discard with six tiles in the river: the help turned on, its columns checked (a value or
    a dash in every row, each tile's danger a percentage), its picture taken (play-help.png), and off again
    (it works out values at every move)."""
    if look["river"] < 6 or look["overlay"] or page.evaluate("window.helpShown === true") \
            or not page.locator("#my-hand .tile-btn:enabled").count():
        return
    page.evaluate("window.helpShown = true")
    page.check("#help-toggle")
    page.wait_for_selector("#help table")
    rows = page.locator("#help tr[data-tile]").count()
    assert rows == page.locator("#help td.ev-win").count() == page.locator("#help td.danger").count() > 0
    for text in page.locator("#help td.danger").all_inner_texts():
        assert 0 <= float(text) <= 100
    page.locator("#help").screenshot(path=str(SCREENSHOTS / "play-help.png"))
    page.uncheck("#help-toggle")


def check_the_record(page: Page, game: PlayGame) -> None:
    """The record downloaded from the page replays with every hand matching, and opens in the replay page
    with the seat reviewed."""
    for fmt in ("mjai", "tenhou6", "mjlog"):
        with page.expect_download() as info:
            page.click(f'#game-end a[data-format="{fmt}"]')
        data = Path(info.value.path()).read_bytes()
        replayed = list(replay_game(read_record(data, fmt), file=f"game.{fmt}"))
        kyoku = [o for o in replayed if o["type"] == "kyoku"]
        assert len(kyoku) == len(game.game.results)
        assert all(o["matches_log"] is True for o in kyoku)
    page.click("#open-replay")
    page.wait_for_url("**/replay#*")
    page.wait_for_selector("#review-list li", timeout=30000)
    assert page.locator("#review-seat").input_value() == str(game.seat)


def test_every_page_in_japanese_leaves_no_english(browser: Browser, served: tuple[str, GameStore]) -> None:
    """The calculator (a scored hand, and the comparison of rule sets), a game in play (a hand, a win, the end)
    and the replay page with its review, in Japanese (the browser's language): no English in the visible
    text, names of people (the record's players) and notation aside."""
    from tests.web.test_i18n import VISIBLE_TEXT, english_left

    base, store = served
    session = Session(browser, base, 1280, lang="ja")
    page = session.page
    names = {"you", "expert"}  # the players' names in the game's record, shown by the replay page

    def japanese_only(where: str) -> None:
        left = english_left(page.evaluate(VISIBLE_TEXT), names)
        assert left == [], f"English left on {where}: {left}"

    try:
        # The hand of tests/web/test_e2e (riichi, pinfu, tanyao, dora: 4 han 30 fu).
        page.goto(f"{base}/?hand=234567m23488p678s&win=2m&seat=S&riichi=1&dora=1m")
        page.wait_for_selector("#points")
        assert page.locator("#headline").inner_text() == "4翻30符"
        assert page.locator('#yaku li[data-yaku="pinfu"]').inner_text().startswith("平和")
        japanese_only("the calculator")
        page.goto(f"{base}/?hand=234567m23488p678s&win=2m&seat=S&riichi=1&dora=1m&view=compare")
        page.wait_for_selector("#compare-table")
        japanese_only("the comparison of rule sets")
        page.goto(f"{base}/?hand=234567m2348p678s&seat=S")  # 13 tiles: the analysis
        page.wait_for_selector("#shanten")
        japanese_only("the calculator's analysis")
        # An error: the notation's 'x' at index 11 (no suit): the code's sentence, the caret under the 'x'.
        page.goto(f"{base}/?hand=234567m2348x678s&seat=S")
        page.wait_for_selector("#notation-error:not([hidden])")
        assert "牌の表記を読み取れません" in page.locator("#notation-error").inner_text()
        assert page.locator("#notation-caret").inner_text().split("\n") == ["234567m2348x678s", " " * 11 + "^"]
        japanese_only("the calculator's notation error")
        # The replay page's file chooser: the browser's own button speaks the browser's language, so the page
        # hides it from sight (not from the keyboard) and shows a label of its own, in the page's language.
        page.goto(f"{base}/replay")
        expect(page.locator("#file")).to_be_enabled()
        assert page.locator("#file-button").inner_text() == "ファイルを選ぶ"
        box = page.locator("#file").bounding_box()
        assert box is not None and box["width"] <= 1 and box["height"] <= 1
        japanese_only("the replay page before a record")
        start(page, base, "tenhou", seat="0")  # the first dealer: the same seat at each run
        assert page.locator("#start").count() == 1 and page.evaluate("i18n.lang") == "ja"
        game = game_of(session, store)
        shots = {"hand": SCREENSHOTS / "play-hand-ja.png", "win": SCREENSHOTS / "play-win-ja.png",
                 "end": SCREENSHOTS / "play-end-ja.png"}
        checked: set[str] = set()

        def watch(pg: Page, look: dict[str, Any]) -> None:
            kind = "end" if look["end"] else "win" if look["win"] else "draw" if look["overlay"] else "hand"
            if kind == "hand" and not pg.locator("#my-hand .tile-btn:enabled").count():
                return  # a call to answer: the help's discard table comes at a discard
            if kind not in checked:
                checked.add(kind)
                page.check("#help-toggle") if kind == "hand" else None
                if kind == "hand":
                    pg.wait_for_selector("#help table")
                    # the help's columns: each discard's win chance and value (or why not), each tile's danger
                    assert pg.locator("#help td.danger").count() == pg.locator("#help tr[data-tile]").count() > 0
                    assert pg.locator("#help th").all_inner_texts()[-3:] == ["和了率", "期待値", "放銃率"]
                japanese_only(f"the play page ({kind})")
                if kind == "hand":  # the help works out values at every move: off again for the rest of the game
                    page.uncheck("#help-toggle")

        play_to_the_end(page, game, random.Random(7), shots, watch)
        assert {"hand", "win", "end"} <= checked
        page.click("#open-replay")
        page.wait_for_selector("#review-list li", timeout=30000)
        japanese_only("the replay page with its review")
        page.keyboard.press("End")  # the hand's end: its result beside the record's
        page.wait_for_selector("#outcome:not([hidden])")
        japanese_only("the replay page at a hand's end")
        assert session.errors == [] and session.outside == []
    finally:
        session.close()
