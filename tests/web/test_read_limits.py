"""The costliest public reads limited per client: a finished game's record, review, rating
changes and replay count as the game's requests (``game_requests.GAME_REQUESTS``), and the
leaderboards and the puzzles' reads have their own limits (``routes.players.LEADERBOARDS``,
``routes.puzzles.PUZZLE_READS``). The small limits here are
counted in hours, so no machine is slow enough for the window to slide under a test."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from limits import parse
from tests.web.conftest import create, new_app

from kingdomino.ratings.pools import pool_names
from kingdomino.web.routes.players import LEADERBOARDS
from kingdomino.web.routes.puzzles import PUZZLE_READS

#: The servers' own limits (``conftest`` lifts them for every other test).
SERVER_LEADERBOARDS = LEADERBOARDS


@pytest.fixture
def either_client(either_database: str) -> Iterator[TestClient]:
    """A test client over SQLite, then PostgreSQL."""
    with TestClient(new_app(either_database)) as client:
        yield client


def assert_refused(answer: Any, kind: str) -> None:
    assert answer.status_code == 429, answer.text
    error = answer.json()["error"]
    assert error["code"] == "too_many_requests" and f"too many {kind} requests" in error["message"], error
    assert int(answer.headers["Retry-After"]) >= 1, answer.headers


def test_a_game_s_reads_count_as_its_requests(client: TestClient) -> None:
    app: Any = client.app
    app.state.game_rate = (parse("4/hour"),)
    game = create(client)["id"]
    for read in ("record", "review", "ratings", "replay"):  # answered, or refused for the game
        assert client.get(f"/api/games/{game}/{read}").status_code != 429, read
    assert_refused(client.get(f"/api/games/{game}/record"), "game")


def test_leaderboards_are_limited_per_client(either_client: TestClient) -> None:
    app: Any = either_client.app
    app.state.leaderboard_rate = (parse("2/hour"),)
    assert either_client.get("/api/leaderboards").status_code == 200
    assert either_client.get(f"/api/leaderboards/{pool_names()[0]}").status_code == 200
    assert_refused(either_client.get("/api/leaderboards", params={"kind": "bots"}), "leaderboard")
    assert either_client.get("/api/meta").status_code == 200  # the rest of the API answers on


def test_a_reader_s_leaderboards_are_never_refused(client: TestClient) -> None:
    """The server's own limit: each pool's leaderboard and each kind, as fast as the server
    answers (counted, not timed: a second's limit holds them)."""
    app: Any = client.app
    app.state.leaderboard_rate = SERVER_LEADERBOARDS
    for pool in pool_names()[:6]:
        for kind in ("all", "people", "bots"):
            answer = client.get(f"/api/leaderboards/{pool}", params={"kind": kind})
            assert answer.status_code == 200, answer.text
    assert SERVER_LEADERBOARDS[0].amount >= 18, SERVER_LEADERBOARDS


def test_puzzle_reads_are_limited_per_client(either_client: TestClient) -> None:
    """The next puzzle, the daily one, one by its id and a player's ratings count together."""
    app: Any = either_client.app
    app.state.puzzle_read_rate = (parse("3/hour"),)
    shown = either_client.get("/api/puzzles/next")
    assert shown.status_code == 200, shown.text
    assert either_client.get("/api/puzzles/daily").status_code == 200
    assert either_client.get(f"/api/puzzles/{shown.json()['id']}").status_code == 200
    assert_refused(either_client.get("/api/puzzles/players/nobody"), "puzzle")
    assert either_client.get("/api/meta").status_code == 200  # the rest of the API answers on


def test_a_puzzle_solver_s_reads_are_never_refused(client: TestClient) -> None:
    """The server's own limit: a player's page going through puzzles as fast as the server
    answers, each one's next, by its id and the player's ratings (counted, not timed)."""
    app: Any = client.app
    app.state.puzzle_read_rate = PUZZLE_READS
    for _ in range(6):
        shown = client.get("/api/puzzles/next")
        assert shown.status_code == 200, shown.text
        assert client.get(f"/api/puzzles/{shown.json()['id']}").status_code == 200
        assert client.get("/api/puzzles/players/nobody").status_code == 404
    assert PUZZLE_READS[0].amount >= 18 and PUZZLE_READS[1].amount >= 300, PUZZLE_READS
