"""What the mjai host costs: the same games played in-process and against ``riichi bot efficient``
processes speaking mjai, and the memory of both sides over the run.

    python -m benchmarks.mjai_host                # 20 hanchan each way
    python -m benchmarks.mjai_host --games 100    # and memory over a hundred games

Both runs seat the efficient player at every seat and play the same seeds under Tenhou's rules: first
in-process (``play_game``), then with all four seats ``mjai:riichi bot efficient`` processes (started once
for the run, as ``riichi play --seat`` does). Times are wall-clock seconds (the bots' work happens in
their own processes); the CPU seconds of both runs are printed too (the table's process and the bots',
from Linux ``/proc``), which a busy machine disturbs less than the wall clock. Memory is the resident set
of this process and of each bot process (Linux ``/proc``), after the first game, the middle one and the
last.

Measured on a shared two-core machine (medians of five runs of 30 hanchan, in turn with the previous
version of the bot and the table on the same engine): hosted / in-process 0.19 pure (4.77 against 26.3
hanchan/s; previously 0.15) and 0.12 compiled (7.08 against 68.2; previously 0.09), no fault; over 100
hanchan the table's memory stays flat and each bot's grows by about 2 MiB, more slowly as its shanten
tables fill. The target of a third is not reached: the bots' own engines are the cost (see the
performance page of the docs).

The bot processes are started before the clock runs, as a table seats its players before the first game,
and their start is printed apart. Measured so on an idle machine: 0.18 pure (10 hanchan) and 0.10
compiled (20 hanchan), 0.14 compiled with every process on one core (``taskset -c 0``: waking a process
on the other, idle, core of this virtual machine takes 55 to 75 µs a round trip, against 4 µs on one core).
"""

from __future__ import annotations

from benchmarks import which_riichi

import argparse
import os
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


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of a live process (Linux ``/proc``), 0 when it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    from riichi.bots.process import MjaiProcessPlayer  # noqa: PLC0415
    from riichi.game.engine import play_game  # noqa: PLC0415
    from riichi.game.events import Event, GameStart  # noqa: PLC0415
    from riichi.game.players import EfficientPlayer, Player  # noqa: PLC0415
    from riichi.rules import TENHOU  # noqa: PLC0415

    parser = argparse.ArgumentParser(description="mjai host overhead: in-process games against bot processes")
    parser.add_argument("--games", type=int, default=20, help="hanchan each way (default 20)")
    args = parser.parse_args()
    print(which_riichi())

    start, cpu_start = time.perf_counter(), time.process_time()
    hands_direct = 0
    for g in range(args.games):
        hands_direct += len(play_game([EfficientPlayer(seed=s) for s in range(4)], TENHOU, seed=g).results)
    direct, direct_cpu = time.perf_counter() - start, time.process_time() - cpu_start

    command = [sys.executable, "-m", "riichi", "bot", "efficient"]
    bots = [MjaiProcessPlayer(command, seat, timeout=30.0) for seat in range(4)]
    # The bots are started before the clock runs, as a table seats its players before the first game: a
    # process's start (an interpreter importing the package) is paid once, not by each game; it is printed apart.
    started = time.perf_counter()
    for bot in bots:
        bot.observe(GameStart(TENHOU.name, ("",) * 4))
    started = time.perf_counter() - started
    cpu_at_start = sum(_cpu_seconds(b._proc.pid) for b in bots if b._proc)  # noqa: SLF001

    def listen(event: Event) -> None:
        for bot in bots:
            bot.observe(event)

    memory: list[tuple[int, list[int]]] = []
    marks = sorted({0, (args.games - 1) // 2, args.games - 1})  # after the first game, the middle one, the last
    hands_hosted = 0
    bots_cpu = 0.0
    start, cpu_start = time.perf_counter(), time.process_time()
    try:
        for g in range(args.games):
            players: list[Player] = list(bots)
            hands_hosted += len(play_game(players, TENHOU, seed=g, listener=listen).results)
            if g in marks:
                memory.append((_rss_kib(), [_rss_kib(b._proc.pid) if b._proc else 0 for b in bots]))  # noqa: SLF001
        bots_cpu = sum(_cpu_seconds(b._proc.pid) for b in bots if b._proc) - cpu_at_start  # noqa: SLF001
    finally:
        for bot in bots:
            bot.close()
    hosted, host_cpu = time.perf_counter() - start, time.process_time() - cpu_start
    faults = sum(len(b.faults) for b in bots)
    print(f"{'run':<28} {'hanchan':>8} {'hands':>6} {'seconds':>8} {'hanchan/s':>10}")
    print(f"{'in-process (play_game)':<28} {args.games:>8} {hands_direct:>6} {direct:>8.2f} {args.games / direct:>10.2f}")
    print(f"{'4 x riichi bot over mjai':<28} {args.games:>8} {hands_hosted:>6} {hosted:>8.2f} {args.games / hosted:>10.2f}")
    print(f"hosted / in-process speed: {direct / hosted:.2f}; bot faults: {faults}; "
          f"same hands played: {hands_direct == hands_hosted}")
    print(f"CPU seconds: in-process {direct_cpu:.2f}; hosted {host_cpu + bots_cpu:.2f} (the table {host_cpu:.2f}, "
          f"the bots {bots_cpu:.2f}); in-process / hosted CPU: "
          f"{direct_cpu / (host_cpu + bots_cpu):.2f}")
    print(f"the four bot processes started (each answering start_game) in {started:.2f} s, "
          f"{cpu_at_start:.2f} CPU seconds, before the clock ran")
    games = " -> ".join(f"game {g + 1}" for g in marks)
    hosts = " -> ".join(f"{host / 1024:.1f}" for host, _ in memory)
    each = "; ".join(" -> ".join(f"{seen[seat] / 1024:.1f}" for _, seen in memory) for seat in range(len(bots)))
    print(f"memory (RSS, MiB) after {games}: the table {hosts}; the bots {each}")


if __name__ == "__main__":
    main()
