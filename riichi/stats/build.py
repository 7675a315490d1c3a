"""``riichi.stats.build``: replay a corpus into the folder of tables, on this machine's cores or on Ray.

The local engine reads each file in this process (as ``riichi replay`` reads it: regular files of a bounded
size only), skips a record whose content the folder already holds (or that this run has met already), and
replays the others in the command line's worker pool (:func:`riichi.cli.batch.in_order`), a few records a
task; the rows come back in file order and go to the folder's writer, which turns them into Parquet parts as it
goes (memory stays flat). A record of a game the tables hold already (the same game under other bytes: another
format, other line ends) adds only its ``records`` row, status ``duplicate``: the first record of a game counts.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Final

from riichi.cli.batch import in_order
from riichi.extras import install_hint
from riichi.replay.sources import expand_paths, read_file
from riichi.rules import RuleSet
from riichi.stats.rows import DUPLICATE, RecordRows, duplicate_rows, record_key, record_rows, unreadable_rows
from riichi.stats.store import StatsError, Store

__all__ = ["ENGINES", "BuildResult", "Progress", "build"]

ENGINES: Final = ("local", "ray")
#: Records a worker replays at a time (a task of about a tenth of a second).
TASK_RECORDS: Final = 8


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a run is: records looked at out of ``total``, replayed, skipped as known, seconds so far."""

    done: int
    total: int
    replayed: int
    skipped: int
    seconds: float

    @property
    def seconds_left(self) -> float | None:
        """The time left at the rate so far (``None`` before the first record)."""
        if not self.done or not self.seconds:
            return None
        return (self.total - self.done) * self.seconds / self.done


@dataclass(frozen=True, slots=True)
class BuildResult:
    """What a run did: the records found, replayed and skipped (known before, or a copy met in this run), the
    games replayed to their end and in part, the records that failed, the hands replayed, the time taken."""

    out: Path
    engine: str
    records: int
    replayed: int
    skipped: int
    complete: int
    partial: int
    failed: int
    hands: int
    seconds: float


class _Tally:
    def __init__(self) -> None:
        self.records = self.replayed = self.skipped = 0
        self.status = {"complete": 0, "partial": 0, "failed": 0}
        self.hands = 0

    def add(self, rows: RecordRows) -> None:
        if rows.status == DUPLICATE:
            self.skipped += 1
            return
        self.replayed += 1
        self.status[rows.status] += 1
        self.hands += rows.count("kyoku")


def build(paths: Iterable[str], out: str | Path, *, rules: RuleSet | None = None, fmt: str = "auto",
          workers: int = 1, engine: str = "local", events: bool = False, address: str | None = None,
          progress: Callable[[Progress], None] | None = None) -> BuildResult:
    """Replay every record of ``paths`` (files, folders, globs) that ``out`` does not hold yet and add its rows
    to the tables of ``out``. ``workers``: processes for the local engine; ``engine="ray"`` runs the replay on
    Ray Data instead (``address``: the cluster's, default a local Ray); ``events``: also write the ``events``
    table; ``progress`` is called as records are done."""
    if engine not in ENGINES:
        raise StatsError(f"unknown engine {engine!r} (engines: {', '.join(ENGINES)})")
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise StatsError(f"{folder} is a file, not a folder of tables")
    paths = list(paths)
    if engine == "ray":
        try:
            from riichi.stats.ray_engine import build_ray
        except ImportError as exc:
            raise StatsError(f"--engine ray needs Ray: {install_hint('ray')} ({exc})") from None
        return build_ray(paths, folder, rules=rules, fmt=fmt, events=events, address=address)
    started = time.monotonic()
    total = sum(1 for _ in _corpus(paths, folder))
    store = Store(folder)
    tally = _Tally()
    try:
        known = store.known()
        games = store.known_games()
        tasks = _tasks(_corpus(paths, folder), known, tally)
        replay = partial(_replay_task, fmt, rules, events)
        for results in in_order(replay, tasks, workers):
            for rows in results:
                game = rows.game_id
                if game is not None:
                    if game in games:
                        rows = duplicate_rows(rows)
                    games.add(game)
                store.add(rows)
                tally.add(rows)
            if progress is not None:
                progress(Progress(tally.replayed + tally.skipped, total, tally.replayed, tally.skipped,
                                  time.monotonic() - started))
    except BaseException:
        store.abort()
        raise
    store.close()
    return BuildResult(folder, "local", tally.records, tally.replayed, tally.skipped, tally.status["complete"],
                       tally.status["partial"], tally.status["failed"], tally.hands, time.monotonic() - started)


Task = list[tuple[str, bytes | OSError]]


def _corpus(paths: list[str], out: Path) -> Iterator[str]:
    """The record files of ``paths``, less what lies in the folder of tables (a run's temporary JSON lines
    there are not records, should the folder be inside a corpus folder)."""
    inside = str(out.resolve()) + os.sep
    for path in expand_paths(paths):
        if not os.path.abspath(path).startswith(inside):
            yield path


def _tasks(paths: Iterator[str], known: set[str], tally: _Tally) -> Iterator[Task]:
    """The records to replay, a few at a time: each file read here and skipped when its content is known
    (a file that cannot be read goes on with the reason, to be listed in ``failures``)."""
    task: Task = []
    for path in paths:
        tally.records += 1
        try:
            data = _read(path)
        except OSError as exc:
            task.append((path, exc))
        else:
            key = record_key(data)
            if key in known:
                tally.skipped += 1
                continue
            known.add(key)
            task.append((path, data))
        if len(task) == TASK_RECORDS:
            yield task
            task = []
    if task:
        yield task


def _replay_task(fmt: str, rules: RuleSet | None, events: bool, task: Task) -> list[RecordRows]:
    return [record_rows(path, data, fmt=fmt, rules=rules, events=events) if isinstance(data, bytes)
            else unreadable_rows(path, data) for path, data in task]


def _read(path: str) -> bytes:
    if path == "-":
        raise OSError(0, "standard input is not a corpus: name the files")
    return read_file(path)  # a FIFO, a device, a file over the size limit: refused before anything is read

