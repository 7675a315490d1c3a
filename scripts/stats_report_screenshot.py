"""The report of ``riichi stats`` on the test games, rendered in Chromium, as docs/images/stats-report.png.

    python scripts/stats_report_screenshot.py [--chromium /usr/bin/chromium]

Builds the tables of tests/data/games/logs in a temporary folder, opens DIR/report.html in headless Chromium
(Playwright) with every network request refused and counted, and writes the screenshot. It fails if the page
asked for anything (the report is self-contained) or logged an error. A script, not a test: tests do not
rewrite tracked files.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from riichi.stats import build, connect
from riichi.stats.report import write_report

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--out", default=str(ROOT / "docs" / "images" / "stats-report.png"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "stats"
        build([str(ROOT / "tests" / "data" / "games" / "logs")], out, workers=2)
        write_report(connect(out), out / "report.html")
        requests: list[str] = []
        errors: list[str] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=ARGS)
            page = browser.new_page(viewport={"width": 900, "height": 900})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.route("**/*", lambda route: (requests.append(route.request.url), route.abort())
                       if not route.request.url.startswith("file:") else route.continue_())
            page.goto((out / "report.html").as_uri())
            page.screenshot(path=args.out, full_page=True)
            browser.close()
    if requests or errors:
        print(f"the page asked for {requests} and logged {errors}")
        return 1
    print(f"wrote {args.out}: no request left the page")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
