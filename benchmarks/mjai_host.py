"""What the mjai host costs: the same games played in-process and against ``riichi bot efficient``
processes speaking mjai, the floors under any bot's speed, and the memory of both sides over the run.

    python -m benchmarks.mjai_host                # 20 hanchan each way
    python -m benchmarks.mjai_host --games 100    # and memory over a hundred games

Each run seats the efficient player at every seat and plays the same seeds under Tenhou's rules, four
ways: in-process (``play_game``); with all four seats ``riichi bot efficient`` processes of the installed
build (started once for the run, as ``riichi play --seat`` does, before the clock runs); and twice with
four stand-ins that answer each line with the answer the real bot gave it (``benchmarks/mjai_answers.py``,
the answers recorded by the table in the run before): the same game, the same lines and pipes. The first
stand-ins do no work at all: their speed is the floor, what the table and the wait for another process
cost, which no bot can beat. The second read each line as JSON first (the standard library's
``json.loads``): the floor under any Python bot, which must at least read what the table says. All are
played twice: as the system places the processes, and with the table and its bots on one core (Linux
``sched_setaffinity``; the bots inherit it), where a process woken by a line does not wait for another
core to wake. Times are wall-clock seconds; the CPU seconds of the table's process and of the bots
(Linux ``/proc``) are printed too. Memory is the resident set of this process and of each bot process
after the first game, the middle one and the last (of the first placement).

The bots run the build this process runs (:func:`riichi.build.riichi_command`): a run from the checkout
times the installed build, as every benchmark does, and not the checkout's sources.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, BinaryIO

from benchmarks import which_riichi
from riichi.build import riichi_command, riichi_env


#: ``riichi bot efficient`` of the build this process runs, wherever the benchmark is run from (see above).
BOT = riichi_command("bot", "efficient")


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


def _play_hosted(bots: list[Any], games: int) -> tuple[float, float, float, int, list[tuple[int, list[int]]]]:
    """Play ``games`` hanchan with ``bots`` (started already): seconds, the table's CPU seconds, the bots'
    CPU seconds, hands played, and the memory after the first, middle and last game."""
    from riichi.game.engine import play_game
    from riichi.game.events import Event
    from riichi.rules import TENHOU

    def listen(event: Event) -> None:
        for bot in bots:
            bot.observe(event)

    pids = [b._proc.pid for b in bots if b._proc]
    cpu_before = sum(_cpu_seconds(pid) for pid in pids)
    marks = sorted({0, (games - 1) // 2, games - 1})
    memory: list[tuple[int, list[int]]] = []
    hands = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for g in range(games):
        hands += len(play_game(list(bots), TENHOU, seed=g, listener=listen).results)
        if g in marks:
            memory.append((_rss_kib(), [_rss_kib(pid) for pid in pids]))
    seconds, table_cpu = time.perf_counter() - start, time.process_time() - cpu_start
    bots_cpu = sum(_cpu_seconds(pid) for pid in pids) - cpu_before
    return seconds, table_cpu, bots_cpu, hands, memory


def _seat(command: list[str], seat: int, answers: BinaryIO | None) -> Any:
    """A bot process at ``seat`` (started, ``start_game`` answered); it writes the lines it answers to
    ``answers`` when given a file (a file, not a list: the table's memory is measured while it plays)."""
    from riichi.bots.process import MjaiProcessPlayer
    from riichi.game.events import GameStart
    from riichi.rules import TENHOU

    class Recorded(MjaiProcessPlayer):
        def _exchange(self, texts: list[str], timeout: float) -> str:
            line = super()._exchange(texts, timeout)
            if answers is not None:
                answers.write(line.encode() + b"\n")
            return line

    bot = Recorded(command, seat, timeout=30.0)
    bot.observe(GameStart(TENHOU.name, ("",) * 4))
    return bot


def _placement(name: str, games: int, folder: Path) -> dict[str, Any]:
    """The three runs in the current placement."""
    from riichi.game.engine import play_game
    from riichi.game.players import EfficientPlayer
    from riichi.rules import TENHOU

    start, cpu_start = time.perf_counter(), time.process_time()
    hands_direct = sum(len(play_game([EfficientPlayer(seed=s) for s in range(4)], TENHOU, seed=g).results)
                       for g in range(games))
    direct, direct_cpu = time.perf_counter() - start, time.process_time() - cpu_start

    files = [folder / f"{name.replace(' ', '-')}-{seat}.answers" for seat in range(4)]
    with contextlib.ExitStack() as stack:
        answers = [stack.enter_context(file.open("wb")) for file in files]
        started = time.perf_counter()
        bots = [_seat(BOT, seat, answers[seat]) for seat in range(4)]
        started = time.perf_counter() - started
        try:
            hosted, table_cpu, bots_cpu, hands_hosted, memory = _play_hosted(bots, games)
            faults = sum(len(b.faults) for b in bots)
        finally:
            for bot in bots:
                bot.close()
    script = str(Path(__file__).with_name("mjai_answers.py"))
    floors = {}
    for kind, extra in (("floor", []), ("reading", ["--read"])):
        stand_ins = [_seat([sys.executable, script, *extra, str(files[seat])], seat, None) for seat in range(4)]
        try:
            seconds, table, stand_ins_cpu, hands, _ = _play_hosted(stand_ins, games)
            faults += sum(len(b.faults) for b in stand_ins)
        finally:
            for bot in stand_ins:
                bot.close()
        floors[kind] = seconds
        floors[f"{kind}_cpu"] = table
        floors[f"{kind}_bots_cpu"] = stand_ins_cpu
        floors[f"{kind}_same"] = hands == hands_direct
    return {"name": name, "direct": direct, "direct_cpu": direct_cpu, "hosted": hosted, "table_cpu": table_cpu,
            "bots_cpu": bots_cpu, **floors, "started": started, "faults": faults,
            "same": hands_direct == hands_hosted and floors["floor_same"] and floors["reading_same"],
            "hands": hands_direct, "memory": memory}


def main() -> None:
    parser = argparse.ArgumentParser(description="mjai host overhead: in-process games against bot processes")
    parser.add_argument("--games", type=int, default=20, help="hanchan each way (default 20)")
    args = parser.parse_args()
    print(which_riichi())
    os.environ["PYTHONPATH"] = riichi_env()["PYTHONPATH"]  # the bot processes inherit it
    games = args.games
    runs = []
    with tempfile.TemporaryDirectory() as folder:
        runs.append(_placement("as placed", games, Path(folder)))
        if hasattr(os, "sched_setaffinity"):  # Linux: the table and the bots it starts on one core
            everywhere = os.sched_getaffinity(0)
            os.sched_setaffinity(0, {min(everywhere)})
            try:
                runs.append(_placement("one core", games, Path(folder)))
            finally:
                os.sched_setaffinity(0, everywhere)

    ms = 1000 / games
    print(f"{games} hanchan each way ({runs[0]['hands']} hands); milliseconds a hanchan by the clock, and the "
          "speed as a share of the in-process speed")
    print(f"{'placement':<10} {'in-process':>10} {'4 bots':>8} {'share':>6} {'floor':>8} {'share':>6} "
          f"{'reading':>8} {'share':>6}   {'CPU ms: table':>13} {'bots':>6} {'floor table':>11} "
          f"{'floor bots':>10} {'reading bots':>12}")
    for r in runs:
        print(f"{r['name']:<10} {r['direct'] * ms:>10.1f} {r['hosted'] * ms:>8.1f} {r['direct'] / r['hosted']:>6.2f} "
              f"{r['floor'] * ms:>8.1f} {r['direct'] / r['floor']:>6.2f} {r['reading'] * ms:>8.1f} "
              f"{r['direct'] / r['reading']:>6.2f}   {r['table_cpu'] * ms:>13.1f} {r['bots_cpu'] * ms:>6.1f} "
              f"{r['floor_cpu'] * ms:>11.1f} {r['floor_bots_cpu'] * ms:>10.1f} {r['reading_bots_cpu'] * ms:>12.1f}")
    faults = sum(r["faults"] for r in runs)
    same = all(r["same"] for r in runs)
    print(f"4 bots: riichi bot efficient processes; floor: processes answering each line at once with the bot's "
          f"recorded answer; reading: the same after reading the line as JSON. Bot faults: {faults}; the same "
          f"hands in every run: {same}")
    print("the four bot processes started (each answering start_game) before the clock ran, in "
          + ", ".join(f"{r['started']:.2f} s ({r['name']})" for r in runs))
    memory, marks = runs[0]["memory"], sorted({0, (games - 1) // 2, games - 1})
    played = " -> ".join(f"game {g + 1}" for g in marks)
    table = " -> ".join(f"{host / 1024:.1f}" for host, _ in memory)
    each = "; ".join(" -> ".join(f"{seen[seat] / 1024:.1f}" for _, seen in memory) for seat in range(4))
    print(f"memory (RSS, MiB) after {played}: the table {table}; the bots {each}")


if __name__ == "__main__":
    main()
