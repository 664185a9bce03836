"""The public pages a client may read a minute (``routes/players.py``'s ``PAGES``,
``routes/clubs.py``'s ``READS``): a player's page and a club's page or list hold a database
thread each, so a script's loop of them is refused 429 ``too_many_tries``, while a club of 30
people behind one address reading a page every ten seconds (180 a minute) never is."""

from __future__ import annotations

import secrets

from fastapi.testclient import TestClient
from tests.web.test_archive_api import account

from kingdomino.web.routes.clubs import READS
from kingdomino.web.routes.players import PAGES


def refused(answer: object) -> bool:
    return getattr(answer, "status_code", None) == 429 and answer.json()["error"]["code"] == "too_many_tries"  # type: ignore[attr-defined]


def test_a_player_s_pages_are_limited_per_client(client: TestClient) -> None:
    assert PAGES.amount >= 180
    kira = account(client, "Kira")
    asked = [client.get(f"/api/players/{kira.name}").status_code for _ in range(PAGES.amount)]
    assert asked == [200] * PAGES.amount
    assert refused(client.get(f"/api/players/{kira.name}"))
    other = TestClient(client.app, client=("10.0.0.3", 50000))
    assert other.get(f"/api/players/{kira.name}").status_code == 200


def test_club_pages_and_lists_are_limited_per_client(client: TestClient) -> None:
    assert READS.amount >= 180
    kira = account(client, "Kira")
    logged = client.post("/api/session", json={"name": kira.name, "password": "a long password"})
    assert logged.status_code == 200, logged.text
    name = f"Thursday {secrets.token_hex(3)}"
    assert client.post("/api/clubs", json={"name": name}).status_code == 201
    paths = [f"/api/clubs/{name}", "/api/clubs", f"/api/clubs?member={kira.name}"]
    asked = [client.get(paths[n % 3]).status_code for n in range(READS.amount)]
    assert asked == [200] * READS.amount
    assert refused(client.get(f"/api/clubs/{name}"))
    assert refused(client.get("/api/clubs"))
    other = TestClient(client.app, client=("10.0.0.3", 50000))
    assert other.get(f"/api/clubs/{name}").status_code == 200
