"""``riichi standings``: an event's standings from its games, with each player's rates.

    riichi standings games.jsonl                     a table, best first
    riichi standings games.jsonl --csv > st.csv      every column (the form riichi seating --swiss reads)
    riichi standings games.jsonl --ema results.csv --players players.csv   EMA's results sheet too

A line of GAMES is a game as ``riichi sheet`` takes it, scored by :mod:`riichi.sheet` (its ``names`` are needed;
a hand may list ``calls``, the seats that called, for the call rate; ``label`` names the game in messages; a
field the score sheet does not know is ignored and named on standard error), or such a game's result as
``riichi sheet --jsonl`` writes it (with ``names``), or a penalty: ``{"penalty": {"player": "A", "points": -20,
"reason": "late"}}``. A bad line is reported with its line number and skipped; the others still count.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from riichi.errors import RiichiError, SheetError, TournamentError
from riichi.formats import strict_json
from riichi.formats.sheet import read_game, result_object
from riichi.sheet import FinalScoresGame, score_final, score_sheet
from riichi.tournament.standings import (
    Penalty,
    PlayedGame,
    StandingRow,
    played_game,
    standings,
)

__all__ = ["EMA_COLUMNS", "Events", "add_parser", "ema_rows", "read_events", "rows_csv"]

#: The columns of the results sheet EMA takes for a ranked tournament, one row a player by place.
EMA_COLUMNS = ("Place", "Last name", "First name", "EMA number", "Country", "Points")

#: Fields of a game line that are the standings' own, not the score sheet's.
_OWN_FIELDS = ("label",)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("standings", help="an event's standings from its score sheets", description=(
        "Add up the games of GAMES (JSON lines; - for standard input): each line a game as riichi sheet takes it "
        "(names needed; a hand may list calls, the seats that called, for the call rate; label names the game), a "
        "game's result as riichi sheet --jsonl writes it (with names), or a penalty {\"penalty\": {\"player\": "
        "NAME, \"points\": P, \"reason\": TEXT}}. The standings: total (final points and penalties), games, "
        "places, the sum of final scores, and where the hands were written each player's win, deal-in, riichi "
        "and call rates. A bad line is named on standard error and skipped. Exit status: 0 every line counted, "
        "1 a line refused, 2 bad usage."))
    p.add_argument("games", nargs="+", metavar="GAMES",
                   help="files of JSON lines, in the order the games were played (- reads standard input)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="one JSON object a player")
    out.add_argument("--csv", action="store_true", help="the standings as CSV")
    p.add_argument("--ema", metavar="FILE", help="also write EMA's results sheet (CSV) to FILE")
    p.add_argument("--players", metavar="FILE", help="with --ema: CSV of name,last name,first name,EMA number,"
                   "country (a header line first); a player not in it is written with the name split at its last "
                   "space")
    p.set_defaults(run=run)


@dataclass
class Events:
    """What GAMES held: the games and penalties read, and each refused line's message."""

    games: list[PlayedGame] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: where each penalty was read (FILE:LINE), one a penalty
    penalty_lines: list[str] = field(default_factory=list)


def read_events(paths: list[str], stdin: TextIO | None = None) -> Events:
    """Every line of ``paths`` read; a bad line's error kept (with the file and line) and the rest read on."""
    events = Events()
    for path, number, text in _lines(paths, stdin or sys.stdin, events):
        where = f"{path}:{number}"
        try:
            obj = strict_json.loads(text)
            if not isinstance(obj, dict):
                raise TournamentError("a line is a JSON object")
            if "penalty" in obj:
                events.penalties.append(_penalty(obj["penalty"]))
                events.penalty_lines.append(where)
                continue
            label = obj.get("label")
            label = label if isinstance(label, str) and label else f"line {number}"
            if "final_points" in obj:
                events.games.append(played_game({"names": obj.get("names")}, obj, label=label))
            else:
                notes: list[str] = []
                events.games.append(played_game(obj, _score(obj, label, notes), label=label))
                events.notes.extend(f"{where}: {note}" for note in notes)
        except RiichiError as e:
            message = str(e)  # a game without a label is named "line N", which {where} already says
            events.errors.append(f"{where}: {message.removeprefix(f'line {number}: ')}")
    return events


def _count(n: int, one: str, many: str = "") -> str:
    """``n`` and the word for it: "1 game", "2 games", "1 penalty", "0 penalties"."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def _lines(paths: list[str], stdin: TextIO, events: Events) -> Iterator[tuple[str, int, str]]:
    for path in paths:
        try:
            text = stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            events.errors.append(f"{path}: cannot be read ({getattr(e, 'strerror', None) or e})")
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                yield path, number, line


def _penalty(obj: object) -> Penalty:
    if not isinstance(obj, dict):
        raise TournamentError("penalty: an object with player, points and reason")
    player, points, reason = obj.get("player"), obj.get("points"), obj.get("reason", "")
    if not isinstance(player, str) or not player.strip():
        raise TournamentError(f"penalty: player: a name, not {player!r}")
    if isinstance(points, bool) or not isinstance(points, (int, float)):
        raise TournamentError(f"penalty for {player}: points: a number, not {points!r}")
    return Penalty(player.strip(), float(points), str(reason))


def _score(game: dict[str, object], label: str, notes: list[str]) -> dict[str, object]:
    """The game's result object as the score sheet (:mod:`riichi.sheet`) scores it; what its lenient reading
    ignored is added to ``notes``; a game it refuses is a TournamentError naming the game, the hand and the
    field."""
    sheet = {k: v for k, v in game.items() if k not in _OWN_FIELDS}
    hands = sheet.get("hands")
    if isinstance(hands, list):
        sheet["hands"] = [{k: v for k, v in h.items() if k != "calls"} if isinstance(h, dict) else h for h in hands]
    try:
        written, forgiven = read_game(sheet, strict=False)
        result = score_final(written) if isinstance(written, FinalScoresGame) else score_sheet(written)
    except SheetError as e:
        raise TournamentError(f"{label}: {e}") from None
    notes.extend(f"{label}: {note}" for note in forgiven)
    return result_object(result)


def run(args: argparse.Namespace) -> int:
    from riichi.cli import EXIT_REFUSED, fail

    events = read_events(args.games)
    # a penalty for a name no game has (a misspelling, or a game skipped above) is that line's error, not the end
    # of the standings
    seated = {name for game in events.games for name in game.names}
    for penalty, where in zip(list(events.penalties), events.penalty_lines, strict=True):
        if penalty.player not in seated:
            events.penalties.remove(penalty)
            events.errors.append(f"{where}: penalty: player {penalty.player!r} played no game counted here")
    for message in events.errors:
        print(f"riichi standings: skipped: {message}", file=sys.stderr)
    for note in events.notes:
        print(f"riichi standings: ignored: {note}", file=sys.stderr)
    try:
        rows = standings(events.games, events.penalties)
    except TournamentError as e:
        return fail("standings", e.code, str(e))
    if args.json:
        for row in rows:
            print(json.dumps(row_object(row), ensure_ascii=False))
    elif args.csv:
        sys.stdout.write(rows_csv(rows))
    elif rows:
        sys.stdout.write(render(rows))
    if args.ema:
        from riichi.cli.play import save_whole

        try:
            people = _players_file(args.players) if args.players else {}
            buffer = io.StringIO()
            csv.writer(buffer, lineterminator="\n").writerows([EMA_COLUMNS, *ema_rows(rows, people)])
            save_whole(Path(args.ema), buffer.getvalue())
        except TournamentError as e:
            return fail("standings", e.code, str(e))
        except OSError as e:
            return fail("standings", "unwritable", f"{e.filename or args.ema}: {e.strerror}")
    print(f"{_count(len(events.games), 'game')}, {_count(len(events.penalties), 'penalty', 'penalties')}, "
          f"{_count(len(rows), 'player')}"
          + (f"; {_count(len(events.errors), 'line')} skipped" if events.errors else ""), file=sys.stderr)
    return EXIT_REFUSED if events.errors else 0


def _rate(value: float | None) -> str:
    return "" if value is None else f"{value:.3f}"


def row_object(row: StandingRow) -> dict[str, object]:
    return {"place": row.place, "player": row.player, "total": row.total, "points": row.points,
            "penalties": row.penalties, "games": row.games, "placements": list(row.placements),
            "average_placement": row.average_placement, "score": row.score, "hands": row.hands,
            "win_rate": row.win_rate, "deal_in_rate": row.deal_in_rate, "riichi_rate": row.riichi_rate,
            "call_rate": row.call_rate}


_CSV_COLUMNS = ("place", "player", "total", "points", "penalties", "games", "first", "second", "third", "fourth",
                "average_placement", "score", "hands", "win_rate", "deal_in_rate", "riichi_rate", "call_rate")


def rows_csv(rows: tuple[StandingRow, ...]) -> str:
    buffer = io.StringIO()
    w = csv.writer(buffer, lineterminator="\n")
    w.writerow(_CSV_COLUMNS)
    for r in rows:
        avg = r.average_placement
        w.writerow([r.place, r.player, f"{r.total:g}", f"{r.points:g}", f"{r.penalties:g}", r.games, *r.placements,
                    "" if avg is None else f"{avg:.2f}", r.score, r.hands, _rate(r.win_rate), _rate(r.deal_in_rate),
                    _rate(r.riichi_rate), _rate(r.call_rate)])
    return buffer.getvalue()


def render(rows: tuple[StandingRow, ...]) -> str:
    width = max([len(r.player) for r in rows] + [6])
    lines = [(f"{'place':>5}  {'player':<{width}} {'total':>8} {'pen.':>6} {'games':>5}  places     "
              f"{'win':>5} {'deal':>5} {'riichi':>6} {'call':>5}")]
    for r in rows:
        places = "/".join(str(n) for n in r.placements)
        lines.append(f"{r.place:>5}  {r.player:<{width}} {r.total:>8.1f} {r.penalties:>6.1f} {r.games:>5}  "
                     f"{places:<10} {_rate(r.win_rate):>5} {_rate(r.deal_in_rate):>5} {_rate(r.riichi_rate):>6} "
                     f"{_rate(r.call_rate):>5}".rstrip())
    return "\n".join(lines) + "\n"


def _players_file(path: str) -> dict[str, tuple[str, str, str, str]]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise TournamentError(f"{path}: cannot be read ({e})") from None
    people: dict[str, tuple[str, str, str, str]] = {}
    for number, row in enumerate(csv.reader(text.splitlines()), 1):
        if number == 1 or not any(cell.strip() for cell in row):
            continue  # the header
        if len(row) != 5:
            raise TournamentError(f"{path}:{number}: 5 fields (name, last name, first name, EMA number, country), "
                                  f"not {len(row)}")
        name, last, first, number_ema, country = (cell.strip() for cell in row)
        people[name] = (last, first, number_ema, country)
    return people


def ema_rows(rows: tuple[StandingRow, ...], people: dict[str, tuple[str, str, str, str]]) -> list[list[str]]:
    """EMA's results sheet: place, last name, first name, EMA number, country, points."""
    out = []
    for r in rows:
        if r.player in people:
            last, first, number, country = people[r.player]
        else:
            first, _, last = r.player.rpartition(" ")
            number = country = ""
        out.append([str(r.place), last, first, number, country, f"{r.total:g}"])
    return out
