"""Answering JSON lines (``score --jsonl``, ``analyze --jsonl``): one strict JSON answer for every line read,
in the order read, on one core or on several; and :func:`in_order`, the worker pool that ``replay --jsonl``
shares.

With one worker the lines are answered in this process, one at a time. With more, they are read in chunks of
:data:`CHUNK_LINES`; each chunk is answered in a worker process, and the answers are written in input order as
the chunks come back. At most two chunks a worker are in flight, so memory stays bounded on a stream of any
length.

No line is lost silently: a worker process that dies (killed, out of memory) is replaced and the chunks it
held are answered again by the new workers; a chunk that kills its workers :data:`ATTEMPTS` times stops the
command with one line naming the first input line not answered (the answers before it are all written), and
exit status 1.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
from concurrent.futures.process import BrokenProcessPool
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import BinaryIO, Generic, TextIO, TypeVar

from riichi.errors import InvalidJSONError
from riichi.formats import strict_json
from riichi.formats.interchange import error_result
from riichi.formats.strict_json import MAX_TEXT

__all__ = ["ATTEMPTS", "CHUNK_LINES", "WorkerLost", "answer_lines", "in_order", "plural", "workers_arg"]

#: Lines a worker answers at a time when there is more than one worker: large enough that handing a chunk to a
#: process costs little beside answering it (about 10 ms of work), small enough to show progress.
CHUNK_LINES = 256
#: Times an item is handed to a worker process before a worker dying on it stops the command.
ATTEMPTS = 3

#: A line to answer, or the answer already made for it (a line too long to read).
Item = bytes | dict[str, object]
Answer = Callable[[bytes], dict[str, object]]
T = TypeVar("T")
R = TypeVar("R")


def workers_arg(text: str) -> int:
    """``--workers``: a number of processes, or ``auto`` for one a core."""
    if text == "auto":
        return os.cpu_count() or 1
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"a worker count is a whole number from 1, or auto, not {text!r}")
    return value


def answer_lines(inp: BinaryIO, out: BinaryIO, err: TextIO, answer: Answer, *, command: str, noun: str,
                 summary: bool = False, workers: int = 1) -> int:
    """Write the answer to every line of ``inp`` as one line of strict JSON, in order; the exit status.

    Every line is answered, a blank one included (its answer is ``invalid_json``), so the n-th line of the
    output answers the n-th line of the input. Lines are read as bytes: a line that is not UTF-8 gets its own
    ``invalid_json`` answer instead of stopping the stream, and a line longer than the JSON reader's limit is
    skipped to its end and answered ``invalid_json`` without being held in memory. An error answer gains
    ``"line": N`` (counted from 1); with ``summary``, stderr gets ``N cases, M errors`` at the end; on a
    terminal, stderr shows a progress line (count, errors, rate) every thousand lines. When worker processes
    die on a chunk :data:`ATTEMPTS` times, the answers before it are written, stderr names the first line
    not answered, and the exit status is 1.
    """
    progress = err.isatty()
    started = time.monotonic()
    n = errors = 0
    chunks = _chunks(inp, 1 if workers == 1 else CHUNK_LINES)
    try:
        for text, lines, chunk_errors in in_order(partial(_answer_chunk, answer), chunks, workers):
            out.write(text)
            thousands = n // 1000
            n += lines
            errors += chunk_errors
            if progress and n // 1000 > thousands:
                rate = n / max(time.monotonic() - started, 1e-9)
                err.write(f"\r{plural(n, noun)}, {plural(errors, 'error')}, {rate:,.0f} {noun}s/s")
                err.flush()
    except WorkerLost as lost:
        out.flush()
        chunk = lost.item
        assert isinstance(chunk, list)
        first, last = chunk[0][0], chunk[-1][0]
        err.write(("\n" if progress else "") + f"riichi {command}: error (worker_lost): worker processes died "
                  f"{ATTEMPTS} times answering lines {first:,}-{last:,}; lines {first:,} and after were not "
                  f"answered ({plural(n, noun)} answered before them)\n")
        return 1
    out.flush()
    if summary or progress:
        err.write(("\r" if progress else "") + f"{plural(n, noun)}, {plural(errors, 'error')}"
                  + (" " * 20 if progress else "") + "\n")
    return 0


def _answer_chunk(answer: Answer, chunk: list[tuple[int, Item]]) -> tuple[bytes, int, int]:
    """The answers to a chunk of numbered lines as UTF-8 text, one line each; the count of lines and of errors."""
    text = []
    errors = 0
    for number, item in chunk:
        result = answer(item) if isinstance(item, bytes) else item
        if not result["ok"]:
            errors += 1
            result["line"] = number
        text.append(strict_json.dumps(result))
    return ("\n".join(text) + "\n").encode("utf-8"), len(chunk), errors


class WorkerLost(Exception):  # noqa: N818 - what happened, as the command reports it
    """Worker processes died :data:`ATTEMPTS` times on ``item``: it and the items after it are not answered (every
    item before it is)."""

    def __init__(self, item: object) -> None:
        super().__init__(f"worker processes died {ATTEMPTS} times on one item")
        self.item = item


def in_order(function: Callable[[T], R], items: Iterable[T], workers: int) -> Iterator[R]:
    """``function(item)`` for every item, in the order of ``items``: in this process, one item at a time, for one
    worker; otherwise in ``workers`` processes, at most two items a worker in flight. ``function`` and the items
    go to the workers by pickle (a module-level function, plain values).

    A worker process that dies is replaced (a new pool) and the items in flight are handed out again; an item
    on which workers die :data:`ATTEMPTS` times raises :class:`WorkerLost`."""
    if workers == 1:
        yield from map(function, items)
        return
    pool: _Pool[T, R] = _Pool(function, workers)
    try:
        for item in items:
            pool.submit(item)
            if len(pool.pending) >= 2 * workers:
                yield pool.first()
        while pool.pending:
            yield pool.first()
    finally:  # stopped early (an interrupt, a closed pipe, a lost item): do not start the items still queued
        pool.close()


@dataclass(slots=True)
class _Entry(Generic[T, R]):
    """An item in flight: its future (None while it waits to be handed out again) and the times a worker died
    answering it alone."""

    item: T
    future: concurrent.futures.Future[R] | None
    deaths: int = 0


class _Pool(Generic[T, R]):
    """The worker processes of :func:`in_order` and its items in flight, in order.

    When a worker dies the pool breaks and every unfinished item loses its answer. A new pool then answers the
    first of them alone, so that a death is blamed on the item that caused it: an item that kills its worker
    alone :data:`ATTEMPTS` times is lost; once the first item is answered, the others are handed out together.
    """

    def __init__(self, function: Callable[[T], R], workers: int) -> None:
        self.function = function
        self.workers = workers
        self.pending: deque[_Entry[T, R]] = deque()
        self.executor = self._start()

    def _start(self) -> concurrent.futures.ProcessPoolExecutor:
        # fork where it is safe and the platform's default elsewhere (spawn: each worker imports the package)
        context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
        return concurrent.futures.ProcessPoolExecutor(self.workers, mp_context=context)

    def submit(self, item: T) -> None:
        entry: _Entry[T, R] = _Entry(item, None)
        self.pending.append(entry)
        if all(e.future is not None for e in self.pending if e is not entry):  # not while the pool recovers
            self._hand_out(entry)

    def _hand_out(self, entry: _Entry[T, R]) -> None:
        try:
            entry.future = self.executor.submit(self.function, entry.item)
        except BrokenProcessPool:  # a worker died while idle: the pool takes no more
            self._restart()

    def first(self) -> R:
        """The first item's answer, once it is there."""
        while True:
            entry = self.pending[0]
            alone = entry.future is None
            if alone:  # recovering from a death: this item alone in a fresh pool
                self._hand_out(entry)
                if entry.future is None:
                    continue
            assert entry.future is not None
            try:
                result = entry.future.result()
            except BrokenProcessPool:
                if alone:
                    entry.deaths += 1
                    if entry.deaths >= ATTEMPTS:
                        raise WorkerLost(entry.item) from None
                self._restart()
                continue
            self.pending.popleft()
            if alone:  # the first item was innocent: the others go out together again
                for waiting in self.pending:
                    if waiting.future is None:
                        self._hand_out(waiting)
            return result

    def _restart(self) -> None:
        """A new pool; the items whose answers were lost wait to be handed out again."""
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.executor = self._start()
        for entry in self.pending:
            future = entry.future
            if future is None or not future.done() or future.cancelled() or future.exception() is not None:
                entry.future = None

    def close(self) -> None:
        for entry in self.pending:
            if entry.future is not None:
                entry.future.cancel()
        self.executor.shutdown(wait=True, cancel_futures=True)


def _chunks(inp: BinaryIO, size: int) -> Iterator[list[tuple[int, Item]]]:
    """The lines of ``inp`` numbered from 1, ``size`` at a time (the last chunk may be shorter)."""
    chunk: list[tuple[int, Item]] = []
    n = 0
    while True:
        line = inp.readline(MAX_TEXT + 1)
        if not line:
            break
        n += 1
        if len(line) > MAX_TEXT and not line.endswith(b"\n"):
            size_read = len(line) + _skip_line(inp)
            chunk.append((n, error_result(None, InvalidJSONError(
                f"the line is {size_read:,} bytes long; at most {MAX_TEXT:,} are read"))))
        else:
            chunk.append((n, line))
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _skip_line(inp: BinaryIO) -> int:
    """Read to the end of the current line in pieces; the number of bytes skipped (the newline not counted)."""
    skipped = 0
    while True:
        piece = inp.readline(MAX_TEXT)
        if piece.endswith(b"\n"):
            return skipped + len(piece) - 1
        if not piece:
            return skipped
        skipped += len(piece)


def plural(n: int, noun: str) -> str:
    """``1 case``, ``2 cases``, ``1,000 errors``."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"
