"""Instructions per scored hand, riichi beside mahjong 2.1.0, counted by valgrind.

    python -m benchmarks.instructions            # 500 hands of hands-2000, about two minutes
    python -m benchmarks.instructions --hands 200

Timings on a shared machine swing by a third from one minute to the next;
the number of machine instructions a piece of Python executes does not. This
script runs each engine in a child interpreter under ``valgrind --tool=callgrind``
twice on the same N prepared hands, once scoring them and once not, and reports
the difference divided by N: the instructions one scored hand costs, the same from run to run
within a few tenths of a percent. Both children first score every case of the
set once (the steady state of a long-running process, every table filled; the
``new`` row every case but the counted ones), then
pause the garbage collector, as the timing benchmark does, before the counted
part. Inputs are converted to each engine's form before counting starts, as in
``benchmarks.run``.

Rows:

* ``riichi score_case``: a case dict in, the interchange result dict out;
* ``riichi score()``: the typed API on a parsed ``Hand``, ``WinContext`` and ``RuleSet``;
* ``riichi score() new``: the same on hands met for the first time (every other case of the set
  scored first), so suit patterns, plans and payments new to the process are worked out as they
  are in a timed round of new hands;
* ``mahjong``: ``HandCalculator.estimate_hand_value`` on prepared 136-tile inputs.

valgrind is a Debian package (``apt-get install valgrind``); without it the
script says so and exits.
"""

from __future__ import annotations

import argparse
import gc
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_HANDS = REPO.parent / "shared" / "data" / "bench" / "hands-2000.jsonl"
MODES = ("riichi score_case", "riichi score()", "riichi score() new", "mahjong")


def child(mode: str, hands: Path, skip: int, n: int, go: bool) -> None:
    """Prepare n cases after the first ``skip`` and, if ``go``, score them (every case scored once before)."""
    cases = [json.loads(line) for line in hands.read_text().splitlines() if line.strip()]
    counted = cases[skip:skip + n]
    if mode == "mahjong":
        from benchmarks import peer_mahjong  # noqa: PLC0415

        prepared = [peer_mahjong.prepare_case(c) for c in cases]
        for p in prepared:
            peer_mahjong.score_prepared(p)
        work = [peer_mahjong.prepare_case(c) for c in counted]
        gc.disable()
        for p in work if go else ():
            peer_mahjong.score_prepared(p)
        return
    from riichi.interchange import case_to_hand, score_case  # noqa: PLC0415
    from riichi.rules import resolve_rules  # noqa: PLC0415
    from riichi.scoring import score  # noqa: PLC0415

    # steady state: every case scored once first; "new": the counted hands are met for the first time
    warm = cases[:skip] + cases[skip + n:] if mode == "riichi score() new" else cases
    for c in warm:
        score_case(c)
    if mode == "riichi score_case":
        work = [dict(c) for c in counted]
        gc.disable()
        for c in work if go else ():
            score_case(c)
        return
    parsed = [(*case_to_hand(c), resolve_rules(c.get("rules", "tenhou"))) for c in counted]
    gc.disable()
    for hand, ctx, rules in parsed if go else ():
        try:
            score(hand, ctx, rules)
        except ValueError:
            pass


def count(mode: str, hands: Path, skip: int, n: int, *, go: bool) -> int:
    """Instructions valgrind counts for a child run of ``mode`` on n hands (scored or only prepared)."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-m",
           "benchmarks.instructions", "--child", mode, "--hands-file", str(hands), "--skip", str(skip),
           "--hands", str(n), *(["--go"] if go else [])]
    done = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, check=False)
    out = done.stderr
    if done.returncode != 0:
        raise RuntimeError(f"the {mode} child failed:\n{out[-2000:]}")
    found = re.search(r"Collected : (\d+)", out)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{out[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=500, help="hands counted (default 500)")
    parser.add_argument("--skip", type=int, default=300, help="cases of the set skipped before them")
    parser.add_argument("--hands-file", type=Path, default=DEFAULT_HANDS)
    parser.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    parser.add_argument("--go", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.hands_file, args.skip, args.hands, args.go)
        return 0
    if not args.hands_file.is_file():
        print(f"no hand set at {args.hands_file} (give one with --hands-file)", file=sys.stderr)
        return 1
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind); nothing counted", file=sys.stderr)
        return 1
    print(f"instructions per scored hand: {args.hands} hands of {args.hands_file.name}, "
          f"Python {sys.version.split()[0]} (valgrind callgrind; steady state but for \"new\", GC paused)\n")
    per_hand = {}
    for mode in MODES:
        n = args.hands
        per_hand[mode] = (count(mode, args.hands_file, args.skip, n, go=True)
                          - count(mode, args.hands_file, args.skip, n, go=False)) / n
    peer = per_hand["mahjong"]
    print(f"{'engine':<20} | {'instructions/hand':>17} | ratio (mahjong / this)")
    print(f"{'-' * 20}-+-{'-' * 17}-+-{'-' * 22}")
    for mode, value in per_hand.items():
        print(f"{mode:<20} | {value:>17,.0f} | {peer / value:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
