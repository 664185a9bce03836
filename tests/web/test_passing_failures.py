"""A failure that passes (the database unreachable or full, an AI worker killed) is answered 503
with ``Retry-After`` and the connection stays open; a bug is answered 500 and the connection stays
open too (``web/failures.py``).

Before, both were 500 ``internal``, and uvicorn closed the keep-alive connection after it, so the
client's next request on it met a reset: 48 writes answered so while PostgreSQL restarted.
Against a real uvicorn, over one raw connection, so that its keeping is seen.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import httpx
import pytest
from sqlalchemy.exc import OperationalError
from tests.web.conftest import free_port, live_app, served_in_a_thread

from kingdomino.web.ai_workers import AIAnswer, AIJob
from kingdomino.web.failures import RETRY_SECONDS
from kingdomino.web.hub import Hub


class KilledWorkers:
    """An executor whose every worker has died, as a killed process pool answers."""

    slots = 2

    async def run(self, job: AIJob) -> AIAnswer:
        raise BrokenProcessPool("A process in the process pool was terminated abruptly")

    def close(self) -> None:
        pass


@pytest.fixture
def server(database: str) -> Iterator[tuple[str, Hub]]:
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        yield base, app.state.hub


def two_humans(base: str, hub: Hub) -> tuple[dict[str, Any], str]:
    """A new game of two humans with hints (no AI turn runs), and the token of the seat to act."""
    body = {"game": "kingdomino", "players": 2, "seats": [{"kind": "human"}] * 2, "hints": True}
    game = httpx.post(f"{base}/api/games", json=body, timeout=30).json()
    seat = hub.table(game["id"]).state.current_player
    return game, game["seats"][seat]["token"]


Request = tuple[str, str, dict[str, Any] | None]


def requests_on_one_connection(base: str, requests: list[Request]) -> list[Any]:
    """Send each request in turn on one keep-alive connection: each answer's status, headers and
    JSON body, or None for a request whose connection the server had closed."""
    host, port = base.removeprefix("http://").split(":")
    answers: list[Any] = []
    with socket.create_connection((host, int(port)), timeout=30) as connection:
        reader = connection.makefile("rb")
        for method, path, body in requests:
            data = b"" if body is None else json.dumps(body).encode()
            head = f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: {len(data)}\r\n"
            try:
                connection.sendall(head.encode() + b"Content-Type: application/json\r\n\r\n" + data)
                status_line = reader.readline()
            except OSError:
                answers.append(None)
                continue
            if not status_line:
                answers.append(None)
                continue
            headers = {}
            while (line := reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode().partition(":")
                headers[name.strip().lower()] = value.strip()
            payload = reader.read(int(headers.get("content-length", "0")))
            answers.append((int(status_line.split()[1]), headers, json.loads(payload or b"null")))
    return answers


def test_a_hint_whose_worker_died_is_503_and_the_connection_goes_on(server: tuple[str, Hub]) -> None:
    base, hub = server
    hub.executor = KilledWorkers()  # the queue starts on the first search, over this executor
    game, token = two_humans(base, hub)
    hint, meta = requests_on_one_connection(
        base, [("GET", f"/api/games/{game['id']}/hint?token={token}", None), ("GET", "/api/meta", None)]
    )
    status, headers, body = hint
    assert status == 503, hint
    assert headers["retry-after"] == str(RETRY_SECONDS)
    assert body["error"]["code"] == "unavailable" and body["error"]["values"] == {"seconds": RETRY_SECONDS}
    assert "AI worker" in body["error"]["message"]
    assert meta is not None and meta[0] == 200, "the connection was closed after the 503"


def test_a_move_the_database_could_not_take_is_503_and_lost_nowhere(
    server: tuple[str, Hub], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, hub = server
    game, token = two_humans(base, hub)
    live = hub.table(game["id"])
    before = len(live.actions)
    action = live.state.action_text(live.state.legal_actions()[0])

    def disk_full(*_args: Any, **_kwargs: Any) -> int:
        raise OperationalError("INSERT INTO actions", {}, Exception("database or disk is full"))

    monkeypatch.setattr(hub.store, "append_actions", disk_full)
    move = ("POST", f"/api/games/{game['id']}/actions", {"token": token, "action": action})
    look: Request = ("GET", f"/api/games/{game['id']}?token={token}", None)
    refused, view = requests_on_one_connection(base, [move, look])
    assert refused[0] == 503 and refused[1]["retry-after"] == str(RETRY_SECONDS), refused
    assert refused[2]["error"]["code"] == "unavailable" and "database" in refused[2]["error"]["message"]
    assert view is not None and view[0] == 200 and view[2]["index"] == before, "the refused move stayed out"
    monkeypatch.undo()
    accepted, after = requests_on_one_connection(base, [move, look])
    assert accepted[0] == 200, accepted
    assert after[2]["index"] > before


def test_a_bug_is_500_and_the_connection_goes_on(
    server: tuple[str, Hub], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, hub = server

    def broken() -> dict[str, Any]:
        raise KeyError("a bug")

    monkeypatch.setattr(hub.ai_turns, "stats", broken)  # what GET /api/stats reads first
    failed, meta = requests_on_one_connection(base, [("GET", "/api/stats", None), ("GET", "/api/meta", None)])
    assert failed[0] == 500 and failed[2]["error"]["code"] == "internal" and "retry-after" not in failed[1]
    assert meta is not None and meta[0] == 200, "the connection was closed after the 500"
