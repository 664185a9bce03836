"""Bots on the leaderboards and players' pages (as lichess marks them): each entry says whether
its account is a bot's (made with ``bot: true``, as ``kingdomino bot`` makes it), and a
leaderboard lists people alone or bots alone on asking (``kind``)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import POSTGRES, assert_error_shape, fresh_postgres
from tests.web.ratings import rating_row


@pytest.fixture(params=["sqlite", "postgresql"])
def either_database(request: pytest.FixtureRequest, database: str) -> Iterator[str]:
    """SQLite, then a PostgreSQL database of the test's own (``api`` is made over it): a
    leaderboard lists every rated account of its database, and other tests rate theirs."""
    if request.param == "sqlite":
        yield database
        return
    if not POSTGRES:
        pytest.skip("KINGDOMINO_TEST_POSTGRES_URL is not set")
    with fresh_postgres("kd_boards") as url:
        yield url


def rated_account(client: TestClient, rating: float, deviation: float, bot: bool) -> str:
    """A new account (a bot's if ``bot``) with ``rating`` in the duel pool: its name."""
    name = f"{'Bot' if bot else 'Kim'}{secrets.token_hex(4)}"
    app = client.app
    account, _ = app.state.accounts.create(name, "a long password", bot=bot)  # type: ignore[attr-defined]
    with app.state.hub.store.engine.begin() as connection:  # type: ignore[attr-defined]
        connection.execute(rating_row(account.id, "duel", rating, deviation, games=12, wins=7))
    return name


def listed(board: dict[str, object], part: str) -> list[tuple[str, bool, int | None]]:
    entries = board[part]
    assert isinstance(entries, list)
    return [(entry["name"], entry["bot"], entry.get("rank")) for entry in entries]


def test_a_leaderboard_marks_bots_and_lists_people_or_bots_alone(api: TestClient) -> None:
    bot = rated_account(api, 1800, 60, bot=True)
    person = rated_account(api, 1700, 60, bot=False)
    new_bot = rated_account(api, 1600, 300, bot=True)
    new_person = rated_account(api, 1550, 300, bot=False)
    board = api.get("/api/leaderboards/duel").json()
    assert board["kind"] == "all"
    assert listed(board, "players") == [(bot, True, 1), (person, False, 2)]
    assert listed(board, "provisional") == [(new_bot, True, None), (new_person, False, None)]
    people = api.get("/api/leaderboards/duel", params={"kind": "people"}).json()
    # Ranked among people: the bot above is no one's rank.
    assert people["kind"] == "people" and listed(people, "players") == [(person, False, 1)]
    assert listed(people, "provisional") == [(new_person, False, None)]
    bots = api.get("/api/leaderboards/duel", params={"kind": "bots"}).json()
    assert listed(bots, "players") == [(bot, True, 1)]
    assert listed(bots, "provisional") == [(new_bot, True, None)]
    # The default pool's leaderboard takes the same filter.
    assert api.get("/api/leaderboards", params={"kind": "bots"}).json()["kind"] == "bots"
    # A player's page says whether the account is a bot's.
    assert api.get(f"/api/players/{bot}").json()["bot"] is True
    assert api.get(f"/api/players/{person}").json()["bot"] is False


def test_a_kind_it_does_not_know_is_refused_naming_the_field(api: TestClient) -> None:
    for path in ("/api/leaderboards/duel", "/api/leaderboards"):
        refused = api.get(path, params={"kind": "robots"})
        assert refused.status_code == 422
        error = assert_error_shape(refused.json())
        assert error["field"] == "kind" and "people" in error["message"], error
