"""Where records come from: files, folders and globs, read one at a time (constant memory over many)."""

from __future__ import annotations

import glob
import os
import sys
from collections.abc import Iterable, Iterator
from typing import Final

from riichi.formats.detect import read_record
from riichi.replay.run import error_object, replay_game
from riichi.rules import RuleSet

__all__ = ["RECORD_SUFFIXES", "expand_paths", "replay_paths"]

#: File names a folder is searched for (Tenhou saves ``.xml``, ``.mjlog`` and ``.txt``; gzip as ``.gz``).
RECORD_SUFFIXES: Final = (".xml", ".mjlog", ".txt", ".json", ".jsonl", ".mjson", ".gz")
_GLOB_CHARS: Final = frozenset("*?[")


def expand_paths(args: Iterable[str]) -> Iterator[str]:
    """Each argument as the files it names: a file as given, a folder's record files (recursively, in
    name order), a glob's matches in name order; ``-`` is standard input. A name that matches nothing
    is passed on as given (reading it reports the problem)."""
    for arg in args:
        if arg == "-" or os.path.isfile(arg):
            yield arg
        elif os.path.isdir(arg):
            for root, dirs, files in os.walk(arg):
                dirs.sort()
                for name in sorted(files):
                    if name.lower().endswith(RECORD_SUFFIXES):
                        yield os.path.join(root, name)
        elif _GLOB_CHARS & set(arg):
            matches = sorted(glob.glob(arg, recursive=True))
            yield from (m for m in matches if os.path.isfile(m)) if matches else [arg]
        else:
            yield arg


def replay_paths(paths: Iterable[str], *, fmt: str = "auto",
                 rules: RuleSet | None = None) -> Iterator[dict[str, object]]:
    """The replay objects of every file in turn; a file that cannot be read gives an ``error`` object and
    the next file goes on."""
    for path in paths:
        try:
            data = sys.stdin.buffer.read() if path == "-" else _read(path)
        except OSError as exc:
            yield error_object(path, 0, f"cannot read the file: {exc.strerror or exc}")
            continue
        record = read_record(data, fmt, name=os.path.basename(path))
        yield from replay_game(record, file=path, rules=rules)


def _read(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()
