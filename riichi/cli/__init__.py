"""The ``riichi`` command line.

    riichi score 234m456p678s44433z --win 3z --tsumo --seat S --dora 1m
    riichi score "234m11z pon:777z@W chi:456p" --win 4m --discarder N --rules wrc
    riichi score 234m456p678s44433z --win 3z --tsumo --compare
    riichi score --jsonl < cases.jsonl > results.jsonl
    riichi rules            riichi rules tenhou wrc
    riichi analyze ...      riichi serve
    riichi play --games 100 --seed 7 --rules tenhou
    riichi replay game.xml  riichi replay --jsonl logs/ > replay.jsonl
    riichi sheet --jsonl < games.jsonl > results.jsonl   riichi sheet --from-record game.xml
    riichi stats logs/ --out stats/   riichi stats --out stats/ --query "SELECT * FROM summary"
    riichi seating --players 16 --rounds 5   riichi standings games.jsonl   riichi ratings games.jsonl
    riichi club serve       riichi club serve --database postgresql://user:password@host/club

Only this module prints.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import BinaryIO, NoReturn, TextIO

from riichi.cli.batch import CHUNK_LINES, answer_lines, workers_arg
from riichi.errors import NotationError, RiichiError, UnknownRulesError
from riichi.extras import install_hint
from riichi.formats import red_fives
from riichi.formats.interchange import Scored, meld_object, read_and_score, score_case, score_line
from riichi.hand import WIN_MARK, read_hand_words
from riichi.notation import format_tiles
from riichi.rules import PRESETS, presets_for, resolve_rules
from riichi.scoring.context import SITUATION_FLAGS, flag_help

__all__ = ["EXIT_REFUSED", "EXIT_USAGE", "main"]

#: Exit status when the input was read but refused (bad notation, not a winning hand, unknown rules...).
EXIT_REFUSED = 1
#: Exit status when the command line itself is wrong (an unknown option, a missing argument).
EXIT_USAGE = 2

_EXIT_STATUS = """exit status: 0 done; 1 the input was refused (the error names its code, e.g. not_winning);
2 the command line itself is wrong (code usage)."""

#: The situation flags given as --options of their own (tsumo and the discarder's riichi have theirs below).
_SITUATION_FLAGS = tuple(flag for flag in SITUATION_FLAGS if flag not in ("tsumo", "discarder_riichi"))


def add_seat(p: argparse.ArgumentParser, flag: str, help: str, default: str | None = None) -> None:  # noqa: A002
    """A seat or wind option: E, S, W or N, in either case."""
    p.add_argument(flag, type=str.upper, choices=("E", "S", "W", "N"), metavar="{E,S,W,N}", default=default,
                   help=help)


def add_workers(p: argparse.ArgumentParser) -> None:
    """``--workers`` for a ``--jsonl`` stream."""
    p.add_argument("--workers", type=workers_arg, default=1, metavar="N",
                   help="with --jsonl: answer in N worker processes, or 'auto' for one a core (default 1: in this "
                        f"process, a line at a time; with more, lines are answered in chunks of {CHUNK_LINES}, "
                        "still written in input order)")


def tiles_arg(text: str) -> str:
    """A tiles option as the hand is written: spaces between groups allowed (``--dora "1m 2m"``)."""
    return "".join(text.split())


class _Parser(argparse.ArgumentParser):
    """argparse with the command's error format: ``riichi score: error (usage): message``."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: {_c('error', 'red')} (usage): {message}\n")


def fail(command: str, code: str, message: str, *, source: str = "", span: tuple[int, int] | None = None) -> int:
    """Print ``riichi COMMAND: error (CODE): MESSAGE`` on stderr, with a caret under ``span`` of ``source``;
    the exit status of that class of error (usage errors :data:`EXIT_USAGE`, refused input :data:`EXIT_REFUSED`)."""
    text = f"riichi {command}: {_c('error', 'red')} ({code}): {message}"
    if source and span is not None:
        start, end = span
        text += f"\n  {source}\n  {' ' * start}{'^' * max(1, end - start)}"
    print(text, file=sys.stderr)
    return EXIT_USAGE if code == "usage" else EXIT_REFUSED


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


class _Version(argparse.Action):
    """``--version``: the version and the build (compiled with mypyc or pure Python)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:  # noqa: A002
        super().__init__(option_strings, dest, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        from riichi.build import describe  # noqa: PLC0415 - only for --version

        print(describe())
        parser.exit()


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser. When ``command`` names a subcommand, only that one is built: the others
    are needed only to list them (``riichi --help``, an unknown command), and building every one (the
    analyze command imports its module) would be a large part of a short run such as ``score --jsonl``."""
    parser = _Parser(prog="riichi", description="Japanese (riichi) mahjong: score and analyse hands, play and "
                     "replay games, score sheets, tournaments.")
    parser.add_argument("--version", action=_Version, help="print the version and which build runs, then exit")
    sub: argparse._SubParsersAction[argparse.ArgumentParser] = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=_Parser)
    builders = {"score": _add_score, "rules": _add_rules, "analyze": _add_analyze, "play": _add_play,
                "replay": _add_replay, "sheet": _add_sheet, "stats": _add_stats, "bot": _add_bot,
                "review": _add_review, "seating": _add_seating, "standings": _add_standings,
                "ratings": _add_ratings, "club": _add_club, "serve": _add_serve}
    for name, build in builders.items():
        if command == name or command not in builders:
            build(sub)
    return parser


def _add_score(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("score", help="score a winning hand", epilog=_EXIT_STATUS, description=(
        "Score a winning hand. HAND is the concealed tiles (winning tile included) in MPSZ notation, then the "
        "melds as TYPE:TILES[@SEAT], e.g. \"234m11z pon:777z@W chi:456p@N ankan:1111s\". The winning tile "
        "defaults to the last concealed tile written. Write the melds in the order they were called (a "
        "shouminkan where its pon stood): liability (pao) falls on whoever fed the third dragon, the fourth "
        "wind or the fourth kan, so the order decides who pays. With --nagashi there is no HAND: the nagashi "
        "mangan of seat --seat at an exhaustive draw is paid like a mangan tsumo. The result names the rule set "
        "and what was assumed for want of --seat, --round and --tsumo/--discarder."))
    p.add_argument("hand", nargs="*", help="the hand, e.g. 234m456p678s44433z or 234m 456p 11z pon:777z@W "
                                           "(spaces between groups are allowed, quoted or not)")
    p.add_argument("--win", help="the winning tile (default: the one the hand marks win:TILE, else the last "
                   "concealed tile written)")
    p.add_argument("--tsumo", action="store_true", help="won by self-draw (default: ron)")
    p.add_argument("--ron", action="store_true", help="won on a discard: the default, given so it is not assumed")
    add_seat(p, "--discarder", "on ron, the seat that dealt in")
    add_seat(p, "--seat", "the winner's seat wind (default E: the dealer)")
    add_seat(p, "--round", "the round wind (default E)")
    for flag in _SITUATION_FLAGS:
        p.add_argument(f"--{flag.replace('_', '-')}", dest=flag, action="store_true", help=flag_help(flag))
    p.add_argument("--discarder-riichi", action="store_true", help="the discarder had declared riichi")
    p.add_argument("--dora", default="", type=tiles_arg, help="dora indicators, kan dora included, e.g. 3m7z")
    p.add_argument("--ura", default="", type=tiles_arg, help="ura-dora indicators")
    p.add_argument("--honba", type=int, default=0, help="continuation counters the winner is paid for")
    p.add_argument("--sticks", type=int, default=0, help="riichi sticks the winner collects")
    p.add_argument("--kita", type=int, default=0, metavar="N",
                   help="three-player rules: the Norths the winner set aside (0 to 4), each a han of dora")
    p.add_argument("--nagashi", action="store_true",
                   help="a nagashi mangan of --seat at an exhaustive draw (no HAND), paid as a mangan tsumo. It is "
                        "a draw, not a win: the riichi sticks stay on the table, and --honba is added only where "
                        "the rules say so (switch nagashi_honba; no preset does)")
    p.add_argument("--rules", default="tenhou", type=str.lower, help=f"preset: {', '.join(PRESETS)}")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="override a rule switch, e.g. --set kiriage=true --set aka=0 (repeatable)")
    p.add_argument("--json", action="store_true", help="print the interchange result as JSON")
    p.add_argument("--compare", action="store_true", help="the same hand under every preset, side by side")
    p.add_argument("--jsonl", action="store_true",
                   help="read win cases as JSON lines on stdin, write one result line each on stdout; an error "
                        "result also gives the input line number as \"line\"; progress on a terminal, a summary "
                        "on stderr at the end")
    add_workers(p)
    p.set_defaults(run=_cmd_score)


def _add_rules(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("rules", help="list the rule-set presets, or show where two differ", epilog=_EXIT_STATUS)
    p.add_argument("names", nargs="*", metavar="PRESET")
    p.set_defaults(run=_cmd_rules)


def _add_analyze(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    try:
        from riichi.cli import analyze as cli_analyze  # noqa: PLC0415 - optional module, present once analysis lands
    except ImportError:
        pass
    else:
        cli_analyze.add_parser(sub)


def _add_play(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from riichi.cli import play as cli_play  # noqa: PLC0415 - the engine is imported only to play

    cli_play.add_parser(sub)


def _add_replay(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from riichi.cli import replay as cli_replay  # noqa: PLC0415 - the engine is imported only to replay

    cli_replay.add_parser(sub)


def _add_sheet(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from riichi.cli import sheet as cli_sheet  # noqa: PLC0415 - the engine is imported only for score sheets

    cli_sheet.add_parser(sub)


def _add_bot(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from riichi.cli import bot as cli_bot  # noqa: PLC0415 - the engine is imported only to play

    cli_bot.add_parser(sub)


def _add_review(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from riichi.cli import review as cli_review  # noqa: PLC0415 - the engine is imported only to review

    cli_review.add_parser(sub)


def _add_stats(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from riichi.cli import stats as cli_stats  # noqa: PLC0415 - DuckDB and Ray are imported only when it runs

    cli_stats.add_parser(sub)


def _add_seating(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from riichi.cli import seating as cli_seating  # noqa: PLC0415 - each command's module only when it runs

    cli_seating.add_parser(sub)


def _add_standings(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from riichi.cli import standings as cli_standings  # noqa: PLC0415

    cli_standings.add_parser(sub)


def _add_ratings(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from riichi.cli import ratings as cli_ratings  # noqa: PLC0415

    cli_ratings.add_parser(sub)


def _add_club(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from riichi.cli import club as cli_club  # noqa: PLC0415

    cli_club.add_parser(sub)


def _add_serve(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("serve", help="the web pages: calculator, replay, play ('web' extra)",
                       description=(
        "Serve the calculator (/), the replay page (/replay), the play page (/play) and the HTTP API (/docs). "
        "Every page is in English or Japanese (?lang=ja, or the switch in its header). It listens on 127.0.0.1 "
        "only unless --host says otherwise. "
        "A client must send a whole request (headers and body) within --request-timeout seconds; an idle "
        "kept-alive connection is closed after --keep-alive seconds; beyond --max-connections connections a "
        "request is answered 503; request heads over 16 KiB and bodies over 64 KiB are refused (a game record "
        "sent to the replay page: 1 MiB)."))
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--request-timeout", type=float, default=10.0, metavar="SECONDS",
                   help="time a client has to send a whole request (default 10)")
    p.add_argument("--keep-alive", type=int, default=5, metavar="SECONDS",
                   help="time an idle kept-alive connection stays open (default 5)")
    p.add_argument("--max-connections", type=int, default=512,
                   help="connections at once; a request beyond them is answered 503 (default 512)")
    p.add_argument("--games", metavar="DIR", default=None,
                   help="keep the games of the play page in DIR (one small file a game: its choices), where a "
                        "restarted server finds them; needed with --workers above 1 (default: in memory only)")
    p.set_defaults(run=_cmd_serve)


# -- score ----------------------------------------------------------------------

class _CommandLineError(Exception):
    """A problem with the command line's words: ``(code, message, source, span)`` for :func:`fail`."""

    def __init__(self, code: str, message: str, source: str = "", span: tuple[int, int] | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.source, self.span = code, message, source, span


def _cmd_score(args: argparse.Namespace) -> int:
    if args.jsonl:
        sys.stdout.flush()
        return _score_stream(sys.stdin.buffer, sys.stdout.buffer, sys.stderr, args.workers)
    try:
        if args.workers != 1:
            raise _CommandLineError("usage", "--workers goes with --jsonl (one hand is scored in this process)")
        if args.ron and args.tsumo:
            raise _CommandLineError("usage", "give --tsumo or --ron, not both")
        case = _nagashi_case(args) if args.nagashi else _case_from_args(args)
    except _CommandLineError as e:
        return fail("score", e.code, e.message, source=e.source, span=e.span)
    if args.compare:
        return _print_compare(case)
    if args.json:
        return emit(score_case(case), command="score", as_json=True, show=print)
    try:
        scored = read_and_score(case)
    except RiichiError as e:
        return fail("score", e.code, str(e))
    except Exception as e:  # noqa: BLE001 - as in the batch: a named error, never a traceback
        return fail("score", "internal_error", f"internal error ({type(e).__name__}: {e})")
    print(_c("Rules", "bold") + "  " + _assumed(args))
    for note in scored.notes:
        print(_c("Note", "bold") + f"   {note}")
    print(scored.score.explain(_mark))
    return 0


def emit(result: dict[str, object], *, command: str, as_json: bool,
         show: Callable[[dict[str, object]], None]) -> int:
    """Print a result as JSON, as the command's text, or its error on stderr; the exit status."""
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
        return 0 if result["ok"] else EXIT_REFUSED
    if not result["ok"]:
        err = result["error"]
        assert isinstance(err, dict)
        return fail(command, str(err["code"]), str(err["message"]))
    show(result)
    return 0


def _rules_arg(args: argparse.Namespace) -> object:
    """``--rules`` with the ``--set`` overrides: a preset name or ``{"preset": NAME, KEY: VALUE...}``."""
    if not args.set:
        return args.rules
    overrides: dict[str, object] = {"preset": args.rules}
    for item in args.set:
        key, eq, value = item.partition("=")
        if not eq:
            raise _CommandLineError("usage", f"--set needs KEY=VALUE, not {item!r}")
        try:
            overrides[key] = json.loads(value)
        except json.JSONDecodeError:
            overrides[key] = value
    return overrides


def _nagashi_case(args: argparse.Namespace) -> dict[str, object]:
    """The interchange case of ``--nagashi``: no hand, the seat, the counters, the rules."""
    if args.hand:
        raise _CommandLineError("usage", "--nagashi takes no HAND: a nagashi mangan is paid at a draw, "
                                         "for the discards, whatever the hand")
    rules = _rules_arg(args)
    try:
        honba_paid = resolve_rules(rules).game.nagashi_honba  # type: ignore[arg-type] # checked by the resolver
    except UnknownRulesError:
        honba_paid = False  # the case is refused with the resolver's message
    # as in the real Tenhou records (tests/test_cli_errors.py): the sticks stay on the table
    case: dict[str, object] = {"nagashi_mangan": True, "seat_wind": args.seat or "E", "round_wind": args.round or "E",
                               "honba": args.honba if honba_paid else 0, "riichi_sticks": 0, "rules": rules}
    for flag in (*_SITUATION_FLAGS, "tsumo", "ron", "discarder", "win", "dora", "ura", "kita"):
        if getattr(args, flag):
            raise _CommandLineError("inconsistent_situation",
                                    f"nagashi mangan cannot be combined with --{flag.replace('_', '-')}")
    return case


def _word_kind(text: str, span: tuple[int, int] | None) -> str:
    """What the word of hand notation at ``span`` writes: ``hand`` (concealed tiles), ``meld`` or ``win``."""
    start = text.rfind(" ", 0, span[0]) + 1 if span else 0
    word = text[start:].split(" ", 1)[0]
    return "win" if word.startswith(WIN_MARK) else "meld" if ":" in word else "hand"


def _case_from_args(args: argparse.Namespace) -> dict[str, object]:
    # groups may be spaced: "123m 456p 789s 11z22z pon:777z@W"
    args.hand = " ".join(" ".join(args.hand).split())
    if not args.hand:
        raise _CommandLineError("usage", "give a HAND, --nagashi, or --jsonl to read cases from stdin")
    try:
        concealed, melds, marked = read_hand_words(args.hand)
    except NotationError as e:
        raise _CommandLineError(e.code, f"{_word_kind(args.hand, e.span)}: {e.message}", args.hand, e.span) from None
    if marked is not None and args.win and args.win != str(marked):
        raise _CommandLineError("invalid_case", f"the hand marks win:{marked} but --win says {args.win}")
    win = args.win or (str(marked) if marked is not None else None)
    concealed_text = format_tiles(concealed)
    args.added_win = None
    if win and len(concealed) + 3 * len(melds) == 13:  # noqa: PLR2004
        # thirteen tiles and the winning tile named: the fourteenth is that tile (the text output says so)
        concealed_text += win
        args.added_win = win
    if not win:
        if not concealed:
            raise _CommandLineError("invalid_notation", "no concealed tiles to take the winning tile from",
                                    args.hand, (0, len(args.hand)))
        win = str(concealed[-1])  # the last tile written, as the help says
    if args.ura and not (args.riichi or args.double_riichi or args.open_riichi):
        # the same kind of error as ippatsu without riichi: ura dora are only turned for a riichi winner
        raise _CommandLineError("inconsistent_situation",
                                "ura dora need riichi (give --riichi, --double-riichi or --open-riichi)")
    rules = _rules_arg(args)
    case: dict[str, object] = {
        "hand": concealed_text, "melds": [meld_object(m) for m in melds], "win": win, "tsumo": args.tsumo,
        "seat_wind": args.seat or "E", "round_wind": args.round or "E", "dora": args.dora, "ura": args.ura,
        "honba": args.honba, "riichi_sticks": args.sticks, "rules": rules,
        # a red five under rules without red fives is their plain five, and the result says so
        red_fives.SWITCH: True,
    }
    if args.discarder:
        case["discarder"] = args.discarder
    if args.kita:
        case["kita"] = args.kita
    for flag in (*_SITUATION_FLAGS, "discarder_riichi"):
        if getattr(args, flag):
            case[flag] = True
    return case


def _score_stream(inp: BinaryIO, out: BinaryIO, err: TextIO, workers: int = 1) -> int:
    """One result line per input line, in order, in constant memory, whatever a line holds. An error
    result gains the input's line number (``"line": N``, counted from 1). On a terminal, stderr shows a
    progress line (cases, errors, rate); at the end it gets a one-line summary (``55,440 cases, 144 errors``)."""
    return answer_lines(inp, out, err, score_line, command="score", noun="case", summary=True, workers=workers)


# -- presentation -----------------------------------------------------------------

def _colour_on() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


_CODES = {"bold": "1", "red": "31", "green": "32", "yellow": "33", "cyan": "36", "dim": "2"}


def _c(text: object, style: str) -> str:
    return f"\033[{_CODES[style]}m{text}\033[0m" if _colour_on() else str(text)


def _assumed(args: argparse.Namespace) -> str:
    """The rule set, and the situation the command line did not give: ``tenhou; assumed: seat E (dealer)...``."""
    assumed = []
    if args.seat is None:
        assumed.append("seat E (dealer)")
    if args.round is None:
        assumed.append("round wind E")
    if not (args.tsumo or args.ron or args.discarder or args.nagashi):
        assumed.append("ron")
    if getattr(args, "added_win", None):
        assumed.append(f"the winning tile {args.added_win} added to the 13 tiles given")
    rules = str(args.rules) + "".join(f", {item}" for item in args.set)
    return rules + (f"; assumed {', '.join(assumed)}" if assumed else "")


#: How the command line shows the parts of a score's breakdown on a terminal.
_STYLES = {"heading": "bold", "gloss": "dim", "points": "green"}


def _mark(text: str, style: str) -> str:
    return _c(text, _STYLES[style])


def _print_compare(case: dict[str, object]) -> int:
    """The case under every preset of its number of players, one line each: the value, the points and the yaku
    (or the error); an error that every preset gives alike (the hand itself is wrong) is said once."""
    rules = case.get("rules")
    try:
        players = resolve_rules(rules if isinstance(rules, (str, dict)) else None).players
    except RiichiError:
        players = 4  # a bad spec: each preset's line names the error
    outcomes: list[tuple[str, object]] = []
    for name in presets_for(players):
        try:
            outcomes.append((name, read_and_score({**case, "rules": {**rules, "preset": name}
                                                   if isinstance(rules, dict) else name})))
        except RiichiError as e:
            outcomes.append((name, e))
        except Exception as e:  # noqa: BLE001 - one preset's failure must not hide the others
            outcomes.append((name, f"internal error ({type(e).__name__}: {e})"))
    errors = {(e.code, str(e)) for _, e in outcomes if isinstance(e, RiichiError)}
    if len(errors) == 1 and all(isinstance(e, RiichiError) for _, e in outcomes):
        code, message = errors.pop()
        return fail("score", code, f"{message} (under every rule set)")
    w = _NAME_WIDTH
    print(f"{'rules':<{w}} {'value':<26} {'points':>7}  yaku")
    plain = []
    for name, outcome in outcomes:
        if isinstance(outcome, RiichiError):
            print(f"{name:<{w}} {_c(outcome.code, 'red'):<26} {'-':>7}  {str(outcome).splitlines()[0]}")
            continue
        if isinstance(outcome, str):
            print(f"{name:<{w}} {_c('internal_error', 'red'):<26} {'-':>7}  {outcome}")
            continue
        assert isinstance(outcome, Scored)
        s = outcome.score
        if s.yakuman:
            yaku = ", ".join(y.value if n == 1 else f"{y.value} x{n}" for y, n in s.yakuman)
        else:
            yaku = ", ".join(f"{y.value} {n}" for y, n in s.yaku)
        print(f"{name:<{w}} {s.value.replace('  ', ' '):<26} {s.points:>7}  {yaku}")
        if red_fives.NOTE in outcome.notes:
            plain.append(name)
    if plain:
        print(f"red fives counted as plain fives under {', '.join(plain)}: those rules have none")
    return 0


# -- rules ----------------------------------------------------------------------

#: The width of a column of preset names.
_NAME_WIDTH = max(len(name) for name in PRESETS)

#: Values longer than this run over their column in ``riichi rules A B`` instead of widening it.
_WIDE = 32


def _cmd_rules(args: argparse.Namespace) -> int:
    names = args.names
    try:
        rule_sets = [resolve_rules(n) for n in names]
    except UnknownRulesError as e:
        return fail("rules", e.code, str(e))
    if not names:
        for name, rules in PRESETS.items():
            print(f"{_c(name.ljust(_NAME_WIDTH), 'bold')}  {rules.description.split('. ')[0]}.")
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
    cells = [[json.dumps(t[k]) for k in differing] for t in tables]
    # a column as wide as its values, but a long list (the abortive draws) runs over rather than widen them all
    columns = [max(len(r.name), *(len(c) for c in column if len(c) <= _WIDE)) for r, column in
               zip(rule_sets, cells, strict=True)]
    print(f"{'switch':<{width}}  " + "  ".join(f"{r.name:<{w}}" for r, w in zip(rule_sets, columns, strict=True))
          .rstrip())
    for i, k in enumerate(differing):
        print(f"{k:<{width}}  " + "  ".join(f"{column[i]:<{w}}" for column, w in zip(cells, columns, strict=True))
              .rstrip())
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    try:
        from riichi.web.server import Limits, serve  # noqa: PLC0415 - optional extra
    except ImportError as e:
        return fail("serve", "not_available", f"the web pages need their server: {install_hint('web')} ({e})")
    if args.workers < 1 or args.request_timeout <= 0 or args.keep_alive < 1 or args.max_connections < 1:
        return fail("serve", "usage", "--workers, --request-timeout, --keep-alive and --max-connections must be "
                                      "positive")
    if args.games:
        os.environ["RIICHI_PLAY_GAMES"] = os.path.abspath(args.games)  # read by each worker's app (riichi.web.play_api)
    elif args.workers > 1:
        print("riichi serve: the play page keeps each game in one worker's memory; with several workers give "
              "--games DIR", file=sys.stderr)
    serve(host=args.host, port=args.port, limits=Limits(
        request_timeout=args.request_timeout, keep_alive=args.keep_alive, max_connections=args.max_connections,
        workers=args.workers))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
