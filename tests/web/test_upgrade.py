"""Issue #23, defect 7: a WebSocket upgrade with a long query string or header is answered at once.

Against the real server of ``kingdomino serve`` (uvicorn with :func:`server_config`) on
a loopback port, over a raw socket: a request line under websockets' 8192-byte limit
reaches the app, which refuses the over-long token with an ``error`` message and a
close; a longer request line or header gets websockets' 414 or 431, which uvicorn's
own protocol never sent (the client waited with the socket open).
"""

from __future__ import annotations

import base64
from collections.abc import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import create
from tests.web.servers import exchange, free_port, running
from tests.web.sockets import close_code, next_message

from kingdomino.web.app import create_app
from kingdomino.web.serving import server_config

#: A close frame from the server with code 4403 (the app's refusal of a socket's tokens).
CLOSE_4403 = b"\x88\x02\x11\x33"
PROMPT = 2.0


@pytest.fixture
def server(database: str) -> Iterator[tuple[int, str]]:
    """The port of a running ``kingdomino serve`` server, and the id of a game on it."""
    with running(server_config(create_app(database), "127.0.0.1", free_port())) as port:
        seats = [{"kind": "human"}, {"kind": "human"}]
        body = {"game": "kingdomino", "players": 2, "seats": seats}
        created = httpx.post(f"http://127.0.0.1:{port}/api/games", json=body, timeout=10)
        yield port, str(created.json()["id"])


def upgrade(game_id: str, query: str, extra: str = "") -> bytes:
    key = base64.b64encode(b"sixteen byte key").decode()
    return (
        f"GET /ws/games/{game_id}?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{extra}\r\n"
    ).encode()


def test_an_8kb_token_gets_an_error_message_and_a_close(server: tuple[int, str]) -> None:
    port, game_id = server
    answer, _, first = exchange(port, upgrade(game_id, "tokens=" + "a" * 8000), until=CLOSE_4403)
    assert first < PROMPT and answer.startswith(b"HTTP/1.1 101 ")
    assert b'"type":"error","field":"tokens"' in answer and answer.endswith(CLOSE_4403)


@pytest.mark.parametrize("length", [8200, 9000, 70_000])
def test_a_request_line_over_8kb_gets_414_at_once(server: tuple[int, str], length: int) -> None:
    port, game_id = server
    answer, closed, first = exchange(port, upgrade(game_id, "tokens=" + "a" * length))
    assert first < PROMPT and closed and answer.startswith(b"HTTP/1.1 414 ")


def test_a_header_over_8kb_gets_431_at_once(server: tuple[int, str]) -> None:
    port, game_id = server
    answer, closed, first = exchange(port, upgrade(game_id, "tokens=a", f"Cookie: {'c' * 9000}\r\n"))
    assert first < PROMPT and closed and answer.startswith(b"HTTP/1.1 431 ")


def test_a_socket_holds_at_most_8_tokens_of_64_characters(client: TestClient) -> None:
    created = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    for tokens, problem in [(",".join("t" * 9), "at most 8 tokens"), ("t" * 65, "at most 64 characters")]:
        with client.websocket_connect(f"/ws/games/{created['id']}", params={"tokens": tokens}) as socket:
            error = next_message(socket, "the refusal of the tokens")
            assert error["type"] == "error" and error["field"] == "tokens" and problem in error["message"]
            assert close_code(socket) == 4403
    seats = ",".join(seat["token"] for seat in created["seats"])
    with client.websocket_connect(f"/ws/games/{created['id']}", params={"tokens": seats}) as socket:
        assert next_message(socket, "the first view")["your_seats"] == [0, 1]
