"""``riichi replay``: replay game records through the engine, or convert them between formats.

    riichi replay game.xml                      a table, one row a hand, differences marked
    riichi replay --jsonl logs/ > out.jsonl     the replay contract's JSON lines, every file of a folder
    riichi replay --write mjai game.xml         the record as mjai JSON lines
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from functools import partial
from typing import Final, TextIO

from riichi.cli.batch import ATTEMPTS, WorkerLost, in_order, workers_arg
from riichi.cli.play import save_whole
from riichi.formats import strict_json
from riichi.formats.detect import FORMATS, SUFFIXES, read_record
from riichi.formats.record import hand_name
from riichi.replay.convert import write_record
from riichi.replay.run import error_object, replay_game
from riichi.replay.sources import expand_paths, read_file, replay_paths, unreadable
from riichi.rules import PRESETS, RuleSet, resolve_rules

__all__ = ["add_parser"]


#: What the table's columns say, printed once under it.
LEGEND: Final = """\
key: E1-0                 East 1, honba 0
     3 ron<2 3h40 5200    seat 3 wins by ron off seat 2 (tsumo: by self-draw) with 3 han 40 fu (or the yakuman),
                          worth 5200 before honba and riichi sticks; or the draw and its kind
     [0, 0, -5200, 5200]  each seat's score change, seat 0 first
     ok, DIFF, -          the record's own results agree, differ (the fields named after it), are not stated
     end                  the final scores, then the final points (thousands, after uma and oka)"""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="replay game records through the engine, or convert them", description=(
        "Replay Tenhou mjlog XML (plain or gzip), tenhou.net/6 JSON, mjai JSON lines, Mahjong Soul or Riichi City "
        "records through the engine: every "
        "hand's yaku, points, payments, honba, sticks and the end of the game are recomputed and compared with "
        "the record's own values. FILE may be a folder (its records, recursively) or a glob; - reads standard "
        "input. Exit status: 0 when every hand matches its record, 1 when anything differs or a file has an "
        "error, 2 on bad usage."))
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--format", default="auto", choices=("auto", *FORMATS), help="the records' format (default: "
                   "detected from the content)")
    p.add_argument("--rules", default=None, help=f"rules instead of the record's own: a preset ({', '.join(PRESETS)}) "
                   "or a JSON object such as '{\"preset\": \"tenhou\", \"aka\": 0}'")
    p.add_argument("--jsonl", action="store_true", help="one JSON object a line (kyoku, game_end, error)")
    p.add_argument("--workers", type=workers_arg, default=1, metavar="N",
                   help="with --jsonl: replay the files in N worker processes, or 'auto' for one a core (default 1); "
                        "the lines are written in the order of the files all the same. Standard input (-) is read "
                        "in this process")
    p.add_argument("--write", choices=tuple(SUFFIXES), metavar="FORMAT",
                   help=f"convert the records instead: {', '.join(SUFFIXES)}")
    p.add_argument("--out", metavar="DIR", help="with --write: the folder to write into (default: standard output "
                   "for one file)")
    p.set_defaults(run=run)


def _rules(text: str | None) -> RuleSet | None:
    if text is None:
        return None
    spec: object = text
    if text.lstrip().startswith("{"):
        spec = strict_json.loads(text)  # depth and size bounded: a command line can be hostile too
    return resolve_rules(spec)  # type: ignore[arg-type]


def run(args: argparse.Namespace) -> int:
    try:
        rules = _rules(args.rules)
    except ValueError as exc:  # a RiichiError (strict JSON, unknown rules) is one
        print(f"riichi replay: error (usage): --rules: {exc}", file=sys.stderr)
        return 2
    if args.workers != 1 and not args.jsonl:
        print("riichi replay: error (usage): --workers goes with --jsonl", file=sys.stderr)
        return 2
    paths = expand_paths(args.files)
    if args.write:
        return _convert(list(paths), args.format, args.write, args.out)
    if args.jsonl:
        return _stream(paths, args.format, rules, sys.stdout, args.workers)
    return _table(list(paths), args.format, rules, sys.stdout, sys.stderr)


def _stream(paths: Iterator[str], fmt: str, rules: RuleSet | None, out: TextIO, workers: int = 1) -> int:
    files = list(paths)
    status = 0
    try:
        for text, file_status in in_order(partial(_replay_file, fmt, rules), files, 1 if "-" in files else workers):
            out.write(text)
            status = max(status, file_status)
    except WorkerLost as lost:
        out.flush()
        print(f"riichi replay: error (worker_lost): worker processes died {ATTEMPTS} times replaying {lost.item}; "
              "it and the files after it were not replayed", file=sys.stderr)
        return 1
    out.flush()
    return status


def _replay_file(fmt: str, rules: RuleSet | None, path: str) -> tuple[str, int]:
    """The replay contract's lines for one file, and the exit status they call for (1: an error or a difference)."""
    lines = []
    status = 0
    for obj in _replay_one(fmt, rules, path):
        lines.append(strict_json.dumps(obj) + "\n")
        if obj["type"] == "error" or obj.get("matches_log") is False:
            status = 1
    return "".join(lines), status


def _replay_one(fmt: str, rules: RuleSet | None, path: str) -> Iterator[dict[str, object]]:
    """The replay objects of one file; a fault nobody foresaw ends them with an error object for the file (the
    next file goes on), never a traceback."""
    try:
        yield from replay_paths([path], fmt=fmt, rules=rules, strict=False)
    except Exception as exc:  # noqa: BLE001 - a fault on one file is that file's error line; the batch goes on
        yield error_object(path, 0, f"the replay failed on this file ({type(exc).__name__}: {exc})")


def _mark(obj: dict[str, object], colour: bool) -> str:
    verdict = obj.get("matches_log")
    text = {True: "ok", False: "DIFF", None: "-"}[verdict]  # type: ignore[index]
    if colour and verdict is False:
        return f"\033[31m{text}\033[0m"
    if colour and verdict is True:
        return f"\033[32m{text}\033[0m"
    return text


def _outcome(obj: dict[str, object]) -> str:
    draw = obj.get("draw")
    if isinstance(draw, dict):
        nagashi = draw.get("nagashi")
        return f"draw {draw['type']}" + (f" nagashi {nagashi}" if nagashi else "")
    parts = []
    for w in obj.get("wins") or []:  # type: ignore[attr-defined]
        how = "tsumo" if w["tsumo"] else f"ron<{w['from']}"
        value = (", ".join(y["name"] for y in w["yakuman"]) if w["yakuman"]
                 else f"{w['han']}h{w['fu']}")
        parts.append(f"{w['winner']} {how} {value} {w['points']}")
    return "; ".join(parts)


def _where(obj: dict[str, object], message: str = "") -> str:
    """`` hand 7`` for an object of one hand (messages count hands from 1, the ``kyoku`` field from 0), or
    nothing: for the game as a whole, or when the message itself starts by naming the hand."""
    kyoku = obj.get("kyoku")
    if not isinstance(kyoku, int) or re.match(rf"{hand_name(kyoku)}\b", message):
        return ""
    return f" {hand_name(kyoku)}"


def _table(paths: list[str], fmt: str, rules: RuleSet | None, out: TextIO, err: TextIO) -> int:
    colour = out.isatty() and "NO_COLOR" not in os.environ
    progress = err.isatty() and len(paths) > 1
    status = 0
    hands = differing = errors = ends_differing = 0
    for done, path in enumerate(paths, 1):
        for obj in _replay_one(fmt, rules, path):
            for note in obj.get("notes") or []:  # type: ignore[attr-defined]
                print(f"{path}{_where(obj)}: note: {note}", file=out)
            if obj["type"] == "error":
                status = 1
                errors += 1
                e = obj["error"]
                assert isinstance(e, dict)
                print(f"{path}{_where(obj, str(e['message']))}: error ({e['code']}): {e['message']}", file=out)
                continue
            if obj["type"] == "game_end":
                mark = _mark(obj, colour)
                log = obj.get("log")
                note = f"  record: {log['final_points']}" if isinstance(log, dict) and obj["matches_log"] is False else ""
                print(f"{'':<8} end    {str(obj['final_scores']):<30} points {obj['final_points']}  {mark}{note}",
                      file=out)
                if obj.get("matches_log") is False:
                    status = 1
                    ends_differing += 1
                continue
            hands += 1
            if obj.get("matches_log") is False:
                status = 1
                differing += 1
            label = f"{obj['round_wind']}{obj['round_number']}-{obj['honba']}"
            if obj["kyoku"] == 0:
                print(f"{path}", file=out)
            mism = obj.get("mismatches") or []
            note = f"  ({', '.join(mism)})" if mism else ""  # type: ignore[arg-type]
            print(f"  {label:<6} {_outcome(obj):<40} {str(obj['deltas']):<30} {_mark(obj, colour)}{note}", file=out)
        if progress:
            width = 30
            filled = width * done // len(paths)
            err.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{len(paths)} files")
            err.flush()
    if progress:
        err.write("\n")
    if hands:
        print(LEGEND, file=out)
    # a game's end that differs is counted apart from the hands: the exit status 1 it gives is then explained
    ends = f", {ends_differing} game end{'s' if ends_differing != 1 else ''} differing" if ends_differing else ""
    print(f"{len(paths)} file{'s' if len(paths) != 1 else ''}, {hands} hands, {differing} differing{ends}, {errors} "
          f"error{'s' if errors != 1 else ''}", file=out)
    return status


def _convert(paths: list[str], fmt: str, target: str, out_dir: str | None) -> int:
    if len(paths) > 1 and out_dir is None:
        print("riichi replay: error (usage): --write with several files needs --out DIR", file=sys.stderr)
        return 2
    status = 0
    for path in paths:
        try:
            data = read_file(path)
        except OSError as exc:
            e = unreadable(path, exc)["error"]
            assert isinstance(e, dict)
            print(f"riichi replay: {path}: error ({e['code']}): {e['message']}", file=sys.stderr)
            status = 1
            continue
        record = read_record(data, fmt, name=os.path.basename(path), strict=False)
        for note in record.notes:
            where = f" {hand_name(note.hand)}" if note.hand is not None else ""
            print(f"riichi replay: {path}{where}: note: {note}", file=sys.stderr)
        if not record.hands:  # nothing read: no empty game is written in its place
            for e in record.errors:
                print(f"riichi replay: {path}: error ({e.code.value}): {e}", file=sys.stderr)
            status = 1
            continue
        try:
            text = write_record(record, target)
        except ValueError as exc:
            print(f"riichi replay: {path}: error (invalid_log): {exc}", file=sys.stderr)
            status = 1
            continue
        # The record is written as read; what the reader or the engine refuses in it is said, as riichi replay
        # says it (a tile its wall does not give, above all: the written formats carry no wall to check it by).
        for obj in replay_game(record, file=path):
            if obj["type"] == "error":
                status = 1
                e = obj["error"]
                assert isinstance(e, dict)
                print(f"riichi replay: {path}: error ({e['code']}): {e['message']}", file=sys.stderr)
        if out_dir is None:
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
        else:
            stem = os.path.basename(path).split(".")[0] or "record"
            written = Path(out_dir) / (stem + SUFFIXES[target])
            try:
                os.makedirs(out_dir, exist_ok=True)
                save_whole(written, text)  # whole or not at all
            except OSError as exc:
                print(f"riichi replay: {path}: error (write_error): cannot write {written}: "
                      f"{exc.strerror or exc}", file=sys.stderr)
                status = 1
    return status
