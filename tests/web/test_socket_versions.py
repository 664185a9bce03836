"""A game page's socket is versioned (issue #64): every message names the game's version, a view
the version it shows, no socket hears an older view after a newer one, a ``sync`` answers the
current view, a move resent after a reconnection never applies twice, and a silent socket is
closed."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from tests.web.conftest import QUICK_REVIEW, assert_socket_error, create, seeded_secrets, session_workers
from tests.web.sockets import messages_until, next_message, within
from tests.web.test_table import new_table, token_to_act

from kingdomino.web.app import create_app
from kingdomino.web.live import Watcher
from kingdomino.web.page_link import IDLE_CODE, ping_every, stamped

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


def socket_of(client: TestClient, game: dict[str, Any], tokens: str) -> Any:
    return client.websocket_connect(f"/ws/games/{game['id']}", params={"tokens": tokens})


def next_of(socket: WebSocketTestSession, kind: str, seen: list[dict[str, Any]]) -> dict[str, Any]:
    """The socket's next message of type ``kind``; every message read on the way is kept in ``seen``."""
    heard = messages_until(socket, lambda message: message["type"] == kind, f"a {kind!r} message")
    seen.extend(heard)
    return dict(heard[-1])


def assert_in_order(seen: list[dict[str, Any]]) -> None:
    """Each message names the game's version, never lower than the one before; each view its own
    version, never older than one before it, and never newer than the message says."""
    versions = [message["v"] for message in seen]
    assert all(isinstance(v, int) for v in versions), seen
    assert versions == sorted(versions), versions
    views = [message["version"] for message in seen if message["type"] == "state"]
    assert views == sorted(views), views
    assert all(m["version"] <= m["v"] for m in seen if m["type"] == "state"), seen


def test_a_view_names_the_version_it_shows(client: TestClient) -> None:
    game = create(client, seats=TWO_HUMANS)
    token = game["seats"][0]["token"]
    view = client.get(f"/api/games/{game['id']}", params={"token": token}).json()
    with socket_of(client, game, token) as socket:
        first = next_message(socket, "the first view")
        assert first["type"] == "state" and first["version"] == first["v"] == view["version"]
    acting = game["seats"][view["current_player"]]["token"]
    legal = client.get(f"/api/games/{game['id']}", params={"token": acting}).json()["legal_actions"]
    body = {"token": acting, "action": legal[0], "index": view["index"]}
    assert client.post(f"/api/games/{game['id']}/actions", json=body).status_code == 200
    after = client.get(f"/api/games/{game['id']}", params={"token": token}).json()
    assert after["version"] > view["version"]


def test_every_message_names_the_game_s_version_in_order(client: TestClient) -> None:
    """A page holding both seats: a pong, a why, an ack, the views, refusals, a hint refused,
    a sync; every one with ``v``, in order."""
    game = create(client, seats=TWO_HUMANS)
    seen: list[dict[str, Any]] = []
    tokens = ",".join(seat["token"] for seat in game["seats"])
    with socket_of(client, game, tokens) as socket:
        view = next_of(socket, "state", seen)
        socket.send_json({"type": "ping"})
        pong = next_of(socket, "pong", seen)
        assert pong["ping_every"] > 0
        socket.send_json({"type": "why", "action": "claim 99"})
        next_of(socket, "why", seen)
        for _ in range(3):
            action = view["legal_actions"][0]
            socket.send_json({"type": "action", "action": action, "index": view["index"]})
            ack = next_of(socket, "ack", seen)
            view = next_of(socket, "state", seen)
            assert ack["v"] == view["version"] == view["v"] and ack["index"] == view["index"]
        socket.send_json({"type": "action", "action": view["legal_actions"][0], "index": 0})
        assert assert_socket_error(next_of(socket, "error", seen))["field"] == "index"
        socket.send_json({"type": "hint"})
        next_of(socket, "hint" if view["hints_allowed"] else "error", seen)
        socket.send_json({"type": "sync"})
        synced = next_of(socket, "state", seen)
        assert synced["version"] == view["version"]
    assert {message["type"] for message in seen} >= {"state", "pong", "why", "ack", "error"}
    assert_in_order(seen)


def test_thinking_and_the_ai_s_views_name_their_versions(client: TestClient) -> None:
    game = create(client, seats=[{"kind": "human"}, {"kind": "ai", "level": "greedy"}])
    seen: list[dict[str, Any]] = []
    with socket_of(client, game, game["seats"][0]["token"]) as socket:
        view = next_of(socket, "state", seen)
        for _ in range(4):
            while not view["legal_actions"]:  # the AI is to act: wait for its move
                view = next_of(socket, "state", seen)
            if view["status"] == "finished":
                break
            socket.send_json({"type": "action", "action": view["legal_actions"][0], "index": view["index"]})
            view = next_of(socket, "state", seen)
    assert "thinking" in {message["type"] for message in seen}
    assert_in_order(seen)


def test_a_sync_answers_the_current_view(client: TestClient) -> None:
    game = create(client, seats=TWO_HUMANS)
    seen: list[dict[str, Any]] = []
    with socket_of(client, game, game["spectator_token"]) as socket:
        first = next_of(socket, "state", seen)
        socket.send_json({"type": "sync"})
        again = next_of(socket, "state", seen)
        assert again["version"] == first["version"] and again["index"] == first["index"]
        acting = game["seats"][first["current_player"]]["token"]
        legal = client.get(f"/api/games/{game['id']}", params={"token": acting}).json()["legal_actions"]
        body = {"token": acting, "action": legal[0], "index": first["index"]}
        assert client.post(f"/api/games/{game['id']}/actions", json=body).status_code == 200
        moved = next_of(socket, "state", seen)
        socket.send_json({"type": "sync"})
        synced = next_of(socket, "state", seen)
        assert synced["version"] == moved["version"] > first["version"]
        assert synced["index"] == moved["index"] > first["index"]
    assert_in_order(seen)


def test_a_move_resent_after_a_reconnection_never_applies_twice(client: TestClient) -> None:
    """The page resends a move it sent unacknowledged when its socket closed: if the first got
    through, the second is refused by its index, and the game holds the move once."""
    game = create(client, seats=TWO_HUMANS)
    tokens = ",".join(seat["token"] for seat in game["seats"])
    seen: list[dict[str, Any]] = []
    with socket_of(client, game, tokens) as socket:
        view = next_of(socket, "state", seen)
        move = {"type": "action", "action": view["legal_actions"][0], "index": view["index"]}
        socket.send_json(move)
        applied = next_of(socket, "ack", seen)["index"]
    with socket_of(client, game, tokens) as socket:
        now = next_of(socket, "state", seen)
        assert now["index"] == applied
        socket.send_json(move)
        error = next_of(socket, "error", seen)
        assert assert_socket_error(error)["field"] == "index" and error["v"] == now["version"]
    after = client.get(f"/api/games/{game['id']}", params={"token": game["spectator_token"]}).json()
    assert after["index"] == applied and after["version"] == now["version"]


def test_a_view_older_than_one_sent_is_never_sent(tmp_path: Path) -> None:
    """A broadcast made before a move but run after it (the event loop's order) sends nothing: the
    watcher already has the newer view; a view of the same version goes again only when asked."""

    async def scenario() -> list[int]:
        table, _ = new_table(tmp_path)
        told: list[int] = []

        async def send(text: str) -> None:
            told.append(json.loads(text)["version"])

        watcher = Watcher((), send)
        await table.join(watcher)
        late = table.send_view(watcher)  # made at this version, run only after the move below
        action = table.state.action_text(table.state.legal_actions()[0])
        await table.act(token_to_act(table), action, len(table.actions))
        await late
        await table.send_view(watcher)
        await table.send_view(watcher, again=True)
        table.store.close()
        return told

    told = asyncio.run(scenario())
    assert len(told) == 3 and told[0] < told[1] == told[2], told


def test_a_stamp_goes_first_in_the_text() -> None:
    assert json.loads(stamped('{"type": "state"}', 5)) == {"v": 5, "type": "state"}
    assert stamped('{"type":"error"}', None) == '{"v": null, "type":"error"}'
    for text in ("{}", "[1]", ""):
        with pytest.raises(ValueError):
            stamped(text, 1)


#: The silence the tests' app allows a socket. Its pings come every sixth of it (``ping_every``):
#: a loaded machine may stall them for over 8 s and fail nothing.
IDLE_SECONDS = 10.0


@pytest.fixture
def quick_idle(tmp_path: Path) -> Iterator[TestClient]:
    """A client of an app that closes a socket silent for ``IDLE_SECONDS``."""
    app = create_app(
        f"sqlite:///{tmp_path / 'games.sqlite3'}",
        secret_seeds=seeded_secrets(),
        review_agent=QUICK_REVIEW,
        ai_workers=session_workers(),
        socket_idle_seconds=IDLE_SECONDS,
    )
    with TestClient(app) as test_client:
        yield test_client


def test_a_silent_socket_is_closed_and_a_pinging_one_is_not(quick_idle: TestClient) -> None:
    """Two sockets side by side: one pings at the pace each pong asks for (a sixth of the silence
    allowed), the other says nothing. The silent one is closed; the pinging one, open the longer of
    the two and so pinged for longer than the silence allowed, is still answered."""
    game = create(quick_idle, seats=TWO_HUMANS)
    with socket_of(quick_idle, game, game["spectator_token"]) as pinging:
        assert next_message(pinging, "the pinging page's first view")["type"] == "state"
        with socket_of(quick_idle, game, game["spectator_token"]) as silent:
            assert next_message(silent, "the silent page's first view")["type"] == "state"
            closed = None
            deadline = time.monotonic() + 6 * IDLE_SECONDS
            while closed is None:
                assert time.monotonic() < deadline, "the silent socket is still open"
                pinging.send_json({"type": "ping"})
                pong = messages_until(pinging, lambda message: message["type"] == "pong", "the pong")[-1]
                assert pong["ping_every"] == ping_every(IDLE_SECONDS)
                closed = within(silent, pong["ping_every"])
                if closed is not None and closed["type"] == "websocket.send":
                    # How many watch (two spectators): the server's, not the page's, word.
                    assert json.loads(closed["text"])["type"] == "watching", closed
                    closed = None
            assert closed == {"type": "websocket.close", "code": IDLE_CODE, "reason": ""}
        pinging.send_json({"type": "ping"})
        messages_until(pinging, lambda message: message["type"] == "pong", "the pong of the ping")
