"""The leaderboard ``/leaderboards`` opens on without a pool named (``default_pool``): it always
opened on Kingdomino with two players, whoever read it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fastapi.testclient import TestClient
from sqlalchemy import update
from tests.web.ratings import rating_row

from kingdomino.web.tables import GameRow


def account(client: TestClient, name: str) -> tuple[int, dict[str, str]]:
    """A new account: its id and the headers of its session."""
    made, token = client.app.state.accounts.create(name, "a long password")  # type: ignore[attr-defined]
    return made.id, {"Cookie": f"kd_session={token}"}


def rate(client: TestClient, account_id: int, pool: str, hours_ago: int) -> None:
    """A rating of ``account_id`` in ``pool``, its latest rated game there ``hours_ago``."""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    moment = datetime.now(UTC) - timedelta(hours=hours_ago)
    with store.engine.begin() as connection:
        connection.execute(rating_row(account_id, pool, updated=moment))


def pool_shown(client: TestClient, headers: dict[str, str] | None = None) -> str:
    answer = client.get("/api/leaderboards", params={"limit": 5}, headers=headers or {})
    assert answer.status_code == 200, answer.text
    board = answer.json()
    assert set(board) >= {"pool", "pools", "players", "provisional", "threshold"}
    return str(board["pool"])


def test_the_leaderboards_open_on_the_reader_s_pool(client: TestClient) -> None:
    assert pool_shown(client) == "kingdomino-2"  # nobody rated yet: the first pool
    anna, anna_session = account(client, "Anna")
    bela, _ = account(client, "Bela")
    cleo, _ = account(client, "Cleo")
    rate(client, anna, "kingdomino-2", hours_ago=1)
    rate(client, anna, "origins-2", hours_ago=5)
    rate(client, bela, "duel", hours_ago=2)
    rate(client, cleo, "duel", hours_ago=2)
    # Not logged in: the pool with most rated players.
    assert pool_shown(client) == "duel"
    # Logged in: the pool of the account's latest rated game.
    assert pool_shown(client, anna_session) == "kingdomino-2"
    rate(client, anna, "origins-3-4", hours_ago=0)
    assert pool_shown(client, anna_session) == "origins-3-4"
    # An account with no rating: the pool of the games it played to the end most.
    _, dora_session = account(client, "Dora")
    assert pool_shown(client, dora_session) == "duel"  # none played yet: as for anyone
    seats = [
        {"kind": "human", "name": "Dora"},
        {"kind": "human", "online": True},
        {"kind": "human", "online": True},
    ]
    made = client.post("/api/games", json={"game": "kingdomino", "players": 3, "seats": seats}).json()
    claimed = client.post(
        "/api/account/games/claim",
        json={"games": [{"id": made["id"], "token": made["seats"][0]["token"]}]},
        headers=dora_session,
    )
    assert claimed.json()["claimed"] == [{"id": made["id"], "seat": 0, "already": False}], claimed.text
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:  # played to the end (the pool reads only that)
        connection.execute(update(GameRow).where(GameRow.id == made["id"]).values(status="finished"))
    assert pool_shown(client, dora_session) == "kingdomino-3-4"
    # A pool named still wins.
    assert client.get("/api/leaderboards/origins-2", headers=anna_session).json()["pool"] == "origins-2"
