"""Answering JSON lines (``score --jsonl``, ``analyze --jsonl``): one strict JSON answer for every line read,
in the order read, on one core or on several; and :func:`in_order`, the worker pool that ``replay --jsonl``
shares.

With one worker the lines are answered in this process, one at a time. With more, they are read in chunks of
:data:`CHUNK_LINES`; each chunk is answered in a worker process, and the answers are written in input order as
the chunks come back. At most two chunks a worker are in flight, so memory stays bounded on a stream of any
length.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import BinaryIO, TextIO, TypeVar

from riichi.errors import InvalidJSONError
from riichi.formats import strict_json
from riichi.formats.interchange import error_result
from riichi.formats.strict_json import MAX_TEXT

__all__ = ["CHUNK_LINES", "answer_lines", "in_order", "plural", "workers_arg"]

#: Lines a worker answers at a time when there is more than one worker: large enough that handing a chunk to a
#: process costs little beside answering it (about 10 ms of work), small enough to show progress.
CHUNK_LINES = 256

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


def answer_lines(inp: BinaryIO, out: BinaryIO, err: TextIO, answer: Answer, *, noun: str, summary: bool = False,
                 number_errors: bool = False, skip_blank: bool = False, workers: int = 1) -> int:
    """Write the answer to every line of ``inp`` as one line of strict JSON, in order.

    Lines are read as bytes: a line that is not UTF-8 gets its own ``invalid_json`` answer instead of
    stopping the stream, and a line longer than the JSON reader's limit is skipped to its end and
    answered ``invalid_json`` without being held in memory. With ``number_errors`` an error answer gains
    ``"line": N`` (counted from 1); with ``summary``, stderr gets ``N cases, M errors`` at the end; on a
    terminal, stderr shows a progress line (count, errors, rate) every thousand lines.
    """
    progress = err.isatty()
    started = time.monotonic()
    n = errors = 0
    chunks = _chunks(inp, skip_blank, 1 if workers == 1 else CHUNK_LINES)
    for text, lines, chunk_errors in in_order(partial(_answer_chunk, answer, number_errors), chunks, workers):
        out.write(text)
        thousands = n // 1000
        n += lines
        errors += chunk_errors
        if progress and n // 1000 > thousands:
            rate = n / max(time.monotonic() - started, 1e-9)
            err.write(f"\r{plural(n, noun)}, {plural(errors, 'error')}, {rate:,.0f} {noun}s/s")
            err.flush()
    out.flush()
    if summary or progress:
        err.write(("\r" if progress else "") + f"{plural(n, noun)}, {plural(errors, 'error')}"
                  + (" " * 20 if progress else "") + "\n")
    return 0


def _answer_chunk(answer: Answer, number_errors: bool, chunk: list[tuple[int, Item]]) -> tuple[bytes, int, int]:
    """The answers to a chunk of numbered lines as UTF-8 text, one line each; the count of lines and of errors."""
    text = []
    errors = 0
    for number, item in chunk:
        result = answer(item) if isinstance(item, bytes) else item
        if not result["ok"]:
            errors += 1
            if number_errors:
                result["line"] = number
        text.append(strict_json.dumps(result))
    return ("\n".join(text) + "\n").encode("utf-8"), len(chunk), errors


def in_order(function: Callable[[T], R], items: Iterable[T], workers: int) -> Iterator[R]:
    """``function(item)`` for every item, in the order of ``items``: in this process, one item at a time, for one
    worker; otherwise in ``workers`` processes, at most two items a worker in flight. ``function`` and the items
    go to the workers by pickle (a module-level function, plain values)."""
    if workers == 1:
        yield from map(function, items)
        return
    # fork where it is safe and the platform's default elsewhere (spawn: each worker imports the package)
    context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
        pending: deque[concurrent.futures.Future[R]] = deque()
        try:
            for item in items:
                pending.append(pool.submit(function, item))
                if len(pending) >= 2 * workers:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:  # stopped early (an interrupt, a closed pipe): do not start the items still queued
            for future in pending:
                future.cancel()


def _chunks(inp: BinaryIO, skip_blank: bool, size: int) -> Iterator[list[tuple[int, Item]]]:
    """The lines of ``inp`` numbered from 1, ``size`` at a time (the last chunk may be shorter)."""
    chunk: list[tuple[int, Item]] = []
    n = 0
    while True:
        line = inp.readline(MAX_TEXT + 1)
        if not line:
            break
        if skip_blank and not line.strip():
            continue
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
