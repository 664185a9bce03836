"""A bot that thinks long (``cli/bot.py``'s ``thought``): its agent thinks in a thread while the
game's socket pings on, since the server counts a socket that missed two pings as gone from the
table (its opponent sees the connection lost, then may claim the game) and closes one silent for
its idle limit. (Attack review of 2026-12-01, evening: a bot thinking 20 s looked gone.)"""

from __future__ import annotations

import json
import threading
from typing import Any

import httpx
import pytest

from kingdomino.cli.bot import Bot

#: The seconds between pings the test's server asks for, and how many the bot must send while
#: it thinks (the server's two missed pings, and more).
PING_EVERY, PINGS = 0.05, 4


class Done(Exception):
    """The bot sent its move: the test is over."""


class Table:
    """A game's socket as the bot sees it: a pong that sets the pings' pace, then the bot's turn;
    it counts the pings sent, and ends the test once the move is sent."""

    def __init__(self) -> None:
        self.said = [
            {"type": "pong", "ping_every": PING_EVERY, "now": 0.0},
            {"type": "state", "status": "playing", "your_seats": [0], "index": 3, "legal_actions": ["x"]},
        ]
        self.pinged = threading.Semaphore(0)
        self.move: dict[str, Any] | None = None

    def send(self, text: str) -> None:
        message = json.loads(text)
        if message["type"] == "ping":
            self.pinged.release()
        if message["type"] == "action":
            self.move = message
            raise Done

    def recv(self, timeout: float | None = None) -> str:
        if not self.said:
            raise TimeoutError
        return json.dumps(self.said.pop(0))


class Pondering(Bot):
    """A bot whose agent thinks until its socket sent ``PINGS`` pings (none come if it blocks them)."""

    def __init__(self, http: httpx.Client, table: Table) -> None:
        super().__init__("http://testserver", http, "random", seed=1)
        self.table = table

    def move(self, game_id: str, token: str) -> dict[str, Any]:
        for ping in range(PINGS):
            assert self.table.pinged.acquire(timeout=30), f"ping {ping + 1} never came while the bot thought"
        return {"action": "x", "index": 3}


def test_a_bot_pings_while_its_agent_thinks() -> None:
    table = Table()
    with httpx.Client() as http, pytest.raises(Done):
        Pondering(http, table).follow(table, "g", "t")
    assert table.move == {"type": "action", "token": "t", "action": "x", "index": 3}


class Echoing(Table):
    """A socket that answers every ping with a pong (waiting unread until the bot reads on), the
    first one followed by the bot's turn, and notes what the bot sent; once the bot echoed a pong
    after its move, the game ends."""

    def __init__(self) -> None:
        super().__init__()
        turn = self.said[1]
        self.said = []
        self.sent: list[str] = []
        self.turn: dict[str, Any] | None = turn

    def send(self, text: str) -> None:
        kind = json.loads(text)["type"]
        self.sent.append(kind)
        if kind == "ping":
            self.pinged.release()
            self.said.append({"type": "pong", "ping_every": PING_EVERY, "now": 0.0})
            if self.turn is not None:
                self.said.append(self.turn)
                self.turn = None
        if kind == "echo" and "action" in self.sent:
            self.said.append({"type": "state", "status": "finished", "your_seats": [0], "index": 9})


def test_a_bot_echoes_no_pong_that_waited_while_it_thought() -> None:
    """The server times a pong's echo as the socket's round trip, credited to the bot's moves
    (``web/lag.py``): a pong read only after the agent thought would time the thinking. Counted:
    the pong before the turn is echoed, the pongs of the pings sent while thinking are not (nor
    the one due when it began), and the first pong of a ping sent after the move is."""
    table = Echoing()
    with httpx.Client() as http:
        Pondering(http, table).follow(table, "g", "t")
    after_move = table.sent[table.sent.index("action") :]
    assert table.sent[: table.sent.index("action")].count("echo") == 1, table.sent
    assert after_move.count("echo") == 1 and after_move.count("ping") >= 1, table.sent
    assert after_move.index("ping") < after_move.index("echo"), table.sent
