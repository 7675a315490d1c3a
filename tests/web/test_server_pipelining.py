"""Requests pipelined behind an unanswered one (HTTP/1.1 keep-alive), on a real server on loopback.

A client may send its next request without waiting for the answer to the previous one (RFC 9112 section 9.3.2,
"Pipelining": the server answers them in the order received). The server's limits must hold for such a request
as they hold for a first one:

* its head is capped at 16 KiB (431, the API's JSON error object, then the connection closes), whether it
  ends or not, and however many bytes came in one piece; the answers before it arrive first and whole (the
  cap once held only for a request the server was waiting for: a head pipelined behind an unanswered request
  went to h11 whole, and h11 let it through at any size when it was complete, or refused it as 400 when not);
* one that stalls halfway is cut off at the request deadline, counted from the previous answer;
* bytes sent after a request that ends the connection (HTTP/1.0, ``Connection: close``) do not cost that
  request its answer (they once turned it into a 400);
* however much the client sends ahead, the server holds a bounded amount of it;
* many small requests sent in one piece are all answered, in order.

The servers are those of ``test_server_limits`` (request deadline :data:`DEADLINE`), around the calculator or
around two small applications written for these tests: one that echoes what it was asked, one that is slow.
"""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest
from starlette.types import Receive, Scope, Send

from riichi.web import server as web_server
from tests.web.test_server_limits import DEADLINE, HOST, SLOW, assert_error_object, read_to_end, serving, slow_app

#: The head cap under test (the server's default: 16 KiB).
LIMIT = web_server.DEFAULT_LIMITS.max_header_bytes
RULES = b"GET /api/rules HTTP/1.1\r\nHost: x\r\n\r\n"


def head_of(size: int, *, close: bool = False, end: bool = True) -> bytes:
    """``GET /api/rules`` with a head (request line, headers and the blank line that ends them) of ``size`` bytes,
    asking the server to close the connection after it if ``close``; without ``end`` the same bytes without the
    blank line: a head that has not ended."""
    start = b"GET /api/rules HTTP/1.1\r\nHost: x\r\n" + (b"Connection: close\r\n" if close else b"") + b"X-Filler: "
    filler = size - len(start) - len(b"\r\n\r\n")
    assert filler > 0
    head = start + b"a" * filler + b"\r\n\r\n"
    assert len(head) == size
    return head if end else head[:-4]


def answers(data: bytes) -> list[tuple[int, dict[str, str], bytes]]:
    """The answers in ``data``, in order, each ``(status, headers, body)`` (each answer has a Content-Length);
    the bytes after the last whole answer must be none."""
    found = []
    while data:
        head, sep, rest = data.partition(b"\r\n\r\n")
        assert sep, f"an answer cut off in its head: {data[:200]!r}"
        lines = head.decode("latin-1").split("\r\n")
        headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
        length = int(headers["content-length"])
        assert len(rest) >= length, f"an answer cut off in its body: {data[:200]!r}"
        found.append((int(lines[0].split()[1]), headers, rest[:length]))
        data = rest[length:]
    return found


def send_and_read(port: int, data: bytes) -> list[tuple[int, dict[str, str], bytes]]:
    """Send ``data`` in one piece on a new connection and read the answers until the server closes it."""
    with socket.create_connection((HOST, port), timeout=10) as s:
        s.sendall(data)
        return answers(read_to_end(s))


def assert_rules(answer: tuple[int, dict[str, str], bytes]) -> None:
    """The answer to ``GET /api/rules``, whole: 200 with the rule presets, the default one ``tenhou`` among them."""
    status, headers, body = answer
    assert status == 200, body[:200]
    assert headers["content-type"] == "application/json"
    listing = json.loads(body)
    assert listing["default"] == "tenhou"
    assert "tenhou" in {preset["name"] for preset in listing["presets"]}


def raw(answer: tuple[int, dict[str, str], bytes]) -> bytes:
    status, headers, body = answer
    head = "\r\n".join([f"HTTP/1.1 {status} -", *(f"{name}: {value}" for name, value in headers.items())])
    return head.encode("latin-1") + b"\r\n\r\n" + body


async def echo_app(scope: Scope, receive: Receive, send: Send) -> None:
    """Answers ``METHOD PATH LENGTH`` of each request (LENGTH: the bytes of its body), so the order of the answers
    and which request each one answers can be read."""
    if scope["type"] != "http":
        return
    length = 0
    more = True
    while more:
        message = await receive()
        length += len(message.get("body", b""))
        more = message.get("more_body", False)
    body = f"{scope['method']} {scope['path']} {length}".encode()
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


@pytest.mark.parametrize("size", [LIMIT + 1, 100_000], ids=["one byte over", "100,000 bytes"])
def test_a_pipelined_head_over_the_cap_is_431_after_the_answer_before_it(size: int) -> None:
    with serving() as (port, _):
        got = send_and_read(port, RULES + head_of(size))
    assert len(got) == 2, got
    assert_rules(got[0])
    error = assert_error_object(raw(got[1]), 431, "request_too_large")
    assert f"{LIMIT} bytes" in error["error"]["message"]


def test_a_pipelined_head_that_never_ends_is_431_at_once() -> None:
    # 100,000 bytes of a head without its blank line, and then the client waits: 431 as soon as the answer before
    # it is sent (the request deadline would close the connection with no answer).
    with serving() as (port, _):
        got = send_and_read(port, RULES + head_of(100_000, end=False))
    assert len(got) == 2, got
    assert_rules(got[0])
    assert_error_object(raw(got[1]), 431, "request_too_large")


@pytest.mark.parametrize("pipelined", [False, True], ids=["first", "pipelined"])
def test_the_cap_is_exact_first_or_pipelined(pipelined: bool) -> None:
    # A head of exactly 16,384 bytes is served, one of 16,385 is refused: the same for a first request and for one
    # pipelined behind another, each sent in one piece.
    before = RULES if pipelined else b""
    with serving() as (port, _):
        fits = send_and_read(port, before + head_of(LIMIT, close=True))
        over = send_and_read(port, before + head_of(LIMIT + 1))
    assert len(fits) == len(over) == 1 + pipelined
    for answer in fits:
        assert_rules(answer)
    for answer in over[:-1]:
        assert_rules(answer)
    assert_error_object(raw(over[-1]), 431, "request_too_large")


@pytest.mark.parametrize("stalled", [
    b"GET / HTTP/1.1\r\nHost: x\r\nX-Hal",
    b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n12345",
], ids=["half a head", "half a body"])
def test_a_pipelined_request_that_stalls_is_cut_off_at_the_deadline_after_the_answer_before_it(stalled: bytes) -> None:
    # The first answer takes three deadlines: the stalled request behind it costs it nothing (its deadline starts
    # with that answer), and is cut off one deadline after it, as a first request would be.
    with serving(slow_app) as (port, _), socket.create_connection((HOST, port), timeout=10) as s:
        started = time.monotonic()  # before the request leaves: the answer's wait cannot start earlier
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n" + stalled)
        answer = b""
        while not answer.endswith(b'{"ok": true}'):
            chunk = s.recv(65536)
            assert chunk, f"the connection closed after {time.monotonic() - started:.2f} s: {answer!r}"
            answer += chunk
        answered = time.monotonic()
        assert answered - started >= SLOW
        assert [status for status, _, _ in answers(answer)] == [200]
        assert read_to_end(s) == b""
        assert DEADLINE * 0.8 < time.monotonic() - answered < DEADLINE + 2.0


@pytest.mark.parametrize("first", [
    b"GET /api/rules HTTP/1.0\r\n\r\n",
    b"GET /api/rules HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
], ids=["HTTP/1.0", "Connection: close"])
def test_bytes_after_a_request_that_ends_the_connection_leave_its_answer_whole(first: bytes) -> None:
    # The client said the connection ends with this request; what it sends after is not read, and the request is
    # answered (the extra bytes once made the server answer 400 in its place).
    with serving() as (port, _):
        for after in (RULES, head_of(100_000), b"\x00garbage" * 1000):
            got = send_and_read(port, first + after)
            assert len(got) == 1, got
            assert_rules(got[0])


def test_what_a_client_sends_ahead_is_held_bounded() -> None:
    # Behind a request whose answer takes three deadlines, the client streams a head that never ends. The server
    # reads no more of it than its own buffers and the kernel's hold (the socket buffers of loopback are a few
    # MiB; an unbounded reader would take every byte, hundreds of MiB in that time), answers the first request
    # whole, then refuses the head with 431 and closes.
    sent = 0
    with serving(slow_app) as (port, _), socket.create_connection((HOST, port), timeout=10) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\nX-Filler: ")

        def stream() -> None:
            nonlocal sent
            chunk = b"a" * 65536
            try:
                while sent < 1 << 30:
                    sent += s.send(chunk)
            except OSError:  # the server closed the connection
                pass

        streamer = threading.Thread(target=stream, daemon=True)
        streamer.start()
        got = answers(read_to_end(s))
        streamer.join(timeout=10)
    assert not streamer.is_alive()
    assert [status for status, _, _ in got] == [200, 431], got
    assert got[0][2] == b'{"ok": true}'
    assert_error_object(raw(got[1]), 431, "request_too_large")
    assert sent < 32 * 1024 * 1024, sent


def test_many_pipelined_requests_are_answered_in_order() -> None:
    # 300 requests in one piece: GETs, POSTs with bodies of many sizes (one of 40,000 bytes, more than the head
    # cap: a body is not a head), chunked bodies; each answer names the request it answers.
    requests = []
    expected = []
    for n in range(300):
        if n % 3 == 0:
            requests.append(f"GET /{n} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            expected.append(f"GET /{n} 0")
        elif n % 3 == 1:
            size = 40_000 if n == 151 else n * 97 % 3000
            requests.append(f"POST /{n} HTTP/1.1\r\nHost: x\r\nContent-Length: {size}\r\n\r\n".encode() + b"b" * size)
            expected.append(f"POST /{n} {size}")
        else:
            chunks = b"".join(f"{len(part):x}\r\n".encode() + part + b"\r\n" for part in (b"c" * n, b"d" * 7))
            requests.append(f"PUT /{n} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".encode()
                            + chunks + b"0\r\n\r\n")
            expected.append(f"PUT /{n} {n + 7}")
    requests.append(b"GET /last HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    expected.append("GET /last 0")
    with serving(echo_app) as (port, _):
        got = send_and_read(port, b"".join(requests))
    assert [status for status, _, _ in got] == [200] * len(expected)
    assert [body.decode() for _, _, body in got] == expected
