"""The stepping driver (:class:`riichi.game.engine.Table`).

The games in ``tests/data/games/driver/`` were written by ``play_game`` as it was before the driver
could be stepped (commit 3c05c87, the callback loop), one event a line in the events' own notation; the
table, asked by the same players, must play them again event for event. Stepping by hand with the same
actions must give the same game, and an action not listed is refused without changing the table.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from riichi.errors import IllegalActionError
from riichi.game.engine import Table, play_game
from riichi.game.events import Discard, Event
from riichi.game.legal import Pass
from riichi.game.players import EfficientPlayer, Player, RandomPlayer, TsumogiriPlayer
from riichi.rules import PRESETS
from riichi.tiles import Tile

DATA = Path(__file__).parent.parent / "data" / "games" / "driver"


def _players(kind: str, seed: int) -> list[Player]:
    # The players the reference games were played with (see tests/data/README.md).
    if kind == "random":
        return [RandomPlayer(seed=seed * 4 + s) for s in range(4)]
    if kind == "efficient":
        return [EfficientPlayer(seed=seed * 4 + s) for s in range(4)]
    return [EfficientPlayer(seed=seed), RandomPlayer(seed=seed + 1), TsumogiriPlayer(),
            EfficientPlayer(seed=seed + 3, open_riichi=1.0)]


@pytest.mark.parametrize("path", sorted(DATA.glob("*.txt")), ids=lambda p: p.stem)
def test_play_game_replays_the_callback_driver_event_for_event(path: Path) -> None:
    preset, seed_text, kind = path.stem.split("-")
    seed = int(seed_text.removeprefix("seed"))
    events: list[Event] = []
    play_game(_players(kind, seed), PRESETS[preset], seed=seed, listener=events.append)
    assert [str(e) for e in events] == path.read_text(encoding="utf-8").splitlines()


def test_same_seed_and_actions_give_the_same_game() -> None:
    # Step one table with random players' choices, then a second one with the recorded choices.
    rules = PRESETS["tenhou"]
    first: list[Event] = []
    table = Table(rules, seed=11, listener=first.append)
    players = [RandomPlayer(seed=s) for s in range(4)]
    chosen = []
    while (d := table.decision) is not None:
        action = players[d.seat].choose(d.view, d.actions)
        chosen.append(action)
        table.step(action)
    second: list[Event] = []
    again = Table(rules, seed=11, listener=second.append)
    for action in chosen:
        assert again.decision is not None
        again.step(action)
    assert again.decision is None and again.is_over
    assert second == first
    assert again.game.final_scores == table.game.final_scores


def test_an_unlisted_action_is_refused_and_changes_nothing() -> None:
    events: list[Event] = []
    table = Table(PRESETS["tenhou"], seed=3, listener=events.append)
    d = table.decision
    assert d is not None
    before = len(events)
    held = set(d.view.hand)
    missing = next(a for a in (Discard(d.seat, t) for t in Tile) if a.tile not in held)
    with pytest.raises(IllegalActionError):
        table.step(missing)
    with pytest.raises(IllegalActionError):
        table.step(Pass(d.seat))  # no passing on one's own turn
    assert table.decision is d and len(events) == before


def test_the_default_is_a_pass_or_the_drawn_tile() -> None:
    table = Table(PRESETS["tenhou"], seed=5)
    seen_turn = seen_call = False
    while (d := table.decision) is not None and not (seen_turn and seen_call):
        default = d.default
        assert default in d.actions
        if any(isinstance(a, Pass) for a in d.actions):
            assert isinstance(default, Pass)
            seen_call = True
        else:
            assert isinstance(default, Discard)
            assert default.tsumogiri == any(isinstance(a, Discard) and a.tsumogiri for a in d.actions)
            seen_turn = True
        table.step(default)
    assert seen_turn and seen_call
