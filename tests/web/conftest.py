"""Fixtures for the browser app: an app over a fresh SQLite file, a test client, a live server."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient

from kingdomino.web.app import create_app


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(database)) as test_client:
        yield test_client


def create(
    client: TestClient,
    game: str = "kingdomino",
    players: int = 2,
    seats: list[dict[str, Any]] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 7,
) -> dict[str, Any]:
    seats = seats or [{"kind": "human"}, {"kind": "ai", "level": "greedy"}]
    response = client.post(
        "/api/games",
        json={"game": game, "players": players, "seats": seats, "options": options or {}, "seed": seed},
    )
    assert response.status_code == 201, response.text
    return response.json()


def wait_for(
    client: TestClient, game_id: str, token: str, predicate: Any, timeout: float = 30.0
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        view = client.get(f"/api/games/{game_id}", params={"token": token}).json()
        if predicate(view):
            return view
        assert time.monotonic() < deadline, f"timed out waiting; last view index {view.get('index')}"
        time.sleep(0.02)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def live_server(database: str) -> Iterator[str]:
    port = free_port()
    config = uvicorn.Config(
        create_app(database, ai_delay=0.0), host="127.0.0.1", port=port, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
