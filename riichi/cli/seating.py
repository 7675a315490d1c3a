"""``riichi seating``: a tournament's seating, printed or exported, with its repeated meetings counted.

    riichi seating --players 16 --rounds 5                 the affine plane: nobody meets twice
    riichi seating --players 30 --rounds 6 --seed 7 --csv  substitutes fill the last places
    riichi seating --fixed seats.csv                       a seating read from a file, checked and counted
    riichi seating --fixed seats.csv --swiss standings.csv one more round seated by the standings
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from pathlib import Path

from riichi.errors import TournamentError
from riichi.tournament.seating import (
    Seating,
    read_fixed,
    repeat_lower_bound,
    seat,
    seating_rows,
    swiss_round,
)

__all__ = ["add_parser", "read_standings_names"]

_WINDS = "ESWN"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("seating", help="a tournament's seating: few repeated meetings, even seat winds",
                       description=(
        "Seat PLAYERS over ROUNDS rounds so that as few pairs as possible meet twice and every player sits each "
        "wind as evenly as the rounds allow. 16 players over up to 5 rounds (9 over up to 4 with --three-player) "
        "take the affine plane of order 4 (3), where nobody meets twice; other sizes are searched from --seed, "
        "the same seed giving the same seating. When PLAYERS is not a multiple of the table size, substitutes "
        "(S1, S2...) fill the last places. --fixed reads a seating (CSV: round,table,east,south,west,north, a "
        "substitute named sub:NAME); with --swiss it adds one round seated by the standings. The repeated pairs "
        "are reported on standard error (text) or in the JSON. Exit status: 0 done, 1 a file refused, 2 bad "
        "usage."))
    p.add_argument("--players", type=int, help="the number of players")
    p.add_argument("--rounds", type=int, help="the number of rounds")
    p.add_argument("--three-player", action="store_true", help="tables of three (sanma)")
    p.add_argument("--seed", type=int, default=0, help="the search's seed (default 0)")
    p.add_argument("--fixed", metavar="FILE", help="a seating to read (CSV) instead of making one")
    p.add_argument("--swiss", metavar="STANDINGS", help="with --fixed: add a round seated by STANDINGS (one name "
                   "a line, best first, or the CSV of riichi standings --csv)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="the seating as JSON")
    out.add_argument("--csv", action="store_true", help="the seating as CSV (the form --fixed reads)")
    p.add_argument("--out", metavar="FILE", help="write to FILE (whole or not at all) instead of standard output")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from riichi.cli import fail

    if args.fixed and (args.players is not None or args.rounds is not None):
        return fail("seating", "usage", "--fixed reads the players and rounds from its file: no --players or --rounds")
    if not args.fixed and args.swiss:
        return fail("seating", "usage", "--swiss needs --fixed: the rounds played so far")
    if not args.fixed and (args.players is None or args.rounds is None):
        return fail("seating", "usage", "give --players and --rounds, or --fixed FILE")
    try:
        seating = _make(args)
    except TournamentError as e:
        # without --fixed, the only input is the command line: a count out of range is bad usage (exit 2)
        return fail("seating", e.code if args.fixed else "usage", str(e))
    except OSError as e:
        return fail("seating", "unreadable", f"{e.filename}: {e.strerror}")
    if args.json:
        text = json.dumps(seating_object(seating), ensure_ascii=False) + "\n"
    elif args.csv:
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows(seating_rows(seating))
        text = buffer.getvalue()
    else:
        text = render(seating)
    if args.out:
        from riichi.cli.play import save_whole

        try:
            save_whole(Path(args.out), text)
        except OSError as e:
            return fail("seating", "unwritable", f"{args.out}: {e.strerror}")
    else:
        sys.stdout.write(text)
    if not args.json:
        print(summary(seating), file=sys.stderr)
    return 0


def _make(args: argparse.Namespace) -> Seating:
    if args.fixed:
        seating = read_fixed(Path(args.fixed).read_text(encoding="utf-8"))
        if args.swiss:
            names = read_standings_names(Path(args.swiss).read_text(encoding="utf-8"))
            index = {seating.name(p): p for p in range(seating.players + seating.substitutes)}
            unknown = [n for n in names if n not in index]
            if unknown:
                raise TournamentError(f"{args.swiss}: not in the seating: {', '.join(unknown)}")
            # substitutes keep the last places whatever the standings say
            order = [index[n] for n in names if not seating.is_substitute(index[n])]
            order += [p for p in range(seating.players + seating.substitutes) if p not in order]
            missing = [seating.name(p) for p in range(seating.players) if seating.name(p) not in names]
            if missing:
                raise TournamentError(f"{args.swiss}: missing from the standings: {', '.join(missing)}")
            seating = swiss_round(seating, order, seed=args.seed)
        return seating
    assert args.players is not None and args.rounds is not None  # run() refused the command line otherwise
    return seat(args.players, args.rounds, table_size=3 if args.three_player else 4, seed=args.seed)


def read_standings_names(text: str) -> list[str]:
    """The names of a standings file, best first: one a line, or a CSV whose header has a ``player`` column."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise TournamentError("standings: no players")
    header = next(csv.reader([lines[0]]))
    if "player" in header:
        column = header.index("player")
        return [row[column].strip() for row in csv.reader(lines[1:]) if len(row) > column]
    return [line.strip() for line in lines]


def seating_object(seating: Seating) -> dict[str, object]:
    """The JSON of a seating: each round's tables as names in seat order, and its counts."""
    total = seating.players + seating.substitutes
    return {"players": seating.players, "substitutes": [seating.name(p) for p in range(seating.players, total)],
            "table_size": seating.table_size,
            "rounds": [[[seating.name(p) for p in table] for table in rnd] for rnd in seating.rounds],
            "repeated_pairs": seating.repeated_pairs(),
            "fewest_possible": repeat_lower_bound(seating.players, len(seating.rounds), seating.table_size),
            "wind_excess": seating.wind_excess()}


def render(seating: Seating) -> str:
    width = max(len(seating.name(p)) for p in range(seating.players + seating.substitutes))
    lines: list[str] = []
    for r, rnd in enumerate(seating.rounds, 1):
        lines.append(f"Round {r}")
        for t, table in enumerate(rnd, 1):
            seats = "  ".join(f"{_WINDS[i]} {seating.name(p):<{width}}" for i, p in enumerate(table))
            lines.append(f"  table {t:>3}  {seats}".rstrip())
    return "\n".join(lines) + "\n"


def summary(seating: Seating) -> str:
    floor = repeat_lower_bound(seating.players, len(seating.rounds), seating.table_size)
    subs = f", {seating.substitutes} substitute{'s' if seating.substitutes > 1 else ''}" if seating.substitutes else ""
    return (f"{seating.players} players{subs}, {len(seating.rounds)} rounds: {seating.repeated_pairs()} repeated "
            f"pairs (fewest possible at least {floor}); seat winds uneven by {seating.wind_excess()}")
