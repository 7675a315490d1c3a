"""The folder of tables: Parquet parts written as a run goes, the records already known, and a run's parts
counted only once the run's manifest (the ``records`` table) has them.

Each table is a folder of Parquet files, ``DIR/TABLE/part-RUN-N.parquet``. A run writes its rows to JSON-lines
files in ``DIR/.tmp-RUN/`` and turns them into Parquet parts (DuckDB's ``COPY``) every few thousand games and
at the end, the ``records`` part last: a part whose run has no ``records`` part yet (a run stopped half-way)
is left out by every reader and removed by the next run. Files are written under a temporary name and renamed
into place, so a reader never sees half a file.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import sys
import time
from pathlib import Path
from typing import IO, Final

import duckdb

from riichi.errors import RiichiError

if sys.platform != "win32":
    import fcntl
from riichi.stats.rows import RecordRows
from riichi.stats.schema import RECORDS, TABLES

__all__ = ["StatsError", "Store", "new_run_id", "run_of", "table_files", "valid_runs"]

#: Rows of the largest table a run holds in its JSON-lines files before turning them into Parquet parts: about
#: 1,200 four-player games of ``seat_kyoku`` a part. DuckDB's memory while it writes a part grows with the part
#: (measured: 88 MiB at 10,000 rows, 105 MiB at 28,000, 141 MiB at 112,000), so this also bounds the run's.
PART_ROWS: Final = 50_000
_PART: Final = re.compile(r"^part-(\d{8}T\d{6}-\d+-[0-9a-f]{6})-.*\.parquet$")


class StatsError(RiichiError):
    """A statistics folder that cannot be written or read (the message says why)."""


def new_run_id() -> str:
    """A run's id: its start time, the process id and a random part (``20261125T141500-4242-a1b2c3``)."""
    return f"{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}-{os.getpid()}-{secrets.token_hex(3)}"


def run_of(name: str) -> str | None:
    """The run id of a part's file name, or ``None`` for a file that is not a part."""
    found = _PART.match(name)
    return found.group(1) if found else None


def valid_runs(out: Path) -> set[str]:
    """The runs whose manifest part is written: their parts are the tables."""
    folder = out / RECORDS
    if not folder.is_dir():
        return set()
    return {run for run in map(run_of, os.listdir(folder)) if run is not None}


def table_files(out: Path, table: str, runs: set[str]) -> list[str]:
    """The Parquet parts of ``table`` that belong to the given runs, in name order."""
    folder = out / table
    if not folder.is_dir():
        return []
    return [str(folder / name) for name in sorted(os.listdir(folder)) if run_of(name) in runs]


def sql_string(text: str) -> str:
    """``text`` as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


class Store:
    """One run's writer into ``out``: :meth:`add` the rows of each record, :meth:`close` at the end."""

    def __init__(self, out: Path, *, run: str | None = None, part_rows: int = PART_ROWS) -> None:
        self.out = out
        self.run = run or new_run_id()
        self.part_rows = part_rows
        out.mkdir(parents=True, exist_ok=True)
        self._lock = open(out / ".lock", "w")  # noqa: SIM115 (held for the run; the system drops it at exit)
        if sys.platform != "win32":  # an advisory lock where the system has them
            try:
                fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                self._lock.close()
                raise StatsError(f"another run is writing into {out}; one run at a time per folder") from None
        self._remove_unfinished()
        self._tmp = out / f".tmp-{self.run}"
        self._tmp.mkdir()
        self._files: dict[str, IO[str]] = {}
        self._counts: dict[str, int] = dict.fromkeys(TABLES, 0)
        self._parts = 0
        self._con = duckdb.connect(config={"threads": 1})  # parts are small: one thread, less memory

    def known(self) -> set[str]:
        """The content keys of every record the folder's tables already hold."""
        files = table_files(self.out, RECORDS, valid_runs(self.out))
        if not files:
            return set()
        rows = self._con.execute(f"SELECT DISTINCT record_sha FROM read_parquet({_list(files)}) "
                                 "WHERE record_sha IS NOT NULL").fetchall()
        return {row[0] for row in rows}

    def add(self, rows: RecordRows) -> None:
        """Append one record's rows; a part of every table is written once the largest holds enough rows."""
        for table, table_rows in rows.tables.items():
            if not table_rows:
                continue
            f = self._files.get(table)
            if f is None:
                f = self._files[table] = open(self._tmp / f"{table}.jsonl", "w", encoding="utf-8")  # noqa: SIM115
            f.writelines(json.dumps(row, ensure_ascii=False, allow_nan=False) + "\n" for row in table_rows)
            self._counts[table] += len(table_rows)
        if max(self._counts.values()) >= self.part_rows:
            self.flush()

    def flush(self) -> None:
        """Turn the rows held into one Parquet part a table, the manifest's last."""
        if not self._counts[RECORDS]:
            return
        self._parts += 1
        for table in sorted(self._files, key=lambda name: name == RECORDS):
            self._files[table].close()
            source = self._tmp / f"{table}.jsonl"
            if self._counts[table]:
                self._copy(table, source)
            source.unlink()
        self._files.clear()
        self._counts = dict.fromkeys(TABLES, 0)

    def close(self) -> None:
        """Write what is held and remove the run's temporary folder."""
        self.flush()
        shutil.rmtree(self._tmp, ignore_errors=True)
        self._con.close()
        self._lock.close()

    def abort(self) -> None:
        """Drop what is held (the parts already written stay: their manifest is written)."""
        for f in self._files.values():
            f.close()
        shutil.rmtree(self._tmp, ignore_errors=True)
        self._con.close()
        self._lock.close()

    def _copy(self, table: str, source: Path) -> None:
        columns = TABLES[table]
        types = "{" + ", ".join(f"{sql_string(name)}: {sql_string(kind)}" for name, kind in columns) + "}"
        names = ", ".join(f'"{name}"' for name, _ in columns)
        folder = self.out / table
        folder.mkdir(exist_ok=True)
        name = f"part-{self.run}-{self._parts:05d}.parquet"
        partial = folder / f".{name}.tmp"
        self._con.execute(
            f"COPY (SELECT {names} FROM read_json({sql_string(str(source))}, format='newline_delimited', "
            f"columns={types})) TO {sql_string(str(partial))} (FORMAT parquet, COMPRESSION zstd)")
        os.replace(partial, folder / name)

    def _remove_unfinished(self) -> None:
        """Remove what a run stopped half-way left: its temporary folder and its parts without a manifest."""
        runs = valid_runs(self.out)
        for entry in os.listdir(self.out):
            path = self.out / entry
            if entry.startswith(".tmp-") and path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            elif entry in TABLES and path.is_dir():
                for name in os.listdir(path):
                    if (name.startswith(".part-") and name.endswith(".tmp")) or (
                            run_of(name) is not None and run_of(name) not in runs):
                        (path / name).unlink()


def _list(files: list[str]) -> str:
    return "[" + ", ".join(sql_string(f) for f in files) + "]"
