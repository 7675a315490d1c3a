"""A whole tournament run through the club pages in a real headless Chromium: 32 players, 6 rounds.

The organiser signs in, creates the event, adds the players and seats the six rounds on the organiser page, which
shows each table's code once (the server keeps only their hashes): the test reads them all there. Every round goes
through the pages (:func:`_round_through_pages`): in rounds 1 and 3 (:data:`PHONE_TABLES`) four tables enter their
games from table pages at phone size, 390 × 844, table 1 correcting a hand, and the other four tables' final scores
go in on the organiser page; in rounds 2, 4, 5 and 6 all eight tables' final scores go in on the organiser page.
On a shared 2-core machine at a load of 12 a round with phones took about 20 s and one of final scores about 9 s
(the test prints each round's seconds under ``-s``). The standings page's totals equal the sum of each player's
final points, each game scored again here by the score sheet (riichi.sheet) from what the database holds; the EMA
export lists the same places and totals.
"""

from __future__ import annotations

import csv
import io
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("RIICHI_CHROMIUM", "/usr/bin/chromium"))
if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}: sh .ci/browser.sh", allow_module_level=True)

import uvicorn
from playwright.sync_api import Page, expect, sync_playwright

from riichi.club.app import create_app
from riichi.formats.sheet import read_game
from riichi.sheet import FinalScoresGame, score_final, score_sheet
from riichi.web import server as web_server

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
PASSWORD = "correct horse battery"


@pytest.fixture
def club_url(tmp_path: Path) -> Iterator[tuple[str, object]]:
    app = create_app(str(tmp_path / "club.db"))
    app.state.club.add_organiser("Ann", PASSWORD)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    server = uvicorn.Server(web_server.config("127.0.0.1", port, log_level="warning", app=app))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the club server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", app.state.club
    server.should_exit = True
    thread.join(timeout=10)


def _click(page: Page, *ids: str) -> None:
    for i in ids:
        page.click(f"#{i}")


def _enter_on_phone(page: Page, base: str, code: str, table: int) -> None:
    page.goto(base + "/club")
    page.fill("#code", code)
    page.click("#table-form button")
    page.wait_for_url("**/club/table")
    expect(page.locator("#state")).to_contain_text("East 1")
    # The contract's first hand: South wins 4 han 30 fu off West, who declared riichi.
    _click(page, "result-ron", "winner-1", "from-2", "han-4", "fu-30", "riichi-2", "submit")
    expect(page.locator("#seat-1 .score")).to_have_text("33700")
    expect(page.locator("#state")).to_contain_text("East 2")
    if table == 1:
        # A correction: it was 3 han, not 4 (3,900, not 7,700): South's score is 3,800 lower.
        _click(page, "edit-0", "han-3", "submit")
        expect(page.locator("#seat-1 .score")).to_have_text("29900")
    # Then a yakuman: West (16,300 or 20,100 after the first hand) deals in to North's yakuman, 32,000; or, at
    # table 2, the dealer of East 2 (South) tsumos a double yakuman, 32,000 from each. Either way someone is
    # below zero and the game ends (Tenhou's rules: bust).
    if table == 2:
        _click(page, "result-tsumo", "winner-1", "yakuman", "yakuman", "submit")
    else:
        _click(page, "result-ron", "winner-3", "from-2", "yakuman", "submit")
    expect(page.locator("#state")).to_have_text("The game is over")
    # Every button of the entry fits the phone's width.
    for box in page.locator("button").all():
        b = box.bounding_box()
        assert b is None or b["x"] + b["width"] <= PHONE["width"] + 1


def test_a_tournament_of_32_players_through_the_pages(club_url: tuple[str, object]) -> None:
    base, club = club_url
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        organiser = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        errors: list[str] = []
        organiser.on("pageerror", lambda e: errors.append(str(e)))
        organiser.goto(base + "/club")
        organiser.fill("#org-name", "Ann")
        organiser.fill("#org-password", PASSWORD)
        organiser.click("#login-form button")
        organiser.wait_for_url("**/club/organiser")
        organiser.fill("#event-name", "Autumn open")
        organiser.fill("#event-rules", "tenhou")
        organiser.click("#new-event button")
        organiser.wait_for_selector("section.event")
        eid = int(organiser.locator("section.event").first.get_attribute("id").split("-")[1])  # type: ignore[union-attr]
        names = [f"Player {chr(65 + i // 26)}{chr(65 + i % 26)}" for i in range(32)]
        organiser.fill(f"#players-{eid}", "\n".join(f"{n}, {10000000 + i}, FR" for i, n in enumerate(names)))
        organiser.click(f"#add-players-{eid} button")
        expect(organiser.locator(f"#event-{eid}")).to_contain_text("32")
        organiser.fill(f"#rounds-{eid}", "6")
        organiser.click(f"#seat-{eid} button")
        expect(organiser.locator("table.codes")).to_have_count(6)
        # The codes, shown this once (grouped by four for reading; the phone's box takes them either way).
        codes = {(rnd, table): organiser.locator(f'table.codes[data-round="{rnd}"] tr[data-table="{table}"] .code')
                 .inner_text() for rnd in range(1, 7) for table in range(1, 9)}
        assert all(len(code.replace(" ", "")) == 13 for code in codes.values())
        organiser.reload()
        # A reload forgets them: the server never tells a code again.
        expect(organiser.locator('table.codes[data-round="1"] tr[data-table="1"] .code')).to_have_text("—")

        phones = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        timings = {}
        for rnd in range(1, 7):
            started = time.monotonic()
            _round_through_pages(organiser, phones, base, rnd, codes, PHONE_TABLES.get(rnd, range(0)), errors)
            timings[rnd] = round(time.monotonic() - started, 1)
        print(f"seconds a round: {timings}")

        # The standings page against the score sheets.
        expected = _expected_totals(club, eid)
        organiser.goto(f"{base}/club/events/{eid}")
        rows = organiser.locator("#standings tr")
        expect(rows).to_have_count(33)
        shown = {}
        for k in range(1, 33):
            cells = rows.nth(k).locator("td")
            shown[cells.nth(1).inner_text()] = float(cells.nth(2).inner_text())
        assert shown == {n: round(v, 1) for n, v in expected.items()}
        assert all(cells == 6 for cells in _games_played(club, eid).values())

        # EMA's results sheet: places and totals as the standings, the EMA numbers the organiser typed.
        ema = organiser.request.get(f"{base}/club/api/events/{eid}/ema.csv").text()
        sheet = list(csv.reader(io.StringIO(ema)))
        assert sheet[0] == ["Place", "Last name", "First name", "EMA number", "Country", "Points"]
        assert {f"{r[2]} {r[1]}": float(r[5]) for r in sheet[1:]} == pytest.approx(expected)
        assert {r[3] for r in sheet[1:]} == {str(10000000 + i) for i in range(32)}
        # The standings in Japanese (the catalogue of the club pages).
        organiser.select_option("#lang", "ja")
        expect(organiser.locator("main h2").first).to_have_text("順位表")
        # A player's page: six games, each with its place.
        organiser.click("#standings tr:nth-child(2) a")
        expect(organiser.locator("#history tr")).to_have_count(7)
        browser.close()
    assert errors == []


#: The rounds whose tables enter their hands from phones, and which tables: the others' final scores, and every
#: table's in the other rounds, go in on the organiser page.
PHONE_TABLES: dict[int, range] = {1: range(1, 5), 3: range(1, 5)}


def _round_through_pages(organiser: Page, phones: Any, base: str, rnd: int, codes: dict[tuple[int, int], str],
                         on_phones: range, errors: list[str]) -> None:
    """Round ``rnd`` entered through the pages: the tables ``on_phones`` from their table pages, signed in with
    their codes; every other table's final scores on the organiser page."""
    for table in on_phones:
        page = phones.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        _enter_on_phone(page, base, codes[rnd, table], table)
        page.close()
    organiser.reload()
    for table in range(1, 9):
        if table in on_phones:
            continue
        # Each entry redraws the organiser page; the next waits for that (the row's state cell saying Final).
        row = organiser.locator(f'table.codes[data-round="{rnd}"] tr[data-table="{table}"]')
        gid = row.get_attribute("data-game")
        for seat, score in enumerate(_scores(rnd, table)):
            organiser.fill(f"#final-{gid}-{seat}", str(score))
        organiser.click(f"#final-{gid}")
        expect(row.locator("td").nth(3)).to_have_text("Final")


def _scores(rnd: int, table: int) -> list[int]:
    """Final scores that sum to the 100,000 on the table, in a different order at each table."""
    scores = [42000, 31000, 18000, 9000]
    k = (rnd + table) % 4
    return scores[k:] + scores[:k]


def _expected_totals(club: object, eid: int) -> dict[str, float]:
    totals: dict[str, float] = {}
    for g in club.finished_games(eid):  # type: ignore[attr-defined]
        obj = {"rules": g["rules"], "names": g["names"]}
        obj.update({"final_scores": g["final_scores"]} if g["final_scores"] is not None else {"hands": g["hands"]})
        game = read_game(obj)[0]
        result = score_final(game) if isinstance(game, FinalScoresGame) else score_sheet(game)
        assert result.final_points is not None
        for name, pts in zip(g["names"], result.final_points, strict=True):
            totals[name] = totals.get(name, 0.0) + pts
    return totals


def _games_played(club: object, eid: int) -> dict[str, int]:
    count: dict[str, int] = {}
    for g in club.finished_games(eid):  # type: ignore[attr-defined]
        for name in g["names"]:
            count[name] = count.get(name, 0) + 1
    return count
