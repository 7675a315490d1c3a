"""riichi stats: games replayed into tables per second, on one worker, on every core and on Ray (local mode),
and the peak memory as the corpus grows.

    python -m benchmarks.stats                  # the dev games (tests/data/games/logs), 1x 4x 16x for memory
    python -m benchmarks.stats --sizes 1 4      # fewer corpus sizes
    python -m benchmarks.stats --no-ray         # without the Ray run

The corpus of N x the dev games is made by copying each record N times, each copy with a comment after the
record's end (``<!-- copy K -->``) and a Tenhou log id of its own in its name (the lobby part ``0000`` made
``K``, the date kept: the rules need it), so that every copy is a game of its own (copies of the same content,
or of the same log id, would be known and skipped). Each run is a fresh process building a fresh folder; its peak memory is
the process's own (``ru_maxrss``) and the largest of its worker processes'. Games per second count the games
replayed, from the start of ``build`` to the last part written (Ray's start-up is timed apart); games per CPU
second divide them by the CPU time of the process and its workers, which a machine shared with other work
does not change.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "tests" / "data" / "games" / "logs"


def make_corpus(folder: Path, copies: int) -> int:
    """``copies`` copies of every dev game in ``folder``, each of its own content; the number of records."""
    folder.mkdir(parents=True, exist_ok=True)
    n = 0
    for path in sorted(LOGS.glob("*.xml")):
        data = path.read_bytes()
        for k in range(copies):
            target = folder / f"c{k:02d}" / path.name.replace("-0000-", f"-{k:04d}-", 1)
            target.parent.mkdir(exist_ok=True)
            target.write_bytes(data if k == 0 else data + f"<!-- copy {k} -->".encode())
            n += 1
    return n


def one_run(corpus: str, engine: str, workers: int) -> dict[str, object]:
    """Build the tables of ``corpus`` in a fresh folder in this process; what it did, its time and memory."""
    from riichi.stats import build

    out = Path(tempfile.mkdtemp(prefix="riichi-stats-bench-"))
    try:
        ray_start = 0.0
        if engine == "ray":
            import ray

            started = time.perf_counter()
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
            ray.data.DataContext.get_current().enable_progress_bars = False
            ray_start = time.perf_counter() - started
        started = time.perf_counter()
        result = build([corpus], out / "tables", workers=workers, engine=engine)
        seconds = time.perf_counter() - started
        if engine == "ray":
            ray.shutdown()
    finally:
        shutil.rmtree(out, ignore_errors=True)
    own, workers_used = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = own.ru_utime + own.ru_stime + workers_used.ru_utime + workers_used.ru_stime
    return {"games": result.complete, "hands": result.hands, "seconds": seconds, "ray_start": ray_start,
            "cpu_seconds": cpu,
            "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "worker_peak_mib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}


def run(corpus: Path, engine: str, workers: int) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-m", "benchmarks.stats", "--one-run", str(corpus), engine, str(workers)],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 4, 16], help="corpus sizes, x the dev games")
    parser.add_argument("--no-ray", action="store_true", help="leave out the run on Ray")
    parser.add_argument("--one-run", nargs=3, metavar=("CORPUS", "ENGINE", "WORKERS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_run:
        corpus, engine, workers = args.one_run
        print(json.dumps(one_run(corpus, engine, int(workers))))
        return 0
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory(prefix="riichi-stats-corpus-") as tmp:
        base = Path(tmp) / "x1"
        games = make_corpus(base, 1)
        print(f"the dev games: {games} records; {cores} cores; {sys.version.split()[0]}")
        print(f"{'run':<28} {'games':>6} {'seconds':>8} {'games/s':>8} {'per core':>9} {'per CPU s':>10} "
              f"{'peak MiB':>9} {'worker MiB':>11}")
        runs = [("local, 1 worker", base, "local", 1), (f"local, {cores} workers", base, "local", cores)]
        if not args.no_ray:
            runs.append((f"ray local mode, {cores} CPUs", base, "ray", cores))
        for size in args.sizes:
            if size != 1:
                folder = Path(tmp) / f"x{size}"
                make_corpus(folder, size)
                runs.append((f"local, {cores} workers, {size}x", folder, "local", cores))
        for label, corpus, engine, workers in runs:
            r = run(corpus, engine, workers)
            rate = float(r["games"]) / float(r["seconds"])  # type: ignore[arg-type]
            extra = f"  (Ray start-up {float(r['ray_start']):.1f} s)" if engine == "ray" else ""  # type: ignore[arg-type]
            # games per CPU second of this process and its workers: what a core does, however busy the machine
            # is (Ray's worker processes are not this process's children: not counted)
            per_cpu = "-" if engine == "ray" else f"{float(r['games']) / float(r['cpu_seconds']):.1f}"  # type: ignore[arg-type]
            print(f"{label:<28} {r['games']:>6} {float(r['seconds']):>8.1f} {rate:>8.1f} {rate / workers:>9.1f} "  # type: ignore[arg-type]
                  f"{per_cpu:>10} {float(r['peak_mib']):>9.0f} {float(r['worker_peak_mib']):>11.0f}{extra}",  # type: ignore[arg-type]
                  flush=True)
            shutil.rmtree(corpus / "tables", ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
