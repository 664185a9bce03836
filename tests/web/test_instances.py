"""Several servers on one PostgreSQL database: one truth, every client told, AI turns taken over.

Each test starts two ``kingdomino serve`` processes on the test database (they skip without
``KINGDOMINO_TEST_POSTGRES_URL``; ``scripts/test`` starts a throwaway PostgreSQL).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from tests.web.conftest import ServerProcess
from tests.web.deadlines import joined
from websockets.sync.client import ClientConnection, connect

URL = os.environ.get("KINGDOMINO_TEST_POSTGRES_URL")
pytestmark = pytest.mark.skipif(not URL, reason="KINGDOMINO_TEST_POSTGRES_URL is not set")


@contextmanager
def instances(*delays: float) -> Iterator[list[ServerProcess]]:
    """Servers on the test database, one per AI delay, each with one AI worker."""
    assert URL is not None
    started: list[ServerProcess] = []
    try:
        for delay in delays:
            started.append(ServerProcess(URL, "--ai-delay", str(delay), "--ai-workers", "1"))
        yield started
    finally:
        for instance in started:
            instance.kill()


def human_game(base: str) -> dict[str, Any]:
    body = {"game": "kingdomino", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    answer = httpx.post(f"{base}/api/games", json=body)
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def acting(base: str, created: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The token of the seat to act and its view."""
    tokens = [seat["token"] for seat in created["seats"]]
    view = httpx.get(f"{base}/api/games/{created['id']}", params={"token": tokens[0]}).json()
    token = tokens[view["current_player"]]
    return token, httpx.get(f"{base}/api/games/{created['id']}", params={"token": token}).json()


def next_state(socket: ClientConnection) -> dict[str, Any]:
    """The socket's next view, past the spectators' counts (``watching``) a spectator's socket
    also hears; within 10 s."""
    deadline = time.monotonic() + 10
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=max(0.0, deadline - time.monotonic())))
        if message["type"] != "watching":
            return message


def test_a_client_of_one_server_hears_the_actions_made_through_the_other() -> None:
    with instances(0, 0) as (a, b):
        created = human_game(a.base)
        ws_url = f"ws://127.0.0.1:{b.port}/ws/games/{created['id']}?tokens={created['spectator_token']}"
        with connect(ws_url, max_size=2**22) as socket:
            first = next_state(socket)
            assert first["type"] == "state"
            for _ in range(3):
                token, view = acting(a.base, created)
                action = view["legal_actions"][0]
                answer = httpx.post(
                    f"{a.base}/api/games/{created['id']}/actions",
                    json={"token": token, "action": action, "index": view["index"]},
                )
                assert answer.status_code == 200
                heard = next_state(socket)
                assert heard["type"] == "state" and heard["index"] == answer.json()["index"]
                assert any(entry["text"] == action for entry in heard["log"])
        # B serves the game as A left it, and B's next action is heard by A's view.
        token, view_b = acting(b.base, created)
        answer = httpx.post(
            f"{b.base}/api/games/{created['id']}/actions",
            json={"token": token, "action": view_b["legal_actions"][0], "index": view_b["index"]},
        )
        assert answer.status_code == 200
        deadline = time.monotonic() + 10
        while acting(a.base, created)[1]["index"] != answer.json()["index"]:
            assert time.monotonic() < deadline
            time.sleep(0.02)


def until(socket: ClientConnection, kind: str) -> list[dict[str, Any]]:
    """The socket's messages up to its next of type ``kind``, that one last; within 10 s."""
    deadline = time.monotonic() + 10
    heard: list[dict[str, Any]] = []
    while not heard or heard[-1]["type"] != kind:
        heard.append(json.loads(socket.recv(timeout=max(0.0, deadline - time.monotonic()))))
    return heard


def next_of(socket: ClientConnection, kind: str) -> dict[str, Any]:
    """The socket's next message of type ``kind``, past any other; within 10 s."""
    return until(socket, kind)[-1]


def test_a_chat_message_said_through_one_server_is_heard_on_the_other() -> None:
    """Ann's page is on A, Bea's on B: Ann's words reach Bea at once (``kingdomino_chat``), and the
    spectator's page on B hears nothing of the players' room."""
    with instances(0, 0) as (a, b):
        created = human_game(a.base)
        ann, bea = (seat["token"] for seat in created["seats"])
        path = f"/ws/games/{created['id']}?tokens="
        with (
            connect(f"ws://127.0.0.1:{a.port}{path}{ann}") as ann_page,
            connect(f"ws://127.0.0.1:{b.port}{path}{bea}") as bea_page,
            connect(f"ws://127.0.0.1:{b.port}{path}{created['spectator_token']}") as watcher,
        ):
            for page in (bea_page, watcher):  # each page has joined the chat once it answers
                page.send(json.dumps({"type": "chat_read"}))
                next_of(page, "chat_history")
            ann_page.send(json.dumps({"type": "chat", "room": "players", "text": "hello from A"}))
            assert next_of(ann_page, "ack")["chat"] > 0
            heard = next_of(bea_page, "chat")
            assert [(m["name"], m["text"]) for m in heard["messages"]] == [("Player 1", "hello from A")]
            watcher.send(json.dumps({"type": "ping"}))
            assert [m["type"] for m in until(watcher, "pong") if m["type"] == "chat"] == []
            watcher.send(json.dumps({"type": "chat_read"}))
            assert next_of(watcher, "chat_history")["rooms"] == {
                "spectators": {"messages": [], "write": "chat_guest"}
            }


def post_into(answers: list[httpx.Response], base: str, game_id: str, body: dict[str, Any]) -> None:
    answers.append(httpx.post(f"{base}/api/games/{game_id}/actions", json=body))


def test_two_servers_racing_on_one_index_give_one_success_and_one_refusal() -> None:
    with instances(0, 0) as (a, b):
        for _ in range(5):
            created = human_game(a.base)
            token, view = acting(a.base, created)
            acting(b.base, created)  # B holds the game in memory too
            legal = view["legal_actions"]
            answers: list[httpx.Response] = []
            threads = [
                threading.Thread(target=post_into, args=(answers, base, created["id"], body))
                for base, body in [
                    (a.base, {"token": token, "action": legal[0], "index": view["index"]}),
                    (b.base, {"token": token, "action": legal[-1], "index": view["index"]}),
                ]
            ]
            for thread in threads:
                thread.start()
            joined(threads, "the two servers' answers to one move")
            assert sorted(answer.status_code for answer in answers) == [200, 409]
            refused = next(answer for answer in answers if answer.status_code == 409)
            assert refused.json()["error"]["field"] == "index"
            stored = httpx.get(f"{a.base}/api/games/{created['id']}", params={"token": token}).json()
            mine = [entry for entry in stored["log"] if entry["index"] == view["index"]]
            assert len(mine) == 1


@pytest.mark.slow  # a crash test
def test_an_ai_game_keeps_moving_when_the_server_running_its_ai_is_killed() -> None:
    # A thinks slowly (3 s per move) so that it is surely inside an AI turn when it dies.
    with instances(3.0, 0) as (a, b):
        body = {
            "game": "kingdomino",
            "players": 2,
            "seats": [{"kind": "ai", "level": "random"}, {"kind": "ai", "level": "random"}],
        }
        created = httpx.post(f"{a.base}/api/games", json=body).json()
        spectator = created["spectator_token"]
        before = httpx.get(f"{b.base}/api/games/{created['id']}", params={"token": spectator}).json()
        time.sleep(1.0)
        a.kill()
        deadline = time.monotonic() + 30
        while True:
            view = httpx.get(f"{b.base}/api/games/{created['id']}", params={"token": spectator}).json()
            if view["index"] >= before["index"] + 6:
                break
            assert time.monotonic() < deadline, f"the game stopped at {view['index']}"
            time.sleep(0.1)


def test_a_server_that_hears_a_move_of_a_timed_game_holds_its_clock() -> None:
    """A move made through A starts the next player's clock; B, which holds the game and hears the
    move, shows that clock (its pages count it down) and times the seat out by it. B kept the
    clock of the turn before: after an AI's move (no clock running) B never timed the player
    out, and its pages counted down from the previous turn's start."""
    with instances(0, 0) as (a, b):
        body = {
            "game": "kingdomino",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "time_control": {"kind": "game", "minutes": 5, "increment": 3},
        }
        answer = httpx.post(f"{a.base}/api/games", json=body)
        assert answer.status_code == 201, answer.text
        created = answer.json()
        for _ in range(3):
            acting(b.base, created)  # B holds the game in memory, and catches up on A's writes
            token, view = acting(a.base, created)
            moved = httpx.post(
                f"{a.base}/api/games/{created['id']}/actions",
                json={"token": token, "action": view["legal_actions"][0], "index": view["index"]},
            )
            assert moved.status_code == 200, moved.text
            on_a = acting(a.base, created)[1]
            deadline = time.monotonic() + 10
            while (on_b := acting(b.base, created)[1])["index"] != on_a["index"]:
                assert time.monotonic() < deadline
                time.sleep(0.05)
            assert on_b["clock"] == on_a["clock"]
