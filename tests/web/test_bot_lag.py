"""A bot's lag credit (``cli/bot.py``, ``web/lag.py``): the bot sends its moves on the game's socket
and echoes each pong at once, as a page does, so a bot far from its server is charged its thinking,
not the network's round trip; the server's clock faked as in ``test_lag``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from tests.web.sockets import messages_until, next_of_type
from tests.web.test_lag import BLITZ, HUMANS, FakeTime, clock_hand, left_of

from kingdomino.cli.bot import Bot

__all__ = ["clock_hand"]  # the fixture

#: The network's round trip between the bot and the server, and the bot's thinking, in seconds.
ROUND_TRIP, THOUGHT = 0.7, 4.0


class Moved(Exception):
    """The bot's move was acknowledged: the test reads the clock."""


class SlowNetwork:
    """A bot's game socket (``bot.Socket``) over a test client's, whose pongs reach the bot
    ``ROUND_TRIP`` later by the server's clock: its echo comes back that late. Once the bot has
    echoed one, its opponent moves (over HTTP), so the bot's turn begins with the round trip
    measured; the bot's move acknowledged ends the test's game (``Moved``)."""

    def __init__(self, socket: WebSocketTestSession, hand: FakeTime, opponent_moves: Any) -> None:
        self.socket, self.hand, self.opponent_moves = socket, hand, opponent_moves
        self.echoed = self.moved = self.ponged = False

    def send(self, text: str) -> None:
        kind = json.loads(text)["type"]
        self.socket.send_text(text)
        if kind == "echo" and not self.echoed:
            self.echoed = True
            self.socket.send_json({"type": "ping"})  # answered once the echo is read: the sample is taken
            next_of_type(self.socket, "pong")
            self.opponent_moves()
        self.moved = self.moved or kind == "action"

    def recv(self, timeout: float | None = None) -> str:
        if self.moved:
            messages_until(
                self.socket, lambda message: message["type"] in ("ack", "error"), "the move's answer"
            )
            raise Moved
        assert self.echoed or not self.ponged, "the bot read the pong without echoing it"
        message = messages_until(self.socket, lambda message: True, "a message")[-1]
        if message["type"] == "pong" and not self.echoed:
            self.hand.now += ROUND_TRIP
            self.ponged = True
        return json.dumps(message)


class ThinkingBot(Bot):
    """A bot whose move reaches the server ``THOUGHT`` seconds after the position left it, plus the
    network's round trip (the position's way to the bot, the move's way back)."""

    def __init__(self, *args: Any, hand: FakeTime, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hand = hand

    def move(self, game_id: str, token: str) -> dict[str, Any]:
        self.hand.now += ROUND_TRIP + THOUGHT
        return super().move(game_id, token)


def test_a_bot_on_a_slow_socket_is_charged_its_thinking_as_a_page_is(
    client: TestClient, clock_hand: FakeTime
) -> None:
    made = client.post(
        "/api/games", json={"game": "kingdomino", "players": 2, "seats": HUMANS, "time_control": BLITZ}
    )
    game_id, tokens = made.json()["id"], [seat["token"] for seat in made.json()["seats"]]
    first = client.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()["current_player"]
    bot_seat = 1 - first  # the opponent moves first: the bot's turn comes once its socket is measured

    def opponent_moves() -> None:
        """The opponent plays until the bot's seat is to act (a king may play twice in a row)."""
        while (view := client.get(f"/api/games/{game_id}", params={"token": tokens[first]}).json())[
            "current_player"
        ] == first:
            body = {"token": tokens[first], "action": view["legal_actions"][0]}
            assert client.post(f"/api/games/{game_id}/actions", json=body).status_code == 200

    bot = ThinkingBot("http://testserver", client, "random", seed=1, hand=clock_hand)
    url = f"/ws/games/{game_id}"
    with client.websocket_connect(url, params={"tokens": tokens[bot_seat]}) as socket, pytest.raises(Moved):
        bot.follow(SlowNetwork(socket, clock_hand, opponent_moves), game_id, tokens[bot_seat])
    assert left_of(client, game_id, tokens[bot_seat], bot_seat) == pytest.approx(300.0 - THOUGHT + 3.0)
