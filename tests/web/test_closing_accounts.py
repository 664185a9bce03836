"""Closed accounts: closed by their owner (their password confirming) or by the operator
(``account_admin``, as ``kingdomino accounts close`` does), on SQLite and PostgreSQL. A closed
account logs in no more, its sessions end at once on every server, its push subscriptions go, its
waiting games and challenges are called off, it leaves the leaderboards and its page says it is
closed; its name stays taken and the games it played, with the ratings they moved, stay. Its
owner downloads its data (``GET /api/account/export``)."""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select
from tests.web.conftest import QUICK, new_app, store_of, wait_for
from tests.web.test_players_api import play_out, rated_game, wait_for_player

from kingdomino.web import account_admin
from kingdomino.web.accounts import Accounts
from kingdomino.web.push_tables import PushSubscriptionRow
from kingdomino.web.store import Store

DAYS = {"kind": "days", "days": 1}


def new_name(name: str) -> str:
    """``name`` made new in a database other tests share (PostgreSQL)."""
    return f"{name}{secrets.token_hex(3)}"


def made(client: TestClient, name: str) -> dict[str, str]:
    """A new account named ``name``: the headers of its session."""
    answer = client.post("/api/accounts", json={"name": name, "password": "password " + name})
    assert answer.status_code == 201, answer.text
    client.cookies.clear()
    return {"Cookie": f"kd_session={answer.cookies['kd_session']}"}


def logged_in(client: TestClient, name: str) -> Any:
    answer = client.post("/api/session", json={"name": name, "password": "password " + name})
    client.cookies.clear()
    return answer


def who(client: TestClient, session: dict[str, str]) -> Any:
    return client.get("/api/account", headers=session).json()["account"]


def subscribed(store: Store, name: str) -> int:
    """A push subscription of ``name``'s account, as ``POST /api/push/subscriptions`` keeps one."""
    account_id = account_admin.details(store, name).line.id
    with store.sessions.begin() as session:
        session.add(
            PushSubscriptionRow(
                account_id=account_id,
                endpoint=f"https://push.example/{secrets.token_hex(8)}",
                p256dh="key",
                auth="secret",
                language="en",
                created=datetime.now(UTC),
            )
        )
    return account_id


def subscriptions(store: Store, account_id: int) -> int:
    with store.engine.connect() as connection:
        return int(
            connection.execute(
                select(func.count()).where(PushSubscriptionRow.account_id == account_id)
            ).scalar_one()
        )


def error_of(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["code"]


def test_an_owner_closes_their_account_with_its_password(api: TestClient) -> None:
    kira = new_name("Kira")
    first = made(api, kira)
    second = {"Cookie": f"kd_session={logged_in(api, kira).cookies['kd_session']}"}
    account_id = subscribed(store_of(api), kira)
    wrong = api.post("/api/account/close", json={"password": "not the password"}, headers=first)
    assert error_of(wrong) == (403, "password_wrong")
    assert who(api, first)["name"] == kira and subscriptions(store_of(api), account_id) == 1
    assert error_of(api.post("/api/account/close", json={"password": "x" * 8})) == (401, "session_ended")
    closed = api.post("/api/account/close", json={"password": "password " + kira}, headers=first)
    assert closed.status_code == 200 and closed.json() == {"account": None, "closed": True}
    assert 'kd_session=""' in closed.headers["set-cookie"]
    assert who(api, first) is None and who(api, second) is None
    assert subscriptions(store_of(api), account_id) == 0
    assert error_of(logged_in(api, kira)) == (403, "account_closed")
    # Its name stays taken: nobody becomes Kira after Kira left.
    again = api.post("/api/accounts", json={"name": kira.upper(), "password": "another password"})
    assert error_of(again) == (409, "name_taken")


def test_a_wrong_password_to_a_closed_account_tells_nothing_of_its_closing(api: TestClient) -> None:
    name = new_name("Lev")
    made(api, name)
    account_admin.close(store_of(api), name, "cheating")
    wrong = api.post("/api/session", json={"name": name, "password": "not the password"})
    assert error_of(wrong) == (401, "login_failed")


def test_the_operator_s_reason_is_told_to_the_owner_and_reopening_lets_them_in(api: TestClient) -> None:
    name = new_name("Mia")
    session = made(api, name)
    assert account_admin.close(store_of(api), name, "an engine's moves, game after game")
    assert not account_admin.close(store_of(api), name, "again")
    assert who(api, session) is None
    refused = logged_in(api, name).json()["error"]
    assert (refused["code"], refused["values"]) == (
        "account_closed_by_operator",
        {"reason": "an engine's moves, game after game"},
    )
    assert account_admin.reopen(store_of(api), name) and not account_admin.reopen(store_of(api), name)
    assert logged_in(api, name).status_code == 200


def test_a_session_ended_on_one_server_is_refused_on_another_at_once(database: str) -> None:
    apps = [new_app(database), new_app(database)]
    for app in apps:
        app.state.accounts = Accounts(app.state.hub.store, QUICK)
    with TestClient(apps[0]) as one, TestClient(apps[1]) as other:
        name = new_name("Nia")
        session = made(one, name)
        assert who(other, session)["name"] == name
        closed = one.post("/api/account/close", json={"password": "password " + name}, headers=session)
        assert closed.status_code == 200
        assert who(other, session) is None
        assert other.get("/api/account/games", headers=session).status_code == 401


def test_a_closed_account_s_waiting_games_and_challenges_are_called_off(api: TestClient) -> None:
    """Closed by the operator, who writes only the database: the server's sweep finds them."""
    api.app.state.max_waiting = 100  # type: ignore[attr-defined]  # the shared PostgreSQL's games wait too
    kira, boris, cleo, dana = (new_name(name) for name in ("Kira", "Boris", "Cleo", "Dana"))
    sessions = {name: made(api, name) for name in (kira, boris, cleo, dana)}
    own = api.post(
        "/api/games",
        json={
            "game": "kingdomino",
            "players": 2,
            "seats": [{"kind": "human", "name": kira}, {"kind": "open"}],
        },
        headers=sessions[kira],
    ).json()
    three = api.post(
        "/api/games",
        json={
            "game": "kingdomino",
            "players": 3,
            "seats": [{"kind": "human", "name": cleo}, {"kind": "open"}, {"kind": "open"}],
        },
        headers=sessions[cleo],
    ).json()
    joined = api.post(f"/api/games/{three['id']}/join", json={"name": kira}, headers=sessions[kira])
    assert joined.status_code == 200, joined.text
    to_dana = api.post(
        "/api/challenges",
        json={"name": dana, "game": "kingdomino", "players": 2, "time_control": DAYS},
        headers=sessions[kira],
    ).json()
    to_kira = api.post(
        "/api/challenges",
        json={"name": kira, "game": "kingdomino", "players": 2, "time_control": DAYS},
        headers=sessions[boris],
    ).json()
    account_admin.close(store_of(api), kira, "abuse")

    def settled(view: dict[str, Any]) -> bool:
        """The game no longer waits, or (the game of three Kira joined) waits with her seat open."""
        return view["status"] != "open" or [seat["kind"] for seat in view["seats"]] == [
            "human",
            "open",
            "open",
        ]

    def status(game: dict[str, Any]) -> dict[str, Any]:
        return wait_for(api, game["id"], game["seats"][0]["token"], settled)

    for game in (own, to_dana, to_kira):
        assert status(game)["status"] == "expired", game["id"]
    ended = status(to_kira)
    assert (ended["wait_ended"], ended["seats"][1]["declined"]) == ("declined", True)
    left = status(three)
    assert left["status"] == "open" and [seat["kind"] for seat in left["seats"]] == ["human", "open", "open"]
    assert api.get("/api/challenges", headers=sessions[boris]).json()["challenges"] == []
    # The test PostgreSQL's lobby lists other tests' games too: only this test's are looked at.
    ours = {game["id"] for game in (own, three, to_dana, to_kira)}
    listed = api.get("/api/open-games").json()["games"]
    assert [game["id"] for game in listed if game["id"] in ours] == [three["id"]]


def test_a_closed_account_leaves_the_leaderboard_its_opponent_s_rating_stays(api: TestClient) -> None:
    anna, ben = new_name("Anna"), new_name("Ben")
    sessions = [made(api, anna), made(api, ben)]
    game_id, tokens = rated_game(api, sessions)
    play_out(api, game_id, tokens)
    before = wait_for_player(api, ben, lambda page: page["ratings"])["ratings"]

    def board() -> list[str]:
        answer = api.get("/api/leaderboards/kingdomino-2", params={"limit": 100}).json()
        return [player["name"] for player in answer["players"] + answer["provisional"]]

    assert {anna, ben} <= set(board())
    closed = api.post("/api/account/close", json={"password": "password " + anna}, headers=sessions[0])
    assert closed.status_code == 200
    assert anna not in board() and ben in board()
    page = api.get(f"/api/players/{anna}").json()
    assert page["closed"] is True and [game["id"] for game in page["games"]] == [game_id]
    # Its games being played go on, and its page lists them as any player's.
    assert api.get("/api/live-games", params={"player": anna}).status_code == 200
    assert api.get(f"/api/players/{ben}").json()["ratings"] == before
    assert api.get(f"/api/players/{ben}").json()["closed"] is False
    challenge = {"name": anna, "game": "kingdomino", "players": 2, "time_control": DAYS}
    assert error_of(api.post("/api/challenges", json=challenge, headers=sessions[1])) == (404, "no_player")


def test_an_owner_downloads_their_account_s_data(api: TestClient) -> None:
    cleo, dan = new_name("Cleo"), new_name("Dan")
    sessions = [made(api, cleo), made(api, dan)]
    game_id, tokens = rated_game(api, sessions)
    play_out(api, game_id, tokens)
    wait_for_player(api, cleo, lambda page: page["ratings"])
    subscribed(store_of(api), cleo)  # after the game: no push is sent to its made-up address
    assert error_of(api.get("/api/account/export")) == (401, "session_ended")
    answer = api.get("/api/account/export", headers=sessions[0])
    assert answer.status_code == 200
    assert answer.headers["content-disposition"].startswith("attachment; filename=")
    data = answer.json()
    assert data["account"]["name"] == cleo and data["push_subscriptions"] == 1 and data["sessions"] == 1
    ((rating,), (change,), (game,)) = data["ratings"], data["rating_changes"], data["games"]
    assert rating["pool"] == "kingdomino-2" and rating["games"] == 1 and change["game_id"] == game_id
    assert (game["id"], game["status"], game["seat"], game["played_to_the_end"]) == (
        game_id,
        "finished",
        0,
        True,
    )
    assert game["seat_name"] == game["seats"][0]["name"] and game["place"] in (1, 2)
    assert game["record"] == f"/api/games/{game_id}/record" and game["replay"] == f"/game/{game_id}/replay"
    assert api.get(game["record"]).status_code == 200
    text = json.dumps(data)
    assert "argon2" not in text and not any(token in text for token in tokens)
