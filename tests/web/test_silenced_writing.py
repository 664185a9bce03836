"""A silenced account (``web/silences.py``, ``kingdomino accounts silence``) writes no words that
others read, the chat's (``test_reports_cli.py``) nor any other: a club's name or description, a
tournament's name. It still joins and plays. Over SQLite and the test PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from tests.web.test_challenges import DAYS, as_
from tests.web.test_clubs import new_club
from tests.web.test_open_games import refusal
from tests.web.test_relations import app_over, fresh, people

from kingdomino.web import silences, standings


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def silenced(client: TestClient, name: str) -> None:
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    found = standings.account_named(store, name)
    assert found is not None
    silences.silence(store, found[0], days=1)


def test_a_silenced_account_names_no_club_and_describes_none(client: TestClient) -> None:
    """Silenced, Boris creates no club and writes no description of the club he leads (an
    abusive line moved from the chat to a club's page); he still opens it to all, and joins
    another club; unsilenced, he writes again."""
    (boris, session), (_, kira) = people(client, "Boris", "Kira")
    his = new_club(client, session, admission="request")
    hers = new_club(client, kira)
    silenced(client, boris)
    made = as_(client, session).post("/api/clubs", json={"name": fresh("Abuse "), "description": "words"})
    assert refusal(made) == (403, "silenced_writing")
    assert made.json()["error"]["field"] == "name" and "until" in made.json()["error"]["values"]
    described = as_(client, session).patch(f"/api/clubs/{his}", json={"description": "abusive words"})
    assert refusal(described) == (403, "silenced_writing")
    opened = as_(client, session).patch(f"/api/clubs/{his}", json={"admission": "open"})
    assert opened.status_code == 200, opened.text
    as_sent = as_(client, session).patch(
        f"/api/clubs/{his}", json={"description": "", "admission": "request"}
    )
    assert as_sent.status_code == 200, "the page's form sends the description as it is with the admission"
    joined = as_(client, session).post(f"/api/clubs/{hers}/join")
    assert joined.status_code == 200, joined.text
    assert as_(client, None).get(f"/api/clubs/{his}").json()["description"] == ""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    found = standings.account_named(store, boris)
    assert found is not None and silences.unsilence(store, found[0])
    again = as_(client, session).patch(f"/api/clubs/{his}", json={"description": "Thursdays at six"})
    assert again.status_code == 200, again.text


def test_a_silenced_account_names_no_tournament(client: TestClient) -> None:
    (boris, session), (_, kira) = people(client, "Boris", "Kira")
    silenced(client, boris)
    body = {"name": "Abusive words", "game": "kingdomino", "format": "round_robin", "time_control": DAYS}
    assert refusal(as_(client, session).post("/api/tournaments", json=body)) == (403, "silenced_writing")
    made = as_(client, kira).post("/api/tournaments", json=body | {"name": "Club night"})
    assert made.status_code == 201, made.text
    joined = as_(client, session).post(f"/api/tournaments/{made.json()['id']}/join")
    assert joined.status_code == 200, joined.text
    cancelled = as_(client, kira).post(f"/api/tournaments/{made.json()['id']}/cancel")
    assert cancelled.status_code == 200, cancelled.text
