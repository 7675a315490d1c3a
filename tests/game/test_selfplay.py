"""Property tests over self-play games under every preset.

After every event: the 136 tiles (108 with three players) are all somewhere (hands, melds, rivers, Norths
set aside, the wall); the scores plus
the riichi sticks on the table add up to the starting total. Every action a player took was among
its legal actions and was accepted; at sampled positions every listed action is accepted by the
state and an unlisted discard is refused. Every win's score is the scorer's result for the hand and
context the engine built. The number of games is kept small for the suite's speed; scripts/soak.py
plays many more.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from riichi import score
from riichi.errors import IllegalActionError
from riichi.game.engine import play_game, with_ura
from riichi.game.events import Discard, Event, Riichi, RiichiAccepted, Win
from riichi.game.game import Game
from riichi.game.legal import Action, Pass
from riichi.game.players import EfficientPlayer, Player, RandomPlayer, SeatView
from riichi.game.round import Round
from riichi.game.wall import Wall
from riichi.rules import PRESETS
from riichi.yaku import Yaku

GAMES_PER_PRESET = 3


class Checked:
    """Wraps a player: checks that its choice is legal, and now and then that every legal action is
    accepted by a copy of the state and that a discard not listed is refused."""

    def __init__(self, inner: Player, rng: random.Random, checks: Counter[str]) -> None:
        self.inner = inner
        self.rng = rng
        self.checks = checks

    def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action:
        assert actions, "a player is asked only when it has a choice"
        choice = self.inner.choose(view, actions)
        assert choice in actions
        r: Round = view._round  # noqa: SLF001 - the test looks behind the view
        if self.rng.random() < 0.02:  # noqa: PLR2004
            for action in actions:
                if not isinstance(action, Pass):
                    assert r.wall is not None
                    position = r.copy()
                    if isinstance(action, Win):
                        action = with_ura(r, Wall(r.wall.tiles), action)
                    elif r.awaiting_acceptance is not None:  # a call on a riichi discard follows its acceptance
                        position.apply(RiichiAccepted(r.awaiting_acceptance))
                    position.apply(action)
                    self.checks["listed action accepted"] += 1
            if r.phase.value == "turn" and r.turn == view.seat:
                listed = {a.tile for a in actions if isinstance(a, Discard)}
                for tile in set(r.hands[view.seat]) - listed:
                    with pytest.raises(IllegalActionError):
                        r.copy().apply(Discard(view.seat, tile))
                    self.checks["unlisted discard refused"] += 1
        return choice


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_self_play_keeps_tiles_points_and_legality(preset: str) -> None:
    rules = PRESETS[preset]
    checks: Counter[str] = Counter()
    total = rules.game.players * rules.game.starting_points
    for g in range(GAMES_PER_PRESET):
        rng = random.Random(g)
        players = [Checked(EfficientPlayer() if seat % 2 else RandomPlayer(seed=g * 4 + seat), rng, checks)
                   for seat in range(rules.game.players)]
        game: Game | None = None

        def check(event: Event) -> None:
            assert game is not None
            r = game.round
            if r is not None and r.wall is not None:
                assert Counter(r.all_tiles()) == Counter(r.wall.tiles)
                checks["tiles conserved"] += 1
            scores, sticks = game.table()
            assert sum(scores) + 1000 * sticks == total, (event, scores, sticks)
            checks["points conserved"] += 1

        def listener(event: Event) -> None:
            check(event)

        game = Game(rules)
        final = play_game(players, rules, seed=g, listener=listener, game=game)
        assert final.is_over
        for result in final.results:
            for w in result.wins:
                assert w.score == score(w.hand, w.context, rules)
                checks["win rescored"] += 1
            assert sum(result.deltas) == 1000 * (result.riichi_sticks + len(result.riichi)) * bool(result.wins)
        left = final.table()[1]
        assert sum(final.final_scores) + (1000 * left if rules.game.leftover_sticks.value == "unclaimed" else 0) \
            == total
    assert checks["tiles conserved"] > 0 and checks["listed action accepted"] > 0


def test_the_efficient_player_declares_open_riichi_where_the_rules_play_it() -> None:
    # The full preset plays open riichi (a local yaku worth one han more than riichi, and a yakuman for
    # the winner when a player not in riichi deals into it): the efficient player, seeded, declares it
    # now and then, and every win of an open riichi scores it one way or the other.
    rules = PRESETS["full"]
    opened = wins = 0
    for g in range(3):
        events: list[Event] = []
        game = play_game([EfficientPlayer(seed=g * 4 + s) for s in range(4)], rules, seed=g, listener=events.append)
        opened += sum(1 for e in events if isinstance(e, Riichi) and e.open)
        for result in game.results:
            for w in result.wins:
                if w.context.open_riichi:
                    wins += 1
                    assert Yaku.OPEN_RIICHI in dict(w.score.yaku) or Yaku.OPEN_RIICHI in dict(w.score.yakuman)
    assert opened > 0 and wins > 0
    # Where the rules have no open riichi the player is never offered one (and its choices stay as before).
    events = []
    play_game([EfficientPlayer(seed=s) for s in range(4)], PRESETS["tenhou"], seed=0, listener=events.append)
    assert not any(isinstance(e, Riichi) and e.open for e in events)
