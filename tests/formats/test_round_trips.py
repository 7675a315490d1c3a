"""Writing then reading gives the same events and the same stated results, for every format on every
one of the 175 real games of tests/data/games (read from Tenhou's own mjlog records), and Tenhou's own
tenhou.net/6 JSON of one of them (saved from tenhou.net by the public mjlog2json project) reads to the
same events as its mjlog record and is what the writer writes."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from riichi.formats.detect import detect_format, read_record
from riichi.formats.mjai import read_mjai, tile_from_mjai, write_mjai
from riichi.formats.mjlog import read_mjlog_bytes
from riichi.formats.record import GameRecord, StatedWin
from riichi.formats.tenhou6 import read_tenhou6, tile_code, tile_from_code, write_tenhou6
from riichi.game.events import Deal
from riichi.tiles import Tile

GAMES = Path(__file__).parent.parent / "data" / "games"
TRUTH = [json.loads(line) for line in (GAMES / "truth.jsonl").read_text(encoding="utf8").splitlines()]
TENHOU6 = GAMES / "tenhou6" / "2019103023gm-00a9-0000-f90e0fe9.json"


def _record(truth: dict) -> GameRecord:
    path = GAMES / truth["file"]
    return read_mjlog_bytes(path.read_bytes(), log_id=path.name)


def _events(record: GameRecord) -> list[list[object]]:
    """Each hand's events, the deal without its wall: only an mjlog record carries one (its SHUFFLE seed)."""
    return [[replace(e, wall=None) if isinstance(e, Deal) else e for e in h.events] for h in record.hands]


def _win_key(w: StatedWin, *, exact_fu: bool = True) -> tuple[object, ...]:
    # tenhou.net/6 writes no fu for a limit hand, and no ba (honba and sticks of each win).
    return (w.winner, w.from_seat, w.han, w.fu if exact_fu or not w.limit else None, w.points, w.yaku,
            w.yakuman, w.limit, w.pao, w.deltas)


@pytest.mark.parametrize("truth", TRUTH, ids=[t["game_id"] for t in TRUTH])
def test_mjai_round_trip(truth: dict) -> None:
    record = _record(truth)
    back = read_mjai(write_mjai(record))
    assert back.errors == ()
    assert _events(back) == _events(record)
    assert [h.stated for h in back.hands] == [h.stated for h in record.hands]


@pytest.mark.parametrize("truth", TRUTH, ids=[t["game_id"] for t in TRUTH])
def test_tenhou6_round_trip(truth: dict) -> None:
    record = _record(truth)
    back = read_tenhou6(write_tenhou6(record))
    assert back.errors == ()
    assert back.end == record.end
    assert _events(back) == _events(record)
    for mine, theirs in zip(back.hands, record.hands, strict=True):
        assert mine.stated.deltas == theirs.stated.deltas
        assert mine.stated.scores_start == theirs.stated.scores_start
        assert [_win_key(w, exact_fu=False) for w in mine.stated.wins] == [
            _win_key(w, exact_fu=False) for w in theirs.stated.wins]


def test_tenhou_json_reads_as_its_mjlog() -> None:
    mjlog = read_mjlog_bytes((GAMES / "logs" / TENHOU6.with_suffix(".xml").name).read_bytes())
    t6 = read_tenhou6(TENHOU6.read_text(encoding="utf8"))
    assert t6.errors == ()
    assert t6.rules.log_id == "2019103023gm-00a9-0000-f90e0fe9"
    assert _events(t6) == _events(mjlog)
    assert [[_win_key(w, exact_fu=False) for w in h.stated.wins] for h in t6.hands] == [
        [_win_key(w, exact_fu=False) for w in h.stated.wins] for h in mjlog.hands]
    assert t6.end == mjlog.end


def test_the_writer_writes_tenhous_own_json() -> None:
    mjlog = read_mjlog_bytes((GAMES / "logs" / TENHOU6.with_suffix(".xml").name).read_bytes(),
                             log_id=TENHOU6.name)
    theirs = json.loads(TENHOU6.read_text(encoding="utf8"))
    mine = json.loads(write_tenhou6(mjlog))
    assert mine["log"] == theirs["log"]
    assert mine["sc"] == theirs["sc"] and mine["name"] == theirs["name"]


def test_detection() -> None:
    data = (GAMES / TRUTH[0]["file"]).read_bytes()
    record = _record(TRUTH[0])
    assert detect_format(data) == "mjlog"
    assert detect_format(write_mjai(record).encode()) == "mjai"
    assert detect_format(write_tenhou6(record).encode()) == "tenhou6"
    assert detect_format(b"hello") is None
    assert read_record(b"hello").errors[0].code.value == "invalid_log"


def test_tile_codes() -> None:
    # tenhou.net/6: 11..19 man, 21..29 pin, 31..39 sou, 41..47 winds then dragons, 51..53 red fives.
    assert [tile_code(Tile.parse(t)) for t in ("1m", "9p", "5s", "1z", "7z", "0m", "0s")] == [11, 29, 35, 41, 47, 51, 53]
    assert all(tile_from_code(tile_code(t)) == t for t in Tile)
    # mjai: 5mr for a red five, E S W N P F C for the honours (P = haku, F = hatsu, C = chun).
    assert [str(tile_from_mjai(t)) for t in ("5mr", "E", "N", "P", "F", "C", "9s")] == [
        "0m", "1z", "4z", "5z", "6z", "7z", "9s"]


@pytest.mark.parametrize(("text", "message"), [
    ('{"type":"start_kyoku","bakaze":"X"}', "start_kyoku bakaze 'X' is not E, S, W or N"),
    ('not json', "not valid JSON"),
    ('{"type":"tsumo","actor":NaN}', "NaN is not a JSON number"),
    ('{"type":"tsumo","actor":0,"pai":"5m"}', "tsumo before start_kyoku"),
])
def test_mjai_errors_name_the_line(text: str, message: str) -> None:
    record = read_mjai('{"type":"start_game","names":["a","b","c","d"]}\n' + text)
    assert record.errors and message in record.errors[0].message
    assert record.errors[0].index == 1


def test_tenhou6_errors_name_the_hand() -> None:
    obj = json.loads(TENHOU6.read_text(encoding="utf8"))
    obj["log"][2][5][1] = "zz"
    record = read_tenhou6(json.dumps(obj))
    # The bad hand is an error; the hands around it are read all the same (each states its own start).
    assert [h.index for h in record.hands] == [i for i in range(len(obj["log"])) if i != 2]
    assert len(record.errors) == 1
    assert record.errors[0].hand == 2 and record.errors[0].message.startswith("hand 3: ")  # counted from 1


def test_tenhou6_to_mjlog_writes_the_fu_of_limit_hands() -> None:
    # tenhou.net/6 writes a limit hand's value without its fu (満貫8000点); mjlog's ten has a place for it,
    # and Tenhou's own mjlog of the same game fills it (ten="40,8000,1", ten="30,12000,2"): the converter
    # writes the engine's fu there, never 0.
    from riichi.replay.convert import write_record  # noqa: PLC0415 - the converter replays through the engine

    theirs = read_mjlog_bytes((GAMES / "logs" / TENHOU6.with_suffix(".xml").name).read_bytes())
    written = read_mjlog_bytes(write_record(read_tenhou6(TENHOU6.read_text(encoding="utf8")), "mjlog").encode())
    fu = [[w.fu for w in h.stated.wins] for h in written.hands]
    assert fu == [[w.fu for w in h.stated.wins] for h in theirs.hands]
    assert [w.fu for h in written.hands for w in h.stated.wins if w.limit in ("mangan", "haneman")] == [40, 30]
