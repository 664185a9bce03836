"""How ``kingdomino serve`` runs the app under uvicorn: its options, and a repair of uvicorn's WebSocket side.

uvicorn parses an upgrade request with its HTTP parser (httptools), then hands it to
the websockets library's sans-I/O server protocol. That protocol allows lines of at
most 8192 bytes (``websockets.http11.MAX_LINE_LENGTH``) and 128 headers: a longer
request line (a long query string) or header makes it queue a 414 or 431 answer and
stop. uvicorn's ``WebSocketsSansIOProtocol`` (its default since uvicorn 0.50) writes
out what websockets queued only after a parsed request, so that answer is never
sent: the client waits, and the connection stays open until the client gives up.
:class:`AnsweringWebSocketProtocol` sends the answer and closes the connection.

uvicorn gives a client all the time it wants to send a request: a connection that sends half a
request line and then nothing stays open for good, and a few thousand of them take every file
descriptor the server may open. :class:`TimedHttpProtocol` gives each request
``REQUEST_SECONDS`` from its first byte (or from the connection, for the first) to arrive whole,
headers and body, then answers 408 and closes the connection.

Every connection goes through the server's :class:`~kingdomino.web.connections.ConnectionGate`
when it is accepted: one over a cap is answered 503 (``Retry-After``, in the API's error shape)
and closed at once; an admitted one is counted out when it ends, as HTTP or, once upgraded, as a
WebSocket (the upgrade hands its admission to the WebSocket protocol).

A WebSocket gets a fixed send buffer, and tells the app how many bytes its client has not yet
taken (``web/send_backlog.py``), by which the app's outbox cuts off a client that does not read.
Once the app is done with a socket, the connection has ``CLOSING_SECONDS`` to close; a client
that does not read would otherwise keep it, and every byte queued for it, for good (asyncio
closes a transport only once its buffer has gone out): it is dropped with a reset.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, cast

import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request

from kingdomino.web.connections import (
    RETRY_AFTER_SECONDS,
    Admission,
    ConnectionGate,
    ConnectionLimits,
    Refusal,
    TrustedProxies,
    file_limit,
    local_workers,
    total_connections,
)
from kingdomino.web.send_backlog import BACKLOG_EXTENSION, abort_at_once, fix_send_buffer, kernel_unsent

#: The largest WebSocket message read (the app refuses texts over 4096 characters with an
#: ``error`` message; a frame over this closes the connection with 1009, "message too big").
MAX_FRAME = 64 * 1024
#: Seconds a request has to arrive whole, headers and body, from its first byte (a new
#: connection's first request: from the connection). A page's requests take milliseconds.
REQUEST_SECONDS = 10.0
#: Seconds a WebSocket whose app has ended may take to close (the closing handshake, its last
#: bytes out) before it is dropped with a reset; a page that reads closes in milliseconds.
CLOSING_SECONDS = 5.0


class ServingConfig(uvicorn.Config):
    """uvicorn's configuration, with the gate every connection of the server goes through."""

    def __init__(self, app: FastAPI, gate: ConnectionGate, **options: Any) -> None:
        super().__init__(app, **options)
        self.gate = gate


def _gate_of(config: uvicorn.Config) -> ConnectionGate | None:
    return config.gate if isinstance(config, ServingConfig) else None


class AnsweringWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, which also sends websockets' refusal of an unreadable
    handshake, bounds what a client that does not read holds, and counts its connection out."""

    #: The connection's admission, handed over by the HTTP protocol that upgraded it.
    admission: Admission | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        fix_send_buffer(transport.get_extra_info("socket"))

    def connection_lost(self, exc: Exception | None) -> None:
        try:
            super().connection_lost(exc)
        finally:
            if self.admission is not None:
                self.admission.release()

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = cast(dict[str, Any] | None, getattr(self, "scope", None))
        if scope is not None:  # an accepted handshake: the app runs
            scope["extensions"][BACKLOG_EXTENSION] = {"unsent": self.unsent_bytes}

    def unsent_bytes(self) -> int:
        """The bytes written for the client that it has not taken: the transport's buffer and the
        kernel's send queue."""
        if self.disconnected:
            return 0
        return self.transport.get_write_buffer_size() + kernel_unsent(self.transport.get_extra_info("socket"))

    async def run_asgi(self) -> None:
        await super().run_asgi()
        if not self.disconnected:
            self.loop.call_later(CLOSING_SECONDS, self._drop_if_open)

    def _drop_if_open(self) -> None:
        if not self.disconnected:
            abort_at_once(self.transport.get_extra_info("socket"))
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        refused = not self.handshake_initiated and self.conn.handshake_exc is not None
        if refused and not self.transport.is_closing():
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.handshake_complete = True
            self.close_sent = True
            self.transport.close()


def _raw_answer(status: str, field: str, message: str, headers: str = "") -> bytes:
    """An answer written straight to the connection, in the API's error shape, that closes it."""
    body = json.dumps({"error": {"field": field, "message": message}}).encode()
    head = (
        f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\n{headers}"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


def _timeout_answer() -> bytes:
    """The 408 sent to a client too slow to send its request."""
    message = f"the request did not arrive whole within {REQUEST_SECONDS:g} s"
    return _raw_answer("408 Request Timeout", "request", message)


def _refusal_answer(refusal: Refusal) -> bytes:
    """The 503 sent to a connection over a cap (``web/connections.py``), before it is closed."""
    retry = f"retry-after: {RETRY_AFTER_SECONDS}\r\n"
    return _raw_answer("503 Service Unavailable", refusal.field, refusal.message, retry)


class TimedHttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol, with ``REQUEST_SECONDS`` for each request to arrive whole, and
    the server's connection gate at each new connection."""

    _deadline: asyncio.TimerHandle | None = None
    _admission: Admission | None = None
    _refused = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        gate = _gate_of(self.config)
        if gate is not None:
            admitted = gate.admit(self.client[0] if self.client else None)
            if isinstance(admitted, Refusal):
                self._refused = True
                transport.write(_refusal_answer(admitted))
                transport.close()
                return
            self._admission = admitted
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._admission is not None:
            self._admission.release()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self._refused:
            super().data_received(data)

    def handle_websocket_upgrade(self) -> None:
        super().handle_websocket_upgrade()
        protocol = self.transport.get_protocol()
        if isinstance(protocol, AnsweringWebSocketProtocol):  # it counts the connection out now
            protocol.admission, self._admission = self._admission, None

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


def server_config(
    app: FastAPI, host: str, port: int, forwarded_allow_ips: str = "", connections: int | None = None
) -> ServingConfig:
    """The uvicorn configuration of the browser app.

    ``forwarded_allow_ips``: the proxies (comma-separated addresses and networks, ``*`` for any)
    whose ``X-Forwarded-For`` names the client; none by default, whatever uvicorn's environment
    says (``FORWARDED_ALLOW_IPS``). ``connections``: the most connections held at once (default:
    from this process's file limit, with a local AI worker per core).
    """
    trusted = TrustedProxies.parse(forwarded_allow_ips)
    if connections is None:
        connections = total_connections(file_limit(), local_workers(""))
    return ServingConfig(
        app,
        ConnectionGate(ConnectionLimits(connections, trusted=trusted)),
        host=host,
        port=port,
        proxy_headers=bool(trusted),
        forwarded_allow_ips=trusted.uvicorn_list(),
        log_level="warning",
        # Its lines go through the root logger, in the server's form (web/log_lines.py).
        log_config=None,
        access_log=False,
        http=TimedHttpProtocol,
        ws=AnsweringWebSocketProtocol,
        ws_max_size=MAX_FRAME,
        # Messages are small JSON; compressing each one costs more server time than it saves.
        ws_per_message_deflate=False,
    )
