"""The same app over PostgreSQL: set KINGDOMINO_TEST_POSTGRES_URL (an empty database) to run these.

Example: ``KINGDOMINO_TEST_POSTGRES_URL=postgresql+psycopg://kd:kd@localhost/kdtest``.
"""

from __future__ import annotations

import os
import secrets
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, make_url
from tests.web.conftest import create, wait_for

from kingdomino.web.app import create_app
from kingdomino.web.store import Store

URL = os.environ.get("KINGDOMINO_TEST_POSTGRES_URL")
pytestmark = pytest.mark.skipif(not URL, reason="KINGDOMINO_TEST_POSTGRES_URL is not set")


def test_a_game_on_postgresql_survives_the_app() -> None:
    assert URL is not None
    with TestClient(create_app(URL)) as client:
        created = create(client, seats=[{"kind": "human"}, {"kind": "ai", "level": "greedy"}], seed=2**40 + 3)
        token = created["seats"][0]["token"]
        # Undo never crosses a draw: play until a move of ours is followed by the AI's alone.
        for _ in range(40):
            view = wait_for(client, created["id"], token, lambda v: v["current_player"] == 0)
            client.post(
                f"/api/games/{created['id']}/actions",
                json={"token": token, "action": view["legal_actions"][0]},
            )
            before = wait_for(
                client,
                created["id"],
                token,
                lambda v, i=view["index"]: v["current_player"] == 0 and v["index"] > i,
            )
            if before["undo_allowed"]:
                break
        assert before["undo_allowed"]
    with TestClient(create_app(URL)) as client:
        after = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
        assert after["index"] == before["index"] and after["observation"] == before["observation"]
        assert client.post(f"/api/games/{created['id']}/undo", json={"token": token}).status_code == 200
        undone = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
        assert undone["index"] == view["index"]


def test_servers_started_together_over_an_empty_database_all_start() -> None:
    """Each store makes the tables under one lock: without it, two servers opening a new database
    at once created the same tables together and one failed (a unique violation in pg_type)."""
    assert URL is not None
    name = f"kd_together_{secrets.token_hex(4)}"
    admin = create_engine(URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {name}")
    fresh = make_url(URL).set(database=name).render_as_string(hide_password=False)
    try:
        for _ in range(3):  # a race: tried a few times over, each over an empty database
            with ThreadPoolExecutor(4) as pool:
                stores = list(pool.map(lambda _: Store(fresh), range(4)))
            for store in stores:
                store.close()
            with create_engine(fresh).begin() as connection:
                connection.exec_driver_sql("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f"DROP DATABASE {name} WITH (FORCE)")
        admin.dispose()
