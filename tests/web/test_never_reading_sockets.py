"""A WebSocket whose client never reads is cut off once it is a bounded number of bytes behind.

Why a real server: the kernel grows a socket's send buffer to megabytes, so without a fixed one
the outbox would never see a never-reading socket fall behind while the server's send queues
held tens of megabytes. Against a real uvicorn server, over raw sockets, with spectator sockets of
a 4 KiB receive buffer on a 4-player Origins Tribe game played over HTTP.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from tests.web.servers import free_port, running
from websockets.sync.client import connect

from kingdomino.web.app import create_app
from kingdomino.web.outbox import MAX_BYTES_BEHIND
from kingdomino.web.probe_clients import drain, never_reading_socket
from kingdomino.web.send_backlog import SEND_BUFFER
from kingdomino.web.serving import server_config

#: Never-reading spectators on the game.
SILENT = 5
#: The most a never-reading socket may get, draining it once the game is over: what it may fall
#: behind by, its kernel send buffer (doubled by the kernel) and its own receive buffer.
MOST_DRAINED = MAX_BYTES_BEHIND + 2 * SEND_BUFFER + 64 * 1024
#: Seconds of silence after which a drained socket counts as left open by the server.
SILENCE = 30.0


@pytest.fixture
def port(database: str) -> Iterator[int]:
    with running(server_config(create_app(database, ai_delay=0.0), "127.0.0.1", free_port())) as port:
        yield port


def watched(port: int, game_id: str, token: str, seen: list[int], ready: threading.Event) -> None:
    """A spectator that reads: notes every view's index until the game is over."""
    with connect(f"ws://127.0.0.1:{port}/ws/games/{game_id}?tokens={token}", max_size=None) as ws:
        ready.set()
        for raw in ws:
            message = json.loads(raw)
            if message["type"] == "state":
                seen.append(message["index"])
                if message["status"] == "finished":
                    return


def played(client: httpx.Client, game: dict[str, Any]) -> list[int]:
    """The game played to its end over HTTP with random legal moves; its index after each move."""
    rng = random.Random(3)
    tokens = [seat["token"] for seat in game["seats"]]
    path = f"/api/games/{game['id']}"
    view = client.get(path, params={"token": tokens[0]}).json()
    after = []
    while view["status"] != "finished":
        token = tokens[view["current_player"]]
        view = client.get(path, params={"token": token}).json()
        move = {"token": token, "action": rng.choice(view["legal_actions"]), "index": view["index"]}
        assert client.post(f"{path}/actions", json=move).status_code == 200
        view = client.get(path, params={"token": token}).json()
        after.append(view["index"])
    return after


def test_sockets_that_never_read_are_cut_off_while_a_reading_one_gets_every_view(port: int) -> None:
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        seats = [{"kind": "human"} for _ in range(4)]
        body = {"game": "origins", "players": 4, "options": {"mode": "tribe"}, "seats": seats}
        game = client.post("/api/games", json=body).json()
        spectator = game["spectator_token"]
        silent = [never_reading_socket(port, game["id"], spectator) for _ in range(SILENT)]
        seen: list[int] = []
        ready = threading.Event()
        reader = threading.Thread(target=watched, args=(port, game["id"], spectator, seen, ready))
        reader.start()
        try:
            assert ready.wait(30)
            after = played(client, game)
        finally:
            reader.join(timeout=60)
    try:
        assert not reader.is_alive(), "the reading spectator did not see the game end"
        assert not set(after) - set(seen), "the reading spectator missed views"
        for sock in silent:
            size, closed = drain(sock, SILENCE, MOST_DRAINED)
            assert closed and size <= MOST_DRAINED, (size, closed)
    finally:
        for sock in silent:
            sock.close()
