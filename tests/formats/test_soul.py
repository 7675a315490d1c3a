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
import tracemalloc
from pathlib import Path

import pytest

from riichi.formats import soul_proto
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


NAMES_B = ("Benoit", "空ーsora", "dg1", "闵行七小对")  # head.accounts by seat


def test_the_players_names_come_from_the_head() -> None:
    record = read_soul(GAME_B.read_bytes())
    assert record.names == NAMES_B


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
        # Decoded by other tools, whose records name their event with _type (and without the .lq. package).
        {"head": head, "records": [{("_type" if k == "__type" else k): (v.removeprefix(".lq.") if k == "__type" else v)
                                    for k, v in r.items()} for r in saved["records"]]},
    ]
    for layout in layouts:
        record = read_soul(json.dumps(layout, ensure_ascii=False).encode())
        assert record.hands == base.hands and record.end == base.end and record.names == base.names
    alone = read_soul(data)
    assert detect_format(data) == "soul"
    clash = [{**saved["records"][0], "_type": ".lq.RecordHule"}]
    assert read_soul(json.dumps({"head": head, "records": clash}).encode()).errors[0].message.endswith(
        "records[0] names two events: __type 'RecordNewRound' and _type '.lq.RecordHule'")
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
    # The replay contract: a written record replays to the same objects, "ids and wall details aside" (the
    # Soul record carries each hand's wall, which tenhou.net/6 and mjai do not).
    assert original[-1]["wall"] == "verified" and converted[-1]["wall"] == "none"
    assert [{k: v for k, v in o.items() if k not in ("log", "wall")} for o in converted] == \
        [{k: v for k, v in o.items() if k not in ("log", "wall")} for o in original]
    assert all(o["matches_log"] is True for o in converted)


def test_a_tile_the_wall_does_not_give_is_a_desync() -> None:
    # Each hand's wall (paishan) is checked tile by tile: the first hand's wall with South's first draw (wall
    # tile 53, 1z; the dealer's 14th tile is tile 52) swapped with tile 100 (another kind) makes that draw a
    # desync.
    saved = json.loads(GAME_B.read_text(encoding="utf-8"))
    records = saved["records"]
    first = records[0]
    tiles = [first["paishan"][i:i + 2] for i in range(0, 272, 2)]
    assert tiles[53] == "1z" and tiles[100] != "1z"
    tiles[53], tiles[100] = tiles[100], tiles[53]
    first["paishan"] = "".join(tiles)
    out = _replay(read_soul(json.dumps({"head": saved["head"], "records": records}, ensure_ascii=False).encode()))
    assert out[0]["type"] == "error" and out[0]["error"]["code"] == "desync"  # type: ignore[index]
    assert out[0]["kyoku"] == 0 and out[0]["error"]["message"].startswith("hand 1, event ")  # type: ignore[index]


# -- damaged records ---------------------------------------------------------------------------------

def _refused(data: bytes) -> str:
    started = time.process_time()  # CPU time: a guard against a reader that hangs, not a speed target
    record = read_soul(data)
    assert time.process_time() - started < 5.0
    assert record.errors and record.errors[0].code is ErrorCode.INVALID_LOG
    return record.errors[0].message


def test_truncated_bytes_are_refused_saying_so() -> None:
    data = _bytes(GAME_A)
    for cut in (1, 10, 23, 24, 100, len(data) // 2, len(data) - 1):
        message = _refused(data[:cut])
        assert "damaged protobuf bytes" in message or "ends without" in message or "no events" in message, \
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


def _varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    return bytes([*out, value])


def _field(number: int, data: bytes) -> bytes:
    """A length-delimited protobuf field (wire type 2), as protobuf's encoding documentation lays it out."""
    return _varint(number << 3 | 2) + _varint(len(data)) + data


def _wrapped(details: bytes) -> bytes:
    return _field(1, b".lq.GameDetailRecords") + _field(2, details)


def test_too_many_actions_are_refused_at_the_first_beyond_the_limit() -> None:
    # MAX_EVENTS + 1 empty GameActions (two bytes each: field 3, length 0), then a field claiming a megabyte
    # that is not there. The count is the first refusal: the bytes after the limit are never read (a reader
    # that lists every action first reads the damage first, and spends seconds on a megabyte of empty actions).
    over = soul_proto.MAX_EVENTS + 1
    message = _refused(_wrapped(_field(3, b"") * over + _varint(3 << 3 | 2) + _varint(1 << 20)))
    assert f"more than {soul_proto.MAX_EVENTS:,} events" in message, message


def test_two_million_empty_actions_are_refused_in_little_time_and_memory() -> None:
    # Four megabytes of empty actions, the replay page's largest upload unpacked: listed whole, they took
    # 10 s and 480 MB; counted as they come, the reader stops at the limit (_refused allows 2 s).
    data = _wrapped(_field(3, b"") * 2_000_000)
    assert "events" in _refused(data)
    tracemalloc.start()
    try:
        read_soul(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64 << 20, peak


def test_a_field_number_protobuf_refuses_is_damage() -> None:
    # 2^29 is one past protobuf's largest field number: protobuf refuses such bytes, and so does the reader.
    assert _CLASSES["GameDetailRecords"]().ParseFromString(b"\xf8\xff\xff\xff\x0f\x00")  # 2^29 - 1 reads
    assert "field number 536870912" in _refused(_wrapped(b"\x80\x80\x80\x80\x10\x00"))


def test_an_action_field_of_the_wrong_kind_is_damage() -> None:
    # Field 3 (actions) written as a varint, and an action whose result (field 3) is a varint.
    assert "wire type 0" in _refused(_wrapped(_varint(3 << 3) + b"\x01"))
    assert "wire type 0" in _refused(_wrapped(_field(3, _varint(2 << 3) + b"\x01" + _varint(3 << 3) + b"\x05")))


def test_a_record_that_is_not_soul_says_what_it_is() -> None:
    assert "neither" in _refused(b'{"head": {}}')
    assert "base64" in _refused(b'{"head": {}, "data": "not base64!"}')
    assert "name '.lq.Other'" in _refused(b"\n\x09.lq.Other")
    assert "data_url" in _refused(b'{"head": {}, "data": "", "data_url": "https://example.invalid/x"}')


# -- the rules a config states ---------------------------------------------------------------------------

def test_a_ranked_game_plays_the_ranked_rules() -> None:
    record = read_soul(GAME_A.read_bytes())
    assert record.ruleset() == MAHJONGSOUL.replace()  # ranked: the preset as it is (hanchan)


# -- Soul's names in tenhou.net/6 (converters' records) ----------------------------------------------------

# Tenhou's names beside the names tensoul-style converters write for the same fans (Soul's Japanese client,
# and its English one): the table's source, riichi/formats/tenhou6_names.py.
SOUL_NAMES = {"役牌 白": ("役牌 白", "White Dragon"), "役牌 發": ("役牌 發", "Green Dragon"),
              "役牌 中": ("役牌 中", "Red Dragon"), "立直": ("立直", "Riichi"), "一発": ("一発", "Ippatsu"),
              "門前清自摸和": ("門前清自摸和", "Fully Concealed Hand"), "ドラ": ("ドラ", "Dora"),
              "赤ドラ": ("赤ドラ", "Red Five"), "裏ドラ": ("裏ドラ", "Ura Dora"), "平和": ("平和", "Pinfu"),
              "断幺九": ("断么九", "All Simples"), "一盃口": ("一盃口", "Pure Double Sequence")}


def _renamed(text: str, language: int) -> str:
    obj = json.loads(text)
    for hand in obj["log"]:
        result = hand[16]
        for info in result[2::2] if result[0] == "和了" else []:
            for i, yaku in enumerate(info[4:], start=4):
                name, _, rest = yaku.partition("(")
                if name.startswith(("場風", "自風")):
                    soul = "役牌:場風牌" if name.startswith("場風") else "役牌:自風牌"
                    info[i] = f"{(soul, 'Prevalent Wind' if soul.endswith('場風牌') else 'Seat Wind')[language]}({rest}"
                else:
                    info[i] = f"{SOUL_NAMES[name][language]}({rest}"
    obj["rule"]["disp"] = ("玉の間南喰赤", "Jade Room South")[language]
    return json.dumps(obj, ensure_ascii=False)


@pytest.mark.parametrize("language", [0, 1], ids=["japanese", "english"])
def test_soul_yaku_names_in_tenhou6_read_as_the_yaku(language: int) -> None:
    # The real game written as tenhou.net/6 with Soul's own yaku names, as converters write them: every hand
    # still matches, and the room in rule.disp makes it a Soul game (Soul's uma and return).
    text = _renamed(write_record(read_soul(GAME_B.read_bytes()), "tenhou6"), language)
    assert "役牌:場風牌(1飜)" in text or "Prevalent Wind(1飜)" in text
    record = read_record(text.encode("utf-8"), "tenhou6")
    assert not record.errors and record.rules.preset == "mahjongsoul"
    out = _replay(record)
    assert all(o["matches_log"] is True for o in out), [o.get("mismatches") for o in out]
    assert out[-1]["final_points"] == [-29.9, 33.4, -9.1, 5.6]


def test_an_unknown_yaku_name_is_shown_never_a_stop() -> None:
    # A name no table knows (here a made-up one in place of 立直) is kept as the record's text beside the
    # engine's yaku; the hand's han, fu, points and deltas are still compared, and the game goes on.
    obj = json.loads(write_record(read_soul(GAME_B.read_bytes()), "tenhou6"))
    info = obj["log"][0][16][2]
    info[4:] = ["Reach Bonus(1飜)" if y.startswith("立直") else y for y in info[4:]]
    record = read_record(json.dumps(obj, ensure_ascii=False).encode(), "tenhou6")
    assert not record.errors
    out = _replay(record)
    first = out[0]
    assert first["matches_log"] is True  # han 4, fu 30, 11700 points and the deltas agree
    assert "Reach Bonus(1飜)" in first["log"]["wins"][0]["yaku_text"]  # type: ignore[index]
    assert "yaku" not in first["log"]["wins"][0]  # type: ignore[index]
    assert {"name": "riichi", "han": 1} in first["wins"][0]["yaku"]  # type: ignore[index]
    assert out[-1]["type"] == "game_end"


def test_converter_values_in_english_are_read() -> None:
    # tensoul's English export writes a value as fu and han in English and limits in romaji: the same values.
    obj = json.loads(write_record(read_soul(GAME_B.read_bytes()), "tenhou6"))
    obj["log"][0][16][2][3] = "30Fu4Han3900Points∀"
    obj["log"][4][16][2][3] = "Mangan 8000点"
    record = read_record(json.dumps(obj, ensure_ascii=False).encode(), "tenhou6")
    assert not record.errors
    wins = [w for h in record.hands for w in h.stated.wins]
    assert (wins[0].fu, wins[0].han, wins[0].points) == (30, 4, 11700)
    assert record.hands[4].stated.wins[0].limit == "mangan" and record.hands[4].stated.wins[0].points == 8000
    assert all(o["matches_log"] is True for o in _replay(record))


@pytest.mark.parametrize("path", [GAME_A, GAME_B], ids=["250913", "250918"])
def test_riichienv_replays_the_mjai_of_a_soul_game(path: Path, tmp_path: Path) -> None:
    # An independent engine (riichienv 0.4.11, the bench extra) steps through every action of the mjai written
    # from the Soul record, finds every win, and scores each with the han and fu the Soul server gave (its
    # replay marks every ron houtei and every tsumo haitei, so those two are taken from the record, as in
    # tests/game/test_independent_engine.py).
    riichienv = pytest.importorskip("riichienv", reason="riichienv comes with the bench extra")
    record = read_soul(path.read_bytes())
    written = tmp_path / "game.mjson"
    written.write_text(write_record(record, "mjai"), encoding="utf-8")
    server = iter(w for h in record.hands for w in h.stated.wins)
    hands = 0
    for kyoku in riichienv.MjaiReplay.from_jsonl(str(written)).take_kyokus():
        assert list(kyoku.steps())  # raises on an action its engine refuses
        hands += 1
        for context in kyoku.take_win_result_contexts():
            win = next(server)
            conditions = context.conditions
            names = {y.value for y, _ in win.yaku or ()}
            conditions.haitei, conditions.houtei = "haitei" in names, "houtei" in names
            theirs = context.calculate(context.create_calculator(), conditions)
            assert (theirs.han, theirs.fu) == (win.han, win.fu)
    assert hands == SERVER[path][2] and next(server, None) is None


def test_the_replay_page_view_names_the_room_and_the_players() -> None:
    from riichi.web.replay import replay_record

    view = replay_record(GAME_B.read_bytes(), name=GAME_B.name)
    assert view["format"] == "soul" and view["rules"]["room"] == "Jade Room, South"  # type: ignore[index]
    assert view["rules"]["name"] == "mahjongsoul" and view["names"] == list(NAMES_B)  # type: ignore[index]
    assert len(view["hands"]) == 11 and view["game_end"]["matches_log"] is True  # type: ignore[arg-type, index]


def test_a_soul_game_id_as_the_reference_makes_a_soul_game() -> None:
    # tensoul writes the Soul game's id as tenhou.net/6's ref; with a rule text that names no room (a tool that
    # writes none), the id alone says the game is Soul's.
    obj = json.loads(write_record(read_soul(GAME_B.read_bytes()), "tenhou6"))
    obj["rule"]["disp"] = "南喰赤"
    for key in ("preset", "room", "switches"):  # what this library writes beside disp, as converters do not
        obj["rule"].pop(key, None)
    assert read_record(json.dumps(obj).encode(), "tenhou6").rules.preset == "tenhou"
    obj["ref"] = GAME_B.stem
    record = read_record(json.dumps(obj).encode(), "tenhou6")
    assert record.rules.preset == "mahjongsoul" and record.rules.log_id is None
    assert _replay(record)[-1]["final_points"] == [-29.9, 33.4, -9.1, 5.6]


@pytest.mark.parametrize("path", [GAME_A, GAME_B], ids=["250913", "250918"])
def test_as_mjlog_the_game_replays_the_same_under_soul_rules(path: Path) -> None:
    # mjlog's <GO type> can name no site but Tenhou, so the converted game needs --rules mahjongsoul; with it,
    # every hand (the sticks each win collects included: the server's change less the value and the honba)
    # and the final points are the original's.
    record = read_soul(path.read_bytes())
    original = _replay(record)
    again = read_record(write_record(record, "mjlog").encode("utf-8"), "mjlog")
    converted = list(replay_game(again, file="game", rules=MAHJONGSOUL))
    assert all(o["matches_log"] is True for o in converted)
    assert [{k: v for k, v in o.items() if k not in ("log", "wall")} for o in converted] == \
        [{k: v for k, v in o.items() if k not in ("log", "wall")} for o in original]
