"""Many spectators of one game: the game's cap and the server's bound refuse by name, a spectator
that does not read delays no player and skips to the newest state, and a hundred spectators all
see the game end.

Why: a club final streamed to hundreds was refused from its 33rd spectator; a popular game's
broadcast must stay cheap (one view, stamped once, queued without a task each), a slow spectator
must neither slow the players nor pile up every state it missed, and an attacker who opens
spectators on many games must meet a bound for the whole server.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import assert_socket_error, create
from tests.web.servers import free_port, running
from tests.web.sockets import close_code, messages_until, next_message
from tests.web.test_table import new_table

from kingdomino.web import admission, outbox, send_backlog
from kingdomino.web.app import create_app
from kingdomino.web.live import Watcher
from kingdomino.web.probe_clients import never_reading_socket, text_frames
from kingdomino.web.serving import server_config

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]
#: Seconds the tests wait for what they await (generous: the machine is shared).
DEADLINE = 30.0


def watch_link(game: dict[str, Any]) -> str:
    return f"/ws/games/{game['id']}?tokens={game['spectator_token']}"


def test_the_game_s_cap_and_the_server_s_bound_refuse_spectators_by_name(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(admission, "MAX_SPECTATORS", 2)
    monkeypatch.setattr(admission, "MAX_SPECTATORS_IN_ALL", 3)
    audience = client.app.state.hub.audience  # type: ignore[attr-defined]
    first, second = create(client, seats=TWO_HUMANS), create(client, seats=TWO_HUMANS)
    with ExitStack() as stack:
        watching = [stack.enter_context(client.websocket_connect(watch_link(first))) for _ in range(2)]
        for page in watching:
            assert next_message(page, "the first view")["type"] == "state"
        with client.websocket_connect(watch_link(first)) as third:
            error = assert_socket_error(next_message(third, "the game's refusal of a third spectator"))
            assert error["field"] == "tokens" and error["code"] == "spectators_full"
            assert error["values"] == {"n": 2} and close_code(third) == 4429
        other = stack.enter_context(client.websocket_connect(watch_link(second)))
        assert next_message(other, "the other game's first view")["type"] == "state"
        with client.websocket_connect(watch_link(second)) as fourth:
            error = assert_socket_error(next_message(fourth, "the server's refusal of a fourth spectator"))
            assert error["field"] == "tokens" and error["code"] == "server_spectators_full"
            assert error["values"] == {"n": 3} and "over all its games" in error["message"]
            assert close_code(fourth) == 4429
        players = [f"/ws/games/{second['id']}?tokens={seat['token']}" for seat in second["seats"]]
        with client.websocket_connect(players[0]) as player:  # a player is no spectator: never refused
            assert next_message(player, "a player's first view")["type"] == "state"
        watching[0].close()
        deadline = time.monotonic() + DEADLINE
        while audience.count > 2:  # counted out once the server's handler of the socket ends
            assert time.monotonic() < deadline, "a spectator gone was not counted out"
            time.sleep(0.02)
        with client.websocket_connect(watch_link(second)) as again:
            assert next_message(again, "a spectator let in once another left")["type"] == "state"
    assert _counted_out(audience), "the spectators gone were not all counted out"


def _counted_out(audience: admission.Audience) -> bool:
    """Whether every spectator's socket is counted out (their handlers end after the test's block)."""
    deadline = time.monotonic() + DEADLINE
    while audience.count:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_a_hundred_spectators_all_see_the_game_end(client: TestClient) -> None:
    game = create(client, seats=TWO_HUMANS)
    tokens = [seat["token"] for seat in game["seats"]]
    path = f"/api/games/{game['id']}"
    with ExitStack() as stack:  # a test client is one client: 100 sockets, all it may hold
        watching = [stack.enter_context(client.websocket_connect(watch_link(game))) for _ in range(100)]
        for page in watching:
            assert next_message(page, "the first view")["type"] == "state"
        rng = random.Random(5)
        for _ in range(6):
            view = client.get(path, params={"token": tokens[0]}).json()
            token = tokens[view["current_player"]]
            view = client.get(path, params={"token": token}).json()
            move = {"token": token, "action": rng.choice(view["legal_actions"]), "index": view["index"]}
            assert client.post(f"{path}/actions", json=move).status_code == 200
        assert client.post(f"{path}/resign", json={"token": tokens[0]}).status_code == 200
        final = client.get(path, params={"token": tokens[1]}).json()
        assert final["status"] == "finished"
        for page in watching:
            last = messages_until(page, _finished, "the finished game's state")[-1]
            assert last["index"] == final["index"] and last["version"] == final["version"]


def _finished(message: dict[str, Any]) -> bool:
    return bool(message["type"] == "state" and message["status"] == "finished")


@pytest.fixture
def port(database: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """A live server whose sockets have small send buffers (a spectator that does not read fills
    them within a few states) and that never cuts a client off in the test's time: a spectator
    that does not read stays, and the players play on beside it."""
    monkeypatch.setattr(send_backlog, "SEND_BUFFER", 4096)
    monkeypatch.setattr(outbox, "SEND_TIMEOUT", 600.0)
    monkeypatch.setattr(outbox, "MAX_BYTES_BEHIND", 1 << 30)
    with running(server_config(create_app(database, ai_delay=0.0), "127.0.0.1", free_port())) as port:
        yield port


def test_a_spectator_that_does_not_read_delays_no_move_and_then_gets_the_newest_state(port: int) -> None:
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=DEADLINE) as client:
        body = {"game": "kingdomino", "players": 2, "seats": TWO_HUMANS}
        game = client.post("/api/games", json=body).json()
        tokens = [seat["token"] for seat in game["seats"]]
        path = f"/api/games/{game['id']}"
        silent = never_reading_socket(port, game["id"], game["spectator_token"])
        try:
            rng = random.Random(7)
            view = client.get(path, params={"token": tokens[0]}).json()
            moves = 0
            while view["status"] != "finished":  # each move answered, the spectator reading nothing
                token = tokens[view["current_player"]]
                view = client.get(path, params={"token": token}).json()
                move = {"token": token, "action": rng.choice(view["legal_actions"]), "index": view["index"]}
                assert client.post(f"{path}/actions", json=move).status_code == 200
                moves += 1
                view = client.get(path, params={"token": token}).json()
            states = _states_until_the_end(silent)
        finally:
            silent.close()
    assert states[-1]["index"] == view["index"], "the spectator never got the game's last state"
    # It got what was on its way when it stopped reading, then the newest: not every state missed.
    assert len(states) < moves / 2, (len(states), moves)


def _states_until_the_end(sock: socket.socket) -> list[dict[str, Any]]:
    """The states a socket that stopped reading gets once it reads, up to the finished game's."""
    states: list[dict[str, Any]] = []
    for text in text_frames(sock, DEADLINE):
        message = json.loads(text)
        if message["type"] == "state":
            states.append(message)
            if message["status"] == "finished":
                return states
    raise AssertionError(f"the socket closed before the game's end, after {len(states)} states")


def test_a_player_s_page_whose_seat_went_to_an_ai_counts_as_a_spectator_once(tmp_path: Path) -> None:
    """A page counted as a player's at its opening watches as a spectator once its seat is handed
    to an AI: the game's and the server's counts take it in then, and out once when it closes."""

    async def scenario() -> list[tuple[int, int]]:
        table, host = new_table(tmp_path)
        counts: list[tuple[int, int]] = []

        async def send(text: str) -> None:
            pass

        token = str(table.stored.seats[0]["token"])
        page = Watcher((0,), send, frozenset({token}))
        await table.join(page)
        counts.append((len(table.spectators), host.audience.count))
        await table.hand_to_ai(token, "random")  # its player leaves: the page only watches now
        counts.append((len(table.spectators), host.audience.count))
        await table.part(page)
        await table.part(page)  # a page parts once, however often its end is heard
        counts.append((len(table.spectators), host.audience.count))
        table.store.close()
        return counts

    assert asyncio.run(scenario()) == [(0, 0), (1, 1), (0, 0)]
