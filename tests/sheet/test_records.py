"""riichi.sheet.records: a game record replayed by the engine and written down as its sheet scores as the replay
does, in every format the replay reads (Tenhou mjlog and tenhou.net/6, mjai, Mahjong Soul, Riichi City)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riichi.errors import SheetError
from riichi.formats.detect import read_record
from riichi.replay import replay_game
from riichi.sheet import HandKind, score_sheet
from riichi.sheet.records import sheet_of_record

DATA = Path(__file__).resolve().parents[1] / "data"
LOGS = sorted((DATA / "games" / "logs").glob("*.xml")) + sorted((DATA / "sanma").glob("*/*.xml"))


def _truth() -> dict[str, dict]:
    out = {}
    for path in (DATA / "games" / "truth.jsonl", DATA / "sanma" / "truth-70.jsonl"):
        with path.open(encoding="utf-8") as f:
            for line in f:
                g = json.loads(line)
                out[g["game_id"]] = g
    return out


TRUTH = _truth()


def test_every_tenhou_record_becomes_a_sheet_that_scores_as_the_record() -> None:
    # One replay of each of the 182 Tenhou games in tests/data (175 four-player, 7 three-player): the sheet the
    # engine writes, scored, gives every hand's score changes and the final scores and points the record states.
    assert len(LOGS) == 182
    kinds: set[HandKind] = set()
    for path in LOGS:
        g = TRUTH[path.stem]
        sheet = sheet_of_record(read_record(path.read_bytes(), name=path.name))
        kinds |= {h.result for h in sheet.hands}
        result = score_sheet(sheet)
        assert [list(h.deltas) for h in result.hands] == [k["deltas"] for k in g["kyoku"]], path.name
        assert list(result.final_scores or ()) == g["final_scores"], path.name
        assert list(result.final_points or ()) == pytest.approx(g["owari_points"]), path.name
    assert kinds == {HandKind.RON, HandKind.TSUMO, HandKind.DRAW, HandKind.ABORTIVE}


@pytest.mark.parametrize("path", [
    DATA / "games" / "tenhou6" / "2019103023gm-00a9-0000-f90e0fe9.json",  # tenhou.net/6: double ron, pao, yao9
    DATA / "soul" / "250918-8eb02a7e-670e-4f11-bc3f-4ec2edf71dc2.json",  # Mahjong Soul's own record
    DATA / "soul" / "250913-638affa1-cee0-4aee-869b-69b9cb40c983.json",
    DATA / "riichienv" / "east-28.jsonl.gz",  # mjai
    DATA / "riichicity" / "cknnf9eai08auidimj2g.json",  # Riichi City, read by the replay since it was added
], ids=lambda p: p.name)
def test_other_formats_give_the_replays_numbers(path: Path) -> None:
    data = path.read_bytes()
    replayed = list(replay_game(read_record(data, name=path.name, strict=False), file=path.name))
    hands = [o for o in replayed if o["type"] == "kyoku"]
    end = replayed[-1]
    assert end["type"] == "game_end"
    result = score_sheet(sheet_of_record(read_record(data, name=path.name, strict=False)))
    assert [list(h.deltas) for h in result.hands] == [k["deltas"] for k in hands]
    assert [list(h.scores_end) for h in result.hands] == [k["scores_end"] for k in hands]
    assert list(result.final_scores or ()) == end["final_scores"]
    assert list(result.final_points or ()) == end["final_points"]
    if end.get("log"):  # the record's own final points, where it states them
        assert end["matches_log"] is True


def test_a_record_that_starts_after_the_first_hand_is_refused() -> None:
    # tenhou.net/6 written from the game's third hand on: an excerpt, which a sheet (always from East 1) cannot be.
    path = DATA / "games" / "tenhou6" / "2019103023gm-00a9-0000-f90e0fe9.json"
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["log"] = obj["log"][2:]
    with pytest.raises(SheetError, match="a sheet starts from the first deal"):
        sheet_of_record(read_record(json.dumps(obj).encode(), name=path.name, strict=False))


def test_a_truncated_record_is_refused_with_the_replays_reason() -> None:
    path = DATA / "games" / "tenhou6" / "2019103023gm-00a9-0000-f90e0fe9.json"
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["log"] = obj["log"][:3]
    with pytest.raises(SheetError, match="truncated"):
        sheet_of_record(read_record(json.dumps(obj).encode(), name=path.name, strict=False))


def test_a_hand_the_replay_refuses_is_named_once() -> None:
    # The Riichi City record with its seventh hand's SHA-256 damaged (last digit changed): the sheet said
    # "hand 6: the record cannot be replayed (desync): hand 7: ...", the same hand counted from 0 and then from
    # 1. The message now names it as the replay does (from 1) and the error's hand field counts from 0.
    path = DATA / "riichicity" / "cknnf9eai08auidimj2g.json"
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["handRecord"][6]["handCardsSHA256"] = obj["handRecord"][6]["handCardsSHA256"][:-1] + "0"
    with pytest.raises(SheetError) as caught:
        sheet_of_record(read_record(json.dumps(obj).encode(), strict=False))
    assert str(caught.value).startswith("the record cannot be replayed (desync): hand 7: the wall's SHA-256 is ")
    assert caught.value.hand == 6
