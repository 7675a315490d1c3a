"""Each page's header links to the other pages, so that a user who opens one finds the others (the calculator
and the replay page did not link to /play, which only the README named)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from riichi.web.app import create_app

PAGES = ("/", "/replay", "/play")


@pytest.mark.parametrize("page", PAGES)
def test_the_header_links_to_the_other_pages(page: str) -> None:
    html = TestClient(create_app()).get(page).text
    header = re.search(r"<header>.*?</header>", html, re.S)
    assert header is not None
    links = set(re.findall(r'<a href="([^"]+)"', header.group(0)))
    assert {p for p in PAGES if p != page} <= links
