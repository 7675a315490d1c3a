"""``riichi stats`` on hostile corpora and folders (issue 35: a probe of the compiled build found each of these).

Ctrl-C while a later part was written left a traceback and made the next run count that part's hands twice; a
FIFO, a link to ``/dev/zero`` or a sparse file of gigabytes in the corpus hung the command or read it whole; the
same game under other bytes counted twice, and ``rates_by_round`` disagreed with the tables under it; links
planted in ``--out`` were written through; an unwritable folder, a damaged Parquet part and ``--rules`` nested
deep gave tracebacks; the SQL shell dropped a last statement without ``;``; names printed their escape codes.
"""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from riichi.cli import main
from riichi.replay.sources import MAX_FILE
from riichi.stats import build, connect
from riichi.stats.rows import record_rows
from riichi.stats.store import Store
from tests.conftest import python_command, riichi_env

from .conftest import GAMES, LOGS, TRUTH

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(LOGS.glob("*.xml"))
posix = pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
                           reason="FIFOs, links and /dev/zero as POSIX has them")


def hands_of(files: list[Path]) -> int:
    """The hands of these games as truth.jsonl states them (the Tenhou server's own record of each hand)."""
    names = {f"logs/{f.name}" for f in files}
    return sum(len(t["kyoku"]) for t in TRUTH if t["file"] in names)


def one(out: Path, query: str) -> object:
    (value,), = connect(out).execute(query).fetchall()
    return value


# -- item 3: Ctrl-C while a later part is written ----------------------------------------------------------

#: riichi stats with parts of 300 rows, and Ctrl-C (a real SIGINT to the process) while DuckDB writes the records
#: part of the second part: the other tables' second parts are written by then, their manifest is not.
_INTERRUPTED_RUN = """
import os, signal, sys, threading
import riichi.stats
from riichi.stats.store import Store

class Slow:
    def __init__(self, con):
        self.con = con
    def execute(self, sql, *args):
        if sql.startswith("COPY") and "records" + os.sep + ".part-" in sql and "-00002.parquet" in sql:
            threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
            self.con.execute("SELECT count(*) FROM range(1000000000000) a, range(1000) b")  # Ctrl-C comes meanwhile
        return self.con.execute(sql, *args)
    def __getattr__(self, name):
        return getattr(self.con, name)

def store(out, **kw):
    made = Store(out, part_rows=300)
    made._con = Slow(made._con)
    return made

sys.modules["riichi.stats.build"].Store = store
from riichi.cli import main
sys.exit(main(["stats", *sys.argv[1:]]))
"""


def test_ctrl_c_while_a_later_part_is_written_exits_130_and_no_hand_counts_twice(tmp_path: Path) -> None:
    files = FILES[:24]
    out = tmp_path / "tables"
    done = subprocess.run(python_command("-c", _INTERRUPTED_RUN, *map(str, files), "--out", str(out),
                                         "--workers", "1", "--no-report"),
                          cwd=ROOT, env=riichi_env(), capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and "interrupted" in done.stderr
    # the first part counts (its manifest is there); the second part's tables are left out: no hand of a record
    # the folder does not know
    assert one(out, "SELECT count(*) FROM kyoku") == hands_of([f for f in files if str(f) in {
        r[0] for r in connect(out).execute("SELECT file FROM records").fetchall()}])
    assert 0 < one(out, "SELECT count(*) FROM records") < len(files)
    # the same command goes on from there: every hand once (it was counted twice: the second part's hands, then
    # the same records replayed again)
    again = build(list(map(str, files)), out)
    assert again.skipped == len(files) - again.replayed
    assert one(out, "SELECT count(*) FROM kyoku") == hands_of(files)
    assert one(out, "SELECT count(*) FROM (SELECT DISTINCT game_id, kyoku FROM kyoku)") == hands_of(files)
    assert one(out, "SELECT count(*) FROM games") == len(files)


def test_a_part_counts_only_with_its_own_records_part(tmp_path: Path) -> None:
    out = tmp_path / "tables"
    store = Store(out, part_rows=200)
    for f in FILES[:6]:
        store.add(record_rows(str(f), f.read_bytes()))
    store.close()
    parts = sorted((out / "records").glob("part-*.parquet"))
    assert len(parts) >= 2
    parts[-1].unlink()  # the manifest of the last part, as if the run stopped just before writing it
    known = {r[0] for r in connect(out).execute("SELECT file FROM records").fetchall()}
    assert one(out, "SELECT count(*) FROM kyoku") == hands_of([f for f in FILES[:6] if str(f) in known])


# -- item 5: files that are not records to read whole --------------------------------------------------------

@posix
def test_a_fifo_a_device_and_a_sparse_file_are_failures_not_a_hang(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    os.mkfifo(corpus / "a-fifo.xml")
    (corpus / "b-zero.xml").symlink_to("/dev/zero")
    with open(corpus / "c-sparse.xml", "wb") as f:  # 1.5 GB that take no room on disk
        f.truncate(1536 * 1024**2)
    shutil.copy(FILES[0], corpus / FILES[0].name)
    out = tmp_path / "tables"
    done = subprocess.run(python_command("-m", "riichi", "stats", str(corpus), "--out", str(out), "--no-report"),
                          cwd=ROOT, env=riichi_env(), capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    failures = dict(connect(out).execute("SELECT file, message FROM failures").fetchall())
    # the messages riichi replay gives the same files (tests/replay/test_hostile_files.py)
    assert failures == {
        str(corpus / "a-fifo.xml"): "cannot read the file: it is a FIFO (named pipe), not a regular file",
        str(corpus / "b-zero.xml"): "cannot read the file: it is a character device, not a regular file",
        str(corpus / "c-sparse.xml"): f"cannot read the file: it is {1536 * 1024**2:,} bytes long; "
                                      f"at most {MAX_FILE:,} are read"}
    assert one(out, "SELECT count(*) FROM games") == 1


# -- item 8: the same game under other bytes -----------------------------------------------------------------

def test_the_same_game_plain_and_gzipped_counts_once(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy(FILES[0], corpus / FILES[0].name)
    (corpus / (FILES[0].name + ".gz")).write_bytes(gzip.compress(FILES[0].read_bytes()))
    out = tmp_path / "tables"
    result = build([str(corpus)], out)
    assert (result.records, result.replayed, result.skipped) == (2, 1, 1)
    assert one(out, "SELECT count(*) FROM games") == 1
    assert one(out, "SELECT count(*) FROM kyoku") == hands_of(FILES[:1])


def test_the_same_tenhou_game_as_mjlog_and_as_tenhou6_counts_once(tmp_path: Path) -> None:
    # tests/data names the tenhou.net/6 JSON file the same game as the mjlog of the same log id
    json_record = GAMES / "tenhou6" / "2019103023gm-00a9-0000-f90e0fe9.json"
    xml_record = LOGS / "2019103023gm-00a9-0000-f90e0fe9.xml"
    out = tmp_path / "tables"
    result = build([str(xml_record), str(json_record)], out)
    assert (result.replayed, result.skipped) == (1, 1)
    assert one(out, "SELECT count(*) FROM games") == 1
    assert one(out, "SELECT count(*) FROM kyoku") == hands_of([xml_record])
    statuses = connect(out).execute("SELECT file, status FROM records ORDER BY file").fetchall()
    assert statuses == [(str(xml_record), "complete"), (str(json_record), "duplicate")]
    # and in a later run: the game is known, the other record is not added again
    out2 = tmp_path / "tables2"
    build([str(xml_record)], out2)
    assert build([str(json_record)], out2).skipped == 1
    assert one(out2, "SELECT count(*) FROM kyoku") == hands_of([xml_record])


def test_every_view_agrees_with_its_tables_even_where_a_game_is_there_twice(tmp_path: Path) -> None:
    # a folder where a game's rows are there twice (written by a version that knew records by their bytes only):
    # each view counts what its table holds; rates_by_round's join multiplied rows (four per seat-hand here)
    out = tmp_path / "tables"
    store = Store(out)
    for f in (FILES[0], FILES[0], FILES[1]):
        store.add(record_rows(str(f), f.read_bytes()))
    store.close()
    con = connect(out)
    (hands, draws), = con.execute("SELECT hands, draws FROM draw_rate").fetchall()
    (seat_hands, wins), = con.execute("SELECT seat_hands, wins FROM win_rate").fetchall()
    (deal_ins,), = con.execute("SELECT deal_ins FROM deal_in_rate").fetchall()
    (riichi,), = con.execute("SELECT riichi FROM riichi_rate").fetchall()
    rounds = con.execute("SELECT hands, seat_hands, win_rate * seat_hands, deal_in_rate * seat_hands, "
                         "riichi_rate * seat_hands, draw_rate * hands FROM rates_by_round").fetchall()
    assert hands == 2 * hands_of(FILES[:1]) + hands_of(FILES[1:2])
    assert sum(r[0] for r in rounds) == hands
    assert sum(r[1] for r in rounds) == seat_hands == 4 * hands
    assert round(sum(r[2] for r in rounds)) == wins
    assert round(sum(r[3] for r in rounds)) == deal_ins
    assert round(sum(r[4] for r in rounds)) == riichi
    assert round(sum(r[5] for r in rounds)) == draws


# -- item 10: links planted in --out --------------------------------------------------------------------------

@posix
def test_a_lock_link_planted_in_the_folder_is_refused_and_its_target_left_alone(tmp_path: Path,
                                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tables"
    out.mkdir()
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me\n", encoding="utf-8")
    (out / ".lock").symlink_to(precious)
    assert main(["stats", str(FILES[0]), "--out", str(out), "--no-report"]) == 1
    err = capsys.readouterr().err
    assert f"{out / '.lock'} is a link" in err and "Traceback" not in err
    assert precious.read_text(encoding="utf-8") == "keep me\n"


@posix
def test_a_link_planted_where_the_report_is_written_is_not_written_through(tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tables"
    out.mkdir()
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me\n", encoding="utf-8")
    (out / ".report.html.tmp").symlink_to(precious)  # the temporary name the report had
    (out / "report.html").symlink_to(precious)
    assert main(["stats", str(FILES[0]), "--out", str(out), "--quiet"]) == 0
    assert precious.read_text(encoding="utf-8") == "keep me\n"
    assert not (out / "report.html").is_symlink() and "<svg" in (out / "report.html").read_text(encoding="utf-8")


# -- item 11: errors named, not tracebacks ------------------------------------------------------------------

def test_a_folder_that_cannot_be_made_or_a_report_that_cannot_be_written_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    assert main(["stats", str(FILES[0]), "--out", str(tmp_path / "a-file" / "tables")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"riichi stats: error: cannot write {tmp_path / 'a-file' / 'tables'}: ") and err.count("\n") == 1
    out = tmp_path / "tables"
    (out / "report.html").mkdir(parents=True)  # a folder where the report goes
    assert main(["stats", str(FILES[0]), "--out", str(out), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("riichi stats: error: cannot write ") and "report.html" in err and err.count("\n") == 1
    assert one(out, "SELECT count(*) FROM games") == 1  # the tables were written before


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="permissions as POSIX has them, not root")
def test_a_folder_that_cannot_be_written_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        assert main(["stats", str(FILES[0]), "--out", str(locked / "tables")]) == 1
        err = capsys.readouterr().err
        assert err.startswith("riichi stats: error: cannot write ") and "Permission denied" in err
        assert err.count("\n") == 1
    finally:
        locked.chmod(0o700)
    tables = locked / "tables"
    assert main(["stats", str(FILES[0]), "--out", str(tables), "--quiet", "--no-report"]) == 0
    tables.chmod(0o500)
    try:
        assert main(["stats", "--out", str(tables)]) == 1  # the report cannot be written
        err = capsys.readouterr().err
        assert "riichi stats: error: cannot write" in err and "Traceback" not in err and err.count("\n") == 1
    finally:
        tables.chmod(0o700)


def test_good_parts_pass_the_check_of_parts(corpus: tuple[Path, object]) -> None:
    from riichi.stats.store import check_parts

    check_parts(corpus[0])  # every table of the 175 games, the structs of wins included: nothing to name


@pytest.mark.parametrize("table", ["wins", "records"])
@pytest.mark.parametrize("damage", ["not parquet", "other columns"])
def test_a_damaged_or_foreign_part_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str,
                                            table: str) -> None:
    out = tmp_path / "tables"
    assert main(["stats", str(FILES[0]), "--out", str(out), "--quiet", "--no-report"]) == 0
    part = next((out / table).glob("part-*.parquet"))
    if damage == "not parquet":
        part.write_bytes(b"PAR1 not a Parquet file at all PAR1")
    else:
        import duckdb

        duckdb.connect().execute(f"COPY (SELECT 1 AS x) TO '{part}' (FORMAT parquet)")
    for args in (["--query", "SELECT count(*) FROM wins"], [str(FILES[1]), "--quiet"], []):
        assert main(["stats", *args, "--out", str(out)]) == 1, args
        err = capsys.readouterr().err
        assert err.startswith(f"riichi stats: error: {part}: ") and "Traceback" not in err, err
        assert "Remove it with the other files of its part" in err


def test_rules_nested_deep_are_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(FILES[0]), "--out", str(tmp_path / "t"), "--rules", "{" + '"a":[' * 100_000]) == 2
    err = capsys.readouterr().err
    assert err.startswith("riichi stats: error: --rules: ") and "nested more than 32 levels" in err


# -- item 14: what --query prints ---------------------------------------------------------------------------

def test_query_cells_show_control_characters_as_escapes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tables"
    assert main(["stats", str(FILES[0]), "--out", str(out), "--quiet", "--no-report"]) == 0
    capsys.readouterr()
    # a player named with an escape sequence that clears the screen, and a right-to-left override
    assert main(["stats", "--out", str(out), "--query", "SELECT chr(27) || '[2J' || 'name' || chr(8238) AS who"]) == 0
    text = capsys.readouterr().out
    assert "\x1b" not in text and "\u202e" not in text
    assert "\\x1b[2Jname\\u202e" in text
