"""Games survive the app: every accepted action is committed; a new app on the same file resumes them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect
from tests.web.conftest import ServerProcess, create, wait_for

from kingdomino.web.app import create_app
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredGame


def test_a_game_continues_after_the_app_is_recreated(database: str) -> None:
    with TestClient(create_app(database)) as client:
        created = create(client, seats=[{"kind": "human"}, {"kind": "ai", "level": "greedy"}])
        token = created["seats"][0]["token"]
        view = wait_for(client, created["id"], token, lambda v: v["current_player"] == 0)
        client.post(
            f"/api/games/{created['id']}/actions", json={"token": token, "action": view["legal_actions"][0]}
        )
        before = wait_for(
            client,
            created["id"],
            token,
            lambda v: v["current_player"] == 0 and v["index"] > view["index"] + 1,
        )
    with TestClient(create_app(database)) as client:
        after = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
        assert after["index"] == before["index"]
        assert after["legal_actions"] == before["legal_actions"]
        assert after["observation"] == before["observation"]
        while after["status"] != "finished":
            client.post(
                f"/api/games/{created['id']}/actions",
                json={"token": token, "action": after["legal_actions"][0]},
            )
            after = wait_for(
                client, created["id"], token, lambda v: v["current_player"] == 0 or v["status"] == "finished"
            )
        assert after["winners"]


def test_unfinished_ai_games_resume_on_start(database: str) -> None:
    with TestClient(create_app(database)) as client:
        created = create(client, seats=[{"kind": "ai", "level": "random"}, {"kind": "ai", "level": "random"}])
    # The first app stopped (perhaps mid-game); a new one must drive the AI seats to the end.
    with TestClient(create_app(database)) as client:
        view = wait_for(
            client, created["id"], created["spectator_token"], lambda v: v["status"] == "finished", 60
        )
        assert view["winners"]
        # The final ranking is the engine's, for the page's end screen.
        state = client.app.state.hub.table(created["id"]).state  # type: ignore[attr-defined]
        assert view["places"] == state.places()
        assert {view["places"][seat] for seat in view["winners"]} == {1}


@pytest.mark.slow
def test_kill_9_loses_no_accepted_action(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    server = ServerProcess(database, "--ai-delay", "0")
    base = server.base
    try:
        body = {
            "game": "kingdomino",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "human"}],
        }
        created = httpx.post(f"{base}/api/games", json=body).json()
        tokens = [seat["token"] for seat in created["seats"]]
        accepted = []
        for _ in range(12):
            view = httpx.get(f"{base}/api/games/{created['id']}", params={"token": tokens[0]}).json()
            token = tokens[view["current_player"]]
            mine = httpx.get(f"{base}/api/games/{created['id']}", params={"token": token}).json()
            answer = httpx.post(
                f"{base}/api/games/{created['id']}/actions",
                json={"token": token, "action": mine["legal_actions"][0]},
            )
            assert answer.status_code == 200
            accepted.append(mine["legal_actions"][0])
        last_index = answer.json()["index"]
    finally:
        server.kill()
    store = Store(database)
    stored = store.load(created["id"])
    store.close()
    assert stored is not None and len(stored.actions) == last_index
    human_actions = [a.text for a in stored.actions if a.seat >= 0]
    assert human_actions == accepted
    assert json.dumps(stored.options)


def stored_before(tmp_path: Path, seats: list[dict[str, Any]], columns: list[str]) -> StoredGame | None:
    """A game stored in a database of an earlier version, which lacked ``columns``, read again
    by the store (which adds them)."""
    path = tmp_path / "old.sqlite3"
    database = f"sqlite:///{path}"
    with TestClient(create_app(database)) as client:
        created = create(client, seats=seats)
    with sqlite3.connect(path) as connection:
        for column in columns:
            connection.execute(f"DROP INDEX IF EXISTS ix_games_{column}")
            connection.execute(f"ALTER TABLE games DROP COLUMN {column}")
    store = Store(database)
    stored = store.load(created["id"])
    store.close()
    return stored


def test_a_database_of_an_earlier_version_gains_the_new_columns(tmp_path: Path) -> None:
    stored = stored_before(tmp_path, [{"kind": "human"}, {"kind": "human"}], ["hints", "seed_chosen"])
    assert stored is not None and stored.hints is False and stored.seed_chosen is False
    assert stored.actions


def test_a_database_of_an_earlier_version_gains_the_new_columns_indexes(tmp_path: Path) -> None:
    """The clock's sweep looks up the games past their ``deadline`` on every server, every
    second: a database made before clocks gains the column with its index, not a column that
    each sweep reads whole."""
    stored_before(tmp_path, [{"kind": "human"}, {"kind": "human"}], ["deadline"])
    engine = create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    indexed = [index["column_names"] for index in inspect(engine).get_indexes("games")]
    engine.dispose()
    assert ["deadline"] in indexed


def test_a_game_stored_before_its_creator_was_reads_its_first_human_seat(tmp_path: Path) -> None:
    """A database of an earlier version gains the creator's columns; its games, stored without
    them, take their first human seat for the creator's, as the lobby read it before."""
    stored = stored_before(tmp_path, [{"kind": "ai"}, {"kind": "human"}], ["creator_seat", "creator_client"])
    assert stored is not None and stored.creator_seat is None and stored.creator() == 1
