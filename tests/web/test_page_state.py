"""The calculator page keeps no stale state, at desktop and phone widths, in a real Chromium.

Each test runs twice: 1280 px wide and 390 px (a phone). The pictures of the
analysis views that docs/web.md shows come from here (``scripts/screenshots.py``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from riichi.rules import PRESETS
from tests.conftest import SCREENSHOTS
from tests.web.test_e2e import ARGS, CHROMIUM, base_url, browser, click_tiles  # noqa: F401 - fixtures

from playwright.sync_api import Browser, Page, expect  # noqa: E402, I001 - after the skip in test_e2e

IMAGES = SCREENSHOTS
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
assert ARGS and CHROMIUM  # the browser and its flags come from test_e2e


@pytest.fixture(params=list(WIDTHS))
def page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:  # noqa: F811 - this module's page
    phone = request.param == "phone"
    context = browser.new_context(viewport=WIDTHS[request.param], is_mobile=phone,
                                  device_scale_factor=2 if phone else 1)
    pg = context.new_page()
    pg.width_name = request.param  # type: ignore[attr-defined]
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert errors == [], f"script errors on the page: {errors}"


def type_hand(page: Page, text: str) -> None:
    page.fill("#notation", text)


def test_typing_makes_the_last_written_tile_the_winning_tile(page: Page, base_url: str) -> None:  # noqa: F811
    page.goto(base_url)
    type_hand(page, "123m456p789s11122z")
    expect(page.locator("#win")).to_have_value("2z")
    # 2z is still in the hand, but the last tile written is now 1z: it wins, as `riichi score` reads it
    type_hand(page, "123m 456p 789s 22z 111z")  # spaced groups, as the CLI and the API read them
    expect(page.locator("#win")).to_have_value("1z")
    # East (dealer, East round) ron on 1z: double East 2 han; fu 20 + 10 closed ron + 4 (111z completed on a
    # discard, so open) = 34 -> 40; 2 han 40 fu dealer ron: 40 * 2^4 * 6 = 3840 -> 3900
    expect(page.locator("#points")).to_have_text("3,900")


def test_a_reading_line_pasted_as_it_is_scores_the_same_hand(page: Page, base_url: str) -> None:  # noqa: F811
    # `riichi score` prints the reading line of the dealer's open hand won by ron from North on 2m (not the last
    # tile written, so the line marks it): chun 1 + red five 1 = 2 han; fu 20 + 4 (open 7z triplet) + 4 (double
    # East pair) = 28 -> 30; 2 han 30 fu dealer ron: 30 x 2^4 x 6 = 2880 -> 2900.
    page.goto(base_url)
    type_hand(page, "234m 406p 11z pon:777z@W chi:789s@N win:2m")
    expect(page.locator("#win")).to_have_value("2m")
    page.select_option("#discarder", "left")  # North sits on the dealer's left
    expect(page.locator("#points")).to_have_text("2,900")
    # the same line in the page's address
    page.goto(base_url + "/?hand=234m+406p+11z+pon:777z@W+chi:789s@N+win:2m&from=N")
    expect(page.locator("#win")).to_have_value("2m")
    expect(page.locator("#points")).to_have_text("2,900")


def test_clear_resets_the_whole_situation(page: Page, base_url: str) -> None:  # noqa: F811
    page.goto(base_url + "/?hand=234m567m234p678s88p&win=2m&tsumo=1&seat=S&round=S&riichi=1&dora=1m&ura=3p"
                         "&honba=2&sticks=1&rules=wrc")
    expect(page.locator("#points")).not_to_have_count(0)
    page.click("#clear")
    expect(page.locator("#notation")).to_have_value("")
    expect(page.locator("#tile-count")).to_have_text("0 / 14")
    expect(page.locator("#seat")).to_have_value("E")
    expect(page.locator("#round")).to_have_value("E")
    expect(page.locator("#riichi")).to_have_value("0")
    expect(page.locator("#honba")).to_have_value("0")
    expect(page.locator("#sticks")).to_have_value("0")
    expect(page.locator('[data-win-by="ron"]')).to_have_class("active")
    expect(page.locator("#dora-view .indicator")).to_have_count(0)
    expect(page.locator("#ura-view .indicator")).to_have_count(0)
    expect(page.locator("#points")).to_have_count(0)
    expect(page.locator("#preset")).to_have_value("wrc")  # the rule set is not part of the hand
    assert "tsumo" not in page.url and "seat=S" not in page.url


def test_bad_notation_clears_the_stale_hand_and_result(page: Page, base_url: str) -> None:  # noqa: F811
    page.goto(base_url)
    type_hand(page, "123m456p789s11122z")
    expect(page.locator("#points")).to_have_text("3,900")
    type_hand(page, "123m456p789s11122x")
    # the library's reader's message (riichi.notation), after the word at fault
    expect(page.locator("#notation-error")).to_have_text("123m456p789s11122x: unexpected character 'x' (suits are m, p, s, z)")
    expect(page.locator("#points")).to_have_count(0)
    expect(page.locator("#tile-count")).to_have_text("0 / 14")
    expect(page.locator("#hand-view .in-hand")).to_have_count(0)
    expect(page.locator("#empty-hint")).to_have_text("Correct the notation, or click tiles in the palette.")


def test_short_hands_say_how_many_tiles_each_view_needs(page: Page, base_url: str) -> None:  # noqa: F811
    page.goto(base_url)
    type_hand(page, "123m456p")
    expect(page.locator("#short-hand")).to_contain_text("6 tiles: analysis needs 13")
    expect(page.locator("#short-hand")).to_contain_text("scoring needs 14")
    type_hand(page, "123m456p pon:777z")  # a meld counts 3
    expect(page.locator("#short-hand")).to_contain_text("9 tiles")
    type_hand(page, "123m456p789s1122z")  # 13: analysis, and what scoring still needs
    expect(page.locator("#scoring-needs")).to_have_text("13 tiles: add the winning tile to score the hand (14).")


def test_tenpai_view_names_each_waits_shape(page: Page, base_url: str) -> None:  # noqa: F811
    page.goto(base_url)
    # 123m 456p 789s 11z and 23m: waits 1m and 4m, both ryanmen
    type_hand(page, "123m456p789s23m11z")
    expect(page.locator("#shanten")).to_have_text("Tenpai")
    expect(page.locator('#waits li[data-wait="1m"] .wait-shape')).to_have_text("ryanmen")
    expect(page.locator('#waits li[data-wait="4m"] .wait-shape')).to_have_text("ryanmen")
    # 1122z with three sets: a shanpon on either pair
    type_hand(page, "123m456p789s1122z")
    expect(page.locator('#waits li[data-wait="2z"] .wait-shape')).to_have_text("shanpon")
    page.screenshot(path=str(IMAGES / f"tenpai-{page.width_name}.png"), full_page=True)  # type: ignore[attr-defined]


def test_one_shanten_view_shows_the_shanten_of_each_form(page: Page, base_url: str) -> None:  # noqa: F811
    page.goto(base_url)
    # 11 33 55 77 99m are five pairs, 1p 2p 4p single: seven pairs needs one pair more and a wait, 1-shanten.
    # As four sets and a pair: 99m pair, 124p and the man pairs need 3 exchanges... 3-shanten. Thirteen
    # orphans: 1m 9m 1p are its only kinds here (and a pair): 13 - 3 - 1 = 9 tiles away, 9-shanten.
    type_hand(page, "1133557799m124p")
    expect(page.locator("#shanten")).to_have_text("1-shanten")
    expect(page.locator('#forms li[data-form="chiitoitsu"] b')).to_have_text("1-shanten")
    expect(page.locator('#forms li[data-form="standard"] b')).to_have_text("3-shanten")
    expect(page.locator('#forms li[data-form="kokushi"] b')).to_have_text("9-shanten")
    expect(page.locator('#forms li[data-form="chiitoitsu"]')).to_have_class("best")
    page.screenshot(path=str(IMAGES / f"one-shanten-{page.width_name}.png"), full_page=True)  # type: ignore[attr-defined]


def test_no_placeholder_is_cut_off(page: Page, base_url: str) -> None:  # noqa: F811
    page.goto(base_url)
    page.click("#switches-box summary")  # the switches' inputs too (a cap left empty says "no cap")
    page.wait_for_selector("#switches input[placeholder]")  # drawn once the page has its language and the rules
    cut = page.evaluate("""() => [...document.querySelectorAll('input[placeholder]')].filter(input => {
        if (!input.offsetParent) return false;
        const style = getComputedStyle(input);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = style.font;
        // A number field's spin buttons keep their room inside it even while hidden (Chromium draws them 15 px
        // wide, as a hovered one shows): issue 30 saw the cap's "no cap" cut to "no ca" there.
        const spin = input.type === 'number' ? 15 : 0;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - spin;
        return ctx.measureText(input.placeholder).width > room;
    }).map(input => input.id)""")
    assert cut == []
    assert page.locator("input[placeholder]:visible").count() >= 2  # the notation and the caps: checked, not skipped


def test_the_switches_show_words_not_raw_values(page: Page, base_url: str) -> None:  # noqa: F811
    # issue 30: the panel showed raw values (whole_hand). Tenhou's pao scope is the whole hand
    # (riichi/rules/options.py: WHOLE_HAND, "the whole hand, other yakuman included (Tenhou)"): shown as words,
    # sent as the value the API takes.
    page.goto(base_url)
    page.click("#switches-box summary")
    scope = page.locator('[data-switch="pao_scope"]')
    expect(scope.locator("option:checked")).to_have_text("whole hand")
    assert scope.input_value() == "whole_hand"
    shown = page.locator("#switches option, #switches .set-value, #switches span").all_inner_texts()
    assert shown and [text for text in shown if "_" in text] == []


def test_palette_offers_red_fives_only_where_the_rules_have_them(page: Page, base_url: str) -> None:  # noqa: F811
    page.goto(base_url)
    expect(page.locator('#palette [data-tile="0p"]')).to_be_visible()  # Tenhou: three red fives
    page.select_option("#preset", "wrc")  # the WRC Riichi Rules 2015 have none
    for tile in ("0m", "0p", "0s"):
        expect(page.locator(f'#palette [data-tile="{tile}"]')).to_be_hidden()
    expect(page.locator('#palette [data-tile="5p"]')).to_be_visible()
    page.click("#switches-box summary")
    page.fill('[data-switch="aka"]', "3")
    page.dispatch_event('[data-switch="aka"]', "change")
    expect(page.locator('#palette [data-tile="0p"]')).to_be_visible()


def test_a_red_five_under_rules_without_them_is_a_plain_five(page: Page, base_url: str) -> None:  # noqa: F811
    # The hand of tests/test_red_fives.py: Tenhou 2900 (chun + aka dora); under the WRC Riichi Rules 2015
    # the red five is a plain five: chun only, 1 han 30 fu, 1500 for the dealer.
    page.goto(base_url + "/?hand=234m406p11z+pon:777z@W+chi:789s@N&win=2m&from=N")
    expect(page.locator("#points")).to_have_text("2,900")
    expect(page.locator("#notes")).to_have_count(0)
    page.select_option("#preset", "wrc")  # switching the preset is no dead end
    expect(page.locator("#points")).to_have_text("1,500")
    expect(page.locator("#notes")).to_have_text("red fives counted as plain fives: the rules have none")
    page.click("#tab-compare")
    rows = page.locator("#compare-table tr[data-preset]")
    # one row a four-player preset: the hand is a four-player hand
    expect(rows).to_have_count(sum(1 for rules in PRESETS.values() if rules.game.players == 4))
    expect(page.locator("#compare-table td.error")).to_have_count(0)
    expect(page.locator('#compare-table tr[data-preset="dynasty"] td.num')).to_have_text("1,500")
    expect(page.locator("#compare-notes")).to_contain_text("under wrc, ema, ema2008, jpml, dynasty")
    page.screenshot(path=str(IMAGES / f"compare-red-five-{page.width_name}.png"), full_page=True)  # type: ignore[attr-defined]
