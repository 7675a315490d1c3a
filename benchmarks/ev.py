"""Expected values: how long each discard's per-turn tenpai, win and value take, beside the peers' published times.

    python -m benchmarks.ev                 # 5 rounds a hand, the median shown
    python -m benchmarks.ev --rounds 3 --no-wide

A fixed set of closed 14-tile hands (made once from random complete hands with tiles swapped, then written
here; the calculators' own examples too), 1 to 3 shanten, each answered in full (every discard, turns 1 to
18, dora 1z). Two settings: the peer model as the contract defines it (tegawari and shanten-down off), and
with both on. Each hand is answered once before the clock (the shanten tables load once a process); the
time is the median of the rounds, per hand, then the median over the hands of a shanten. A search past its
budget (``--budget`` states) is counted as such, not timed.

The search keeps the scores of the wins it met from call to call (the same situation asks for the same
complete hands again: the discards of one position, the positions of one hand); each timed answer starts
with none kept (``clear_score_memo``), as a hand asked for the first time does. The ``again`` column is the
CPU time of asking the same hand once more with them kept (the graph and the dynamic program alone).

The peers' published times, quoted beside ours:

* tomohxx's mahjong-win-prob (README, "性能", Intel Core i7-10510U, win probability only): 0 to 2 shanten
  under 1 ms, 3 shanten 1-10 ms, 4 shanten 10-100 ms;
* nekobean's mahjong-cpp expected-score calculator as issue 36 of this project quotes it: about 0.04 ms
  (1 shanten) and 2 ms (3 shanten) with tegawari and shanten-down off, 17 ms (2 shanten) and 0.5 s
  (3 shanten) with both on.
"""

from __future__ import annotations

from benchmarks import which_riichi

import argparse
import statistics
import time

from riichi.analysis.ev import EvModel, EvOptions, expected_values
from riichi.analysis.ev_value import clear_score_memo
from riichi.errors import TooComplexError

HANDS: dict[int, tuple[str, ...]] = {
    1: ("222p11238s445557z", "78888999m55p223s3z", "456m145667899p47z", "123377m666p5679s3z", "244m123345p33677z",
        "234678m3459p57s12z"),
    2: ("34459m888p2229s45z", "8m334p777999s2557z", "334599m566p1234s6z", "12m458888p3788s44z", "3334678m7p667s667z"),
    3: ("56777m288p26s1266z", "26888m35699p1156z", "1899m12399p499s57z", "149p458889s25777z", "9m2p123377999s467z",
        "234578m1689p357s1z", "026m1358p1345579s"),
}

#: The peers' published times (ms) per shanten: (setting, shanten) -> text.
PUBLISHED: dict[tuple[str, int], str] = {
    ("peer", 1): "mahjong-cpp 0.04 ms; mahjong-win-prob < 1 ms",
    ("peer", 2): "mahjong-win-prob < 1 ms",
    ("peer", 3): "mahjong-cpp 2 ms; mahjong-win-prob 1-10 ms",
    ("wide", 2): "mahjong-cpp 17 ms",
    ("wide", 3): "mahjong-cpp 500 ms",
}


def time_hand(hand: str, options: EvOptions, rounds: int) -> tuple[float, float, float] | None:
    """The median seconds of ``rounds`` answers for ``hand`` from nothing kept, by the clock and in CPU time,
    then the median CPU time of asking again with the scores kept (None past the budget). On a machine shared
    with other work the CPU time is the steadier of the two."""
    try:
        expected_values(hand, dora="1z", visible="1z", options=options)
    except TooComplexError:
        return None
    wall, cpu, again = [], [], []
    for _ in range(rounds):
        clear_score_memo()
        started, started_cpu = time.perf_counter(), time.process_time()
        try:
            expected_values(hand, dora="1z", visible="1z", options=options)
        except TooComplexError:
            return None
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        started_cpu = time.process_time()
        expected_values(hand, dora="1z", visible="1z", options=options)
        again.append(time.process_time() - started_cpu)
    return statistics.median(wall), statistics.median(cpu), statistics.median(again)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--budget", type=int, default=2_000_000, help="most states a search may hold")
    parser.add_argument("--seconds", type=float, default=30.0, help="most seconds a search may take")
    parser.add_argument("--no-wide", action="store_true", help="skip tegawari and shanten-down on")
    args = parser.parse_args()
    print(which_riichi(), flush=True)
    budget = {"max_states": args.budget, "max_seconds": args.seconds}
    settings = [("peer", EvOptions(model=EvModel.PEER, **budget))]  # type: ignore[arg-type]
    if not args.no_wide:
        settings.append(("wide", EvOptions(model=EvModel.PEER, tegawari=True, shanten_down=True,
                                           **budget)))  # type: ignore[arg-type]
    print(f"{'setting':<6} {'shanten':>7} {'hands':>5} {'median ms':>10} {'max ms':>9} {'cpu ms':>8} {'again':>8}"
          f"  peers' published")
    for name, options in settings:
        for shanten, hands in HANDS.items():
            if name == "wide" and shanten == 1:
                continue
            times = [time_hand(h, options, args.rounds) for h in hands]
            done = [t for t in times if t is not None]
            over = len(times) - len(done)
            median = f"{1000 * statistics.median(t[0] for t in done):10.1f}" if done else f"{'-':>10}"
            worst = f"{1000 * max(t[0] for t in done):9.1f}" if done else f"{'-':>9}"
            cpu = f"{1000 * statistics.median(t[1] for t in done):8.1f}" if done else f"{'-':>8}"
            again = f"{1000 * statistics.median(t[2] for t in done):8.1f}" if done else f"{'-':>8}"
            note = f" ({over} past the budget)" if over else ""
            print(f"{name:<6} {shanten:>7} {len(hands):>5} {median} {worst} {cpu} {again}  "
                  f"{PUBLISHED.get((name, shanten), '')}{note}", flush=True)


if __name__ == "__main__":
    main()
