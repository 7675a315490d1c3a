"""A thousand self-play games spread over every preset, the issue's property tests at every event.

The three-player presets (tenhou-sanma, mahjongsoul-sanma) take their share like the others, with
three players seated: a thousand games over eleven presets, about 91 each (a three-player game takes
about half the time of a four-player one, so the suite's time does not grow).

After every event: the 136 tiles (108 in a three-player game) are all somewhere (hands, melds, rivers,
Norths set aside, the wall, as the wall dealt them), and the scores plus the riichi sticks on the table add up to the starting total. Every action a
player took was one of its legal actions (and the engine accepted it). Every win's score is the
scorer's result for the hand and context the engine built; every hand's deltas add up to the sticks it
paid out; the game ends, its final scores settled. Players mix random and efficient choices, seeded.
test_selfplay.py checks fewer games more deeply; scripts/soak.py plays many more.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from riichi import score
from riichi.game.engine import play_game
from riichi.game.events import Event
from riichi.game.game import Game
from riichi.game.legal import Action
from riichi.game.players import EfficientPlayer, Player, RandomPlayer, SeatView
from riichi.rules import PRESETS, LeftoverSticks
from riichi.tiles import Tile

GAMES = 1000
NAMES = sorted(PRESETS)


class Legal:
    """Wraps a player: its choice must be one of the actions it was offered."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.choices = 0

    def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action:
        choice = self.inner.choose(view, actions)
        assert choice in actions, (choice, actions)
        self.choices += 1
        return choice


def _players(seed: int, seats: int) -> list[Legal]:
    rng = random.Random(seed)
    return [Legal(RandomPlayer(rng.getrandbits(32)) if rng.random() < 0.5 else EfficientPlayer(rng.getrandbits(32)))  # noqa: PLR2004
            for _ in range(seats)]


@pytest.mark.parametrize("preset", NAMES)
def test_a_share_of_a_thousand_games(preset: str) -> None:
    rules = PRESETS[preset]
    total = rules.game.players * rules.game.starting_points
    seeds = range(NAMES.index(preset), GAMES, len(NAMES))
    events = wins = 0
    for seed in seeds:
        game = Game(rules)
        dealt: list[dict[Tile, int]] = []

        def check(event: Event, game: Game = game, dealt: list[dict[Tile, int]] = dealt) -> None:
            nonlocal events
            events += 1
            r = game.round
            if r is not None and r.wall is not None:
                if not r.events:  # a new hand: the wall it is dealt from
                    dealt[:] = [dict(Counter(r.wall.tiles))]
                tiles = dict(Counter(r.all_tiles()))  # compared as a dict: a Counter's == runs in Python
                assert tiles == dealt[0], f"tiles not conserved after {event} (seed {seed})"
            scores, sticks = game.table()
            assert sum(scores) + 1000 * sticks == total, (event, scores, sticks, seed)

        players = _players(seed, rules.game.players)
        play_game(players, rules, seed=seed, listener=check, game=game)
        assert game.is_over and sum(p.choices for p in players) > 0
        for result in game.results:
            for w in result.wins:
                assert w.score == score(w.hand, w.context, rules), seed
                wins += 1
            paid = 1000 * (result.riichi_sticks + len(result.riichi)) if result.wins else 0
            assert sum(result.deltas) == paid, seed
        left = game.table()[1]
        unclaimed = rules.game.leftover_sticks is LeftoverSticks.UNCLAIMED
        assert sum(game.final_scores) + (1000 * left if unclaimed else 0) == total, seed
    assert events > 100 * len(seeds) and wins > len(seeds)  # every game played some hands, most hands a win
