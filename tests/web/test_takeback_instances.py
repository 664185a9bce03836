"""A takeback between people across two servers on one PostgreSQL: asked through one, heard by a
page of the other at once, answered through the other, and the game taken back on both (they skip
without ``KINGDOMINO_TEST_POSTGRES_URL``, as ``test_instances`` does)."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from tests.web.test_instances import URL, instances, next_state
from websockets.sync.client import connect

pytestmark = pytest.mark.skipif(not URL, reason="KINGDOMINO_TEST_POSTGRES_URL is not set")


def seen(base: str, game_id: str, token: str) -> dict[str, Any]:
    found: dict[str, Any] = httpx.get(f"{base}/api/games/{game_id}", params={"token": token}).json()
    return found


def test_a_takeback_asked_through_one_server_is_heard_and_answered_through_the_other() -> None:
    with instances(0, 0) as (a, b):
        seats = [{"kind": "human"}, {"kind": "human"}]
        made = httpx.post(f"{a.base}/api/games", json={"game": "duel", "players": 2, "seats": seats}).json()
        game_id, tokens = made["id"], [seat["token"] for seat in made["seats"]]
        first = seen(a.base, game_id, tokens[0])["current_player"]
        mia, ben = tokens[first], tokens[1 - first]
        view = seen(a.base, game_id, mia)
        move = {"token": mia, "action": view["legal_actions"][0]}
        played = httpx.post(f"{a.base}/api/games/{game_id}/actions", json=move)
        assert played.status_code == 200
        with connect(f"ws://127.0.0.1:{b.port}/ws/games/{game_id}?tokens={ben}", max_size=2**22) as socket:
            assert next_state(socket)["index"] == played.json()["index"]
            asked = httpx.post(f"{a.base}/api/games/{game_id}/takeback", json={"token": mia})
            assert asked.json()["outcome"] == "asked"
            deadline = time.monotonic() + 10
            heard = next_state(socket)
            while heard.get("type") != "state" or heard["takeback"]["request"] is None:
                assert time.monotonic() < deadline, "server B's page heard the takeback asked"
                heard = next_state(socket)
            assert heard["takeback"]["request"]["by"] == first
        yes = {"token": ben, "accept": True}
        answered = httpx.post(f"{b.base}/api/games/{game_id}/takeback/answer", json=yes)
        assert answered.json()["outcome"] == "accepted"
        deadline = time.monotonic() + 10
        while seen(a.base, game_id, mia)["index"] != view["index"]:
            assert time.monotonic() < deadline, "server A took the move back too"
            time.sleep(0.02)
