"""A server killed in the middle of entries leaves every game whole; on SQLite and PostgreSQL.

* At a random moment while 16 tables write (``kill -9``): after a restart, each game's stored result is its stored
  sheet's score, its version counts its audited writes, and every write a phone was told was taken is there.
* At a chosen point inside one write (the server started with the test-only setting
  ``RIICHI_CLUB_TEST_STOP_IN_WRITE``, which no request can set, stops the write there and waits to be killed):
  with the game's row updated but the audit entry not written and the transaction not committed, the write is
  wholly absent after the restart; with the transaction committed but the phone not answered, it is wholly there.

The server and the phones' loop are the benchmark's (benchmarks/club_phones.py): one path for both.
"""

from __future__ import annotations

import asyncio
import json
import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import func, select

from benchmarks.club_phones import (
    HAND,
    TableEntry,
    Tally,
    free_port,
    run_phones,
    seat_tables,
    start_server,
)
from riichi.club.database import open_database
from riichi.club.schema import AUDIT, GAMES
from riichi.club.stops import STOP_VARIABLE
from riichi.club.store import Club
from riichi.formats.sheet import read_game, result_object
from riichi.sheet import score_sheet
from tests.club.helpers import CONTRACT_HANDS


def _check_whole(database: str, game_ids: list[int]) -> dict[int, dict[str, Any]]:
    """Each game's stored result is its stored sheet's score and its version counts its audited writes; the
    games as stored."""
    engine = open_database(database)
    club = Club(engine)
    games = {}
    try:
        with club.reading.connect() as c:
            for gid in game_ids:
                game = club.game(gid)
                writes = c.execute(select(func.count()).select_from(AUDIT)
                                   .where(AUDIT.c.target == f"game {gid}")).scalar_one()
                assert game["version"] == writes
                stored = json.loads(c.execute(select(GAMES.c.result).where(GAMES.c.id == gid)).scalar_one())
                sheet = read_game({"rules": "tenhou", "names": game["names"], "hands": game["hands"]})[0]
                assert stored == result_object(score_sheet(sheet))  # type: ignore[arg-type]
                games[gid] = game
    finally:
        engine.dispose()
    return games


def test_a_killed_server_leaves_every_game_whole(database: str, tmp_path: Path) -> None:
    tables = seat_tables(database, 16, name="Crash cup")
    port = free_port()
    server = start_server(database, port, tmp_path / "server.log")
    tally = Tally()
    stop = threading.Event()
    # One phone a table: the writes it was told were taken are the game's version it last saw.
    phones = threading.Thread(target=asyncio.run, args=(run_phones(f"http://127.0.0.1:{port}", tables,
                                                                   lambda: not stop.is_set(), tally),))
    phones.start()
    deadline = time.monotonic() + 60
    while tally.taken_total < 40 and time.monotonic() < deadline:
        time.sleep(0.05)
    server.send_signal(signal.SIGKILL)  # in the middle of the entries: some are being written now
    server.wait()
    stop.set()
    phones.join()
    assert tally.taken_total >= 40 and tally.errors == []

    server = start_server(database, port, tmp_path / "server.log")
    try:
        games = _check_whole(database, [t.game for t in tables])
        for gid, game in games.items():
            # Every write a phone was told was taken is there (a later one may be too, if its answer was lost).
            assert game["version"] >= tally.taken.get(gid, 0)
            assert game["hands"] == ([HAND] if game["version"] % 2 else [])
        # The restarted server answers.
        r = httpx.get(f"http://127.0.0.1:{port}/club/api/games/{tables[0].game}", timeout=5)
        assert r.status_code == 200
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


def _write_killed_at(point: str, database: str, port: int, tmp_path: Path, table: TableEntry, version: int) -> None:
    """The server started with its stop at ``point``; the contract's first hand sent as the table's phone against
    ``version``; the server killed once the write is at its stop (the phone never answered)."""
    base = f"http://127.0.0.1:{port}/club/api"
    marker = tmp_path / f"stopped-{point}"
    server = start_server(database, port, tmp_path / "server.log", **{STOP_VARIABLE: f"{point}:{marker}"})
    answers: list[object] = []
    try:
        with httpx.Client(timeout=30) as http:
            csrf = http.post(f"{base}/table-login", json={"code": table.code}).json()["csrf"]

            def enter() -> None:
                try:
                    answers.append(http.post(f"{base}/games/{table.game}/hands",
                                             json={"version": version, "hand": CONTRACT_HANDS[0]},
                                             headers={"X-CSRF-Token": csrf}).status_code)
                except httpx.TransportError as e:
                    answers.append(e)

            writer = threading.Thread(target=enter)
            writer.start()
            deadline = time.monotonic() + 30
            while not marker.exists() and time.monotonic() < deadline:
                time.sleep(0.02)
            assert marker.read_text() == f"{table.game}\n", "the write did not reach its stop"
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
    writer.join()
    # The phone was never answered: the server died inside its write.
    assert len(answers) == 1 and isinstance(answers[0], httpx.TransportError)


def test_a_server_killed_inside_a_write(database: str, tmp_path: Path) -> None:
    (table,) = seat_tables(database, 1, name="Crash cup")
    port = free_port()
    # Killed with the game's row written but neither the audit entry nor the commit: no hand, no version raised,
    # no audit entry (the version counts them).
    _write_killed_at("written", database, port, tmp_path, table, 0)
    game = _check_whole(database, [table.game])[table.game]
    assert (game["version"], game["hands"]) == (0, [])
    # The restarted server takes the same write against the same version; killed after the commit, before
    # answering: the hand, the new version and its audit entry are all there.
    _write_killed_at("committed", database, port, tmp_path, table, 0)
    game = _check_whole(database, [table.game])[table.game]
    assert (game["version"], game["hands"]) == (1, [CONTRACT_HANDS[0]])
    # The score sheet contract's example: 7,700 from West to South, with West's riichi stick.
    assert game["result"]["scores"] == [25000, 33700, 16300, 25000]  # type: ignore[index]
    # Restarted without the stop, the server takes the next write against the version the game is at.
    server = start_server(database, port, tmp_path / "server.log")
    base = f"http://127.0.0.1:{port}/club/api"
    try:
        with httpx.Client(timeout=30) as http:
            csrf = http.post(f"{base}/table-login", json={"code": table.code}).json()["csrf"]
            r = http.post(f"{base}/games/{table.game}/hands", json={"version": 1, "hand": HAND},
                          headers={"X-CSRF-Token": csrf})
        assert r.status_code == 200 and r.json()["version"] == 2
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
