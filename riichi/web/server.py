"""Serving the web app with limits: slow, stalled and idle clients are cut off; the others are answered.

``riichi serve`` runs the app under uvicorn with its HTTP/1.1 protocol (h11) and these limits
(:class:`Limits`, each one a command-line option):

* a whole request, headers and body, must arrive within ``request_timeout`` seconds of the
  connection opening (or of the previous response on a kept-alive connection); a client that
  stalls is disconnected when it runs out, whatever it sent so far;
* an idle kept-alive connection is closed after ``keep_alive`` seconds (uvicorn's own timer);
* at most ``max_connections`` connections at once: a request beyond them is answered 503 at once
  (uvicorn's ``limit_concurrency``), and the listening queue holds ``backlog`` more;
* request headers larger than ``max_header_bytes`` are refused (h11's limit on an incomplete event);
* bodies larger than :data:`riichi.web.app.MAX_BODY` are refused with 413 by the app;
* ``workers`` processes share the listening socket (uvicorn's supervisor).

The deadline is uvicorn's protocol with one timer more, armed when the protocol starts waiting for
a request and stopped when h11 has the whole request: no socket code of its own.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Final

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.supervisors import Multiprocess

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
    """uvicorn's configuration and the request deadline (picklable: worker processes receive it)."""

    def __init__(self, app: Any, *, request_timeout: float, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.request_timeout = request_timeout


class RequestDeadlineProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection whose request does not arrive in time."""

    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.DONE:  # the whole request is in: the app takes it from here
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request on this connection has its own deadline

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        timeout = getattr(self.config, "request_timeout", DEFAULT_LIMITS.request_timeout)
        self._deadline = self.loop.call_later(timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.conn.their_state is not h11.DONE and not self.transport.is_closing():
            self.logger.info("closing a connection whose request did not arrive in time")
            self.transport.close()


def config(host: str = "127.0.0.1", port: int = 8000, limits: Limits = DEFAULT_LIMITS,
           log_level: str = "info") -> uvicorn.Config:
    """The uvicorn configuration of the app with ``limits``."""
    return _Config(
        APP, factory=True, host=host, port=port, log_level=log_level,
        http=RequestDeadlineProtocol, request_timeout=limits.request_timeout,
        timeout_keep_alive=limits.keep_alive, limit_concurrency=limits.max_connections, backlog=limits.backlog,
        h11_max_incomplete_event_size=limits.max_header_bytes, workers=limits.workers,
        server_header=False,
    )


def serve(host: str = "127.0.0.1", port: int = 8000, limits: Limits = DEFAULT_LIMITS) -> None:
    """Run the calculator at http://HOST:PORT with ``limits`` until interrupted."""
    conf = config(host, port, limits)
    if limits.workers > 1:
        Multiprocess(conf, sockets=[conf.bind_socket()]).run()
    else:
        uvicorn.Server(conf).run()
