"""What a run of riichi.stats.build adds to a folder: only the records it does not hold yet, failures listed,
a run stopped half-way leaving nothing a reader counts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from riichi.stats import StatsError, build, connect
from riichi.stats.rows import _hand_rows
from riichi.stats.store import Store

from .conftest import LOGS, TRUTH

FILES = sorted(LOGS.glob("*.xml"))


def count(out: Path, table: str) -> int:
    (n,), = connect(out).execute(f"SELECT count(*) FROM {table}").fetchall()
    return int(n)


def test_a_second_run_replays_nothing_and_a_third_only_the_new_records(tmp_path: Path) -> None:
    out = tmp_path / "tables"
    first = build([str(f) for f in FILES[:3]], out)
    assert (first.replayed, first.skipped) == (3, 0)
    hands = count(out, "kyoku")
    assert hands == sum(len(t["kyoku"]) for t in TRUTH if t["file"] in {f"logs/{f.name}" for f in FILES[:3]})
    again = build([str(f) for f in FILES[:3]], out)
    assert (again.replayed, again.skipped, again.hands) == (0, 3, 0)
    assert count(out, "kyoku") == hands and count(out, "games") == 3
    # a copy under another name is the same record (known by its content); two new records are replayed
    copy = tmp_path / "copy.xml"
    shutil.copyfile(FILES[0], copy)
    more = build([str(f) for f in FILES[:5]] + [str(copy)], out, workers=2)
    assert (more.records, more.replayed, more.skipped) == (6, 2, 4)
    assert count(out, "games") == 5 and count(out, "records") == 5


def test_a_record_cut_short_keeps_its_hands_and_is_listed_in_failures(tmp_path: Path) -> None:
    text = FILES[0].read_text(encoding="utf-8")
    cut = text[:text.index("<INIT ", text.index("<INIT ", text.index("<INIT ") + 1) + 1)]  # two hands, then a cut
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "cut.xml").write_text(cut, encoding="utf-8")
    (tmp_path / "logs" / "noise.xml").write_bytes(b"\x00 not a game record")
    out = tmp_path / "tables"
    result = build([str(tmp_path / "logs")], out)
    assert (result.replayed, result.complete, result.partial, result.failed, result.hands) == (2, 0, 1, 1, 2)
    con = connect(out)
    failures = con.execute("SELECT file, code, game_id IS NOT NULL FROM failures ORDER BY file").fetchall()
    assert failures == [(str(tmp_path / "logs" / "cut.xml"), "invalid_log", True),
                        (str(tmp_path / "logs" / "noise.xml"), "invalid_log", True)]
    assert con.execute("SELECT hands, complete, final_scores FROM games").fetchall() == [(2, False, None)]
    assert con.execute("SELECT count(*) FROM kyoku").fetchall() == [(2,)]
    assert con.execute("SELECT partial_games, failures FROM summary").fetchall() == [(1, 2)]
    # failed records are known too: the next run replays nothing
    assert build([str(tmp_path / "logs")], out).replayed == 0


def test_a_file_that_cannot_be_read_is_a_failure_and_is_tried_again(tmp_path: Path) -> None:
    out = tmp_path / "tables"
    missing = str(tmp_path / "missing.xml")
    result = build([missing], out)
    assert (result.records, result.failed) == (1, 1)
    assert connect(out).execute("SELECT file, code FROM failures").fetchall() == [(missing, "no_such_file")]
    assert build([missing], out).replayed == 1


def test_the_parts_of_a_run_stopped_half_way_are_not_read_and_are_removed(tmp_path: Path) -> None:
    out = tmp_path / "tables"
    build([str(FILES[0])], out)
    games = sorted((out / "games").glob("*.parquet"))
    # a run that wrote its games part and stopped before its manifest: the same part under another run's name
    orphan = out / "games" / "part-20200101T000000-1-abcdef-00001.parquet"
    shutil.copyfile(games[0], orphan)
    (out / ".tmp-20200101T000000-1-abcdef").mkdir()
    assert count(out, "games") == 1
    build([str(FILES[1])], out)
    assert not orphan.exists() and not (out / ".tmp-20200101T000000-1-abcdef").exists()
    assert count(out, "games") == 2


def test_parts_are_written_as_the_run_goes(tmp_path: Path) -> None:
    # with a part every few hundred rows, the tables come out in several parts, the same rows
    out = tmp_path / "tables"
    store = Store(out, part_rows=200)
    from riichi.stats.rows import record_rows

    for f in FILES[:6]:
        store.add(record_rows(str(f), f.read_bytes()))
    store.close()
    assert len(list((out / "seat_kyoku").glob("*.parquet"))) >= 2
    assert len(list((out / "records").glob("*.parquet"))) == len(list((out / "seat_kyoku").glob("*.parquet")))
    assert count(out, "games") == 6


def test_one_run_at_a_time_per_folder(tmp_path: Path) -> None:
    out = tmp_path / "tables"
    store = Store(out)
    with pytest.raises(StatsError, match="another run"):
        Store(out)
    store.close()
    Store(out).close()


def test_the_seat_count_is_the_hands_own() -> None:
    # a three-player hand (a kyoku object as the replay writes one, with three scores): three seat rows, the
    # winner and the discarder among them; nothing assumes four seats
    kyoku: dict[str, object] = {
        "kyoku": 0, "round_wind": "E", "round_number": 1, "dealer": 0, "honba": 0, "riichi_sticks": 0,
        "scores_start": [35000, 35000, 35000], "dora_indicators": ["1p"], "riichi": [2], "outcome": "win",
        "wins": [{"winner": 2, "from": 1, "tsumo": False, "han": 2, "fu": 30, "points": 2000, "limit": None,
                  "yaku": [{"name": "riichi", "han": 1}, {"name": "nukidora", "han": 1}], "yakuman": [],
                  "pao": None, "honba": 0, "riichi_sticks": 1, "deltas": [0, -2000, 3000]}],
        "draw": None, "deltas": [0, -2000, 3000], "scores_end": [35000, 33000, 37000], "game_over": False}

    class Hand:
        events = ()

    tables: dict[str, list[dict[str, object]]] = {"kyoku": [], "seat_kyoku": [], "wins": []}
    _hand_rows(tables, kyoku, Hand(), "g", ["a", "b", "c"])  # type: ignore[arg-type]
    seats = [(r["seat"], r["name"], r["win"], r["deal_in"], r["delta"], r["riichi_accepted"])
             for r in tables["seat_kyoku"]]
    assert seats == [(0, "a", False, False, 0, False), (1, "b", False, True, -2000, False),
                     (2, "c", True, False, 3000, True)]
    assert json.dumps(tables["wins"][0]["yaku"]) == '[{"name": "riichi", "han": 1}, {"name": "nukidora", "han": 1}]'


def test_the_folder_of_tables_inside_the_corpus_is_not_read_as_records(tmp_path: Path) -> None:
    shutil.copyfile(FILES[0], tmp_path / FILES[0].name)
    first = build([str(tmp_path)], tmp_path / "tables")
    second = build([str(tmp_path)], tmp_path / "tables")
    assert (first.records, first.replayed, second.records, second.replayed) == (1, 1, 1, 0)
