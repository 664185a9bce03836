"""Takebacks chosen wherever a game is made, not only in the lobby's new game: a challenge carries
its players' choice to the game (and its rematch), the challenged see it before they accept, and a
quick game joins only open games of the same choice."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.test_challenges import account, as_, challenged
from tests.web.test_open_games import refusal


@pytest.fixture
def client(client: TestClient) -> TestClient:
    client.app.state.max_waiting = 100  # type: ignore[attr-defined]
    return client


def view(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    return dict(client.get(f"/api/games/{game_id}", params={"token": token}).json())


def test_a_challenge_without_takebacks_says_so_and_its_game_and_rematch_allow_none(
    client: TestClient,
) -> None:
    kira, boris = account(client, "Kira"), account(client, "Boris")
    made = challenged(client, kira, "boris", game="duel", takebacks=False)
    game_id, kira_token = made["id"], made["seats"][0]["token"]
    # The challenged player reads it before accepting, as an open game's listing says it.
    waiting = as_(client, boris).get("/api/challenges").json()["challenges"]
    assert [(c["id"], c["takebacks"]) for c in waiting] == [(game_id, False)]
    told = as_(client, boris).get("/api/account/notifications").json()["entries"]
    assert [(e["kind"], e["params"]["takebacks"]) for e in told] == [("challenged", False)]
    accepted = as_(client, boris).post(f"/api/challenges/{game_id}/accept")
    assert accepted.status_code == 200, accepted.text
    boris_token = accepted.json()["token"]
    seen = view(client, game_id, kira_token)
    assert seen["takeback"]["allowed"] is False
    first = kira_token if seen["current_player"] == 0 else boris_token
    mover = view(client, game_id, first)
    played = client.post(
        f"/api/games/{game_id}/actions",
        json={"token": first, "action": mover["legal_actions"][0], "index": mover["index"]},
    )
    assert played.status_code == 200, played.text
    asked = client.post(f"/api/games/{game_id}/takeback", json={"token": first})
    assert refusal(asked) == (409, "takeback_off")
    resigned = client.post(f"/api/games/{game_id}/resign", json={"token": boris_token})
    assert resigned.status_code == 200, resigned.text
    assert view(client, game_id, kira_token)["status"] == "finished"
    offer = as_(client, kira).post(f"/api/games/{game_id}/rematch", json={"token": kira_token})
    assert offer.status_code == 200, offer.text
    assert view(client, offer.json()["id"], offer.json()["token"])["takeback"]["allowed"] is False


def test_a_challenge_allows_takebacks_unless_it_says(client: TestClient) -> None:
    kira, boris = account(client, "Kira"), account(client, "Boris")
    made = challenged(client, kira, "boris", game="duel")
    waiting = as_(client, boris).get("/api/challenges").json()["challenges"]
    assert [(c["id"], c["takebacks"]) for c in waiting] == [(made["id"], True)]
    called_off = client.post(f"/api/games/{made['id']}/cancel", json={"token": made["seats"][0]["token"]})
    assert called_off.status_code == 200, called_off.text


def pair(client: TestClient, name: str, **fields: Any) -> dict[str, Any]:
    """A guest's quick game of Duel: its answer."""
    body = {"game": "duel", "players": 2, "name": name, **fields}
    answer = as_(client, None).post("/api/pairing", json=body)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def takebacks_listed(client: TestClient, game_id: str) -> bool:
    games = client.get("/api/open-games").json()["games"]
    return bool(next(game for game in games if game["id"] == game_id)["takebacks"])


def test_quick_games_pair_only_with_games_of_the_same_takebacks(client: TestClient) -> None:
    strict = pair(client, "Sam", takebacks=False)
    assert strict["created"] is True and takebacks_listed(client, strict["id"]) is False
    # Takebacks allowed (the default) joins no game that allows none: it opens its own.
    lenient = pair(client, "Ann")
    assert lenient["created"] is True and takebacks_listed(client, lenient["id"]) is True
    # Each choice joins the game of its own.
    refusing = pair(client, "Rob", takebacks=False)
    assert (refusing["created"], refusing["id"]) == (False, strict["id"])
    assert view(client, strict["id"], refusing["token"])["takeback"]["allowed"] is False
    allowing = pair(client, "Bea", takebacks=True)
    assert (allowing["created"], allowing["id"]) == (False, lenient["id"])
    assert view(client, lenient["id"], allowing["token"])["takeback"]["allowed"] is True
