"""Issue #23, defect 4: any frame a client sends gets an answer, and the connection stays open."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from tests.web.conftest import assert_socket_error, create, unversioned
from tests.web.sockets import next_message


@pytest.fixture
def socket(client: TestClient) -> Iterator[WebSocketTestSession]:
    """A seat's connection to a fresh two-human game, past its first state message."""
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    tokens = ",".join(seat["token"] for seat in created["seats"])
    with client.websocket_connect(f"/ws/games/{created['id']}", params={"tokens": tokens}) as session:
        assert next_message(session, "the first view")["type"] == "state"
        yield session


def answer_then_pong(socket: WebSocketTestSession) -> dict[str, Any]:
    """The error the last frame got; then a ping must still get its pong."""
    error = next_message(socket, "the refusal of the frame")
    assert_socket_error(error)
    socket.send_json({"type": "ping"})
    assert unversioned(next_message(socket, "the pong of the ping"))["type"] == "pong"
    return unversioned(error)


def test_a_binary_frame_is_refused(socket: WebSocketTestSession) -> None:
    socket.send_bytes(json.dumps({"type": "ping"}).encode())
    assert "binary" in answer_then_pong(socket)["message"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 2000 + "]" * 2000, "JSON nested too deeply"),
        ("[" * 1200 + "]" * 1200, "JSON nested too deeply"),
        ("x" * 5000, "message over 4096 characters"),
        ('{"type": "ping"', "malformed JSON"),
    ],
    ids=["deep-2000", "deep-1200", "too-long", "truncated"],
)
def test_text_that_is_not_json_is_refused(socket: WebSocketTestSession, text: str, message: str) -> None:
    socket.send_text(text)
    assert answer_then_pong(socket) == {"type": "error", "field": "message", "message": message}


def test_an_unexpected_failure_is_that_message_s_error(
    client: TestClient, socket: WebSocketTestSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*_args: object, **_kwargs: object) -> list[dict[str, Any]]:
        raise RuntimeError("a bug in the hint")

    monkeypatch.setattr(client.app.state.hub.hints, "hint", broken)  # type: ignore[attr-defined]
    socket.send_json({"type": "hint"})
    assert answer_then_pong(socket)["field"] == "server"


def test_an_index_written_as_text_is_refused(socket: WebSocketTestSession) -> None:
    socket.send_json({"type": "action", "action": "claim 1", "index": "0"})
    assert answer_then_pong(socket)["field"] == "index"
