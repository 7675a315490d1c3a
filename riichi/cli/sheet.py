"""``riichi sheet``: score sheets written at the table, scored hand by hand; or a game record turned into its sheet.

    riichi sheet --jsonl < games.jsonl > results.jsonl   one game a line in, one result a line out
    riichi sheet GAME.json                               one game, as a table a person reads
    riichi sheet --from-record game.xml                  the sheet of a recorded game, as a JSON line
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from typing import BinaryIO, Final, TextIO

from riichi.cli.columns import cell_width, pad, visible
from riichi.errors import RiichiError, SheetError
from riichi.formats import strict_json
from riichi.formats.detect import FORMATS, read_record
from riichi.formats.sheet import error_object, game_object, read_game, result_object
from riichi.formats.strict_json import MAX_TEXT
from riichi.replay.sources import expand_paths, read_file
from riichi.rules import PRESETS, RuleSet, resolve_rules
from riichi.sheet import FinalScoresGame, SheetResult, score_final, score_sheet
from riichi.sheet.records import sheet_of_record

__all__ = ["add_parser", "answer", "run"]

_DESCRIPTION: Final = (
    "Score sheets as a scorekeeper writes them: for each hand only what happened (who won off whom for how many "
    "han and fu or yakuman, who declared riichi, who was tenpai at the draw, an abortive draw's kind, a chombo); "
    "the payments, honba, sticks, the next dealer, the end of the game and the final points with uma and oka come "
    "from the rules. A game may also be its final scores alone ({\"rules\": ..., \"final_scores\": [...], "
    "\"leftover_sticks\": N}). --from-record writes the sheet of a game record (Tenhou mjlog or tenhou.net/6, "
    "mjai, Mahjong Soul, Riichi City) replayed by the engine. Exit status: 0 when every game was read, 1 when any was refused "
    "(its line says why, naming the hand and the field), 2 on bad usage.")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("sheet", help="score a game written down hand by hand (a score sheet)",
                       description=_DESCRIPTION)
    p.add_argument("files", nargs="*", metavar="FILE", help="a game as a JSON object (- reads standard input); "
                   "with --from-record, game records (a folder: its records)")
    p.add_argument("--jsonl", action="store_true", help="read one game a line on standard input, write one "
                   "result a line on standard output, in order (an error line for a game refused)")
    p.add_argument("--from-record", action="store_true", help="write the sheet of each game record FILE as a JSON "
                   "line (score them with: riichi sheet --jsonl)")
    p.add_argument("--format", default="auto", choices=("auto", *FORMATS), help="with --from-record: the records' "
                   "format (default: detected from the content)")
    p.add_argument("--rules", default=None, help="with --from-record: rules instead of the record's own, a preset "
                   f"({', '.join(PRESETS)}) or a JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.from_record:
        if args.jsonl or not args.files:
            return _usage("--from-record reads the record files given (and goes without --jsonl)")
        try:
            rules = _rules(args.rules)
        except ValueError as exc:
            return _usage(f"--rules: {exc}")
        return _from_records(list(expand_paths(args.files)), args.format, rules, sys.stdout, sys.stderr)
    if args.rules is not None or args.format != "auto":
        return _usage("--rules and --format go with --from-record (a sheet names its own rules)")
    if args.jsonl:
        if args.files:
            return _usage("--jsonl reads standard input; give no FILE")
        return stream(sys.stdin.buffer, sys.stdout, sys.stderr)
    if len(args.files) != 1:
        return _usage("give one GAME.json (or - for standard input), or --jsonl")
    return _table(args.files[0], sys.stdout, sys.stderr)


def _usage(message: str) -> int:
    print(f"riichi sheet: error (usage): {message}", file=sys.stderr)
    return 2


def _rules(text: str | None) -> RuleSet | None:
    if text is None:
        return None
    spec: object = text
    if text.lstrip().startswith("{"):
        spec = strict_json.loads(text)
    return resolve_rules(spec)  # type: ignore[arg-type]


def answer(line: bytes | str) -> dict[str, object]:
    """The result object of one game line, or its error object (never an exception: a batch never stops on a bad
    game). Unknown fields are ignored and named in ``notes``."""
    try:
        game, notes = read_game(strict_json.loads(line), strict=False)
        result = score_final(game) if isinstance(game, FinalScoresGame) else score_sheet(game)
    except SheetError as exc:
        return error_object(exc)
    except RiichiError as not_json:  # the line is no JSON at all
        return {"error": {"code": "invalid_input", "message": str(not_json), "hand": None, "field": None}}
    except Exception as fault:  # noqa: BLE001 - a fault nobody foresaw is that line's error; the batch goes on
        return {"error": {"code": "internal_error", "message": f"the sheet could not be scored ({type(fault).__name__}: "
                          f"{fault}); please report it", "hand": None, "field": None}}
    out = result_object(result)
    if notes:
        out["notes"] = notes
    return out


def stream(inp: BinaryIO, out: TextIO, err: TextIO) -> int:
    """Answer every line of ``inp`` in order (a blank line too: its answer is an error); 1 when any was refused."""
    status = games = errors = 0
    for line in _lines(inp):
        games += 1
        result = answer(line) if isinstance(line, bytes) else line
        if "error" in result:
            status = 1
            errors += 1
        out.write(strict_json.dumps(result) + "\n")
    out.flush()
    if err.isatty():
        err.write(f"{games:,} game{'s' if games != 1 else ''}, {errors:,} error{'s' if errors != 1 else ''}\n")
    return status


def _lines(inp: BinaryIO) -> Iterator[bytes | dict[str, object]]:
    """Each line of ``inp``; one too long to read is skipped to its end and given as its error."""
    while True:
        line = inp.readline(MAX_TEXT + 1)
        if not line:
            return
        if len(line) > MAX_TEXT and not line.endswith(b"\n"):
            skipped = len(line)
            while True:
                piece = inp.readline(MAX_TEXT)
                skipped += len(piece)
                if not piece or piece.endswith(b"\n"):
                    break
            yield {"error": {"code": "invalid_input", "message": f"the line is over {MAX_TEXT:,} bytes long "
                             f"({skipped:,}); at most {MAX_TEXT:,} are read", "hand": None, "field": None}}
        else:
            yield line


def _table(path: str, out: TextIO, err: TextIO) -> int:
    try:
        data = read_file(path)
    except OSError as exc:
        print(f"riichi sheet: {path}: error (invalid_input): cannot read the file: {exc.strerror or exc}", file=err)
        return 1
    result = answer(data)
    for note in result.get("notes") or []:  # type: ignore[attr-defined]
        print(f"{path}: note: {note}", file=out)
    if "error" in result:
        e = result["error"]
        assert isinstance(e, dict)
        hint = ""
        if str(e["message"]).endswith(": Extra data"):  # a second value after the first: JSON lines
            hint = f" (one game a file; a file of games one a line: riichi sheet --jsonl < {path})"
        print(f"riichi sheet: {path}: error ({e['code']}): {e['message']}{hint}", file=err)
        return 1
    game, _ = read_game(strict_json.loads(data), strict=False)
    scored = score_final(game) if isinstance(game, FinalScoresGame) else score_sheet(game)
    print(render(scored), file=out)
    return 0


def render(result: SheetResult) -> str:
    """A sheet's result as a table a person reads: one row a hand, then the end (or the next hand). Columns are
    as wide as their longest cell, counted in terminal cells (a Japanese name takes two a character), and a
    name's control characters are shown escaped (riichi.cli.columns)."""
    n = len(result.scores)
    names = [visible(name) for name in result.names] if result.names else [f"seat {s}" for s in range(n)]
    width = max(8, *(cell_width(name) for name in names))
    rows: list[tuple[str, str, list[str]]] = []
    for h in result.hands:
        what = h.kind.value
        if h.wins:
            what += " " + ", ".join(f"{w.winner}:{w.points}" + (f" {w.limit.value}" if w.limit else "")
                                    for w in h.wins)
        rows.append((f"{h.round_wind}{h.round_number}-{h.honba}", what, [f"{d:+,}" for d in h.deltas]))
        rows.append(("", "", [f"{s:,}" for s in h.scores_end]))
    if result.over:
        end = result.end.value.replace("_", " ") if result.end is not None else "final scores"
        rows.append(("end", end, [f"{s:,}" for s in result.final_scores or ()]))
        rows.append(("points", "(uma, oka, penalties)", [f"{p:+.1f}" for p in result.final_points or ()]))
        rows.append(("place", "", [str(p) for p in result.placements or ()]))
    what_width = max(22, *(len(what) for _, what, _ in rows))
    lines = [f"{'hand':<8} {'result':<{what_width}} " + " ".join(pad(name, width, right=True) for name in names)]
    lines += [f"{label:<8} {what:<{what_width}} " + " ".join(f"{cell:>{width}}" for cell in cells)
              for label, what, cells in rows]
    if result.over:
        if result.leftover_sticks:
            lines.append(f"({result.leftover_sticks} riichi stick(s) left on the table at the end)")
    elif result.next is not None:
        f = result.next
        lines.append(f"next: {f.round_wind}{f.round_number}, seat {f.dealer} dealing, honba {f.honba}, "
                     f"{f.sticks} riichi stick(s) on the table")
    return "\n".join(lines)


def _from_records(paths: list[str], fmt: str, rules: RuleSet | None, out: TextIO, err: TextIO) -> int:
    status = 0
    for path in paths:
        try:
            data = read_file(path)
        except OSError as exc:
            print(f"riichi sheet: {path}: error (invalid_log): cannot read the file: {exc.strerror or exc}", file=err)
            status = 1
            continue
        try:
            record = read_record(data, fmt, name=os.path.basename(path), strict=False)
            sheet = sheet_of_record(record, rules=rules, file=path)
        except RiichiError as exc:
            print(f"riichi sheet: {path}: error ({exc.code}): {exc}", file=err)
            status = 1
            continue
        out.write(strict_json.dumps(game_object(sheet)) + "\n")
    out.flush()
    return status
