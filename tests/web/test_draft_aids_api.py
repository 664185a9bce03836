"""The draft aids in a game's view: on unless the game was created without them (a game among
purists), for every seat and the spectators alike, kept across a restart and a same deal."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import create


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("kingdomino", 2, {}), ("kingdomino", 4, {}), ("duel", 2, {}), ("origins", 3, {"mode": "tribe"})],
)
def test_the_view_holds_the_aids_and_every_region(
    client: TestClient, game: str, players: int, options: dict
) -> None:
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "greedy"}] * (players - 1)
    created = create(client, game=game, players=players, seats=seats, options=options)
    assert created["aids"] is True
    view = client.get(f"/api/games/{created['id']}", params={"token": created["spectator_token"]}).json()
    aids = view["aids"]
    assert len(aids["regions"]) == players
    assert ("terrains" in aids) == (game != "duel") and ("dice" in aids) == (game == "duel")
    if game == "kingdomino":
        assert aids["to_come"] == view["observation"]["dominoes_left"]
        assert aids["unseen"] == 48 - {2: 24, 4: 48}[players] + aids["to_come"]


def test_a_game_among_purists_has_no_aids_for_anybody(client: TestClient) -> None:
    body = {
        "game": "kingdomino",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "aids": False,
    }
    created = client.post("/api/games", json=body).json()
    assert created["aids"] is False
    for token in [seat["token"] for seat in created["seats"]] + [created["spectator_token"]]:
        view = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
        assert view["aids"] is None
    lookup = {"games": [{"id": created["id"], "token": created["seats"][0]["token"]}]}
    assert client.post("/api/games/lookup", json=lookup).json()["games"][0]["aids"] is False


def test_a_bad_aids_value_is_refused_by_its_name(client: TestClient) -> None:
    body = {
        "game": "kingdomino",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "aids": "maybe",
    }
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 422 and "aids" in answer.text
