"""Waiting on a test client's socket (a game's or the lobby's) under a deadline. Starlette's
``receive_json`` waits for ever: a server that never sent what a test awaited hung the test, and
the run with it (no test has a timeout of its own). A wait here fails instead, naming what it
awaited and what the socket said meanwhile."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import anyio
from starlette.testclient import WebSocketTestSession
from starlette.types import Message
from starlette.websockets import WebSocketDisconnect

#: The most seconds a test waits for what it awaits from a socket (generous: the machine is shared).
SOCKET_DEADLINE = 30.0


def messages_until(
    socket: WebSocketTestSession,
    last: Callable[[dict[str, Any]], object],
    awaited: str,
    timeout: float = SOCKET_DEADLINE,
) -> list[dict[str, Any]]:
    """The socket's messages up to the first that ``last`` holds of, that one included, all
    within one deadline of ``timeout`` seconds (a server that kept sending something else would
    otherwise keep the test waiting). Past it the test fails, naming ``awaited`` (what it waited
    for, as a reader says it: "the pong of the ping"). A socket the server closes raises
    ``WebSocketDisconnect``, as ``receive_json`` does."""
    deadline = time.monotonic() + timeout
    heard: list[dict[str, Any]] = []
    while True:
        message = within(socket, deadline - time.monotonic())
        if message is None:
            raise AssertionError(f"waited {timeout:g} s for {awaited}; the socket said only {heard}")
        if message["type"] == "websocket.close":
            raise WebSocketDisconnect(code=message.get("code", 1000), reason=message.get("reason", ""))
        heard.append(json.loads(message["text"]))
        if last(heard[-1]):
            return heard


def next_message(
    socket: WebSocketTestSession, awaited: str, timeout: float = SOCKET_DEADLINE
) -> dict[str, Any]:
    """The socket's next message (``messages_until`` the first): ``awaited`` says what it should be."""
    return messages_until(socket, lambda _: True, awaited, timeout)[-1]


def next_of_type(socket: WebSocketTestSession, kind: str, timeout: float = SOCKET_DEADLINE) -> dict[str, Any]:
    """The socket's next message of type ``kind``, past any other (presence, thinking, ...)."""
    return messages_until(socket, lambda message: message["type"] == kind, f"a {kind!r} message", timeout)[-1]


def within(socket: WebSocketTestSession, seconds: float) -> Message | None:
    """The next ASGI message the app sent ``socket`` (a text frame or the close), or ``None`` if
    none came within ``seconds``. Read from the session's own stream on its event loop, as
    ``WebSocketTestSession.receive`` reads it, but under ``anyio.fail_after``: a message not yet
    taken stays queued for the next read."""

    async def receive() -> Message:
        with anyio.fail_after(max(0.0, seconds)):
            return await socket._send_rx.receive()

    try:
        return socket.portal.call(receive)
    except TimeoutError:
        return None


def close_code(socket: WebSocketTestSession, timeout: float = SOCKET_DEADLINE) -> int:
    """The code the server closes ``socket`` with: its next message must be the close."""
    message = within(socket, timeout)
    assert message is not None, f"waited {timeout:g} s for the server to close the socket"
    assert message["type"] == "websocket.close", message
    return int(message["code"])
