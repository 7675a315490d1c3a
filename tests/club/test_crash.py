"""A server killed in the middle of entries leaves every game whole: after ``kill -9`` and a restart, each game's
stored result is its stored sheet's score, its version counts its audited writes, and every write a phone was
told was taken is there; on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import httpx
from sqlalchemy import func, select

from riichi.club.database import migrate, open_database
from riichi.club.schema import AUDIT, GAMES
from riichi.club.store import Actor, Club
from riichi.formats.sheet import read_game, result_object
from riichi.sheet import score_sheet
from tests.conftest import riichi_command, riichi_env

DRAW = {"result": "draw", "tenpai": [0, 2], "riichi": [2]}


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(database: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(riichi_command("club", "--database", database, "serve", "--port", str(port)),
                              env=riichi_env(), stdout=log.open("ab"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/club/api/events", timeout=2).status_code == 200:
                return server
        except httpx.TransportError:
            time.sleep(0.2)
    server.kill()
    raise AssertionError(f"the server did not start: {log.read_text()[-2000:]}")


def test_a_killed_server_leaves_every_game_whole(database: str, tmp_path: Path) -> None:
    engine = open_database(database)
    migrate(engine)
    club = Club(engine)
    oid = club.add_organiser("Ann", "a long password")
    ann = Actor("organiser", "Ann", organiser_id=oid)
    eid = club.create_event(ann, "Crash cup")
    ids = club.add_players(ann, eid, [f"P{i}" for i in range(16)])
    club.seat_round(ann, eid, [ids[i:i + 4] for i in range(0, 16, 4)])
    tables = club.event(eid, ann)["rounds"][0]["tables"]  # type: ignore[index]
    engine.dispose()

    port = _port()
    server = _start(database, port, tmp_path / "server.log")
    acknowledged: dict[int, int] = {}
    stop = threading.Event()

    def phone(table: dict[str, object]) -> None:
        base = f"http://127.0.0.1:{port}/club/api"
        with httpx.Client(timeout=5) as http:
            csrf = http.post(f"{base}/table-login", json={"code": table["code"]}).json()["csrf"]
            gid, version = int(table["game"]), 0  # type: ignore[call-overload]
            while not stop.is_set():
                # A hand entered, then undone: the game never ends, every write raises the version.
                path = "hands" if version % 2 == 0 else "undo"
                try:
                    r = http.post(f"{base}/games/{gid}/{path}", json={"version": version, "hand": DRAW},
                                  headers={"X-CSRF-Token": csrf})
                except httpx.TransportError:
                    return
                if r.status_code != 200:
                    return
                version = r.json()["version"]
                acknowledged[gid] = version

    phones = [threading.Thread(target=phone, args=(t,)) for t in tables]
    for p in phones:
        p.start()
    deadline = time.monotonic() + 60
    while sum(acknowledged.values()) < 40 and time.monotonic() < deadline:
        time.sleep(0.05)
    server.send_signal(signal.SIGKILL)  # in the middle of the entries: some are being written now
    server.wait()
    stop.set()
    for p in phones:
        p.join()
    assert sum(acknowledged.values()) >= 40

    server = _start(database, port, tmp_path / "server.log")
    try:
        engine = open_database(database)
        club = Club(engine)
        with club.reading.connect() as c:
            for t in tables:
                gid = int(t["game"])  # type: ignore[call-overload]
                game = club.game(gid)
                # Every write a phone was told was taken is there (a later one may be too, if its answer was lost).
                assert game["version"] >= acknowledged.get(gid, 0)
                writes = c.execute(select(func.count()).select_from(AUDIT)
                                   .where(AUDIT.c.target == f"game {gid}")).scalar_one()
                assert game["version"] == writes
                assert game["hands"] == ([DRAW] if game["version"] % 2 else [])
                stored = json.loads(c.execute(select(GAMES.c.result).where(GAMES.c.id == gid)).scalar_one())
                sheet = read_game({"rules": "tenhou", "names": game["names"], "hands": game["hands"]})[0]
                assert stored == result_object(score_sheet(sheet))  # type: ignore[arg-type]
        # The restarted server takes the next entry.
        r = httpx.get(f"http://127.0.0.1:{port}/club/api/games/{tables[0]['game']}", timeout=5)
        assert r.status_code == 200
        engine.dispose()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
