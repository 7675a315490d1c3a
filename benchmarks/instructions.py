"""Instructions per scored hand, riichi (compiled and pure) beside mahjong 2.1.0 and riichienv 0.4.11, by valgrind.

    python -m benchmarks.instructions            # 500 hands of hands-2000, about two minutes
    python -m benchmarks.instructions --hands 200
    python -m benchmarks.instructions --caches   # also cache misses and mispredicted branches
    python -m benchmarks.instructions --engines "compiled score()" mahjong

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
* ``compiled score_case``, ``compiled score()``: the same two on the installed, mypyc-compiled riichi
  (``pip install .``); the ``riichi`` rows run the sources of this checkout as Python (the pure build);
* ``mahjong``: ``HandCalculator.estimate_hand_value`` on prepared 136-tile inputs;
* ``riichienv``: riichienv's compiled ``HandEvaluator.calc`` on prepared 136-tile inputs.

With ``--caches`` the children run under ``valgrind --tool=cachegrind`` with its
cache and branch simulations, and the table adds, per hand, first-level
instruction and data cache misses and mispredicted branches: what a CPU spends
beyond executing the instructions, and why the clock ratio of
``benchmarks.run`` can differ from the instruction ratio (the simulated caches
are this machine's sizes; the branch predictor is valgrind's simple model, so
those counts compare engines rather than predict cycles).

valgrind is a Debian package (``apt-get install valgrind``); without it the
script says so and exits.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_HANDS = REPO / "tests" / "data" / "bench" / "hands-2000.jsonl"
MODES = ("riichi score_case", "riichi score()", "riichi score() new", "compiled score_case", "compiled score()",
         "mahjong", "riichienv")
#: Modes run on the installed (compiled) riichi rather than the sources of this checkout.
COMPILED_MODES = ("compiled score_case", "compiled score()")


def child(mode: str, hands: Path, skip: int, n: int, go: bool) -> None:
    """Prepare n cases after the first ``skip`` and, if ``go``, score them (every case scored once before)."""
    cases = [json.loads(line) for line in hands.read_text().splitlines() if line.strip()]
    counted = cases[skip:skip + n]
    if mode in ("mahjong", "riichienv"):
        if mode == "mahjong":
            from benchmarks import peer_mahjong as peer  # noqa: PLC0415
        else:
            from benchmarks import peer_riichienv as peer  # type: ignore[no-redef]  # noqa: PLC0415

        prepared = [peer.prepare_case(c) for c in cases]
        for p in prepared:
            peer.score_prepared(p)
        work = [peer.prepare_case(c) for c in counted]
        gc.disable()
        for p in work if go else ():
            peer.score_prepared(p)
        return
    if mode in COMPILED_MODES:
        from riichi.build import describe, kind  # noqa: PLC0415

        if kind() != "compiled":
            raise SystemExit(f"no compiled build installed: this environment runs {describe()}")
        mode = mode.replace("compiled", "riichi")
    from riichi.formats.interchange import case_to_hand, score_case  # noqa: PLC0415
    from riichi.rules import resolve_rules  # noqa: PLC0415
    from riichi.scoring.scorer import score  # noqa: PLC0415

    # steady state: every case scored once first; "new": the counted hands are met for the first time
    warm = cases[:skip] + cases[skip + n:] if mode == "riichi score() new" else cases
    for c in warm:
        score_case(c)
    if mode == "riichi score_case":
        copies = [dict(c) for c in counted]
        gc.disable()
        for c in copies if go else ():
            score_case(c)
        return
    parsed = [(*case_to_hand(c), resolve_rules(c.get("rules", "tenhou"))) for c in counted]
    gc.disable()
    for hand, ctx, rules in parsed if go else ():
        try:
            score(hand, ctx, rules)
        except ValueError:
            pass


#: The counters of a run: callgrind's instruction total, or cachegrind's summary lines.
EVENTS = ("instructions",)
CACHE_EVENTS = ("instructions", "I1 misses", "D1 misses", "mispredicts")
_CACHEGRIND_LINES = {"instructions": r"I\s+refs:\s+([\d,]+)", "I1 misses": r"I1\s+misses:\s+([\d,]+)",
                     "D1 misses": r"D1\s+misses:\s+([\d,]+)", "mispredicts": r"Mispredicts:\s+([\d,]+)"}


def count(mode: str, hands: Path, skip: int, n: int, *, go: bool, caches: bool = False) -> dict[str, int]:
    """What valgrind counts for a child run of ``mode`` on n hands (scored or only prepared): the
    instructions, and with ``caches`` the cache misses and mispredicted branches as well."""
    tool = (["--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes", "--cachegrind-out-file=/dev/null"]
            if caches else ["--tool=callgrind", "--callgrind-out-file=/dev/null"])
    cmd, cwd = child_command(mode, hands, skip, n, go=go)
    # one hash seed for every child: set and dict orders, and so the instructions they cost, the same each run
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(["valgrind", *tool, *cmd], cwd=cwd, env=env, capture_output=True, text=True,  # noqa: S603
                          check=False)
    out = done.stderr
    if done.returncode != 0:
        raise RuntimeError(f"the {mode} child failed:\n{out[-2000:]}")
    return read_counts(out, caches=caches)


def child_command(mode: str, hands: Path, skip: int, n: int, *, go: bool) -> tuple[list[str], str]:
    """The command line of a child of ``mode`` and the directory it runs in: the compiled modes run with
    ``-P`` away from the checkout (the installed riichi, the checkout only for ``benchmarks``), the
    others from the checkout (its sources)."""
    child_args = ["--child", mode, "--hands-file", str(hands), "--skip", str(skip), "--hands", str(n),
                  *(["--go"] if go else [])]
    if mode in COMPILED_MODES:
        call = (f"import sys; sys.path.append({str(REPO)!r}); from benchmarks.instructions import main; "
                f"sys.exit(main({child_args!r}))")
        return [sys.executable, "-P", "-c", call], "/"
    return [sys.executable, "-m", "benchmarks.instructions", *child_args], str(REPO)


def read_counts(report: str, *, caches: bool) -> dict[str, int]:
    """The counts in valgrind's report (its standard error): callgrind's total, or cachegrind's summary."""
    patterns = _CACHEGRIND_LINES if caches else {"instructions": r"Collected : (\d+)"}
    counted = {}
    for event, pattern in patterns.items():
        found = re.search(pattern, report)
        if found is None:
            raise RuntimeError(f"no {event} count in valgrind's output:\n{report[-2000:]}")
        counted[event] = int(found.group(1).replace(",", ""))
    return counted


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=500, help="hands counted (default 500)")
    parser.add_argument("--skip", type=int, default=300, help="cases of the set skipped before them")
    parser.add_argument("--hands-file", type=Path, default=DEFAULT_HANDS)
    parser.add_argument("--caches", action="store_true",
                        help="also count cache misses and mispredicted branches (cachegrind; slower)")
    parser.add_argument("--engines", nargs="+", choices=MODES, default=list(MODES), metavar="ENGINE",
                        help=f"what to count (default all: {', '.join(MODES)})")
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
    tool = "cachegrind, simulated caches and branches" if args.caches else "callgrind"
    print(f"per scored hand: {args.hands} hands of {args.hands_file.name}, Python {sys.version.split()[0]} "
          f"(valgrind {tool}; steady state but for \"new\", GC paused)\n")
    events = CACHE_EVENTS if args.caches else EVENTS
    per_hand = {}
    for mode in args.engines:
        try:
            per_hand[mode] = per_hand_counts(mode, args.hands_file, args.skip, args.hands, caches=args.caches)
        except RuntimeError as exc:
            print(f"{mode}: not counted ({str(exc).strip().splitlines()[-1]})", file=sys.stderr)
    print(table(per_hand, events))
    return 0


def per_hand_counts(mode: str, hands: Path, skip: int, n: int, *, caches: bool = False) -> dict[str, float]:
    """What one scored hand costs ``mode``: the counts of a run that scores n hands, less those of a run
    that only prepares them, over n."""
    events = CACHE_EVENTS if caches else EVENTS
    scored = count(mode, hands, skip, n, go=True, caches=caches)
    prepared = count(mode, hands, skip, n, go=False, caches=caches)
    return {event: (scored[event] - prepared[event]) / n for event in events}


def table(per_hand: dict[str, dict[str, float]], events: tuple[str, ...]) -> str:
    """Each engine's counts per hand, and the ratio mahjong / this engine of each."""
    peer = per_hand.get("mahjong") or {event: 0.0 for event in events}
    head = [f"{'engine':<20}", *(f"{event + '/hand':>17} {'ratio':>6}" for event in events)]
    lines = [" | ".join(head), "-+-".join("-" * len(cell) for cell in head)]
    for mode, counts in per_hand.items():
        cells = [f"{mode:<20}"]
        for event in events:
            value = counts[event]
            ratio = f"{peer[event] / value:.2f}x" if value > 0 and peer[event] else "-"
            cells.append(f"{value:>17,.0f} {ratio:>6}")
        lines.append(" | ".join(cells))
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
