"""The games being played that anyone may watch (``GET /api/live-games``): which games are public,
what the list says of each, that a public game is watched without any token (and counts against
the spectators' caps), and that the list shows no private game and no token."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert
from tests.web.conftest import assert_error_shape, assert_socket_error
from tests.web.sockets import close_code, next_message, next_of_type
from tests.web.test_open_games import log_in_new, open_game

from kingdomino.web import admission, live_games
from kingdomino.web.live_games import MAX_CONSIDERED, MAX_PAGE, Lists, Ranked, lists_of
from kingdomino.web.routes import game_socket
from kingdomino.web.tables import RatingRow

OPEN_2P = [{"kind": "human", "name": "Anna"}, {"kind": "open"}]
INVITED_2P: list[dict[str, Any]] = [
    {"kind": "human", "name": "Anna"},
    {"kind": "human", "name": "Bela", "online": True},
]


def live(client: TestClient, **params: Any) -> dict[str, Any]:
    answer = client.get("/api/live-games", params=params)
    assert answer.status_code == 200, answer.text
    listed: dict[str, Any] = answer.json()
    return listed


def joined(client: TestClient, seats: list[dict[str, Any]] = OPEN_2P, **fields: Any) -> dict[str, Any]:
    """A game opened to the lobby and filled by a guest, Bela: being played. Its tokens are
    ``tokens`` (the seats') and ``spectator_token``."""
    return filled(client, open_game(client, seats, **fields))


def filled(client: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    """The open game ``made``, its open seat taken by a guest, Bela (``joined``; logged out)."""
    client.cookies.clear()
    seat = client.post(f"/api/games/{made['id']}/join", json={"name": "Bela"})
    assert seat.status_code == 200 and seat.json()["started"], seat.text
    return {**made, "tokens": [made["seats"][0]["token"], seat.json()["token"]]}


def made(client: TestClient, seats: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    body = {"game": "kingdomino", "players": len(seats), "seats": seats, **fields}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    game: dict[str, Any] = answer.json()
    return game


def test_a_lobby_game_is_listed_once_played_and_watched_without_any_token(client: TestClient) -> None:
    waiting = open_game(client)
    assert live(client)["games"] == []  # waiting for players: nothing to watch yet
    private = made(client, INVITED_2P)
    shared = made(client, INVITED_2P, public=True)  # its creator said anyone may watch
    game = filled(client, waiting)
    listed = live(client)
    assert sorted(g["id"] for g in listed["games"]) == sorted([game["id"], shared["id"]])
    assert (listed["total"], listed["offset"], listed["limit"]) == (2, 0, 20)
    entry = next(g for g in listed["games"] if g["id"] == game["id"])
    view = client.get(f"/api/games/{game['id']}", params={"token": game["tokens"][0]}).json()
    assert [(s["name"], s["kind"], s["score"], s["rating"]) for s in entry["seats"]] == [
        ("Anna", "human", view["scores"][0], None),
        ("Bela", "human", view["scores"][1], None),
    ]
    assert entry["current_player"] == view["current_player"]
    assert entry["moves"] == 0 and entry["watch"] == f"/game/{game['id']}/watch"
    assert (entry["game"], entry["players"], entry["rated"], entry["watching"]) == ("kingdomino", 2, False, 0)
    text = str(listed)
    every_token = [*game["tokens"], game["spectator_token"], shared["spectator_token"]]
    every_token += [private["spectator_token"], *(seat["token"] for seat in shared["seats"])]
    assert not [token for token in every_token if token in text]  # no seat's, no spectator link's
    assert "seed" not in text and "legal_actions" not in text

    # Anyone watches it without a token: the spectator's view, to the letter.
    public = client.get(f"/api/games/{game['id']}")
    spectator = client.get(f"/api/games/{game['id']}", params={"token": game["spectator_token"]})
    assert public.status_code == 200 and public.text == spectator.text
    assert public.json()["your_seats"] == [] and public.json()["legal_actions"] == []
    with client.websocket_connect(f"/ws/games/{game['id']}") as socket:
        state = next_of_type(socket, "state")
        assert state["your_seats"] == [] and state["legal_actions"] == []
        assert [g["watching"] for g in live(client)["games"] if g["id"] == game["id"]] == [1]
        socket.send_json({"type": "undo"})
        assert next_of_type(socket, "error")["field"] == "token"  # a watcher acts for no seat

    # A private game needs its token, as before: no view, no socket, not listed.
    refused = client.get(f"/api/games/{private['id']}")
    assert refused.status_code == 403 and assert_error_shape(refused.json())["code"] == "no_token"
    with client.websocket_connect(f"/ws/games/{private['id']}") as socket:
        assert assert_socket_error(next_message(socket, "the refusal"))["code"] == "no_token"
        assert close_code(socket) == 4403


def test_a_game_that_ends_or_is_private_leaves_the_list(client: TestClient) -> None:
    game = joined(client)
    hidden = joined(client, public=False)  # opened to the lobby, its creator said nobody watches
    assert [g["id"] for g in live(client)["games"]] == [game["id"]]
    assert client.get(f"/api/games/{hidden['id']}").status_code == 403
    resigned = client.post(f"/api/games/{game['id']}/resign", json={"token": game["tokens"][0]})
    assert resigned.status_code == 200, resigned.text
    assert live(client)["games"] == []
    assert client.get(f"/api/games/{game['id']}").status_code == 200  # finished: its replay is anyone's


def test_the_list_ranks_the_best_player_first_pages_and_keeps_one_players_games(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    games = {}
    for name, rating in (("Weaker", 1600.0), ("Stronger", 1900.0), ("Newcomer", None)):
        account = log_in_new(client, name)
        if rating is not None:
            with hub.store.engine.begin() as connection:
                connection.execute(
                    insert(RatingRow).values(
                        account_id=account,
                        pool="kingdomino-2",
                        rating=rating,
                        deviation=60.0,
                        volatility=0.06,
                        games=30,
                        wins=15,
                        updated=datetime.now(UTC),
                    )
                )
        made(client, INVITED_2P)  # the account plays it too, but it is private: never listed
        games[name] = joined(client)["id"]
    client.cookies.clear()
    guests = joined(client)["id"]
    listed = live(client)["games"]
    assert [g["id"] for g in listed] == [games["Stronger"], games["Weaker"], games["Newcomer"], guests]
    ratings = [g["seats"][0]["rating"] for g in listed]
    assert ratings == [
        {"value": 1900.0, "provisional": False},
        {"value": 1600.0, "provisional": False},
        {"value": 1500.0, "provisional": True},  # an account new to the pool
        None,  # a guest
    ]
    assert [g["seats"][0]["account"] for g in listed] == [True, True, True, False]
    page = live(client, limit=2, offset=1)
    assert [g["id"] for g in page["games"]] == [games["Weaker"], games["Newcomer"]] and page["total"] == 4
    assert [g["id"] for g in live(client, player="stronger")["games"]] == [games["Stronger"]]
    unknown = client.get("/api/live-games", params={"player": "Nobody"})
    assert unknown.status_code == 404 and assert_error_shape(unknown.json())["code"] == "no_player"


def test_a_channel_of_tv_lists_its_own_game_s_alone(client: TestClient) -> None:
    """``game`` keeps one game's (TV's channels, ``/tv/duel``), the best first as in the whole list."""
    kingdomino = joined(client)["id"]
    duel = joined(client, game="duel")["id"]
    assert {g["id"] for g in live(client)["games"]} == {kingdomino, duel}
    assert [g["id"] for g in live(client, game="duel")["games"]] == [duel]
    assert [g["id"] for g in live(client, game="kingdomino")["games"]] == [kingdomino]
    origins = live(client, game="origins")
    assert origins["games"] == [] and origins["total"] == 0


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"limit": 0}, "limit"),
        ({"limit": MAX_PAGE + 1}, "limit"),
        ({"limit": "all"}, "limit"),
        ({"offset": -1}, "offset"),
        ({"offset": MAX_CONSIDERED}, "offset"),
        ({"player": "x" * 65}, "player"),
        ({"player": ""}, "player"),
        ({"game": "chess"}, "game"),
        ({"game": "x" * 33}, "game"),
    ],
)
def test_bad_parameters_are_refused_by_name(client: TestClient, params: dict[str, Any], field: str) -> None:
    answer = client.get("/api/live-games", params=params)
    assert answer.status_code == 422, answer.text
    assert assert_error_shape(answer.json())["field"] == field


def test_a_watcher_without_a_token_counts_against_the_spectators_and_the_clients_caps(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = joined(client)
    monkeypatch.setattr(admission, "MAX_SPECTATORS", 2)
    address = f"/ws/games/{game['id']}"
    with (
        client.websocket_connect(address) as first,
        client.websocket_connect(f"{address}?tokens={game['spectator_token']}") as second,
    ):
        next_of_type(first, "state")
        next_of_type(second, "state")
        with client.websocket_connect(address) as third:
            assert assert_socket_error(next_message(third, "the refusal"))["code"] == "spectators_full"
            assert close_code(third) == 4429
    monkeypatch.setattr(game_socket, "MAX_SOCKETS_PER_CLIENT", 1)
    with client.websocket_connect(address) as first:
        next_of_type(first, "state")
        with client.websocket_connect(address) as second:
            assert assert_socket_error(next_message(second, "the refusal"))["code"] == "client_sockets_full"
            assert close_code(second) == 4429


def counted_readings(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """The accounts whose lists are read from the database from now on (None: the whole list's)."""
    readings: list[int | None] = []
    read = live_games.ranked

    def counted(store: Any, account: int | None = None) -> list[Ranked]:
        readings.append(account)
        return read(store, account)

    monkeypatch.setattr(live_games, "ranked", counted)
    return readings


def test_the_list_is_read_once_a_window_however_many_ask(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every open lobby asks for the list: the database reads it once in ``KEEP_SECONDS``, for
    every page of it, until the window is over or a game begins being played here."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    lists = lists_of(hub.store)
    moment = [1000.0]
    monkeypatch.setattr(lists, "clock", lambda: moment[0])
    readings = counted_readings(monkeypatch)
    first = joined(client)["id"]
    for offset in (0, 0, 0, 1):
        live(client, offset=offset)
    assert readings == [None]
    second = joined(client)["id"]  # begun here: read again at once
    assert {g["id"] for g in live(client)["games"]} == {first, second} and readings == [None, None]
    moment[0] += live_games.KEEP_SECONDS - 0.1
    live(client)
    assert readings == [None, None]
    moment[0] += 0.2
    live(client)
    assert readings == [None, None, None]


def test_requests_that_come_while_the_list_is_read_await_the_same_reading(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    game = joined(client)["id"]
    readings = counted_readings(monkeypatch)
    lists = Lists(hub.store)

    async def many() -> list[list[Ranked]]:
        return await asyncio.gather(*(lists.ranked() for _ in range(20)))

    answers = asyncio.run(many())
    assert readings == [None] and all([g.id for g in answer] == [game] for answer in answers)


def test_a_reading_that_failed_is_not_kept(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    lists = Lists(hub.store)

    def failing(store: Any, account: int | None = None) -> list[Ranked]:
        raise OSError("the database is gone")

    monkeypatch.setattr(live_games, "ranked", failing)
    with pytest.raises(OSError, match="gone"):
        asyncio.run(lists.ranked())
    monkeypatch.setattr(live_games, "ranked", lambda store, account=None: [])
    assert asyncio.run(lists.ranked()) == [] and lists.kept[None].reading.done()


def test_a_reader_does_not_see_the_games_of_an_account_a_block_stands_between(client: TestClient) -> None:
    """Boris blocks Kira: neither's list (nor TV, which reads it) shows the other's games; a
    reader logged out, or another account, sees them all."""
    log_in_new(client, "Kira")
    kira_session = client.cookies["kd_session"]
    kiras = joined(client)["id"]
    log_in_new(client, "Boris")
    boris_session = client.cookies["kd_session"]
    boris = joined(client)["id"]
    client.cookies.set("kd_session", boris_session)
    assert client.put("/api/account/blocked/Kira").status_code == 200
    assert [g["id"] for g in live(client)["games"]] == [boris]
    assert live(client)["total"] == 1 and live(client, player="Kira")["games"] == []
    client.cookies.clear()
    client.cookies.set("kd_session", kira_session)
    assert [g["id"] for g in live(client)["games"]] == [kiras]
    log_in_new(client, "Vera")
    assert sorted(g["id"] for g in live(client)["games"]) == sorted([kiras, boris])
    client.cookies.clear()
    assert sorted(g["id"] for g in live(client)["games"]) == sorted([kiras, boris])


def watched(client: TestClient, game_id: str) -> dict[str, Any] | None:
    """The refusal of ``game_id``'s watch link (its view without a token, and its socket) to the
    client's account, the same through both; None: both let it watch."""
    answer = client.get(f"/api/games/{game_id}")
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        first = next_message(socket, "the first message")
        if answer.status_code == 200:
            assert first["type"] == "state", first
            return None
        refusal = assert_socket_error(first)
        assert close_code(socket) == 4403
    assert answer.status_code == 403 and assert_error_shape(answer.json()) == refusal, answer.text
    return refusal


def test_a_watch_link_is_refused_across_a_block_as_tv_leaves_the_game_out(client: TestClient) -> None:
    """Boris blocks Kira: Kira's game, opened at its watch link, is refused to Boris naming
    her (his own act), and Boris's to Kira without a reason; a reader logged out, or another
    account, watches both."""
    log_in_new(client, "Kira")
    kira_session = client.cookies["kd_session"]
    kiras = joined(client)["id"]
    log_in_new(client, "Boris")
    boris_session = client.cookies["kd_session"]
    boris = joined(client)["id"]
    client.cookies.set("kd_session", boris_session)
    assert client.put("/api/account/blocked/Kira").status_code == 200
    assert watched(client, kiras) == {
        "field": "game",
        "message": "you blocked Kira: unblock them on their page to watch their games",
        "code": "watch_blocked",
        "values": {"name": "Kira"},
    }
    client.cookies.clear()
    client.cookies.set("kd_session", kira_session)
    refused = watched(client, boris)
    assert refused is not None and refused["code"] == "watch_refused" and "Boris" not in str(refused)
    assert watched(client, kiras) is None  # her own game: her watch link offers her seat
    log_in_new(client, "Vera")
    assert watched(client, kiras) is None and watched(client, boris) is None
    client.cookies.clear()
    assert watched(client, kiras) is None and watched(client, boris) is None
