"""A tournament day on one club server: 16 tables, 4 phones each (64 phones), entering hands at once.

    python -m benchmarks.club                                    # SQLite (a file in a temporary folder), 20 s
    python -m benchmarks.club --database postgresql://user@127.0.0.1/bench --seconds 30
    python -m benchmarks.club --think 5                          # each phone waits 0-10 s between entries

``riichi club serve`` (one worker process) is started on 127.0.0.1 on a free port over a fresh database with an
event of 64 players seated at 16 tables. Each phone signs in with its table's code and, for ``--seconds``,
reads its game and enters the next write against the version it read: a hand, then its undo, then the hand again
(so that no game ends). The four phones of a table race: one write of each race is taken, the others are told
(409) and read the game again, which is the case the server must handle at a table where everyone taps at once.
With ``--think S`` each phone waits a random 0 to 2S seconds between writes, as a table does between hands.

Printed: writes taken and refused (conflicts), errors (anything else: must be 0), writes taken per second, and
the latency of the taken writes and of the reads (median, 95th and 99th percentile, maximum), measured at the
phone (the server's round trip over loopback). At the end every game is checked: its version counts its taken
writes.
"""

from __future__ import annotations

from benchmarks import which_riichi
from riichi.build import riichi_command, riichi_env

import argparse
import asyncio
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

HAND = {"result": "draw", "tenpai": [0, 2], "riichi": [2]}


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _setup(database: str) -> list[dict[str, object]]:
    from riichi.club.database import migrate, open_database
    from riichi.club.store import Actor, Club

    engine = open_database(database)
    migrate(engine)
    club = Club(engine)
    oid = club.add_organiser("bench", "benchmark password")
    ann = Actor("organiser", "bench", organiser_id=oid)
    eid = club.create_event(ann, "Benchmark open")
    ids = club.add_players(ann, eid, [f"Player {i}" for i in range(64)])
    club.seat_round(ann, eid, [ids[i:i + 4] for i in range(0, 64, 4)])
    tables = club.event(eid, ann)["rounds"][0]["tables"]  # type: ignore[index]
    engine.dispose()
    return list(tables)  # type: ignore[arg-type]


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _phone(base: str, table: dict[str, object], until: float, think: float, stats: dict[str, list[float]],
                 counts: dict[str, int], taken: dict[int, int]) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        csrf = (await http.post("/club/api/table-login", json={"code": table["code"]})).json()["csrf"]
        gid = int(table["game"])  # type: ignore[call-overload]
        while time.monotonic() < until:
            t0 = time.perf_counter()
            game = (await http.get(f"/club/api/games/{gid}")).json()
            stats["read"].append(time.perf_counter() - t0)
            version = game["version"]
            path = "hands" if not game["hands"] else "undo"
            t0 = time.perf_counter()
            r = await http.post(f"/club/api/games/{gid}/{path}", json={"version": version, "hand": HAND},
                                headers={"X-CSRF-Token": csrf})
            elapsed = time.perf_counter() - t0
            if r.status_code == 200:
                stats["write"].append(elapsed)
                counts["taken"] += 1
                taken[gid] = taken.get(gid, 0) + 1
            elif r.status_code == 409:
                stats["refused"].append(elapsed)
                counts["refused"] += 1
            else:
                counts["errors"] += 1
                print(f"error {r.status_code}: {r.text[:200]}", file=sys.stderr)
            if think:
                await asyncio.sleep(random.uniform(0, 2 * think))


async def _run(base: str, tables: list[dict[str, object]], seconds: float, think: float) -> tuple[
        dict[str, list[float]], dict[str, int], dict[int, int], float]:
    stats: dict[str, list[float]] = {"read": [], "write": [], "refused": []}
    counts = {"taken": 0, "refused": 0, "errors": 0}
    taken: dict[int, int] = {}
    start = time.monotonic()
    await asyncio.gather(*(_phone(base, t, start + seconds, think, stats, counts, taken)
                           for t in tables for _ in range(4)))
    return stats, counts, taken, time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", help="a PostgreSQL URL of an empty database (default: a new SQLite file)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.0, metavar="S",
                        help="each phone waits a random 0 to 2S seconds between writes (default 0: flat out)")
    args = parser.parse_args()
    print(which_riichi())
    folder = tempfile.mkdtemp(prefix="riichi-club-bench-")
    database = args.database or str(Path(folder) / "club.db")
    tables = _setup(database)
    port = _port()
    server = subprocess.Popen(riichi_command("club", "--database", database, "serve", "--port", str(port)),
                              env=riichi_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(base + "/club/api/events", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        stats, counts, taken, elapsed = asyncio.run(_run(base, tables, args.seconds, args.think))
        games = [httpx.get(f"{base}/club/api/games/{t['game']}", timeout=30).json() for t in tables]
    finally:
        server.terminate()
        server.wait(timeout=30)
    kind = "PostgreSQL" if args.database else "SQLite"
    print(f"{kind}, 1 worker, 16 tables x 4 phones, {elapsed:.1f} s, think {args.think:g} s")
    print(f"writes taken {counts['taken']} ({counts['taken'] / elapsed:.1f}/s), refused as stale {counts['refused']}, "
          f"errors {counts['errors']}")
    for name, values in stats.items():
        if values:
            ms = [v * 1000 for v in values]
            print(f"{name:>8}: n={len(ms)} median {statistics.median(ms):.0f} ms, p95 {_pct(ms, 0.95):.0f} ms, "
                  f"p99 {_pct(ms, 0.99):.0f} ms, max {max(ms):.0f} ms")
    whole = all(g["version"] == taken.get(g["game"], 0) for g in games)
    print(f"every game's version counts its taken writes: {whole}")
    return 0 if whole and counts["errors"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
