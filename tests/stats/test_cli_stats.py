"""``riichi stats`` from the command line: the tables, the printed summary, the report, --query and --sql."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from riichi.cli import main
from riichi.stats import connect

from .conftest import LOGS

FILES = [str(f) for f in sorted(LOGS.glob("*.xml"))[:4]]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_stats_writes_the_tables_the_report_and_prints_the_summary(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tables"
    status, text, _ = run(capsys, "stats", *FILES, "--out", str(out), "--workers", "2")
    assert status == 0
    assert "4 records: 4 replayed, 0 already in" in text
    con = connect(out)
    (win_rate, hands), = con.execute("SELECT win_rate, hands FROM summary").fetchall()
    # the printed numbers are the views' numbers
    assert re.search(rf"win rate\s+{win_rate:.3f}\n", text)
    assert re.search(rf"hands\s+{hands:,}\n", text)
    page = (out / "report.html").read_text(encoding="utf-8")
    assert f"{win_rate:.3f}" in page and page.count("<svg") >= 5
    # self-contained: nothing the browser would fetch (no src, no link, no url(); the SVG namespace is a name)
    assert not re.search(r"\ssrc=|<link|url\(|@import", page)
    assert set(re.findall(r"https?://[^\"' )]+", page)) <= {"http://www.w3.org/2000/svg"}
    status, text, _ = run(capsys, "stats", *FILES, "--out", str(out))
    assert status == 0 and "4 records: 0 replayed, 4 already in" in text


def test_query_and_the_sql_shell(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "tables"
    assert run(capsys, "stats", FILES[0], "--out", str(out), "--quiet", "--no-report")[0] == 0
    (wins,), = connect(out).execute("SELECT count(*) FROM wins").fetchall()
    status, text, _ = run(capsys, "stats", "--out", str(out), "--query", "SELECT count(*) AS n FROM wins")
    width = len(str(wins))  # the column as wide as its widest cell, numbers to the right
    assert status == 0 and text.splitlines() == ["n".rjust(width), "-" * width, str(wins), "(1 row)"]
    status, _, err = run(capsys, "stats", "--out", str(out), "--query", "SELECT nope FROM wins")
    assert status == 1 and "error (query)" in err and "nope" in err
    monkeypatch.setattr(sys, "stdin", io.StringIO("SELECT count(*)\n  AS n FROM wins;\n.tables\nSELECT x;\n"))
    status, text, err = run(capsys, "stats", "--out", str(out), "--sql")
    assert status == 1  # issue 35: a statement of the piped input failed, and the exit status says so (was 0)
    assert f"\n{wins}\n(1 row)" in text and "player_stats" in text and "seat_kyoku" in text
    assert "error (query)" in err
    # issue 35: the end of the input ends the last statement, as ';' does (it was dropped without a word)
    monkeypatch.setattr(sys, "stdin", io.StringIO("SELECT 1 AS one;\nSELECT count(*) AS n\nFROM wins\n"))
    status, text, err = run(capsys, "stats", "--out", str(out), "--sql")
    assert (status, err) == (0, "")
    assert text.count("(1 row)") == 2 and f"\n{wins}\n(1 row)" in text


def test_query_columns_align_by_terminal_cells(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Japanese names take two terminal cells a character (Unicode East Asian Width "W"): "すずめ" is 6 cells
    # wide, as wide as "abcdef", so the numbers after both names start in the same cell.
    out = tmp_path / "tables"
    assert run(capsys, "stats", FILES[0], "--out", str(out), "--quiet", "--no-report")[0] == 0
    query = "SELECT 'すずめ' AS name, 7 AS n UNION ALL SELECT 'abcdef', 1234 ORDER BY n"
    status, text, _ = run(capsys, "stats", "--out", str(out), "--query", query)
    assert status == 0
    assert text.splitlines()[:4] == ["name       n", "------  ----", "すずめ     7", "abcdef  1234"]


def test_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "stats", FILES[0], "--out", str(tmp_path), "--address", "10.0.0.1:6379")
    assert status == 2 and "--address goes with --engine ray" in err
    status, _, err = run(capsys, "stats", "--out", str(tmp_path / "none"), "--query", "SELECT 1")
    assert status == 1 and "is not a folder of tables" in err
    with pytest.raises(SystemExit) as exc:
        main(["stats", FILES[0], "--out", str(tmp_path), "--workers", "0"])
    assert exc.value.code == 2


def test_the_progress_bar_shows_the_count_the_rate_and_the_time_left() -> None:
    from riichi.cli.stats import _ProgressBar
    from riichi.stats import Progress

    err = io.StringIO()
    bar = _ProgressBar(err)
    # 50 of 200 records in 10 s: 5 a second, so 150 left take 30 s
    bar.show(Progress(done=50, total=200, replayed=40, skipped=10, seconds=10.0))
    assert err.getvalue() == "\r[#######.......................] 50/200 records, 10 known, 5.0/s, 0:30 left   "
    bar.show(Progress(done=51, total=200, replayed=41, skipped=10, seconds=10.1))  # within half a second: not shown
    assert err.getvalue().count("\r") == 1


def test_a_record_that_fails_is_forgiven_and_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.xml"
    junk.write_bytes(b"not a record")
    status, text, _ = run(capsys, "stats", str(junk), FILES[0], "--out", str(tmp_path / "t"), "--no-report")
    assert status == 0
    assert "2 records: 2 replayed" in text and "(1 to the end of the game, 0 in part, 1 not at all)" in text
    assert "listed in the failures table" in text and re.search(r"records not replayed to their end\s+1\n", text)


def test_a_path_that_names_nothing_is_refused_before_anything_is_written(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    # a mistyped folder used to be "1 record: 1 replayed", exit 0, and an empty set of tables in DIR
    out = tmp_path / "tables"
    status, _, err = run(capsys, "stats", FILES[0], str(tmp_path / "logz"), "--out", str(out))
    assert status == 2 and f"{tmp_path / 'logz'}: no such file or folder" in err
    assert not out.exists()
