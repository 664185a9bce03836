"""The ratings beside the names at a rated table (``seat_ratings``): each account seat's rating in
the game's pool, "?" while provisional, in the view's seats; read once per table, not per view."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from tests.web.conftest import create
from tests.web.test_players_api import log_in, play_out, rated_game

from kingdomino.web import seat_ratings
from kingdomino.web.tables import RatingRow


def test_a_rated_table_shows_each_account_s_rating_by_its_name_read_once(
    api: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[str] = []
    read = seat_ratings.read_ratings

    def counted(store: Any, game: Any) -> dict[int, dict[str, Any]]:
        reads.append(game.id)
        return read(store, game)

    monkeypatch.setattr(seat_ratings, "read_ratings", counted)
    sessions = [log_in(api)[1], log_in(api)[1]]
    first, tokens = rated_game(api, sessions)
    view = api.get(f"/api/games/{first}", params={"token": tokens[0]}).json()
    # New to the pool: 1500, provisional.
    assert [seat["rating"] for seat in view["seats"]] == [{"value": 1500.0, "provisional": True}] * 2
    play_out(api, first, tokens)
    assert reads == [first]  # every move's views built from the ratings read once
    deadline = time.monotonic() + 60
    while api.get(f"/api/games/{first}/ratings").status_code == 202:  # recorded a moment after
        assert time.monotonic() < deadline
        time.sleep(0.05)
    # A settled rating is not provisional; the table read after it shows it so.
    hub = api.app.state.hub  # type: ignore[attr-defined]
    accounts = [seat["account"] for seat in hub.table(first).stored.seats]
    with hub.store.engine.begin() as connection:
        connection.execute(
            update(RatingRow)
            .where(RatingRow.account_id == accounts[1])
            .values(rating=1712.34, deviation=60.0)
        )
    second, tokens = rated_game(api, sessions)
    seats = api.get(f"/api/games/{second}", params={"token": tokens[1]}).json()["seats"]
    assert seats[1]["rating"] == {"value": 1712.3, "provisional": False}
    assert seats[0]["rating"]["provisional"] is True


def test_an_unrated_table_shows_no_rating(api: TestClient) -> None:
    made = create(api, seed=None)  # a human against the greedy AI
    view = api.get(f"/api/games/{made['id']}", params={"token": made["seats"][0]["token"]}).json()
    assert all("rating" not in seat for seat in view["seats"])
