"""Self-play records checked by an independent engine: riichienv 0.4.11 (written in Rust, sharing no code
with riichi) replays the mjai records ``riichi play --save`` writes.

- Its replay steps its own game through every action of the record and stops with "Replay desync" on
  an action its engine refuses (a tampered discard below shows it), so every action riichi's players
  took is legal for it too.
- Every win's yaku (by their Tenhou ids), han and fu equal riichienv's own scoring of the same hand,
  melds, winning tile, dora and ura indicators and situation. One exception: its replay marks every
  ron as houtei and every tsumo as haitei (seen on these records: a ron on the third turn came back
  with houtei), so those two facts are taken from the record.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riichi.cli import main
from riichi.yaku import Yaku

riichienv = pytest.importorskip("riichienv", reason="riichienv comes with the bench extra: pip install '.[bench]'")


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("selfplay")
    assert main(["play", "--games", "4", "--seed", "7", "--rules", "tenhou", "--save", str(folder),
                 "--format", "mjai", "--json"]) == 0
    return sorted(folder.glob("*.mjson"))


def _horas(path: Path) -> list[dict]:
    events = [json.loads(line) for line in path.read_text(encoding="utf8").splitlines()]
    return [e for e in events if e["type"] == "hora"]


def test_every_action_is_legal_and_every_win_scored_alike(records: list[Path]) -> None:
    wins = 0
    for path in records:
        horas = iter(_horas(path))
        replay = riichienv.MjaiReplay.from_jsonl(str(path))
        for kyoku in replay.take_kyokus():
            assert list(kyoku.steps())  # raises on an action riichienv's own engine refuses
            for context in kyoku.take_win_result_contexts():
                hora = next(horas)
                names = {name for name, _ in hora["yakus"]}
                conditions = context.conditions
                conditions.haitei = "haitei" in names
                conditions.houtei = "houtei" in names
                theirs = context.calculate(context.create_calculator(), conditions)
                ours = sorted(Yaku.parse(name).tenhou_ids[0] for name in names)
                assert sorted(y.tenhou_id for y in theirs.yaku_list()) == ours, (path.name, hora)
                if not theirs.yakuman:
                    assert (theirs.han, theirs.fu) == (hora["fan"], hora["fu"]), (path.name, hora)
                wins += 1
        assert next(horas, None) is None  # riichienv found every win of the record
    assert wins >= 20  # four efficient-player hanchan win about 25 hands


def test_a_discard_of_a_tile_not_held_is_refused(records: list[Path], tmp_path: Path) -> None:
    lines = records[0].read_text(encoding="utf8").splitlines()
    held = set(json.loads(lines[1])["tehais"][0])
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event["type"] == "tsumo" and event["actor"] == 0:
            held.add(event["pai"])
        if event["type"] == "dahai" and event["actor"] == 0:
            event["pai"] = next(t for t in ("9s", "9p", "9m", "N") if t not in held and t != event["pai"])
            lines[i] = json.dumps(event)
            break
    tampered = tmp_path / "tampered.mjson"
    tampered.write_text("\n".join(lines) + "\n", encoding="utf8")
    kyoku = next(iter(riichienv.MjaiReplay.from_jsonl(str(tampered)).take_kyokus()))
    with pytest.raises(ValueError, match="desync"):
        list(kyoku.steps())
