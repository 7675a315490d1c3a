"""Where riichi's scoring time goes: cProfile over the benchmark set.

    python -m benchmarks.profile_scoring              # score_case on hands-2000
    python -m benchmarks.profile_scoring --what api      # score(hand, ctx, rules), inputs pre-parsed
    python -m benchmarks.profile_scoring --what shanten
    python -m benchmarks.profile_scoring --limit 40 --sort cumulative

Warms up on generated cases first (so lazy tables are built), then profiles
one pass over the inputs and prints the top functions by own time and by
cumulative time. Profiling slows everything several times over; the shares,
not the absolute times, are what it tells.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as `python benchmarks/profile_scoring.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import generate  # noqa: E402
from benchmarks.run import DEFAULT_HANDS, load_engines  # noqa: E402


def print_by_module(profiler: cProfile.Profile, title: str) -> None:
    """Own time summed per source file: which module the time is spent in."""
    stats = pstats.Stats(profiler)
    per_file: dict[str, float] = {}
    total = 0.0
    for (filename, _line, func), (_cc, _nc, tottime, _ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        path = filename.replace("\\", "/")
        if filename == "~":
            name = "(built-in functions)"
        elif "/riichi/" in path:
            name = "riichi/" + path.rsplit("/riichi/", 1)[1]
        else:
            name = Path(filename).name
        per_file[name] = per_file.get(name, 0.0) + tottime
        total += tottime
    print(f"== {title}: own time by module ==")
    for name, t in sorted(per_file.items(), key=lambda kv: -kv[1])[:15]:
        print(f"  {100 * t / total:5.1f}%  {name}")
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.profile_scoring", description=__doc__.split("\n")[0])
    parser.add_argument("--what", choices=("score", "api", "shanten", "waits"), default="score")
    parser.add_argument("--hands", type=Path, default=DEFAULT_HANDS)
    parser.add_argument("--limit", type=int, default=25)
    parser.add_argument("--sort", choices=("tottime", "cumulative", "both"), default="both")
    parser.add_argument("--repeat", type=int, default=1, help="passes over the inputs")
    args = parser.parse_args(argv)
    from benchmarks import which_riichi  # noqa: PLC0415 - after the path is set above

    print(which_riichi())

    eng = load_engines(peer=False)
    fn: Callable[[Any], Any] | None
    items: list[Any]
    warm: list[Any]
    if args.what in ("score", "api"):
        fn = eng.riichi_score_case
        items = [json.loads(line) for line in args.hands.read_text().splitlines() if line.strip()]
        warm = list(generate.win_cases(424242, 500))
        if args.what == "api":
            if eng.riichi_api is None:
                print(f"riichi typed API: not available yet ({eng.missing.get('api')})")
                return 1
            prepare, fn = eng.riichi_api
            items = [prepare(c) for c in items]
            warm = [prepare(c) for c in warm]
    elif args.what == "shanten":
        fn = eng.riichi_shanten
        items = generate.random_hands(1, 2000, 13) + generate.random_hands(2, 2000, 14)
        warm = generate.random_hands(3, 500, 13)
    else:
        fn = eng.riichi_waits
        items = generate.tenpai_hands(1, 2000)
        warm = generate.tenpai_hands(3, 500)
    if fn is None:
        print(f"riichi {args.what}: not available yet ({'; '.join(eng.missing.values())})")
        return 1
    call: Callable[[Any], Any] = fn
    for x in warm:
        call(x)
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(args.repeat):
        for x in items:
            call(x)
    profiler.disable()
    print_by_module(profiler, f"riichi {args.what}: {len(items) * args.repeat} items")
    sorts = ("tottime", "cumulative") if args.sort == "both" else (args.sort,)
    for key in sorts:
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.strip_dirs().sort_stats(key).print_stats(args.limit)
        print(f"== riichi {args.what}: {len(items) * args.repeat} items, top {args.limit} by {key} ==")
        text = out.getvalue()
        print(text[text.find("   ncalls"):] if "   ncalls" in text else text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
