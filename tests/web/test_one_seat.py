"""A guest takes one seat of an open game: a second join from the same address is refused
(``guest_one_seat``), as an account's second seat is (``already_seated``), while a guest from
another address, or the creator's own address (a household shares one), still joins; and a
game of two seats on the creator's screen with one open seat keeps working."""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.addresses import from_address
from tests.web.test_open_games import open_game, refusal


def test_a_guest_takes_one_seat_of_an_open_game(client: TestClient) -> None:
    four = [{"kind": "human", "name": "Anna"}] + [{"kind": "open"}] * 3
    game_id = open_game(client, four)["id"]
    with from_address(client, "203.0.113.7"):
        assert client.post(f"/api/games/{game_id}/join", json={"name": "Ghost"}).status_code == 200
        again = client.post(f"/api/games/{game_id}/join", json={"name": "Ghost 2"})
        assert refusal(again) == (409, "guest_one_seat")
    joined = client.post(f"/api/games/{game_id}/join", json={"name": "Bela"})  # the creator's address
    assert joined.status_code == 200, joined.text
    view = client.get(f"/api/games/{game_id}", params={"token": joined.json()["token"]}).json()
    assert [seat["kind"] for seat in view["seats"]] == ["human", "human", "human", "open"]
    assert "joined_from" not in str(view) and "203.0.113.7" not in str(view)
    lobby = client.get("/api/open-games").json()["games"]
    assert "203.0.113.7" not in str(lobby)


def test_a_shared_screen_game_with_an_open_seat_starts_when_a_guest_joins(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Ben"}, {"kind": "open"}]
    made = open_game(client, seats)
    with from_address(client, "198.51.100.4"):
        joined = client.post(f"/api/games/{made['id']}/join", json={"name": "Cleo"}).json()
    assert joined["started"] is True
    tokens = [made["seats"][0]["token"], made["seats"][1]["token"]]
    view = client.get(f"/api/games/{made['id']}", params={"token": tokens[0]}).json()
    assert view["status"] == "playing"
