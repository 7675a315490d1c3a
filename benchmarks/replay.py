"""How fast records are read and replayed: games and events per second on the 175 real Tenhou games.

    python -m benchmarks.replay              # 3 rounds, the median shown
    python -m benchmarks.replay --rounds 5

Three timings over the same files, already in memory (the disk is not timed):
reading the mjlog records into events; replaying them through the engine (every
hand scored and settled, compared with the record); and both, as
``riichi replay --jsonl`` does minus writing its output.
"""

from __future__ import annotations

from benchmarks import which_riichi

import argparse
import gc
import json
import statistics
import time
from pathlib import Path

from riichi.formats.mjlog import read_mjlog_bytes
from riichi.replay import replay_game

GAMES = Path(__file__).resolve().parent.parent / "tests" / "data" / "games"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(which_riichi())
    truth = [json.loads(line) for line in (GAMES / "truth.jsonl").read_text(encoding="utf8").splitlines()]
    data = [((GAMES / t["file"]).read_bytes(), Path(t["file"]).name) for t in truth]
    records = [read_mjlog_bytes(raw, log_id=name) for raw, name in data]
    events = sum(len(h.events) for r in records for h in r.hands)
    hands = sum(len(r.hands) for r in records)
    rows = {"read": [], "replay": [], "read + replay": []}
    for _ in range(args.rounds):
        gc.collect()
        gc.disable()
        t0 = time.perf_counter()
        for raw, name in data:
            read_mjlog_bytes(raw, log_id=name)
        t1 = time.perf_counter()
        for record, (_, name) in zip(records, data, strict=True):
            for _obj in replay_game(record, file=name):
                pass
        t2 = time.perf_counter()
        for raw, name in data:
            for _obj in replay_game(read_mjlog_bytes(raw, log_id=name), file=name):
                pass
        t3 = time.perf_counter()
        gc.enable()
        rows["read"].append(t1 - t0)
        rows["replay"].append(t2 - t1)
        rows["read + replay"].append(t3 - t2)
    print(f"{len(data)} games, {hands:,} hands, {events:,} events; median of {args.rounds} rounds")
    print(f"{'':<14} {'seconds':>8} {'games/s':>9} {'hands/s':>9} {'events/s':>10}")
    for name, times in rows.items():
        s = statistics.median(times)
        print(f"{name:<14} {s:>8.2f} {len(data) / s:>9.1f} {hands / s:>9.0f} {events / s:>10,.0f}")


if __name__ == "__main__":
    main()
