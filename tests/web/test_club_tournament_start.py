"""A members-only tournament is its club's members' at its start too: who joined as a member and
left the club (or was removed from it) before the start is taken off it then, as a closed account
is, and is paired in none of its games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from tests.web.test_challenges import as_
from tests.web.test_clubs import new_club, post
from tests.web.test_relations import app_over, people

DAYS = {"kind": "days", "days": 1}


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    """A client over SQLite, then over the test PostgreSQL (accounts made quickly)."""
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def test_who_left_the_club_before_the_start_is_taken_off(client: TestClient) -> None:
    named = people(client, "Kira", "Boris", "Anna", "Cleo", "Dora")
    (kira, kira_s), (boris, boris_s), (anna, anna_s), (_, cleo_s), (dora, dora_s) = named
    club = new_club(client, kira_s)
    for session in (boris_s, anna_s, cleo_s, dora_s):
        post(client, session, f"/api/clubs/{club}/join")
    body = {"name": "Club night", "game": "kingdomino", "format": "round_robin", "time_control": DAYS}
    tournament_id = post(client, kira_s, "/api/tournaments", **body, club=club).json()["id"]
    for session in (kira_s, boris_s, anna_s, cleo_s, dora_s):
        post(client, session, f"/api/tournaments/{tournament_id}/join")
    assert post(client, cleo_s, f"/api/clubs/{club}/leave").status_code == 200
    assert as_(client, kira_s).delete(f"/api/clubs/{club}/members/{anna}").status_code == 200
    started = post(client, kira_s, f"/api/tournaments/{tournament_id}/start")
    assert started.status_code == 200, started.text
    found = as_(client, None).get(f"/api/tournaments/{tournament_id}").json()
    assert found["status"] == "running"
    assert sorted(entry["name"] for entry in found["entrants"]) == sorted([kira, boris, dora])
    paired = {name for game in found["rounds_played"][0]["games"] for name in (game["first"], game["second"])}
    assert paired <= {kira, boris, dora, None}
