"""The calculator page in a real headless Chromium (Debian's /usr/bin/chromium).

The app runs under uvicorn on a free localhost port in a background thread.
Expected values are hands scored by hand (arithmetic in the comments) and the
kiriage difference of the rule-set survey §1b. The test of the README picture saves
calculator.png, the README's picture (``scripts/screenshots.py`` renews it).
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

#: The browser (Debian's chromium); RIICHI_CHROMIUM names another (tests/web/test_browser_skip.py).
CHROMIUM = Path(os.environ.get("RIICHI_CHROMIUM", "/usr/bin/chromium"))
#: The one command that installs the browser and the font (README, "Tests").
INSTALL = "sh .ci/browser.sh"
if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}; install it and a Japanese font with: {INSTALL}",
                allow_module_level=True)

import uvicorn  # noqa: E402 - only after the skip
from playwright.sync_api import Browser, Page, Route, expect, sync_playwright  # noqa: E402

from riichi.rules import PRESETS  # noqa: E402
from riichi.web import server as web_server  # noqa: E402
from tests.conftest import SCREENSHOTS  # noqa: E402

SCREENSHOT = SCREENSHOTS / "calculator.png"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    port = free_port()
    # The server as `riichi serve` runs it: uvicorn with the request deadline and the connection limits.
    server = uvicorn.Server(web_server.config("127.0.0.1", port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the web server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    errors = watch_console(pg)
    yield pg
    context.close()
    assert errors == [], f"errors in the browser console: {errors}"


def watch_console(pg: Page) -> list[str]:
    """Every script error and every console error of the page (a failed request, a blocked script or
    style under the security policy), gathered as they come: normal use logs none."""
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: errors.append(f"{m.type}: {m.text}") if m.type == "error" else None)
    pg.on("response", lambda r: errors.append(f"{r.status} from {r.url}") if r.status >= 400 else None)  # noqa: PLR2004
    return errors


def click_tiles(page: Page, text: str) -> None:
    """Click palette tiles, e.g. '34m' clicks 3m then 4m."""
    digits: list[str] = []
    for ch in text:
        if ch.isdigit():
            digits.append(ch)
        else:
            for d in digits:
                page.click(f'#palette [data-tile="{d}{ch}"]')
            digits = []


def test_build_a_hand_by_clicks_and_switch_rules(page: Page, base_url: str) -> None:
    page.goto(base_url)
    # 34m 567m 234p 678s 88p, then 2m last: the winning tile.
    click_tiles(page, "34567m234p678s88p2m")
    expect(page.locator("#tile-count")).to_have_text("14 / 14")
    expect(page.locator("#notation")).to_have_value("234567m23488p678s")
    expect(page.locator("#win")).to_have_value("2m")
    page.select_option("#seat", "S")
    page.select_option("#riichi", "1")
    page.click('#modes [data-mode="dora"]')
    click_tiles(page, "1m")
    # Riichi, pinfu, tanyao, dora 2m (indicator 1m): 4 han 30 fu (20 base + 10 closed ron).
    # Non-dealer ron: 4 * 30 * 2^6 = 7680 -> 7700. Dealt in by the left seat, East for South.
    expect(page.locator("#points")).to_have_text("7,700")
    expect(page.locator("#headline")).to_have_text("4 han 30 fu")
    expect(page.locator("#payments")).to_have_text("East (left) pays 7,700")
    names = page.locator("#yaku li").evaluate_all("items => items.map(li => li.dataset.yaku)")
    assert sorted(names) == ["dora", "pinfu", "riichi", "tanyao"]
    # Each yaku also shows its English name, from /api/yaku.
    expect(page.locator('#yaku li[data-yaku="tanyao"] .gloss')).to_have_text("all simples")
    expect(page.locator('#yaku li[data-yaku="pinfu"] .gloss')).to_have_text("no-points hand")

    # M.League rounds 4 han 30 fu up to mangan (kiriage, the rule-set survey §1b).
    page.select_option("#preset", "mleague")
    expect(page.locator("#points")).to_have_text("8,000")
    expect(page.locator("#headline")).to_have_text("Mangan")

    # The same switch by hand on Tenhou's rules.
    page.select_option("#preset", "tenhou")
    expect(page.locator("#points")).to_have_text("7,700")
    page.click("#switches-box summary")
    page.check('[data-switch="kiriage"]')
    expect(page.locator("#points")).to_have_text("8,000")
    expect(page.locator("#override-count")).to_have_text("(1 changed)")


def test_shared_link_reopens_the_same_hand(page: Page, browser: Browser, base_url: str) -> None:
    page.goto(base_url)
    page.fill("#notation", "123m456p789s1122z")  # 13 tiles
    click_tiles(page, "1z")  # ... and East completes the triplet: 14
    page.click('[data-win-by="tsumo"]')
    # Dealer (East seat) tsumo: menzen tsumo 1 + double East (seat and round wind) 2 = 3 han.
    # Fu: 20 + closed honour triplet 8 + tsumo 2 + pair of South (round and seat are East: no fu) = 30.
    # Dealer tsumo 3 han 30 fu: 30 * 2^5 = 960, each pays 2 * 960 = 1920 -> 2000 all, 6000 in total.
    expect(page.locator("#points")).to_have_text("6,000")
    expect(page.locator("#payments")).to_have_text("2,000 all")
    link = page.url
    assert "hand=" in link and "tsumo=1" in link

    other = browser.new_page()
    try:
        other.goto(link)
        expect(other.locator("#points")).to_have_text("6,000")
        expect(other.locator("#notation")).to_have_value("123m456p789s11122z")
        expect(other.locator("#win")).to_have_value("1z")
        assert other.locator('[data-win-by="tsumo"]').get_attribute("class") == "active"
    finally:
        other.close()


def test_compare_view_shows_every_preset(page: Page, base_url: str) -> None:
    page.goto(base_url + "/?hand=234m567m234p678s88p&win=2m&from=E&seat=S&riichi=1&dora=1m&view=compare")
    rows = page.locator("#compare-table tr[data-preset]")
    # one row a four-player preset: the hand is a four-player hand
    expect(rows).to_have_count(sum(1 for rules in PRESETS.values() if rules.game.players == 4))
    # 7700 without kiriage, 8000 with it (see the first test); WRC and M-League round up.
    expect(page.locator('#compare-table tr[data-preset="tenhou"] td.num')).to_have_text("7,700")
    expect(page.locator('#compare-table tr[data-preset="wrc"] td.num')).to_have_text("8,000")
    expect(page.locator('#compare-table tr[data-preset="mleague"] td.num')).to_have_text("8,000")
    # Clicking a row picks that preset.
    page.click('#compare-table tr[data-preset="wrc"]')
    expect(page.locator("#preset")).to_have_value("wrc")
    expect(page.locator("#points")).to_have_text("8,000")


def test_melds_called_from_seats_and_removing_tiles(page: Page, base_url: str) -> None:
    page.goto(base_url)
    page.select_option("#seat", "S")
    page.click('#modes [data-mode="pon"]')
    page.select_option("#from", "right")  # South's right is West
    click_tiles(page, "5z")
    page.click('#modes [data-mode="chi"]')
    click_tiles(page, "6s")  # 678s, from the left (East)
    expect(page.locator("#notation")).to_have_value(" pon:555z@W chi:678s@E".strip())
    page.click('#modes [data-mode="hand"]')
    click_tiles(page, "234m40p55s6p")
    expect(page.locator("#tile-count")).to_have_text("14 / 14")
    # Haku 1 + aka dora 1 = 2 han; fu 20 + open honour triplet 4 = 24 -> 30 on ron.
    # Non-dealer ron 2 han 30 fu: 4 * 30 * 2^4 = 1920 -> 2000.
    expect(page.locator("#points")).to_have_text("2,000")
    # Clicking a meld removes it: 11 tiles left, the case is no longer a full hand.
    page.click('.meld-btn[data-meld="chi:678s@E"]')
    expect(page.locator("#tile-count")).to_have_text("11 / 14")
    expect(page.locator("#notation")).to_have_value("234m406p55s pon:555z@W")
    expect(page.locator("#short-hand")).to_contain_text("11 tiles: analysis needs 13")


def test_incomplete_hand_shows_waits_with_their_value(page: Page, base_url: str) -> None:
    page.goto(base_url + "/?hand=234m567m234p678s89p&win=9p&seat=S&riichi=1&dora=1m")
    # 14 tiles, not complete: discarding 8p or 9p leaves tenpai (on the other one).
    expect(page.locator("#shanten")).to_have_text("Tenpai after the right discard")
    rows = page.locator("#discards tr[data-discard]")
    assert rows.evaluate_all("rs => rs.slice(0, 2).map(r => r.dataset.discard).sort()") == ["8p", "9p"]
    page.click('#discards tr[data-discard="9p"]')
    expect(page.locator("#notation")).to_have_value("234567m2348p678s")
    # Tenpai on 8p; ron 5200 and tsumo 7900 (arithmetic in tests/web/test_api.py,
    # test_analyze_values_each_wait).
    expect(page.locator("#shanten")).to_have_text("Tenpai")
    expect(page.locator('#waits li[data-wait="8p"] .wait-value')).to_have_text("ron 5,200 · tsumo 7,900")
    # Adding the 8p completes the hand: the tanki ron is worth 5200.
    click_tiles(page, "8p")
    expect(page.locator("#points")).to_have_text("5,200")


def test_three_players_hide_north_and_the_removed_tiles(page: Page, base_url: str) -> None:
    page.goto(base_url)
    page.click('[data-players="3"]')
    expect(page.locator("#preset")).to_have_value("tenhou-sanma")
    # 108 tiles: no 2m-8m (nor the red 5m) in the palette, no chi, no North seat; kita as a counter
    for tile in ("2m", "5m", "0m", "8m"):
        expect(page.locator(f'#palette [data-tile="{tile}"]')).to_be_hidden()
    for tile in ("1m", "9m", "0p", "4z"):
        expect(page.locator(f'#palette [data-tile="{tile}"]')).to_be_visible()
    expect(page.locator('#modes [data-mode="chi"]')).to_be_hidden()
    assert page.locator("#seat option:not([disabled])").evaluate_all("os => os.map(o => o.value)") == ["E", "S", "W"]
    expect(page.locator("#kita-label")).to_be_visible()
    # South by tsumo, 999m 123p 456p 789s 22s, two Norths set aside, West indicator: menzen tsumo 1, dora 2 (the
    # set-aside Norths again), nukidora 2 = 5 han, a mangan: the dealer pays 4,000, West 2,000 (tsumo loss).
    click_tiles(page, "999m123456p789s22s")
    page.select_option("#seat", "S")
    page.click('[data-win-by="tsumo"]')
    page.click("#kita-plus")
    page.click("#kita-plus")
    page.click('#modes [data-mode="dora"]')
    click_tiles(page, "3z")
    expect(page.locator("#points")).to_have_text("6,000")
    expect(page.locator("#headline")).to_have_text("Mangan")
    expect(page.locator('#yaku li[data-yaku="nukidora"] b')).to_have_text("2 han")
    expect(page.locator("#payments")).to_have_text("East 4,000, West 2,000")
    assert page.locator("#deltas tr").evaluate_all("rs => rs.map(r => r.dataset.seat)") == ["E", "S", "W"]
    # two Norths set aside leave two in the palette (set-aside Norths count among the four copies)
    expect(page.locator('#palette [data-tile="4z"]')).to_be_enabled()
    # the link keeps the rules and the kita
    assert "kita=2" in page.url and "rules=tenhou-sanma" in page.url
    page.goto(page.url)
    expect(page.locator("#points")).to_have_text("6,000")
    expect(page.locator("#kita")).to_have_value("2")
    # the comparison runs the three-player presets: Mahjong Soul splits North's share (5,000 + 3,000)
    page.click("#tab-compare")
    expect(page.locator("#compare-table tr[data-preset]")).to_have_count(2)
    expect(page.locator('#compare-table tr[data-preset="mahjongsoul-sanma"] td.num')).to_have_text("8,000")
    page.screenshot(path=str(SCREENSHOTS / "calculator-sanma.png"), full_page=True)
    # back to four players: the kita goes, and the page says so
    page.click('[data-players="4"]')
    expect(page.locator("#preset")).to_have_value("tenhou")
    expect(page.locator("#players-note")).to_have_text("Taken out for 4 players: 2 kita.")
    expect(page.locator("#kita-label")).to_be_hidden()


def test_three_players_set_a_north_aside_from_the_discards(page: Page, base_url: str) -> None:
    # 123456p 789s 11z 22s + 4z: the North is the tile to let go (tenpai on 2s and 1z either way); under three-player
    # rules the table offers setting it aside (kita) first, and a click does: 13 tiles, one kita
    page.goto(base_url + "/?hand=123456p789s11z22s4z&rules=tenhou-sanma&seat=S")
    first = page.locator("#discards tr[data-discard]").first
    expect(first).to_have_attribute("data-kita", "1")
    first.click()
    expect(page.locator("#kita")).to_have_value("1")
    expect(page.locator("#tile-count")).to_have_text("13 / 14")
    expect(page.locator("#shanten")).to_have_text("Tenpai")
    # a tsumo on 2s (222s 11z shanpon): menzen tsumo 1 + nukidora 1 = 2 han; 20 + 2 tsumo + 4 closed 222s + 2 for the
    # East pair (round wind) = 28 -> 30 fu; base 480: the dealer pays 1,000, West 500 (tsumo loss): 1,500
    expect(page.locator('#waits li[data-wait="2s"] .wait-value')).to_have_text("ron: no yaku · tsumo 1,500")


def test_typing_bad_notation_shows_where(page: Page, base_url: str) -> None:
    page.goto(base_url)
    page.fill("#notation", "123m8z")
    # the library's reader's message (riichi.notation), after the word at fault
    expect(page.locator("#notation-error")).to_have_text("123m8z: there is no honour tile 8z (honours are 1z..7z)")


def test_typed_notation_is_read_by_the_server_melds_and_errors_alike(page: Page, base_url: str) -> None:
    page.goto(base_url)
    # the README's hand with its pon of chun from West; East's West sits across, so the meld keeps its @W
    with page.expect_request(lambda r: r.url.endswith("/api/hand")) as asked:
        page.fill("#notation", "234m406p11z pon:777z@W")
    assert json.loads(asked.value.post_data or "") == {"hand": "234m406p11z pon:777z@W", "seat_wind": "E",
                                                      "players": 4}
    expect(page.locator('#hand-view .meld-btn[data-meld="pon:777z@W"]')).to_have_count(1)
    expect(page.locator("#tile-count")).to_have_text("11 / 14")  # 8 concealed tiles and a meld counting 3
    expect(page.locator("#hand-view .in-hand")).to_have_count(8)
    # a pon of two tiles: the library's message after the word at fault, and no hand (answered 200: the console
    # stays empty, which the fixture checks)
    page.fill("#notation", "234m406p11z pon:77z@W")
    expect(page.locator("#notation-error")).to_have_text("pon:77z@W: pon 77z: needs 3 tiles, not 2")
    expect(page.locator("#hand-view .meld-btn")).to_have_count(0)
    expect(page.locator("#tile-count")).to_have_text("0 / 14")


def test_a_slow_reading_of_an_earlier_keystroke_never_overwrites_a_later_one(page: Page, base_url: str) -> None:
    first, last = "123m456p789s111z", "123m456p789s11122z"
    held: list[Route] = []

    def hold_the_first(route: Route) -> None:
        if json.loads(route.request.post_data or "{}").get("hand") == first and not held:
            held.append(route)  # answered only when the test says so, after the later keystroke's answer
        else:
            route.continue_()

    page.goto(base_url)
    page.route("**/api/hand", hold_the_first)
    page.fill("#notation", first)
    page.fill("#notation", last)
    expect(page.locator("#tile-count")).to_have_text("14 / 14")
    expect(page.locator("#win")).to_have_value("2z")
    assert len(held) == 1
    with page.expect_response("**/api/hand"):
        held[0].continue_()  # the earlier answer (13 tiles, 1z last) arrives now
    page.wait_for_timeout(300)
    expect(page.locator("#tile-count")).to_have_text("14 / 14")
    expect(page.locator("#win")).to_have_value("2z")
    expect(page.locator("#notation")).to_have_value(last)


def test_a_hand_typed_while_the_page_still_loads_is_kept(page: Page, base_url: str) -> None:
    rules: list[Route] = []
    readings: list[Route] = []
    # /api/rules is the page's last question before it writes the notation box from the link's hand
    page.route("**/api/rules", lambda route: rules.append(route))
    page.route("**/api/hand", lambda route: readings.append(route))
    page.goto(base_url)
    page.fill("#notation", "123m456p789s11122z")
    for _ in range(200):  # both questions asked, neither answered yet
        if rules and readings:
            break
        page.wait_for_timeout(25)
    assert len(rules) == 1 and len(readings) == 1
    with page.expect_response("**/api/rules"):
        rules[0].continue_()  # the page finishes loading while the typed hand is still being read
    page.wait_for_timeout(200)
    readings[0].continue_()
    expect(page.locator("#tile-count")).to_have_text("14 / 14")
    expect(page.locator("#notation")).to_have_value("123m456p789s11122z")
    expect(page.locator("#points")).to_have_text("3,900")  # the hand of test_page_state's first test


def test_a_tile_clicked_while_the_typed_hand_is_read_is_added_to_it(page: Page, base_url: str) -> None:
    readings: list[Route] = []
    page.goto(base_url)
    page.route("**/api/hand", lambda route: readings.append(route))
    page.fill("#notation", "123m456p789s1122z")  # 13 tiles
    click_tiles(page, "1z")  # clicked before the reading is answered
    for _ in range(200):
        if readings:
            break
        page.wait_for_timeout(25)
    readings[0].continue_()
    # the click waited for the typed hand: 123m 456p 789s 11z 22z and 1z, won on 1z (the tile added last)
    expect(page.locator("#tile-count")).to_have_text("14 / 14")
    expect(page.locator("#notation")).to_have_value("123m456p789s11122z")
    expect(page.locator("#win")).to_have_value("1z")


def test_phone_sized_screen_has_no_sideways_scrolling(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    try:
        pg = context.new_page()
        errors = watch_console(pg)
        pg.goto(base_url + "/?hand=234m567m234p678s88p&win=2m&from=E&seat=S&riichi=1&dora=1m")
        expect(pg.locator("#points")).to_have_text("7,700")
        assert errors == []
        assert pg.evaluate("document.documentElement.scrollWidth") <= 390
        # every palette tile can be reached on the screen
        assert pg.locator('#palette [data-tile="7z"]').bounding_box()["x"] + 20 < 390  # type: ignore[index]
    finally:
        context.close()


def test_screenshot_for_the_readme(page: Page, base_url: str) -> None:
    # South seat, tsumo: 234m 4-red5-6p 55s, pon of Haku from West, chi 678s from East; dora indicator 1m.
    # Haku 1 + aka dora 1 + dora 2m 1 = 3 han; fu 20 + open Haku triplet 4 + tsumo 2 = 26 -> 30.
    # Non-dealer tsumo 3 han 30 fu: base 960; non-dealers pay 1000, the dealer 2000: 4000.
    page.goto(base_url + "/?hand=234m406p55s+pon:555z@W+chi:678s@E&win=4p&tsumo=1&seat=S&dora=1m&honba=1")
    expect(page.locator("#points")).to_have_text("4,000")
    # One honba: each of the three payers adds 100.
    expect(page.locator("#payments")).to_have_text("East 2,100, West 1,100, North 1,100")
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT), full_page=True)
    assert SCREENSHOT.stat().st_size > 10_000


def test_api_docs_render_offline(page: Page, base_url: str) -> None:
    # /docs shows the OpenAPI description with the browser's network limited to the local server.
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(base_url)
               else route.abort())
    page.goto(f"{base_url}/docs")
    page.wait_for_selector(".swagger-ui .info .title", timeout=15000)
    assert "riichi" in page.inner_text(".swagger-ui .info .title")
    assert page.locator(".opblock-summary-path", has_text="/api/score").count() >= 1


def test_discard_table_shows_expected_values_and_a_plot(page: Page, base_url: str) -> None:
    # 234678m 3459p 57s 12z, East, indicator 1z: the table model's values beside each discard, the same as
    # POST /api/analyze gives for the hand (tests/test_ev_table.py checks the model itself), and the win
    # chance drawn turn by turn for the three best.
    from riichi.formats.analysis import analyze_case  # noqa: PLC0415

    page.goto(base_url + "/?hand=234678m3459p57s12z&win=2z&tsumo=1&dora=1z")
    cell = page.locator('#discards tr[data-discard="1z"] .ev-win')
    expect(cell).not_to_have_text("", timeout=30_000)
    answer = analyze_case({"hand": "234678m3459p57s12z", "win": "2z", "tsumo": True, "dora": "1z", "visible": "1z",
                           "ev": {"model": "table", "first_turn": 1}})
    row = next(d for d in answer["ev"]["discards"] if d["tile"] == "1z")  # type: ignore[index]
    expect(cell).to_have_text(f"{100 * row['win'][0]:.1f}")
    expect(page.locator("#ev-plot polyline")).to_have_count(3)
    page.select_option("#ev-turn", "10")  # from turn 10: the values of that turn
    expect(page.locator("#ev-turn")).to_have_value("10")
    later = analyze_case({"hand": "234678m3459p57s12z", "win": "2z", "tsumo": True, "dora": "1z", "visible": "1z",
                          "ev": {"model": "table", "first_turn": 10}})
    row = next(d for d in later["ev"]["discards"] if d["tile"] == "1z")  # type: ignore[index]
    expect(page.locator('#discards tr[data-discard="1z"] .ev-win')).to_have_text(f"{100 * row['win'][0]:.1f}")


def test_scores_at_the_table_add_each_discards_placement_value(page: Page, base_url: str) -> None:
    # South 4 (All Last), East (the dealer, this hand's seat) 1,000 behind South: with the scores written, the
    # discard table gains the placement value the API gives for the same situation (tests/game/test_placement.py
    # checks the model), and the link keeps the scores and the hand's number.
    from riichi.formats.analysis import analyze_case  # noqa: PLC0415

    page.goto(base_url + "/?hand=23567m2346p12388s&win=8s&tsumo=1&round=S&scores=24000%2026000%2025000%2025000&kyoku=4")
    cell = page.locator('#discards tr[data-discard="6p"] .ev-placement')
    expect(cell).not_to_have_text("", timeout=30_000)
    answer = analyze_case({"hand": "23567m2346p12388s", "win": "8s", "tsumo": True, "round_wind": "S",
                           "scores": [24000, 26000, 25000, 25000], "round_number": 4,
                           "ev": {"model": "table", "first_turn": 1}})
    row = next(d for d in answer["ev"]["discards"] if d["tile"] == "6p")  # type: ignore[index]
    expect(cell).to_have_text(f"{row['placement'][0]:+.1f}")
    assert "scores=24000+26000+25000+25000" in page.url and "kyoku=4" in page.url
    # Three numbers for four seats, or words: the page says how to write them, and asks for no placement.
    for written in ("25000 25000 25000", "lots"):
        page.fill("#scores", written)
        page.locator("#scores").dispatch_event("change")
        expect(page.locator("#scores-hint")).to_have_text("Scores are 4 numbers, one a seat, East first.")
        expect(page.locator(".ev-placement")).to_have_count(0)
        expect(page.locator('#discards tr[data-discard="6p"] .ev-win')).not_to_have_text("")
