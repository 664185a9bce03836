"""A team battle's clubs kept whole (``web.club_closing``): a club named in a battle not over is
not closed (its leaders' page says why). Over SQLite and, when ``KINGDOMINO_TEST_POSTGRES_URL``
is set, a PostgreSQL database of each test's own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import POSTGRES, fresh_postgres
from tests.web.test_arenas import end_the_window_now, page, waited
from tests.web.test_challenges import account, as_
from tests.web.test_clubs import new_club, post
from tests.web.test_clubs import page as club_page
from tests.web.test_open_games import refusal
from tests.web.test_team_battles import app, battle, join
from tests.web.test_tournaments import act


@pytest.fixture
def own_database(either_database: str) -> Iterator[str]:
    """SQLite, then a PostgreSQL database of this test's own."""
    if either_database != POSTGRES:
        yield either_database
        return
    with fresh_postgres("kd_battle_clubs") as url:
        yield url


def test_a_club_is_not_closed_while_a_battle_naming_it_is_not_over(own_database: str) -> None:
    with TestClient(app(own_database)) as client:
        s = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
        owls, larks = new_club(client, s["Kira"]), new_club(client, s["Cleo"])
        post(client, s["Boris"], f"/api/clubs/{owls}/join")
        tournament_id = battle(client, s["Kira"], [owls, larks]).json()["id"]

        def refused_closing() -> None:
            for club, leader in ((owls, "Kira"), (larks, "Cleo")):
                closed = as_(client, s[leader]).delete(f"/api/clubs/{club}")
                assert refusal(closed) == (409, "club_team_battle_on"), "the battle's clubs are fixed"
                assert closed.json()["error"]["values"] == {"name": club, "battle": "Clubs' night"}
                shown = club_page(client, s[leader], club)["close_refused"]
                assert shown == closed.json()["error"], "its leaders' page says why, as the refusal does"

        refused_closing()
        assert "close_refused" not in club_page(client, s["Boris"], owls), "a leader's part of the page"
        for name in ("Boris", "Cleo"):
            assert join(client, s[name], tournament_id).status_code == 200
        assert act(client, s["Kira"], tournament_id, "start").status_code == 200
        refused_closing()
        end_the_window_now(client, tournament_id)
        waited(client, tournament_id, lambda found: found["status"] == "finished")
        assert club_page(client, s["Cleo"], larks)["close_refused"] is None
        assert as_(client, s["Cleo"]).delete(f"/api/clubs/{larks}").status_code == 200, "over: it closes"
        clubs = [club["name"] for club in page(client, tournament_id)["team_battle"]["clubs"]]
        assert sorted(clubs) == sorted([owls, larks]), "the battle keeps the closed club's line"
