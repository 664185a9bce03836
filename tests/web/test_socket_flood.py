"""A socket that floods is refused, then closed, and its client's next sockets refused a while;
a page's game is never refused (``socket_limits``). The limits here are counted in hours: a test
counts messages, and no machine is slow enough for an hour's window to slide under it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from limits import parse
from starlette.testclient import WebSocketDenialResponse
from tests.web.conftest import assert_socket_error, create
from tests.web.sockets import messages_until, next_of_type, within

from kingdomino.web import socket_limits
from kingdomino.web.socket_limits import MESSAGE_RATES

#: The server's own limits (``conftest`` lifts them for every other test).
SERVER_RATES = MESSAGE_RATES


@pytest.fixture
def small_limits(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> TestClient:
    """``client``, its sockets let 4 messages an hour each (2 of them ``sync``), 6 together, and
    2 refusals."""
    monkeypatch.setattr(socket_limits, "REFUSALS", parse("2/hour"))
    app: Any = client.app
    app.state.socket_rates = {
        "message": (parse("4/hour"),),
        "sync": (parse("2/hour"),),
        "client": (parse("6/hour"),),
    }
    return client


def closed(socket: Any) -> tuple[int, str]:
    """The code and reason the server closed ``socket`` with, past the messages before it."""
    while True:
        message = within(socket, 30)
        assert message is not None, "waited 30 s for the server to close the socket"
        if message["type"] == "websocket.close":
            return int(message["code"]), str(message.get("reason", ""))


def assert_too_many(message: dict[str, Any], kind: str, limit: int) -> None:
    error = assert_socket_error({"v": None, **message})  # the lobby's messages name no version
    assert error["field"] == "type" and error["code"] == "too_many_messages", error
    assert error["values"]["kind"] == kind and error["values"]["limit"] == limit, error
    assert error["values"]["seconds"] >= 1 and "try again in" in error["message"], error


def assert_handshake_refused(client: TestClient, link: str) -> None:
    """A socket to ``link`` refused before it is accepted: its handshake answered 429, naming
    the refusals that closed the client's last socket and when to come back."""
    with pytest.raises(WebSocketDenialResponse) as refused:
        client.websocket_connect(link).__enter__()
    answer = refused.value
    assert answer.status_code == 429, answer.status_code
    assert_too_many({"type": "error", **answer.json()["error"]}, "message", 2)
    assert int(answer.headers["Retry-After"]) >= 1, answer.headers


def test_a_flood_of_syncs_is_refused_then_closed_and_its_client_refused(small_limits: TestClient) -> None:
    game = create(small_limits)
    link = f"/ws/games/{game['id']}?tokens={game['seats'][0]['token']}"
    with small_limits.websocket_connect(link) as socket:
        next_of_type(socket, "state")
        for _ in range(2):
            socket.send_json({"type": "sync"})
            next_of_type(socket, "state")
        socket.send_json({"type": "sync"})  # a third sync: over its own limit
        assert_too_many(next_of_type(socket, "error"), "sync", 2)
        for _ in range(2):  # the socket's third and fourth messages (the refused one not counted)
            socket.send_json({"type": "ping"})
            next_of_type(socket, "pong")
        socket.send_json({"type": "ping"})  # its fifth: over every message's limit
        assert_too_many(next_of_type(socket, "error"), "message", 4)
        socket.send_json({"type": "ping"})  # a third refusal, one over the two: closed
        assert closed(socket) == (socket_limits.FLOOD_CODE, socket_limits.FLOOD_REASON)
    assert_handshake_refused(small_limits, link)  # its client's next socket: refused unaccepted


def test_a_flood_of_bad_messages_counts_as_one(small_limits: TestClient) -> None:
    game = create(small_limits)
    with small_limits.websocket_connect(f"/ws/games/{game['id']}?tokens={game['spectator_token']}") as socket:
        next_of_type(socket, "state")
        for _ in range(4):
            socket.send_text("not JSON")
            assert assert_socket_error(next_of_type(socket, "error"))["field"] == "message"
        socket.send_text("not JSON")
        assert_too_many(next_of_type(socket, "error"), "message", 4)


def test_a_flood_of_lobby_pings_is_refused_then_closed(small_limits: TestClient) -> None:
    with small_limits.websocket_connect("/ws/lobby") as socket:
        next_of_type(socket, "open_games")
        for _ in range(4):
            socket.send_json({"type": "ping"})
            next_of_type(socket, "pong")
        for _ in range(2):
            socket.send_json({"type": "ping"})
            assert_too_many(next_of_type(socket, "error"), "message", 4)
        socket.send_json({"type": "ping"})
        assert closed(socket) == (socket_limits.FLOOD_CODE, socket_limits.FLOOD_REASON)
    assert_handshake_refused(small_limits, "/ws/lobby")


def unrefused(socket: Any, last: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The socket's first message ``last`` holds of, no error before it."""
    heard = messages_until(socket, lambda m: m["type"] == "error" or last(m), "an answer")
    assert heard[-1]["type"] != "error", heard[-1]
    return heard[-1]


def newer_state(index: int) -> Callable[[dict[str, Any]], bool]:
    return lambda message: message["type"] == "state" and message["index"] > index


def test_a_page_s_whole_game_is_never_refused(client: TestClient) -> None:
    """A game of two seats played to its end on one socket as a page plays it, and more: a ping
    and its echo with every move, a ``why`` and a ``sync`` every fourth, as fast as the server
    answers. Counted, not timed: the whole game fits in a second's limit, however fast it goes."""
    app: Any = client.app
    app.state.socket_rates = SERVER_RATES
    game = create(client, seats=[{"kind": "human"}, {"kind": "human"}], seed=None)
    tokens = ",".join(seat["token"] for seat in game["seats"])
    moves = 0
    with client.websocket_connect(f"/ws/games/{game['id']}?tokens={tokens}") as socket:
        view = unrefused(socket, lambda m: m["type"] == "state")
        while view["status"] != "finished":
            socket.send_json({"type": "ping"})
            unrefused(socket, lambda m: m["type"] == "pong")
            socket.send_json({"type": "echo"})
            if moves % 4 == 0:
                socket.send_json({"type": "why", "action": "claim 999"})
                unrefused(socket, lambda m: m["type"] == "why")
            socket.send_json({"type": "action", "action": view["legal_actions"][0], "index": view["index"]})
            if moves % 4 == 0:
                socket.send_json({"type": "sync"})
            view = unrefused(socket, newer_state(view["index"]))
            moves += 1
    assert moves > 40, moves


def test_each_socket_counts_its_own_messages(small_limits: TestClient) -> None:
    """A client's other socket goes on while one is refused: messages count per socket."""
    game = create(small_limits)
    link = f"/ws/games/{game['id']}?tokens={game['spectator_token']}"
    with small_limits.websocket_connect(link) as first, small_limits.websocket_connect(link) as second:
        next_of_type(first, "state")
        next_of_type(second, "state")
        for _ in range(5):
            first.send_json({"type": "ping"})
        assert_too_many(next_of_type(first, "error"), "message", 4)
        second.send_json({"type": "ping"})
        next_of_type(second, "pong")


def test_a_client_s_sockets_together_are_limited(small_limits: TestClient) -> None:
    """Sockets under their own limits, but over the client's together: the flood of many
    sockets (a client may hold 100) is refused as one socket's is."""
    game = create(small_limits)
    link = f"/ws/games/{game['id']}?tokens={game['spectator_token']}"
    with small_limits.websocket_connect(link) as first, small_limits.websocket_connect(link) as second:
        for socket, pings in ((first, 4), (second, 2)):
            next_of_type(socket, "state")
            for _ in range(pings):
                socket.send_json({"type": "ping"})
                next_of_type(socket, "pong")
        second.send_json({"type": "ping"})  # the client's seventh: the second socket's third
        assert_too_many(next_of_type(second, "error"), "client", 6)
