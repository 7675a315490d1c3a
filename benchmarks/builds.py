"""The compiled and the pure build of riichi side by side with mahjong 2.1.0 and riichienv 0.4.11.

Each engine is timed in a child process of its own on the same hands, prepared before the clock:

* ``compiled``: the riichi that ``pip install .`` put in the environment (mypyc-compiled), imported
  with the sources kept off ``sys.path``;
* ``pure``: the sources of this checkout, imported as Python (``PYTHONPATH`` = the checkout);
* ``mahjong`` and ``riichienv``: the peers of the ``bench`` extra, through ``benchmarks.peer_*``.

A child reports, per task, the µs per item of each round (median shown). The rows:

* ``score hands-2000 (typed API)``: ``score(hand, ctx, rules)`` on parsed values (the peers: their
  own scoring call on their own prepared inputs);
* ``score hands-2000 (score_case)``: riichi's case dict in, the interchange result dict out;
* ``score random cases (typed API)``: fresh generated wins each round;
* ``batch (score_line_json)``: one JSON line in, one out, as ``riichi score --jsonl`` does per line.
"""

from __future__ import annotations

import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks import generate

REPO = Path(__file__).resolve().parent.parent
HANDS = REPO / "tests" / "data" / "bench" / "hands-2000.jsonl"
ENGINES = ("compiled", "pure", "mahjong", "riichienv")
TASKS = ("score hands-2000 (typed API)", "score hands-2000 (score_case)", "score random cases (typed API)",
         "batch (score_line_json)")
#: Generated wins scored before any timing (tables filled on first sight, as in a long-running process).
WARM_UP = 3000


def _time(fn: Callable[[Any], Any], items: Sequence[Any]) -> tuple[float, list[Any]]:
    """µs per item of ``fn`` over ``items``, the garbage collector paused; and the results."""
    gc.collect()
    gc.disable()
    try:
        t0 = time.perf_counter_ns()
        out = [fn(x) for x in items]
        t1 = time.perf_counter_ns()
    finally:
        gc.enable()
    return (t1 - t0) / 1000 / len(items), out


def worker(engine: str, rounds: int, seed: int, n_random: int) -> dict[str, Any]:
    """Time ``engine`` in this process; the result as JSON-able data."""
    cases = [json.loads(line) for line in HANDS.read_text().splitlines() if line.strip()]
    rounds_cases = [generate.win_cases(seed + 17 * r, n_random) for r in range(rounds)]
    warm = generate.win_cases(seed * 1_000_003 + 999, WARM_UP)
    times: dict[str, list[float]] = {task: [] for task in TASKS}
    points: list[int | None] = []
    info = ""
    if engine in ("compiled", "pure"):
        from riichi.build import describe, kind  # noqa: PLC0415
        from riichi.formats.interchange import case_to_hand, score_case, score_line_json  # noqa: PLC0415
        from riichi.rules import resolve_rules  # noqa: PLC0415
        from riichi.scoring.scorer import score  # noqa: PLC0415

        info = describe()
        if kind() != engine:
            return {"engine": engine, "error": f"this environment runs {info}"}

        def prepare(case: dict[str, Any]) -> Any:  # noqa: ANN401
            hand, ctx = case_to_hand(case)
            return hand, ctx, resolve_rules(case.get("rules", "tenhou"))

        def typed(p: Any) -> Any:  # noqa: ANN401
            return score(*p)

        for c in warm:
            score_case(c)
        prepared = [prepare(c) for c in cases]
        lines = [json.dumps(c) for c in cases]
        for r in range(rounds):
            us, out = _time(typed, prepared)
            times[TASKS[0]].append(us)
            points = [s.points for s in out]
            times[TASKS[1]].append(_time(score_case, [dict(c) for c in cases])[0])
            times[TASKS[2]].append(_time(typed, [prepare(c) for c in rounds_cases[r]])[0])
            times[TASKS[3]].append(_time(score_line_json, lines)[0])
    else:
        if engine == "mahjong":
            from benchmarks import peer_mahjong as peer  # noqa: PLC0415

            def points_of(case: dict[str, Any], result: Any) -> int | None:  # noqa: ANN401
                return peer.peer_points(result)
        else:
            from benchmarks import peer_riichienv as peer  # type: ignore[no-redef]  # noqa: PLC0415

            def points_of(case: dict[str, Any], result: Any) -> int | None:  # noqa: ANN401
                return peer.peer_points(result, dealer=case.get("seat_wind", "E") == "E",  # type: ignore[call-arg]
                                        tsumo=bool(case.get("tsumo")), honba=int(case.get("honba", 0)))
        info = engine
        for c in warm[:500]:
            peer.score_prepared(peer.prepare_case(c))
        prepared = [peer.prepare_case(c) for c in cases]
        for r in range(rounds):
            us, out = _time(peer.score_prepared, prepared)
            times[TASKS[0]].append(us)
            points = [points_of(c, o) for c, o in zip(cases, out, strict=True)]
            times[TASKS[1]].append(us)  # the peers' one call stands against riichi's score_case as well
            times[TASKS[2]].append(_time(peer.score_prepared, [peer.prepare_case(c) for c in rounds_cases[r]])[0])
    return {"engine": engine, "info": info, "times": times, "points": points}


def _child(engine: str, rounds: int, seed: int, n_random: int) -> dict[str, Any]:
    """Run :func:`worker` for ``engine`` in a fresh interpreter that imports the right build."""
    call = (f"import sys, json; sys.path.append({str(REPO)!r}); from benchmarks.builds import worker; "
            f"print(json.dumps(worker({engine!r}, {rounds}, {seed}, {n_random})))")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    with tempfile.TemporaryDirectory(prefix="riichi-bench-") as away:
        if engine == "pure":  # the sources first
            env["PYTHONPATH"] = str(REPO)
            cmd, cwd = [sys.executable, "-c", call], str(REPO)
        else:  # -P and a directory away from the checkout: the installed riichi, never the sources
            cmd, cwd = [sys.executable, "-P", "-c", call], away
        done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)  # noqa: S603
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["failed"])[-1]
        return {"engine": engine, "error": last}
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def compare(rounds: int, seed: int, n_random: int) -> dict[str, dict[str, Any]]:
    """Every engine's child result, by engine."""
    return {engine: _child(engine, rounds, seed, n_random) for engine in ENGINES}


def table(results: dict[str, dict[str, Any]]) -> list[str]:
    """The side-by-side table: µs per item of each engine, and each riichi build's speed-up over the peers."""
    def median(engine: str, task: str) -> float | None:
        values = results[engine].get("times", {}).get(task) or []
        return statistics.median(values) if values else None

    head = ["task", *[f"{e} µs" for e in ENGINES], "compiled/mahjong", "pure/mahjong", "compiled/riichienv"]
    rows = []
    for task in TASKS:
        cells = [task]
        for engine in ENGINES:
            value = median(engine, task)
            cells.append(f"{value:.2f}" if value is not None else "—")
        for ours, theirs in (("compiled", "mahjong"), ("pure", "mahjong"), ("compiled", "riichienv")):
            a, b = median(ours, task), median(theirs, task)
            cells.append(f"{b / a:.2f}x" if a and b else "—")
        rows.append(cells)
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = [" | ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True)))
             for r in [head, *rows]]
    lines.insert(1, "-+-".join("-" * w for w in widths))
    batch = median("compiled", TASKS[3])
    if batch:
        lines.append(f"compiled batch: {1e6 / batch:,.0f} cases/s (score_line_json, one core)")
    pure_batch = median("pure", TASKS[3])
    if pure_batch:
        lines.append(f"pure batch: {1e6 / pure_batch:,.0f} cases/s (score_line_json, one core)")
    reference = results["compiled"].get("points") or results["pure"].get("points")
    for engine in ENGINES:
        r = results[engine]
        if "error" in r:
            lines.append(f"{engine}: not measured ({r['error']})")
        elif reference and r.get("points"):
            same = sum(1 for a, b in zip(reference, r["points"], strict=True) if a == b)
            lines.append(f"{engine}: {r.get('info', engine)}; points equal to riichi's on {same}/{len(reference)}")
    return lines


def targets(results: dict[str, dict[str, Any]]) -> list[str]:
    """The project's targets for the builds against this run."""
    def ratio(ours: str, theirs: str, task: str) -> float | None:
        a = results[ours].get("times", {}).get(task)
        b = results[theirs].get("times", {}).get(task)
        return statistics.median(b) / statistics.median(a) if a and b else None

    checks = [
        ("compiled typed scoring >= 8x mahjong (hands-2000)", ratio("compiled", "mahjong", TASKS[0]), 8.0, "x"),
        ("compiled typed scoring >= 8x mahjong (random)", ratio("compiled", "mahjong", TASKS[2]), 8.0, "x"),
        ("compiled score_case >= 5x mahjong", ratio("compiled", "mahjong", TASKS[1]), 5.0, "x"),
        ("pure typed scoring no slower than 2x mahjong (>= 0.5x)", ratio("pure", "mahjong", TASKS[0]), 0.5, "x"),
    ]
    batch = results["compiled"].get("times", {}).get(TASKS[3])
    checks.append(("compiled batch >= 30,000 cases/s", 1e6 / statistics.median(batch) if batch else None,
                   30000.0, " cases/s"))
    out = []
    for label, value, bound, unit in checks:
        if value is None:
            out.append(f"  {label}: not measured")
        else:
            shown = f"{value:,.0f}" if value >= 100 else f"{value:.2f}"
            out.append(f"  {label}: {shown}{unit} -- {'met' if value >= bound else 'NOT met'}")
    return out
