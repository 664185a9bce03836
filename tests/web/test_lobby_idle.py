"""The lobby's socket closed once silent, as a game's is (``routes/open_games``): a page or a bot
gone without a goodbye (a phone asleep, a cable pulled) held its lobby socket open on the server
for ever, counted among the lobby's watchers and its account's challenges' listeners, and as one
of its address's sockets. One that pings stays open; a logged-in one that pings still has its
session looked at (its pings kept it from ever being looked at again)."""

from __future__ import annotations

import time
from typing import Any, cast

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from tests.web.sockets import SOCKET_DEADLINE, close_code, next_of_type, within
from tests.web.test_challenges import account, as_, challenge, lobby_of
from tests.web.test_open_games import open_game

from kingdomino.web.page_link import IDLE_CODE, ping_every
from kingdomino.web.routes.open_games import SESSION_ENDED

#: The idle limit of these tests' servers: pings a sixth of it apart, a tenth of a second or more.
IDLE = 1.2


def lobby_sockets(client: TestClient) -> int:
    """The lobby's sockets open on the server, as its stats count them."""
    count: int = client.get("/api/stats").json()["sockets"]["lobby"]
    return count


def pinged_for(socket: WebSocketTestSession, seconds: float) -> None:
    """Ping ``socket`` at the server's pace for ``seconds``, each pong awaited."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        socket.send_json({"type": "ping"})
        assert next_of_type(socket, "pong")["ping_every"] == ping_every(IDLE)
        time.sleep(ping_every(IDLE))


def test_a_silent_lobby_socket_is_closed_and_holds_nothing_more(client: TestClient) -> None:
    boris = account(client, "Boris")
    kira = account(client, "Kira")
    state = cast(Any, client.app).state
    state.socket_idle_seconds = IDLE
    with lobby_of(client, boris) as boris_tab:
        assert next_of_type(boris_tab, "challenges")["challenges"] == []
        assert lobby_sockets(client) == 1 and len(state.hub.lobby.accounts) == 1
        assert close_code(boris_tab) == IDLE_CODE
    assert lobby_sockets(client) == 0
    assert state.hub.lobby.accounts == {} and not state.sockets_open
    assert challenge(client, kira, "Boris").status_code == 201  # told to no socket left behind


def test_a_lobby_socket_that_pings_stays_open_past_the_limit(client: TestClient) -> None:
    cast(Any, client.app).state.socket_idle_seconds = IDLE
    with client.websocket_connect("/ws/lobby") as lobby:
        assert next_of_type(lobby, "open_games")["games"] == []
        pinged_for(lobby, 2.5 * IDLE)
        assert lobby_sockets(client) == 1
        made = open_game(client)
        assert next_of_type(lobby, "listed")["game"]["id"] == made["id"]


def test_a_pinging_lobby_socket_whose_session_ended_is_closed(client: TestClient) -> None:
    """A page pinging every 10 s was never waited on a whole session look's 60 s: its session,
    ended, went on hearing its account's challenges. Here the look is every second, the pings a
    twentieth of one apart."""
    boris = account(client, "Boris")
    cast(Any, client.app).state.session_check_seconds = 1.0
    with lobby_of(client, boris) as boris_tab:
        assert next_of_type(boris_tab, "challenges")["challenges"] == []
        assert as_(client, boris).delete("/api/session").status_code == 200
        deadline = time.monotonic() + SOCKET_DEADLINE
        while time.monotonic() < deadline:
            boris_tab.send_json({"type": "ping"})
            heard = within(boris_tab, SOCKET_DEADLINE)
            assert heard is not None, "the socket answered no ping"
            if heard["type"] == "websocket.close":
                assert heard["code"] == SESSION_ENDED
                return
            time.sleep(0.05)
        raise AssertionError(f"the socket pinged for {SOCKET_DEADLINE:g} s was never closed")
