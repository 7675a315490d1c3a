"""``riichi stats``: replay a corpus into Parquet tables, print the main numbers, write the report; query them.

    riichi stats logs/ --out stats/                    replay every record (on every core), tables + report
    riichi stats more-logs/ --out stats/               only the records the folder does not hold yet
    riichi stats --out stats/ --query "SELECT * FROM player_stats LIMIT 10"
    riichi stats --out stats/ --sql                    an interactive SQL shell on the tables

The tables need the ``stats`` extra (DuckDB); ``--engine ray`` needs the ``ray`` extra. Nothing of either is
imported until the command runs.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from riichi.cli.batch import workers_arg
from riichi.cli.columns import cell_width, pad, visible
from riichi.extras import install_hint
from riichi.formats import strict_json
from riichi.formats.detect import FORMATS
from riichi.rules import PRESETS, RuleSet, resolve_rules

if TYPE_CHECKING:
    import duckdb

    from riichi.stats.build import Progress

__all__ = ["add_parser"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("stats", help="replay a corpus into Parquet tables, rates and a report",
                       description=(
        "Replay every game record of PATH (files, folders searched recursively, globs) and add what happened to "
        "the tables of DIR: games, kyoku, seat_kyoku, wins, failures, game_seats, records (and events with "
        "--events), one folder of Parquet files each. A record already in DIR (by its content) is not replayed "
        "again. A record that cannot be replayed to its end keeps its readable hands and is listed in failures. "
        "The main rates are printed at the end and DIR/report.html is written. Without PATH, the tables already "
        f"in DIR are reported or queried. Needs DuckDB: {install_hint('stats')}."),
        epilog="exit status: 0 done (records that failed are listed in failures, not an error); 1 the folder "
               "cannot be written or read, or a query fails (a statement of --sql read from a pipe or file too); "
               "2 the command line itself is wrong (a PATH that does not exist); 130 interrupted (Ctrl-C: the same "
               "command goes on from there).")
    p.add_argument("paths", nargs="*", metavar="PATH")
    p.add_argument("--out", required=True, metavar="DIR", help="the folder of tables (created if need be)")
    p.add_argument("--format", default="auto", choices=("auto", *FORMATS),
                   help="the records' format (default: detected from each record's content)")
    p.add_argument("--rules", default=None, help=f"rules instead of each record's own: a preset ({', '.join(PRESETS)}) "
                   "or a JSON object")
    p.add_argument("--workers", type=workers_arg, default="auto", metavar="N",
                   help="replay in N worker processes, or 'auto' for one a core (the default)")
    p.add_argument("--engine", choices=("local", "ray"), default="local",
                   help="local: this machine's worker processes (default); ray: Ray Data on a Ray cluster "
                        f"(needs Ray: {install_hint('ray')})")
    p.add_argument("--address", default=None, help="with --engine ray: the cluster to join (as `ray start --head` "
                   "prints it, e.g. 10.0.0.1:6379; default: a Ray started for this run on this machine)")
    p.add_argument("--events", action="store_true", help="also write the events table: one row per event the "
                   "engine applied (turn-level questions; about a hundred times the rows of kyoku)")
    p.add_argument("--query", action="append", default=[], metavar="SQL",
                   help="run SQL on the tables and views and print the result (repeatable)")
    p.add_argument("--sql", action="store_true", help="open an interactive SQL shell on the tables and views")
    p.add_argument("--no-report", action="store_true", help="do not write DIR/report.html")
    p.add_argument("--quiet", action="store_true", help="print no summary (queries still print)")
    p.set_defaults(run=run)


def _rules(text: str | None) -> RuleSet | None:
    if text is None:
        return None
    spec: object = text
    if text.lstrip().startswith("{"):
        spec = strict_json.loads(text)  # depth and size bounded: a command line can be hostile too
    return resolve_rules(spec)  # type: ignore[arg-type]


def _fail(message: str, status: int = 1) -> int:
    print(f"riichi stats: error: {message}", file=sys.stderr)
    return status


def run(args: argparse.Namespace) -> int:
    try:
        rules = _rules(args.rules)
    except ValueError as exc:  # a RiichiError (strict JSON, unknown rules) is one
        return _fail(f"--rules: {exc}", 2)
    if args.address is not None and args.engine != "ray":
        return _fail("--address goes with --engine ray", 2)
    # A PATH that names nothing is a mistyped command line, not a record that failed: refused before DIR is made.
    # (A glob that matches nothing, or a file that vanishes while the corpus is read, is listed in failures.)
    missing = [p for p in args.paths if p != "-" and not os.path.exists(p) and not set("*?[") & set(p)]
    if missing:
        return _fail(f"{', '.join(missing)}: no such file or folder (nothing written)", 2)
    try:
        from riichi.stats import StatsError
    except ImportError as exc:
        return _fail(f"riichi stats needs DuckDB: {install_hint('stats')} ({exc})")
    out = Path(args.out)
    try:
        return _run(args, rules, out)
    except StatsError as exc:
        return _fail(str(exc))
    except OSError as exc:  # the report, or the folder itself (a file, no permission)
        where = exc.filename if isinstance(exc.filename, str) else out
        return _fail(f"cannot write {where}: {exc.strerror or exc}")
    except KeyboardInterrupt:
        if args.paths:
            print(f"\nriichi stats: interrupted: {out} keeps the parts written so far; the same command goes on "
                  "from there", file=sys.stderr)
        else:
            print("\nriichi stats: interrupted", file=sys.stderr)
        return 130


def _run(args: argparse.Namespace, rules: RuleSet | None, out: Path) -> int:
    import duckdb

    from riichi.stats import build, connect
    from riichi.stats.report import summary_lines, write_report
    from riichi.stats.store import StatsError, check_parts, interrupted

    if args.paths:
        bar = _ProgressBar(sys.stderr) if sys.stderr.isatty() and not args.quiet else None
        result = build(args.paths, out, rules=rules, fmt=args.format, workers=args.workers,
                       engine=args.engine, events=args.events, address=args.address,
                       progress=bar.show if bar is not None else None)
        if bar is not None:
            bar.end()
        if not args.quiet:
            done = (f"{_plural(result.records, 'record')}: {result.replayed:,} replayed, "
                    f"{result.skipped:,} already in {out} or met twice")
            if result.replayed:
                done += (f" ({result.complete:,} to the end of the game, {result.partial:,} in part, "
                         f"{result.failed:,} not at all)")
            print(f"{done}; {_plural(result.hands, 'hand')} in {result.seconds:.1f} s")
            if result.partial or result.failed:
                print(f"the records not replayed to their end are listed in the failures table: riichi stats "
                      f"--out {out} --query \"SELECT file, kyoku, code, message FROM failures\"")
    con = connect(out)
    try:
        if not args.no_report and (args.paths or not (args.query or args.sql)):
            write_report(con, out / "report.html")
        if not args.quiet and (args.paths or not (args.query or args.sql)):
            lines = summary_lines(con)
            width = max(len(line.label) for line in lines)
            print(f"tables in {out}:")
            for line in lines:
                print(f"  {line.label:<{width}}  {line.value}")
            if not args.no_report:
                print(f"report: {out / 'report.html'}")
    except (duckdb.Error, RuntimeError) as exc:
        if interrupted(exc):
            raise KeyboardInterrupt from None
        if isinstance(exc, RuntimeError):
            raise
        check_parts(out)  # names the part that cannot be read, if one is why
        raise StatsError(f"the tables of {out} cannot be read: {str(exc).strip().splitlines()[0]}") from None
    status = 0
    for query in args.query:
        status = max(status, _run_query(con, query, sys.stdout))
    if args.sql:
        status = max(status, _shell(con, sys.stdin, sys.stdout))
    return status


def _run_query(con: duckdb.DuckDBPyConnection, query: str, out: TextIO) -> int:
    import duckdb

    from riichi.stats.store import interrupted

    try:
        relation = con.sql(query)
        if relation is None:  # a statement without a result (CREATE VIEW ...)
            return 0
        columns, rows = relation.columns, relation.fetchall()
    except (duckdb.Error, RuntimeError) as exc:
        if interrupted(exc):
            raise KeyboardInterrupt from None
        if isinstance(exc, RuntimeError):
            raise
        print(f"riichi stats: error (query): {visible(str(exc))}", file=sys.stderr)
        return 1
    out.write(_format(columns, rows))
    return 0


def _format(columns: list[str], rows: list[tuple[object, ...]]) -> str:
    """A result as an aligned text table (numbers to the right), with its row count."""
    columns = [visible(c) for c in columns]
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [max([cell_width(c), *(cell_width(r[i]) for r in cells)]) for i, c in enumerate(columns)]
    numeric = [all(isinstance(row[i], int | float) or row[i] is None for row in rows) and bool(rows)
               for i in range(len(columns))]
    def line(values: list[str]) -> str:
        return "  ".join(pad(v, w, right=n) for v, w, n in zip(values, widths, numeric, strict=True)).rstrip()
    text = [line(list(columns)), line(["-" * w for w in widths]), *(line(r) for r in cells)]
    return "\n".join(text) + f"\n({_plural(len(rows), 'row')})\n"


def _cell(value: object) -> str:
    """A value as the table shows it; text as the terminal shows it safely (a player's name can hold an escape
    sequence: each control character is written as its escape, ``\\x1b``)."""
    if value is None:
        return "NULL"
    if isinstance(value, float):
        return f"{value:.6g}" if abs(value) < 1e6 else f"{value:.0f}"
    return visible(str(value))


_SHELL_HELP = """SQL ends with ';' (a statement may run over several lines). .tables lists the tables and views,
.help this text, .quit (or end of input) leaves."""


def _shell(con: duckdb.DuckDBPyConnection, inp: TextIO, out: TextIO) -> int:
    """Read SQL statements (each ended by ';', the last also by the end of the input) and print each result,
    until .quit or the end of input. 1 when a statement read from a pipe or file failed, else 0 (at a terminal
    the person typing sees each error)."""
    interactive = inp.isatty()
    status = 0
    if interactive:
        try:
            import readline  # noqa: F401 (line editing and history where Python has it)
        except ImportError:
            pass
        out.write(f"riichi stats SQL shell (DuckDB). {_SHELL_HELP}\n")
    pending: list[str] = []
    while True:
        if interactive:
            try:
                text = input("sql> " if not pending else "...> ")
            except EOFError:
                out.write("\n")
                text = None
        else:
            text = inp.readline() or None
        if text is None:  # the end of the input ends the last statement too
            if pending:
                status = max(status, _run_query(con, "\n".join(pending), out))
            return 0 if interactive else status
        text = text.rstrip("\n")
        stripped = text.strip()
        if not pending and stripped in (".quit", ".exit"):
            return 0 if interactive else status
        if not pending and stripped == ".help":
            out.write(_SHELL_HELP + "\n")
            continue
        if not pending and stripped == ".tables":
            names = [r[0] for r in con.execute("SELECT table_name FROM information_schema.tables "
                                               "ORDER BY table_name").fetchall()]
            out.write(" ".join(names) + "\n")
            continue
        if stripped:
            pending.append(text)
        if pending and stripped.endswith(";"):
            status = max(status, _run_query(con, "\n".join(pending), out))
            out.flush()
            pending = []


class _ProgressBar:
    """``[#####.....] 1,200/5,000 records, 41.2/s, 1:32 left`` on one line of a terminal, twice a second."""

    def __init__(self, err: TextIO) -> None:
        self.err = err
        self.last = 0.0

    def show(self, p: Progress) -> None:
        now = time.monotonic()
        if now - self.last < 0.5 and p.done < p.total:
            return
        self.last = now
        width = 30
        filled = width * p.done // max(p.total, 1)
        left = p.seconds_left
        eta = "" if left is None else f", {int(left) // 60}:{int(left) % 60:02d} left"
        rate = p.done / p.seconds if p.seconds else 0.0
        self.err.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {p.done:,}/{p.total:,} records, "
                       f"{p.skipped:,} known, {rate:,.1f}/s{eta}   ")
        self.err.flush()

    def end(self) -> None:
        self.err.write("\n")
        self.err.flush()


def _plural(n: int, noun: str) -> str:
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"
