"""``riichi bot SPEC``: a player of this library at any mjai table, speaking mjai on stdin and stdout.

    riichi bot efficient                      # one JSON line in, one action line out, until stdin ends
    riichi play --seat '1=mjai:riichi bot efficient'

Each line read is a JSON array of events (or one event); each line written is the player's action, or
``{"type":"none"}``. The seat comes from ``start_game``'s ``id``. A line the bot cannot follow is said on
stderr, and the bot plays safe (pass, or discard the tile drawn) until the next hand; so does an error of
the bot's own, which never ends the process. A line longer than the JSON reader takes (a mebibyte) is not
kept: it is read through to its end, said on stderr and answered ``{"type":"none"}``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import TextIO

from riichi.bots.client import MjaiClient
from riichi.bots.spec import PLAYERS, make_player
from riichi.errors import RiichiError
from riichi.formats.strict_json import MAX_TEXT
from riichi.rules import PRESETS, resolve_rules

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``bot`` on the main parser's subcommands."""
    p = subparsers.add_parser("bot", help="play as an mjai bot on stdin/stdout", description=(
        "Speak mjai on stdin and stdout as the player SPEC, so that a player of this library sits at any mjai "
        "table (mjai.app, riichi play --seat 'N=mjai:riichi bot SPEC'). Hidden tiles come as '?'; the seat "
        "comes from start_game's id."))
    p.add_argument("spec", metavar="SPEC",
                   help=f"the player: a built-in name ({', '.join(PLAYERS)}) or module:Class")
    p.add_argument("--rules", default="tenhou", help=f"the table's rules, a preset: {', '.join(PRESETS)}")
    p.add_argument("--seed", type=int, default=0, help="the player's seed (default 0)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``riichi bot``; returns the exit status."""
    from riichi.cli import fail  # noqa: PLC0415 - the command line's package imports this module

    if args.spec.startswith("mjai:"):
        return fail("bot", "usage", "riichi bot plays a built-in player or module:Class, not another mjai bot")
    try:
        rules = resolve_rules(args.rules)
        player = make_player(args.spec, 0, seed=args.seed)
    except RiichiError as exc:
        return fail("bot", "usage", str(exc))
    client = MjaiClient(player, rules)
    for line in _lines(sys.stdin, MAX_TEXT):
        if line is None:
            client.problem(f"a line longer than {MAX_TEXT:,} characters: not read; the bot passes and plays safe "
                           "until the next hand")
            client.round = None
            answer = '{"type":"none"}'
        elif not line.strip():
            continue
        else:
            try:
                answer = client.answer(line)
            except Exception as bug:  # noqa: BLE001 - a fault of this program must not end the bot's game
                client.problem(f"this line raised {type(bug).__name__}: {bug}; the bot passes and plays safe until "
                               "the next hand")
                client.round = None
                answer = '{"type":"none"}'
        for problem in client.problems:
            print(f"riichi bot: {problem}", file=sys.stderr)
        client.problems.clear()
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()
    return 0


def _lines(stream: TextIO, longest: int) -> Iterator[str | None]:
    """The lines of ``stream``, each read whole if at most ``longest`` characters, else read through to its
    end and given as None: the memory a line takes is bounded, however long it is."""
    while True:
        line = stream.readline(longest + 1)
        if not line:
            return
        if len(line) <= longest or line.endswith("\n") and len(line) == longest + 1:
            yield line
            continue
        while line and not line.endswith("\n"):  # the rest of the line, a piece at a time, let go
            line = stream.readline(longest)
        yield None
