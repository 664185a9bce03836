"""A client's game requests limited (``web/game_requests.py``): beyond the limit a view, the
actions read and a move are refused 429 ``too_many_requests`` with ``Retry-After``, while the rest
of the API still answers; at the server's own limit two bots of one host play a game to its end."""

from __future__ import annotations

import secrets
import threading
from typing import Any

import httpx
from fastapi.testclient import TestClient
from limits import parse
from tests.web.conftest import (
    assert_error_shape,
    create,
    free_port,
    live_app,
    new_app,
    served_in_a_thread,
)
from tests.web.test_bot import OPTIONS

from kingdomino.cli.bot import Bot
from kingdomino.web.game_requests import GAME_REQUESTS


def test_game_requests_beyond_the_limit_are_refused_with_when_to_come_back(database: str) -> None:
    app = new_app(database)
    app.state.game_rate = (parse("6/minute"),)
    with TestClient(app) as client:
        game = create(client, seats=[{"kind": "human"}, {"kind": "human"}], seed=None)
        game_id, token = game["id"], game["seats"][0]["token"]
        view = client.get(f"/api/games/{game_id}", params={"token": token}).json()
        mover = game["seats"][view["current_player"]]["token"]
        mine = client.get(f"/api/games/{game_id}", params={"token": mover}).json()
        move = {"token": mover, "action": mine["legal_actions"][0], "index": mine["index"]}
        assert client.post(f"/api/games/{game_id}/actions", json=move).status_code == 200
        assert client.get(f"/api/games/{game_id}/actions", params={"token": token}).status_code == 200
        for _ in range(2):
            assert client.get(f"/api/games/{game_id}", params={"token": token}).status_code == 200
        refused = [
            client.get(f"/api/games/{game_id}", params={"token": token}),
            client.get(f"/api/games/{game_id}/actions", params={"token": token}),
            client.post(f"/api/games/{game_id}/actions", json={**move, "index": move["index"] + 1}),
        ]
        for answer in refused:
            assert answer.status_code == 429, answer.text
            error = assert_error_shape(answer.json())
            assert error["field"] == "client" and error["code"] == "too_many_requests", error
            seconds = error["values"]["seconds"]
            assert 1 <= seconds <= 60 and answer.headers["Retry-After"] == str(seconds)
            assert "at most 6 a minute" in error["message"], error
        # Only the game requests are counted: the lobby and the game's other routes still answer.
        assert client.get("/api/open-games").status_code == 200
        assert client.post("/api/games/lookup", json={"games": [{"id": game_id, "token": token}]}).json()[
            "games"
        ]
        assert client.post(f"/api/games/{game_id}/abort", json={"token": token}).status_code == 200


def test_two_bots_of_one_host_play_a_game_to_its_end_within_the_servers_limit(database: str) -> None:
    app = live_app(database)
    del app.state.game_rate  # the server's own limit, not the shared test server's
    limited: list[int] = []

    def run(base: str, name: str, agent: str, finished: dict[str, Any], waiting: threading.Event) -> None:
        with httpx.Client(timeout=30, event_hooks={"response": [lambda r: note(r)]}) as http:
            made = http.post(
                f"{base}/api/accounts", json={"name": name, "password": "bot password", "bot": True}
            )
            assert made.status_code == 201, made.text
            bot = Bot(base, http, agent, seed=1)
            game_id, token = bot.pair("kingdomino", 2, OPTIONS, False, name)
            waiting.set()
            finished[name] = bot.play(game_id, token)

    def note(answer: httpx.Response) -> None:
        if answer.status_code == 429:
            limited.append(answer.status_code)

    with served_in_a_thread(app, free_port()) as base:
        finished: dict[str, Any] = {}
        first = threading.Event()
        names = [f"Ada{secrets.token_hex(3)}", f"Bob{secrets.token_hex(3)}"]
        opener = threading.Thread(target=run, args=(base, names[0], "random", finished, first))
        opener.start()
        assert first.wait(60)
        joiner = threading.Thread(target=run, args=(base, names[1], "random", finished, threading.Event()))
        joiner.start()
        for thread in (opener, joiner):
            thread.join(180)
            assert not thread.is_alive()
    assert [finished[name]["status"] for name in names] == ["finished", "finished"]
    assert limited == [] and GAME_REQUESTS[0].amount >= 100
