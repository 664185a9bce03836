"""One client holds at most ``MAX_SOCKETS_PER_CLIENT`` WebSockets open, over every game.

Each game caps its own sockets (its spectators, 4 per seat), but without this cap a script that
creates games, one request each, could open a game's share of spectator sockets on every one of
them, as many as it liked, until the server had no file descriptor left.
"""

from __future__ import annotations

import time
from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import assert_socket_error, create
from tests.web.sockets import close_code, next_message

from kingdomino.web.routes import game_socket


def test_a_client_over_its_sockets_is_refused_by_name_until_one_closes(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game_socket, "MAX_SOCKETS_PER_CLIENT", 3)
    games = [create(client) for _ in range(4)]
    links = [f"/ws/games/{game['id']}?tokens={game['spectator_token']}" for game in games]
    with ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(link)) for link in links[:3]]
        for socket in sockets:
            assert next_message(socket, "the first view")["type"] == "state"
        with client.websocket_connect(links[3]) as refused:
            error = assert_socket_error(next_message(refused, "the refusal of a fourth socket"))
            assert error["field"] == "client" and error["code"] == "client_sockets_full"
            assert error["values"] == {"n": 3}
            assert close_code(refused) == 4429
        sockets[0].close()
        for _ in range(100):  # the server counts the closed socket out once its handler ends
            with client.websocket_connect(links[3]) as again:
                if next_message(again, "the first view or a refusal")["type"] == "state":
                    break
            time.sleep(0.02)
        else:
            raise AssertionError("a socket closed did not make room for another")
