"""The server's own limits on a real socket (127.0.0.1 only), with the protocol ``riichi serve`` runs.

Each test starts uvicorn in a thread with :func:`riichi.web.server.config` and short limits, around the
calculator or around a small application whose answer is slow or large on purpose, and talks to it over raw
sockets, as the clients of issue 24 did:

* an answer slower than the request deadline reached a client that sent ``Connection: close`` or spoke
  HTTP/1.0 as an empty reply (the deadline stayed armed until h11 said ``DONE``, which such a request never
  reaches: it ends in ``MUST_CLOSE``);
* an answer never read must still free its connection in bounded time;
* the server's own refusals (a head over 16 KiB, 100,000 bytes of it accepted in one piece; a request that
  is not HTTP; more connections than allowed) were plain text without the security headers.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import uvicorn
from starlette.types import Receive, Scope, Send

from riichi.web import server as web_server
from riichi.web.app import SECURITY_HEADERS

HOST = "127.0.0.1"
#: The request deadline of the servers under test, in seconds.
DEADLINE = 0.5
#: How long the slow application takes to answer: three deadlines.
SLOW = 3 * DEADLINE
#: The large application's answer: far more than the kernel's socket buffers hold on loopback.
LARGE = 16 * 1024 * 1024


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


async def slow_app(scope: Scope, receive: Receive, send: Send) -> None:
    """An honest answer that takes longer than the request deadline."""
    if scope["type"] != "http":
        return
    await asyncio.sleep(SLOW)
    body = b'{"ok": true}'
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def large_app(scope: Scope, receive: Receive, send: Send) -> None:
    """An answer of :data:`LARGE` bytes, written at once."""
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"application/octet-stream"), (b"content-length", str(LARGE).encode())]})
    await send({"type": "http.response.body", "body": b"x" * LARGE})


@contextmanager
def serving(app: Any = web_server.APP, **limits: Any) -> Iterator[tuple[int, uvicorn.Server]]:
    port = free_port()
    conf = web_server.config(HOST, port, web_server.Limits(request_timeout=DEADLINE, **limits), log_level="critical",
                             app=app)
    server = uvicorn.Server(conf)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    started = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > started:
            pytest.fail("the server did not start")
        time.sleep(0.02)
    try:
        yield port, server
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def exchange(port: int, request: bytes, *, timeout: float = 10.0) -> bytes:
    """Send ``request`` on a new connection and read until the server closes it."""
    with socket.create_connection((HOST, port), timeout=timeout) as s:
        s.sendall(request)
        return read_to_end(s)


def read_to_end(s: socket.socket) -> bytes:
    chunks = []
    while True:
        try:
            chunk = s.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def parse(answer: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    return status, headers, body


def assert_error_object(answer: bytes, status: int, code: str) -> dict[str, Any]:
    got, headers, body = parse(answer)
    assert got == status, answer[:300]
    assert headers["content-type"] == "application/json"
    for name, value in SECURITY_HEADERS.items():
        assert headers[name.lower()] == value
    error = json.loads(body)
    assert error["ok"] is False and error["id"] is None and error["error"]["code"] == code, error
    return error


@pytest.mark.parametrize("request_bytes", [
    b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    b"GET / HTTP/1.0\r\n\r\n",
], ids=["kept alive", "Connection: close", "HTTP/1.0"])
def test_an_answer_slower_than_the_deadline_is_delivered_whole(request_bytes: bytes) -> None:
    # The deadline covers the request; once it is in, the answer takes the time it takes (three deadlines).
    with serving(slow_app) as (port, _):
        started = time.monotonic()
        with socket.create_connection((HOST, port), timeout=10) as s:
            s.sendall(request_bytes)
            answer = b""
            while not answer.endswith(b'{"ok": true}'):
                chunk = s.recv(65536)
                assert chunk, f"the connection closed after {time.monotonic() - started:.2f} s: {answer!r}"
                answer += chunk
        assert parse(answer)[0] == 200
        assert time.monotonic() - started >= SLOW


def test_a_request_that_stalls_is_still_cut_off_at_the_deadline() -> None:
    with serving(slow_app) as (port, _), socket.create_connection((HOST, port), timeout=10) as s:
        s.sendall(b"POST / HTTP/1.0\r\nContent-Length: 10\r\n\r\n12345")  # half the body, then nothing
        started = time.monotonic()
        assert s.recv(1024) == b""
        assert DEADLINE * 0.8 < time.monotonic() - started < DEADLINE + 2.0


@pytest.mark.parametrize("close", [False, True], ids=["kept alive", "Connection: close"])
def test_an_answer_never_read_frees_its_connection_in_bounded_time(close: bool) -> None:
    with serving(large_app) as (port, server):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window: the answer cannot all fit
        s.connect((HOST, port))
        try:
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n" + (b"Connection: close\r\n" if close else b"") + b"\r\n")
            started = time.monotonic()
            while not server.server_state.connections:
                time.sleep(0.01)
            while server.server_state.connections:  # nothing read: the server drops the connection
                assert time.monotonic() - started < DEADLINE + 3.0, "the unread answer still holds its connection"
                time.sleep(0.05)
            s.settimeout(5)
            received = 0
            try:
                while chunk := s.recv(1 << 20):
                    received += len(chunk)
            except ConnectionResetError:
                pass
            assert received < LARGE
        finally:
            s.close()


def test_a_slow_reader_still_gets_the_whole_answer() -> None:
    # A client reading a little at a time, pausing between reads, keeps the answer flowing: nothing is cut.
    with serving(large_app) as (port, _), socket.create_connection((HOST, port), timeout=10) as s:
        s.sendall(b"GET / HTTP/1.0\r\n\r\n")
        started = time.monotonic()
        received = 0
        while chunk := s.recv(256 * 1024):
            received += len(chunk)
            time.sleep(0.02)
        head = 200  # status line and headers
        assert LARGE < received < LARGE + head
        assert time.monotonic() - started > 2 * DEADLINE  # the reading outlasted the deadline, and was not cut


def test_a_head_over_the_limit_is_431_in_one_piece_or_many() -> None:
    # 100,000 bytes of headers in one send were accepted (h11 limits only an incomplete head).
    head = b"GET /api/rules HTTP/1.1\r\nHost: x\r\nX-Filler: " + b"a" * 100_000 + b"\r\n\r\n"
    with serving() as (port, _):
        error = assert_error_object(exchange(port, head), 431, "request_too_large")
        assert "16384 bytes" in error["error"]["message"]
        with socket.create_connection((HOST, port), timeout=10) as s:
            for i in range(0, len(head), 1000):
                try:
                    s.sendall(head[i:i + 1000])
                except OSError:
                    break
            answer = read_to_end(s)
        assert_error_object(answer, 431, "request_too_large")
        # A head just under the limit is served.
        fits = b"GET /api/rules HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Filler: " + b"a" * 16_000 + b"\r\n\r\n"
        assert parse(exchange(port, fits))[0] == 200


def test_a_request_that_is_not_http_is_400_json() -> None:
    with serving() as (port, _):
        assert_error_object(exchange(port, b"HELLO\r\n\r\n"), 400, "invalid_request")


def test_beyond_the_connection_limit_the_answer_is_503_json() -> None:
    with serving(max_connections=2) as (port, _):
        idle = [socket.create_connection((HOST, port)) for _ in range(2)]
        try:
            time.sleep(0.1)
            assert_error_object(exchange(port, b"GET /api/rules HTTP/1.1\r\nHost: x\r\n\r\n"), 503, "server_busy")
        finally:
            for s in idle:
                s.close()
        time.sleep(0.1)
        assert parse(exchange(port, b"GET /api/rules HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))[0] == 200


def test_a_body_over_the_limit_is_413_json() -> None:
    with serving() as (port, _):
        request = b"POST /api/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 70000\r\n\r\n"
        assert_error_object(exchange(port, request + b" " * 70_000), 413, "request_too_large")


@pytest.mark.parametrize("length", [b"-1", b"x", b"1, 2"])
def test_a_head_that_ends_but_states_no_length_is_400_not_431(length: bytes) -> None:
    # Content-Length: -1 (RFC 9110 8.6: a length is digits) and 20 KB of body after the head: the head ended
    # at 70 bytes, but 16 KiB came in one piece, and the answer said 431 (the head too large).
    request = b"POST /api/score HTTP/1.1\r\nHost: x\r\nContent-Length: " + length + b"\r\n\r\n" + b"{" * 20_000
    with serving() as (port, _):
        assert_error_object(exchange(port, request), 400, "invalid_request")
