"""A page watching an AI's turn hears how far its search is (``thinking`` messages' ``progress``)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from tests.web.conftest import create
from tests.web.sockets import messages_until


def test_a_watcher_hears_how_far_the_ai_search_is(client: TestClient) -> None:
    """Searches of a second or so (``hard``), looked at twice a second: some look finds one
    midway. A progress is told only while the turn runs, as a fraction."""
    seats = [{"kind": "ai", "level": "hard"}] * 2
    game = create(client, seats=seats, seed=3)
    link = f"/ws/games/{game['id']}?tokens={game['spectator_token']}"
    told: list[dict[str, Any]] = []

    def midway(message: dict[str, Any]) -> bool:
        """Whether ``message`` tells a search midway; the game must not end before one does."""
        if message["type"] == "state":
            assert message["status"] != "finished", told
        elif message["type"] == "thinking":
            told.append(message)
            return message["progress"] is not None and 0 < message["progress"] < 1
        return False

    with client.websocket_connect(link) as socket:
        messages_until(socket, midway, "a progress told midway through an AI's search", timeout=60)
    for message in told:
        if message["progress"] is not None:
            assert message["ahead"] == 0 and 0 <= message["progress"] <= 1, told
