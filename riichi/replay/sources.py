"""Where records come from: files, folders and globs, read one at a time (constant memory over many).

A record file is read only when it is a regular file of at most :data:`MAX_FILE` bytes, checked before
anything is read (a link to ``/dev/zero``, a FIFO that nobody writes, a sparse file of gigabytes: each is an
``error`` line for that file, and the next file goes on); gzip is then undone within the same limit.

Folders and the ``**`` of a glob are searched without following links to folders (a link to a folder above
it would make the search go round for ever): what a link to a folder holds is read when the link is named.
"""

from __future__ import annotations

import errno
import fnmatch
import os
import re
import stat
import sys
from collections.abc import Iterable, Iterator
from typing import Final

from riichi.formats.detect import read_record
from riichi.formats.record import ErrorCode
from riichi.formats.gzipped import MAX_UNPACKED
from riichi.replay.run import error_object, replay_game
from riichi.rules import RuleSet

__all__ = ["MAX_FILE", "RECORD_SUFFIXES", "check_file", "expand_paths", "read_file", "replay_paths", "unreadable"]

#: Largest record file read, in bytes (plain or gzip): the readers' limit on a record once unpacked.
MAX_FILE: Final = MAX_UNPACKED

#: File names a folder is searched for (Tenhou saves ``.xml``, ``.mjlog`` and ``.txt``; gzip as ``.gz``).
RECORD_SUFFIXES: Final = (".xml", ".mjlog", ".txt", ".json", ".jsonl", ".mjson", ".gz")
_GLOB_CHARS: Final = frozenset("*?[")


def expand_paths(args: Iterable[str]) -> Iterator[str]:
    """Each argument as the files it names: a file as given, a folder's record files (recursively, in
    name order), a glob's matches in name order (``**``: any folders between); ``-`` is standard input. A
    name that matches nothing is passed on as given (reading it reports the problem). Links to folders are
    not followed inside a folder or by ``**``, so each file is named once and a link loop ends."""
    for arg in args:
        if arg == "-" or os.path.isfile(arg):
            yield arg
        elif os.path.isdir(arg):
            for root, dirs, files in os.walk(arg):  # links to folders are listed in dirs, not entered
                dirs.sort()
                for name in sorted(files):
                    if name.lower().endswith(RECORD_SUFFIXES):
                        yield os.path.join(root, name)
        elif _GLOB_CHARS & set(arg):
            matches = sorted(set(_glob(arg)))
            yield from (m for m in matches if os.path.isfile(m)) if matches else [arg]
        else:
            yield arg


def _glob(pattern: str) -> list[str]:
    """The names ``pattern`` matches, as :func:`glob.glob` with ``recursive=True`` gives them (a ``*`` or
    ``**`` does not match a name starting with a dot unless the pattern's part does), except that ``**``
    goes into folders only, never through a link to one."""
    drive, rest = os.path.splitdrive(pattern)
    seps = os.sep + (os.altsep or "")
    anchor = rest[:len(rest) - len(rest.lstrip(seps))]
    parts = [part for part in re.split("[" + re.escape(seps) + "]", rest) if part]
    found = [drive + anchor]
    for i, part in enumerate(parts):
        if part == "**" and i and parts[i - 1] == "**":
            continue  # ** twice over matches what ** does (each would walk the whole tree again)
        last = i == len(parts) - 1
        step: list[str] = []
        for base in found:
            if part == "**":
                step.extend(_below(base, files=last))
            elif _GLOB_CHARS & set(part):
                step.extend(os.path.join(base, name) for name in _names(base)
                            if fnmatch.fnmatch(name, part) and (not name.startswith(".") or part.startswith("."))
                            and (last or os.path.isdir(os.path.join(base, name))))
            else:
                path = os.path.join(base, part)
                if os.path.lexists(path) if last else os.path.isdir(path):
                    step.append(path)
        found = step
    return found


def _names(folder: str) -> list[str]:
    try:
        return sorted(os.listdir(folder or os.curdir))
    except OSError:
        return []


def _below(base: str, *, files: bool) -> Iterator[str]:
    """``base`` and every folder under it, never through a link to a folder (``files``: and every file under
    it too), names starting with a dot left out as glob leaves them."""
    yield base
    top = base or os.curdir
    for root, dirs, names in os.walk(top):
        inside = os.path.relpath(root, top)
        here = base if inside == os.curdir else os.path.join(base, inside)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not os.path.islink(os.path.join(root, d)))
        yield from (os.path.join(here, d) for d in dirs)
        if files:
            yield from (os.path.join(here, n) for n in sorted(names) if not n.startswith("."))


def replay_paths(paths: Iterable[str], *, fmt: str = "auto", rules: RuleSet | None = None,
                 strict: bool = True) -> Iterator[dict[str, object]]:
    """The replay objects of every file in turn; a file that cannot be read gives an ``error`` object and
    the next file goes on. ``strict=False`` reads records as other tools write them (each leniency noted)."""
    for path in paths:
        try:
            data = read_file(path)
        except OSError as exc:
            yield unreadable(path, exc)
            continue
        record = read_record(data, fmt, name=os.path.basename(path), strict=strict)
        yield from replay_game(record, file=path, rules=rules)


def unreadable(path: str, exc: OSError) -> dict[str, object]:
    """The ``error`` object of a file :func:`read_file` refused: ``no_such_file`` when nothing has that name,
    ``invalid_log`` saying why otherwise (a folder, a FIFO, a file too large, no permission)."""
    if isinstance(exc, FileNotFoundError):
        return error_object(path, 0, "no such file", ErrorCode.NO_SUCH_FILE)
    return error_object(path, 0, f"cannot read the file: {exc.strerror or exc}")


def check_file(path: str, limit: int = MAX_FILE) -> None:
    """``OSError`` naming the problem when ``path`` is no record file :func:`read_file` reads (not a regular
    file, larger than ``limit``, not there); nothing is opened (for readers elsewhere, such as Ray's)."""
    _check(os.stat(path), limit)


def read_file(path: str, limit: int = MAX_FILE) -> bytes:
    """The bytes of a record file (``-``: standard input), at most ``limit`` of them; ``OSError`` with a message
    naming the problem for anything else: a file that is not a regular file (a FIFO, a device, a socket), one
    larger than ``limit`` (checked before reading), or one that cannot be opened."""
    if path == "-":
        data = sys.stdin.buffer.read(limit + 1)
        if len(data) > limit:
            raise OSError(errno.EFBIG, f"standard input holds more than {limit:,} bytes; at most that is read")
        return data
    # Opened without waiting (a FIFO nobody writes to would block a plain open), then looked at before reading.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        _check(os.fstat(fd), limit)
        data = f.read(limit + 1)  # a file growing while read is cut at the limit as well
        if len(data) > limit:
            raise OSError(errno.EFBIG, f"it is longer than {limit:,} bytes; at most that is read")
        return data


def _check(info: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EINVAL, f"it is {_kind(info.st_mode)}, not a regular file")
    if info.st_size > limit:
        raise OSError(errno.EFBIG, f"it is {info.st_size:,} bytes long; at most {limit:,} are read")


def _kind(mode: int) -> str:
    kinds = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))
    return next((name for test, name in kinds if test(mode)), "a special file")
