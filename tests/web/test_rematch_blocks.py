"""A block keeps two accounts apart in a rematch too (``relations.rematch_apart``): its seats are
bound to the same accounts at once, so without it the blocked player put a game with the blocker
among the blocker's games again and again, a finished game's rematch after another. Over SQLite
and the test PostgreSQL, every name new per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from tests.web.test_challenges import as_, challenged
from tests.web.test_open_games import refusal
from tests.web.test_relations import app_over, people, put


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def test_a_blocked_player_offers_the_blocker_no_rematch(client: TestClient) -> None:
    """Kira and Boris played; Kira blocks Boris. His rematch is refused without a word of the
    block, hers says it is her own; neither put a game among her games. Unblocked, it is made."""
    (_, kira), (boris_name, boris) = people(client, "Kira", "Boris")
    made = challenged(client, kira, boris_name)
    accepted = as_(client, boris).post(f"/api/challenges/{made['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    tokens = {"kira": made["seats"][0]["token"], "boris": accepted.json()["token"]}
    resigned = client.post(f"/api/games/{made['id']}/resign", json={"token": tokens["kira"]})
    assert resigned.status_code == 200, resigned.text
    assert put(client, kira, "blocked", boris_name).status_code == 200
    rematch = f"/api/games/{made['id']}/rematch"
    his = as_(client, None).post(rematch, json={"token": tokens["boris"]})
    assert refusal(his) == (403, "rematch_refused") and "block" not in his.text
    assert refusal(as_(client, kira).post(rematch, json={"token": tokens["kira"]})) == (403, "you_blocked")
    games = as_(client, kira).get("/api/account/games").json()
    assert games["playing"] == [] and games["open"] == [], games
    assert as_(client, kira).delete(f"/api/account/blocked/{boris_name}").status_code == 200
    again = as_(client, None).post(rematch, json={"token": tokens["boris"]})
    assert again.status_code == 200 and again.json()["offered"], again.text
    assert [game["id"] for game in as_(client, kira).get("/api/account/games").json()["playing"]] == [
        again.json()["id"]
    ]
