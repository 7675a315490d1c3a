"""Soak test: many self-play games under every preset, with the invariants checked after every event.

    python scripts/soak.py                      # 100,000 games, cycling through the presets
    python scripts/soak.py --games 2000 --seed 3 --presets tenhou,wrc
    python scripts/soak.py --games 10000 --expert    # the expert in every other seat

After every event: the scores plus the sticks on the table add up to the starting total, and (the
wall being known in self-play) the 136 tiles (108 in a three-player game) are all somewhere: hands,
melds, rivers, Norths set aside, wall. Three-player presets (tenhou-sanma, mahjongsoul-sanma) seat
three players. Every
choice is one of the legal actions offered. After every game: each win's score is the scorer's
result for the hand and context the engine built, each hand's deltas add up to the sticks it
collected. Players mix random and efficient choices. The first
failure stops the run and prints the seed that reproduces it. Prints games/s and events/s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter

from riichi import score
from riichi.game.engine import play_game
from riichi.game.expert import ExpertPlayer
from riichi.game.events import Event
from riichi.game.game import Game
from riichi.game.legal import Action
from riichi.game.players import EfficientPlayer, Player, RandomPlayer, SeatView
from riichi.rules import PRESETS
from riichi.tiles import Tile


class Legal:
    """Wraps a player: its choice must be one of the actions it was offered."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner

    def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action:
        choice = self.inner.choose(view, actions)
        if choice not in actions:
            raise AssertionError(f"seat {view.seat} chose {choice}, not among its legal actions")
        return choice


def _tiles_everywhere(game: Game, dealt: dict[Tile, int]) -> None:
    """The round's tiles (hands, melds, rivers, wall) are the wall's 136, counted (``dealt``)."""
    r = game.round
    if r is None or r.wall is None:
        return
    if not r.events:  # a new hand
        dealt.clear()
        dealt.update(Counter(r.wall.tiles))
    if dict(Counter(r.all_tiles())) != dealt:
        raise AssertionError(f"tiles not conserved after {r.events[-1] if r.events else 'the deal'}")


def soak_one(preset: str, seed: int, counts: Counter[str], *, expert: bool = False) -> None:
    rules = PRESETS[preset]
    total = rules.game.players * rules.game.starting_points
    rng = random.Random(seed)
    players: list[Player] = [Legal(RandomPlayer(rng.getrandbits(32)) if rng.random() < 0.5  # noqa: PLR2004
                                   else EfficientPlayer(rng.getrandbits(32))) for _ in range(rules.game.players)]
    if expert:  # the expert in two seats (one with three players), each choice checked legal like the others'
        for seat in range(0, rules.game.players, 2):
            players[seat] = Legal(ExpertPlayer())
    game = Game(rules)
    dealt: dict[Tile, int] = {}

    def check(event: Event) -> None:
        counts["events"] += 1
        _tiles_everywhere(game, dealt)
        scores, sticks = game.table()
        if sum(scores) + 1000 * sticks != total:
            raise AssertionError(f"points not conserved after {event}: {scores} + {sticks} sticks")

    play_game(players, rules, seed=seed, listener=check, game=game)
    for result in game.results:
        counts["hands"] += 1
        counts["wins"] += len(result.wins)
        for w in result.wins:
            if w.score != score(w.hand, w.context, rules):
                raise AssertionError(f"a win scored differently by score(): {w.hand} {w.context}")
        collected = 1000 * (result.riichi_sticks + len(result.riichi)) if result.wins else 0
        if sum(result.deltas) != collected:
            raise AssertionError(f"hand deltas {result.deltas} do not add up to the sticks collected")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--expert", action="store_true", help="seat the expert player in every other seat")
    parser.add_argument("--report", type=int, default=1000, help="print a progress line every N games")
    args = parser.parse_args()
    presets = args.presets.split(",")
    counts: Counter[str] = Counter()
    started = time.perf_counter()
    for i in range(args.games):
        preset = presets[i % len(presets)]
        seed = args.seed * 1_000_003 + i
        try:
            soak_one(preset, seed, counts, expert=args.expert)
        except Exception:  # noqa: BLE001 - any failure is reported with its seed
            traceback.print_exc()
            print(f"FAILED: game {i}, preset {preset}, seed {seed}", file=sys.stderr)
            return 1
        counts["games"] += 1
        if (i + 1) % args.report == 0:
            elapsed = time.perf_counter() - started
            print(f"{i + 1} games, {counts['hands']} hands, {counts['wins']} wins, "
                  f"{counts['games'] / elapsed:.1f} games/s, {counts['events'] / elapsed:.0f} events/s", flush=True)
    elapsed = time.perf_counter() - started
    print(f"done: {counts['games']} games, {counts['hands']} hands, {counts['wins']} wins, {counts['events']} events "
          f"in {elapsed:.1f} s ({counts['games'] / elapsed:.2f} games/s, {counts['events'] / elapsed:.0f} events/s); "
          "no invariant broken")
    return 0


if __name__ == "__main__":
    sys.exit(main())
