"""A client opens only so many sockets, game and lobby together (``socket_limits.OPENINGS``):
one more is refused before it is accepted, its handshake answered 429. The small limits here are
counted in hours, so no machine is slow enough for the window to slide under a test."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from limits import parse
from starlette.testclient import WebSocketDenialResponse
from tests.web.conftest import create
from tests.web.sockets import next_of_type

from kingdomino.web.socket_limits import OPENINGS

#: The server's own limits (``conftest`` lifts them for every other test).
SERVER_OPENINGS = OPENINGS


def test_a_client_opening_too_many_sockets_is_refused_its_handshake(client: TestClient) -> None:
    app: Any = client.app
    app.state.socket_openings = (parse("3/hour"),)
    game = create(client)
    link = f"/ws/games/{game['id']}?tokens={game['spectator_token']}"
    with client.websocket_connect(link) as socket:
        next_of_type(socket, "state")
    with client.websocket_connect("/ws/lobby") as lobby:
        next_of_type(lobby, "open_games")
    with client.websocket_connect(link) as socket:  # the third: closing one gives none back
        next_of_type(socket, "state")
    for refused_link in (link, "/ws/lobby"):
        with pytest.raises(WebSocketDenialResponse) as refused:
            client.websocket_connect(refused_link).__enter__()
        answer = refused.value
        assert answer.status_code == 429, answer.status_code
        error = answer.json()["error"]
        assert error["code"] == "too_many_messages" and error["values"]["kind"] == "socket", error
        assert error["values"]["limit"] == 3 and "sockets opened" in error["message"], error
        assert int(answer.headers["Retry-After"]) >= 1, answer.headers


def test_a_second_s_worth_of_sockets_is_never_refused(client: TestClient) -> None:
    """The server's own limits: as many sockets as its second's limit, opened one after another
    as fast as they open (counted, not timed: a slower machine opens fewer in a second), each
    accepted and sent its game."""
    app: Any = client.app
    app.state.socket_openings = SERVER_OPENINGS
    game = create(client)
    link = f"/ws/games/{game['id']}?tokens={game['spectator_token']}"
    for _ in range(SERVER_OPENINGS[0].amount):
        with client.websocket_connect(link) as socket:
            next_of_type(socket, "state")
    assert SERVER_OPENINGS[0].amount >= 10 and SERVER_OPENINGS[-1].amount >= 100, SERVER_OPENINGS
