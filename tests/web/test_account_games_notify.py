"""What the lobby's notifications read of an account's games (``GET /api/account/games``) and of
this browser's (``POST /api/games/lookup``): each game's revision (``version``, the tag of a
notification, the same a game's page reads in its view), how it ended early (``ended``) and
whether people play its other seats (``with_people``: a game against AI seats alone is not one
to notify of); on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from tests.web.conftest import create
from tests.web.test_players_api import claim, log_in


def listed(api: TestClient, session: dict[str, str], game_id: str) -> dict[str, Any]:
    """The account's entry of ``game_id``."""
    games = api.get("/api/account/games", headers=session).json()
    return next(g for g in games["playing"] + games["open"] + games["finished"] if g["id"] == game_id)


def test_an_account_s_games_say_their_revision_and_whether_people_play_them(api: TestClient) -> None:
    _, session = log_in(api)
    friends = create(api, seats=[{"kind": "human"}, {"kind": "human"}], seed=None)
    against_ai = create(api)
    tokens = [seat["token"] for seat in friends["seats"]]
    claim(api, session, friends["id"], tokens[0])
    claim(api, session, against_ai["id"], against_ai["seats"][0]["token"])
    assert listed(api, session, against_ai["id"])["with_people"] is False
    entry = listed(api, session, friends["id"])
    assert entry["with_people"] is True
    view = api.get(f"/api/games/{friends['id']}", params={"token": tokens[0]}).json()
    assert entry["version"] == view["version"]
    token = tokens[view["current_player"]]
    mine = api.get(f"/api/games/{friends['id']}", params={"token": token}).json()
    moved = api.post(
        f"/api/games/{friends['id']}/actions",
        json={"token": token, "action": mine["legal_actions"][0], "index": mine["index"]},
    )
    assert moved.status_code == 200, moved.text
    assert listed(api, session, friends["id"])["version"] > entry["version"]


def test_this_browser_s_games_say_their_revision_how_they_ended_and_whether_people_play_them(
    api: TestClient,
) -> None:
    friends = create(api, seats=[{"kind": "human"}, {"kind": "human"}], seed=None)
    against_ai = create(api)
    tokens = [seat["token"] for seat in friends["seats"]]
    assert api.post(f"/api/games/{friends['id']}/resign", json={"token": tokens[1]}).status_code == 200
    pairs = [
        {"id": friends["id"], "token": tokens[0]},
        {"id": against_ai["id"], "token": against_ai["seats"][0]["token"]},
    ]
    games = {g["id"]: g for g in api.post("/api/games/lookup", json={"games": pairs}).json()["games"]}
    view = api.get(f"/api/games/{friends['id']}", params={"token": tokens[0]}).json()
    assert games[friends["id"]]["version"] == view["version"]
    assert games[friends["id"]]["ended"] == {"by": "resign", "seat": 1}
    assert (games[friends["id"]]["with_people"], games[against_ai["id"]]["with_people"]) == (True, False)
    assert games[against_ai["id"]]["ended"] is None
