"""A silence at the guest's door of the same browser (``web/silence_mark.py``): a silenced account
logged in writes no line in a players' room from a guest's seat either, and logging out leaves
the silence's mark on the browser, which keeps its guest pages out of the players' room until the
silence ends. Another browser's guest writes as before."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.sockets import messages_until, next_of_type
from tests.web.test_challenges import as_
from tests.web.test_relations import app_over, people
from tests.web.test_silenced_writing import silenced

from kingdomino.web.silence_mark import COOKIE

GUESTS = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bela", "online": True}]


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def said(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    """What the players' room answers a guest's seat ``token`` of the client's browser: its
    ``chat_history``'s room, then its answer to a line (``ack`` or ``error``)."""
    with client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": token}) as page:
        page.send_json({"type": "chat_read"})
        room = next_of_type(page, "chat_history")["rooms"]["players"]
        page.send_json({"type": "chat", "room": "players", "text": "hello"})
        answer = messages_until(page, lambda message: message["type"] in ("ack", "error"), "an answer")[-1]
        return {"write": room["write"], "answer": answer.get("code", answer["type"])}


def test_a_silenced_account_writes_from_no_guest_seat_of_its_browser(client: TestClient) -> None:
    (boris, boris_s), (_, kira_s) = people(client, "Boris", "Kira")
    silenced(client, boris)
    client.cookies.clear()
    made = client.post("/api/games", json={"game": "kingdomino", "players": 2, "seats": GUESTS})
    assert made.status_code == 201, made.text
    game_id, tokens = made.json()["id"], [seat["token"] for seat in made.json()["seats"]]
    refused = {"write": "silenced", "answer": "silenced"}
    assert said(as_(client, boris_s), game_id, tokens[1]) == refused  # logged in, at a guest's seat
    out = client.delete("/api/session")
    assert out.status_code == 200 and COOKIE in client.cookies, out.headers
    assert said(client, game_id, tokens[1]) == refused  # logged out: the browser bears the mark
    assert said(as_(client, None), game_id, tokens[0]) == {"write": None, "answer": "ack"}  # another's
    assert said(as_(client, kira_s), game_id, tokens[0])["answer"] == "ack"
    as_(client, kira_s).delete("/api/session")
    assert COOKIE not in client.cookies  # an account not silenced leaves no mark
    client.cookies.set(COOKIE, str(int((datetime.now(UTC) - timedelta(seconds=1)).timestamp())))
    assert said(client, game_id, tokens[1])["answer"] == "ack"  # the silence is over
