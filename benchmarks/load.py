"""Load on the web server over loopback: many concurrent clients scoring real cases.

    python -m benchmarks.load                          # 1 and 2 workers, 32 clients, 2 x 15 s each
    python -m benchmarks.load --workers 1 3 --clients 64 --seconds 20

For each worker count, ``riichi serve`` is started on 127.0.0.1 (a free port; no other address is
ever used) and ``--clients`` threads, each with its own kept-alive connection, post the real
cases of tests/data (1,536 Tenhou wins and the 2,000 benchmark hands, in turn) to
``POST /api/score`` for ``--seconds`` or ``--max-requests``, whichever comes first, in two rounds.
Every answer is checked (status 200, the case's own ``id`` back, ``"ok": true``). The table gives
requests per second, the median and 99th-percentile latency, the errors, and the server's memory
(the resident set of its processes together, read from /proc) after start, after round 1 and
after round 2: the second round on a warm server shows whether memory grows with the load.
"""

from __future__ import annotations

from benchmarks import which_riichi

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
HOST = "127.0.0.1"  # loopback only


def real_cases() -> list[bytes]:
    """The bodies to post: every real Tenhou win and every benchmark hand, each with a unique id."""
    cases = [json.loads(row)["case"] for row in (DATA / "tenhou" / "wins.jsonl").read_text().splitlines()]
    cases += [json.loads(row) for row in (DATA / "bench" / "hands-2000.jsonl").read_text().splitlines()]
    return [json.dumps({**case, "id": i}).encode() for i, case in enumerate(cases)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> int:
    """Resident memory of a process and all its descendants, in KiB (Linux /proc)."""
    total = 0
    pending = [pid]
    while pending:
        p = pending.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            total += next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
            for task in Path(f"/proc/{p}/task").iterdir():
                children = (task / "children").read_text().split()
                pending.extend(int(c) for c in children)
        except (FileNotFoundError, ProcessLookupError, StopIteration):
            continue
    return total


@dataclass
class Round:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)


def client(port: int, bodies: list[bytes], start: int, stop_at: float, budget: list[int], out: Round) -> None:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    i = start
    mine: list[float] = []
    errors: list[str] = []
    while time.monotonic() < stop_at:
        with out.lock:
            if budget[0] <= 0:
                break
            budget[0] -= 1
        body = bodies[i % len(bodies)]
        started = time.perf_counter()
        try:
            conn.request("POST", "/api/score", body=body, headers={"Content-Type": "application/json"})
            response = conn.getresponse()
            answer = json.loads(response.read())
            mine.append(time.perf_counter() - started)
            if response.status != 200 or answer.get("id") != i % len(bodies) or answer.get("ok") is not True:
                errors.append(f"{response.status} {str(answer)[:120]}")
        except (OSError, http.client.HTTPException, ValueError) as e:
            errors.append(f"{type(e).__name__}: {e}")
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=30)
        i += 1
    conn.close()
    with out.lock:
        out.latencies.extend(mine)
        out.errors.extend(errors)


def run_round(port: int, bodies: list[bytes], clients: int, seconds: float, max_requests: int) -> Round:
    result = Round()
    budget = [max_requests]
    started = time.monotonic()
    stop_at = started + seconds
    threads = [threading.Thread(target=client, args=(port, bodies, k * 997, stop_at, budget, result))
               for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    result.seconds = time.monotonic() - started
    return result


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def measure(workers: int, clients: int, seconds: float, max_requests: int, bodies: list[bytes]) -> list[str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen([sys.executable, "-m", "riichi", "serve", "--host", HOST, "--port", str(port),
                               "--workers", str(workers), "--max-connections", str(max(512, 2 * clients))],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rows = []
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection((HOST, port), timeout=1):
                    pass
                run_round(port, bodies, 1, 5, workers * 4)  # every worker answers once before the count
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("riichi serve did not start") from None
                time.sleep(0.2)
        time.sleep(1)
        memory = [rss_kib(server.pid)]
        for number in (1, 2):
            r = run_round(port, bodies, clients, seconds, max_requests)
            memory.append(rss_kib(server.pid))
            n = len(r.latencies)
            rows.append(f"| {workers} | {clients} | {number} | {n:,} | {len(r.errors)} | {n / r.seconds:,.0f} | "
                        f"{statistics.median(r.latencies) * 1000:.1f} | {percentile(r.latencies, 0.99) * 1000:.1f} | "
                        f"{memory[0] / 1024:.1f} | {memory[-1] / 1024:.1f} |")
            for e in r.errors[:5]:
                rows.append(f"|   error: {e} |")
    finally:
        server.terminate()
        server.wait(timeout=30)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=15.0, help="length of each round (default 15)")
    parser.add_argument("--max-requests", type=int, default=200_000, help="cap on the requests of a round")
    args = parser.parse_args(argv)
    print(which_riichi())
    if not 1 <= args.clients <= 1000 or not 0 < args.seconds <= 600:
        parser.error("--clients is 1..1000 and --seconds at most 600: a bounded load")
    bodies = real_cases()
    print(f"{len(bodies):,} real cases; POST /api/score on {HOST}; {os.cpu_count()} cores\n")
    print("| workers | clients | round | requests | errors | requests/s | p50 ms | p99 ms | RSS at start MiB | "
          "RSS after MiB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    failed = False
    for workers in args.workers:
        for row in measure(workers, args.clients, args.seconds, args.max_requests, bodies):
            print(row, flush=True)
            failed = failed or "error:" in row
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
