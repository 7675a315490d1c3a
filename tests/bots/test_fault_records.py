"""Bot faults in saved records: each refused answer where it happened (the event the table played next, the
answer, why it was refused), in the mjai record's ``faults`` field, which other mjai readers leave alone.

The bot is the mjai package's RulebaseBot (0.2.1, mjai.app's reference bot) made to do at every riichi what
it does now and then: declare riichi, then discard a tile that leaves its hand not tenpai
(tests/bots/mjai_bad_riichi.py). Whether that tile leaves the hand tenpai is checked with the mjai package's own
state and shanten (Mortal's libriichi), not with this library's.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from riichi.cli import main
from riichi.errors import FaultKind
from riichi.formats.mjai import read_mjai, write_mjai
from riichi.formats.record import RecordFault
from riichi.replay import replay_game
from riichi.replay.convert import write_record

mjai_state = pytest.importorskip("mjai.mlibriichi.state", reason="the mjai package comes with the test extra")
mjai_tools = pytest.importorskip("mjai.bot.tools")
riichienv = pytest.importorskip("riichienv", reason="riichienv comes with the bench extra")

BAD_RIICHI = f"mjai:{sys.executable} {Path(__file__).parent / 'mjai_bad_riichi.py'} {{seat}}"


def _shanten_without(tehai: list[int], pai: str) -> int:
    counts = list(tehai)
    counts[mjai_tools.convert_mjai_to_vec34([pai]).index(1)] -= 1
    return int(mjai_tools.calc_shanten(mjai_tools.convert_vec34_to_short(counts)))


def test_a_refused_riichi_discard_is_recorded_where_it_happened(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--games", "1", "--seed", "1", "--rules", "tenhou", "--json", "--save", str(tmp_path),
                 "--seat", f"1={BAD_RIICHI}"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["seats"][1]["fault_kinds"] == {"illegal": 1}  # seed 1: one riichi by seat 1
    path = tmp_path / "game-0000.mjson"
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    state = mjai_state.PlayerState(1)
    faulted = 0
    for i, line in enumerate(lines):
        if "faults" in line:
            faulted += 1
            # Where: on seat 1's discard right after its reach, the move the table played in its place.
            assert line["type"] == "dahai" and line["actor"] == 1 and lines[i - 1] == {"type": "reach", "actor": 1}
            (fault,) = line["faults"]
            answer = json.loads(fault["answer"])
            assert fault["actor"] == 1 and fault["kind"] == "illegal"
            assert answer["type"] == "dahai" and answer["pai"] != line["pai"]
            assert fault["reason"].startswith("discard 1 ") and \
                "the riichi discard must leave the hand tenpai" in fault["reason"]
            # libriichi's own view of seat 1's hand: the answered tile breaks tenpai, the played one keeps it.
            assert state.self_riichi_declared
            assert _shanten_without(state.tehai, answer["pai"]) > 0 == _shanten_without(state.tehai, line["pai"])
        if line["type"] not in ("start_game", "end_game", "end_kyoku"):  # the lines libriichi's state takes
            state.update(json.dumps(line))  # the faults field too: an mjai reader leaves it alone
    assert faulted == 1
    # This library reads the faults back, and the record still replays under every rule; riichienv's replay
    # (which reads the field-carrying lines as any) accepts every action.
    record = read_mjai(path.read_text(encoding="utf-8"))
    assert record.errors == ()
    ((hand, event),) = [(f.hand, f.event) for f in record.faults]
    assert str(record.hands[hand].events[event - 1]) == "riichi 1"
    assert all(o["matches_log"] is True for o in replay_game(record, file=path.name))
    assert write_mjai(record) == write_mjai(read_mjai(write_mjai(record)))
    assert read_mjai(write_record(record, "mjai")).faults == record.faults  # riichi replay --write mjai keeps them
    for kyoku in riichienv.MjaiReplay.from_jsonl(str(path)).take_kyokus():
        assert list(kyoku.steps())


def test_malformed_faults_are_named() -> None:
    hands = [["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p"],
             ["1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "5p", "6p", "7p", "8p"]] * 2
    game = ['{"type":"start_game","names":["a","b","c","d"]}',
            json.dumps({"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
                        "dora_marker": "1m", "scores": [25000] * 4, "tehais": hands})]
    for faults, message in [('"x"', "faults must be a list"), ('[{"actor":7,"kind":"late"}]', "faults[0].actor"),
                            ('[{"actor":1,"kind":"rude"}]', "faults[0].kind must be one of bad_json, illegal"),
                            ('[{"actor":1,"kind":"late","answer":3}]', "faults[0].answer must be text")]:
        record = read_mjai([*game, '{"type":"tsumo","actor":0,"pai":"9p","faults":' + faults + "}"])
        assert message in record.errors[0].message, record.errors
    placed = read_mjai([*game, '{"type":"tsumo","actor":0,"pai":"9p","faults":[{"actor":2,"kind":"late"}]}'])
    assert placed.faults == (RecordFault(0, 1, 2, FaultKind.LATE, "", ""),)
    on_end_kyoku = read_mjai([*game, '{"type":"end_kyoku","faults":[]}'])
    assert "faults on a end_kyoku line" in on_end_kyoku.errors[0].message
