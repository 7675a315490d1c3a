"""Mahjong Soul's own records: the two real ranked games in tests/data/soul replayed as the server scored them.

What the server recorded (tests/data/README.md, from each record's ``head.result`` and its hands): game
250913 ends 19,700 / 22,000 / 34,400 / 23,900 with final points -20.3 / -8.0 / +24.4 / +3.9 (9 hands:
3 exhaustive draws, 5 rons, 1 tsumo); game 250918 ends 10,100 / 43,400 / 20,900 / 25,600 with
-29.9 / +33.4 / -9.1 / +5.6 (11 hands: 8 rons, 2 tsumo, nine terminals by seat 0 in S2).
"""

from __future__ import annotations

import base64
import json
import time
from pathlib import Path

import pytest

from riichi.formats.detect import detect_format, read_record
from riichi.formats.record import ErrorCode, GameRecord
from riichi.formats.soul import read_soul
from riichi.formats.soul_proto import _CLASSES, decode_records
from riichi.replay.convert import write_record
from riichi.replay.run import replay_game
from riichi.rules import MAHJONGSOUL

DATA = Path(__file__).resolve().parents[1] / "data" / "soul"
GAME_A = DATA / "250913-638affa1-cee0-4aee-869b-69b9cb40c983.json"  # data as base64, no decoded records
GAME_B = DATA / "250918-8eb02a7e-670e-4f11-bc3f-4ec2edf71dc2.json"  # as the client saved it
SERVER = {
    GAME_A: ((19700, 22000, 34400, 23900), (-20.3, -8.0, 24.4, 3.9), 9),
    GAME_B: ((10100, 43400, 20900, 25600), (-29.9, 33.4, -9.1, 5.6), 11),
}


def _replay(record: GameRecord) -> list[dict[str, object]]:
    return list(replay_game(record, file="game"))


def _bytes(path: Path) -> bytes:
    obj = json.loads(path.read_text(encoding="utf-8"))
    data = obj["data"]
    return base64.b64decode(data) if isinstance(data, str) else bytes(data["data"])


@pytest.mark.parametrize("path", [GAME_A, GAME_B], ids=["250913", "250918"])
def test_every_hand_and_the_final_points_match_the_server(path: Path) -> None:
    raw = path.read_bytes()
    assert detect_format(raw) == "soul"
    record = read_record(raw, name=path.name)
    assert not record.errors
    assert record.rules.room == "Jade Room, South" and record.rules.hanchan is True
    assert record.ruleset().name == "mahjongsoul"
    out = _replay(record)
    kyoku = [o for o in out if o["type"] == "kyoku"]
    scores, points, hands = SERVER[path]
    assert len(kyoku) == hands
    for k in kyoku:
        assert k["matches_log"] is True, (k["kyoku"], k["mismatches"])
        assert k["deltas"] == k["log"]["deltas"]  # type: ignore[index]
    end = out[-1]
    assert end["type"] == "game_end" and end["matches_log"] is True
    assert end["final_scores"] == list(scores) and end["final_points"] == list(points)


def test_the_players_names_come_from_the_head() -> None:
    record = read_soul(GAME_B.read_bytes())
    assert record.names == ("Benoit", "空ーsora", "dg1", "闵行七小对")


def test_the_events_of_the_bytes_are_those_the_client_decoded() -> None:
    # The client's saved record carries its events twice: the server's bytes and the same events decoded to
    # JSON (records). The protobuf reader gives every event and every value the client gives.
    saved = json.loads(GAME_B.read_text(encoding="utf-8"))
    version, events = decode_records(bytes(saved["data"]["data"]))
    assert version == 210715 and len(events) == len(saved["records"]) == 786
    for (name, fields), decoded in zip(events, saved["records"], strict=True):
        assert name == decoded["__type"]
        for key, value in fields.items():
            if key in decoded and not isinstance(value, dict | list) or isinstance(value, list) and value and \
                    not isinstance(value[0], dict):
                assert decoded.get(key) == value, (name, key)


def test_every_layout_reads_as_the_same_game() -> None:
    # The bytes as a Buffer, as base64 text, as a bare list, alone (the server's bytes), the decoded records
    # without bytes, and the older layout (the events in GameDetailRecords field 1, records) give one game.
    saved = json.loads(GAME_B.read_text(encoding="utf-8"))
    data = bytes(saved["data"]["data"])
    base = read_soul(GAME_B.read_bytes())
    _, events = decode_records(data)
    wrapper, details = _CLASSES["Wrapper"], _CLASSES["GameDetailRecords"]
    outer = wrapper()
    outer.ParseFromString(data)
    inner = details()
    inner.ParseFromString(outer.data)
    older = details(version=inner.version, records=[a.result for a in inner.actions if a.type == 1])
    older_bytes = wrapper(name=".lq.GameDetailRecords", data=older.SerializeToString()).SerializeToString()
    assert len(decode_records(older_bytes)[1]) == len(events)
    head = saved["head"]
    layouts = [
        {"head": head, "data": base64.b64encode(data).decode()},
        {"head": head, "data": list(data)},
        {"head": head, "records": saved["records"]},
        {"head": head, "data": list(older_bytes)},
    ]
    for layout in layouts:
        record = read_soul(json.dumps(layout, ensure_ascii=False).encode())
        assert record.hands == base.hands and record.end == base.end and record.names == base.names
    alone = read_soul(data)
    assert detect_format(data) == "soul"
    assert alone.hands == base.hands and alone.names == ("", "", "", "")


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
@pytest.mark.parametrize("path", [GAME_A, GAME_B], ids=["250913", "250918"])
def test_a_conversion_replays_the_same(path: Path, fmt: str) -> None:
    record = read_soul(path.read_bytes())
    original = _replay(record)
    text = write_record(record, fmt)
    again = read_record(text.encode("utf-8"), fmt)
    assert not again.errors
    assert again.ruleset().name == "mahjongsoul"
    converted = _replay(again)
    assert [{k: v for k, v in o.items() if k != "log"} for o in converted] == \
        [{k: v for k, v in o.items() if k != "log"} for o in original]
    assert all(o["matches_log"] is True for o in converted)


# -- damaged records ---------------------------------------------------------------------------------

def _refused(data: bytes) -> str:
    started = time.perf_counter()
    record = read_soul(data)
    assert time.perf_counter() - started < 2.0
    assert record.errors and record.errors[0].code is ErrorCode.INVALID_LOG
    return record.errors[0].message


def test_truncated_bytes_are_refused_saying_so() -> None:
    data = _bytes(GAME_A)
    for cut in (1, 10, 23, 24, 100, len(data) // 2, len(data) - 1):
        message = _refused(data[:cut])
        assert "damaged protobuf bytes" in message or "ends without" in message or "not an event" in message, \
            message


def test_flipped_bytes_never_crash() -> None:
    data = bytearray(_bytes(GAME_A))
    for position in range(30, len(data), 997):
        damaged = bytearray(data)
        damaged[position] ^= 0xFF
        record = read_soul(bytes(damaged))  # a record, its problems listed: never an exception
        assert isinstance(record, GameRecord)
        assert all(e.message for e in record.errors)


def test_a_huge_length_is_refused() -> None:
    # A length prefix claiming far more bytes than follow (a varint of 2**62) is a damaged message.
    huge = b"\n\x15.lq.GameDetailRecords\x12" + b"\xff" * 8 + b"\x3f" + b"\x00" * 16
    assert "damaged protobuf bytes" in _refused(huge)


def test_a_record_that_is_not_soul_says_what_it_is() -> None:
    assert "neither" in _refused(b'{"head": {}}')
    assert "base64" in _refused(b'{"head": {}, "data": "not base64!"}')
    assert "names '.lq.Other'" in _refused(b"\n\x0a.lq.Other")
    assert "data_url" in _refused(b'{"head": {}, "data": "", "data_url": "https://example.invalid/x"}')


# -- the rules a config states ---------------------------------------------------------------------------

def test_a_ranked_game_plays_the_ranked_rules() -> None:
    record = read_soul(GAME_A.read_bytes())
    assert record.ruleset() == MAHJONGSOUL.replace()  # ranked: the preset as it is (hanchan)
