"""A club server in its own process and the phones that enter hands at its tables: the one path that the
benchmark (:mod:`benchmarks.club`) and the tests of a killed server (tests/club/test_crash.py) both drive.

:func:`seat_tables` makes an event with a round seated at ``tables`` tables and gives each table's game and code
(told once, at seating: the database keeps only the codes' hashes). :func:`start_server` runs ``riichi club
serve`` over the database on a loopback port and waits until it answers. :func:`run_phones` runs the phones, each
in the same loop (:func:`phone`): sign in with the table's code, then read the game and write against the version
read: the hand :data:`HAND` when the sheet is empty, its undo when not, so that no game ends and every taken write
raises the version by one. A phone stops when ``going()`` turns false, or when the server stops answering (a
killed server).
"""

from __future__ import annotations

import asyncio
import random
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from riichi.build import riichi_command, riichi_env

__all__ = ["HAND", "TableEntry", "Tally", "free_port", "phone", "run_phones", "seat_tables", "start_server"]

#: A drawn hand, North and West tenpai, West's riichi: it never ends a game.
HAND = {"result": "draw", "tenpai": [0, 2], "riichi": [2]}


@dataclass(frozen=True, slots=True)
class TableEntry:
    """A seated table as its phones know it: the game they enter and the code they sign in with."""

    game: int
    code: str


@dataclass(slots=True)
class Tally:
    """What the phones saw: latencies in seconds by kind (``read``, ``write`` taken, ``refused`` as stale), the
    writes taken by game, answers that were neither (``errors``: any is a fault), and phones cut off by a server
    that stopped answering (``cut``)."""

    latency: dict[str, list[float]] = field(default_factory=lambda: {"read": [], "write": [], "refused": []})
    taken: dict[int, int] = field(default_factory=dict)
    refused: int = 0
    errors: list[str] = field(default_factory=list)
    cut: int = 0

    @property
    def taken_total(self) -> int:
        return sum(self.taken.values())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def seat_tables(database: str, tables: int, *, name: str = "Phones open") -> list[TableEntry]:
    """A migrated ``database`` with an organiser, an event of ``4 * tables`` players and one round seated, four a
    table in order; each table's game and code."""
    from riichi.club.database import migrate, open_database
    from riichi.club.store import Actor, Club

    engine = open_database(database)
    try:
        migrate(engine)
        club = Club(engine)
        oid = club.add_organiser("organiser", "a long password")
        organiser = Actor("organiser", "organiser", organiser_id=oid)
        eid = club.create_event(organiser, name)
        ids = club.add_players(organiser, eid, [f"Player {i}" for i in range(4 * tables)])
        seated = club.seat_round(organiser, eid, [ids[i:i + 4] for i in range(0, 4 * tables, 4)])
    finally:
        engine.dispose()
    return [TableEntry(c.game, c.code) for c in seated.codes]


def start_server(database: str, port: int, log: Path | None = None, **env: str) -> subprocess.Popen[bytes]:
    """``riichi club serve`` over ``database`` on 127.0.0.1:``port`` (its output to ``log``, else nowhere, and
    ``env`` added to its environment), once it answers."""
    out = subprocess.DEVNULL if log is None else log.open("ab")
    server = subprocess.Popen(riichi_command("club", "--database", database, "serve", "--port", str(port)),
                              env=riichi_env(**env), stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and server.poll() is None:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/club/api/events", timeout=2).status_code == 200:
                return server
        except httpx.TransportError:
            time.sleep(0.1)
    server.kill()
    server.wait()
    said = "" if log is None else log.read_text(errors="replace")[-2000:]
    raise RuntimeError(f"the club server did not start: {said}")


async def phone(base: str, table: TableEntry, going: Callable[[], bool], tally: Tally, think: float = 0.0) -> None:
    """One phone at ``table`` of the server at ``base``, writing until ``going()`` is false or the server is gone;
    with ``think``, a random 0 to 2·think seconds between writes."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        try:
            csrf = (await http.post("/club/api/table-login", json={"code": table.code})).json()["csrf"]
            while going():
                t0 = time.perf_counter()
                game = (await http.get(f"/club/api/games/{table.game}")).json()
                tally.latency["read"].append(time.perf_counter() - t0)
                path = "hands" if not game["hands"] else "undo"
                t0 = time.perf_counter()
                r = await http.post(f"/club/api/games/{table.game}/{path}",
                                    json={"version": game["version"], "hand": HAND}, headers={"X-CSRF-Token": csrf})
                elapsed = time.perf_counter() - t0
                if r.status_code == 200:
                    tally.latency["write"].append(elapsed)
                    tally.taken[table.game] = tally.taken.get(table.game, 0) + 1
                elif r.status_code == 409:
                    tally.latency["refused"].append(elapsed)
                    tally.refused += 1
                else:
                    tally.errors.append(f"{r.status_code}: {r.text[:200]}")
                if think:
                    await asyncio.sleep(random.uniform(0, 2 * think))
        except httpx.TransportError:
            tally.cut += 1


async def run_phones(base: str, tables: list[TableEntry], going: Callable[[], bool], tally: Tally, *,
                     per_table: int = 1, think: float = 0.0) -> None:
    """``per_table`` phones at each of ``tables``, all at once, until ``going()`` is false or the server is
    gone."""
    await asyncio.gather(*(phone(base, t, going, tally, think) for t in tables for _ in range(per_table)))
