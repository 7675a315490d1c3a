"""``riichi stats --engine ray``: the same replay step on a Ray cluster, with Ray Data.

Two passes over the record files, both on the cluster: the first reads every file and gives its content key
(so that a record the folder already holds, or a copy met twice, is not replayed: only the keys come back to
this process); the second reads the files to replay, maps :func:`riichi.stats.rows.record_rows` over batches
of them, and writes each table's rows as Parquet parts into the folder (``Dataset.write_parquet``), with the
same columns and types as the local engine's. The ``records`` rows come back to this process in file order
(a record of a game met before is a ``duplicate``, its rows left out of the other tables, as the local engine
does) and are written last, as the manifest of the run's one part. A local folder's files are named by their
absolute path, and only a regular file within the size limit is given to Ray (a FIFO, a device, a file too
large are listed in ``failures``, as ``riichi replay`` says them); a path Ray's file systems read
(``s3://...``) is passed as it is.

Start a cluster with ``ray start --head`` on one machine and ``ray start --address=HEAD:6379`` on the others,
then ``riichi stats PATH --out DIR --engine ray --address HEAD:6379``; the record files and DIR must be where
every node reads and writes them (a shared file system or object store).
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Final

import pyarrow as pa  # type: ignore[import-untyped]
import ray
import ray.data
from ray.data.datasource import FilenameProvider
from ray.data.expressions import col

from riichi.replay.sources import check_file
from riichi.rules import RuleSet
from riichi.stats.build import _corpus
from riichi.stats.rows import DUPLICATE, RecordRows, record_key, record_rows, unreadable_rows
from riichi.stats.schema import RECORDS, TABLES
from riichi.stats.store import StatsError, Store, sql_string

if TYPE_CHECKING:
    from riichi.stats.build import BuildResult

__all__ = ["arrow_schema", "build_ray"]

#: Records a Ray task replays at a time.
BATCH_RECORDS: Final = 8
_STRUCT: Final = re.compile(r"^STRUCT\((.*)\)$")


def arrow_type(kind: str) -> pa.DataType:
    """The Arrow type of a column's DuckDB type (the few the tables use)."""
    if kind.endswith("[]"):
        return pa.list_(arrow_type(kind[:-2]))
    found = _STRUCT.match(kind)
    if found:
        fields = [part.strip().split(" ", 1) for part in found.group(1).split(",")]
        return pa.struct([(name, arrow_type(sub)) for name, sub in fields])
    simple = {"VARCHAR": pa.string(), "INTEGER": pa.int32(), "BOOLEAN": pa.bool_(), "DOUBLE": pa.float64()}
    if kind not in simple:
        raise StatsError(f"no Arrow type for the column type {kind}")
    return simple[kind]


def arrow_schema(table: str) -> pa.Schema:
    """The Arrow schema of a table (:data:`riichi.stats.schema.TABLES`)."""
    return pa.schema([(name, arrow_type(kind)) for name, kind in TABLES[table]])


def _files(paths: list[str], out: Path) -> tuple[list[str], list[tuple[str, OSError]]]:
    """The record files of ``paths``: local files, folders and globs as absolute paths (less the folder of
    tables), other paths (``s3://...``) as given; and the local ones that are no file to read, with why."""
    found = [p for p in paths if "://" in p]
    refused: list[tuple[str, OSError]] = []
    for path in _corpus([p for p in paths if "://" not in p], out):
        try:
            check_file(path)
        except OSError as exc:
            refused.append((path, exc))
        else:
            found.append(os.path.abspath(path))
    return found, refused


def _keys(batch: pa.Table) -> pa.Table:
    return pa.table({"path": batch["path"],
                     "key": pa.array([record_key(b.as_py()) for b in batch["bytes"]], pa.string())})


def _replay(fmt: str, rules: RuleSet | None, events: bool, batch: pa.Table) -> pa.Table:
    tables: list[str] = []
    rows: list[str] = []
    records: list[str] = []
    files: list[str] = []
    for path, data in zip(batch["path"].to_pylist(), batch["bytes"].to_pylist(), strict=True):
        result = record_rows(path, data, fmt=fmt, rules=rules, events=events)
        for table, table_rows in result.tables.items():
            for row in table_rows:
                tables.append(table)
                rows.append(json.dumps(row, ensure_ascii=False, allow_nan=False))
                records.append(result.record_sha)
                files.append(path)
    return pa.table({"table": pa.array(tables, pa.string()), "row": pa.array(rows, pa.string()),
                     "record": pa.array(records, pa.string()), "file": pa.array(files, pa.string())})


def _typed(table: str, batch: pa.Table) -> pa.Table:
    return pa.Table.from_pylist([json.loads(r) for r in batch["row"].to_pylist()], schema=arrow_schema(table))


class _PartNames(FilenameProvider):
    """Part names the folder's readers take: ``part-RUN-N-ray-WRITE-TASK.parquet`` (``part-RUN-N`` the stem of the
    part whose manifest the run writes last)."""

    def __init__(self, stem: str) -> None:
        super().__init__(file_format="parquet")
        self.stem = stem

    def get_filename_for_task(self, write_uuid: str, task_index: int) -> str:
        return f"{self.stem}-ray-{write_uuid}-{task_index:06d}.parquet"


def build_ray(paths: list[str], out: Path, *, rules: RuleSet | None, fmt: str, events: bool,
              address: str | None) -> BuildResult:
    """Replay the records of ``paths`` that ``out`` does not hold on Ray, and write their rows into ``out``."""
    from riichi.stats.build import BuildResult

    started = time.monotonic()
    store = Store(out, part_rows=sys.maxsize)  # one part: Ray's files, then their manifest
    started_ray = not ray.is_initialized()
    try:
        if started_ray:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        known = store.known()
        games = store.known_games()
        files, refused = _files(paths, out)
        for path, exc in refused:  # listed in failures as the local engine lists them (and tried again next run)
            store.add(unreadable_rows(path, exc))
        chosen: dict[str, str] = {}
        skipped = 0
        if files:
            keyed = ray.data.read_binary_files(files, include_paths=True).map_batches(
                _keys, batch_format="pyarrow", batch_size=64)
            for row in sorted(keyed.iter_rows(), key=lambda r: str(r["path"])):
                key = str(row["key"])
                if key in known or key in chosen:
                    skipped += 1
                else:
                    chosen[key] = str(row["path"])
        todo = sorted(chosen.values())
        duplicates: list[str] = []
        if todo:
            rows = ray.data.read_binary_files(todo, include_paths=True).map_batches(
                partial(_replay, fmt, rules, events), batch_format="pyarrow", batch_size=BATCH_RECORDS).materialize()
            duplicates = _manifest(rows, store, games)
            for table in TABLES:
                if table == RECORDS:
                    continue
                keep = col("table") == table
                if duplicates:
                    keep = keep & col("record").not_in(duplicates)
                part = rows.filter(expr=keep)
                if part.count():
                    part.map_batches(partial(_typed, table), batch_format="pyarrow").write_parquet(
                        str(out / table), filename_provider=_PartNames(store.next_part))
        store.flush()  # the manifest, after Ray's files of the part
        status, hands = _tally(store, out)
    except BaseException:
        store.abort()
        raise
    finally:
        if started_ray:
            ray.shutdown()
    store.close()
    return BuildResult(out, "ray", len(files) + len(refused), len(todo) - len(duplicates) + len(refused),
                       skipped + len(duplicates), status.get("complete", 0), status.get("partial", 0),
                       status.get("failed", 0), hands, time.monotonic() - started)


def _manifest(rows: ray.data.Dataset, store: Store, games: set[str]) -> list[str]:
    """Hand the ``records`` rows to the store in file order, each record whose game is met again a
    ``duplicate``; the content keys of those duplicates."""
    duplicates: list[str] = []
    for row in rows.filter(expr=col("table") == RECORDS).sort("file").iter_rows():
        record = json.loads(str(row["row"]))
        game = record["game_id"]
        if game is not None:
            if game in games:
                record["status"] = DUPLICATE
                duplicates.append(str(row["record"]))
            games.add(game)
        store.add(RecordRows(str(record["record_sha"]), str(record["status"]), {RECORDS: [record]}, game))
    return duplicates


def _tally(store: Store, out: Path) -> tuple[dict[str, int], int]:
    """This run's records by status, and its hands, from the parts it wrote."""
    def parts(table: str) -> Iterator[str]:
        folder = out / table
        if folder.is_dir():
            yield from (str(folder / n) for n in os.listdir(folder) if n.startswith(f"part-{store.run}-"))
    con = store._con
    records = list(parts(RECORDS))
    status: dict[str, int] = {}
    if records:
        source = "[" + ", ".join(map(sql_string, records)) + "]"
        status = dict(con.execute(f"SELECT status, count(*) FROM read_parquet({source}) GROUP BY status").fetchall())
    kyoku = list(parts("kyoku"))
    hands = 0
    if kyoku:
        row = con.execute(f"SELECT count(*) FROM read_parquet([{', '.join(map(sql_string, kyoku))}])").fetchone()
        hands = int(row[0]) if row else 0
    return status, hands
