"""Bots at a riichi table through mjai (:mod:`riichi.bots.process`), checked against a client no one here
wrote: the mjai package (0.2.1, mjai.app's simulator package) and its RulebaseBot, which keeps its state
with Mortal's libriichi and refuses an event stream that breaks the protocol (tests/bots/mjai_rulebase.py
turns that refusal into the process's end, so it would show as a fault).

Games are east-only (a few hands each) to keep the suite fast; ``riichi play --seat`` plays hanchan.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from riichi.bots.process import MjaiProcessPlayer
from riichi.bots.protocol import BotFault, FaultKind, seat_message, seat_text
from riichi.cli import main
from riichi.cli.play import game_record
from riichi.formats.mjai import read_mjai
from riichi.game.engine import play_game
from riichi.game.events import Deal, Draw, Event
from riichi.game.game import Game
from riichi.game.players import EfficientPlayer, Player
from riichi.replay import replay_game
from riichi.replay.convert import write_record
from riichi.rules import resolve_rules

pytest.importorskip("mjai", reason="the mjai package comes with the test extra")
riichienv = pytest.importorskip("riichienv", reason="riichienv comes with the bench extra")

HERE = Path(__file__).parent
RULEBASE = [sys.executable, str(HERE / "mjai_rulebase.py"), "{seat}"]
EAST_ONLY = resolve_rules("tenhou", length="east_only")


def _check_invariants(game: Game) -> None:
    """After every event: the hand's 136 tiles are all somewhere (hands, melds, rivers, the wall), and the
    scores plus the riichi sticks on the table add up to the starting total."""
    r = game.round
    if r is not None and r.wall is not None:
        assert Counter(r.all_tiles()) == Counter(r.wall.tiles)
    scores, sticks = game.table()
    assert sum(scores) + 1000 * sticks == 4 * EAST_ONLY.game.starting_points


def test_the_mjai_packages_bot_plays_ten_games_at_two_seats_without_a_fault(tmp_path: Path) -> None:
    bots = [MjaiProcessPlayer(RULEBASE, seat, timeout=10.0) for seat in (1, 3)]
    try:
        for g in range(10):
            events: list[Event] = []
            game = Game(EAST_ONLY)

            def listen(event: Event, events: list[Event] = events, game: Game = game) -> None:
                events.append(event)
                _check_invariants(game)
                for bot in bots:
                    bot.observe(event)

            players: list[Player] = [EfficientPlayer(seed=g), bots[0], EfficientPlayer(seed=g + 1), bots[1]]
            play_game(players, EAST_ONLY, seed=g, names=("e0", "rulebase1", "e2", "rulebase3"),
                      listener=listen, game=game)
            assert game.is_over
            path = tmp_path / f"game-{g}.mjson"
            path.write_text(write_record(game_record(game, events), "mjai", EAST_ONLY), encoding="utf-8")
    finally:
        for bot in bots:
            bot.close()
    assert [f for bot in bots for f in bot.faults] == []
    for path in sorted(tmp_path.glob("*.mjson")):
        # The engine replays the saved record with every rule checked, and finds the same results.
        record = read_mjai(path.read_text(encoding="utf-8"))
        assert record.errors == ()
        out = list(replay_game(record, file=path.name, rules=EAST_ONLY))
        assert [o["type"] for o in out][-1] == "game_end"
        assert all(o["matches_log"] is True for o in out), path.name
        # riichienv's replay (its own Rust engine) accepts every action of the record.
        for kyoku in riichienv.MjaiReplay.from_jsonl(str(path)).take_kyokus():
            assert list(kyoku.steps())


def _bot(mode: str) -> str:
    return f"mjai:{sys.executable} {HERE / 'misbehaving.py'} {mode} {{seat}}"


def test_misbehaving_bots_are_faults_and_the_games_finish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # One hanchan with a bot that sends garbage, one that is too slow once, one that exits early; then one
    # with a bot that only answers illegal actions. Each of their moves that could not be played was played
    # as the safe default, and counted.
    assert main(["play", "--games", "1", "--seed", "3", "--json", "--bot-timeout", "0.3", "--save", str(tmp_path),
                 "--seat", f"1={_bot('garbage')}", "--seat", f"2={_bot('slow')}", "--seat", f"3={_bot('exits')}"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 1 and summary["hands"] >= 8  # a whole hanchan was played
    seats = summary["seats"]
    assert seats[0]["fault_kinds"] == {} and summary["faults"][0] == 0
    assert set(seats[1]["fault_kinds"]) == {"bad_json"} and summary["faults"][1] >= 50  # every move
    assert seats[2]["fault_kinds"] == {"late": summary["faults"][2]}
    assert 1 <= summary["faults"][2] <= 4  # a one-second sleep spans at most four 0.3 s waits
    assert set(seats[3]["fault_kinds"]) == {"exited"} and summary["faults"][3] >= 50
    # The saved record notes each seat's faults after its name.
    start = json.loads((tmp_path / "game-0000.mjson").read_text(encoding="utf-8").splitlines()[0])
    assert start["names"][0] == "efficient"
    assert start["names"][1].endswith(f"[faults: {summary['faults'][1]} bad_json]")
    assert start["names"][3].endswith(f"[faults: {summary['faults'][3]} exited]")
    assert main(["play", "--games", "1", "--seed", "4", "--json", "--rules", "tenhou",
                 "--seat", f"0={_bot('illegal')}"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["seats"][0]["fault_kinds"] == {"illegal": summary["faults"][0]} and summary["faults"][0] >= 50


def test_each_seat_is_sent_only_what_it_may_see() -> None:
    # The table writes an event's text once for the seats that see it alike; every seat, asked in any order,
    # still gets its own message: the others' starting hands and draws as '?' (as mjai.app sends them).
    events: list[Event] = []
    play_game([EfficientPlayer(seed=s) for s in range(4)], EAST_ONLY, seed=2, listener=events.append)
    for event in events:
        for seat in (2, 0, 3, 1, 2):
            sent = json.loads(seat_text(event, seat))
            assert sent == seat_message(event, seat)
            if isinstance(event, Draw):
                assert (sent["pai"] == "?") is (event.seat != seat)
            if isinstance(event, Deal):
                assert [set(hand) == {"?"} for hand in sent["tehais"]] == [s != seat for s in range(4)]


def test_a_bot_that_stops_reading_does_not_stop_the_table() -> None:
    # A process that never reads its input ("sleep"): once the pipe is full, a line cannot be written. The
    # write gives up at the deadline (a late fault) and the process is ended, instead of blocking forever.
    bot = MjaiProcessPlayer(["sleep", "30"], 0, timeout=0.5)
    bot._start()  # noqa: SLF001 - the process alone, without a game
    started = time.monotonic()
    with pytest.raises(BotFault) as fault:
        bot._exchange([json.dumps({"type": "none", "padding": "x" * 1_000_000})], 0.5)  # noqa: SLF001
    assert fault.value.kind is FaultKind.LATE
    assert time.monotonic() - started < 5  # noqa: PLR2004
    assert bot._proc is None  # noqa: SLF001 - ended
    bot.close()
