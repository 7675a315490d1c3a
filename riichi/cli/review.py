"""``riichi review RECORD --seat N --player SPEC``: how often a player agrees with a recorded seat.

    riichi review game.xml --seat 0 --player efficient
    riichi review game.mjson --seat 2 --player 'mjai:python bot.py {seat}' --json

The record is replayed by the engine; at each decision of the seat the player is asked what it would do
(an mjai bot follows the game's events), and every difference is listed with both choices. Reviewed by the
expert (``--player expert``), each differing discard also shows how the expert judges both: the chance of
winning times the value played for, the chance of dealing in and what it costs, and the points lost.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from riichi.bots.process import MjaiProcessPlayer
from riichi.bots.review import review_game
from riichi.bots.spec import PLAYERS, make_player
from riichi.errors import RiichiError
from riichi.formats.detect import read_record
from riichi.formats.record import event_name, hand_name
from riichi.rules import PRESETS, resolve_rules

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``review`` on the main parser's subcommands."""
    p = subparsers.add_parser("review", help="compare a recorded seat's decisions with a player's", description=(
        "Replay a game record and ask a player, at each decision of one seat, what it would do: the agreement "
        "rate and every disagreement with both choices. Any game the engine replays is reviewed (east-only, "
        "negative scores, any rule set). The record is read leniently, as riichi replay reads it, and what was "
        "forgiven is noted; a hand that cannot be replayed is named and the review goes on from the next hand."))
    p.add_argument("record", metavar="RECORD", help="a game record (mjlog XML, tenhou.net/6 JSON, mjai JSON lines, "
                                                    "Mahjong Soul's or Riichi City's own; plain or gzip)")
    p.add_argument("--seat", type=int, required=True, help="the seat to review (0 the first dealer)")
    p.add_argument("--player", default="efficient",
                   help=f"the reviewing player: a built-in name ({', '.join(PLAYERS)}), module:Class or "
                        "mjai:COMMAND (default efficient)")
    p.add_argument("--rules", help=f"replay under this preset ({', '.join(PRESETS)}) instead of the record's rules")
    p.add_argument("--seed", type=int, default=0, help="the player's seed (default 0)")
    p.add_argument("--bot-timeout", type=float, default=10.0, metavar="SECONDS",
                   help="how long an mjai bot may take for each decision (default 10)")
    p.add_argument("--json", action="store_true", help="print the review as one JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``riichi review``; returns the exit status."""
    from riichi.cli import fail  # noqa: PLC0415 - the command line's package imports this module

    path = Path(args.record)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return fail("review", "no_such_file", f"{path}: no such file")  # as riichi replay says it
    except OSError as exc:
        return fail("review", "usage", f"cannot read {path}: {exc.strerror or exc}")
    record = read_record(data, name=path.name, strict=False)
    if record.errors and not record.hands:
        return fail("review", "invalid_log", f"{path}: {record.errors[0]}")
    seats = len(record.names) if record.names else 4
    if not 0 <= args.seat < seats:
        return fail("review", "usage", f"--seat {args.seat} is not a seat 0..{seats - 1}")
    try:
        rules = resolve_rules(args.rules) if args.rules else None
        player = make_player(args.player, args.seat, seed=args.seed, timeout=args.bot_timeout)
    except RiichiError as exc:
        return fail("review", "usage", str(exc))
    bot = player if isinstance(player, MjaiProcessPlayer) else None
    try:
        review = review_game(record, args.seat, player, rules=rules, observe=bot.observe if bot else None)
    finally:
        if bot is not None:
            bot.close()
    notes = [f"{hand_name(n.hand)}: {n.message}" if n.hand is not None else n.message for n in record.notes]
    out: dict[str, object] = {"file": str(path), "player": args.player, **review.to_json(), "notes": notes}
    if bot is not None:
        out["faults"] = len(bot.faults)
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(f"{path}: seat {args.seat} against {args.player}: {review.agreements}/{review.decisions} decisions "
              f"agree ({review.rate:.1%}); {review.unknown} not shown by the record")
        for d in review.disagreements:
            print(f"  {hand_name(d.hand)} {d.round}-{d.honba} {event_name(d.event)}: {d.hand_tiles}: "
                  f"recorded {d.recorded}, {args.player} {d.chosen}")
            if d.judged is not None:
                for label, j in (("recorded", d.judged[0]), (args.player, d.judged[1])):
                    print(f"      {label} {j.tile}: shanten {j.shanten}, win {j.win:.1%} x {j.value:,.0f} = "
                          f"{j.win * j.value:,.0f}; deal-in {j.deal_in:.1%} (-{j.loss:,.0f}); score {j.score:,.0f}")
                print(f"      value lost: {d.value_lost:,.0f} points")
        for note in notes:
            print(f"  note: {note}")
        for error in review.errors:
            print(f"  not replayed: {error}")
    return 0
