"""The repeated meetings of riichi's seatings for 20–200 players over 4–12 rounds (seed 0), as the Markdown
table of docs/tournaments.md: each cell the repeated pairs found, and the fewest possible in brackets where
that is more than 0 (each player meets 3 others a round; beyond the others there are, meetings repeat).

    PYTHONPATH=. python scripts/seating_table.py > table.md      (from the sources; some minutes on one core)
"""

from __future__ import annotations

import sys
import time

from riichi.tournament.seating import repeat_lower_bound, seat

PLAYERS = (20, 24, 28, 30, 32, 36, 40, 48, 56, 64, 80, 100, 120, 150, 200)
ROUNDS = range(4, 13)


def main() -> int:
    started = time.perf_counter()
    print("| players | " + " | ".join(f"{r} rounds" for r in ROUNDS) + " |")
    print("|---:|" + "---:|" * len(ROUNDS))
    for n in PLAYERS:
        cells = []
        for r in ROUNDS:
            s = seat(n, r, seed=0)
            floor = repeat_lower_bound(n, r)
            assert s.wind_excess() == 0, (n, r, s.wind_excess())
            cells.append(f"{s.repeated_pairs()}" + (f" ({floor})" if floor else ""))
        print(f"| {n} | " + " | ".join(cells) + " |", flush=True)
    print(f"\n{time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
