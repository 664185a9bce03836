"""A block kept by the server beyond pairing (``chats``, ``lobby``): the blocker's pages and sockets
(a bot's as a browser's) are neither read nor sent the blocked account's chat lines, and neither
account's lobby lists the other's open games. Every name is made new per test: the PostgreSQL runs
share one database."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from tests.web.sockets import messages_until, next_of_type
from tests.web.test_challenges import as_, lobby_of
from tests.web.test_chat import rooms, say
from tests.web.test_relations import app_over, open_game, people, put


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    """A client over SQLite, then over the test PostgreSQL (accounts made quickly)."""
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def heard_up_to(socket: WebSocketTestSession, text: str) -> list[str]:
    """The chat lines ``socket`` heard up to the line ``text``, that one included: a line is told
    to each reader after its blocks are read, so it may come after a later pong."""
    return [
        line["text"]
        for message in messages_until(
            socket,
            lambda m: m["type"] == "chat" and any(line["text"] == text for line in m["messages"]),
            f"the line {text!r}",
        )
        if message["type"] == "chat"
        for line in message["messages"]
    ]


def test_a_blocked_account_s_lines_never_reach_the_blocker(client: TestClient) -> None:
    """Kira and Boris play; Kira blocks Boris: her seat's socket (no login: a bot's, say) and her
    logged-in page read none of his lines and hear none of his new ones, which he does; his reads
    keep hers; unblocked, she reads them all again."""
    (_, kira_s), (boris, boris_s) = people(client, "Kira", "Boris")
    seats = [{"kind": "human", "name": ""}, {"kind": "open"}]
    made = as_(client, kira_s).post("/api/games", json={"game": "kingdomino", "players": 2, "seats": seats})
    game_id, kira_token = str(made.json()["id"]), str(made.json()["seats"][0]["token"])
    boris_token = str(as_(client, boris_s).post(f"/api/games/{game_id}/join", json={}).json()["token"])
    path = f"/ws/games/{game_id}"
    with client.websocket_connect(path, params={"tokens": boris_token}) as boris_page:
        assert say(boris_page, room="players", text="before the block")["type"] == "ack"
    assert put(client, kira_s, "blocked", boris).status_code == 200
    with (
        client.websocket_connect(path, params={"tokens": kira_token}) as kira_bot,
        as_(client, kira_s).websocket_connect(path, params={"tokens": kira_token}) as kira_page,
        as_(client, boris_s).websocket_connect(path, params={"tokens": boris_token}) as boris_page,
    ):
        for socket in (kira_bot, kira_page):
            assert rooms(socket)["players"]["messages"] == []
        assert [m["text"] for m in rooms(boris_page)["players"]["messages"]] == ["before the block"]
        assert say(boris_page, room="players", text="after the block")["type"] == "ack"
        assert say(kira_bot, room="players", text="hello?")["type"] == "ack"
        assert heard_up_to(kira_bot, "hello?") == ["hello?"]
        assert heard_up_to(kira_page, "hello?") == ["hello?"]
        assert heard_up_to(boris_page, "hello?") == ["after the block", "hello?"]
        assert all("sender" not in line for line in rooms(boris_page)["players"]["messages"])
    assert as_(client, kira_s).delete(f"/api/account/blocked/{boris}").status_code == 200
    with client.websocket_connect(path, params={"tokens": kira_token}) as kira_bot:
        said = [m["text"] for m in rooms(kira_bot)["players"]["messages"]]
        assert said == ["before the block", "after the block", "hello?"]


def test_the_spectators_room_keeps_a_blocker_from_the_blocked_alone(client: TestClient) -> None:
    """Greta blocked Hugo: watching one game, she hears Ida and not Hugo; Ida hears both."""
    (_, kira_s), (_, boris_s) = people(client, "Kira", "Boris")
    (_, greta_s), (hugo, hugo_s), (_, ida_s) = people(client, "Greta", "Hugo", "Ida")
    game_id = open_game(client, kira_s)
    as_(client, boris_s).post(f"/api/games/{game_id}/join", json={})
    assert put(client, greta_s, "blocked", hugo).status_code == 200
    watch = {"tokens": ""}
    path = f"/ws/games/{game_id}"
    with (
        as_(client, greta_s).websocket_connect(path, params=watch) as greta,
        as_(client, hugo_s).websocket_connect(path, params=watch) as hugo_page,
        as_(client, ida_s).websocket_connect(path, params=watch) as ida,
    ):
        for page in (greta, hugo_page, ida):  # each page reads the room once its view came
            next_of_type(page, "state")
        assert say(hugo_page, room="spectators", text="Hugo was here")["type"] == "ack"
        assert heard_up_to(ida, "Hugo was here") == ["Hugo was here"]
        assert say(ida, room="spectators", text="Ida was here")["type"] == "ack"
        assert heard_up_to(greta, "Ida was here") == ["Ida was here"]
        assert [m["text"] for m in rooms(greta)["spectators"]["messages"]] == ["Ida was here"]


def test_neither_lobby_lists_the_other_s_open_games(client: TestClient) -> None:
    """Kira blocked Boris: her lobby (the list and its socket) lists none of his open games, his
    none of hers, a game he joins later goes from hers; a guest's lists them all."""
    (_, kira_s), (boris, boris_s), (_, cleo_s) = people(client, "Kira", "Boris", "Cleo")
    boris_game, kira_game = open_game(client, boris_s), open_game(client, kira_s)
    seats = [{"kind": "human", "name": ""}, {"kind": "open"}, {"kind": "open"}]
    made = as_(client, cleo_s).post("/api/games", json={"game": "kingdomino", "players": 3, "seats": seats})
    cleo_game = str(made.json()["id"])

    def listed(session: str | None) -> set[str]:
        games = as_(client, session).get("/api/open-games").json()["games"]
        return {game["id"] for game in games} & {boris_game, kira_game, cleo_game}

    assert listed(kira_s) == {boris_game, kira_game, cleo_game}
    assert put(client, kira_s, "blocked", boris).status_code == 200
    assert listed(kira_s) == {kira_game, cleo_game}
    assert listed(boris_s) == {boris_game, cleo_game}
    assert listed(None) == {boris_game, kira_game, cleo_game}
    with lobby_of(client, kira_s) as kira_lobby, lobby_of(client, None) as guest_lobby:
        first = {game["id"] for game in next_of_type(kira_lobby, "open_games")["games"]}
        assert boris_game not in first and cleo_game in first
        next_of_type(guest_lobby, "open_games")
        assert as_(client, boris_s).post(f"/api/games/{cleo_game}/join", json={}).status_code == 200
        # Cleo's game of three waits on, Boris seated: listed anew to the guest, gone from Kira's lobby.
        assert next_of_type(kira_lobby, "unlisted") == {
            "type": "unlisted",
            "id": cleo_game,
            "status": "open",
            "wait_ended": None,
        }
        seated = next_of_type(guest_lobby, "listed")["game"]
        assert seated["id"] == cleo_game and boris in [seat["name"] for seat in seated["seats"]]
