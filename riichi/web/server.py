"""Serving the web app with limits: slow, stalled and idle clients are cut off; the others are answered.

``riichi serve`` runs the app under uvicorn with its HTTP/1.1 protocol (h11) and these limits
(:class:`Limits`, each one a command-line option):

* a whole request, headers and body, must arrive within ``request_timeout`` seconds of the
  connection opening (or of the previous response on a kept-alive connection); a client that
  stalls is disconnected when it runs out, whatever it sent so far. The deadline covers the request
  only: once the whole request is in, however the client ends it (kept alive, ``Connection: close``
  or HTTP/1.0), its answer takes as long as it takes;
* a client must also read its answer: when the answer waits to be sent (the connection's send buffer
  is full) for ``request_timeout`` seconds without the client reading any of it, the connection is
  dropped, so an answer nobody reads holds nothing for long;
* an idle kept-alive connection is closed after ``keep_alive`` seconds (uvicorn's own timer);
* at most ``max_connections`` connections at once: a request beyond them is answered 503 at once,
  and the listening queue holds ``backlog`` more;
* a request head (request line and headers) larger than ``max_header_bytes`` is answered 431,
  however it arrives, for a first request or one pipelined behind a request not yet answered (h11's
  limit on an incomplete event, fed at most that many bytes at a time: h11 alone lets a head of any
  size through when it arrives in one piece);
* pipelined requests (sent before the answer to the previous one) are answered in order, each read
  as a first one is, with its own deadline counted from the previous answer; while a request waits for
  its answer, what came after it is held and reading stops, so a client sending ahead holds little;
  what follows a request that ends the connection (HTTP/1.0, ``Connection: close``) is ignored;
* bodies larger than :data:`riichi.web.app.MAX_BODY` are refused with 413 by the app;
* ``workers`` processes share the listening socket (uvicorn's supervisor).

Every refusal of the server itself (400 for a request that is not HTTP, 431, 503) is the API's
JSON error object with the security headers of every other answer, as the app's own are.

The deadlines are uvicorn's protocol with two timers more, one armed while the protocol waits for a
request, one while an answer waits for the client to read: no socket code of its own. Every byte a
client sends reaches h11 through one path (:meth:`RequestDeadlineProtocol._feed`).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Final

import h11
import uvicorn
from starlette.types import Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.supervisors import Multiprocess

from riichi.formats import strict_json
from riichi.web.app import SECURITY_HEADERS

__all__ = ["DEFAULT_LIMITS", "Limits", "RequestDeadlineProtocol", "config", "serve"]

#: The application factory, by import path (worker processes import it themselves).
APP: Final = "riichi.web.app:create_app"


@dataclass(frozen=True, slots=True)
class Limits:
    """How long and how much the server waits for and holds its clients."""

    #: Seconds a client has to send a whole request (headers and body).
    request_timeout: float = 10.0
    #: Seconds an idle kept-alive connection stays open.
    keep_alive: int = 5
    #: Connections at once; a request beyond them is answered 503.
    max_connections: int = 512
    #: Connections waiting to be accepted.
    backlog: int = 1024
    #: Largest request head (request line and headers), in bytes.
    max_header_bytes: int = 16 * 1024
    #: Worker processes.
    workers: int = 1


DEFAULT_LIMITS: Final = Limits()


class _Config(uvicorn.Config):
    """uvicorn's configuration with the request deadline, the head limit and the connection limit (picklable:
    worker processes receive it). uvicorn's own ``limit_concurrency`` stays off: its refusal is plain text."""

    def __init__(self, app: Any, *, request_timeout: float, max_connections: int | None = None,
                 max_header_bytes: int = DEFAULT_LIMITS.max_header_bytes, **kwargs: Any) -> None:
        # h11 refuses an incomplete event (a head not ended) over this many bytes; fed a head at most
        # ``max_header_bytes`` at a time, it then lets through no head over ``max_header_bytes``.
        super().__init__(app, h11_max_incomplete_event_size=max_header_bytes - 1, **kwargs)
        self.request_timeout = request_timeout
        self.max_connections = max_connections
        self.max_header_bytes = max_header_bytes


#: h11's own limit on an incomplete event, when the configuration sets none (16 KiB, h11's documented default).
_H11_DEFAULT_INCOMPLETE: Final = 16 * 1024
#: h11's states of a client whose whole request is in: DONE (the connection may be kept alive), MUST_CLOSE
#: (``Connection: close``, or HTTP/1.0), CLOSED (the client closed its side after the request).
_REQUEST_IN: Final = (h11.DONE, h11.MUST_CLOSE, h11.CLOSED)
#: h11's states of a client whose request is being read: its head, or its body.
_READING: Final = (h11.IDLE, h11.SEND_BODY)


def error_body(code: str, message: str) -> bytes:
    """The API's error object (as the app writes it) as UTF-8 JSON."""
    return strict_json.dumps({"id": None, "ok": False, "error": {"code": code, "message": message}}).encode()


def _error_headers(body: bytes) -> list[tuple[bytes, bytes]]:
    return [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
            *((name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in SECURITY_HEADERS.items())]


async def _busy(scope: Scope, receive: Receive, send: Send) -> None:
    """The answer to a request beyond the connection limit: 503 with the API's error object."""
    body = error_body("server_busy", "the server has as many connections as it serves at once; try again shortly")
    start: Message = {"type": "http.response.start", "status": 503, "headers": _error_headers(body)}
    await send(start)
    await send({"type": "http.response.body", "body": body, "more_body": False})


class _Connection(h11.Connection):
    """h11's connection, remembering the status h11 suggests for the last request it refused (431 for a head
    over the limit, 400 for the rest): uvicorn hands on only that h11 refused."""

    refused_status: int | None = None

    def next_event(self) -> Any:
        try:
            return super().next_event()
        except h11.RemoteProtocolError as exc:
            self.refused_status = exc.error_status_hint
            raise


class RequestDeadlineProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection whose request does not arrive in time or whose answer
    is not read, enforcing the head limit whatever the packets, and refusing in the API's JSON."""

    _deadline: asyncio.TimerHandle | None = None
    _unread: asyncio.TimerHandle | None = None
    #: Bytes of the current request's head that h11 holds (None: not counted yet, or no head being read).
    _head_bytes: int | None = None

    def __init__(self, config: uvicorn.Config, *args: Any, **kwargs: Any) -> None:
        super().__init__(config, *args, **kwargs)
        size = config.h11_max_incomplete_event_size
        self.conn = _Connection(h11.SERVER, size if size is not None else _H11_DEFAULT_INCOMPLETE)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        #: Bytes received and not yet given to h11.
        self._held = bytearray()
        self._served = self.app
        self._arm()

    def data_received(self, data: bytes) -> None:
        self._held += data
        self._feed()

    def _feed(self) -> None:
        """Give h11 what it may read now of the bytes received: the one path of every request, first or pipelined.

        A head is fed at most up to the limit (h11 refuses an incomplete head over ``limit - 1`` bytes, so no head
        over the limit completes), and no piece is over the limit (what h11 holds past the end of a request, the
        start of the next one, is under it). Once a request is in, nothing more is fed until it is answered: the
        bytes stay here, and reading pauses, so what a client sends ahead is held bounded.
        """
        limit = self._setting("max_header_bytes", DEFAULT_LIMITS.max_header_bytes)
        while self._held and self.conn.their_state in _READING and not self.transport.is_closing():
            self._choose_app()
            reading_head = self.conn.their_state is h11.IDLE
            head = 0  # bytes of the head h11 holds; a new head is counted from what h11 kept behind the last request
            if reading_head:
                head = len(self.conn.trailing_data[0]) if self._head_bytes is None else self._head_bytes
            piece = bytes(self._held[:max(limit - head, 1)])  # never empty: to h11, no bytes is the end of input
            del self._held[:len(piece)]
            self._head_bytes = head + len(piece) if reading_head else None
            super().data_received(piece)
            if self.conn.their_state is not h11.IDLE:
                self._head_bytes = None
        if self._held and self.conn.their_state not in _READING:
            self.flow.pause_reading()  # until the request in is answered (uvicorn resumes reading then)
        if self.conn.their_state in _REQUEST_IN:  # the whole request is in: the app takes it from here
            self._disarm()

    def on_response_complete(self) -> None:
        self._head_bytes = None  # uvicorn reads what h11 holds of the next request: a new head
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request on this connection has its own deadline
            self._feed()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._reading()
        super().connection_lost(exc)

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._unread is None:
            self._watch_reading()

    def resume_writing(self) -> None:
        super().resume_writing()
        self._reading()

    def send_400_response(self, msg: str) -> None:
        """h11 refused what the client sent (``msg`` is uvicorn's): 431 for a head over the limit, else 400.

        A head is over the limit when h11 says so (it refused a head not ended at the limit), not when many bytes
        came: a head that ends, followed by its body, may be refused for what it says (``Content-Length: -1``)."""
        limit = self._setting("max_header_bytes", DEFAULT_LIMITS.max_header_bytes)
        too_large = getattr(self.conn, "refused_status", None) == 431  # noqa: PLR2004
        if too_large and self._head_bytes is not None:
            status, body = 431, error_body("request_too_large", f"the request line and headers are larger than "
                                                                f"{limit} bytes")
        else:
            status, body = 400, error_body("invalid_request", "the request is not valid HTTP/1.1")
        for event in (h11.Response(status_code=status, headers=_error_headers(body)), h11.Data(data=body),
                      h11.EndOfMessage()):
            self.transport.write(self.conn.send(event))
        self.transport.close()

    def _choose_app(self) -> None:
        """The app for the next request: the 503 answer when the server holds its limit of connections or
        requests (uvicorn's own limit, with the API's error object instead of plain text)."""
        limit = getattr(self.config, "max_connections", None)
        over = limit is not None and (len(self.connections) > limit or len(self.tasks) >= limit)
        self.app = _busy if over else self._served

    def _setting(self, name: str, default: float) -> Any:
        return getattr(self.config, name, default)

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self._setting("request_timeout", DEFAULT_LIMITS.request_timeout),
                                              self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _reading(self) -> None:
        if self._unread is not None:
            self._unread.cancel()
            self._unread = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.conn.their_state not in _REQUEST_IN and not self.transport.is_closing():
            self.logger.info("closing a connection whose request did not arrive in time")
            self.transport.close()

    def _watch_reading(self) -> None:
        """Look again in ``request_timeout`` seconds whether the client has read any of the answer waiting."""
        self._unread = self.loop.call_later(self._setting("request_timeout", DEFAULT_LIMITS.request_timeout),
                                            self._not_read, self.transport.get_write_buffer_size())

    def _not_read(self, waiting: int) -> None:
        self._unread = None
        left = self.transport.get_write_buffer_size()
        if 0 < left < waiting:  # the client reads, however slowly: it gets the time it needs
            self._watch_reading()
        elif left:
            self.logger.info("dropping a connection whose client does not read its answer")
            self.transport.abort()  # close() would wait for the answer to be read


def config(host: str = "127.0.0.1", port: int = 8000, limits: Limits = DEFAULT_LIMITS,
           log_level: str = "info", *, app: Any = APP, forwarded_allow_ips: str | None = None) -> uvicorn.Config:
    """The uvicorn configuration of the app with ``limits``; ``app`` is the calculator's application factory
    by import path, or any ASGI application (served under the same limits). ``forwarded_allow_ips``: the
    proxies (comma-separated addresses or networks, ``*`` for any) whose ``X-Forwarded-For`` names the client;
    None keeps uvicorn's default (``$FORWARDED_ALLOW_IPS``, else 127.0.0.1 only)."""
    return _Config(
        app, factory=app == APP, host=host, port=port, log_level=log_level, forwarded_allow_ips=forwarded_allow_ips,
        http=RequestDeadlineProtocol, request_timeout=limits.request_timeout,
        timeout_keep_alive=limits.keep_alive, max_connections=limits.max_connections, backlog=limits.backlog,
        max_header_bytes=limits.max_header_bytes, workers=limits.workers,
        server_header=False,
    )


def serve(host: str = "127.0.0.1", port: int = 8000, limits: Limits = DEFAULT_LIMITS) -> None:
    """Run the calculator at http://HOST:PORT with ``limits`` until interrupted."""
    conf = config(host, port, limits)
    if limits.workers > 1:
        Multiprocess(conf, sockets=[conf.bind_socket()]).run()
    else:
        uvicorn.Server(conf).run()
