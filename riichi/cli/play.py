"""``riichi play``: whole games between built-in players, Python players and mjai bots, with a summary.

    riichi play --games 100 --seed 7 --rules tenhou
    riichi play --games 10 --players efficient,efficient,tsumogiri,random --json
    riichi play --games 10 --save games/ --format mjai    # each game as mjai JSON lines (or tenhou6, mjlog)
    riichi play --seat '0=mjai:python bot.py {seat}' --seat 2=mypkg.bots:MyPlayer --bot-timeout 1
    riichi play --games 10 --rules tenhou-sanma           # three players (three efficient players by default)
    riichi play --duplicate --games 100 --players expert,efficient,efficient,efficient --json

Game ``i`` of a run is played from a seed drawn from ``--seed``, so the same seed gives the same games. With
``--duplicate`` each of the ``--games`` walls is played once per rotation of the seats (4 games a wall, 3 with three
players), so that the tiles' luck cancels, and the summary is by player (by name, across the seats it sat in):
the count of each place, the average place, points, and the win, deal-in, riichi, call and draw rates per hand,
each with its 95% interval.

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
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from riichi.bots.process import MjaiProcessPlayer
from riichi.bots.protocol import Fault
from riichi.bots.spec import PLAYERS, make_player
from riichi.cli.batch import plural
from riichi.cli.columns import cell_width, pad
from riichi.errors import RiichiError
from riichi.formats.detect import SUFFIXES
from riichi.formats.record import (
    GameRecord,
    HandRecord,
    RecordFault,
    RecordRules,
    StatedHand,
)
from riichi.game.duplicate import DuplicateTally, rotation
from riichi.game.engine import play_game
from riichi.game.events import Deal, Event, GameEnd
from riichi.game.game import Game
from riichi.game.players import Player
from riichi.game.tally import Tally
from riichi.replay.convert import write_record
from riichi.rules import PRESETS, RuleSet, resolve_rules

__all__ = ["add_parser", "game_record", "run"]

#: The formats a game is saved in (the first the default); each file is named with its format's suffix.
_SAVED = ("mjai", "tenhou6", "mjlog")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``play`` on the main parser's subcommands."""
    p = subparsers.add_parser("play", help="play games between built-in, Python and mjai players", description=(
        "Play whole games between built-in players (efficient, expert, tsumogiri, random), your Python players and mjai "
        "bot processes (--seat) under a rule set and print "
        "placements, average points, win, deal-in and draw rates and yaku frequencies. The same --seed plays "
        "the same games."))
    p.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--rules", default="tenhou", help=f"preset: {', '.join(PRESETS)}")
    p.add_argument("--players", default=None,
                   help=f"one player a seat (four; three under three-player rules), comma-separated, seat 0 first "
                        f"({', '.join(PLAYERS)}; default: all efficient)")
    p.add_argument("--seat", action="append", default=[], metavar="N=SPEC",
                   help="seat N played by SPEC instead (repeatable): a built-in name, module:Class (a Python "
                        "class with choose(view, actions)) or mjai:COMMAND (a bot process speaking mjai on "
                        "stdin/stdout; {seat} in COMMAND becomes its seat)")
    p.add_argument("--bot-timeout", type=float, default=2.0, metavar="SECONDS",
                   help="how long an mjai bot may take for each move (default 2); a late, malformed or "
                        "illegal answer is a fault: the seat passes or discards its drawn tile instead")
    p.add_argument("--duplicate", action="store_true",
                   help="a duplicate match: each of the --games walls played once per rotation of the seats, the "
                        "summary by player with 95%% intervals")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--save", metavar="DIR", help="write every game into DIR (game-0000.mjson, ...)")
    p.add_argument("--format", default="mjai", choices=_SAVED,
                   help="the format of saved games: mjai JSON lines, tenhou.net/6 JSON or Tenhou mjlog XML")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``riichi play``; returns the exit status."""
    from riichi.cli import fail  # noqa: PLC0415 - the command line's package imports this module

    try:
        rules = resolve_rules(args.rules)
    except RiichiError as exc:
        return fail("play", "usage", str(exc))
    seats = rules.game.players
    names = [n.strip() for n in args.players.split(",")] if args.players else ["efficient"] * seats
    unknown = [n for n in names if n not in PLAYERS]
    if len(names) != seats or unknown:
        problem = f"unknown player {unknown[0]!r}" if unknown else f"{len(names)} players given"
        count = "four" if seats == 4 else "three"  # noqa: PLR2004
        return fail("play", "usage", f"--players needs {count} of {', '.join(PLAYERS)} under {rules.name} ({problem})")
    if args.games < 1:
        return fail("play", "usage", "--games must be at least 1")
    if not args.bot_timeout > 0:
        return fail("play", "usage", "--bot-timeout must be a positive number of seconds")
    try:
        seated = _seated(args.seat, len(names), args.bot_timeout)
    except RiichiError as exc:
        return fail("play", "usage", str(exc))
    for seat, (spec, _player) in seated.items():
        names[seat] = spec
    save = Path(args.save) if args.save else None
    if save is not None:
        try:
            save.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return fail("play", "write_error", f"cannot write into {save}: {exc.strerror}")
    try:
        if args.duplicate:
            return _duplicate(args, rules, names, seated, save)
        return _play(args, rules, names, seated, save)
    finally:
        for _spec, player in seated.values():
            if isinstance(player, MjaiProcessPlayer):
                player.close()


def _seated(specs: list[str], seats: int, timeout: float) -> dict[int, tuple[str, Player]]:
    """The players of ``--seat N=SPEC``, made once for the whole run."""
    seated: dict[int, tuple[str, Player]] = {}
    for text in specs:
        number, sep, spec = text.partition("=")
        if not sep or not number.strip().isdigit() or not 0 <= int(number) < seats:
            raise RiichiError(f"--seat {text!r}: expected N=SPEC with N a seat 0..{seats - 1}")
        seat = int(number)
        if seat in seated:
            raise RiichiError(f"--seat {seat} is given twice")
        seated[seat] = (spec.strip(), make_player(spec, seat, seed=seat, timeout=timeout))
    return seated


def _play(args: argparse.Namespace, rules: RuleSet, names: list[str],  # noqa: C901 - the run's loop, its saving and its stops
          seated: dict[int, tuple[str, Player]], save: Path | None) -> int:
    from riichi.cli import fail  # noqa: PLC0415 - the command line's package imports this module

    seeds = random.Random(args.seed)
    tally = Tally()
    events = 0
    started = time.perf_counter()
    progress = sys.stderr.isatty()
    played: list[Event] = []
    bots = [player for _spec, player in seated.values() if isinstance(player, MjaiProcessPlayer)]
    listeners = [played.append] + [bot.observe for bot in bots]
    counted = [0] * len(bots)  # each bot's faults already placed
    placed: list[tuple[int, Fault]] = []  # the game's faults, each before the event at this index of played

    def place() -> None:
        """Place the bots' new faults before the next event (the move the table played in a faulting seat's
        place, or the next event after its safe pass)."""
        for b, bot in enumerate(bots):
            placed.extend((len(played), f) for f in bot.faults[counted[b]:])
            counted[b] = len(bot.faults)

    def listen(event: Event) -> None:
        place()
        for listener in listeners:
            listener(event)

    faults: list[Fault] = []
    saved = 0
    try:
        for i in range(args.games):
            game_seed = seeds.getrandbits(64)
            players = [seated[seat][1] if seat in seated else PLAYERS[name](game_seed + seat)
                       for seat, name in enumerate(names)]
            played.clear()
            placed.clear()
            before = [len(bot.faults) for bot in bots]
            counted[:] = before
            game = play_game(players, rules, seed=game_seed, names=tuple(names), listener=listen)
            game_faults = [f for bot, n in zip(bots, before, strict=True) for f in bot.faults[n:]]
            place()  # any after the game's last event
            faults.extend(game_faults)
            events += len(played)
            tally.add(game)
            if save is not None:
                name = f"game-{i:04d}{SUFFIXES[args.format]}"
                record = game_record(game, played, placed)
                if game_faults:
                    record = replace(record, names=_noted(record.names, game_faults))
                try:
                    save_whole(save / name, write_record(record, args.format, rules))
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
    summary = _summary(tally, names, rules.name, events, elapsed, faults)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        _print(summary)
    return 0


def _duplicate(args: argparse.Namespace, rules: RuleSet, names: list[str],
               seated: dict[int, tuple[str, Player]], save: Path | None) -> int:
    """A duplicate match (see the module description): the players of the lineup ``names`` turned one seat a
    game over each wall. A player given by --seat moves with its place in the lineup; an mjai bot gets a process
    for each seat it sits in, made once."""
    from riichi.cli import fail  # noqa: PLC0415 - the command line's package imports this module

    seeds = random.Random(args.seed)
    n = len(names)
    tally = DuplicateTally(n)
    bots: dict[tuple[str, int], Player] = {}
    for seat, (spec, player) in seated.items():
        bots[spec, seat] = player
    started = time.perf_counter()
    progress = sys.stderr.isatty()
    played: list[Event] = []
    events = 0
    try:
        for wall in range(args.games):
            game_seed = seeds.getrandbits(64)
            for r in range(n):
                sitting = rotation(tuple(names), r)
                players: list[Player] = []
                for seat, name in enumerate(sitting):
                    index = (seat - r) % n
                    if index in seated:
                        spec = seated[index][0]
                        if (spec, seat) not in bots:
                            bots[spec, seat] = make_player(spec, seat, seed=seat, timeout=args.bot_timeout)
                        players.append(bots[spec, seat])
                    else:
                        players.append(PLAYERS[name](game_seed + seat))
                played.clear()
                listeners = [played.append] + [p.observe for p in players if isinstance(p, MjaiProcessPlayer)]

                def listen(event: Event, listeners: list[Callable[[Event], None]] = listeners) -> None:
                    for listener in listeners:
                        listener(event)

                game = play_game(players, rules, seed=game_seed, names=sitting, listener=listen)
                events += len(played)
                tally.add(game, played, sitting)
                if save is not None:
                    name = f"game-{wall:04d}-{r}{SUFFIXES[args.format]}"
                    try:
                        save_whole(save / name, write_record(game_record(game, played), args.format, rules))
                    except OSError as exc:
                        return fail("play", "write_error", f"cannot save {name} into {save}: {exc.strerror or exc}")
            if progress:
                _progress(sys.stderr, wall + 1, args.games)
    except KeyboardInterrupt:
        if progress:
            sys.stderr.write("\n")
        print(f"riichi play: interrupted; {plural(tally.games, 'game')} played", file=sys.stderr)
        return 130
    finally:
        for player in bots.values():
            if isinstance(player, MjaiProcessPlayer) and all(player is not p for _s, p in seated.values()):
                player.close()
    if progress:
        sys.stderr.write("\n")
    summary: dict[str, object] = {"rules": rules.name, "walls": args.games, "games": tally.games, "events": events,
                                  "seconds": round(time.perf_counter() - started, 3), "players": tally.summary()}
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        _print_duplicate(summary)
    return 0


def _print_duplicate(summary: dict[str, object]) -> None:
    players = summary["players"]
    assert isinstance(players, list)
    print(f"duplicate match: {summary['walls']} walls, {summary['games']} games under {summary['rules']} "
          f"({summary['events']} events in {summary['seconds']} s)")
    width = max(cell_width("player"), *(cell_width(str(p["player"])) for p in players))
    places = ("1st", "2nd", "3rd", "4th")[:len(players[0]["places"])] if players else ()
    print(f"{pad('player', width)}  games" + "".join(f" {p:>5}" for p in places)
          + "  avg place [95%]         points/game [95%]")
    for p in players:
        place, points = p["average_place"], p["points"]
        print(f"{pad(str(p['player']), width)} {p['games']:>6}" + "".join(f" {k:>5}" for k in p["places"])
              + f"  {place['value']:.3f} [{place['low']:.3f}, {place['high']:.3f}]"
              + f"  {points['value']:>6.1f} [{points['low']:.1f}, {points['high']:.1f}]")
    print("rates per hand [95%]:")
    for p in players:
        cells = []
        for key, label in (("win_rate", "win"), ("deal_in_rate", "deal-in"), ("riichi_rate", "riichi"),
                           ("call_rate", "call"), ("draw_rate", "draw")):
            r = p[key]
            cells.append(f"{label} {r['value']:.1%} [{r['low']:.1%}, {r['high']:.1%}]")
        print(f"  {pad(str(p['player']), width)} " + "  ".join(cells))


def _noted(names: tuple[str, ...], faults: list[Fault]) -> tuple[str, ...]:
    """The players' names with each seat's faults in the game noted after it (every record format keeps the
    names): ``mjai:bot.py [faults: 2 late, 1 illegal]``."""
    noted = list(names)
    for seat in sorted({f.seat for f in faults}):
        kinds = Counter(f.kind.value for f in faults if f.seat == seat)
        noted[seat] += " [faults: " + ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items())) + "]"
    return tuple(noted)


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


def _summary(tally: Tally, names: list[str], rules: str, events: int, elapsed: float,
             faults: list[Fault]) -> dict[str, object]:
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
            "placements": tally.placements[seat][:len(names)],
            "average_place": round(tally.average_place(seat), 3),
            "average_points": round(tally.average_points[seat], 2),
            "win_rate": round(tally.wins[seat] / hands, 4),
            "deal_in_rate": round(tally.deal_ins[seat] / hands, 4),
            "fault_kinds": dict(sorted(Counter(f.kind.value for f in faults if f.seat == seat).items())),
        } for seat in range(len(names))],
        "faults": [sum(1 for f in faults if f.seat == seat) for seat in range(len(names))],
        "draw_rate": round(tally.draws / hands, 4),
        "yaku": {name: round(n / wins, 4) for name, n in tally.yaku.most_common()},
    }


def _print(summary: dict[str, object]) -> None:
    print(f"{summary['games']} games, {summary['hands']} hands under {summary['rules']} "
          f"({summary['events']} events in {summary['seconds']} s)")
    seats = summary["seats"]
    assert isinstance(seats, list)
    places = ("1st", "2nd", "3rd", "4th")[:len(seats)]
    width = max(cell_width("player"), *(cell_width(str(s["player"])) for s in seats))  # a name fits its column
    print(f"seat {pad('player', width)}" + "".join(f" {p:>4}" for p in places)
          + "  avg place  points/game  win rate  deal-in rate")
    for s in seats:
        counts = "".join(f" {n:>4}" for n in s["placements"][:len(seats)])
        print(f"{s['seat']:>4} {pad(str(s['player']), width)}{counts}  {s['average_place']:>9.2f}"
              f"  {s['average_points']:>11.1f}  {s['win_rate']:>8.1%}  {s['deal_in_rate']:>12.1%}")
    print(f"draw rate {summary['draw_rate']:.1%}")
    print(f"key: {places[0]}..{places[-1]} games finished in that place; points/game the average final points of a "
          "game\n     (thousands, after uma and oka); win, deal-in and draw rates per hand")
    faults = summary["faults"]
    assert isinstance(faults, list)
    if any(faults):
        print("bot faults (moves replaced by a pass or the drawn tile's discard): "
              + ", ".join(f"seat {seat} {n}" for seat, n in enumerate(faults) if n))
    yaku = summary["yaku"]
    assert isinstance(yaku, dict)
    print("yaku per win: " + ", ".join(f"{name} {share:.1%}" for name, share in list(yaku.items())[:15]))


def game_record(game: Game, events: Sequence[Event], faults: Sequence[tuple[int, Fault]] = ()) -> GameRecord:
    """A finished game as a record: its events hand by hand, stating no results. Writing it
    (:func:`~riichi.replay.convert.write_record` under the game's rules) gives every hand the engine's
    results, replayed from the events, as any record without results gets them (so ``hora`` and
    ``ryukyoku`` carry their score changes). The record carries the game's rule set, which every format
    writes where it can (mjai ``start_game``, tenhou.net/6 ``rule``, an mjlog attribute Tenhou ignores), and
    the bots' ``faults``, each given with the index in ``events`` of the event it came before (the mjai
    record writes them there)."""
    hands: list[list[Event]] = []
    where: list[tuple[int, int]] = []  # each event's hand and place in it
    for event in events:
        if isinstance(event, Deal):
            hands.append([])
        if hands and not isinstance(event, GameEnd):  # the record's end is no event of its last hand
            where.append((len(hands) - 1, len(hands[-1])))
            hands[-1].append(event)
        else:
            where.append((len(hands), 0))
    records = tuple(HandRecord(i, tuple(hand_events), StatedHand()) for i, hand_events in enumerate(hands))
    rules = RecordRules.played_under(game.rules)  # the preset and every switch: a reader replays the same rules
    start = (game.rules.game.starting_points,) * game.players
    placed = tuple(RecordFault(*(where[i] if i < len(where) else (len(hands), 0)), f.seat, f.kind, f.answer, f.detail)
                   for i, f in faults)
    return GameRecord(rules, game.names, start, records, None, faults=placed)
