"""The draft aids in a game's view: on unless the game was created without them (a game among
purists), for every seat and the spectators alike, kept across a restart and a same deal."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import create


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("kingdomino", 2, {}), ("kingdomino", 4, {}), ("duel", 2, {}), ("origins", 3, {"mode": "tribe"})],
)
def test_the_view_holds_the_aids_and_every_region(
    client: TestClient, game: str, players: int, options: dict[str, Any]
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


def test_the_acting_seat_sees_what_each_placement_does_to_its_regions(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    created = create(client, game="kingdomino", players=2, seats=seats)
    game_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]

    def view_of(token: str) -> dict[str, Any]:
        view: dict[str, Any] = client.get(f"/api/games/{game_id}", params={"token": token}).json()
        return view

    while True:
        acting = view_of(created["spectator_token"])["current_player"]
        view = view_of(tokens[acting])
        observation = view["observation"]
        if observation["phase"] == "place" and len(observation["kingdoms"][acting]["squares"]) > 3:
            break
        move = {"token": tokens[acting], "action": view["legal_actions"][-1]}
        assert client.post(f"/api/games/{game_id}/actions", json=move).status_code == 200
    placements, regions = view["aids"]["placements"], view["aids"]["regions"][acting]
    assert set(placements) == set(view["legal_actions"])
    for action, changes in placements.items():
        gained = sum(points - before for _kind, _s, _n, points, before, _j, _h in changes)
        assert gained == view["score_gains"][action]  # no bonus played: the regions' points are all
        for kind, squares, multiplier, points, before, joined, halves in changes:
            assert points == squares * multiplier and set(halves) <= {0, 1}
            assert all(regions[i]["kind"] == kind for i in joined)
            assert before == sum(regions[i]["points"] for i in joined)
            assert squares == len(halves) + sum(regions[i]["squares"] for i in joined)
    # Only the acting seat's holder is told: the other seat and the spectators are not.
    assert "placements" not in view_of(tokens[1 - acting])["aids"]
    assert "placements" not in view_of(created["spectator_token"])["aids"]
