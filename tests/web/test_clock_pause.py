"""The clocks stand still while a SQLite server is stopped (``web/clock_pause.py``): a player to
move when the operator stopped the server for an upgrade finds their time as they left it."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, update
from tests.web.conftest import new_app

from kingdomino.web.tables import GameRow, ServerStopRow

#: How long the server stays stopped: longer than the move clock.
DOWN = 60.0


def timed_game(client: TestClient) -> dict[str, Any]:
    seats = [{"kind": "human"}, {"kind": "human"}]
    body = {
        "game": "kingdomino",
        "players": 2,
        "seats": seats,
        "time_control": {"kind": "move", "seconds": 20},
    }
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def stopped_for(database: str, seconds: float) -> None:
    """Make the database read as if its server stopped ``seconds`` ago, with the game's turn begun
    as long before (what the stop and the wait do, without waiting)."""
    engine = create_engine(database)
    with engine.begin() as connection:
        connection.execute(update(ServerStopRow).values(at=ServerStopRow.at - seconds))
        for game_id, clock, deadline in list(
            connection.execute(select(GameRow.id, GameRow.clock, GameRow.deadline))
        ):
            clock = {**clock, "since": clock["since"] - seconds}
            connection.execute(
                update(GameRow).where(GameRow.id == game_id).values(clock=clock, deadline=deadline - seconds)
            )
    engine.dispose()


def test_a_move_clock_does_not_run_out_while_the_server_is_stopped(database: str) -> None:
    with TestClient(new_app(database)) as client:
        created = timed_game(client)
        token = created["seats"][0]["token"]
        before = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
    stopped_for(database, DOWN)
    with TestClient(new_app(database)) as client:
        after = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
        engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
        with engine.connect() as connection:
            deadline = connection.scalar(select(GameRow.deadline).where(GameRow.id == created["id"]))
    acting = before["current_player"]
    assert after["seats"][acting]["kind"] == "human", after["seats"]
    assert after["clock"]["remaining"] == before["clock"]["remaining"] and after["clock"]["running"] == acting
    # The turn begins anew at the start: the clocks' sweep, once a second, finds no one out of time.
    assert deadline > time.time() + 10 and after["clock"]["since"] > time.time() - 10, (
        deadline,
        after["clock"],
    )
