"""A challenger challenges one account at most 5 times an hour (``routes/challenges.not_again``):
each challenge is a push to the other's browsers and a line in their lobby, and one who called off
and challenged again in a loop reached them 10 times a minute."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from limits import parse
from tests.web.conftest import new_app
from tests.web.test_challenges import as_, challenge, challenged
from tests.web.test_open_games import refusal
from tests.web.test_relations import people

from kingdomino.web.routes import challenges as challenge_routes


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    """An app whose limits are the server's own, accounts made quickly."""
    app = new_app(database)
    with TestClient(app) as test_client:
        yield test_client


def test_a_player_is_challenged_by_one_account_five_times_an_hour(client: TestClient) -> None:
    (_, kira), (boris_name, _), (cleo_name, _) = people(client, "Kira", "Boris", "Cleo")
    for _ in range(5):
        made = challenged(client, kira, boris_name)
        called_off = client.post(f"/api/games/{made['id']}/cancel", json={"token": made["seats"][0]["token"]})
        assert called_off.status_code == 200, called_off.text
    again = challenge(client, kira, boris_name)
    assert refusal(again) == (429, "challenged_again") and again.json()["error"]["values"] == {
        "name": boris_name
    }
    other = challenged(client, kira, cleo_name)
    called_off = client.post(f"/api/games/{other['id']}/cancel", json={"token": other["seats"][0]["token"]})
    assert called_off.status_code == 200, called_off.text


def test_a_player_is_challenged_by_strangers_twenty_times_an_hour(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each pair is bound, but many accounts each within its bound still pushed one player's
    browsers without end: 20 challenges an hour from the accounts Boris does not follow reach him,
    the 21st is refused to its sender naming him (429 ``challenged_too_much``); an account he
    follows still challenges him."""
    monkeypatch.setattr(challenge_routes, "OPEN_GAMES", parse("100/minute"))  # one test client
    (boris_name, boris), *challengers = people(client, "Boris", "Kira", "Anna", "Cleo", "Dora", "Vera", "Ida")
    for _, session in challengers[:4]:
        for _ in range(5):
            made = challenged(client, session, boris_name)
            cancel = {"token": made["seats"][0]["token"]}
            assert client.post(f"/api/games/{made['id']}/cancel", json=cancel).status_code == 200
    again = challenge(client, challengers[4][1], boris_name)
    assert refusal(again) == (429, "challenged_too_much") and again.json()["error"]["values"] == {
        "name": boris_name
    }
    friend_name, friend = challengers[5]
    assert as_(client, boris).put(f"/api/account/following/{friend_name}").status_code == 200
    challenged(client, friend, boris_name)
