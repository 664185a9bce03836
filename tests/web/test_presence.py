"""Who is at the table, as the players' pages hear it: which seats have a page open (``here``),
which of a page's seats another page holds too (``elsewhere``: both play), and, for a seat handed
to an AI, whether its player was away; a page opened after the handover hears its former seat."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any, NamedTuple

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from tests.web.conftest import create, seeded_secrets, wait_for
from tests.web.sockets import messages_until, next_message

from kingdomino.web.app import create_app
from kingdomino.web.presence import COUNT_PAUSE

FRIENDS = [
    {"kind": "human", "name": "Ann"},
    {"kind": "human", "name": "Bea"},
    {"kind": "ai", "level": "greedy"},
]


def until_pong(socket: WebSocketTestSession) -> list[dict[str, Any]]:
    """The messages the server sends a socket up to the pong of a ping sent now: what it had
    queued for the socket before reading the ping, with no wait for anything else."""
    socket.send_json({"type": "ping"})
    return messages_until(socket, lambda message: message["type"] == "pong", "the pong of a ping")[:-1]


def presences(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [message for message in messages if message["type"] == "presence"]


def next_presence(socket: WebSocketTestSession, timeout: float = 30.0) -> dict[str, Any]:
    """The next presence the socket hears, after something that happens on the server's own time
    (another page closing): asked for by ping after ping until it comes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        told = presences(until_pong(socket))
        if told:
            return told[0]
    raise AssertionError(f"no presence heard in {timeout} s")


def test_each_player_hears_who_is_at_the_table_as_pages_open_and_close(client: TestClient) -> None:
    """Ann's page hears the moment Bea's opens and closes, with no more than that (no time, no
    count of pages), and never of the AI seat; a spectator hears who is at the table alone (no
    seat awaited, none open elsewhere: it holds none)."""
    created = create(client, players=3, seats=FRIENDS)
    game_id = created["id"]
    ann, bea = (seat["token"] for seat in created["seats"][:2])
    path = f"/ws/games/{game_id}"
    with client.websocket_connect(path, params={"tokens": ann}) as ann_page:
        told = presences(until_pong(ann_page))
        assert [message["here"] for message in told] == [[0]] and told[0]["elsewhere"] == []
        with client.websocket_connect(path, params={"tokens": created["spectator_token"]}) as watching:
            with client.websocket_connect(path, params={"tokens": bea}) as bea_page:
                assert [message["here"] for message in presences(until_pong(bea_page))] == [[0, 1]]
                told = presences(until_pong(ann_page))
                assert [message["here"] for message in told] == [[0, 1]]
                assert set(told[0]) == {
                    "type",
                    "v",
                    "away",
                    "after",
                    "here",
                    "elsewhere",
                    "lost",
                    "gone",
                    "claim_after",
                }
                bea_page.close()  # as a browser does: the test client's own exit cuts the server short
                assert next_presence(ann_page)["here"] == [0]
            watched = presences(until_pong(watching))
            assert [message["here"] for message in watched] == [[0], [0, 1], [0]]
            assert all(message["away"] == {} and message["elsewhere"] == [] for message in watched)


def test_a_seat_open_in_two_windows_plays_from_both_and_both_are_told(client: TestClient) -> None:
    """One link opened in two browsers (a game against an AI): each page hears that its seat is
    open elsewhere too, either plays, and the one left hears when the other closes."""
    created = create(client)
    game_id = created["id"]
    token = created["seats"][0]["token"]
    path = f"/ws/games/{game_id}"
    with client.websocket_connect(path, params={"tokens": token}) as first:
        assert presences(until_pong(first)) == []  # one page of one human: nothing to tell
        with client.websocket_connect(path, params={"tokens": token}) as second:
            told = presences(until_pong(second))
            assert [(message["elsewhere"], message["here"]) for message in told] == [([0], [])]
            assert [message["elsewhere"] for message in presences(until_pong(first))] == [[0]]
            view = wait_for(client, game_id, token, lambda view: view["legal_actions"])
            second.send_json({"type": "action", "action": view["legal_actions"][0], "index": view["index"]})
            acked = messages_until(second, lambda message: message["type"] in ("ack", "error"), "the ack")
            assert acked[-1]["type"] == "ack", acked
            message = messages_until(
                first,
                lambda message: message["type"] == "state" and message["index"] > view["index"],
                "the view after the other page's move",
            )[-1]
            assert message["your_seats"] == [0]  # the older page still plays the seat
            second.close()  # as a browser does: the test client's own exit cuts the server short
            assert next_presence(first)["elsewhere"] == []


class AwayGame(NamedTuple):
    """A game of Ann and Bea on a server that hands over an away seat at once (``away_seconds=0``)."""

    client: TestClient
    created: dict[str, Any]
    tokens: list[str]
    #: The seat to act first, whose player is away; and the other's, whose player is at the table.
    away: int
    here: int


@pytest.fixture
def away_game(database: str) -> Iterator[AwayGame]:
    """An ``AwayGame`` just made: nobody has moved, and the player to act has opened no page."""
    with TestClient(create_app(database, secret_seeds=seeded_secrets(), away_seconds=0)) as client:
        created = create(client, seats=FRIENDS[:2])
        tokens = [seat["token"] for seat in created["seats"]]
        away = client.get(f"/api/games/{created['id']}", params={"token": tokens[0]}).json()["current_player"]
        yield AwayGame(client, created, tokens, away, 1 - away)


def test_a_seat_handed_over_while_away_says_so_even_to_a_page_opened_after(away_game: AwayGame) -> None:
    """Bea is away; Ann lets an AI play for her. The seat says its player was away (not that she
    left), her link's refusal says so, and her page opened afterwards is told its former seat."""
    client, created, tokens, away, here = away_game
    game_id = created["id"]
    taken = client.post(f"/api/games/{game_id}/seats/{away + 1}/ai", json={"token": tokens[here]})
    assert taken.status_code == 200, taken.text
    seat = client.get(f"/api/games/{game_id}", params={"token": tokens[here]}).json()["seats"][away]
    assert seat["kind"] == "ai" and seat["away"] is True and "timed_out" not in seat
    refused = client.post(f"/api/games/{game_id}/actions", json={"token": tokens[away], "action": "claim 1"})
    message = refused.json()["error"]["message"]
    assert refused.status_code == 403 and "while its player was away" in message, message
    view = client.get(f"/api/games/{game_id}", params={"token": tokens[away]}).json()
    assert view["your_seats"] == [] and view["former_seats"] == [away]
    assert client.get(f"/api/games/{game_id}", params={"token": tokens[here]}).json()["former_seats"] == []
    with client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[away]}) as page:
        state = next_message(page, "the first view of the page opened after the handover")
        assert state["type"] == "state" and state["former_seats"] == [away]


def test_a_player_at_the_table_stays_there_when_the_other_s_seat_goes_to_an_ai(away_game: AwayGame) -> None:
    """Bea is away and Ann lets an AI play for her: Ann, still at the table, was heard as gone by a
    spectator's page (one human left, nobody was "at the table" any more), her mark turned to away."""
    client, created, tokens, away, here = away_game
    game_id = created["id"]
    path = f"/ws/games/{game_id}"
    with client.websocket_connect(path, params={"tokens": tokens[here]}) as page:
        with client.websocket_connect(path, params={"tokens": created["spectator_token"]}) as watching:
            assert [message["here"] for message in presences(until_pong(watching))] == [[here]]
            taken = client.post(f"/api/games/{game_id}/seats/{away + 1}/ai", json={"token": tokens[here]})
            assert taken.status_code == 200, taken.text
            heard = [message["here"] for message in presences(until_pong(watching))]
            assert heard in ([], [[here]]), heard
        until_pong(page)


def test_a_seat_its_player_left_is_not_marked_away(client: TestClient) -> None:
    created = create(client, seats=FRIENDS[:2])
    game_id = created["id"]
    bea = created["seats"][1]["token"]
    assert client.post(f"/api/games/{game_id}/leave", json={"token": bea}).status_code == 200
    view = client.get(f"/api/games/{game_id}", params={"token": bea}).json()
    assert "away" not in view["seats"][1] and view["former_seats"] == [1]


def counts(messages: list[dict[str, Any]]) -> list[int]:
    """The spectators' counts among ``messages`` (``{"type": "watching", "n": ...}``)."""
    return [int(message["n"]) for message in messages if message["type"] == "watching"]


def next_count(socket: WebSocketTestSession) -> dict[str, Any]:
    """The next count of the spectators the socket hears (a page already open hears it once the
    pause is over)."""
    return messages_until(socket, lambda message: message["type"] == "watching", "a count")[-1]


def test_every_page_hears_how_many_spectators_watch_as_they_come_and_go(client: TestClient) -> None:
    """A player's page hears each spectator arrive and leave; a watch page opened hears at once
    how many watch (itself among them); a player's page, which is no spectator, changes no count;
    and the message is only that: a count."""
    created = create(client, players=3, seats=FRIENDS)
    path = f"/ws/games/{created['id']}"
    spectator = {"tokens": created["spectator_token"]}
    with client.websocket_connect(path, params={"tokens": created["seats"][0]["token"]}) as ann_page:
        assert counts(until_pong(ann_page)) == []  # nobody watches: nothing said
        with client.websocket_connect(path, params=spectator) as first:
            assert counts(until_pong(first)) == [1]
            heard = next_count(ann_page)
            assert heard["n"] == 1 and set(heard) == {"type", "v", "n"}
            with client.websocket_connect(path, params=spectator) as second:
                assert counts(until_pong(second)) == [2]
                assert next_count(ann_page)["n"] == 2 and next_count(first)["n"] == 2
                with client.websocket_connect(path, params={"tokens": created["seats"][1]["token"]}) as bea:
                    assert counts(until_pong(bea)) == [2]
                second.close()
                assert next_count(first)["n"] == 1
            first.close()
            gone = counts(
                messages_until(ann_page, lambda message: message.get("n") == 0, "the count of none")
            )
            assert gone in ([1, 0], [0]), gone  # one left, then the other (or both within a pause)


def test_spectators_arriving_at_once_tell_those_already_watching_a_count_a_pause(client: TestClient) -> None:
    """Ten spectators arrive in a row: the first hears a count once a pause is over, not nine.

    How many pauses their arrival spans depends on the machine's speed: the bound is the counts
    one each ``COUNT_PAUSE`` over the time it took, which stays well under nine."""
    created = create(client, players=3, seats=FRIENDS)
    path = f"/ws/games/{created['id']}"
    spectator = {"tokens": created["spectator_token"]}
    with client.websocket_connect(path, params=spectator) as first:
        assert counts(until_pong(first)) == [1]
        began = time.monotonic()
        others = [client.websocket_connect(path, params=spectator) for _ in range(9)]
        opened = [socket.__enter__() for socket in others]
        try:
            for socket in opened:
                until_pong(socket)
            heard = counts(messages_until(first, lambda message: message.get("n") == 10, "the count of ten"))
            pauses = int((time.monotonic() - began) / COUNT_PAUSE) + 1
            assert heard[-1] == 10 and len(heard) <= min(pauses + 1, 8), (heard, pauses)
        finally:
            for socket in others:
                socket.__exit__(None, None, None)
