"""Issue #23, defect 6: a chunked body over the limit is refused with a 413 without being read."""

from __future__ import annotations

import json
from typing import Any

import anyio
import uvicorn
from fastapi.testclient import TestClient
from starlette.types import Message
from tests.web.servers import exchange, free_port, running

from kingdomino.web.app import create_app
from kingdomino.web.body_limit import MAX_BODY

CHUNK = 1024
TOTAL = 100 * 1024 * 1024


def test_a_chunked_body_stops_being_read_at_the_limit(database: str) -> None:
    """The app asks for 1 KiB chunks of a 100 MiB body: the 413 comes after the limit's worth."""
    app = create_app(database)
    sent: list[Message] = []
    read = 0

    async def receive() -> Message:
        nonlocal read
        read += CHUNK
        return {"type": "http.request", "body": b" " * CHUNK, "more_body": read < TOTAL}

    async def send(message: Message) -> None:
        sent.append(message)

    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/games/lookup",
        "raw_path": b"/api/games/lookup",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"content-type", b"application/json"), (b"transfer-encoding", b"chunked")],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    anyio.run(app, scope, receive, send)
    assert read <= MAX_BODY + CHUNK
    start = sent[0]
    assert start["status"] == 413 and (b"connection", b"close") in start["headers"]
    body = json.loads(b"".join(m.get("body", b"") for m in sent[1:]))
    assert body == {"error": {"field": "body", "message": f"request body over {MAX_BODY} bytes"}}


def test_a_real_server_answers_a_long_chunked_body_413_and_closes(database: str) -> None:
    """Over the wire: the 413 comes before the body ends (no last chunk sent), then the server closes."""
    head = (
        b"POST /api/games/lookup HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    chunks = b"".join(b"400\r\n" + b" " * 0x400 + b"\r\n" for _ in range(20))
    config = uvicorn.Config(create_app(database), host="127.0.0.1", port=free_port(), log_level="warning")
    with running(config) as port:
        answer, closed, _ = exchange(port, head + chunks)
    assert answer.startswith(b"HTTP/1.1 413 ") and closed
    assert answer.endswith(b'{"error":{"field":"body","message":"request body over 16384 bytes"}}')


def test_a_declared_length_over_the_limit_is_refused_unread(client: TestClient) -> None:
    answer = client.post("/api/games/lookup", content=b" " * (MAX_BODY + 1))
    assert answer.status_code == 413 and answer.json()["error"]["field"] == "body"
    assert answer.headers["connection"] == "close"
    small = client.post("/api/games/lookup", json={"games": []})
    assert small.status_code == 200 and small.json() == {"games": []}
