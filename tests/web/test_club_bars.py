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
