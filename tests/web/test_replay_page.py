"""The replay page in a real headless Chromium (Debian's /usr/bin/chromium), at desktop and phone widths.

The game is a real Tenhou hanchan, ``tests/data/games/logs/2010081709gm-00a9-0000-fe3371ad.xml``: its first
hand (East 1) ends with a ron by seat 1 (ASAPIN, South) off seat 2 (West) for 7,700, 4 han 30 fu. Every
value checked on the page is read from the record's own results as ``tests/data/games/truth.jsonl``
writes them down. The pictures of the replay in docs/web.md come from here (``scripts/screenshots.py``).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("RIICHI_CHROMIUM", "/usr/bin/chromium"))
if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}; install it and a Japanese font with: "
                "sh .ci/browser.sh", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect

from riichi.formats.detect import read_record
from tests.conftest import SCREENSHOTS
from riichi.replay.convert import write_record
from tests.web.test_e2e import base_url, browser, page, watch_console  # noqa: F401 - the fixtures, shared

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "tests" / "data" / "games"
GAME_ID = "2010081709gm-00a9-0000-fe3371ad"
MJLOG = GAMES / "logs" / f"{GAME_ID}.xml"
#: The game also in tenhou.net/6 JSON: its fourth hand is a double ron.
TENHOU6 = GAMES / "tenhou6" / "2019103023gm-00a9-0000-f90e0fe9.json"
IMAGES = SCREENSHOTS


def truth(game_id: str) -> dict[str, object]:
    for line in (GAMES / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        game = json.loads(line)
        if game["game_id"] == game_id:
            return game  # type: ignore[no-any-return]
    raise LookupError(game_id)


FIRST_WIN = truth(GAME_ID)["kyoku"][0]["wins"][0]  # type: ignore[index]


def open_file(page: Page, base: str, path: Path = MJLOG) -> None:  # noqa: F811 - the fixture passed on
    page.goto(base + "/replay")
    expect(page.locator("#file")).to_be_enabled()  # the page is wired: the file is read
    page.set_input_files("#file", str(path))
    expect(page.locator("#seats .seat")).to_have_count(4)


def check_first_win(page: Page) -> None:  # noqa: F811 - the fixture passed on
    """The first hand's win as the page shows it, against the record's values."""
    win = page.locator('#outcome .win[data-win="0"]')
    expect(win.locator(".points")).to_have_text(f"{FIRST_WIN['points']:,}")
    expect(win.locator(".headline")).to_have_text(f"{FIRST_WIN['han']} han {FIRST_WIN['fu']} fu")
    # Seat 2 is West in East 1 (seat 0 deals); the discarder pays the whole 7,700.
    expect(win.locator(".payments")).to_have_text(f"West (でこじ) pays {FIRST_WIN['points']:,}")
    hans = win.locator("ul.yaku li b").all_inner_texts()
    assert sum(int(h.split()[0]) for h in hans) == FIRST_WIN["han"]
    # Engine and record side by side, nothing marked: han, fu and points as the record states them.
    expect(win.locator('tr[data-field="wins[0].han"] td.record')).to_have_text(str(FIRST_WIN["han"]))
    expect(win.locator('tr[data-field="wins[0].fu"] td.record')).to_have_text(str(FIRST_WIN["fu"]))
    expect(win.locator('tr[data-field="wins[0].points"] td.record')).to_have_text(f"{FIRST_WIN['points']:,}")
    expect(page.locator("#outcome tr.differs")).to_have_count(0)
    expect(page.locator("#outcome-verdict")).to_have_text("✓ Everything the record states matches the engine")
    # The winner's seat: gold, its score with the win's change.
    expect(page.locator('.seat[data-seat="1"]')).to_have_class("seat won")
    deltas = FIRST_WIN["deltas"]
    expect(page.locator('.seat[data-seat="1"] .delta')).to_have_text(f"+{deltas[1]:,}")


def test_step_to_the_first_win_and_reload_the_address(page: Page, browser: Browser, base_url: str) -> None:  # noqa: F811
    open_file(page, base_url)
    hands = truth(GAME_ID)["kyoku"]
    expect(page.locator("#hand-select option")).to_have_count(len(hands))  # type: ignore[arg-type]
    expect(page.locator("#step-label")).to_contain_text("turn 0 /")
    # Three steps with the keyboard: East draws 2s, discards 4z, North pons it.
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#step-label")).to_contain_text("turn 3 /")
    expect(page.locator("#event code")).to_have_text("pon 3 4z<0 44z")
    expect(page.locator('.seat[data-seat="3"] .meld img')).to_have_attribute("alt", "pon:444z@E")
    expect(page.locator('.seat[data-seat="0"] .river svg.called')).to_have_count(1)
    expect(page.locator("#outcome")).to_be_hidden()
    # To the end of the hand: the win.
    page.keyboard.press("End")
    expect(page.locator("#event code")).to_have_text("win 1 6m ron<2")
    check_first_win(page)
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    page.screenshot(path=str(IMAGES / "replay-desktop.png"), full_page=True)
    # One step back, the win is not there yet.
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#outcome")).to_be_hidden()
    page.keyboard.press("ArrowRight")
    link = page.url
    assert "#hand=1&turn=" in link and "record=" in link
    # The address alone reopens the game at the same position, in a fresh page.
    other = browser.new_page()
    errors = watch_console(other)
    try:
        other.goto(link)
        expect(other.locator("#event code")).to_have_text("win 1 6m ron<2")
        check_first_win(other)
        expect(other.locator("#step-label")).to_have_text(page.locator("#step-label").inner_text())
        # A reload keeps it too, and ↓ goes to the next hand's deal.
        other.reload()
        check_first_win(other)
        other.keyboard.press("ArrowDown")
        expect(other.locator("#hand-select")).to_have_value("1")
        expect(other.locator("#step-label")).to_contain_text("turn 0 /")
        assert "#hand=2&turn=0" in other.url
    finally:
        other.close()
    assert errors == [], errors


def test_pasted_tenhou6_record_shows_both_wins_of_a_double_ron(page: Page, base_url: str) -> None:  # noqa: F811
    page.goto(base_url + "/replay")
    page.fill("#paste", TENHOU6.read_text(encoding="utf-8"))
    page.click("#load")
    game = truth("2019103023gm-00a9-0000-f90e0fe9")
    expect(page.locator("#hand-select option")).to_have_count(len(game["kyoku"]))  # type: ignore[arg-type]
    double = next(i for i, k in enumerate(game["kyoku"]) if len(k["wins"]) == 2)  # type: ignore[arg-type]
    page.select_option("#hand-select", str(double))
    page.click("#last-step")
    wins = game["kyoku"][double]["wins"]  # type: ignore[index]
    expect(page.locator("#outcome .win")).to_have_count(2)
    for j, w in enumerate(wins):
        expect(page.locator(f'#outcome .win[data-win="{j}"] .points')).to_have_text(f"{w['points']:,}")
    expect(page.locator("#outcome tr.differs")).to_have_count(0)


def test_a_result_that_differs_from_the_record_is_marked(page: Page, base_url: str) -> None:  # noqa: F811
    # The record altered: the first win's fu written as 40 instead of 30 (AGARI ten="fu,points,limit").
    text = MJLOG.read_text(encoding="utf-8").replace('ten="30,7700,0"', 'ten="40,7700,0"', 1)
    page.goto(base_url + "/replay")
    page.fill("#paste", text)
    page.click("#load")
    expect(page.locator("#verdict")).to_have_text("✗ differs from the record")
    page.keyboard.press("End")
    row = page.locator('#outcome tr[data-field="wins[0].fu"]')
    expect(row).to_have_class("differs")
    expect(row.locator("td.engine")).to_have_text("30")
    expect(row.locator("td.record")).to_have_text("40 ✗")
    expect(page.locator("#outcome tr.differs")).to_have_count(1)
    expect(page.locator("#outcome-verdict")).to_have_text("✗ Differs from the record: wins[0].fu")


def test_a_bad_record_shows_the_readers_error(browser: Browser, base_url: str) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        pg = context.new_page()
        errors = watch_console(pg)
        pg.goto(base_url + "/replay")
        # The record cut inside its first hand.
        pg.fill("#paste", MJLOG.read_text(encoding="utf-8")[:5000])
        pg.click("#load")
        expect(pg.locator("#load-error-message")).to_have_text(
            "invalid log: event 146: the record ends inside hand 1 (no AGARI or RYUUKYOKU)")
        expect(pg.locator("#game")).to_be_hidden()
        # The one failed request is the refusal itself (and the console's note of it): nothing else.
        assert [e for e in errors if "/api/replay" not in e and "422" not in e] == [], errors
        assert any(e.startswith("422 from") for e in errors), errors
    finally:
        context.close()


def test_a_bad_record_is_refused_in_the_pages_language(browser: Browser, base_url: str) -> None:  # noqa: F811
    # The record cut inside its first hand, on the page in Japanese: the refusal names the hand and the record's
    # event as the English one does ("invalid log: event 146: the record ends inside hand 1 ..."), then the
    # catalogue's sentence for the code invalid_log; no English word is left on the page.
    from tests.web.test_i18n import VISIBLE_TEXT, english_left

    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="ja-JP")
    try:
        pg = context.new_page()
        pg.goto(base_url + "/replay?lang=ja")
        expect(pg.locator("#file-button")).to_have_text("ファイルを選ぶ")  # the catalogue is loaded
        pg.fill("#paste", MJLOG.read_text(encoding="utf-8")[:5000])
        pg.click("#load")
        expect(pg.locator("#load-error-message")).to_have_text("第1局・牌譜の146番目の項目: 牌譜を読み取れません。")
        expect(pg.locator("#game")).to_be_hidden()
        assert english_left(pg.evaluate(VISIBLE_TEXT), set()) == []
    finally:
        context.close()


def test_a_server_not_reached_is_said_in_the_pages_language(browser: Browser, base_url: str) -> None:  # noqa: F811
    # The replay request cut off on its way (the network gone): in Japanese the catalogue's sentence for the
    # pages' own code "network", and no English left (the browser's own reason is English, so it is not shown).
    from tests.web.test_i18n import VISIBLE_TEXT, english_left

    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="ja-JP")
    try:
        pg = context.new_page()
        pg.route("**/api/replay*", lambda route: route.abort())
        pg.goto(base_url + "/replay?lang=ja")
        expect(pg.locator("#file-button")).to_have_text("ファイルを選ぶ")  # the catalogue is loaded
        pg.fill("#paste", MJLOG.read_text(encoding="utf-8"))
        pg.click("#load")
        expect(pg.locator("#load-error")).to_contain_text("サーバーに接続できません。")
        expect(pg.locator("#load-error-detail")).to_have_count(0)  # the browser's own reason is not shown
        assert english_left(pg.evaluate(VISIBLE_TEXT), set()) == []
    finally:
        context.close()


def test_a_hand_the_engine_refuses_is_shown_up_to_the_refusal(page: Page, base_url: str) -> None:  # noqa: F811
    # The mjai record of the game with the second hand's first discard changed to a tile the discarder
    # does not hold (as in tests/web/test_replay_api.py): the first hand whole, the second up to the refusal,
    # and the replay goes on from the third hand's start as the record states it.
    lines = write_record(read_record(MJLOG.read_bytes(), name=MJLOG.name), "mjai").splitlines()
    second = [i for i, line in enumerate(lines) if '"start_kyoku"' in line][1]
    first_discard = next(i for i in range(second, len(lines)) if '"dahai"' in lines[i])
    lines[first_discard] = json.dumps({**json.loads(lines[first_discard]), "pai": "C"})
    page.goto(base_url + "/replay")
    page.fill("#paste", "\n".join(lines))
    page.click("#load")
    expect(page.locator("#hand-select option")).to_have_count(sum('"start_kyoku"' in line for line in lines))
    expect(page.locator("#record-errors li")).to_have_text(
        # issue 30: one numbering, from 1 ("hand 2 (index 1) ... event 2 of hand 1" before); named once
        "illegal action: hand 2, event 3 (discard 1 7z): discard 1 7z: seat 1 does not hold 7z")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#hand-select option:checked")).to_have_text("2. East 2 · refused by the engine ✗")
    page.keyboard.press("End")
    expect(page.locator("#event code")).to_have_text("draw 1 4s")
    expect(page.locator("#outcome")).to_be_hidden()
    # The next hand (East 2, 1 honba, as truth.jsonl writes down the record's third hand): replayed from
    # its stated start, which the page notes.
    third = truth(GAME_ID)["kyoku"][2]  # type: ignore[index]
    page.keyboard.press("ArrowDown")
    expect(page.locator("#notes li").first).to_have_text(
        f"the replay goes on from {third['round_wind']}{third['round_number']}-{third['honba']} as the record states it")


def test_the_rules_picker_replays_under_a_preset(page: Page, base_url: str) -> None:  # noqa: F811
    # The real Tenhou hanchan under its own rules matches hand by hand; under WRC's (WRC Riichi Rules 2015: a start of
    # 30,000 points) the first hand's start scores already differ from the record's 25,000.
    open_file(page, base_url)
    expect(page.locator("#rules option").first).to_have_text("the record's own (tenhou)")
    expect(page.locator("#verdict")).to_have_text("✓ matches the record")
    page.select_option("#rules", "wrc")
    expect(page.locator("#verdict")).to_have_text("✗ differs from the record")
    assert "rules=wrc" in page.url
    page.select_option("#rules", "")
    expect(page.locator("#verdict")).to_have_text("✓ matches the record")


def test_phone_width_steps_to_the_win_without_sideways_scrolling(browser: Browser, base_url: str) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    try:
        pg = context.new_page()
        errors = watch_console(pg)
        open_file(pg, base_url)
        pg.click("#last-step")
        check_first_win(pg)
        assert pg.evaluate("document.documentElement.scrollWidth") <= 390
        pg.click("#first-step")
        expect(pg.locator("#step-label-short")).to_contain_text("turn 0 /")
        pg.click("#next-step")
        expect(pg.locator("#event code")).to_have_text("draw 0 2s")
        pg.click("#last-step")
        pg.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
        pg.screenshot(path=str(IMAGES / "replay-phone.png"), full_page=True)
        assert errors == [], errors
    finally:
        context.close()


def test_the_last_hand_ends_with_the_final_scores(page: Page, base_url: str) -> None:  # noqa: F811
    open_file(page, base_url)
    game = truth(GAME_ID)
    page.select_option("#hand-select", str(len(game["kyoku"]) - 1))  # type: ignore[arg-type]
    expect(page.locator("#game-end")).to_be_hidden()
    page.keyboard.press("End")
    rows = page.locator("#game-end tr").all()
    # A row per seat after the heading: the engine's final score and points, then the record's (owari).
    for seat, row in enumerate(rows[1:]):
        cells = row.locator("td").all_inner_texts()
        score, points = game["final_scores"][seat], game["owari_points"][seat]  # type: ignore[index]
        assert cells[0] == f"{score:,}" and float(cells[1]) == points
        stated_score, stated_points = cells[2].split(" / ")
        assert stated_score == f"{score:,}" and float(stated_points) == points
    expect(page.locator("#game-end .verdict-line")).to_have_text("✓ The final scores and points match the record")
    # the record's seed gives every hand's wall, and every tile followed it (riichi replay: "wall": "verified")
    expect(page.locator("#wall-verified")).to_have_text(
        "✓ Every tile dealt, drawn and shown as dora is the one the record's wall gives")


def test_the_pages_link_to_each_other(page: Page, base_url: str) -> None:  # noqa: F811
    page.goto(base_url + "/")
    page.click("#to-replay")
    expect(page).to_have_url(base_url + "/replay")
    page.click("#to-calculator")
    expect(page).to_have_url(re.compile(re.escape(base_url) + r"/(\?.*)?$"))  # the calculator writes its state


SANMA = ROOT / "tests" / "data" / "sanma"
SANMA_ID = "2020010118gm-00b9-0000-067bbe65"


def test_a_three_player_game_shows_three_seats_and_the_norths_set_aside(page: Page, base_url: str) -> None:  # noqa: F811
    # A real three-player Tenhou game (tests/data/sanma): its first hand ends with seat 2's tsumo on the tile
    # that replaced a North it set aside (Tenhou: riichi, rinshan, menzen tsumo, dora 2 with both Norths,
    # ura 2: 7 han 40 fu, a haneman of 9,000 paid by the two others, as truth.jsonl records it).
    game = next(json.loads(line) for line in (SANMA / "truth.jsonl").read_text(encoding="utf-8").splitlines()
                if SANMA_ID in line)
    win = game["kyoku"][0]["wins"][0]
    page.goto(base_url + "/replay")
    expect(page.locator("#file")).to_be_enabled()  # the page is wired: the file is read
    page.set_input_files("#file", str(SANMA / "games" / f"{SANMA_ID}.xml"))
    expect(page.locator("#seats .seat")).to_have_count(3)
    expect(page.locator("#seats")).to_have_class("three")
    page.keyboard.press("End")
    expect(page.locator("#event code")).to_have_text(re.compile(r"^win 2 \S+ tsumo"))
    expect(page.locator('.seat[data-seat="2"] .kita svg')).to_have_count(game["kyoku"][0]["kita"][2])
    outcome = page.locator('#outcome .win[data-win="0"]')
    expect(outcome.locator(".points")).to_have_text(f"{win['points']:,}")
    expect(outcome.locator(".headline")).to_have_text("Haneman")
    expect(outcome.locator(".hanfu")).to_have_text(f"{win['han']} han · {win['fu']} fu")
    expect(outcome.locator('li[data-yaku="nukidora"] b')).to_have_text(f"{game['kyoku'][0]['kita'][2]} han")
    expect(page.locator("#outcome-verdict")).to_have_text("✓ Everything the record states matches the engine")
    expect(page.locator('.seat[data-seat="2"] .delta')).to_have_text(f"+{win['deltas'][2]:,}")
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    page.screenshot(path=str(IMAGES / "replay-sanma.png"), full_page=True)


def test_phone_width_shows_every_tile_of_a_winning_hand(browser: Browser, base_url: str) -> None:  # noqa: F811
    # The record's hand 6 (index 5) is a seven-pairs win (Tenhou yaku 22) with riichi: fourteen concealed tiles,
    # the widest row a winning hand draws. At 390 px each tile of the win's hand, and of the winner's seat,
    # must lie wholly inside its card (a row too wide was cut at the card's edge).
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    try:
        pg = context.new_page()
        open_file(pg, base_url)
        pg.select_option("#hand-select", "5")
        pg.click("#last-step")
        expect(pg.locator("#outcome .win")).to_have_count(1)
        cut = pg.evaluate("""() => {
            const out = [];
            for (const card of document.querySelectorAll('#outcome, #seats .seat')) {
                const edge = card.getBoundingClientRect();
                for (const t of card.querySelectorAll('svg, img')) {
                    const r = t.getBoundingClientRect();
                    if (r.width && (r.left < edge.left - 0.5 || r.right > edge.right + 0.5)) out.push(card.id || card.className);
                }
            }
            return out;
        }""")
        assert cut == []
        assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


def test_each_discard_shows_its_value_beside_the_best(page: Page, base_url: str) -> None:  # noqa: F811
    # At North's first discard (step 4: the deal, East's draw and discard of 4z, North's pon of it, North's
    # discard) the page asks the table model for the value of every discard of the 14 tiles North held after
    # the pon and shows the tile let go beside the best.
    open_file(page, base_url)
    for _ in range(4):
        page.click("#next-step")
    expect(page.locator("#event")).to_contain_text("discards")
    shown = page.locator("#ev-discarded")
    expect(shown).to_contain_text("win", timeout=30_000)
    river = page.locator('.seat[data-seat="3"] .river [data-tile]')
    expect(river).to_have_count(1)
    assert shown.get_attribute("data-tile") == river.first.get_attribute("data-tile")
    expect(page.locator("#ev-best")).to_have_count(1)




#: The widest moments of the hand shown: each seat's last draw (the drawn tile beside every meld it has
#: called by then) and every call. The page is moved to each (its step slider, as a user drags it) and lists
#: the seats whose tiles and melds (their pictures loaded) lie on more than one row or reach past the hand's
#: box, and the page's width where it scrolls sideways. Returns those and the events of the steps seen.
WALK_THE_HAND = """async () => {
    const steps = game.data.hands[game.hand].steps, picked = new Set(), lastDraw = {};
    steps.forEach((s, i) => {
        if (s.event.startsWith('draw ')) lastDraw[s.seat] = i;
        if (/^(chi|pon|minkan|ankan|shouminkan) /.test(s.event)) picked.add(i);
    });
    Object.values(lastDraw).forEach(i => picked.add(i));
    const problems = [], events = [], range = document.querySelector('#step-range');
    for (const step of [...picked].sort((a, b) => a - b)) {
        range.value = String(step);
        range.dispatchEvent(new Event('input'));
        events.push(document.querySelector('#event code').textContent);
        await Promise.all([...document.querySelectorAll('#seats img')].map(i => i.decode().catch(() => null)));
        for (const seat of document.querySelectorAll('#seats .seat')) {
            const hand = seat.querySelector('.seat-hand'), box = hand.getBoundingClientRect();
            const parts = [...hand.querySelectorAll('svg.t, .meld img')].map(t => t.getBoundingClientRect());
            const rows = new Set(parts.map(r => Math.round(r.bottom))).size;
            if (rows > 1 || parts.some(r => !r.width || r.left < box.left - 0.5 || r.right > box.right + 0.5))
                problems.push(`step ${step}, seat ${seat.dataset.seat}: ${rows} rows`);
        }
        const wide = document.documentElement.scrollWidth;
        if (wide > innerWidth) problems.push(`step ${step}: the page is ${wide} px wide`);
    }
    return [problems, events];
}"""


def test_phone_width_keeps_each_hand_on_one_row(browser: Browser, base_url: str) -> None:  # noqa: F811
    # At 390 px (a phone held upright) a hand of 14 tiles wrapped its 14th, the tile just drawn, to a second
    # row. The first hand: East's draw of 2s is the first step (13 tiles and the drawn one), and North pons at
    # step 3. The record's hand 5 (index 4): South chis and pons three times, holding 4 tiles, the drawn one
    # and three melds, then adds a kan to its pon of 3p (the last step but one). At each seat's last draw and
    # at every call of both hands, each seat's tiles and melds lie on one row inside the hand's box, and the
    # page does not scroll sideways.
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    try:
        pg = context.new_page()
        errors = watch_console(pg)
        open_file(pg, base_url)
        pg.click("#next-step")
        expect(pg.locator("#event code")).to_have_text("draw 0 2s")
        east = pg.locator('.seat[data-seat="0"] .seat-hand svg.t')
        expect(east).to_have_count(14)
        first, last = east.first.bounding_box(), east.last.bounding_box()
        assert first is not None and last is not None
        assert abs(first["y"] - last["y"]) < 1 and last["x"] > first["x"]
        assert pg.evaluate("document.documentElement.scrollWidth") <= 390
        for hand, call in (("0", "pon 3 4z<0 44z"), ("4", "shouminkan 1 3p")):
            pg.select_option("#hand-select", hand)
            problems, events = pg.evaluate(WALK_THE_HAND)
            assert call in events and sum(e.startswith("draw ") for e in events) == 4
            assert problems == [], (hand, problems)
        assert errors == [], errors
    finally:
        context.close()
