"""How ``kingdomino serve`` runs the app under uvicorn: its options, and a repair of uvicorn's WebSocket side.

uvicorn parses an upgrade request with its HTTP parser (httptools), then hands it to
the websockets library's sans-I/O server protocol. That protocol allows lines of at
most 8192 bytes (``websockets.http11.MAX_LINE_LENGTH``) and 128 headers: a longer
request line (a long query string) or header makes it queue a 414 or 431 answer and
stop. uvicorn's ``WebSocketsSansIOProtocol`` (its default since uvicorn 0.50) writes
out what websockets queued only after a parsed request, so that answer is never
sent: the client waits, and the connection stays open until the client gives up.
:class:`AnsweringWebSocketProtocol` sends the answer and closes the connection.

uvicorn gives a client all the time it wants to send a request: a connection that sent half a
request line and then nothing stayed open for good (attack review of 2026-11-27: 200 of them from
one script were all still open after two minutes; a few thousand take every file descriptor the
server may open, and then no one else gets in). :class:`TimedHttpProtocol` gives each request
``REQUEST_SECONDS`` from its first byte (or from the connection, for the first) to arrive whole,
headers and body, then answers 408 and closes the connection.
"""

from __future__ import annotations

import asyncio
import json

import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

#: The largest WebSocket message read (the app refuses texts over 4096 characters with an
#: ``error`` message; a frame over this closes the connection with 1009, "message too big").
MAX_FRAME = 64 * 1024
#: Seconds a request has to arrive whole, headers and body, from its first byte (a new
#: connection's first request: from the connection). A page's requests take milliseconds.
REQUEST_SECONDS = 10.0


class AnsweringWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, which also sends websockets' refusal of an unreadable handshake."""

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        refused = not self.handshake_initiated and self.conn.handshake_exc is not None
        if refused and not self.transport.is_closing():
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.handshake_complete = True
            self.close_sent = True
            self.transport.close()


def _timeout_answer() -> bytes:
    """The 408 sent to a client too slow to send its request, in the API's error shape."""
    message = f"the request did not arrive whole within {REQUEST_SECONDS:g} s"
    body = json.dumps({"error": {"field": "request", "message": message}}).encode()
    head = (
        "HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


class TimedHttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol, with ``REQUEST_SECONDS`` for each request to arrive whole."""

    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        if self.parser.should_upgrade() and self._should_upgrade():
            self._disarm()  # a WebSocket: its protocol takes over the connection
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def _arm(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        """The request is late: a 408 if its answer has not begun, and the connection closes."""
        self._deadline = None
        if self.transport.is_closing():
            return
        cycle = self.cycle  # the request's, or the last one's on a connection kept alive
        if cycle is None or cycle.response_complete or not cycle.response_started:
            self.transport.write(_timeout_answer())
        if cycle is not None and not cycle.response_complete:
            cycle.disconnected = True  # the app's next receive() hears the client is gone
            cycle.message_event.set()
        self.transport.close()


def server_config(app: FastAPI, host: str, port: int) -> uvicorn.Config:
    """The uvicorn configuration of the browser app."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        http=TimedHttpProtocol,
        ws=AnsweringWebSocketProtocol,
        ws_max_size=MAX_FRAME,
        # Messages are small JSON; compressing each one costs more server time than it saves.
        ws_per_message_deflate=False,
    )
