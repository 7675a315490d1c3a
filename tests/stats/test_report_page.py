"""The report page in a real Chromium: it asks for nothing (every request is refused and counted), logs no error,
shows the summary the command prints and draws its plots. Its picture goes to the screenshot folder
(``scripts/screenshots.py`` renews docs/images/stats-report.png from it)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Route, sync_playwright

from riichi.stats import BuildResult, connect
from riichi.stats.report import summary_lines, write_report
from tests.conftest import SCREENSHOTS
from tests.web.test_e2e import ARGS, CHROMIUM


def test_the_report_is_self_contained_and_shows_the_summary(corpus: tuple[Path, BuildResult],
                                                            tmp_path: Path) -> None:
    out, _ = corpus
    con = connect(out)
    page_file = tmp_path / "report.html"
    write_report(con, page_file)
    requests: list[str] = []
    errors: list[str] = []

    def refuse(route: Route) -> None:
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            requests.append(route.request.url)
            route.abort()

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport={"width": 900, "height": 900})
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.route("**/*", refuse)
        page.goto(page_file.as_uri())
        cells = page.locator("section").first.locator("tbody tr").all_inner_texts()
        plots = page.locator("svg").evaluate_all("svgs => svgs.map(s => s.getBoundingClientRect().height)")
        bars = page.locator("svg rect").count()
        page.screenshot(path=str(SCREENSHOTS / "stats-report.png"), full_page=True)
        browser.close()
    assert requests == [] and errors == []
    assert [" ".join(c.split()) for c in cells] == [f"{line.label} {line.value}" for line in summary_lines(con)]
    # rates by round and by seat, points of a win, yaku, placements
    assert len(plots) == 5 and all(h > 100 for h in plots)
    (wins,), = con.execute("SELECT count(DISTINCT name) FROM yaku_frequency").fetchall()
    assert bars > min(wins, 20)
