"""Environment speed: decisions per second with random legal actions, riichi's environments beside
riichienv's.

    python -m benchmarks.env                   # 20 s each
    python -m benchmarks.env --seconds 60

- riichi AEC: ``riichi.rl.aec_env("tenhou")``, every seat an agent; each decision the agent's observation
  is encoded (``env.last()``) and a random index among its mask's is played.
- riichi vector: ``riichi.rl.vector_env(8, opponents=["random"] * 3)``, eight tables stepped in one
  process; each step encodes the learning seat's observation on every table and plays a random masked
  index; the other seats are built-in random players. Its line counts the learning seats' decisions and,
  in brackets, every decision at the tables.
- riichienv 0.4.11: ``RiichiEnv`` (four-player hanchan); at each step every seat asked encodes its
  observation (``Observation.encode`` and ``mask``, as a learner would read them) and plays a random legal
  action.

Games are Tenhou-like hanchan throughout. Time is the process's CPU time. After the table, each riichi
line's rate over riichienv's (the vector line's also at its tables). The target is riichienv's rate or
more, met by the compiled build (``pip install .``; docs/performance.md has the numbers), not by the
pure one.

Every environment draws its random action with Python's ``random.Random.choice`` over a list, riichi's over
the mask's indices (``np.flatnonzero(mask).tolist()``), riichienv's over its legal actions: the same draw
on both sides (NumPy's ``Generator.choice`` alone takes about 19 µs a draw, as long as a whole decision of
riichienv's, and would time the benchmark's sampler rather than the environments).
"""

from __future__ import annotations

from benchmarks import which_riichi

import argparse
import random
import time
from collections.abc import Callable

#: What a run measured: decisions, decisions at the whole table (None where the same), games, CPU seconds.
Run = tuple[int, int | None, int, float]


def _aec(seconds: float) -> Run:
    import numpy as np  # noqa: PLC0415

    import riichi.rl  # noqa: PLC0415

    env = riichi.rl.aec_env("tenhou")
    rng = random.Random(0)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=games)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            decisions += 1
        games += 1
    return decisions, None, games, time.process_time() - start


def _vector(seconds: float) -> Run:
    import numpy as np  # noqa: PLC0415

    import riichi.rl  # noqa: PLC0415

    envs = riichi.rl.vector_env(8, rules="tenhou", opponents=["random"] * 3)
    rng = random.Random(0)
    obs, _ = envs.reset(seed=0)
    decisions = games = 0
    tables = [env.unwrapped for env in envs.envs]
    played_before = [0] * len(tables)
    table_decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        masks = obs["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m).tolist()) if m.any() else 0 for m in masks])
        obs, _rewards, terminated, _truncated, _ = envs.step(actions)
        decisions += int(sum(1 for m in masks if m.any()))
        games += int(terminated.sum())
        for i, env in enumerate(tables):
            count = env.decisions
            table_decisions += max(0, count - played_before[i])
            played_before[i] = count
    envs.close()
    return decisions, table_decisions, games, time.process_time() - start


def _riichienv(seconds: float) -> Run:
    import numpy as np  # noqa: PLC0415
    import riichienv.game_mode as modes  # noqa: PLC0415
    from riichienv import RiichiEnv  # noqa: PLC0415

    rng = random.Random(0)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env = RiichiEnv(game_mode=modes.GameType.YON_HANCHAN, seed=games)
        obs = env.reset()
        while not env.done():
            actions = {}
            for seat, o in obs.items():
                np.frombuffer(o.encode(), dtype=np.float32)
                np.frombuffer(o.mask(), dtype=np.uint8)
                actions[seat] = rng.choice(o.legal_actions())
                decisions += 1
            obs = env.step(actions)
        games += 1
    return decisions, None, games, time.process_time() - start


#: The peer each riichi line is compared with (the ratios printed after the table).
PEER = "riichienv 0.4.11"
ENGINES: dict[str, Callable[[float], Run]] = {"riichi AEC": _aec, "riichi vector (8)": _vector, PEER: _riichienv}


def main() -> None:
    parser = argparse.ArgumentParser(description="environment decisions per second, riichi beside riichienv")
    parser.add_argument("--seconds", type=float, default=20.0, help="time per environment (default 20)")
    args = parser.parse_args()
    print(which_riichi())
    print(f"{'environment':<20} {'decisions/s':>12} {'(table)':>10} {'games':>6} {'µs/decision':>12}")
    rates: dict[str, tuple[float, float | None]] = {}
    for name, run in ENGINES.items():
        try:
            decisions, table, games, elapsed = run(args.seconds)
        except ImportError as exc:
            print(f"{name:<20} not installed ({exc.name})")
            continue
        rates[name] = (decisions / elapsed, table / elapsed if table is not None else None)
        whole = f"({table / elapsed:.0f})" if table is not None else ""
        print(f"{name:<20} {decisions / elapsed:>12.0f} {whole:>10} {games:>6} {1e6 * elapsed / max(decisions, 1):>12.1f}")
    peer = rates.get(PEER)
    if peer is not None:
        for name, (rate, table_rate) in rates.items():
            if name != PEER:
                at_tables = f" ({table_rate / peer[0]:.2f}x at the tables)" if table_rate is not None else ""
                print(f"{name} / {PEER}: {rate / peer[0]:.2f}x{at_tables}")


if __name__ == "__main__":
    main()
