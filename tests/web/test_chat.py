"""A game's chat over its socket (``web/chat.py``, ``web/chats.py``): the players' room and the
spectators' room, who reads and writes in each, what a message may say, its limits, and its
messages kept in the database."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from limits import parse
from starlette.testclient import WebSocketTestSession
from tests.web.conftest import assert_socket_error, create, new_app
from tests.web.sockets import messages_until, next_of_type

from kingdomino.web import chat

FRIENDS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}]


@pytest.fixture
def chat_client(database: str) -> Iterator[TestClient]:
    """A client of a new app whose accounts hash at the least cost."""
    app = new_app(database)
    with TestClient(app) as client:
        yield client


def until_pong(socket: WebSocketTestSession) -> list[dict[str, Any]]:
    """What the server queued for ``socket`` before it read a ping sent now."""
    socket.send_json({"type": "ping"})
    return messages_until(socket, lambda message: message["type"] == "pong", "the pong of a ping")[:-1]


def chats_heard(socket: WebSocketTestSession) -> list[dict[str, Any]]:
    """The chat messages ``socket`` heard so far (up to a ping's pong)."""
    return [
        line for message in until_pong(socket) if message["type"] == "chat" for line in message["messages"]
    ]


def say(socket: WebSocketTestSession, **message: Any) -> dict[str, Any]:
    """Send a chat message; the answer: its ``ack`` or the ``error``."""
    socket.send_json({"type": "chat", **message})
    return messages_until(socket, lambda m: m["type"] in ("ack", "error"), "the chat's answer")[-1]


def rooms(socket: WebSocketTestSession) -> dict[str, Any]:
    """The rooms ``socket`` reads, as ``chat_read`` answers."""
    socket.send_json({"type": "chat_read"})
    found: dict[str, Any] = next_of_type(socket, "chat_history")["rooms"]
    return found


def log_in(client: TestClient, name: str) -> str:
    """Make the account ``name``; its session cookie (the client holds it until cleared)."""
    made = client.post("/api/accounts", json={"name": name, "password": "a long password"})
    assert made.status_code == 201, made.text
    return str(client.cookies.get("kd_session"))


def test_the_players_talk_in_their_room_and_a_spectator_cannot_hear_or_post_there(
    chat_client: TestClient,
) -> None:
    """Ann's words reach Bea cleaned, under Ann's seat and name; Bea's quick phrase goes as its code;
    a spectator's page neither reads the players' room nor writes in it; the messages are there
    for a page opened later."""
    created = create(chat_client, seats=FRIENDS)
    path = f"/ws/games/{created['id']}"
    ann, bea = (seat["token"] for seat in created["seats"])
    with (
        chat_client.websocket_connect(path, params={"tokens": ann}) as ann_page,
        chat_client.websocket_connect(path, params={"tokens": bea}) as bea_page,
        chat_client.websocket_connect(path, params={"tokens": created["spectator_token"]}) as watcher,
    ):
        assert rooms(ann_page) == {"players": {"messages": [], "write": None}}
        assert rooms(watcher) == {"spectators": {"messages": [], "write": "chat_guest"}}
        assert say(ann_page, room="players", text="  Hello\u202e  \u200bthere\n ")["type"] == "ack"
        heard = chats_heard(bea_page)
        assert [(m["seat"], m["name"], m["text"], m["phrase"], m["account"]) for m in heard] == [
            (0, "Ann", "Hello there", None, False)
        ]
        assert say(bea_page, room="players", phrase="good_game")["type"] == "ack"
        assert [m["phrase"] for m in chats_heard(ann_page)] == [None, "good_game"]
        refused = assert_socket_error(say(watcher, room="players", text="I am Ann"))
        assert (refused["field"], refused["code"]) == ("room", "chat_not_a_player")
        assert chats_heard(watcher) == []
    with chat_client.websocket_connect(path, params={"tokens": bea}) as again:
        kept = rooms(again)["players"]["messages"]
        assert [(m["name"], m["text"], m["phrase"]) for m in kept] == [
            ("Ann", "Hello there", None),
            ("Bea", None, "good_game"),
        ]


def test_a_malformed_or_empty_message_is_refused_naming_its_field(chat_client: TestClient) -> None:
    """Too long, nothing visible, a phrase not in the list, both or neither, a room not known, not
    text, a frame over any socket message's size: each refused naming the field, and the socket
    goes on."""
    created = create(chat_client, seats=FRIENDS)
    ann = created["seats"][0]["token"]
    with chat_client.websocket_connect(f"/ws/games/{created['id']}", params={"tokens": ann}) as page:
        fields = []
        for bad in (
            {"text": "x" * (chat.MAX_TEXT + 1)},
            {"text": "\u200b\u202e \n"},
            {"phrase": "you lose"},
            {"text": "hi", "phrase": "hello"},
            {},
            {"room": "kitchen", "text": "hi"},
            {"text": 5},
            {"text": "x" * 5000},
        ):
            fields.append(assert_socket_error(say(page, **bad))["field"])
        assert fields == ["text", "text", "phrase", "text", "text", "room", "text", "message"]
        assert say(page, text="x" * chat.MAX_TEXT)["type"] == "ack"


def test_the_spectators_room_is_written_by_accounts_and_hidden_from_the_players_until_the_end(
    chat_client: TestClient,
) -> None:
    """A guest watching reads, an account watching writes; the players neither read nor write
    there while they play (not even logged in on a page without their seat); once the game is
    over they read it."""
    cookie = log_in(chat_client, "Greta")
    chat_client.cookies.clear()
    created = create(chat_client, seats=FRIENDS)
    path = f"/ws/games/{created['id']}"
    ann, bea = (seat["token"] for seat in created["seats"])
    spectator = created["spectator_token"]
    with (
        chat_client.websocket_connect(path, params={"tokens": ann}) as ann_page,
        chat_client.websocket_connect(path, params={"tokens": spectator}) as guest,
        chat_client.websocket_connect(
            path, params={"tokens": spectator}, headers={"cookie": f"kd_session={cookie}"}
        ) as greta,
    ):
        assert rooms(greta) == {"spectators": {"messages": [], "write": None}}
        assert say(greta, room="spectators", text="Ann should take the 48")["type"] == "ack"
        assert [(m["name"], m["account"], m["seat"]) for m in chats_heard(guest)] == [("Greta", True, None)]
        refused = assert_socket_error(say(guest, room="spectators", text="me too"))
        assert refused["code"] == "chat_guest"
        assert chats_heard(ann_page) == [] and "spectators" not in rooms(ann_page)
        refused = assert_socket_error(say(ann_page, room="spectators", text="thanks"))
        assert (refused["field"], refused["code"]) == ("room", "chat_players_wait")
        ann_page.send_json({"type": "resign"})
        next_of_type(ann_page, "ack")
        assert say(greta, room="spectators", text="Well resigned")["type"] == "ack"
        assert [m["text"] for m in chats_heard(ann_page)] == ["Well resigned"]
        read = rooms(ann_page)["spectators"]["messages"]
        assert [m["text"] for m in read] == ["Ann should take the 48", "Well resigned"]
        assert rooms(ann_page)["spectators"]["write"] == "chat_guest"
    with chat_client.websocket_connect(path, params={"tokens": bea}) as bea_page:
        assert say(bea_page, room="players", phrase="good_game")["type"] == "ack"


def test_an_account_playing_reads_no_spectators_room_from_a_page_without_its_seat(
    chat_client: TestClient,
) -> None:
    """Greta plays a seat as her account: her watch page (no token, logged in) is a player's."""
    log_in(chat_client, "Greta")
    created = create(chat_client, seats=[{"kind": "human"}, {"kind": "human", "name": "Bea"}], options={})
    assert created["seats"][0]["name"] == "Greta"
    with chat_client.websocket_connect(
        f"/ws/games/{created['id']}", params={"tokens": created["spectator_token"]}
    ) as page:
        assert rooms(page) == {}
        assert assert_socket_error(say(page, room="spectators", text="hi"))["code"] == "chat_players_wait"


def test_a_game_of_one_screen_or_against_ais_has_no_players_room(chat_client: TestClient) -> None:
    """One human against an AI, or every human seat on one page: no players' room to write in."""
    against_ai = create(chat_client)
    both = create(chat_client, seats=FRIENDS)
    for made, tokens in (
        (against_ai, against_ai["seats"][0]["token"]),
        (both, ",".join(s["token"] for s in both["seats"])),
    ):
        with chat_client.websocket_connect(f"/ws/games/{made['id']}", params={"tokens": tokens}) as page:
            assert "players" not in rooms(page)
            refused = assert_socket_error(say(page, room="players", phrase="hello"))
            assert (refused["field"], refused["code"]) == ("room", "chat_no_players_room")


def test_flooding_is_cut_to_the_rate_and_a_room_holds_its_most(
    chat_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sixth message in 10 seconds is refused with the seconds to wait; a full room refuses more."""
    created = create(chat_client, seats=FRIENDS)
    path = f"/ws/games/{created['id']}"
    ann, bea = (seat["token"] for seat in created["seats"])
    with chat_client.websocket_connect(path, params={"tokens": ann}) as page:
        answers = [say(page, text=f"message {n}") for n in range(chat.RATE.amount + 1)]
        assert [a["type"] for a in answers] == ["ack"] * chat.RATE.amount + ["error"]
        refused = assert_socket_error(answers[-1])
        assert refused["code"] == "chat_too_fast" and 1 <= refused["values"]["seconds"] <= 10
    chat_client.app.state.chats.rates = chat.SenderRates(parse("1000/second"))  # type: ignore[attr-defined]
    monkeypatch.setattr(chat, "MAX_MESSAGES", chat.RATE.amount + 2)
    with chat_client.websocket_connect(path, params={"tokens": bea}) as page:
        assert [say(page, phrase="sorry")["type"] for _ in range(3)] == ["ack", "ack", "error"]
        assert assert_socket_error(say(page, phrase="sorry"))["code"] == "chat_full"


def test_the_messages_are_kept_through_a_restart(database: str) -> None:
    """Stored with the game: a server started again over the database shows them."""
    with TestClient(new_app(database)) as client:
        created = create(client, seats=FRIENDS)
        ann = created["seats"][0]["token"]
        with client.websocket_connect(f"/ws/games/{created['id']}", params={"tokens": ann}) as page:
            assert say(page, phrase="must_go_soon")["type"] == "ack"
    with TestClient(new_app(database)) as client:
        bea = created["seats"][1]["token"]
        with client.websocket_connect(f"/ws/games/{created['id']}", params={"tokens": bea}) as page:
            assert [m["phrase"] for m in rooms(page)["players"]["messages"]] == ["must_go_soon"]


def test_a_page_reading_the_rooms_again_and_again_is_cut_to_its_rate(chat_client: TestClient) -> None:
    """Each reading is a read of the database: a page flooding ``chat_read`` is refused, and goes on."""
    created = create(chat_client, seats=FRIENDS)
    ann = created["seats"][0]["token"]
    with chat_client.websocket_connect(f"/ws/games/{created['id']}", params={"tokens": ann}) as page:
        answers = []
        for _ in range(chat.READ_RATE.amount + 1):
            page.send_json({"type": "chat_read"})
            answers.append(
                messages_until(page, lambda m: m["type"] in ("chat_history", "error"), "a reading")[-1]
            )
        assert [a["type"] for a in answers] == ["chat_history"] * chat.READ_RATE.amount + ["error"]
        assert assert_socket_error(answers[-1])["code"] == "chat_too_fast"
        assert say(page, phrase="hello")["type"] == "ack"


def test_a_finished_game_s_chat_is_read_without_a_socket(chat_client: TestClient) -> None:
    """Its replay page reads it over HTTP: the spectators' room for anyone, the players' room with
    a player's token; a game still played is read on its socket alone."""
    created = create(chat_client, seats=FRIENDS)
    game_id, ann = created["id"], created["seats"][0]["token"]
    with chat_client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": ann}) as page:
        assert say(page, phrase="good_luck")["type"] == "ack"
        assert chat_client.get(f"/api/games/{game_id}/chat").status_code == 409
        page.send_json({"type": "resign"})
        next_of_type(page, "ack")
    anyone = chat_client.get(f"/api/games/{game_id}/chat").json()
    assert anyone == {
        "type": "chat_history",
        "rooms": {"spectators": {"messages": [], "write": "chat_guest"}},
        "off": False,
    }
    player = chat_client.get(f"/api/games/{game_id}/chat", params={"token": ann}).json()
    assert [m["phrase"] for m in player["rooms"]["players"]["messages"]] == ["good_luck"]
    assert "spectators" not in player["rooms"]  # a player is shown it once something is said there


def test_the_page_offers_the_server_s_phrases_each_worded_in_every_language() -> None:
    """``chat.js``'s quick phrases are the server's, and each has its words in every language."""
    static = Path(chat.__file__).parent / "static"
    script = (static / "chat.js").read_text(encoding="utf-8")
    offered = re.search(r"const PHRASES = \[(.*?)\];", script)
    assert offered is not None
    assert tuple(re.findall(r'"(\w+)"', offered.group(1))) == chat.PHRASES
    for language in ("en", "hu", "bg", "uk", "ru"):
        texts = json.loads((static / "i18n" / f"{language}.json").read_text(encoding="utf-8"))
        assert [p for p in chat.PHRASES if f"chat.phrase.{p}" not in texts] == [], language


def test_an_account_s_data_holds_what_it_said(chat_client: TestClient) -> None:
    """The download of one's data (``account_export``) lists one's messages: not a guest seat's
    said from a page logged in as the account (Greta's browser holding Bea's link)."""
    created = create(chat_client, seats=FRIENDS)
    log_in(chat_client, "Greta")
    path = f"/ws/games/{created['id']}"
    with chat_client.websocket_connect(path, params={"tokens": created["spectator_token"]}) as greta:
        assert say(greta, room="spectators", text="Go Ann!")["type"] == "ack"
    with chat_client.websocket_connect(path, params={"tokens": created["seats"][1]["token"]}) as bea:
        assert say(bea, phrase="hello")["type"] == "ack"
    said = chat_client.get("/api/account/export").json()["chat_messages"]
    assert [(m["game_id"], m["room"], m["text"], m["phrase"]) for m in said] == [
        (created["id"], "spectators", "Go Ann!", None)
    ]


def test_an_account_whose_session_ended_no_longer_speaks_in_its_name(chat_client: TestClient) -> None:
    """Greta logs out in another tab (or her password is changed, her account closed): the watch
    page she opened before speaks as her no more, and reads on as a guest's."""
    cookie = log_in(chat_client, "Greta")
    chat_client.cookies.clear()
    created = create(chat_client, seats=FRIENDS)
    path = f"/ws/games/{created['id']}"
    with chat_client.websocket_connect(
        path, params={"tokens": created["spectator_token"]}, headers={"cookie": f"kd_session={cookie}"}
    ) as greta:
        assert say(greta, room="spectators", text="Go Ann!")["type"] == "ack"
        chat_client.cookies.set("kd_session", cookie)
        assert chat_client.delete("/api/session").status_code == 200
        chat_client.cookies.clear()
        refused = assert_socket_error(say(greta, room="spectators", text="Still me"))
        assert (refused["code"], refused["field"]) == ("session_ended", "session")
        assert rooms(greta)["spectators"]["write"] == "chat_guest"
        assert [line["text"] for line in rooms(greta)["spectators"]["messages"]] == ["Go Ann!"]
