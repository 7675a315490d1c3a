"""The engine on 175 real Tenhou games (tests/data/games): each record's actions applied to a Game,
every consequence computed by the engine and compared with what Tenhou's server wrote: each hand's
start scores, honba, sticks, dora indicators, riichi seats, draw type, tenpai and nagashi seats, each
win's winner, han, fu (below yakuman), points, sticks collected, pao, the hand's deltas,
whether the game ends there, and the final scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riichi.formats.mjlog import read_mjlog
from riichi.game.events import GameEnd
from riichi.game.game import Game
from riichi.rules import TENHOU, GameLength

GAMES = Path(__file__).parent.parent / "data" / "games"
TRUTH = [json.loads(line) for line in (GAMES / "truth.jsonl").read_text(encoding="utf8").splitlines()]


@pytest.mark.parametrize("truth", TRUTH, ids=[t["game_id"] for t in TRUTH])
def test_the_engine_reproduces_every_hand(truth: dict) -> None:  # type: ignore[type-arg]
    record = read_mjlog((GAMES / truth["file"]).read_text(encoding="utf8"), log_id=truth["log_id"])
    rules = TENHOU
    if truth["rules"]["length"] != "hanchan":
        rules = rules.replace(length=GameLength.EAST_ONLY)
    if not truth["rules"]["aka"]:
        rules = rules.replace(aka=0)
    if not truth["rules"]["kuitan"]:
        rules = rules.replace(kuitan=False)
    game = Game(rules)
    assert len(record.hands) == len(truth["kyoku"])
    for hand, expected in zip(record.hands, truth["kyoku"], strict=True):
        for event in hand.events:
            game.apply(event)  # type: ignore[arg-type]
        result = game.hand_result
        assert result is not None
        where = f"hand {expected['index']}"
        assert (str(result.round_wind), result.round_number, result.dealer) == (
            expected["round_wind"], expected["round_number"], expected["dealer"]), where
        assert (result.honba, result.riichi_sticks) == (expected["honba"], expected["riichi_sticks"]), where
        assert list(result.scores_start) == expected["scores_start"], where
        assert [str(t) for t in result.dora_indicators] == expected["dora_indicators"], where
        assert list(result.riichi) == expected["riichi"], where
        assert result.outcome.value == expected["outcome"], where
        # (The record's honba on a second ron is the table's count, not what that winner collects: not compared.)
        wins = [(w.winner, w.from_seat, w.score.points, w.riichi_sticks, w.pao, list(w.deltas)) for w in result.wins]
        assert wins == [(w["winner"], w["from"], w["points"], w["riichi_sticks"], w["pao"], w["deltas"])
                        for w in expected["wins"]], where
        for mine, theirs in zip(result.wins, expected["wins"], strict=True):
            if not theirs["yakuman"]:
                assert (mine.score.han, mine.score.fu) == (theirs["han"], theirs["fu"]), where
        if expected["draw"] is not None:
            draw = expected["draw"]
            assert result.draw is not None and result.draw.value == draw["type"], where
            assert (None if result.tenpai is None else list(result.tenpai)) == draw["tenpai"], where
            assert (None if result.nagashi is None else list(result.nagashi)) == draw["nagashi"], where
        assert list(result.deltas) == expected["deltas"], where
        assert list(result.scores_end) == expected["scores_end"], where
        assert result.game_over is (expected is truth["kyoku"][-1]), where
    game.apply(GameEnd())
    assert list(game.final_scores) == truth["final_scores"]
