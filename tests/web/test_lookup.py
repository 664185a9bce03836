"""Looking games up costs the server little, whatever tokens a client makes up.

``POST /api/games/lookup`` looks at the tokens before it reads and replays a game from the
database (a long game costs about 10 ms of the event loop: 200 of them in one go would be 2 s
during which the server answers nobody), and lets the loop serve others between two games; so
does a view asked for with a made-up token.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from tests.web.conftest import create, seeded_secrets
from tests.web.sockets import next_message

from kingdomino.web.app import create_app
from kingdomino.web.hub import Hub


def counting_loads(hub: Hub) -> list[str]:
    """The ids of the games ``hub`` makes live from the database from now on."""
    loaded: list[str] = []
    make_live = hub._table_from

    def counted(stored: Any) -> Any:
        loaded.append(stored.id)
        return make_live(stored)

    hub._table_from = counted  # type: ignore[method-assign]
    return loaded


def test_a_made_up_token_never_replays_a_stored_game(client: TestClient) -> None:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    games = [create(client) for _ in range(3)]
    hub.tables.clear()  # as after a restart, or once they fell out of memory
    loaded = counting_loads(hub)
    wrong = {"games": [{"id": game["id"], "token": "made-up"} for game in games]}
    assert client.post("/api/games/lookup", json=wrong).json() == {"games": []}
    refused = client.get(f"/api/games/{games[0]['id']}", params={"token": "made-up"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_a_seat"
    with client.websocket_connect(f"/ws/games/{games[1]['id']}?tokens=made-up") as socket:
        assert next_message(socket, "the refusal of a made-up token")["code"] == "not_a_seat"
    assert loaded == []
    right = {"games": [{"id": games[2]["id"], "token": games[2]["seats"][0]["token"]}]}
    assert [found["id"] for found in client.post("/api/games/lookup", json=right).json()["games"]] == [
        games[2]["id"]
    ]
    assert loaded == [games[2]["id"]]


def test_a_lookup_lets_the_server_answer_others_between_stored_games(tmp_path: Path) -> None:
    """While one lookup reads 40 games from the database, the event loop turns between them."""

    async def scenario() -> tuple[int, int]:
        app = create_app(f"sqlite:///{tmp_path / 'games.sqlite3'}", secret_seeds=seeded_secrets())
        hub: Hub = app.state.hub
        seats = [{"kind": "human"}, {"kind": "ai", "level": "random"}]
        made = [await hub.create("kingdomino", 2, {}, seats, seed=n) for n in range(40)]
        items = [{"id": live.id, "token": live.stored.seats[0]["token"]} for live in made]
        for live in made:
            if live.ai_task is not None:
                live.ai_task.cancel()
        hub.tables.clear()
        turns = 0
        done = asyncio.Event()

        async def others() -> None:
            nonlocal turns
            while not done.is_set():
                turns += 1
                await asyncio.sleep(0)

        ticking = asyncio.ensure_future(others())
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            answer = await client.post("/api/games/lookup", json={"games": items})
        done.set()
        await ticking
        for live in hub.tables.values():
            if live.ai_task is not None:
                live.ai_task.cancel()
        hub.store.close()
        return len(answer.json()["games"]), turns

    found, turns = asyncio.run(scenario())
    assert found == 40
    assert turns >= 40
