"""The folder of tables: Parquet parts written as a run goes, the records already known, and each part
counted only once its own manifest part (of the ``records`` table) is there.

Each table is a folder of Parquet files, ``DIR/TABLE/part-RUN-N.parquet`` (the Ray engine's are
``part-RUN-N-ray-....parquet``). A run writes its rows to JSON-lines files in ``DIR/.tmp-RUN/`` and turns them
into Parquet parts (DuckDB's ``COPY``) every few thousand games and at the end, one part of every table at a
time, the ``records`` part last: a part whose ``records/part-RUN-N.parquet`` is not written yet (a run stopped
half-way through writing part N) is left out by every reader and removed by the next run, so the records of
the part are replayed again, and counted once. Files are written under a temporary name and renamed into
place, so a reader never sees half a file; nothing in the folder is opened through a link planted there.
"""

from __future__ import annotations

import errno
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

__all__ = ["StatsError", "Store", "check_parts", "group_of", "interrupted", "new_run_id", "table_files",
           "valid_groups"]

#: Rows of the largest table a run holds in its JSON-lines files before turning them into Parquet parts: about
#: 1,200 four-player games of ``seat_kyoku`` a part. DuckDB's memory while it writes a part grows with the part
#: (measured: 88 MiB at 10,000 rows, 105 MiB at 28,000, 141 MiB at 112,000), so this also bounds the run's.
PART_ROWS: Final = 50_000
_PART: Final = re.compile(r"^part-(\d{8}T\d{6}-\d+-[0-9a-f]{6}-\d{5})(?:-[^/]*)?\.parquet$")


class StatsError(RiichiError):
    """A statistics folder that cannot be written or read (the message says why)."""


def new_run_id() -> str:
    """A run's id: its start time, the process id and a random part (``20261125T141500-4242-a1b2c3``)."""
    return f"{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}-{os.getpid()}-{secrets.token_hex(3)}"


def group_of(name: str) -> str | None:
    """The part a file belongs to, ``RUN-N`` (its run and the part's number in the run), or ``None`` for a file
    that is not a part."""
    found = _PART.match(name)
    return found.group(1) if found else None


def valid_groups(out: Path) -> set[str]:
    """The parts whose manifest is written: their files are the tables."""
    folder = out / RECORDS
    if not folder.is_dir():
        return set()
    return {group for group in map(group_of, os.listdir(folder)) if group is not None}


def table_files(out: Path, table: str, groups: set[str]) -> list[str]:
    """The Parquet files of ``table`` that belong to the given parts, in name order."""
    folder = out / table
    if not folder.is_dir():
        return []
    return [str(folder / name) for name in sorted(os.listdir(folder)) if group_of(name) in groups]


def interrupted(exc: BaseException) -> bool:
    """Whether a DuckDB error is Ctrl-C arriving while a statement ran (DuckDB stops the statement and raises
    ``RuntimeError('Query interrupted')``, or ``InterruptException`` when interrupted from another thread)."""
    return isinstance(exc, duckdb.InterruptException) or (
        type(exc) is RuntimeError and str(exc) == "Query interrupted")


def check_parts(out: Path) -> None:
    """``StatsError`` naming the first part of the tables DuckDB cannot read as one (a damaged file, or a
    Parquet file of other columns under a part's name); called when a statement on the tables failed."""
    groups = valid_groups(out)
    con = duckdb.connect(config={"threads": 1})
    try:
        for table, columns in TABLES.items():
            # the types as DuckDB writes them back (a struct's field names quoted where they are keywords)
            typed = ", ".join(f'CAST(NULL AS {kind}) AS "{name}"' for name, kind in columns)
            wanted = [(row[0], row[1]) for row in con.execute(f"DESCRIBE SELECT {typed}").fetchall()]
            for file in table_files(out, table, groups):
                try:
                    found = [(row[0], row[1]) for row in con.execute(
                        f"DESCRIBE SELECT * FROM read_parquet({sql_string(file)})").fetchall()]
                    con.execute(f"SELECT count(*) FROM read_parquet({sql_string(file)})").fetchall()
                except duckdb.Error as exc:
                    raise StatsError(_bad_part(out, file, f"it cannot be read as Parquet ({_first_line(exc)})")) from None
                if found != wanted:
                    missing = [f"{name} {kind}" for name, kind in wanted if (name, kind) not in found]
                    raise StatsError(_bad_part(out, file, f"its columns are not the {table} table's "
                                                          f"(missing or of another type: {', '.join(missing) or 'none'};"
                                                          f" in another order or more)"))
    finally:
        con.close()


def _bad_part(out: Path, file: str, why: str) -> str:
    group = group_of(os.path.basename(file))
    return (f"{file}: {why}. Remove it with the other files of its part ({out}/*/part-{group}*.parquet); "
            "the next run replays that part's records again")


def _first_line(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def sql_string(text: str) -> str:
    """``text`` as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


class Store:
    """One run's writer into ``out``: :meth:`add` the rows of each record, :meth:`close` at the end."""

    def __init__(self, out: Path, *, run: str | None = None, part_rows: int = PART_ROWS) -> None:
        self.out = out
        self.run = run or new_run_id()
        self.part_rows = part_rows
        try:
            out.mkdir(parents=True, exist_ok=True)
            # never truncated, never through a link planted under its name (the link's target is left alone)
            fd = os.open(out / ".lock", os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError as exc:
            raise StatsError(_os_problem(out / ".lock" if out.is_dir() else out, exc)) from None
        self._lock = os.fdopen(fd, "r+")
        if sys.platform != "win32":  # an advisory lock where the system has them
            try:
                fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                self._lock.close()
                raise StatsError(f"another run is writing into {out}; one run at a time per folder") from None
        try:
            self._remove_unfinished()
            self._tmp = out / f".tmp-{self.run}"
            self._tmp.mkdir()
        except OSError as exc:
            self._lock.close()
            raise StatsError(_os_problem(out, exc)) from None
        self._files: dict[str, IO[str]] = {}
        self._counts: dict[str, int] = dict.fromkeys(TABLES, 0)
        self._parts = 0
        self._con = duckdb.connect(config={"threads": 1})  # parts are small: one thread, less memory

    def known(self) -> set[str]:
        """The content keys of every record the folder's tables already hold."""
        return {row[0] for row in self._records("SELECT DISTINCT record_sha FROM records WHERE record_sha IS NOT NULL")}

    def known_games(self) -> set[str]:
        """The ids of every game the folder's tables hold (a record replayed in full or in part)."""
        return {row[0] for row in self._records(
            "SELECT DISTINCT game_id FROM records WHERE game_id IS NOT NULL AND status IN ('complete', 'partial')")}

    @property
    def next_part(self) -> str:
        """The name stem of the part the next :meth:`flush` writes, ``part-RUN-N``."""
        return f"part-{self.run}-{self._parts + 1:05d}"

    def _records(self, query: str) -> list[tuple[str]]:
        files = table_files(self.out, RECORDS, valid_groups(self.out))
        if not files:
            return []
        try:
            return self._con.execute(f"WITH records AS (SELECT * FROM read_parquet({_list(files)})) {query}").fetchall()
        except (duckdb.Error, RuntimeError) as exc:
            if interrupted(exc):
                raise KeyboardInterrupt from None
            check_parts(self.out)
            raise StatsError(f"the records table of {self.out} cannot be read: {_first_line(exc)}") from None

    def add(self, rows: RecordRows) -> None:
        """Append one record's rows; a part of every table is written once the largest holds enough rows."""
        try:
            self._add(rows)
        except OSError as exc:
            raise StatsError(_os_problem(self.out, exc)) from None

    def _add(self, rows: RecordRows) -> None:
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
        try:
            self._flush()
        except OSError as exc:
            raise StatsError(_os_problem(self.out, exc)) from None

    def _flush(self) -> None:
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
        """Drop what is held and the files of a part whose manifest is not written (the parts whose manifest is
        written stay)."""
        for f in self._files.values():
            f.close()
        shutil.rmtree(self._tmp, ignore_errors=True)
        self._con.close()
        try:
            self._remove_unfinished()
        except OSError:
            pass  # the next run removes them
        self._lock.close()

    def _copy(self, table: str, source: Path) -> None:
        columns = TABLES[table]
        types = "{" + ", ".join(f"{sql_string(name)}: {sql_string(kind)}" for name, kind in columns) + "}"
        names = ", ".join(f'"{name}"' for name, _ in columns)
        folder = self.out / table
        folder.mkdir(exist_ok=True)
        name = f"part-{self.run}-{self._parts:05d}.parquet"
        partial = folder / f".{name}.tmp"
        if os.path.lexists(partial):  # nothing of ours has this name (the run is new): never write through it
            partial.unlink()
        try:
            self._con.execute(
                f"COPY (SELECT {names} FROM read_json({sql_string(str(source))}, format='newline_delimited', "
                f"columns={types})) TO {sql_string(str(partial))} (FORMAT parquet, COMPRESSION zstd)")
        except (duckdb.Error, RuntimeError) as exc:
            if interrupted(exc):
                raise KeyboardInterrupt from None
            raise StatsError(f"cannot write {folder / name}: {_first_line(exc)}") from None
        os.replace(partial, folder / name)

    def _remove_unfinished(self) -> None:
        """Remove what a run stopped half-way left: its temporary folder and its parts without a manifest."""
        groups = valid_groups(self.out)
        for entry in os.listdir(self.out):
            path = self.out / entry
            if entry.startswith(".tmp-") and path.is_dir():
                shutil.rmtree(path, ignore_errors=True)  # a link is not followed (rmtree refuses it)
            elif entry in TABLES and path.is_dir():
                for name in os.listdir(path):
                    group = group_of(name)
                    if (name.startswith(".part-") and name.endswith(".tmp")) or (
                            group is not None and group not in groups):
                        (path / name).unlink()


def _os_problem(path: Path, exc: OSError) -> str:
    """What went wrong writing into the folder, naming the file."""
    where = exc.filename if isinstance(exc.filename, str) else str(path)
    if exc.errno == errno.ELOOP:
        return f"{where} is a link: riichi stats writes no file of its folder through a link"
    return f"cannot write {where}: {exc.strerror or exc}"


def _list(files: list[str]) -> str:
    return "[" + ", ".join(sql_string(f) for f in files) + "]"
