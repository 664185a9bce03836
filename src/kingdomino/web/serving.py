"""How ``kingdomino serve`` runs the app under uvicorn: its options, and a repair of uvicorn's WebSocket side.

uvicorn parses an upgrade request with its HTTP parser (httptools), then hands it to
the websockets library's sans-I/O server protocol. That protocol allows lines of at
most 8192 bytes (``websockets.http11.MAX_LINE_LENGTH``) and 128 headers: a longer
request line (a long query string) or header makes it queue a 414 or 431 answer and
stop. uvicorn's ``WebSocketsSansIOProtocol`` (its default since uvicorn 0.50) writes
out what websockets queued only after a parsed request, so that answer is never
sent: the client waits, and the connection stays open until the client gives up.
:class:`AnsweringWebSocketProtocol` sends the answer and closes the connection.
"""

from __future__ import annotations

import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

#: The largest WebSocket message read (the app refuses texts over 4096 characters with an
#: ``error`` message; a frame over this closes the connection with 1009, "message too big").
MAX_FRAME = 64 * 1024


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


def server_config(app: FastAPI, host: str, port: int) -> uvicorn.Config:
    """The uvicorn configuration of the browser app."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws=AnsweringWebSocketProtocol,
        ws_max_size=MAX_FRAME,
        # Messages are small JSON; compressing each one costs more server time than it saves.
        ws_per_message_deflate=False,
    )
