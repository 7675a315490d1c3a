"""The ``riichi`` command line.

    riichi score 234m456p678s44433z --win 3z --tsumo --seat S --dora 1m
    riichi score "234m11z pon:777z@W chi:456p" --win 4m --discarder N --rules wrc
    riichi score 234m456p678s44433z --win 3z --tsumo --compare
    riichi score --jsonl < cases.jsonl > results.jsonl
    riichi rules            riichi rules tenhou wrc
    riichi analyze ...      riichi serve

Only this module prints.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from riichi.formats.interchange import meld_object, score_case, score_line_json
from riichi.rules import PRESETS, resolve_rules
from riichi.scoring.yaku.table import GLOSSES

__all__ = ["main"]

_SITUATION_FLAGS = ("riichi", "double_riichi", "open_riichi", "ippatsu", "rinshan", "chankan", "haitei",
                    "houtei", "tenhou", "chiihou", "renhou", "paarenchan")


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = _parser(words[0] if words else None)
    args = parser.parse_args(words)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        return int(args.run(args))
    except BrokenPipeError:  # the reader went away (riichi ... | head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser. When ``command`` names a subcommand, only that one is built: the others
    are needed only to list them (``riichi --help``, an unknown command), and building every one (the
    analyze command imports its module) would be a large part of a short run such as ``score --jsonl``."""
    parser = argparse.ArgumentParser(prog="riichi", description="Japanese (riichi) mahjong: score and analyse hands.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    builders = {"score": _add_score, "rules": _add_rules, "analyze": _add_analyze, "serve": _add_serve}
    for name, build in builders.items():
        if command == name or command not in builders:
            build(sub)
    return parser


def _add_score(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("score", help="score a winning hand", description=(
        "Score a winning hand. HAND is the concealed tiles (winning tile included) in MPSZ notation, then the "
        "melds as TYPE:TILES[@SEAT], e.g. \"234m11z pon:777z@W chi:456p@N ankan:1111s\". The winning tile "
        "defaults to the last concealed tile written."))
    p.add_argument("hand", nargs="?", help="the hand, e.g. 234m456p678s44433z")
    p.add_argument("--win", help="the winning tile (default: the last concealed tile written)")
    p.add_argument("--tsumo", action="store_true", help="won by self-draw (default: ron)")
    p.add_argument("--discarder", choices="ESWN", help="on ron, the seat that dealt in")
    p.add_argument("--seat", default="E", choices="ESWN", help="the winner's seat wind (E = dealer)")
    p.add_argument("--round", default="E", choices="ESWN", help="the round wind")
    for flag in _SITUATION_FLAGS:
        p.add_argument(f"--{flag.replace('_', '-')}", dest=flag, action="store_true")
    p.add_argument("--discarder-riichi", action="store_true", help="the discarder had declared riichi")
    p.add_argument("--dora", default="", help="dora indicators, kan dora included, e.g. 3m7z")
    p.add_argument("--ura", default="", help="ura-dora indicators")
    p.add_argument("--honba", type=int, default=0)
    p.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    p.add_argument("--rules", default="tenhou", help=f"preset: {', '.join(PRESETS)}")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="override a rule switch, e.g. --set kiriage=true --set aka=0 (repeatable)")
    p.add_argument("--json", action="store_true", help="print the interchange result as JSON")
    p.add_argument("--compare", action="store_true", help="the same hand under every preset, side by side")
    p.add_argument("--jsonl", action="store_true", help="read win cases as JSON lines on stdin, write results")
    p.set_defaults(run=_cmd_score)


def _add_rules(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("rules", help="list the rule-set presets, or show where two differ")
    p.add_argument("names", nargs="*", metavar="PRESET")
    p.set_defaults(run=_cmd_rules)


def _add_analyze(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    try:
        from riichi.cli import analyze as cli_analyze  # noqa: PLC0415 - optional module, present once analysis lands
    except ImportError:
        pass
    else:
        cli_analyze.add_parser(sub)


def _add_serve(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("serve", help="start the web calculator (needs the 'web' extra)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.set_defaults(run=_cmd_serve)


# -- score ----------------------------------------------------------------------

def _cmd_score(args: argparse.Namespace) -> int:
    if args.jsonl:
        return _score_stream(sys.stdin, sys.stdout, sys.stderr)
    if not args.hand:
        print("riichi score: give a HAND, or --jsonl to read cases from stdin", file=sys.stderr)
        return 2
    case = _case_from_args(args)
    if isinstance(case, str):
        print(f"riichi score: {case}", file=sys.stderr)
        return 2
    if args.compare:
        _print_compare(case)
        return 0
    return emit(score_case(case), command="score", as_json=args.json,
                show=lambda result: _print_result(result, case))


def emit(result: dict[str, object], *, command: str, as_json: bool,
         show: Callable[[dict[str, object]], None]) -> int:
    """Print a result as JSON, as the command's text, or its error on stderr; the exit status."""
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
        return 0 if result["ok"] else 1
    if not result["ok"]:
        err = result["error"]
        assert isinstance(err, dict)
        print(f"riichi {command}: {_c('error', 'red')} ({err['code']}): {err['message']}", file=sys.stderr)
        return 1
    show(result)
    return 0


def _case_from_args(args: argparse.Namespace) -> dict[str, object] | str:
    concealed_text, *meld_words = args.hand.split()
    try:
        melds = [meld_object(word) for word in meld_words]
    except ValueError as e:
        return str(e)
    win = args.win
    if not win:
        digits = [ch for ch in concealed_text if ch.isdigit()]
        suits = [i for i, ch in enumerate(concealed_text) if ch in "mpsz"]
        if not digits or not suits:
            return f"cannot read {concealed_text!r} as tiles"
        win = concealed_text[suits[-1] - 1] + concealed_text[suits[-1]]
    rules: object = args.rules
    if args.set:
        overrides: dict[str, object] = {"preset": args.rules}
        for item in args.set:
            key, eq, value = item.partition("=")
            if not eq:
                return f"--set needs KEY=VALUE, not {item!r}"
            try:
                overrides[key] = json.loads(value)
            except json.JSONDecodeError:
                overrides[key] = value
        rules = overrides
    case: dict[str, object] = {
        "hand": concealed_text, "melds": melds, "win": win, "tsumo": args.tsumo,
        "seat_wind": args.seat, "round_wind": args.round, "dora": args.dora, "ura": args.ura,
        "honba": args.honba, "riichi_sticks": args.sticks, "rules": rules,
    }
    if args.discarder:
        case["discarder"] = args.discarder
    for flag in (*_SITUATION_FLAGS, "discarder_riichi"):
        if getattr(args, flag):
            case[flag] = True
    return case


def _score_stream(inp: TextIO, out: TextIO, err: TextIO) -> int:
    """One result line per input line, in order, in constant memory."""
    progress = err.isatty()
    n = 0
    write = out.write
    for line in inp:
        n += 1
        write(score_line_json(line) + "\n")  # one write a line: a result is a few hundred characters
        if progress and n % 1000 == 0:
            err.write(f"\r{n} cases")
    if progress:
        err.write(f"\r{n} cases\n")
    out.flush()
    return 0


# -- presentation -----------------------------------------------------------------

def _colour_on() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


_CODES = {"bold": "1", "red": "31", "green": "32", "yellow": "33", "cyan": "36", "dim": "2"}


def _c(text: object, style: str) -> str:
    return f"\033[{_CODES[style]}m{text}\033[0m" if _colour_on() else str(text)


def _print_result(result: dict[str, object], case: dict[str, object]) -> None:
    rows: list[tuple[str, str]] = []
    yakuman = result["yakuman"]
    assert isinstance(yakuman, list)
    if yakuman:
        for y in yakuman:
            rows.append((str(y["name"]), f"{y['multiplier']}x yakuman"))
    else:
        for y in result["yaku"]:  # type: ignore[attr-defined]
            rows.append((str(y["name"]), f"{y['han']} han"))
    width = max(len(name) for name, _ in rows)
    value_width = max(len(value) for _, value in rows)
    print(_c("Yaku", "bold"))
    for name, value in rows:
        gloss = GLOSSES.get(name, "")
        gloss = _c(gloss, "dim") if gloss and gloss != name.replace("_", " ") else ""
        print(f"  {name:<{width}}  {value:<{value_width}}  {gloss}".rstrip())
    if not yakuman:
        print(_c("Fu", "bold"))
        details = result["fu_details"]
        assert isinstance(details, list)
        fw = max((len(str(d["reason"])) for d in details), default=4)
        for d in details:
            print(f"  {d['reason']:<{fw}}  {d['fu']:>2}")
        print(f"  {'= ' + str(sum(int(d['fu']) for d in details)):>{fw + 4}} -> {result['fu']} fu")
    limit = result["limit"]
    if yakuman:
        head = f"{result['yakuman_total']}x yakuman"
    else:
        head = f"{result['han']} han {result['fu']} fu" + (f"  {limit}" if limit else "")
    print(_c("Value", "bold"))
    print(f"  {head}: {_c(result['points'], 'green')} points")
    payments = result["payments"]
    assert isinstance(payments, dict)
    who = "tsumo" if case.get("tsumo") else "ron"
    print(_c(f"Payments ({who}, winner {case.get('seat_wind', 'E')})", "bold"))
    if not payments:
        print("  (give --discarder to see who pays)")
    for seat, amount in payments.items():
        print(f"  {seat} pays {amount}")
    deltas = result.get("deltas")
    if isinstance(deltas, dict):
        print("  changes: " + "  ".join(f"{s} {v:+d}" for s, v in deltas.items()))
    print(_c("Reading", "bold") + "  " + " ".join(str(g) for g in result["decomposition"]))  # type: ignore[attr-defined]


def _print_compare(case: dict[str, object]) -> None:
    results = []
    for name in PRESETS:
        c = dict(case)
        rules = case.get("rules")
        c["rules"] = {**rules, "preset": name} if isinstance(rules, dict) else name
        results.append((name, score_case(c)))
    print(f"{'rules':<12} {'value':<26} {'points':>7}  yaku")
    for name, r in results:
        if not r["ok"]:
            err = r["error"]
            assert isinstance(err, dict)
            print(f"{name:<12} {_c(err['code'], 'red'):<26} {'-':>7}  {err['message'].splitlines()[0]}")
            continue
        if r["yakuman"]:
            value = f"{r['yakuman_total']}x yakuman"
            yaku = ", ".join(f"{y['name']}" for y in r["yakuman"])  # type: ignore[attr-defined]
        else:
            value = f"{r['han']} han {r['fu']} fu" + (f" {r['limit']}" if r["limit"] else "")
            yaku = ", ".join(f"{y['name']} {y['han']}" for y in r["yaku"])  # type: ignore[attr-defined]
        print(f"{name:<12} {value:<26} {r['points']:>7}  {yaku}")


# -- rules ----------------------------------------------------------------------

def _cmd_rules(args: argparse.Namespace) -> int:
    names = args.names
    try:
        rule_sets = [resolve_rules(n) for n in names]
    except ValueError as e:
        print(f"riichi rules: {e}", file=sys.stderr)
        return 2
    if not names:
        for name, rules in PRESETS.items():
            print(f"{_c(name, 'bold'):<12}  {rules.description.split('. ')[0]}.")
        return 0
    if len(rule_sets) == 1:
        r = rule_sets[0]
        print(r.description)
        for key, value in r.to_dict().items():
            if key not in ("name", "description"):
                print(f"  {key:<24} {json.dumps(value)}")
        return 0
    first, *rest = rule_sets
    keys = [k for k in first.to_dict() if k not in ("name", "description")]
    tables = [r.to_dict() for r in rule_sets]
    differing = [k for k in keys if any(t[k] != tables[0][k] for t in tables)]
    if not differing:
        print("no differences")
        return 0
    width = max(len(k) for k in differing)
    print(f"{'switch':<{width}}  " + "  ".join(f"{r.name:<16}" for r in rule_sets))
    for k in differing:
        print(f"{k:<{width}}  " + "  ".join(f"{json.dumps(t[k]):<16}" for t in tables))
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    try:
        from riichi.web.app import serve  # noqa: PLC0415 - optional extra
    except ImportError as e:
        print(f"riichi serve needs the web extra: pip install 'riichi[web]' ({e})", file=sys.stderr)
        return 2
    serve(host=args.host, port=args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
