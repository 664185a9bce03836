"""A rematch waiting for its players: both games' views name the seats not joined yet, and the
finished game's pages hear each join at once. On SQLite and PostgreSQL."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update
from tests.web.test_endings import next_state
from tests.web.test_players_api import play_out
from tests.web.test_rematch import rematch, view

from kingdomino.web.tables import GameRow


def finished_pair(api: TestClient, control: dict[str, Any] | None = None) -> tuple[str, list[str]]:
    """A finished game of Anna and Ben (timed by ``control``): its id and the seats' tokens."""
    body: dict[str, Any] = {
        "game": "kingdomino",
        "players": 2,
        "seats": [{"kind": "human", "name": name, "online": True} for name in ("Anna", "Ben")],
    }
    if control is not None:
        body["time_control"] = control
    created = api.post("/api/games", json=body).json()
    tokens = [seat["token"] for seat in created["seats"]]
    play_out(api, created["id"], tokens)
    return created["id"], tokens


def run_out_of_join_time(api: TestClient, game_id: str) -> None:
    """The rematch's wait for its players runs out: its deadline moved into the past, in the
    database and in memory, as the clocks' tests move a player's."""
    hub = api.app.state.hub  # type: ignore[attr-defined]
    past = time.time() - 1
    with hub.store.engine.begin() as connection:
        connection.execute(update(GameRow).where(GameRow.id == game_id).values(deadline=past))
    hub.table(game_id).stored.deadline = past


def wait_view(api: TestClient, game_id: str, token: str, status: str) -> dict[str, Any]:
    """The view of ``game_id`` once its status is ``status`` (the clocks' sweep runs each second)."""
    deadline = time.monotonic() + 60
    while (seen := view(api, game_id, token))["status"] != status:
        assert time.monotonic() < deadline, seen
        time.sleep(0.05)
    return seen


def test_both_games_name_the_players_a_rematch_awaits_until_they_join(api: TestClient) -> None:
    old_id, tokens = finished_pair(api)
    anna = rematch(api, old_id, tokens[0]).json()
    assert view(api, anna["id"], anna["token"])["awaited"] == [1]
    with api.websocket_connect(f"/ws/games/{old_id}?tokens={tokens[0]}") as socket:
        first = next_state(socket)
        assert first["rematch"] == {"id": anna["id"], "by": 0, "awaited": [1], "called_off": None}
        ben = rematch(api, old_id, tokens[1]).json()
        # The end screen's page hears Ben joined, without asking again.
        told = next_state(socket)
        assert told["rematch"]["awaited"] == [] and told["version"] > first["version"]
    assert view(api, anna["id"], ben["token"])["awaited"] == []
    assert view(api, old_id, tokens[1])["rematch"]["awaited"] == []
