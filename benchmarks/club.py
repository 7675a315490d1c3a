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
writes. The server, the seating and the phones' loop are :mod:`benchmarks.club_phones`, which the tests of a
killed server drive too.
"""

from __future__ import annotations

from benchmarks import which_riichi

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import httpx

from benchmarks.club_phones import Tally, free_port, run_phones, seat_tables, start_server


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


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
    tables = seat_tables(database, 16, name="Benchmark open")
    port = free_port()
    server = start_server(database, port)
    base = f"http://127.0.0.1:{port}"
    tally = Tally()
    try:
        start = time.monotonic()
        until = start + args.seconds
        asyncio.run(run_phones(base, tables, lambda: time.monotonic() < until, tally, per_table=4,
                               think=args.think))
        elapsed = time.monotonic() - start
        games = [httpx.get(f"{base}/club/api/games/{t.game}", timeout=30).json() for t in tables]
    finally:
        server.terminate()
        server.wait(timeout=30)
    kind = "PostgreSQL" if args.database else "SQLite"
    taken = tally.taken_total
    errors = len(tally.errors) + tally.cut
    print(f"{kind}, 1 worker, 16 tables x 4 phones, {elapsed:.1f} s, think {args.think:g} s")
    print(f"writes taken {taken} ({taken / elapsed:.1f}/s), refused as stale {tally.refused}, errors {errors}")
    for error in tally.errors[:5]:
        print(f"  error {error}")
    for name, values in tally.latency.items():
        if values:
            ms = [v * 1000 for v in values]
            print(f"{name:>8}: n={len(ms)} median {statistics.median(ms):.0f} ms, p95 {_pct(ms, 0.95):.0f} ms, "
                  f"p99 {_pct(ms, 0.99):.0f} ms, max {max(ms):.0f} ms")
    whole = all(g["version"] == tally.taken.get(g["game"], 0) for g in games)
    print(f"every game's version counts its taken writes: {whole}")
    return 0 if whole and errors == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
