"""``GET /api/stats`` for the operator: the build that runs (as ``kingdomino --version`` says it)
and the sockets open now, the games' pages (the spectators among them) and the lobby's."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from tests.web.conftest import create
from tests.web.sockets import next_message

from kingdomino.build_info import this_build


def sockets(client: TestClient) -> dict[str, int]:
    answer = client.get("/api/stats")
    assert answer.status_code == 200, answer.text
    counted: dict[str, int] = answer.json()["sockets"]
    return counted


def until_counted(client: TestClient, expected: dict[str, int]) -> None:
    deadline = time.monotonic() + 30
    while (counted := sockets(client)) != expected:
        assert time.monotonic() < deadline, counted
        time.sleep(0.02)


def test_the_stats_name_the_build_and_count_the_sockets_open(client: TestClient) -> None:
    assert client.get("/api/stats").json()["build"] == this_build().json()
    assert sockets(client) == {"games": 0, "spectators": 0, "lobby": 0}
    game = create(client)
    seat = game["seats"][0]["token"]
    with (
        client.websocket_connect(f"/ws/games/{game['id']}?tokens={seat}") as player,
        client.websocket_connect(f"/ws/games/{game['id']}?tokens={game['spectator_token']}") as watcher,
        client.websocket_connect("/ws/lobby") as lobby,
    ):
        for page in (player, watcher, lobby):
            next_message(page, "the first view or lobby message")
        until_counted(client, {"games": 2, "spectators": 1, "lobby": 1})
    until_counted(client, {"games": 0, "spectators": 0, "lobby": 0})
