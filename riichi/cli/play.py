"""``riichi play``: self-play between the built-in players, with a summary.

    riichi play --games 100 --seed 7 --rules tenhou
    riichi play --games 10 --players efficient,efficient,tsumogiri,random --json
    riichi play --games 10 --save games/ --format mjai    # each game as mjai JSON lines (or tenhou6, mjlog)

Game ``i`` of a run is played from a seed drawn from ``--seed``, so the same seed gives the same games.

A saved game is written whole or not at all: into a temporary file of the same folder, renamed to its name once
complete. A write that fails (an unwritable folder, a full disk, a file-size limit) stops the run with one error
line and exit status 1; Ctrl-C stops it with the count of games saved, and either way no game file is cut short.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from riichi.cli.batch import plural
from riichi.errors import RiichiError
from riichi.formats.record import GameRecord, HandRecord, RecordRules, StatedHand
from riichi.game.engine import play_game
from riichi.game.events import Deal, Event, GameEnd
from riichi.game.game import Game
from riichi.game.players import EfficientPlayer, Player, RandomPlayer, TsumogiriPlayer
from riichi.game.tally import Tally
from riichi.replay.convert import write_record
from riichi.rules import PRESETS, resolve_rules

__all__ = ["PLAYERS", "add_parser", "game_record", "run"]

#: The file name ending of each format a game is saved in.
_SUFFIXES = {"mjai": ".mjson", "tenhou6": ".json", "mjlog": ".xml"}

#: The built-in players by name; each is made from a seed (the random one's choices, the efficient one's
#: open riichi).
PLAYERS: dict[str, Callable[[int], Player]] = {
    "efficient": EfficientPlayer,
    "tsumogiri": lambda seed: TsumogiriPlayer(),
    "random": RandomPlayer,
}


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``play`` on the main parser's subcommands."""
    p = subparsers.add_parser("play", help="play games between the built-in players and summarise them", description=(
        "Play whole games between built-in players (efficient, tsumogiri, random) under a rule set and print "
        "placements, average points, win, deal-in and draw rates and yaku frequencies. The same --seed plays "
        "the same games."))
    p.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--rules", default="tenhou", help=f"preset: {', '.join(PRESETS)}")
    p.add_argument("--players", default="efficient,efficient,efficient,efficient",
                   help=f"four players, comma-separated, seat 0 first ({', '.join(PLAYERS)})")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--save", metavar="DIR", help="write every game into DIR (game-0000.mjson, ...)")
    p.add_argument("--format", default="mjai", choices=list(_SUFFIXES),
                   help="the format of saved games: mjai JSON lines, tenhou.net/6 JSON or Tenhou mjlog XML")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``riichi play``; returns the exit status."""
    from riichi.cli import fail  # noqa: PLC0415 - the command line's package imports this module

    try:
        rules = resolve_rules(args.rules)
    except RiichiError as exc:
        return fail("play", "usage", str(exc))
    if rules.players != 4:  # noqa: PLR2004 - until the engine seats three (issue 27)
        return fail("play", "usage", f"the game engine plays four-player rules only for now, not {args.rules!r}")
    names = [n.strip() for n in args.players.split(",")]
    unknown = [n for n in names if n not in PLAYERS]
    if len(names) != 4 or unknown:  # noqa: PLR2004
        problem = f"unknown player {unknown[0]!r}" if unknown else f"{len(names)} players given"
        return fail("play", "usage", f"--players needs four of {', '.join(PLAYERS)} ({problem})")
    if args.games < 1:
        return fail("play", "usage", "--games must be at least 1")
    save = Path(args.save) if args.save else None
    if save is not None:
        try:
            save.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return fail("play", "write_error", f"cannot write into {save}: {exc.strerror}")
    seeds = random.Random(args.seed)
    tally = Tally()
    events = 0
    started = time.perf_counter()
    progress = sys.stderr.isatty()

    played: list[Event] = []

    def keep(event: Event) -> None:
        played.append(event)

    saved = 0
    try:
        for i in range(args.games):
            game_seed = seeds.getrandbits(64)
            players = [PLAYERS[name](game_seed + seat) for seat, name in enumerate(names)]
            played.clear()
            game = play_game(players, rules, seed=game_seed, names=tuple(names), listener=keep)
            events += len(played)
            tally.add(game)
            if save is not None:
                name = f"game-{i:04d}{_SUFFIXES[args.format]}"
                try:
                    save_whole(save / name, write_record(game_record(game, played), args.format, rules))
                except OSError as exc:
                    if progress:
                        sys.stderr.write("\n")
                    return fail("play", "write_error", f"cannot save {name} into {save}: "
                                f"{exc.strerror or exc}; {_saved(saved)}")
                saved += 1
            if progress:
                _progress(sys.stderr, i + 1, args.games)
    except KeyboardInterrupt:
        if progress:
            sys.stderr.write("\n")
        done = _saved(saved) if save is not None else f"{plural(tally.games, 'game')} played"
        print(f"riichi play: interrupted; {done}", file=sys.stderr)
        return 130
    if progress:
        sys.stderr.write("\n")
    elapsed = time.perf_counter() - started
    summary = _summary(tally, names, rules.name, events, elapsed)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        _print(summary)
    return 0


def _saved(n: int) -> str:
    return f"{plural(n, 'complete game')} saved" if n else "no game saved"


def save_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: into a temporary file beside it, renamed once complete (a
    rename within a folder replaces the name at once). Raises ``OSError`` when it cannot; no part is left."""
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temporary, path)
    except BaseException:  # a write error, or Ctrl-C in the middle: the partial file goes
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _progress(out: TextIO, done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    out.flush()


def _summary(tally: Tally, names: list[str], rules: str, events: int, elapsed: float) -> dict[str, object]:
    hands = tally.hands or 1
    wins = tally.win_count or 1
    return {
        "rules": rules,
        "games": tally.games,
        "hands": tally.hands,
        "events": events,
        "seconds": round(elapsed, 3),
        "seats": [{
            "seat": seat,
            "player": names[seat],
            "placements": tally.placements[seat],
            "average_place": round(tally.average_place(seat), 3),
            "average_points": round(tally.average_points[seat], 2),
            "win_rate": round(tally.wins[seat] / hands, 4),
            "deal_in_rate": round(tally.deal_ins[seat] / hands, 4),
        } for seat in range(4)],
        "draw_rate": round(tally.draws / hands, 4),
        "yaku": {name: round(n / wins, 4) for name, n in tally.yaku.most_common()},
    }


def _print(summary: dict[str, object]) -> None:
    print(f"{summary['games']} games, {summary['hands']} hands under {summary['rules']} "
          f"({summary['events']} events in {summary['seconds']} s)")
    print("seat player      1st  2nd  3rd  4th  avg place  avg points  win rate  deal-in rate")
    seats = summary["seats"]
    assert isinstance(seats, list)
    for s in seats:
        first, second, third, fourth = s["placements"]
        print(f"{s['seat']:>4} {s['player']:<10} {first:>4} {second:>4} {third:>4} {fourth:>4}  {s['average_place']:>9.2f}"
              f"  {s['average_points']:>10.1f}  {s['win_rate']:>8.1%}  {s['deal_in_rate']:>12.1%}")
    print(f"draw rate {summary['draw_rate']:.1%}")
    yaku = summary["yaku"]
    assert isinstance(yaku, dict)
    print("yaku per win: " + ", ".join(f"{name} {share:.1%}" for name, share in list(yaku.items())[:15]))


def game_record(game: Game, events: Sequence[Event]) -> GameRecord:
    """A finished game as a record: its events hand by hand, stating no results. Writing it
    (:func:`~riichi.replay.convert.write_record` under the game's rules) gives every hand the engine's
    results, replayed from the events, as any record without results gets them (so ``hora`` and
    ``ryukyoku`` carry their score changes)."""
    hands: list[list[Event]] = []
    for event in events:
        if isinstance(event, Deal):
            hands.append([])
        if hands and not isinstance(event, GameEnd):  # the record's end is no event of its last hand
            hands[-1].append(event)
    records = tuple(HandRecord(i, tuple(hand_events), StatedHand()) for i, hand_events in enumerate(hands))
    rules = RecordRules(red_fives=game.rules.scoring.aka > 0, open_tanyao=game.rules.scoring.kuitan,
                        hanchan=game.rules.game.length.value == "hanchan")
    start = (game.rules.game.starting_points,) * 4
    return GameRecord(rules, game.names, start, records, None)
