"""Self-play speed: whole hanchan between random players, riichi beside riichienv and jansou.

    python -m benchmarks.selfplay                 # 20 s per engine
    python -m benchmarks.selfplay --seconds 60

Each engine plays four-player hanchan under Tenhou-like rules with its own random player (a uniform
choice among the legal actions, written in Python for every engine) for the time given; the table
shows hanchan per second, events per second and the time per event (each engine counts its own
events: riichi its applied events, riichienv its mjai log lines, jansou its event records). Time is
the process's CPU time, so that other work on a shared machine does not count against an engine.
The riichi line names its build (compiled with mypyc, or pure Python). An engine that is not
installed (the 'bench' extra has riichienv 0.4.11 and jansou 0.14.0) is skipped.
"""

from __future__ import annotations

from benchmarks import which_riichi

import argparse
import time
from collections.abc import Callable


def _riichi(seconds: float) -> tuple[int, int, float]:
    from riichi.game.engine import play_game  # noqa: PLC0415
    from riichi.game.players import RandomPlayer  # noqa: PLC0415
    from riichi.rules import TENHOU  # noqa: PLC0415

    games = events = 0
    counter = [0]

    def count(_: object) -> None:
        counter[0] += 1

    start = time.process_time()
    while time.process_time() - start < seconds:
        play_game([RandomPlayer(seed=games * 4 + s) for s in range(4)], TENHOU, seed=games, listener=count)
        games += 1
    events = counter[0]
    return games, events, time.process_time() - start


def _riichienv(seconds: float) -> tuple[int, int, float]:
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
    return games, events, time.process_time() - start


def _jansou(seconds: float) -> tuple[int, int, float]:
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
    return games, events, time.process_time() - start


def _riichi_name() -> str:
    from riichi.build import kind  # noqa: PLC0415

    return f"riichi ({kind()})"


ENGINES: dict[str, Callable[[float], tuple[int, int, float]]] = {
    _riichi_name(): _riichi, "riichienv 0.4.11": _riichienv, "jansou 0.14.0": _jansou}


def main() -> None:
    parser = argparse.ArgumentParser(description="self-play hanchan per second, riichi beside riichienv and jansou")
    parser.add_argument("--seconds", type=float, default=20.0, help="time per engine (default 20)")
    args = parser.parse_args()
    print(which_riichi())
    print(f"{'engine':<19} {'hanchan':>8} {'hanchan/s':>10} {'events/s':>10} {'µs/event':>9}")
    for name, run in ENGINES.items():
        try:
            games, events, elapsed = run(args.seconds)
        except ImportError as exc:
            print(f"{name:<19} not installed ({exc.name})")
            continue
        print(f"{name:<19} {games:>8} {games / elapsed:>10.2f} {events / elapsed:>10.0f} "
              f"{1e6 * elapsed / max(events, 1):>9.1f}")


if __name__ == "__main__":
    main()
