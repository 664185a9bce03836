"""Lag compensation (``web/lag.py``): a move sent on a game's socket is charged its player's
thinking, the round trip the server measured on that socket given back within a cap per move and a
quota per game; a client holding its echo back to claim a slow network gains no more than the
quota; a move over HTTP, which nothing measures, is charged in full."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from tests.web.sockets import next_of_type

from kingdomino.web import lag, table
from kingdomino.web.clocks import TimeControl, after_move, started
from kingdomino.web.lag import LAG

BLITZ = {"kind": "game", "minutes": 5, "increment": 3}
HUMANS = [{"kind": "human", "name": "Mira"}, {"kind": "human", "name": "Tom"}]


def test_a_move_is_credited_its_round_trip_within_the_cap() -> None:
    control = TimeControl.of(BLITZ)
    clock = started(control, 2, 1000.0)
    honest = after_move(control, clock, 0, 1004.7, lag=0.7)  # 4 s of thought, 0.7 s of network
    assert honest["remaining"][0] == pytest.approx(300.0 - 4.0 + 3.0)
    claimed = after_move(control, clock, 0, 1004.7, lag=30.0)
    assert claimed["remaining"][0] == pytest.approx(300.0 - 4.7 + LAG["move_credit_seconds"] + 3.0)
    assert after_move(control, clock, 0, 1000.2, lag=0.7)["remaining"][0] == 303.0  # never a gain
    unmeasured = after_move(control, clock, 0, 1004.7)
    assert unmeasured["remaining"][0] == pytest.approx(298.3) and "lag_quota" not in unmeasured
    per_move = TimeControl.of({"kind": "move", "seconds": 60})
    assert "lag_quota" not in after_move(per_move, started(per_move, 2, 0.0), 0, 5.0, lag=0.7)


def test_a_client_claiming_lag_gets_no_more_than_the_quota() -> None:
    control = TimeControl.of(BLITZ)
    clock, moment, credits = started(control, 2, 0.0), 0.0, []
    for _ in range(40):
        moment += 10.0
        before = clock["remaining"][0]
        clock = after_move(control, clock, 0, moment, lag=60.0)
        credits.append(clock["remaining"][0] - (before - 10.0 + 3.0))
        clock = after_move(control, clock, 1, moment)  # the opponent moves at once
    assert max(credits) == pytest.approx(LAG["move_credit_seconds"])
    assert sum(credits) <= LAG["quota_start_seconds"] + 40 * LAG["quota_gain_seconds"] + 1e-9
    assert credits[-1] == pytest.approx(LAG["quota_gain_seconds"])  # drained: a move earns its gain
    assert clock["lag_quota"][1] == LAG["quota_max_seconds"]  # the other seat's, its own, was kept full


class FakeTime(SimpleNamespace):
    """The server's clocks (``time.time`` and ``time.monotonic``) at a moment the test moves."""

    def __init__(self) -> None:
        super().__init__(now=time.time())

    def time(self) -> float:
        return float(self.now)

    def monotonic(self) -> float:
        return float(self.now)


@pytest.fixture
def clock_hand(monkeypatch: pytest.MonkeyPatch) -> FakeTime:
    fake = FakeTime()
    monkeypatch.setattr(table, "time", fake)
    monkeypatch.setattr(lag, "time", fake)
    return fake


def game_to_act(client: TestClient) -> tuple[str, str, int, dict[str, Any]]:
    """A new 5 + 3 game of two people: its id, the token of the seat to act, that seat, its view."""
    body = {"game": "kingdomino", "players": 2, "seats": HUMANS, "time_control": BLITZ}
    made = client.post("/api/games", json=body).json()
    tokens = [seat["token"] for seat in made["seats"]]
    view = client.get(f"/api/games/{made['id']}", params={"token": tokens[0]}).json()
    acting = view["current_player"]
    mine = client.get(f"/api/games/{made['id']}", params={"token": tokens[acting]}).json()
    return made["id"], tokens[acting], acting, mine


def measured(socket: WebSocketTestSession, hand: FakeTime, round_trip: float) -> None:
    """The socket's round trip measured as ``round_trip`` seconds (its echo held that long)."""
    socket.send_json({"type": "ping"})
    assert next_of_type(socket, "pong")["now"] > 0
    hand.now += round_trip
    socket.send_json({"type": "echo"})
    socket.send_json({"type": "ping"})  # answered once the echo is read: the sample is taken
    next_of_type(socket, "pong")


def moved_on_socket(client: TestClient, hand: FakeTime, round_trip: float, thought: float) -> float:
    """The mover's seconds left after a move on a socket of ``round_trip`` made ``thought`` later."""
    game_id, token, acting, view = game_to_act(client)
    with client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": token}) as socket:
        next_of_type(socket, "state")
        measured(socket, hand, round_trip)
        hand.now += thought
        socket.send_json({"type": "action", "action": view["legal_actions"][0], "index": view["index"]})
        next_of_type(socket, "ack")
    return left_of(client, game_id, token, acting)


def left_of(client: TestClient, game_id: str, token: str, seat: int) -> float:
    """The seconds ``seat`` has left, as the game's view says."""
    left: float = client.get(f"/api/games/{game_id}", params={"token": token}).json()["clock"]["remaining"][
        seat
    ]
    return left


def test_a_move_on_a_slow_socket_is_charged_its_thinking(client: TestClient, clock_hand: FakeTime) -> None:
    assert moved_on_socket(client, clock_hand, 0.7, 4.0) == pytest.approx(300.0 - 4.0 + 3.0)


def test_a_socket_holding_its_echo_back_gains_only_the_cap(client: TestClient, clock_hand: FakeTime) -> None:
    left = moved_on_socket(client, clock_hand, 30.0, 4.0)
    assert left == pytest.approx(300.0 - 34.0 + LAG["move_credit_seconds"] + 3.0)


def test_a_move_over_http_is_charged_in_full(client: TestClient, clock_hand: FakeTime) -> None:
    game_id, token, acting, view = game_to_act(client)
    clock_hand.now += 4.0
    body = {"token": token, "action": view["legal_actions"][0]}
    assert client.post(f"/api/games/{game_id}/actions", json=body).status_code == 200
    assert left_of(client, game_id, token, acting) == pytest.approx(299.0)
