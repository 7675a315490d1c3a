"""riichi side by side with mahjong 2.1.0: one command, one table.

    python -m benchmarks.run            # default: 5 rounds, about 1-2 minutes
    python -m benchmarks.run --quick    # 3 small rounds, a smoke test
    python benchmarks/run.py --rounds 9

For every task both engines get the same inputs, converted to each engine's
own input form before the clock starts; only the calls are timed, garbage
collection paused (as :mod:`timeit` does). Each round draws a fresh seed, so
no round sees a hand an earlier round saw and no per-hand cache can help;
the fixed set hands-2000 is timed in a fresh process each round for the same
reason. The table shows the median of the rounds in µs per item and the ratio
(mahjong / riichi; above 1 means riichi is faster), plus how often the two
engines agree, which is a sanity check and never fails the run.

Parts of riichi that do not exist yet are reported as "not available yet".
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as `python benchmarks/run.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import generate  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
DEFAULT_HANDS = REPO / "tests" / "data" / "bench" / "hands-2000.jsonl"
NOT_YET = "not available yet"
#: Generated cases scored before any timing, so that tables riichi fills on first
#: sight of a suit pattern hold the common patterns, as in a long-running process.
WARM_UP_CASES = 3000

# -- the engines ----------------------------------------------------------------


@dataclass
class Engines:
    """The callables under test; a missing one holds the reason instead."""

    riichi_score_case: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    riichi_shanten: Callable[[Sequence[int]], int] | None = None
    riichi_waits: Callable[[Sequence[int]], Iterable[Any]] | None = None
    #: The discards of a 14-tile hand that leave it tenpai, each with its waits.
    riichi_discard_waits: Callable[[Sequence[int]], dict[int, list[int]]] | None = None
    #: (prepare, call): the lower-level API on pre-parsed inputs, when the package exposes one.
    riichi_api: tuple[Callable[[dict[str, Any]], Any], Callable[[Any], Any]] | None = None
    peer: Any = None
    missing: dict[str, str] = field(default_factory=dict)


def load_engines(*, riichi: bool = True, peer: bool = True) -> Engines:
    eng = Engines()
    if riichi:
        _load_riichi(eng)
    if peer:
        try:
            from benchmarks import peer_mahjong  # noqa: PLC0415
            eng.peer = peer_mahjong
        except Exception as exc:  # noqa: BLE001
            eng.missing["peer"] = (f"mahjong 2.1.0 not importable ({type(exc).__name__}: {exc}); "
                                   "install it with pip install -e '.[bench]'")
    return eng


def _load_riichi(eng: Engines) -> None:
    try:
        from riichi.formats.interchange import score_case  # noqa: PLC0415
        eng.riichi_score_case = score_case
    except Exception as exc:  # noqa: BLE001 -- any failure means "not there yet"
        eng.missing["score_case"] = f"riichi.formats.interchange.score_case: {NOT_YET} ({type(exc).__name__}: {exc})"
    try:
        from riichi.shapes.shanten import shanten  # noqa: PLC0415
        eng.riichi_shanten = shanten
    except Exception as exc:  # noqa: BLE001
        eng.missing["shanten"] = f"riichi.shapes.shanten.shanten: {NOT_YET} ({type(exc).__name__}: {exc})"
    waits, why = _find_riichi_waits()
    if waits is None:
        eng.missing["waits"] = f"riichi waits: {NOT_YET} ({why})"
    eng.riichi_waits = waits
    try:
        from riichi.shapes.waits import discard_waits  # noqa: PLC0415
        eng.riichi_discard_waits = discard_waits
    except Exception as exc:  # noqa: BLE001
        eng.missing["discard_waits"] = f"riichi.shapes.waits.discard_waits: {NOT_YET} ({type(exc).__name__}: {exc})"
    api, why = _find_riichi_api()
    if api is None:
        eng.missing["api"] = f"riichi lower-level scoring API: {NOT_YET} ({why})"
    eng.riichi_api = api


def _find_riichi_waits() -> tuple[Callable[[Sequence[int]], Iterable[Any]] | None, str]:
    """riichi's waits of a 34-count hand (the kinds that complete it), wherever the package puts it."""
    import importlib  # noqa: PLC0415

    why = "no waits function taking 34 counts"
    for module, name in (("riichi.shapes.waits", "wait_kinds"), ("riichi.analysis", "wait_kinds"),
                         ("riichi.analysis", "waits")):
        try:
            fn = getattr(importlib.import_module(module), name, None)
        except Exception as exc:  # noqa: BLE001
            why = f"{type(exc).__name__}: {exc}"
            continue
        if not callable(fn):
            continue
        try:
            list(fn([1] * 9 + [0] * 9 + [1] * 4 + [0] * 12))
        except Exception:  # noqa: BLE001, S112 -- this one does not take counts
            continue
        return fn, ""
    return None, why


def _find_riichi_api() -> tuple[tuple[Callable[[dict[str, Any]], Any], Callable[[Any], Any]] | None, str]:
    """riichi's typed scoring API, ``score(Hand, WinContext, RuleSet)``, if the package exposes it.

    Inputs are parsed (``case_to_hand``, ``resolve_rules``) before the clock starts.
    """
    try:
        from riichi.formats.interchange import case_to_hand  # noqa: PLC0415
        from riichi.rules import resolve_rules  # noqa: PLC0415
        from riichi.scoring.scorer import score  # noqa: PLC0415
    except Exception as exc:  # noqa: BLE001
        return None, f"{type(exc).__name__}: {exc}"

    def prepare(case: dict[str, Any]) -> Any:  # noqa: ANN401
        hand, ctx = case_to_hand(case)
        return hand, ctx, resolve_rules(case.get("rules", "tenhou"))

    def call(prepared: Any) -> Any:  # noqa: ANN401
        try:
            return score(*prepared)
        except ValueError as exc:
            return exc

    try:
        call(prepare(generate.win_cases(0, 1)[0]))
    except Exception as exc:  # noqa: BLE001 -- signature not as expected
        return None, f"riichi.scoring.scorer.score(hand, ctx, rules) failed: {type(exc).__name__}: {exc}"
    return (prepare, call), ""


# -- timing ---------------------------------------------------------------------------


def time_calls(fn: Callable[[Any], Any], items: Sequence[Any]) -> tuple[float, list[Any]]:
    """µs per item of ``fn`` over ``items`` (gc paused), and the results."""
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        t0 = time.perf_counter_ns()
        results = [fn(x) for x in items]
        t1 = time.perf_counter_ns()
    finally:
        if enabled:
            gc.enable()
    return (t1 - t0) / 1000 / len(items), results


@dataclass
class Row:
    task: str
    riichi: list[float] = field(default_factory=list)
    peer: list[float] = field(default_factory=list)
    agree: str = ""
    note: str = ""

    def cells(self) -> tuple[str, str, str, str]:
        r = statistics.median(self.riichi) if self.riichi else None
        p = statistics.median(self.peer) if self.peer else None
        rs = f"{r:.2f}" if r is not None else "n/a"
        ps = f"{p:.2f}" if p is not None else "n/a"
        ratio = f"{p / r:.1f}x" if r and p else "n/a"
        return rs, ps, ratio, self.agree or self.note


def riichi_points(result: Any) -> int | None:  # noqa: ANN401
    if isinstance(result, dict) and result.get("ok"):
        return result.get("points")
    return None


def api_points(result: Any) -> int | None:  # noqa: ANN401
    if isinstance(result, Exception):
        return None
    points = getattr(result, "points", None)
    return points if isinstance(points, int) else None


def scoring_agreement(ours: list[int | None], theirs: list[int | None], ids: list[Any]) -> tuple[str, list[Any]]:
    same = sum(1 for a, b in zip(ours, theirs, strict=True) if a == b)
    diff = [i for i, a, b in zip(ids, ours, theirs, strict=True) if a != b]
    return f"points equal {same}/{len(ours)}", diff


# -- tasks run in this process ------------------------------------------------------------


def score_round(eng: Engines, cases: list[dict[str, Any]], rows: dict[str, Row], first: bool,
                label: str, peer_first: bool, report: dict[str, list[Any]], mode: str = "score_case") -> None:
    """Time riichi (``mode``: ``score_case`` or ``api``) and the peer on ``cases``.

    Each mode gets cases of its own: riichi fills some tables on first sight
    of a suit pattern, so a second pass over the same hands would be flattered.
    """
    key = f"score {label} ({'score_case' if mode == 'score_case' else 'typed API'})"
    row = rows.setdefault(key, Row(key))
    if mode == "score_case":
        fn = eng.riichi_score_case
        riichi_in: list[Any] = cases
        points_of = riichi_points
    elif eng.riichi_api is not None:
        prepare, fn = eng.riichi_api
        riichi_in = [prepare(c) for c in cases]
        points_of = api_points
    else:
        fn = None
        riichi_in = []
        points_of = api_points
    peer_pts: list[int | None] = []
    ours: list[Any] = []
    order = ["peer", "riichi"] if peer_first else ["riichi", "peer"]
    for who in order:
        if who == "peer" and eng.peer is not None:
            peer_in = [eng.peer.prepare_case(c) for c in cases]
            us, res = time_calls(eng.peer.score_prepared, peer_in)
            row.peer.append(us)
            peer_pts = [eng.peer.peer_points(r) for r in res]
        elif who == "riichi":
            if fn is None:
                row.note = NOT_YET
                continue
            us, ours = time_calls(fn, riichi_in)
            row.riichi.append(us)
    if first and peer_pts and ours:
        row.agree, diff = scoring_agreement([points_of(r) for r in ours], peer_pts, [c.get("id") for c in cases])
        if mode == "score_case":
            report[label] = diff
            report[label + " errors"] = [(c.get("id"), r.get("error")) for c, r in zip(cases, ours, strict=True)
                                         if not r.get("ok")]


def analysis_round(eng: Engines, rows: dict[str, Row], seed: int, n: int, first: bool, peer_first: bool) -> None:
    tasks: list[tuple[str, list[list[int]], Callable[..., Any] | None, Callable[..., Any] | None, str]] = [
        ("shanten 13 tiles (random)", generate.random_hands(seed, n, 13), eng.riichi_shanten,
         eng.peer.shanten if eng.peer else None, "shanten"),
        ("shanten 14 tiles (random)", generate.random_hands(seed + 1, n, 14), eng.riichi_shanten,
         eng.peer.shanten if eng.peer else None, "shanten"),
        ("waits 13 tiles (tenpai)", generate.tenpai_hands(seed + 2, n // 2), eng.riichi_waits,
         eng.peer.waits if eng.peer else None, "waits"),
        ("waits 13 tiles (random)", generate.random_hands(seed + 3, n // 2, 13), eng.riichi_waits,
         eng.peer.waits if eng.peer else None, "waits"),
        ("waits 14 tiles (tenpai + draw)", generate.drawn_tenpai_hands(seed + 4, n // 2),
         eng.riichi_discard_waits, eng.peer.discard_waits if eng.peer else None, "discard waits"),
        ("waits 14 tiles (random)", generate.random_hands(seed + 5, n // 2, 14), eng.riichi_discard_waits,
         eng.peer.discard_waits if eng.peer else None, "discard waits"),
    ]
    for label, items, ours, theirs, key in tasks:
        row = rows.setdefault(label, Row(label))
        theirs_res: list[Any] = []
        ours_res: list[Any] = []
        order = [("peer", theirs), ("riichi", ours)]
        if not peer_first:
            order.reverse()
        for who, fn in order:
            if fn is None:
                if who == "riichi":
                    row.note = NOT_YET
                continue
            us, res = time_calls(fn, items)
            if who == "peer":
                row.peer.append(us)
                theirs_res = res
            else:
                row.riichi.append(us)
                ours_res = res
        if first and ours_res and theirs_res:
            if key == "waits":
                # kinds the hand holds four of (karaten) are left out: the peer cannot take a fifth copy
                same = sum(1 for h, a, b in zip(items, ours_res, theirs_res, strict=True)
                           if {k for k in _wait_kinds(a) if h[k] < 4} == set(b))
                row.agree = f"same waits {same}/{len(items)}"
            elif key == "discard waits":
                same = sum(1 for h, a, b in zip(items, ours_res, theirs_res, strict=True)
                           if _live_discard_waits(h, a) == _live_discard_waits(h, b))
                row.agree = f"same discards and waits {same}/{len(items)}"
            else:
                same = sum(1 for a, b in zip(ours_res, theirs_res, strict=True) if a == b)
                row.agree = f"same shanten {same}/{len(items)}"


def _live_discard_waits(hand: Sequence[int], found: dict[int, list[int]]) -> dict[int, set[int]]:
    """Each discard's waits without the kinds the hand would still hold four of (karaten; the peer cannot
    take a fifth copy), and without the discards left with none."""
    out = {}
    for discard, waits in found.items():
        live = {k for k in waits if hand[k] - (k == discard) < 4}  # noqa: PLR2004
        if live:
            out[discard] = live
    return out


def _wait_kinds(waits: Any) -> set[int]:  # noqa: ANN401
    out = set()
    for w in waits:
        if isinstance(w, int):
            out.add(int(w) if int(w) < 34 else (4, 13, 22)[int(w) - 34])
        elif hasattr(w, "kind"):
            out.add(int(w.kind))
        elif isinstance(w, tuple) and w and isinstance(w[0], int):
            out.add(int(w[0]))
        else:
            out.add(-1)
    return out


# -- tasks in a fresh process --------------------------------------------------------------


def fixed_set_worker(path: str, seed: int, peer_first: bool, mode: str) -> dict[str, Any]:
    """Time the fixed set once per engine in this fresh process, after a warm-up on other hands."""
    eng = load_engines()
    cases = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
    warm = generate.win_cases(seed, WARM_UP_CASES)
    if eng.riichi_score_case is not None:
        for c in warm:
            eng.riichi_score_case(c)
    if eng.peer is not None:
        for c in warm[:300]:
            eng.peer.score_prepared(eng.peer.prepare_case(c))
    rows: dict[str, Row] = {}
    report: dict[str, list[Any]] = {}
    score_round(eng, cases, rows, True, "hands-2000", peer_first, report, mode)
    return {"rows": {k: [r.riichi, r.peer, r.agree] for k, r in rows.items()}, "report": report}


def run_fixed_rounds(eng: Engines, path: Path, rounds: int, base_seed: int, rows: dict[str, Row],
                     report: dict[str, list[Any]]) -> None:
    for r in range(rounds):
        for mode in ("score_case", "api"):
            cmd = [sys.executable, "-m", "benchmarks.run", "--worker-fixed", str(path), "--worker-mode", mode,
                   "--seed", str(base_seed + 7919 * (r + 1))]
            if r % 2:
                cmd.append("--peer-first")
            proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, check=False)  # noqa: S603
            if proc.returncode != 0:
                print(f"  hands-2000 round {r + 1} ({mode}) failed:\n{proc.stderr[-2000:]}", file=sys.stderr)
                continue
            out = json.loads(proc.stdout.strip().splitlines()[-1])
            for key, (ours, theirs, agree) in out["rows"].items():
                row = rows.setdefault(key, Row(key))
                row.riichi.extend(ours)
                row.peer.extend(theirs)
                if r == 0:
                    row.agree = agree or row.agree
                    report.update(out["report"])
                elif not row.riichi:
                    row.note = NOT_YET


# -- end to end, import time, memory ---------------------------------------------------------


def riichi_cli() -> list[str]:
    exe = Path(sys.executable).with_name("riichi")
    if exe.exists():
        return [str(exe), "score", "--jsonl"]
    return [sys.executable, "-c", "import sys; from riichi.cli import main; sys.exit(main())", "score", "--jsonl"]


#: How the child processes of the end-to-end and import-time measurements get their bytecode (printed).
BYTECODE_NOTE = "bytecode compiled first, as pip does at install"


@contextlib.contextmanager
def compiled_bytecode() -> Iterator[dict[str, str]]:
    """An environment for child processes that read compiled bytecode, as a normal install does.

    An editable checkout run with PYTHONDONTWRITEBYTECODE has no .pyc files, so every riichi child
    would recompile every module (about half of its import) while the pip-installed peer reads its
    .pyc. The children get a fresh PYTHONPYCACHEPREFIX (nothing is written to the source tree),
    riichi is compiled into it with compileall, as pip does at install, and bytecode writing is on,
    so the standard-library and peer modules a child imports are cached there by :func:`prime`.
    """
    with tempfile.TemporaryDirectory(prefix="riichi-bench-pyc-") as prefix:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = prefix
        spec = importlib.util.find_spec("riichi")
        if spec is not None and spec.origin is not None:
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(spec.origin).parent)],  # noqa: S603
                           env=env, cwd=REPO, capture_output=True, check=False)
        yield env


def prime(cmd: list[str], text: str = "", env: dict[str, str] | None = None) -> None:
    """Run ``cmd`` once, untimed, so that the bytecode of everything it imports is written."""
    subprocess.run(cmd, input=text, capture_output=True, text=True, cwd=REPO, env=env, check=False)  # noqa: S603


def end_to_end(cmd: list[str], text: str, n: int, env: dict[str, str] | None = None) -> tuple[float, int, int]:
    """Seconds wall time, output lines, lines with ok true."""
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, input=text, capture_output=True, text=True, cwd=REPO, env=env,  # noqa: S603
                          check=False)
    wall = time.perf_counter() - t0
    lines = proc.stdout.splitlines()
    if proc.returncode != 0 and not lines:
        raise RuntimeError(proc.stderr[-1500:])
    ok = sum(1 for line in lines if '"ok": true' in line or '"ok":true' in line)
    del n
    return wall, len(lines), ok


def import_time(module_stmt: str, repeats: int, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Median wall ms of the import in a fresh interpreter, and -X importtime's cumulative ms."""
    walls = []
    code = f"import time; t = time.perf_counter(); {module_stmt}; print(time.perf_counter() - t)"
    prime([sys.executable, "-c", code], env=env)
    for _ in range(repeats):
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO,  # noqa: S603
                              env=env, check=True)
        walls.append(float(proc.stdout.strip()) * 1000)
    startup = {name for name, _ in _importtime_roots("pass", env)}
    cumulative = sum(ms for name, ms in _importtime_roots(module_stmt, env) if name not in startup)
    return statistics.median(walls), cumulative


def _importtime_roots(stmt: str, env: dict[str, str] | None = None) -> list[tuple[str, float]]:
    """(module, cumulative ms) of the outermost imports -X importtime reports for ``stmt``."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", stmt], capture_output=True,  # noqa: S603
                          text=True, cwd=REPO, env=env, check=True)
    roots = []
    for line in proc.stderr.splitlines():
        m = re.match(r"import time:\s+\d+\s+\|\s+(\d+)\s+\|( *)(\S+)\s*$", line)
        if m and len(m.group(2)) <= 1:
            roots.append((m.group(3), int(m.group(1)) / 1000))
    return roots


def memory_worker(spec: str, seed: int) -> dict[str, Any]:
    """Retained memory of the package after a warm-up, measured in this fresh process.

    ``spec`` is ``ENGINE`` (allocations traced by tracemalloc) or ``ENGINE:rss``
    (resident set size only, without tracemalloc's own overhead).
    """
    import tracemalloc  # noqa: PLC0415

    engine, _, mode = spec.partition(":")
    trace = mode != "rss"
    rss0 = _rss_kb()
    if trace:
        tracemalloc.start()
    eng = load_engines(riichi=engine == "riichi", peer=engine != "riichi")
    gc.collect()
    imported = tracemalloc.get_traced_memory()[0]
    rss1 = _rss_kb()
    cases = generate.win_cases(seed, 3000)
    hands = generate.random_hands(seed, 3000, 13) + generate.random_hands(seed + 1, 3000, 14)
    tenpai = generate.tenpai_hands(seed, 1500)
    gc.collect()
    rss2 = _rss_kb()
    base = tracemalloc.take_snapshot() if trace else None
    base_size = tracemalloc.get_traced_memory()[0]
    if engine == "riichi":
        if eng.riichi_score_case:
            for c in cases:
                eng.riichi_score_case(c)
        if eng.riichi_shanten:
            for h in hands:
                eng.riichi_shanten(h)
        if eng.riichi_waits:
            for h in tenpai:
                list(eng.riichi_waits(h))
    elif eng.peer is not None:
        for c in cases:
            eng.peer.score_prepared(eng.peer.prepare_case(c))
        for h in hands:
            eng.peer.shanten(h)
        for h in tenpai:
            eng.peer.waits(h)
    gc.collect()
    rss3 = _rss_kb()
    grown = tracemalloc.get_traced_memory()[0] - base_size
    top: list[tuple[str, int]] = []
    if trace and base is not None:
        snap = tracemalloc.take_snapshot()
        top = [(_short_path(st.traceback[0].filename), st.size_diff)
               for st in snap.compare_to(base, "filename")
               if f"{os.sep}riichi{os.sep}" in st.traceback[0].filename
               or f"{os.sep}mahjong{os.sep}" in st.traceback[0].filename][:3]
        tracemalloc.stop()
    return {"import_mb": imported / 1e6, "warm_growth_mb": grown / 1e6, "top": top,
            "rss_import_mb": (rss1 - rss0) / 1000, "rss_warm_mb": (rss3 - rss2) / 1000}


def worst_memory_worker() -> dict[str, Any]:
    """Table growth when every one-suit pattern (nine counts, at most 14 tiles) goes through
    riichi's shanten and, in each suit, its hand decomposition: the ceiling of the lazily
    filled tables (reached by a long enough stream of hands, valid or not)."""
    import itertools  # noqa: PLC0415
    import tracemalloc  # noqa: PLC0415

    from riichi.shapes.decompose import standard_readings  # noqa: PLC0415
    from riichi.shapes.shanten import shanten  # noqa: PLC0415

    patterns = [p for p in itertools.product(range(5), repeat=9) if sum(p) <= 14]  # noqa: PLR2004
    out: dict[str, Any] = {"patterns": len(patterns)}
    tracemalloc.start()
    for label in ("shanten", "decomposition"):
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        t0 = time.perf_counter()
        for p in patterns:
            if label == "shanten":  # one suit is enough: the suits share their table
                counts = [*p, *([0] * 25)]
                need, k = 14 - sum(p) if sum(p) else 14, 27  # pad with honours to 13/14 tiles
                while need > 0 and k < 34:  # noqa: PLR2004
                    counts[k] = min(need, 4)
                    need -= counts[k]
                    k += 1
                shanten(counts)
            else:  # the pattern in each of the three suits
                empty = (0,) * 9
                standard_readings([*p, *empty, *empty, *([0] * 7)])
                standard_readings([*empty, *p, *empty, *([0] * 7)])
                standard_readings([*empty, *empty, *p, *([0] * 7)])
        gc.collect()
        out[label] = {"mb": (tracemalloc.get_traced_memory()[0] - before) / 1e6, "s": time.perf_counter() - t0}
    tracemalloc.stop()
    return out


def _short_path(filename: str) -> str:
    for marker in (f"{os.sep}riichi{os.sep}", f"{os.sep}mahjong{os.sep}"):
        if marker in filename:
            return marker.strip(os.sep) + os.sep + filename.split(marker, 1)[1]
    return filename


def _rss_kb() -> int:
    with contextlib.suppress(OSError), open("/proc/self/status") as f:  # noqa: PTH123
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


# -- the run ---------------------------------------------------------------------------------------


def print_table(rows: list[Row]) -> None:
    head = ("task", "riichi µs/item", "mahjong µs/item", "ratio", "agreement")
    cells = [(r.task, *r.cells()) for r in rows]
    widths = [max(len(head[i]), *(len(c[i]) for c in cells)) for i in range(4)]
    print(" | ".join(h.ljust(w) for h, w in zip(head, widths, strict=False)) + " | " + head[4])
    print("-+-".join("-" * w for w in widths) + "-+-" + "-" * 20)
    for c in cells:
        print(" | ".join(c[i].ljust(widths[i]) if i == 0 else c[i].rjust(widths[i]) for i in range(4))
              + " | " + c[4])


def _ratio(row: Row | None) -> float | None:
    if row is None or not row.riichi or not row.peer:
        return None
    return statistics.median(row.peer) / statistics.median(row.riichi)


def print_targets(rows: dict[str, Row], measured: dict[str, float]) -> None:
    """The issue's targets against this run (informative; the run never fails on them)."""
    checks: list[tuple[str, float | None, float, bool, str]] = []
    for key in ("score hands-2000 (score_case)", "score random cases (score_case)", "score hands-2000 (typed API)",
                "score random cases (typed API)"):
        checks.append((f"{key}: >= 5x mahjong (aim 10x)", _ratio(rows.get(key)), 5.0, True, "x"))
    for key in ("shanten 13 tiles (random)", "shanten 14 tiles (random)"):
        checks.append((f"{key}: >= 10x mahjong", _ratio(rows.get(key)), 10.0, True, "x"))
    checks.append(("riichi score --jsonl: > 20,000 cases/s", measured.get("batch"), 20000.0, True, " cases/s"))
    checks.append((f"riichi score --jsonl --workers auto ({os.cpu_count()} cores): >= 30,000 cases/s",
                   measured.get("batch workers"), 30000.0, True, " cases/s"))
    checks.append(("import riichi: < 150 ms", measured.get("import"), 150.0, False, " ms"))
    checks.append(("memory after warm-up: < 50 MB", measured.get("memory"), 50.0, False, " MB"))
    if "ceiling" in measured:
        checks.append(("lazily filled tables at their ceiling: < 50 MB", measured["ceiling"], 50.0, False, " MB"))
    print("targets:")
    for label, value, bound, higher, unit in checks:
        if value is None:
            print(f"  {label}: not measured")
            continue
        met = value >= bound if higher else value < bound
        shown = f"{value:,.0f}" if value >= 100 else f"{value:.1f}"
        print(f"  {label}: {shown}{unit} -- {'met' if met else 'NOT met'}")


def riichi_build() -> str:
    try:
        from riichi.build import describe  # noqa: PLC0415
    except ImportError as exc:
        return f"riichi not importable ({exc})"
    return describe()


def print_builds(rounds: int, seed: int, n_cases: int, instructions: int) -> None:
    """The compiled and the pure build beside mahjong and riichienv (benchmarks.builds), with the
    instructions valgrind counts per scored hand of hands-2000 for each (benchmarks.instructions)."""
    from benchmarks import builds  # noqa: PLC0415

    print("the builds side by side, µs per hand (median of the rounds; each engine in a process of its own):")
    results = builds.compare(rounds, seed, n_cases)
    for line in builds.table(results):
        print("  " + line)
    if instructions > 0 and shutil.which("valgrind") and DEFAULT_HANDS.exists():
        from benchmarks import instructions as counting  # noqa: PLC0415

        print(f"\ninstructions per scored hand (valgrind callgrind, {instructions} hands of hands-2000, steady state):")
        per_hand = {}
        for mode in ("compiled score()", "riichi score()", "compiled score_case", "riichi score_case", "mahjong",
                     "riichienv"):
            try:
                per_hand[mode] = counting.per_hand_counts(mode, DEFAULT_HANDS, 300, instructions)
            except RuntimeError as exc:
                print(f"  {mode}: not counted ({str(exc).strip().splitlines()[-1]})")
        for line in counting.table(per_hand, counting.EVENTS).splitlines():
            print("  " + line)
    print("\ntargets of the builds:")
    for line in builds.targets(results):
        print(line)


def main(argv: list[str] | None = None) -> int:  # noqa: C901, PLR0912, PLR0915
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=None, help="rounds per task (default 5, --quick 3)")
    parser.add_argument("--quick", action="store_true", help="fewer and smaller rounds")
    parser.add_argument("--seed", type=int, default=1, help="base seed; round seeds derive from it")
    parser.add_argument("--hands", type=Path, default=DEFAULT_HANDS, help="the fixed benchmark set")
    parser.add_argument("--cases", type=int, default=None, help="random cases per round (default 2000)")
    parser.add_argument("--show-disagreements", type=int, default=5, metavar="N",
                        help="list up to N case ids where the engines disagree")
    parser.add_argument("--worker-fixed", help=argparse.SUPPRESS)
    parser.add_argument("--worst-memory", action="store_true",
                        help="also measure riichi's lazily filled tables at their ceiling (every suit pattern; ~1-2 min)")
    parser.add_argument("--worker-memory", help=argparse.SUPPRESS)
    parser.add_argument("--peer-first", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--worker-mode", default="score_case", help=argparse.SUPPRESS)
    parser.add_argument("--builds-only", action="store_true",
                        help="only the side-by-side table of the builds and the peers (and its instruction counts)")
    parser.add_argument("--instructions", type=int, default=100, metavar="N",
                        help="hands counted by valgrind per engine for the instruction column (0: none; default 100)")
    args = parser.parse_args(argv)

    if args.worker_fixed:
        print(json.dumps(fixed_set_worker(args.worker_fixed, args.seed, args.peer_first, args.worker_mode)))
        return 0
    if args.worker_memory == "worst":
        print(json.dumps(worst_memory_worker()))
        return 0
    if args.worker_memory:
        print(json.dumps(memory_worker(args.worker_memory, args.seed)))
        return 0

    rounds = args.rounds or (3 if args.quick else 5)
    n_cases = args.cases or (500 if args.quick else 2000)
    n_hands = 1000 if args.quick else 4000
    n_e2e = 2000 if args.quick else 10000
    started = time.perf_counter()
    eng = load_engines()
    print(f"riichi (compiled and pure) vs mahjong 2.1.0 and riichienv 0.4.11 -- Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs, {rounds} rounds (median), base seed {args.seed}")
    for why in eng.missing.values():
        print(f"  note: {why}")
    print()

    print_builds(rounds, args.seed, n_cases, args.instructions)
    if args.builds_only:
        print(f"\n(total benchmark time {time.perf_counter() - started:.0f} s)")
        return 0
    print(f"\nthe rest of this run times the riichi this interpreter imports: {riichi_build()}\n")

    rows: dict[str, Row] = {}
    report: dict[str, list[Any]] = {}
    measured: dict[str, float] = {}
    if args.hands.exists():
        run_fixed_rounds(eng, args.hands, rounds, args.seed, rows, report)
    else:
        rows["score hands-2000 (score_case)"] = Row("score hands-2000 (score_case)",
                                                    note=f"{args.hands} not found")

    # warm-up (lazy tables, tables of suit patterns filled on first sight) on a seed no round uses
    warm_cases = generate.win_cases(args.seed * 1_000_003 + 999, 300 if args.quick else WARM_UP_CASES)
    warm_rows: dict[str, Row] = {}
    score_round(eng, warm_cases, warm_rows, False, "warm-up", False, {})
    analysis_round(eng, warm_rows, args.seed * 1_000_003 + 998, 400, False, False)

    for r in range(rounds):
        seed = args.seed * 1_000_003 + 10 * r
        score_round(eng, generate.win_cases(seed, n_cases), rows, r == 0, "random cases", r % 2 == 1, report)
        score_round(eng, generate.win_cases(seed + 1, n_cases), rows, r == 0, "random cases", r % 2 == 1, report,
                    "api")
        analysis_round(eng, rows, seed + 5, n_hands, r == 0, r % 2 == 1)

    print_table(list(rows.values()))
    for label in ("hands-2000", "random cases"):
        diff = report.get(label) or []
        errors = report.get(label + " errors") or []
        if diff and args.show_disagreements:
            print(f"  {label}: {len(diff)} disagreements on points, e.g. {diff[:args.show_disagreements]}")
        if errors and args.show_disagreements:
            print(f"  {label}: riichi errors on {len(errors)} cases, e.g. {errors[:args.show_disagreements]}")

    # end to end: the batch interface, and the peer's counterpart script; these children and those of the
    # import times read compiled bytecode, as after a normal install (see compiled_bytecode)
    with compiled_bytecode() as env:
        print()
        e2e_rounds = 1 if args.quick else 3
        for who, cmd in (("riichi score --jsonl", riichi_cli()),
                         (f"riichi score --jsonl --workers auto ({os.cpu_count()} cores)",
                          [*riichi_cli(), "--workers", "auto"]),
                         ("mahjong (python -m benchmarks.peer_mahjong)",
                          [sys.executable, "-m", "benchmarks.peer_mahjong"])):
            if who.startswith("riichi") and eng.riichi_score_case is None:
                print(f"{who}: {NOT_YET}")
                continue
            if who.startswith("mahjong") and eng.peer is None:
                continue
            rates = []
            detail = ""
            prime(cmd, "".join(json.dumps(c) + "\n" for c in generate.win_cases(args.seed * 7_000_003 - 1, 20)),
                  env)
            for r in range(e2e_rounds):
                cases = generate.win_cases(args.seed * 7_000_003 + r, n_e2e)
                text = "".join(json.dumps(c) + "\n" for c in cases)
                try:
                    wall, lines, ok = end_to_end(cmd, text, n_e2e, env)
                except (RuntimeError, OSError) as exc:
                    detail = f"failed: {exc}"
                    break
                rates.append(n_e2e / wall)
                detail = f"{lines} lines out, {ok} ok"
            if rates and who.startswith("riichi"):
                measured["batch workers" if "--workers" in cmd else "batch"] = statistics.median(rates)
            if rates:
                print(f"{who}: {statistics.median(rates):,.0f} cases/s end to end "
                      f"({n_e2e} cases a run, process start included, {BYTECODE_NOTE}, median of {len(rates)}; "
                      f"{detail})")
            else:
                print(f"{who}: {detail}")

        # import time (memory below)
        print()
        repeats = 3 if args.quick else 7
        for who, stmt in (("riichi", "import riichi"),
                          ("riichi + scoring", "import riichi, riichi.formats.interchange"),
                          ("mahjong", "import mahjong.hand_calculating.hand, mahjong.shanten")):
            try:
                wall, cumulative = import_time(stmt, repeats, env)
                if who.startswith("riichi"):
                    measured["import"] = max(measured.get("import", 0.0), wall)
                print(f"import {who}: {wall:.1f} ms wall (median of {repeats}, fresh interpreter, "
                      f"{BYTECODE_NOTE}); "
                      f"-X importtime cumulative {cumulative:.1f} ms")
            except subprocess.CalledProcessError as exc:
                print(f"import {who}: failed ({exc.stderr.strip().splitlines()[-1] if exc.stderr else exc})")
    for who in ("riichi", "mahjong"):
        m: dict[str, Any] = {}
        for spec in (who, who + ":rss"):
            proc = subprocess.run([sys.executable, "-m", "benchmarks.run", "--worker-memory", spec,  # noqa: S603
                                   "--seed", str(args.seed)], cwd=REPO, capture_output=True, text=True, check=False)
            if proc.returncode:
                print(f"memory {who}: failed: {proc.stderr.strip()[-300:]}")
                break
            out = json.loads(proc.stdout.strip().splitlines()[-1])
            m.update(out if spec == who else {"rss_import_mb": out["rss_import_mb"],
                                              "rss_warm_mb": out["rss_warm_mb"]})
        else:
            if who == "riichi":
                measured["memory"] = m["import_mb"] + m["warm_growth_mb"]
            print(f"memory {who}: {m['import_mb']:.1f} MB allocated by the import, {m['warm_growth_mb']:.1f} MB more "
                  f"kept after a warm-up of 3000 cases, 6000 shanten, 1500 waits (tracemalloc); "
                  f"RSS +{m['rss_import_mb']:.0f} MB at import, +{m['rss_warm_mb']:.0f} MB in the warm-up")
            if m["top"]:
                top = ", ".join(f"{f} {sz / 1e6:.2f} MB" for f, sz in m["top"])
                print(f"    kept by the warm-up, by file: {top}")
    if args.worst_memory:
        proc = subprocess.run([sys.executable, "-m", "benchmarks.run", "--worker-memory", "worst"],  # noqa: S603
                              cwd=REPO, capture_output=True, text=True, check=False)
        if proc.returncode:
            print(f"memory riichi, ceiling: failed: {proc.stderr.strip()[-300:]}")
        else:
            w = json.loads(proc.stdout.strip().splitlines()[-1])
            measured["ceiling"] = w["shanten"]["mb"] + w["decomposition"]["mb"]
            print(f"memory riichi, ceiling (all {w['patterns']:,} one-suit patterns through each table): "
                  f"shanten tables +{w['shanten']['mb']:.1f} MB, decomposition cache "
                  f"+{w['decomposition']['mb']:.1f} MB (tracemalloc)")
    print()
    print_targets(rows, measured)
    print(f"\n(total benchmark time {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
