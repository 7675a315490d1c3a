"""The slow-client attack against a real `riichi serve` on loopback (127.0.0.1 only).

The reported attack: connections that send the head of a ``POST /api/score`` (``Content-Length: 100``)
and never the body, then close; from then on the server answered nobody. Here 100 such
connections (and more that stall in the middle of their headers) are held open while another
client keeps asking: every one of its requests is answered at once, the server cuts the stalled
connections off at its request deadline, and it still answers after they are gone.
"""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import riichi_command, riichi_env

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
#: The deadline the server under test is given (seconds for a whole request).
DEADLINE = 2.0
STALLED_BODIES = 100
STALLED_HEADS = 20
#: 1 han 40 fu, South's tsumo (menzen tsumo): 700 from the dealer, 400 from each other seat.
CASE = json.dumps({"hand": "234m456p678s44433z", "win": "3z", "tsumo": True, "seat_wind": "S"}).encode()


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def ask(port: int, timeout: float = 3.0) -> tuple[int, float]:
    """Score the case over a new connection; the status and the seconds it took."""
    started = time.monotonic()
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("POST", "/api/score", body=CASE, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        body = json.loads(response.read())
        assert body["points"] == 1500
        return response.status, time.monotonic() - started
    finally:
        conn.close()


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    port = free_port()
    server = subprocess.Popen(riichi_command("serve", "--host", HOST, "--port", str(port),
                                             "--request-timeout", str(DEADLINE)), cwd=ROOT, env=riichi_env(),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                ask(port)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("riichi serve did not start")
                time.sleep(0.1)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=10)


def stall(port: int) -> list[socket.socket]:
    """Open the stalled connections: request heads without their body, and heads cut off midway."""
    socks = []
    for _ in range(STALLED_BODIES):
        s = socket.create_connection((HOST, port))
        s.sendall(b"POST /api/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 100\r\n\r\n")
        socks.append(s)
    for _ in range(STALLED_HEADS):
        s = socket.create_connection((HOST, port))
        s.sendall(b"POST /api/score HTTP/1.1\r\nHost: x\r\nContent-Le")
        socks.append(s)
    return socks


def closed_by_server(s: socket.socket, wait: float) -> bool:
    s.settimeout(wait)
    try:
        return s.recv(1024) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_other_clients_are_answered_while_100_connections_stall(port: int) -> None:
    socks = stall(port)
    try:
        started = time.monotonic()
        times = []
        while time.monotonic() - started < DEADLINE + 1.0:
            status, took = ask(port)
            assert status == 200
            times.append(took)
            time.sleep(0.1)
        assert len(times) >= 10
        assert max(times) < 1.0, times  # answered at once, not after the stalled ones
        # The server cut every stalled connection off at its deadline.
        assert all(closed_by_server(s, wait=DEADLINE + 2.0) for s in socks)
    finally:
        for s in socks:
            s.close()
    assert ask(port)[0] == 200


def test_the_server_recovers_once_stalled_clients_close(port: int) -> None:
    # The reported sequence: stall, then close without a body; the next requests are answered.
    for _ in range(3):
        socks = stall(port)
        time.sleep(0.2)
        for s in socks:
            s.close()
        for _ in range(5):
            status, took = ask(port)
            assert status == 200 and took < 1.0


def test_a_connection_that_sends_nothing_is_closed_at_the_deadline(port: int) -> None:
    s = socket.create_connection((HOST, port))
    try:
        # Nothing sent at all: the request deadline closes it.
        assert closed_by_server(s, wait=DEADLINE + 2.0)
    finally:
        s.close()
