"""The club pages' language switch waits for its listener, in a real headless Chromium (as the web pages' inputs
do): disabled while the page's script is not yet run, and while a page is drawn. Chosen earlier, a language was
lost (the script read the language kept in the browser and set the switch back) or overwritten by the page
still loading in the other language."""

from __future__ import annotations

from playwright.sync_api import Route, expect, sync_playwright

from tests.club.test_tournament_pages import ARGS, CHROMIUM, club_url  # noqa: F401 (a fixture)


def test_the_language_switch_waits_for_the_page(club_url: tuple[str, object]) -> None:  # noqa: F811
    base, _club = club_url
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(locale="en-US")
            scripts: list[Route] = []
            catalogues: list[Route] = []
            page.route("**/club/static/club.js", lambda route: scripts.append(route))
            page.route("**/club/api/i18n*", lambda route: catalogues.append(route))
            page.goto(base + "/club", wait_until="commit")
            # The page is there, its script not yet run: the switch cannot be changed.
            expect(page.locator("#lang")).to_be_attached()
            while not scripts:
                page.wait_for_timeout(25)
            expect(page.locator("#lang")).to_be_disabled()
            scripts[0].continue_()
            # The script asks for the catalogue: still disabled while the page is drawn.
            while not catalogues:
                page.wait_for_timeout(25)
            expect(page.locator("#lang")).to_be_disabled()
            catalogues[0].continue_()
            expect(page.locator("h1")).to_have_text("Events")
            expect(page.locator("#lang")).to_be_enabled()
            # Japanese chosen: disabled until the page is drawn in it.
            page.select_option("#lang", "ja")
            while len(catalogues) < 2:
                page.wait_for_timeout(25)
            expect(page.locator("#lang")).to_be_disabled()
            catalogues[1].continue_()
            expect(page.locator("h1")).to_have_text("大会・リーグ")
            expect(page.locator("#lang")).to_be_enabled()
            expect(page.locator("#lang")).to_have_value("ja")
        finally:
            browser.close()
