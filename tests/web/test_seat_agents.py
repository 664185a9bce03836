"""Agents the operator offers as AI seats (issue #65): `kingdomino serve --seat-agent NAME=SPEC`
puts a plug-in beside the levels; a request names it, never a spec of its own."""

from __future__ import annotations

import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import QUICK_REVIEW, seeded_secrets

from kingdomino.web.app import create_app

PLUG_IN = """
from kingdomino.agents.random_agent import RandomAgent


class LastLegal(RandomAgent):
    name = "last-legal"

    def act(self, state):
        return state.legal_actions()[-1]


def make(params, seed):
    return LastLegal(seed)
"""


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    (tmp_path / "kd_seat_plugin.py").write_text(textwrap.dedent(PLUG_IN))
    monkeypatch.syspath_prepend(str(tmp_path))  # the AI worker process, spawned later, imports it
    app = create_app(
        f"sqlite:///{tmp_path / 'games.sqlite3'}",
        secret_seeds=seeded_secrets(),
        review_agent=QUICK_REVIEW,
        ai_workers="1",
        seat_agents={"last": "kd_seat_plugin:make"},
    )
    with TestClient(app) as test_client:
        yield test_client
    create_app(f"sqlite:///{tmp_path / 'other.sqlite3'}")  # the next app offers the levels alone


def test_an_operator_agent_plays_an_ai_seat_in_the_workers(client: TestClient) -> None:
    assert client.get("/api/meta").json()["levels"][-1] == "last"
    body = {"game": "duel", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai", "level": "last"}]}
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    game_id, token = made.json()["id"], made.json()["seats"][0]["token"]
    assert made.json()["seats"][1]["name"].endswith("(AI, last)")
    deadline = time.monotonic() + 120
    while True:
        view = client.get(f"/api/games/{game_id}", params={"token": token}).json()
        if any(entry["seat"] == 1 for entry in view["log"]):
            break  # the plug-in moved, from the worker process
        if view["current_player"] == 0 and view["legal_actions"]:
            action = view["legal_actions"][0]
            client.post(f"/api/games/{game_id}/actions", json={"token": token, "action": action})
        assert time.monotonic() < deadline, "the operator's agent never moved"
        time.sleep(0.05)


def test_a_request_names_an_offered_agent_never_a_spec(client: TestClient) -> None:
    for level, status in [("kd_seat_plugin:make", 422), ("nobody", 422), ("mcts:iterations=9", 422)]:
        body = {"game": "duel", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai", "level": level}]}
        answer = client.post("/api/games", json=body)
        assert answer.status_code == status, (level, answer.text)
        assert "seats" in answer.json()["error"]["field"]


def test_a_bad_seat_agent_stops_the_server_at_start(tmp_path: Path) -> None:
    for agents, words in [
        ({"hard": "greedy"}, "not a level"),
        ({"x": "no_module_here:make"}, "cannot be loaded"),
    ]:
        with pytest.raises(ValueError, match=words):
            create_app(f"sqlite:///{tmp_path / 'games.sqlite3'}", seat_agents=agents)
    create_app(f"sqlite:///{tmp_path / 'games.sqlite3'}")
