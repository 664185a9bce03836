"""An account's data download holds what the account keeps beside its games: its inbox, its
clubs (its role in each, and the clubs it created) and the players it follows and blocks; not who
follows or blocks it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from tests.web.test_challenges import as_
from tests.web.test_clubs import new_club, post
from tests.web.test_relations import app_over, people, put

from kingdomino.web import inbox_store
from kingdomino.web.inbox_store import Event
from kingdomino.web.store import Store


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    """A client over SQLite, then over the test PostgreSQL (accounts made quickly)."""
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def test_the_download_holds_the_inbox_clubs_and_relations(client: TestClient) -> None:
    (kira, kira_s), (boris, boris_s), (cleo, _) = people(client, "Kira", "Boris", "Cleo")
    kira_id = as_(client, kira_s).get("/api/account").json()["account"]["id"]
    store: Store = client.app.state.hub.store  # type: ignore[attr-defined]
    inbox_store.note(store, kira_id, Event("challenged", f"challenge:{boris}", {"name": boris}), at=1000.0)
    created = new_club(client, kira_s)
    joined = new_club(client, boris_s)
    assert post(client, kira_s, f"/api/clubs/{joined}/join").json() == {"role": "member"}
    assert put(client, kira_s, "following", boris).status_code == 200
    assert put(client, kira_s, "blocked", cleo).status_code == 200
    assert put(client, boris_s, "following", kira).status_code == 200  # Boris's, not in Kira's data
    data = as_(client, kira_s).get("/api/account/export").json()
    assert [(entry["kind"], entry["params"], entry["at"], entry["read"]) for entry in data["inbox"]] == [
        ("challenged", {"name": boris}, 1000.0, False)
    ]
    assert [(club["name"], club["role"], club["creator"]) for club in data["clubs"]] == [
        (created, "leader", True),
        (joined, "member", False),
    ]
    assert all(club["since"] and club["created"] for club in data["clubs"])
    assert [line["name"] for line in data["following"]] == [boris]
    assert [line["name"] for line in data["blocked"]] == [cleo]
    theirs = as_(client, boris_s).get("/api/account/export").json()
    assert (theirs["inbox"], theirs["blocked"]) == ([], [])
    assert [line["name"] for line in theirs["following"]] == [kira]
