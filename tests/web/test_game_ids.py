"""Any game id a client sends is looked up safely: an id no game can have is a 404, on SQLite and PostgreSQL.

PostgreSQL refuses text with a NUL character outright (``DataError``), which was a 500
on every route taking a game id; the fuzz suite runs on SQLite, so this checks both.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from tests.web.sockets import close_code, next_message

from kingdomino.web.app import create_app


@pytest.fixture
def any_client(either_database: str) -> Iterator[TestClient]:
    with TestClient(create_app(either_database)) as client:
        yield client


@pytest.mark.parametrize("game_id", ["%00", "a%00b", "%00" * 40])
def test_an_id_with_nul_is_no_game(any_client: TestClient, game_id: str) -> None:
    for path in ["", "/record", "/replay", "/hint"]:
        answer = any_client.get(f"/api/games/{game_id}{path}", params={"token": "x"})
        assert answer.status_code == 404 and answer.json()["error"]["field"] == "game", answer.text
    answer = any_client.post(f"/api/games/{game_id}/actions", json={"token": "x", "action": "claim 1"})
    assert answer.status_code == 404
    lookup = any_client.post("/api/games/lookup", json={"games": [{"id": "\x00", "token": "x"}]})
    assert lookup.status_code == 200 and lookup.json() == {"games": []}
    with any_client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": "x"}) as socket:
        assert next_message(socket, "the refusal of the game")["field"] == "game"
        assert close_code(socket) == 4403
