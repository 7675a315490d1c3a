"""Self-play speed: whole hanchan between random players, riichi (four and three players) beside
riichienv and jansou.

    python -m benchmarks.selfplay                 # 20 s per engine
    python -m benchmarks.selfplay --seconds 60

Each engine plays four-player hanchan under Tenhou-like rules with its own random player (a uniform
choice among the legal actions, written in Python for every engine) for the time given; the table
shows hanchan per second, events per second and the time per event (each engine counts its own
events: riichi its applied events, riichienv its mjai log lines, jansou its event records). Time is
the process's CPU time, so that other work on a shared machine does not count against an engine.
riichi plays twice: four players under ``tenhou`` and three under ``tenhou-sanma`` (three random
players, Norths set aside when the random choice falls on it); its lines also give the hands played
and the time per hand, the measure that compares a three-player game (fewer tiles, fewer seats, Norths
set aside) with a four-player one.
The riichi line names its build (compiled with mypyc, or pure Python). An engine that is not
installed (the 'bench' extra has riichienv 0.4.11 and jansou 0.14.0) is skipped.
"""

from __future__ import annotations

from benchmarks import which_riichi

import argparse
import time
from collections.abc import Callable


#: What a run measured: games, hands (None where the engine does not say), events, CPU seconds.
Run = tuple[int, int | None, int, float]


def _riichi(seconds: float, preset: str = "tenhou") -> Run:
    from riichi.game.engine import play_game  # noqa: PLC0415
    from riichi.game.players import RandomPlayer  # noqa: PLC0415
    from riichi.rules import PRESETS  # noqa: PLC0415

    rules = PRESETS[preset]
    seats = rules.game.players
    games = hands = 0
    counter = [0]

    def count(_: object) -> None:
        counter[0] += 1

    start = time.process_time()
    while time.process_time() - start < seconds:
        game = play_game([RandomPlayer(seed=games * 4 + s) for s in range(seats)], rules, seed=games, listener=count)
        hands += len(game.results)
        games += 1
    return games, hands, counter[0], time.process_time() - start


def _riichi_sanma(seconds: float) -> Run:
    return _riichi(seconds, "tenhou-sanma")


def _riichienv(seconds: float) -> Run:
    import riichienv.game_mode as modes  # noqa: PLC0415
    from riichienv import RiichiEnv  # noqa: PLC0415
    from riichienv.agents import RandomAgent  # noqa: PLC0415

    agent = RandomAgent()
    games = events = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env = RiichiEnv(game_mode=modes.GameType.YON_HANCHAN, seed=games)
        obs = env.reset()
        while not env.done():
            obs = env.step({seat: agent.act(o) for seat, o in obs.items()})
        events += len(env.mjai_log)
        games += 1
    return games, None, events, time.process_time() - start


def _jansou(seconds: float) -> Run:
    from jansou.core.rules import preset  # noqa: PLC0415
    from jansou.game.agents import RandomAgent  # noqa: PLC0415
    from jansou.game.environment import Environment  # noqa: PLC0415

    rules = preset("tenhou")
    games = events = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env = Environment(rules, seed=games)
        env.run([RandomAgent(seed=games * 4 + s) for s in range(4)])
        events += sum(len(r) for r in env.records)
        games += 1
    return games, None, events, time.process_time() - start


def _riichi_name() -> str:
    from riichi.build import kind  # noqa: PLC0415

    return f"riichi ({kind()})"


ENGINES: dict[str, Callable[[float], Run]] = {
    _riichi_name(): _riichi, f"{_riichi_name()} 3p": _riichi_sanma, "riichienv 0.4.11": _riichienv,
    "jansou 0.14.0": _jansou}


def main() -> None:
    parser = argparse.ArgumentParser(description="self-play hanchan per second, riichi beside riichienv and jansou")
    parser.add_argument("--seconds", type=float, default=20.0, help="time per engine (default 20)")
    args = parser.parse_args()
    print(which_riichi())
    print(f"{'engine':<22} {'hanchan':>8} {'hanchan/s':>10} {'events/s':>10} {'µs/event':>9} {'hands':>7} "
          f"{'ms/hand':>8}")
    for name, run in ENGINES.items():
        try:
            games, hands, events, elapsed = run(args.seconds)
        except ImportError as exc:
            print(f"{name:<22} not installed ({exc.name})")
            continue
        per_hand = f"{1e3 * elapsed / hands:>8.2f}" if hands else f"{'-':>8}"
        print(f"{name:<22} {games:>8} {games / elapsed:>10.2f} {events / elapsed:>10.0f} "
              f"{1e6 * elapsed / max(events, 1):>9.1f} {hands if hands is not None else '-':>7} {per_hand}")


if __name__ == "__main__":
    main()
