"""A club's leaders see the accounts it turned away (``clubs.BAR``) and lift a bar before its 30
days end, a removal made by mistake undone; the refusal of a barred join names the moment the bar
ends, which the page words in its own language and time zone."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from tests.web.test_challenges import as_
from tests.web.test_clubs import new_club, post
from tests.web.test_open_games import refusal
from tests.web.test_relations import app_over, people

from kingdomino.web import clubs


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def test_a_barred_join_is_told_the_moment_its_bar_ends(client: TestClient) -> None:
    """The moment, not its day in the server's time zone: the page words it in the reader's."""
    (_, kira_s), (boris, boris_s) = people(client, "Kira", "Boris")
    club = new_club(client, kira_s)
    post(client, boris_s, f"/api/clubs/{club}/join")
    started = datetime.now().astimezone()
    assert as_(client, kira_s).delete(f"/api/clubs/{club}/members/{boris}").json()["was"] == "member"
    barred = post(client, boris_s, f"/api/clubs/{club}/join")
    assert refusal(barred) == (403, "club_barred")
    until = datetime.fromisoformat(barred.json()["error"]["values"]["until"])
    assert started + clubs.BAR - timedelta(minutes=1) < until < started + clubs.BAR + timedelta(minutes=1)


def test_a_leader_lists_the_accounts_turned_away_and_lifts_a_bar(client: TestClient) -> None:
    """A removal made by mistake was kept 30 days: a leader's page lists the accounts kept out,
    soonest to end first, each with its bar's end, and lifting one lets it join at once."""
    (_, kira_s), (boris, boris_s), (anna, anna_s) = people(client, "Kira", "Boris", "Anna")
    club = new_club(client, kira_s)
    post(client, boris_s, f"/api/clubs/{club}/join")
    post(client, anna_s, f"/api/clubs/{club}/join")
    for name in (boris, anna):
        assert as_(client, kira_s).delete(f"/api/clubs/{club}/members/{name}").json()["was"] == "member"
    until = post(client, boris_s, f"/api/clubs/{club}/join").json()["error"]["values"]["until"]
    page = as_(client, kira_s).get(f"/api/clubs/{club}").json()
    assert [line["name"] for line in page["barred"]] == [boris, anna]
    assert datetime.fromisoformat(page["barred"][0]["until"]) == datetime.fromisoformat(until)
    assert "barred" not in as_(client, anna_s).get(f"/api/clubs/{club}").json()  # a leader's alone
    assert refusal(as_(client, boris_s).delete(f"/api/clubs/{club}/bars/{anna}")) == (403, "club_not_leader")
    lifted = as_(client, kira_s).delete(f"/api/clubs/{club}/bars/{boris}")
    assert lifted.status_code == 200 and lifted.json() == {"name": boris, "lifted": True}
    assert as_(client, kira_s).delete(f"/api/clubs/{club}/bars/{boris}").json()["lifted"] is False
    assert post(client, boris_s, f"/api/clubs/{club}/join").json() == {"role": "member"}
    assert [line["name"] for line in as_(client, kira_s).get(f"/api/clubs/{club}").json()["barred"]] == [anna]
    assert refusal(post(client, anna_s, f"/api/clubs/{club}/join")) == (403, "club_barred")
