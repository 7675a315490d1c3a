"""``riichi replay --jsonl`` over the 175 real Tenhou games, beside riichienv's ``MjaiReplay`` on the same games.

    python -m benchmarks.replay_peer              # 3 rounds, the median shown
    python -m benchmarks.replay_peer --rounds 5 --cpu 0

Each run is a whole process, its start included, held to one core (``--cpu``): ``riichi replay --jsonl``
of the folder of mjlog records (the walls rebuilt from each record's seed and every tile checked, every
hand scored and compared with the record), the same command on the same games written as mjai (no wall
to check), and riichienv 0.4.11 (the ``bench`` extra) reading each mjai file with ``MjaiReplay``, stepping
its own engine through every action and scoring every win. Games a second are shown by the clock and by
the process's CPU time (user + system: what the machine's other load does not add to).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOGS = Path(__file__).resolve().parent.parent / "tests" / "data" / "games" / "logs"

#: riichienv's side: every file replayed through its engine, every win scored; prints the games and wins.
_PEER = """
import sys
from pathlib import Path
from riichienv import MjaiReplay
games = wins = 0
for path in sorted(Path(sys.argv[1]).iterdir()):
    for kyoku in MjaiReplay.from_jsonl(str(path)).take_kyokus():
        for _ in kyoku.steps():
            pass
        for context in kyoku.take_win_result_contexts():
            context.calculate(context.create_calculator(), context.conditions)
            wins += 1
    games += 1
print(games, wins)
"""


def _riichi() -> str:
    found = Path(sys.executable).parent / "riichi"
    return str(found) if found.exists() else "riichi"


def _run(command: list[str], cpu: int) -> tuple[float, float, str]:
    """(seconds by the clock, CPU seconds, standard output) of one process held to core ``cpu``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False,
                          preexec_fn=lambda: os.sched_setaffinity(0, {cpu}))  # noqa: PLW1509 - no threads here
    clock = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):  # 1: a hand differs from its record, which the replay reports
        raise SystemExit(f"{' '.join(command[:3])} failed ({done.returncode}): {done.stderr.strip()[:400]}")
    used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return clock, used, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cpu", type=int, default=0, help="the core every run is held to")
    args = parser.parse_args()
    riichi = _riichi()
    version = subprocess.run([riichi, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    games = len(list(LOGS.glob("*.xml")))
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([riichi, "replay", "--write", "mjai", "--out", folder, str(LOGS)], check=True,
                       capture_output=True)
        runs = {
            "riichi replay --jsonl (mjlog, walls checked)": [riichi, "replay", "--jsonl", str(LOGS)],
            "riichi replay --jsonl (mjai)": [riichi, "replay", "--jsonl", folder],
            "riichienv 0.4.11 MjaiReplay (mjai)": [sys.executable, "-c", _PEER, folder],
        }
        results: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in runs}
        checks: dict[str, str] = {}
        for _ in range(args.rounds):
            for name, command in runs.items():
                clock, used, out = _run(command, args.cpu)
                results[name][0].append(clock)
                results[name][1].append(used)
                if "riichienv" in name:
                    checks[name] = f"{out.split()[0]} games, {out.split()[1]} wins scored"
                else:
                    lines = out.splitlines()
                    verified = sum('"wall": "verified"' in line for line in lines)
                    ends = sum('"type": "game_end"' in line for line in lines)
                    checks[name] = f"{ends} games ended, {verified} walls verified"
    print(f"{version}; {games} real Tenhou games; one core (cpu {args.cpu}), process start included; "
          f"median of {args.rounds} rounds")
    print(f"{'':<46} {'clock s':>8} {'games/s':>8} {'CPU s':>7} {'games/s':>8}  checked")
    for name, (clocks, used) in results.items():
        clock, cpu = statistics.median(clocks), statistics.median(used)
        print(f"{name:<46} {clock:>8.2f} {games / clock:>8.1f} {cpu:>7.2f} {games / cpu:>8.1f}  {checks[name]}")


if __name__ == "__main__":
    main()
