"""Self-play games written as records: each game played by the engine's players from a seed is written in
every format (with the engine's own results), read back and replayed: the replay reproduces every hand
with matches_log true, the same values in every format, and the game's final scores."""

from __future__ import annotations

from pathlib import Path

import pytest

from riichi.formats.mjai import read_mjai
from riichi.formats.mjlog import read_mjlog
from riichi.formats.record import GameRecord, HandRecord, RecordRules, StatedHand
from riichi.formats.tenhou6 import read_tenhou6
from riichi.game.engine import play_game
from riichi.game.events import Deal, Event, GameEnd, GameStart
from riichi.game.players import EfficientPlayer, RandomPlayer
from riichi.replay import replay_game
from riichi.replay.convert import write_record
from riichi.rules import TENHOU, resolve_rules

READ = {"mjai": read_mjai, "tenhou6": read_tenhou6, "mjlog": read_mjlog}


def _record(events: list[Event]) -> GameRecord:
    hands: list[list[Event]] = []
    for e in events:
        if isinstance(e, Deal):
            hands.append([e])
        elif hands and not isinstance(e, GameStart | GameEnd):
            hands[-1].append(e)
    rules = RecordRules(red_fives=True, open_tanyao=True, hanchan=True)
    return GameRecord(rules, ("a", "b", "c", "d"), None,
                      tuple(HandRecord(i, tuple(h), StatedHand()) for i, h in enumerate(hands)), None)


@pytest.mark.parametrize("seed", range(6))
def test_a_played_game_replays_in_every_format(seed: int) -> None:
    events: list[Event] = []
    players = [EfficientPlayer(), RandomPlayer(seed), EfficientPlayer(), RandomPlayer(seed + 1)]
    game = play_game(players, TENHOU, seed=seed, listener=events.append)
    record = _record(events)
    direct = [o for o in replay_game(record, file="") if o["type"] == "kyoku"]
    assert len(direct) == len(game.results)
    assert all(o["matches_log"] is None for o in direct)  # no results stated: nothing compared
    for fmt, read in READ.items():
        out = list(replay_game(read(write_record(record, fmt)), file=""))
        kyoku = [o for o in out if o["type"] == "kyoku"]
        assert all(o["matches_log"] is True for o in kyoku), (fmt, [o["mismatches"] for o in kyoku])
        strip = ("log", "mismatches", "matches_log")
        assert [{k: v for k, v in o.items() if k not in strip} for o in kyoku] == [
            {k: v for k, v in o.items() if k not in strip} for o in direct], fmt
        assert out[-1]["type"] == "game_end" and out[-1]["final_scores"] == list(game.final_scores), fmt


@pytest.mark.parametrize("preset", ["wrc", "mleague"])
def test_a_saved_game_carries_its_rules(preset: str, tmp_path: Path) -> None:
    # riichi play --rules wrc --save: every format carries the rule set (mjai start_game's rule, tenhou.net/6's
    # rule object, mjlog's GO attribute riichi_rule), the reader takes it back, and the replay matches every
    # hand (WRC starts at 30,000: under Tenhou's rules every hand's start scores would differ). riichienv
    # 0.4.11's MjaiReplay reads the mjai record all the same.
    from riichi.cli import main  # noqa: PLC0415 - the command line as a user runs it

    rules = resolve_rules(preset)
    for fmt in READ:
        folder = tmp_path / fmt
        assert main(["play", "--games", "1", "--seed", "5", "--rules", preset, "--save", str(folder),
                     "--format", fmt, "--json"]) == 0
        [path] = sorted(folder.iterdir())
        record = READ[fmt](path.read_text(encoding="utf-8"))
        assert record.ruleset() == rules, fmt
        out = list(replay_game(record, file=""))
        assert all(o["matches_log"] is True for o in out if o["type"] == "kyoku"), fmt
        assert out[-1]["type"] == "game_end", fmt
        if fmt == "mjai":
            riichienv = pytest.importorskip("riichienv")
            assert all(list(k.steps()) for k in riichienv.MjaiReplay.from_jsonl(str(path)).take_kyokus())
