"""The documentation site asks nothing of any host but its own, in a real Chromium.

The site is built with ``mkdocs build`` into a temporary folder and served on 127.0.0.1; every page of it is
opened and every request the browser makes is recorded. A font server, a script CDN or an analytics host
would show as a request to another host (the theme asks Google's font server unless told ``font: false``).
"""

from __future__ import annotations

import functools
import http.server
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.web.test_e2e import ARGS, CHROMIUM, browser  # noqa: F401 - the fixtures, shared

from playwright.sync_api import Browser  # noqa: E402, I001 - after the skip in test_e2e

ROOT = Path(__file__).resolve().parents[2]
assert ARGS and CHROMIUM  # the browser and its flags come from test_e2e


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    if shutil.which("mkdocs") is None and not (Path(sys.executable).parent / "mkdocs").exists():
        pytest.skip("mkdocs is not installed (the docs extra)")
    out = tmp_path_factory.mktemp("site")
    # The README's Tests block installs the docs extra, so this runs in CI.
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(out)],
                   cwd=ROOT, check=True, capture_output=True)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(out))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined, assignment]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", out
    server.shutdown()
    server.server_close()


def test_no_page_asks_another_host(site: tuple[str, Path], browser: Browser) -> None:  # noqa: F811
    base, out = site
    pages = sorted(p.relative_to(out).as_posix() for p in out.rglob("index.html"))
    assert len(pages) > 10, pages  # the guide, the reference and the project pages
    context = browser.new_context()
    hosts: dict[str, str] = {}
    context.on("request", lambda r: hosts.setdefault(urlsplit(r.url).netloc, r.url))
    page = context.new_page()
    for name in pages:
        page.goto(f"{base}/{name}", wait_until="networkidle")
    context.close()
    assert set(hosts) == {urlsplit(base).netloc}, f"requests off the site's host: {hosts}"
