"""A team battle's clubs and sides kept whole (``web.club_closing``, ``web.team_battle``): a club
named in a battle not over is not closed (its leaders' page says why), and a player's side is
kept only with their join, so a join refused (the battle full) leaves them free to join for
another of their clubs, and of two joins at once naming two clubs the side is the one that stood.
Over SQLite and, when ``KINGDOMINO_TEST_POSTGRES_URL`` is set, a PostgreSQL database of each
test's own."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.arena_setup import page
from tests.web.deadlines import barrier
from tests.web.test_arenas import end_the_window_now, waited
from tests.web.test_challenges import account, as_
from tests.web.test_clubs import new_club, post
from tests.web.test_clubs import page as club_page
from tests.web.test_open_games import refusal
from tests.web.test_team_battles import app, battle, join
from tests.web.test_tournaments import act

from kingdomino.web import team_battle


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


@pytest.mark.parametrize("first", [0, 1])
def test_a_join_refused_as_the_battle_is_full_keeps_no_side(own_database: str, first: int) -> None:
    """Gus, of both clubs, asks to join for one while the battle is full: refused, he joins for
    the other once a place is free (either club first)."""
    with TestClient(app(own_database)) as client:
        s = {name: account(client, name) for name in ("Kira", "Boris", "Cleo", "Gus")}
        owls, larks = new_club(client, s["Kira"]), new_club(client, s["Cleo"])
        for member, club in (("Boris", owls), ("Gus", owls), ("Gus", larks)):
            post(client, s[member], f"/api/clubs/{club}/join")
        tournament_id = battle(client, s["Kira"], [owls, larks], max_players=3).json()["id"]
        for name in ("Boris", "Cleo"):
            assert join(client, s[name], tournament_id).status_code == 200
        asked, then = [owls, larks][first], [owls, larks][1 - first]
        assert refusal(join(client, s["Gus"], tournament_id, asked)) == (409, "tournament_full")
        assert "Gus" not in page(client, tournament_id)["team_battle"]["sides"]
        assert act(client, s["Boris"], tournament_id, "leave").status_code == 200
        assert join(client, s["Gus"], tournament_id, then).status_code == 200, "no side kept by the refusal"
        assert page(client, tournament_id)["team_battle"]["sides"]["Gus"] == then


def test_two_joins_at_once_for_two_clubs_keep_the_side_of_the_one_that_stood(
    own_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(app(own_database)) as client:
        s = {name: account(client, name) for name in ("Kira", "Cleo", "Gus")}
        owls, larks = new_club(client, s["Kira"]), new_club(client, s["Cleo"])
        for club in (owls, larks):
            post(client, s["Gus"], f"/api/clubs/{club}/join")
        tournament_id = battle(client, s["Kira"], [owls, larks]).json()["id"]
        checked, both = team_battle.side_for, barrier()

        def side_then_wait(*args: Any) -> Any:
            """Each join's side read before either is kept: the two requests at once."""
            found = checked(*args)
            both.wait(timeout=30)
            return found

        monkeypatch.setattr(team_battle, "side_for", side_then_wait)
        as_(client, s["Gus"])
        with ThreadPoolExecutor(2) as pool:
            answers = list(
                pool.map(
                    lambda club: client.post(f"/api/tournaments/{tournament_id}/join", json={"club": club}),
                    [owls, larks],
                )
            )
        codes = [answer.status_code for answer in answers]
        assert sorted(codes) == [200, 409], [answer.text for answer in answers]
        stood = [owls, larks][codes.index(200)]
        assert page(client, tournament_id)["team_battle"]["sides"]["Gus"] == stood, (
            "the side of the join kept"
        )
