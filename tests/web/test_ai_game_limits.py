"""A client's games against AIs (an AI seat, no open seat) are limited: so many whose AI turn
waits at once, so many started a minute (``ai_game_limits``); any other game is not counted. The
small limits here are counted in hours, so no machine is slow enough for the window to slide."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from limits import parse
from tests.web.conftest import seeded_secrets, session_workers

from kingdomino.web.ai_game_limits import AI_GAMES, MAX_AI_GAMES
from kingdomino.web.app import create_app

#: The server's own limits (``conftest`` lifts them for every other test).
SERVER_RATE, SERVER_AT_ONCE = AI_GAMES, MAX_AI_GAMES

AIS_ALONE = [{"kind": "ai", "level": "random"}, {"kind": "ai", "level": "random"}]
AGAINST_AI = [{"kind": "human"}, {"kind": "ai", "level": "random"}]
TWO_PLAYERS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def waiting_ais(database: str) -> Iterator[TestClient]:
    """A client of an app whose AI turns wait an hour before they are played: a game's AI turn,
    once it comes, stays waiting through the test."""
    app = create_app(database, ai_delay=3600.0, secret_seeds=seeded_secrets(), ai_workers=session_workers())
    with TestClient(app) as client:
        yield client


def made(client: TestClient, seats: list[dict[str, Any]]) -> Any:
    body = {"game": "kingdomino", "players": 2, "seats": seats}
    return client.post("/api/games", json=body)


def refused(answer: Any, code: str, n: int) -> dict[str, Any]:
    assert answer.status_code == 429, answer.text
    error: dict[str, Any] = answer.json()["error"]
    assert error["code"] == code and error["field"] == "seats" and error["values"]["n"] == n, error
    return error


def test_games_whose_ai_turn_waits_are_limited_at_once(waiting_ais: TestClient) -> None:
    app: Any = waiting_ais.app
    app.state.max_ai_games = 2
    for _ in range(2):
        assert made(waiting_ais, AIS_ALONE).status_code == 201
    refused(made(waiting_ais, AIS_ALONE), "ai_games_running", 2)
    assert made(waiting_ais, TWO_PLAYERS).status_code == 201  # no AI: not counted


def test_games_against_ais_started_are_limited_a_minute(client: TestClient) -> None:
    app: Any = client.app
    app.state.ai_game_rate = parse("3/hour")
    for _ in range(3):
        assert made(client, AGAINST_AI).status_code == 201
    answer = made(client, AGAINST_AI)
    error = refused(answer, "too_many_ai_games", 3)
    assert error["values"]["seconds"] >= 1 and int(answer.headers["Retry-After"]) >= 1, answer.headers
    assert made(client, TWO_PLAYERS).status_code == 201
    opened = [{"kind": "human"}, {"kind": "open"}]
    assert made(client, opened).status_code == 201  # the lobby's games have limits of their own


def test_a_player_s_evening_of_ai_games_is_never_refused(client: TestClient) -> None:
    """The server's own limits: games against AIs started one after another, each given up at
    once (its player to move, or its AI's reply played), a tenth of a minute's limit and more,
    as fast as the server makes them (counted, not timed)."""
    app: Any = client.app
    app.state.ai_game_rate, app.state.max_ai_games = SERVER_RATE, SERVER_AT_ONCE
    for _ in range(SERVER_RATE.amount // 3):
        assert made(client, AGAINST_AI).status_code == 201
    assert SERVER_RATE.amount >= 30 and SERVER_AT_ONCE >= 10, (SERVER_RATE, SERVER_AT_ONCE)
