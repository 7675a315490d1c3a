"""Load on the web server over loopback: many concurrent clients scoring real cases, and the clients that
lost answers before (issue 24): ``Connection: close``, HTTP/1.0 behind a proxy, slow readers.

    python -m benchmarks.load                          # 1 and 2 workers, 32 clients, 2 x 15 s each
    python -m benchmarks.load --workers 1 3 --clients 64 --seconds 20
    python -m benchmarks.load --scenarios              # the connection scenarios below, then the table

For each worker count, ``riichi serve`` is started on 127.0.0.1 (a free port; no other address is
ever used) and ``--clients`` threads, each with its own kept-alive connection, post the real
cases of tests/data (1,536 Tenhou wins and the 2,000 benchmark hands, in turn) to
``POST /api/score`` for ``--seconds`` or ``--max-requests``, whichever comes first, in two rounds.
Every answer is checked (status 200, the case's own ``id`` back, ``"ok": true``). The table gives
requests per second, the median and 99th-percentile latency, the errors, and the server's memory
(the resident set of its processes together, read from /proc) after start, after round 1 and
after round 2: the second round on a warm server shows whether memory grows with the load.

``--scenarios`` first runs, on one server (1 worker) with a request deadline of :data:`SCENARIO_DEADLINE`
seconds (shorter than a replay takes under load, so that a deadline cutting answers would show), each of:

* ``close``: ``POST /api/score`` over HTTP/1.1 with ``Connection: close``, a new connection each;
* ``http10``: ``POST /api/score`` over HTTP/1.0, a new connection each (a proxy speaking HTTP/1.0);
* ``replay-http10``: ``POST /api/replay`` of the longest real game over HTTP/1.0, four at once, while
  ``http10`` clients score: each answer (1.7 MB of JSON) takes longer than the deadline under that load;
* ``slow-reader``: the same replays over HTTP/1.1, each answer read 16 KiB at a time with a 5 ms pause
  between reads, while ``close`` clients score.

Every answer is read to its end and checked (status 200, its whole ``Content-Length``, the request's own
``id``, or every hand of the game): the ``dropped`` column counts answers cut short, missing or wrong, and
must be 0.
"""

from __future__ import annotations

from benchmarks import which_riichi
from riichi.build import riichi_command, riichi_env

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
HOST = "127.0.0.1"  # loopback only
#: The request deadline of the scenarios' server, in seconds.
SCENARIO_DEADLINE = 0.5
#: The longest real game of tests/data (by its record's size), replayed by the replay scenarios.
LONGEST = "2022060108gm-00a9-0000-3bded557.xml"


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
    command = riichi_command("serve", "--host", HOST, "--port", str(port), "--workers", str(workers),
                             "--max-connections", str(max(512, 2 * clients)))
    server = subprocess.Popen(command, cwd=ROOT, env=riichi_env(), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
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


# -- the connection scenarios -----------------------------------------------------------------------------


def raw_exchange(port: int, request: bytes, *, pause: float = 0.0, piece: int = 65536) -> tuple[int, bytes]:
    """Send one request on a new connection and read its answer whole, ``piece`` bytes at a time with ``pause``
    seconds between reads; the status and the body. ``ValueError`` for an answer missing or cut short."""
    with socket.create_connection((HOST, port), timeout=120) as s:
        s.sendall(request)
        data = b""
        head_end = -1
        length = None
        while True:
            chunk = s.recv(piece)
            if not chunk:
                break
            data += chunk
            if head_end < 0 and (head_end := data.find(b"\r\n\r\n")) >= 0:
                head = data[:head_end].decode("latin-1").lower()
                length = next((int(line.split(":", 1)[1]) for line in head.split("\r\n")
                               if line.startswith("content-length:")), None)
            if length is not None and len(data) - head_end - 4 >= length:
                break
            if pause:
                time.sleep(pause)
    if head_end < 0:
        raise ValueError(f"no answer ({len(data)} bytes)")
    body = data[head_end + 4:]
    if length is None or len(body) != length:
        raise ValueError(f"an answer cut short: {len(body):,} of {length} bytes")
    return int(data.split(b" ", 2)[1]), body


def _request(path: str, body: bytes, version: str, close: bool) -> bytes:
    head = f"POST {path} HTTP/{version}\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
    head += f"Content-Length: {len(body)}\r\n" + ("Connection: close\r\n" if close else "")
    return head.encode() + b"\r\n" + body


def _scorer(bodies: list[bytes], start: int, version: str) -> Callable[[int, float, Round], None]:
    """A client scoring the cases in turn from ``start``, a new connection for each (HTTP ``version``; 1.1 with
    ``Connection: close``)."""
    def run(port: int, stop_at: float, out: Round) -> None:
        i = start
        while time.monotonic() < stop_at:
            _timed(out, lambda: _check_score(port, bodies, i, version))
            i += 1

    return run


def _check_score(port: int, bodies: list[bytes], i: int, version: str) -> None:
    status, answer = raw_exchange(port, _request("/api/score", bodies[i % len(bodies)], version, version == "1.1"))
    parsed = json.loads(answer)
    if status != 200 or parsed.get("id") != i % len(bodies):
        raise ValueError(f"{status} {str(parsed)[:120]}")


def _replayer(record: bytes, hands: int, version: str, pause: float) -> Callable[[int, float, Round], None]:
    """A client replaying the longest game again and again, reading each answer with ``pause`` between reads."""
    def run(port: int, stop_at: float, out: Round) -> None:
        while time.monotonic() < stop_at:
            _timed(out, lambda: _check_replay(port, record, hands, version, pause))

    return run


def _check_replay(port: int, record: bytes, hands: int, version: str, pause: float) -> None:
    status, answer = raw_exchange(port, _request(f"/api/replay?name={LONGEST}", record, version, False),
                                  pause=pause, piece=16 * 1024 if pause else 65536)
    parsed = json.loads(answer)
    if status != 200 or len(parsed.get("hands", ())) != hands:
        raise ValueError(f"{status} {str(parsed)[:120]}")


def _timed(out: Round, exchange: Callable[[], None]) -> None:
    started = time.perf_counter()
    try:
        exchange()
    except (OSError, ValueError) as e:
        with out.lock:
            out.errors.append(f"{type(e).__name__}: {e}")
        return
    with out.lock:
        out.latencies.append(time.perf_counter() - started)


def scenarios(clients: int, seconds: float, bodies: list[bytes]) -> list[str]:
    """The connection scenarios on one server (1 worker, deadline :data:`SCENARIO_DEADLINE` s): a table row each."""
    record = (DATA / "games" / "logs" / LONGEST).read_bytes()
    from riichi.formats.detect import read_record  # noqa: PLC0415 - the game's hands, as the answer must hold them

    hands = len(read_record(record, name=LONGEST).hands)
    port = free_port()
    command = riichi_command("serve", "--host", HOST, "--port", str(port), "--request-timeout",
                             str(SCENARIO_DEADLINE))
    server = subprocess.Popen(command, cwd=ROOT, env=riichi_env(), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    # Each scenario: its clients, in groups whose answers are counted apart (replays, scores).
    plans: dict[str, dict[str, list[Callable[[int, float, Round], None]]]] = {
        "close": {"score": [_scorer(bodies, k * 997, "1.1") for k in range(clients)]},
        "http10": {"score": [_scorer(bodies, k * 997, "1.0") for k in range(clients)]},
        "replay-http10": {"replay": [_replayer(record, hands, "1.0", 0.0) for _ in range(4)],
                          "score": [_scorer(bodies, k * 997, "1.0") for k in range(clients // 4)]},
        "slow-reader": {"replay": [_replayer(record, hands, "1.1", 0.005) for _ in range(4)],
                        "score": [_scorer(bodies, k * 997, "1.1") for k in range(clients // 4)]},
    }
    rows = []
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection((HOST, port), timeout=1):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("riichi serve did not start") from None
                time.sleep(0.2)
        for name, groups in plans.items():
            results = {group: Round() for group in groups}
            started = time.monotonic()
            threads = [threading.Thread(target=client, args=(port, started + seconds, results[group]))
                       for group, clients_of in groups.items() for client in clients_of]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            for group, result in results.items():
                result.seconds = time.monotonic() - started
                n = len(result.latencies)
                rows.append(f"| {name} | {group} | {len(groups[group])} | {n:,} | {len(result.errors)} | "
                            f"{n / result.seconds:,.1f} | "
                            f"{statistics.median(result.latencies) * 1000 if n else float('nan'):.0f} | "
                            f"{percentile(result.latencies, 0.99) * 1000:.0f} | "
                            f"{max(result.latencies, default=float('nan')):.1f} |")
                rows.extend(f"|   dropped: {e} |" for e in result.errors[:5])
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
    parser.add_argument("--scenarios", action="store_true",
                        help="first the connection scenarios: Connection: close, HTTP/1.0, slow readers")
    args = parser.parse_args(argv)
    print(which_riichi())
    if not 1 <= args.clients <= 1000 or not 0 < args.seconds <= 600:
        parser.error("--clients is 1..1000 and --seconds at most 600: a bounded load")
    bodies = real_cases()
    failed = False
    if args.scenarios:
        print(f"Connection scenarios: 1 worker, request deadline {SCENARIO_DEADLINE:g} s, {args.seconds:g} s each\n")
        print("| scenario | requests | clients | answers | dropped | answers/s | p50 ms | p99 ms | slowest s |")
        print("|---|---|---|---|---|---|---|---|---|")
        for row in scenarios(args.clients, args.seconds, bodies):
            print(row, flush=True)
            failed = failed or "dropped:" in row
        print()
    print(f"{len(bodies):,} real cases; POST /api/score on {HOST}; {os.cpu_count()} cores\n")
    print("| workers | clients | round | requests | errors | requests/s | p50 ms | p99 ms | RSS at start MiB | "
          "RSS after MiB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for workers in args.workers:
        for row in measure(workers, args.clients, args.seconds, args.max_requests, bodies):
            print(row, flush=True)
            failed = failed or "error:" in row
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
