"""What the mjai host costs: the same games played in-process and against ``riichi bot efficient``
processes speaking mjai, and the memory of both sides over the run.

    python -m benchmarks.mjai_host                # 20 hanchan each way
    python -m benchmarks.mjai_host --games 100    # and memory over a hundred games

Both runs seat the efficient player at every seat and play the same seeds under Tenhou's rules: first
in-process (``play_game``), then with all four seats ``mjai:riichi bot efficient`` processes (started once
for the run, as ``riichi play --seat`` does). Times are wall-clock seconds (the bots' work happens in
their own processes). Memory is the resident set of this process and of each bot process (Linux
``/proc``), after the first game and after the last.
"""

from __future__ import annotations

from benchmarks import which_riichi

import argparse
import sys
import time
from pathlib import Path


def _rss_kib(pid: int | str = "self") -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii").splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def main() -> None:
    from riichi.bots.process import MjaiProcessPlayer  # noqa: PLC0415
    from riichi.game.engine import play_game  # noqa: PLC0415
    from riichi.game.events import Event  # noqa: PLC0415
    from riichi.game.players import EfficientPlayer, Player  # noqa: PLC0415
    from riichi.rules import TENHOU  # noqa: PLC0415

    parser = argparse.ArgumentParser(description="mjai host overhead: in-process games against bot processes")
    parser.add_argument("--games", type=int, default=20, help="hanchan each way (default 20)")
    args = parser.parse_args()
    print(which_riichi())

    start = time.perf_counter()
    hands_direct = 0
    for g in range(args.games):
        hands_direct += len(play_game([EfficientPlayer(seed=s) for s in range(4)], TENHOU, seed=g).results)
    direct = time.perf_counter() - start

    command = [sys.executable, "-m", "riichi", "bot", "efficient"]
    bots = [MjaiProcessPlayer(command, seat, timeout=30.0) for seat in range(4)]

    def listen(event: Event) -> None:
        for bot in bots:
            bot.observe(event)

    memory: list[tuple[int, list[int]]] = []
    hands_hosted = 0
    start = time.perf_counter()
    try:
        for g in range(args.games):
            players: list[Player] = list(bots)
            hands_hosted += len(play_game(players, TENHOU, seed=g, listener=listen).results)
            if g in (0, args.games - 1):
                memory.append((_rss_kib(), [_rss_kib(b._proc.pid) if b._proc else 0 for b in bots]))  # noqa: SLF001
    finally:
        for bot in bots:
            bot.close()
    hosted = time.perf_counter() - start
    faults = sum(len(b.faults) for b in bots)
    print(f"{'run':<28} {'hanchan':>8} {'hands':>6} {'seconds':>8} {'hanchan/s':>10}")
    print(f"{'in-process (play_game)':<28} {args.games:>8} {hands_direct:>6} {direct:>8.2f} {args.games / direct:>10.2f}")
    print(f"{'4 x riichi bot over mjai':<28} {args.games:>8} {hands_hosted:>6} {hosted:>8.2f} {args.games / hosted:>10.2f}")
    print(f"hosted / in-process speed: {direct / hosted:.2f}; bot faults: {faults}; "
          f"same hands played: {hands_direct == hands_hosted}")
    (host_first, bots_first), (host_last, bots_last) = memory[0], memory[-1]
    print(f"memory (RSS, MiB) after game 1 -> game {args.games}: host {host_first / 1024:.1f} -> {host_last / 1024:.1f}; "
          f"bots {', '.join(f'{a / 1024:.1f} -> {b / 1024:.1f}' for a, b in zip(bots_first, bots_last, strict=True))}")


if __name__ == "__main__":
    main()
