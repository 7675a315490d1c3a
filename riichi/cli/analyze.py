"""``riichi analyze``: shanten, waits and their value, or the discard table of a hand.

    riichi analyze 1133557799m1p2p3p
    riichi analyze 23m456p789s11122z --discards 4m --seat S --dora 1m
    riichi analyze 1234m456p789s1155z --visible 5z5z --json
    riichi analyze --jsonl < requests.jsonl > results.jsonl

The text and ``--json`` outputs come from :func:`riichi.formats.analysis.analyze_case`
(its fields are documented in docs/analysis.md); ``--jsonl`` reads one
request a line and writes one result a line for every line, blank ones and errors included (an error
carries its ``line`` number), never stopping.
:mod:`riichi.cli` registers this command through :func:`add_parser`; :mod:`riichi.formats.analysis` (and the
shanten and wait modules it needs) is imported only when this command runs.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from typing import BinaryIO

from riichi.cli.batch import answer_lines
from riichi.scoring.context import SITUATION_FLAGS, flag_help

__all__ = ["add_parser", "run"]

#: The situation flags a wait's value can be asked under (each wait is valued by ron and by tsumo alike).
_SITUATION_FLAGS = tuple(flag for flag in SITUATION_FLAGS if flag != "tsumo")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``analyze`` on the main parser's subcommands."""
    from riichi.cli import add_seat, add_workers, tiles_arg  # noqa: PLC0415 - cli imports this module first

    p = subparsers.add_parser("analyze", help="shanten, waits and their value, or the best discards", description=(
        "Analyse a hand of 13 or 14 tiles (melds count three each): shanten in each form; for 13 tiles the "
        "waits with their shapes and value, furiten and the tiles that help; for 14 tiles every discard, best "
        "first. HAND is MPSZ notation with melds as TYPE:TILES[@SEAT]."))
    p.add_argument("hand", nargs="*", help="the hand, e.g. 1133557799m1p2p3p or 2m pon:777z@W chi:123s chi:456s "
                                           "chi:789p (spaces between groups are allowed, quoted or not)")
    p.add_argument("--visible", default="", type=tiles_arg,
                   help="tiles seen outside the hand (discards, indicators, melds)")
    p.add_argument("--discards", default="", type=tiles_arg, help="the player's own discards (furiten)")
    p.add_argument("--passed", default="", type=tiles_arg,
                   help="winning tiles let go since the player's last draw (furiten)")
    p.add_argument("--passed-in-riichi", default="", type=tiles_arg,
                   help="tiles let go since declaring riichi (furiten)")
    p.add_argument("--tiles-left", type=int, help="tiles left in the live wall (may riichi be declared)")
    p.add_argument("--points", type=int, help="the player's points (may riichi be declared)")
    p.add_argument("--drawn", help="the tile just drawn, for a 14-tile hand in riichi: may it make a concealed kan")
    p.add_argument("--lenient-kan", action="store_true",
                   help="after riichi, allow a kan that keeps the waits even if its tiles read otherwise")
    add_seat(p, "--seat", "seat wind for the value of each wait", default="E")
    add_seat(p, "--round", "round wind", default="E")
    for flag in _SITUATION_FLAGS:
        p.add_argument(f"--{flag.replace('_', '-')}", dest=flag, action="store_true", help=flag_help(flag))
    p.add_argument("--dora", default="", type=tiles_arg, help="dora indicators")
    p.add_argument("--kita", type=int, default=0, metavar="N",
                   help="three-player rules: the Norths already set aside (0 to 4), for the values and the tiles left")
    p.add_argument("--rules", default="tenhou", type=str.lower, help="rule-set preset for the values")
    p.add_argument("--no-values", action="store_true", help="do not score the waits")
    ev = p.add_argument_group("expected values (docs/analysis.md)")
    ev.add_argument("--ev", action="store_true",
                    help="each discard's chance of tenpai, chance of winning and expected score by the last turn")
    ev.add_argument("--turn", type=int, default=1, help="the turn now: how many tiles the player has drawn (default 1)")
    ev.add_argument("--last-turn", type=int, default=None,
                    help="the last turn the player draws (default: the seat's last draw of the whole wall, 18 for "
                         "East and South, 17 for West and North; 18 in the peer model; --tiles-left sets it too)")
    ev.add_argument("--ev-model", default="table", choices=("table", "peer"),
                    help="table (default): the project's model of a seat at a real table; peer: the published "
                         "single-player calculators' model")
    ev.add_argument("--honba", type=int, default=0, help="honba on the table (the table model adds them to a win)")
    ev.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table (the table model adds them)")
    ev.add_argument("--scores", type=_scores_arg, default=None, metavar="E,S,W[,N]",
                    help="each seat's points by seat wind from East, e.g. 31000,30000,20000,19000: adds each "
                         "discard's placement value (expected final points after uma and oka) and orders the discards by it")
    ev.add_argument("--round-number", type=int, default=None, metavar="N",
                    help="the hand's number in its round (South 4 is --round S --round-number 4; default 1)")
    ev.add_argument("--ev-seconds", type=float, default=None, metavar="S",
                    help="stop the search after S seconds with a too_complex error")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    p.add_argument("--jsonl", action="store_true", help="read requests as JSON lines on stdin, write results")
    add_workers(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``riichi analyze``; returns the exit status."""
    if args.jsonl:
        sys.stdout.flush()
        return _stream(sys.stdin.buffer, sys.stdout.buffer, args.workers)
    from riichi.cli import fail  # noqa: PLC0415 - cli imports this module when it builds its parser

    if not args.hand:
        return fail("analyze", "usage", "give a HAND, or --jsonl to read requests from stdin")
    if args.workers != 1:
        return fail("analyze", "usage", "--workers goes with --jsonl (one hand is analysed in this process)")
    request: dict[str, object] = {
        "hand": " ".join(args.hand), "visible": args.visible, "discards": args.discards, "passed": args.passed,
        "passed_in_riichi": args.passed_in_riichi, "seat_wind": args.seat, "round_wind": args.round,
        "dora": args.dora, "rules": args.rules, "values": not args.no_values, "ankan_strict": not args.lenient_kan,
        # as riichi score reads it: a red five under rules without red fives is their plain five, and it says so
        "red_fives_as_plain": True,
    }
    for flag in _SITUATION_FLAGS:
        if getattr(args, flag):
            request[flag] = True
    for key in ("tiles_left", "points", "drawn"):
        if getattr(args, key) is not None:
            request[key] = getattr(args, key)
    if args.kita:
        request["kita"] = args.kita
    if args.scores is not None:
        request["scores"] = args.scores
    if args.round_number is not None:
        request["round_number"] = args.round_number
    if args.ev or args.scores is not None:
        if args.honba:
            request["honba"] = args.honba
        if args.sticks:
            request["riichi_sticks"] = args.sticks
    if args.ev:
        request["ev"] = {"model": args.ev_model, "first_turn": args.turn, "last_turn": args.last_turn}
        if args.ev_seconds is not None:
            request["ev"]["max_seconds"] = args.ev_seconds  # type: ignore[index]
    from riichi.cli import emit  # noqa: PLC0415 - cli imports this module when it builds its parser
    from riichi.formats.analysis import analyze_case  # noqa: PLC0415 - not imported when the parser is built

    return emit(analyze_case(request), command="analyze", as_json=args.json,
                show=lambda result: print(render(result)))


def _scores_arg(text: str) -> list[int]:
    """``--scores``: whole numbers separated by commas (or spaces)."""
    parts = text.replace(",", " ").split()
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise argparse.ArgumentTypeError(f"scores are whole numbers separated by commas, East first, e.g. "
                                         f"31000,30000,20000,19000; not {text!r}") from None


def _stream(source: BinaryIO, sink: BinaryIO, workers: int = 1) -> int:
    from riichi.formats.analysis import analyze_line  # noqa: PLC0415 - not imported when the parser is built

    return answer_lines(source, sink, sys.stderr, analyze_line, command="analyze", noun="request", workers=workers)


def render(result: Mapping[str, object]) -> str:
    """The text report of an analysis result."""
    lines = [f"{result['hand']}  ({result['tiles']} tiles)"]
    shanten = result["shanten"]
    forms = result["forms"]
    assert isinstance(shanten, int)
    assert isinstance(forms, Mapping)
    state = "complete" if shanten < 0 else "tenpai" if shanten == 0 else f"{shanten}-shanten"
    parts = [f"{name} {value}" for name, value in forms.items() if value is not None]
    lines.append(f"shanten: {state}  ({', '.join(parts)})")
    if "unseen" in result:
        lines.append(f"unseen: {result['unseen']} tiles (not in the hand, not visible)")
    waits = result.get("waits")
    if isinstance(waits, list) and waits:
        notes = {str(note) for w in waits if isinstance(w, Mapping) for key in ("ron_result", "tsumo_result")
                 if isinstance(w.get(key), Mapping) for note in _list(w[key].get("notes"))}
        lines += [f"note: {note}" for note in sorted(notes)]
        lines.append("waits:")
        lines += [_wait_line(w) for w in waits]
        patterns = [p for p in _list(result.get("wait_patterns")) if isinstance(p, Mapping)]
        if patterns:
            lines.append("wait patterns: " + ", ".join(
                f"{p['name']} {p['tiles']} ({' '.join(str(t) for t in _list(p['waits']))})" for p in patterns))
    elif "ukeire" in result:
        lines.append(f"tiles that help: {_improving(result)}")
    furiten = result.get("furiten")
    if isinstance(furiten, Mapping) and not furiten["can_ron"]:
        reasons = ", ".join(str(r) for r in _list(furiten["reasons"]))
        lines.append(f"furiten ({reasons}): no ron on {' '.join(str(t) for t in _list(furiten['tiles']))}")
    discards = result.get("discards")
    if isinstance(discards, list):
        lines.append("discard  shanten  tiles that help")
        # a kita row: the North set aside (three-player rules), the same tiles left as its discard
        lines += [f"{d['tile'] + (' kita' if d.get('kita') else ''):<8} {d['shanten']:>7}  {_improving(d)}"
                  for d in discards]
    riichi = result.get("riichi_declaration")
    if isinstance(riichi, Mapping):
        verdict = "yes" if riichi["allowed"] else f"no ({', '.join(str(r) for r in _list(riichi['reasons']))})"
        lines.append(f"riichi: {verdict}")
    kan = result.get("ankan_after_riichi")
    if isinstance(kan, Mapping):
        verdict = "yes" if kan["allowed"] else f"no ({', '.join(str(r) for r in _list(kan['reasons']))})"
        lines.append(f"concealed kan of {kan['tile']} after riichi: {verdict}")
    ev = result.get("ev")
    if isinstance(ev, Mapping):
        lines += _ev_lines(ev)
    return "\n".join(lines)


def _ev_lines(ev: Mapping[str, object]) -> list[str]:
    """The expected values at the first turn, best first, and the win probability turn by turn."""
    first, last = ev["first_turn"], ev["last_turn"]
    rows = [d for d in _list(ev.get("discards")) if isinstance(d, Mapping)]
    placed = any("placement" in d for d in rows)
    lines = [f"expected values ({ev['model']} model, turn {first} of {last}, {ev['unseen']} tiles unseen):",
             "discard   tenpai %   win %   expected score" + ("   placement" if placed else "")]
    for d in rows:
        tile = "(as is)" if d["tile"] is None else f"{d['tile']}{' kita' if d.get('kita') else ''}"
        tenpai, win, value = (_list(d[key]) for key in ("tenpai", "win", "value"))
        line = (f"{tile:<9} {100 * float(tenpai[0]):>8.2f} {100 * float(win[0]):>7.2f}   "  # type: ignore[arg-type]
                f"{float(value[0]):>14.1f}")  # type: ignore[arg-type]
        placement = _list(d.get("placement"))
        if placement:
            line += f"   {float(placement[0]):>+9.2f}"  # type: ignore[arg-type]
        lines.append(line)
    if placed:
        lines.append("(placement: expected final points, in thousands after uma and oka)")
    if not rows:
        lines.append("  (no discard keeps the shanten: the model considers none)")
    return lines


def _list(value: object) -> Sequence[object]:
    return value if isinstance(value, list) else []


def _improving(row: Mapping[str, object]) -> str:
    tiles = " ".join(f"{i['tile']}x{i['left']}" for i in _list(row.get("improving")) if isinstance(i, Mapping))
    return f"{tiles}  = {row['ukeire']}" if tiles else "-"


def _wait_line(wait: object) -> str:
    assert isinstance(wait, Mapping)
    flags = [f for f in ("karaten", "dead") if wait.get(f)]
    text = f"  {wait['tile']:<3} {'/'.join(str(s) for s in _list(wait['shapes'])):<18} {wait['left']} left"
    if "ron" in wait:
        ron = "no yaku" if wait["no_yaku"] else wait["ron"] if wait["ron"] is not None else "-"
        tsumo = "no yaku" if wait["tsumo_no_yaku"] else wait["tsumo"] if wait["tsumo"] is not None else "-"
        text += f"  ron {ron}  tsumo {tsumo}"
    return text + (f"  [{', '.join(flags)}]" if flags else "")
