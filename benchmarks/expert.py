"""The expert player's strength and speed: duplicate matches against efficient players and against the mjai
package's RulebaseBot, and the expert's decisions per second.

    python -m benchmarks.expert                        # speed, then 100 walls (400 hanchan) against three efficient
    python -m benchmarks.expert --walls 25 --sanma 25 --mjai 25
    python -m benchmarks.expert --speed-only

Each match is ``riichi play --duplicate`` (every wall once per rotation of the seats, so the tiles' luck cancels)
with the expert in one seat: under ``tenhou`` against three ``efficient`` (the issue's bar: an average place of
2.35 or better, its 95% interval below 2.5, at most 11% of hands dealt in), under ``tenhou-sanma`` against two
``efficient``, and (``--mjai``) against three RulebaseBot processes of the ``mjai`` package 0.2.1 (on Mortal's
libriichi; the bar: 2.0 or better, where ``efficient`` averages 2.07). The speed line is the expert's own time
per decision (CPU time, the player's choose() alone) over whole games against efficient players.
"""

from __future__ import annotations

from benchmarks import which_riichi

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULEBASE = f"mjai:{sys.executable} {ROOT / 'tests' / 'bots' / 'mjai_rulebase.py'} {{seat}}"


def speed(games: int) -> str:
    from riichi.game.engine import play_game  # noqa: PLC0415 - after the build is chosen
    from riichi.game.expert import ExpertPlayer  # noqa: PLC0415
    from riichi.game.players import EfficientPlayer, SeatView  # noqa: PLC0415
    from riichi.rules import TENHOU  # noqa: PLC0415

    class Timed:
        def __init__(self) -> None:
            self.inner = ExpertPlayer()
            self.decisions = 0
            self.seconds = 0.0

        def choose(self, view: SeatView, actions: tuple) -> object:  # type: ignore[type-arg]
            started = time.process_time()
            choice = self.inner.choose(view, actions)
            self.seconds += time.process_time() - started
            self.decisions += 1
            return choice

    timed = Timed()
    started = time.process_time()
    for g in range(games):
        play_game([timed, EfficientPlayer(seed=g), EfficientPlayer(seed=g + 1), EfficientPlayer(seed=g + 2)],  # type: ignore[list-item]
                  TENHOU, seed=g)
    total = time.process_time() - started
    return (f"speed: {timed.decisions} expert decisions in {timed.seconds:.2f} s CPU: "
            f"{timed.decisions / timed.seconds:.0f} decisions/s ({1000 * timed.seconds / timed.decisions:.2f} ms each); "
            f"{games} hanchan in {total:.1f} s CPU ({total / games:.2f} s each, the other seats' play included)")


def match(walls: int, rules: str, lineup: list[str], seats: list[str], seed: int) -> dict:  # type: ignore[type-arg]
    from riichi.build import riichi_command, riichi_env  # noqa: PLC0415

    args = ["play", "--duplicate", "--games", str(walls), "--seed", str(seed), "--rules", rules,
            "--players", ",".join(lineup), "--json", "--bot-timeout", "10"]
    for s in seats:
        args += ["--seat", s]
    started = time.perf_counter()
    out = subprocess.run(riichi_command(*args), capture_output=True, text=True, check=True, env=riichi_env())
    summary = json.loads(out.stdout)
    summary["wall_clock"] = round(time.perf_counter() - started, 1)
    return summary  # type: ignore[no-any-return]


def show(title: str, summary: dict) -> None:  # type: ignore[type-arg]
    print(f"{title}: {summary['games']} hanchan ({summary['walls']} walls) in {summary['seconds']} s "
          f"({summary['wall_clock']} s wall clock)")
    for p in summary["players"]:
        place, deal_in, win = p["average_place"], p["deal_in_rate"], p["win_rate"]
        print(f"  {p['player'][:24]:<24} games {p['games']:>4}  places {p['places']}  "
              f"average place {place['value']:.3f} [{place['low']:.3f}, {place['high']:.3f}]  "
              f"win {win['value']:.1%}  deal-in {deal_in['value']:.1%} [{deal_in['low']:.1%}, {deal_in['high']:.1%}]")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--walls", type=int, default=100, help="walls against three efficient under tenhou")
    parser.add_argument("--sanma", type=int, default=0, help="walls against two efficient under tenhou-sanma")
    parser.add_argument("--mjai", type=int, default=0, help="walls against three mjai RulebaseBot processes")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--speed-games", type=int, default=5)
    parser.add_argument("--speed-only", action="store_true")
    args = parser.parse_args()
    print(which_riichi())
    print(speed(args.speed_games))
    if args.speed_only:
        return 0
    if args.walls:
        show("expert against three efficient (tenhou)",
             match(args.walls, "tenhou", ["expert", "efficient", "efficient", "efficient"], [], args.seed))
    if args.sanma:
        show("expert against two efficient (tenhou-sanma)",
             match(args.sanma, "tenhou-sanma", ["expert", "efficient", "efficient"], [], args.seed))
    if args.mjai:
        seats = [f"{s}={RULEBASE}" for s in (1, 2, 3)]
        show("expert against three RulebaseBot (tenhou)",
             match(args.mjai, "tenhou", ["expert", "efficient", "efficient", "efficient"], seats, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
