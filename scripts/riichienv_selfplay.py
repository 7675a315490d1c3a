"""Self-play games of riichienv 0.4.11 (the ``bench`` extra), written as riichienv writes them: its own
``mjai_log``, one JSON object a line. These are the riichienv records of ``tests/data/riichienv``.

    python scripts/riichienv_selfplay.py 4p-red-east 1206 > east-1206.jsonl
    python scripts/riichienv_selfplay.py 4p-red-single 171 > one-hand-171.jsonl

Four greedy seats, from ``random.Random(seed)``: win when the game offers it, then kyuushu kyuuhai,
then riichi; call (pon, chi, a kan) half the time; else discard a tile that leaves the fewest shanten
(riichienv's own ``calculate_shanten``), at random among ties. The game itself is riichienv's, dealt
from ``RiichiEnv(game_mode=MODE, seed=SEED)``.
"""

from __future__ import annotations

import json
import random
import sys

from riichienv import Action, ActionType, Observation, RiichiEnv, calculate_shanten


def choose(rng: random.Random, obs: Observation) -> Action:
    legal = obs.legal_actions()

    def of(*kinds: ActionType) -> list[Action]:
        return [a for a in legal if a.action_type in kinds]

    for first in (of(ActionType.Tsumo, ActionType.Ron), of(ActionType.KyushuKyuhai), of(ActionType.Riichi)):
        if first:
            return first[0]
    calls = of(ActionType.Pon, ActionType.Chi, ActionType.Daiminkan, ActionType.Ankan, ActionType.Kakan)
    if calls and rng.random() < 0.5:  # noqa: PLR2004
        return rng.choice(calls)
    discards = of(ActionType.Discard)
    if not discards:
        return rng.choice(of(ActionType.Pass) or legal)

    def shanten_after(action: Action) -> int:
        rest = list(obs.hand)
        if action.tile in rest:
            rest.remove(action.tile)
        return calculate_shanten(rest)

    best = min(shanten_after(a) for a in discards)
    return rng.choice([a for a in discards if shanten_after(a) == best])


def main() -> None:
    mode, seed = sys.argv[1], int(sys.argv[2])
    rng = random.Random(seed)
    env = RiichiEnv(game_mode=mode, seed=seed)
    observations = env.reset()
    while not env.done():
        observations = env.step({seat: choose(rng, observations[seat]) for seat in sorted(observations)})
    for event in env.mjai_log:
        sys.stdout.write(json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
