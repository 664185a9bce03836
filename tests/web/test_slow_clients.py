"""A client too slow to send its request is answered 408 and let go (``serving.TimedHttpProtocol``).

Why: connections that each send half a request line and wait would stay open, and a few thousand
of them hold every file descriptor the server may open, and then no one else gets in. Against the
real server, over raw sockets, with the time a request has cut to half a second.
"""

from __future__ import annotations

import base64
import json
import socket
import time
from collections.abc import Iterator

import httpx
import pytest
from tests.web.servers import exchange, free_port, running

from kingdomino.web import serving
from kingdomino.web.app import create_app
from kingdomino.web.serving import server_config

QUICK = 0.5


@pytest.fixture
def port(database: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    monkeypatch.setattr(serving, "REQUEST_SECONDS", QUICK, raising=False)
    with running(server_config(create_app(database), "127.0.0.1", free_port())) as port:
        yield port


def answered(port: int, request: bytes) -> tuple[bytes, bool, float]:
    start = time.monotonic()
    answer, closed, _ = exchange(port, request, timeout=5 * QUICK + 2)
    return answer, closed, time.monotonic() - start


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"",  # a connection that sends nothing
        b"GET /api/meta HTT",  # half a request line
        b"GET /api/meta HTTP/1.1\r\nHost: x\r\n",  # headers that never end
        # a body that never comes whole
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 300\r\n\r\n{",
    ],
)
def test_a_late_request_gets_408_and_a_close(port: int, request_bytes: bytes) -> None:
    answer, closed, seconds = answered(port, request_bytes)
    assert closed, (answer, seconds)  # by the server, before the client gave up
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 "), answer
    assert json.loads(body)["error"]["field"] == "request"


def test_a_prompt_request_and_an_idle_websocket_are_untouched(port: int) -> None:
    assert httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=5).status_code == 200
    seats = [{"kind": "human"}, {"kind": "human"}]
    body = {"game": "kingdomino", "players": 2, "seats": seats}
    created = httpx.post(f"http://127.0.0.1:{port}/api/games", json=body, timeout=5).json()
    key = base64.b64encode(b"sixteen byte key").decode()
    upgrade = (
        f"GET /ws/games/{created['id']}?tokens={created['spectator_token']} HTTP/1.1\r\nHost: x\r\n"
        f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n"
    ).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(upgrade)
        time.sleep(3 * QUICK)  # a spectator that only listens
        connection.settimeout(1)
        seen = b""
        while b"\r\n\r\n" not in seen or len(seen) < 200:
            chunk = connection.recv(65536)
            assert chunk, f"the server closed an idle socket: {seen[:200]!r}"
            seen += chunk
        assert seen.startswith(b"HTTP/1.1 101 ")
