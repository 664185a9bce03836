"""A casual tournament of a club played to its end (``club_winners``): its games change no rating,
so the club's leaderboard (rated games only) still has its players unrated; the club's page names
its winner in its list of tournaments, as the tournament's own standings rank them, and says it
was casual (``rated`` false), so the leader sees what the evening gave."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.test_clubs import new_club, page, post
from tests.web.test_relations import app_over, people
from tests.web.test_tournaments import act, current_games, paired, seated, wait_until

DAYS = {"kind": "days", "days": 1}


def play_round(client: TestClient, found: dict[str, Any], sessions: dict[str, str], winner: str) -> None:
    """Every game of the current round: both players sit, then the one who is not ``winner``
    resigns (the second, where ``winner`` does not play)."""
    for game in current_games(found):
        if game["second"] is None or game["result"] is not None:
            continue
        tokens = {side: seated(client, sessions[game[side]], game["game_id"]) for side in ("first", "second")}
        loser = "first" if game["second"] == winner else "second"
        resigned = client.post(f"/api/games/{game['game_id']}/resign", json={"token": tokens[loser]})
        assert resigned.status_code == 200, resigned.text


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def test_a_casual_club_tournament_s_winner_is_on_the_club_s_page(client: TestClient) -> None:
    named = people(client, "Kira", "Boris", "Cleo")
    sessions = dict(named)
    kira, kira_s = named[0]
    club = new_club(client, kira_s)
    for _, session in named[1:]:
        post(client, session, f"/api/clubs/{club}/join")
    body = {"name": "Club night", "game": "kingdomino", "format": "round_robin", "time_control": DAYS}
    tournament_id = post(client, kira_s, "/api/tournaments", **body, club=club).json()["id"]
    for _, session in named[1:]:  # Kira plays too, as the server takes it when not told
        assert act(client, session, tournament_id, "join").status_code == 200
    listed = page(client, None, club)["tournaments"]
    assert listed == [
        {
            "id": tournament_id,
            "name": "Club night",
            "game": "kingdomino",
            "status": "open",
            "rated": False,
            "players": 3,
            "winners": [],
        }
    ]
    assert act(client, kira_s, tournament_id, "start").status_code == 200
    for round_ in (1, 2, 3):
        play_round(client, wait_until(client, tournament_id, paired(round_)), sessions, kira)
    ended = wait_until(client, tournament_id, lambda t: t["status"] == "finished")
    first = [line["name"] for line in ended["standings"] if line["rank"] == 1]
    assert first == [kira], ended["standings"]

    club_page = page(client, kira_s, club)
    (shown,) = club_page["tournaments"]
    assert (shown["status"], shown["rated"], shown["winners"]) == ("finished", False, first)
    assert [member["rating"] for member in club_page["members"]] == [None, None, None]
